import Courier
import CourierTesting
import Foundation
import Testing

/// When `AuthenticationMiddleware` refreshes, what each attempt carries, and what the caller
/// gets, on a stub transport.
@Suite struct RefreshDecisionTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var tokens: AuthTokens?
        var options: Set<RequestOption> = []
        /// The server's statuses, in order; the last repeats.
        var statuses: [Int]
        var refreshes: Int
        /// The `Authorization` of each attempt.
        var authorizations: [String?]
        /// The status the caller ends with, as a response or a `.server` error.
        var outcome: Int
    }

    static let valid = AuthTokens(accessToken: "old", refreshToken: "r", expiresAt: Date().addingTimeInterval(3600))
    static let expired = AuthTokens(accessToken: "old", refreshToken: "r", expiresAt: Date().addingTimeInterval(-60))

    static let rows: [Row] = [
        Row(
            testDescription: "a 200 keeps the token", tokens: valid, statuses: [200], refreshes: 0,
            authorizations: ["Bearer old"], outcome: 200),
        Row(
            testDescription: "a 401 refreshes once and replays", tokens: valid, statuses: [401, 200], refreshes: 1,
            authorizations: ["Bearer old", "Bearer new"], outcome: 200),
        Row(
            testDescription: "a 401 after the refresh is the answer", tokens: valid, statuses: [401], refreshes: 1,
            authorizations: ["Bearer old", "Bearer new"], outcome: 401),
        Row(
            testDescription: "a 403 is not refreshed", tokens: valid, statuses: [403], refreshes: 0,
            authorizations: ["Bearer old"], outcome: 403),
        Row(
            testDescription: "skipsAuthentication sends no token and never refreshes", tokens: valid,
            options: [.skipsAuthentication], statuses: [401], refreshes: 0, authorizations: [nil], outcome: 401),
        Row(
            testDescription: "an expired token is refreshed before sending", tokens: expired, statuses: [200],
            refreshes: 1, authorizations: ["Bearer new"], outcome: 200),
        Row(
            testDescription: "signed out: sent without a token, not refreshed", tokens: nil, statuses: [401],
            refreshes: 0, authorizations: [nil], outcome: 401),
    ]

    /// Counts the refreshes.
    actor Refreshes {
        var count = 0
        func refresh(_ current: AuthTokens) -> AuthTokens {
            count += 1
            return AuthTokens(accessToken: "new", refreshToken: current.refreshToken)
        }
    }

    @Test(arguments: rows)
    func refresh(_ row: Row) async throws {
        let transport = StubTransport()
        let replies = row.statuses.map { StubTransport.Reply.status($0, json: ["status": $0]) }
        // The rows have one or two statuses; the stub repeats its last reply.
        transport.stub(.get, "/me", with: replies[0], replies.count > 1 ? replies[1] : replies[0])
        let refreshes = Refreshes()
        let authentication = AuthenticationMiddleware(store: InMemoryTokenStore(row.tokens)) { current in
            await refreshes.refresh(current)
        }
        let client = APIClient(baseURL: URL(string: "https://api.example")!) {
            $0.transport = transport
            $0.middlewares = [authentication]
        }
        var endpoint = Endpoint<Data>.get("/me")
        endpoint.options = row.options
        let outcome: Int
        do {
            outcome = try await client.response(for: endpoint).status
        } catch .server(let failure) {
            outcome = failure.status
        }
        #expect(outcome == row.outcome)
        #expect(await refreshes.count == row.refreshes)
        #expect(transport.requests.map { $0.headers["Authorization"] } == row.authorizations)
    }
}
