import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite struct AuthenticationTests {
    let server = TestServer.shared

    struct Stats: Decodable, Sendable, Equatable {
        var refreshes: Int
        var successes: Int
        var unauthorized: Int
    }

    struct Protected: Decodable, Sendable { var token: String }

    struct TokenResponse: Decodable, Sendable {
        var accessToken: String
        var refreshToken: String
        var expiresIn: Int
        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case refreshToken = "refresh_token"
            case expiresIn = "expires_in"
        }
    }

    /// A client whose refresh goes through the same client (so it must skip authentication).
    /// A client whose refreshes take `refreshDelay` seconds, or, with a `refreshGate`, until the
    /// test server is told to release it.
    func makeClient(
        namespace: String, refreshToken: String, expiresAt: Date? = nil, refreshDelay: Double = 0.2,
        refreshGate: String? = nil
    ) -> (APIClient, InMemoryTokenStore) {
        let store = InMemoryTokenStore(
            AuthTokens(accessToken: "stale", refreshToken: refreshToken, expiresAt: expiresAt))
        let box = ClientBox()
        let authentication = AuthenticationMiddleware(store: store) { tokens throws(ServiceError) in
            var refresh = Endpoint<TokenResponse>.post(
                "/auth/\(namespace)/refresh", body: .json(["refresh_token": tokens.refreshToken ?? ""])
            )
            .query("delay", refreshDelay)
            .option(.skipsAuthentication)
            if let refreshGate { refresh = refresh.query("gate", refreshGate) }
            let response = try await box.client!.send(refresh)
            return AuthTokens(
                accessToken: response.accessToken, refreshToken: response.refreshToken,
                expiresAt: Date().addingTimeInterval(TimeInterval(response.expiresIn)))
        }
        let client = server.client {
            $0.middlewares = [authentication]
            $0.coalescesRequests = false
        }
        box.client = client
        return (client, store)
    }

    func stats(_ namespace: String) async throws -> Stats {
        try await server.client().send(Endpoint<Stats>.get("/auth/\(namespace)/stats"))
    }

    @Test func fiftyRequestsWithAnExpiredTokenShareOneRefresh() async throws {
        let namespace = UUID().uuidString
        let (client, store) = makeClient(namespace: namespace, refreshToken: "good")
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<50 {
                group.addTask {
                    try await client.send(Endpoint<Protected>.get("/auth/\(namespace)/protected/\(index)")).token
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(tokens) == ["\(namespace)-token-1"])
        #expect(try await stats(namespace) == Stats(refreshes: 1, successes: 50, unauthorized: 50))
        #expect(await store.tokens()?.accessToken == "\(namespace)-token-1")
    }

    @Test func aFailedRefreshFailsEveryWaiterAndForgetsTheToken() async throws {
        let namespace = UUID().uuidString
        // The refresh is held until the server has refused every request, however loaded the
        // machine: each is then waiting for it when it fails.
        let gate = UUID().uuidString
        let (client, store) = makeClient(namespace: namespace, refreshToken: "bad", refreshGate: gate)
        let tasks = (0..<50).map { index in
            Task { () -> Result<Protected, ServiceError> in
                do throws(ServiceError) {
                    return .success(
                        try await client.send(Endpoint<Protected>.get("/auth/\(namespace)/protected/\(index)")))
                } catch {
                    return .failure(error)
                }
            }
        }
        try await waitUntil(
            "the server refused every request and holds the refresh",
            asking: {
                let refused = try await stats(namespace).unauthorized
                guard refused == 50 else { return false }
                return try await server.isHolding(gate)
            })
        try await server.release(gate)
        for task in tasks {
            let outcome = await task.value
            guard case .failure(.server(let failure)) = outcome else {
                Issue.record("Expected the refresh's error, got \(outcome)")
                continue
            }
            #expect(failure.status == 401 && failure.message == "The refresh token is invalid.")
        }
        let final = try await stats(namespace)
        #expect(final.refreshes == 1 && final.successes == 0 && final.unauthorized == 50)
        #expect(await store.tokens() == nil)
    }

    @Test func cancelledWaitersLeaveTheOthersUnaffected() async throws {
        let namespace = UUID().uuidString
        // The refresh is held until the cancellations have landed, however loaded the machine.
        let gate = UUID().uuidString
        let (client, _) = makeClient(namespace: namespace, refreshToken: "good", refreshGate: gate)
        var tasks: [Task<Protected, any Error>] = []
        for index in 0..<50 {
            tasks.append(
                Task { try await client.send(Endpoint<Protected>.get("/auth/\(namespace)/protected/\(index)")) })
        }
        // Cancel half the waiters while the server holds the refresh.
        try await waitUntil("the server holds the refresh", asking: { try await server.isHolding(gate) })
        for task in tasks[..<25] { task.cancel() }
        var cancelled = 0
        for task in tasks[..<25] {
            if case .failure(ServiceError.cancelled) = await task.result { cancelled += 1 }
        }
        // They returned while the refresh was still held: a cancelled waiter does not wait for it.
        #expect(try await server.isHolding(gate))
        try await server.release(gate)
        for task in tasks[25...] {
            #expect(try await task.value.token == "\(namespace)-token-1")
        }
        #expect(cancelled == 25)
        let final = try await stats(namespace)
        #expect(final.refreshes == 1)
        #expect(final.successes == 25)
    }

    @Test func aTokenKnownToBeExpiredIsRefreshedBeforeSending() async throws {
        let namespace = UUID().uuidString
        let (client, _) = makeClient(
            namespace: namespace, refreshToken: "good", expiresAt: Date().addingTimeInterval(-60))
        _ = try await client.send(Endpoint<Protected>.get("/auth/\(namespace)/protected"))
        #expect(try await stats(namespace) == Stats(refreshes: 1, successes: 1, unauthorized: 0))
    }

    @Test func aValidTokenIsSentWithoutRefreshing() async throws {
        let namespace = UUID().uuidString
        let (client, store) = makeClient(namespace: namespace, refreshToken: "good")
        await store.setTokens(AuthTokens(accessToken: "\(namespace)-seeded"))
        _ = try await server.client().send(
            Endpoint<EmptyResponse>.get("/auth/\(namespace)/seed").query("token", "\(namespace)-seeded"))
        #expect(
            try await client.send(Endpoint<Protected>.get("/auth/\(namespace)/protected")).token
                == "\(namespace)-seeded")
        #expect(try await stats(namespace).refreshes == 0)
    }

    @Test(arguments: [
        // No expiry: never expired.
        (nil as Double?, false),
        // Expires in an hour.
        (3600, false),
        // Expires within the 30 s leeway.
        (10, true),
        // Already expired.
        (-5, true),
    ])
    func expiry(secondsLeft: Double?, expired: Bool) {
        let now = Date()
        let tokens = AuthTokens(accessToken: "a", expiresAt: secondsLeft.map { now.addingTimeInterval($0) })
        #expect(tokens.isExpired(at: now) == expired)
    }
}

/// Lets the refresh closure reach the client it is part of.
final class ClientBox: @unchecked Sendable {
    // @unchecked: set once before any request is sent, then only read.
    var client: APIClient?
}
