import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// Runs the README's samples (in `ReadmeSamples.swift`) and checks what they do.
@Suite struct ReadmeExamplesTests {
    let server = TestServer.shared

    @Test func endpointsDescribeCalls() throws {
        let user = User(id: 7, name: "Ada", email: nil, createdAt: Date())
        let (friends, add) = readmeEndpoints(user: user, traceID: "t-1")
        let request = try APIClient(baseURL: URL(string: "https://api.example.com/v1")!).makeRequest(for: friends)
        #expect(
            request.url.absoluteString == "https://api.example.com/v1/users/7/friends?page=2&sort=name&sort=createdAt")
        #expect(request.headers["X-Trace-ID"] == "t-1")
        #expect(add.method == .post)
    }

    @Test func paginationWalksEveryPage() async throws {
        let transport = StubTransport()
        transport.stub(
            .get, "/v1/customers",
            with: .handler { request in
                let second = request.url.query?.contains("starting_after=cus_2") == true
                let page: [String: JSONValue] =
                    second
                    ? ["data": [["id": "cus_3", "email": "c@example.com"]], "hasMore": false]
                    : ["data": [["id": "cus_1", "email": "a@example.com"], ["id": "cus_2"]], "hasMore": true]
                return TransportResponse(
                    status: 200, headers: ["Content-Type": "application/json"], body: try JSONEncoder().encode(page))
            })
        let client = APIClient(
            configuration: .init(baseURL: URL(string: "https://api.example.com")!, transport: transport))
        #expect(try await readmePagination(client: client) == ["a@example.com", "", "c@example.com"])
        #expect(transport.requests.count == 2)
    }

    @Test func timeoutsApplyPerAttemptAndPerCall() throws {
        let (client, search) = readmeTimeouts(baseURL: server.baseURL)
        #expect(client.configuration.timeout == .seconds(15) && client.configuration.totalTimeout == .seconds(60))
        #expect(try client.makeRequest(for: search).timeout == .milliseconds(800))
    }

    @Test func errorsAreCaughtByCase() async {
        #expect(await readmeErrors(baseURL: server.baseURL) == ["No route for /users/404"])
        #expect(await readmeErrors(baseURL: URL(string: "http://127.0.0.1:9")!) == ["You are offline."])
    }

    @Test @MainActor func reloadingCancelsThePreviousLoad() async throws {
        let transport = StubTransport()
        transport.stub(
            .get, "/users/*",
            with: .handler { request in
                // The first load is slow; the second answers at once.
                if request.url.path == "/users/1/friends" { try await Task.sleep(for: .seconds(10)) }
                return TransportResponse(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(#"[{"id":2,"name":"B","createdAt":"2026-11-21T12:15:00Z"}]"#.utf8))
            })
        let model = FriendsViewModel(
            client: APIClient(configuration: .init(baseURL: URL(string: "https://h.example")!, transport: transport)))
        model.reload(userID: 1)
        let first = try #require(model.loading)
        await Task.yield()
        model.reload(userID: 2)
        await first.value  // ends at once: cancelled, not after its 10 s
        await model.loading?.value
        #expect(model.friends.map(\.id) == [2])
        #expect(model.message == nil)
    }

    @Test func sharedParametersReadTheCurrentToken() async throws {
        let session = Session()
        await session.update("abc")
        let client = readmeSharedParameters(session: session)
        let local = APIClient(baseURL: server.baseURL) { $0.middlewares = client.configuration.middlewares }
        #expect(try await local.send(Endpoint<Echo>.get("/echo")).headers["authorization"] == "Bearer abc")
        await session.update("def")
        #expect(try await local.send(Endpoint<Echo>.get("/echo")).headers["authorization"] == "Bearer def")
    }

    @Test func fullResponseAndSuccessfulErrors() async throws {
        let printed = try await readmeFullResponse(client: server.client())
        #expect(printed.count == 1 && printed[0].hasPrefix("200 application/json "))
        await #expect {
            try await readmeSuccessfulErrors(baseURL: server.baseURL).send(Endpoint<User>.get("/successful-error"))
        } throws: { error in
            guard case .server(let failure) = error as? ServiceError else { return false }
            return failure.isSuccessfulError && failure.message == "Quota exceeded"
        }
        #expect(try await readmeStubTransport() == ["/v1/users/1/friends"])
    }

    @Test func aRecordedSessionReplays() async throws {
        let fixtures = FileManager.default.temporaryDirectory.appending(path: "courier-fixtures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: fixtures) }
        let live = StubTransport()
        live.stub(.get, "/v1/users/1/friends", with: .json([["id": 2]]))
        let recorder = try HTTPArchiveTransport(
            file: fixtures.appending(path: "friends.har"), mode: .record(through: live))
        let recording = APIClient(baseURL: URL(string: "https://api.example.com/v1")!) { $0.transport = recorder }
        _ = try await recording.send(Endpoint<[[String: Int]]>.get("/users/1/friends"))
        #expect(try await readmeHTTPArchive(fixtures: fixtures) == [["id": 2]])
    }

    @Test func retriesAndTokenRefresh() async throws {
        let url = URL(string: "https://api.example.com")!
        let (client, charge) = readmeRetries(apiURL: url, order: Order(amount: 1))
        #expect(client.configuration.middlewares.first is RetryMiddleware)
        #expect(charge.options.contains(.retryable))
        let api = readmeTokenRefresh(apiURL: url, authClient: APIClient(baseURL: url), access: "a", refresh: "r")
        #expect(api.configuration.middlewares.first is AuthenticationMiddleware)
    }

    @Test func listenersHearEveryCall() async throws {
        let client = server.client()
        let registered = Printed()
        let listening = Task {
            await readmeListeners(client: client) { session in registered.append([session.token]) }
        }
        // Wait until the sample's stream is subscribed, then make a call it should hear.
        try await waitUntil("the sample listens") { client.requestEvents.isObserved }
        // `/basic-auth` answers {"token": "basic"} to these credentials: a LoginSession.
        var login = Endpoint<LoginSession>.get("/basic-auth").header("Authorization", "Basic YWRhOnNlY3JldA==")
        login.operationID = "login"
        _ = try await client.send(login)
        try await waitUntil("the listener heard the login") { !registered.lines.isEmpty }
        listening.cancel()
        let printed = await listening.value
        #expect(registered.lines == ["basic"])
        #expect(printed.contains { $0.hasSuffix("/basic-auth nil") })
    }

    @Test func inFlightAndLogging() async throws {
        let client = server.client()
        // The server holds the answer (at most 30 s): the README's code cancels the call first.
        let slow = Task { try await client.send(Endpoint<Data>.get("/slow").query("gate", UUID().uuidString)) }
        try await waitUntil("the call is listed") { !client.inFlightRequests.isEmpty }
        let printed = readmeInFlight(client: client, someID: 0)
        #expect(printed.count == 1 && printed[0].contains(" GET http://127.0.0.1:"))
        await #expect(throws: ServiceError.self) { try await slow.value }
        #expect(client.inFlightRequests.isEmpty)

        let curl = try readmeLogging(
            apiURL: URL(string: "https://api.example.com")!,
            endpoint: Endpoint<User>.get("/user").query("api_key", "k"))
        #expect(curl.count == 1 && curl[0].hasPrefix("curl -H 'Accept: application/json' -H 'User-Agent: Courier/"))
        #expect(curl[0].hasSuffix(" 'https://api.example.com/user?api_key=k'"))
    }
}
