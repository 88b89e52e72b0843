import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import FriendsAPI
import LoopbackServer
import Testing

/// The Friends app's networking, wired as an app wires it: three clients, the access token added
/// in one place and refreshed once.
struct FriendsStack {
    let server: PythonServer
    let tokens = InMemoryTokenStore()
    let auth: FriendsAuth
    let api: Friends
    let analytics: FriendsAnalytics

    init(apiURL: URL? = nil) throws {
        server = try PythonServer(script: "friends_server.py")
        let auth = FriendsAuth(baseURL: server.url("auth"))
        let authentication = AuthenticationMiddleware(store: tokens) { current throws(ServiceError) in
            let session = try await auth.refresh(body: RefreshRequest(refreshToken: current.refreshToken ?? ""))
            return AuthTokens(accessToken: session.accessToken, refreshToken: session.refreshToken)
        }
        self.auth = auth
        api = Friends(baseURL: apiURL ?? server.url("api", path: "/v1")) { $0.middlewares = [authentication] }
        analytics = FriendsAnalytics(baseURL: server.url("analytics"))
    }

    func logIn(_ email: String = "ada@example.com", password: String = "ada") async throws {
        let session = try await auth.login(body: CredentialsModel(email: email, password: password))
        await tokens.setTokens(AuthTokens(accessToken: session.accessToken, refreshToken: session.refreshToken))
    }

    struct Stats: Decodable, Sendable {
        var logins: Int
        var refreshes: Int
        var apiCalls: Int
        var unauthorized: Int
        var events: Int
        enum CodingKeys: String, CodingKey {
            case logins, refreshes, events, unauthorized
            case apiCalls = "api_calls"
        }
    }

    func stats() async throws -> Stats {
        try await auth.client.send(Endpoint<Stats>.get("/__stats"))
    }

    /// Releases the answers the API server holds for `gate` (its `gate` query item).
    func release(_ gate: String) async throws {
        _ = try await auth.client.send(Endpoint<Data>.get("/__release").query("id", gate))
    }
}

/// Shows one friends list at a time: a new load cancels the previous one.
@MainActor final class FriendsListModel {
    private(set) var friends: [User] = []
    private(set) var cancelledLoads = 0
    private var loading: Task<Void, Never>?
    private let api: Friends

    init(api: Friends) { self.api = api }

    func load(_ endpoint: Endpoint<[User]>) {
        loading?.cancel()
        loading = Task {
            do throws(ServiceError) {
                friends = try await api.client.send(endpoint)
            } catch .cancelled {
                cancelledLoads += 1
            } catch {
                Issue.record("Unexpected \(error)")
            }
        }
    }

    func finish() async { await loading?.value }
}

/// Collects what listeners heard.
actor Heard {
    var lines: [String] = []
    func add(_ line: String) { lines.append(line) }
}

@Suite struct FriendsScenarioTests {
    // MARK: Scenario 1

    @Test func friendsLoadWithTheTokenAddedInOnePlace() async throws {
        let stack = try FriendsStack()
        defer { stack.server.stop() }
        // Without a session the API refuses: the token is what makes the calls work.
        await #expect(throws: ServiceError.self) { try await stack.api.currentUser() }
        try await stack.logIn()
        let me = try await stack.api.currentUser()
        let friends: [User] = try await stack.api.friends(of: me)
        #expect(friends.compactMap(\.name) == ["Alan Turing", "Grace Hopper", "Edsger Dijkstra"])
        #expect(friends[0].createdAt == RFC3339.date(from: "2026-02-15T09:30:00.125Z"))
        let page = try await stack.api.friends(of: me, page: 2, perPage: 2)
        #expect(page.map(\.id) == [4])
    }

    @Test func theGeneratedItemSequenceWalksEveryPage() async throws {
        let stack = try FriendsStack()
        defer { stack.server.stop() }
        try await stack.logIn()
        let me = try await stack.api.currentUser()
        let before = try await stack.stats().apiCalls
        // One friend a page: three pages, then the empty one that ends the list.
        var names: [String] = []
        for try await friend in stack.api.friendsItems(of: me, perPage: 1) { names.append(friend.name ?? "") }
        #expect(names == ["Alan Turing", "Grace Hopper", "Edsger Dijkstra"])
        #expect(try await stack.stats().apiCalls - before == 4)
        // Lazily: leaving after the first item fetched only the first page.
        let started = try await stack.stats().apiCalls
        for try await _ in stack.api.friendsItems(of: me, perPage: 1) { break }
        #expect(try await stack.stats().apiCalls - started == 1)
    }

    @Test func serverErrorsSurfaceTheServersMessage() async throws {
        let stack = try FriendsStack()
        defer { stack.server.stop() }
        try await stack.logIn()
        do {
            _ = try await stack.api.user(id: 99)
            Issue.record("Expected a server error")
        } catch {
            #expect(error.errorDescription == "There is no user 99.")
            guard case .server(let failure) = error else { return }
            #expect(failure.status == 404 && failure.body(as: APIError.self)?.code == "user_not_found")
        }
        do {
            _ = try await stack.auth.login(body: CredentialsModel(email: "ada@example.com", password: "nope"))
            Issue.record("Expected a server error")
        } catch {
            #expect(error.errorDescription == "The email or password is incorrect.")
            #expect(error.serverMessage == "The email or password is incorrect.")
        }
    }

    @Test func withNoConnectionTheErrorIsNoInternet() async throws {
        let api = Friends(baseURL: URL(string: "http://127.0.0.1:9/v1")!)
        do {
            _ = try await api.currentUser()
            Issue.record("Expected no connection")
        } catch .notConnected {
            // The no-internet case.
        } catch {
            Issue.record("Expected .notConnected, got \(error)")
        }
    }

    @Test @MainActor func aNewLoadCancelsThePreviousOne() async throws {
        let stack = try FriendsStack()
        defer { stack.server.stop() }
        try await stack.logIn()
        let ada = try await stack.api.user(id: 1)
        let grace = try await stack.api.user(id: 3)
        let model = FriendsListModel(api: stack.api)
        // The server holds the first load's answer (at most 30 s): the second cancels it first.
        model.load(Friends.Endpoints.friends(of: ada).query("gate", UUID().uuidString))
        let client = stack.api.client
        try await waitUntil("the first load is under way") { !client.inFlightRequests.isEmpty }
        model.load(Friends.Endpoints.friends(of: grace))
        await model.finish()
        // The first load ends on its own task, as soon as its cancellation lands.
        try await waitUntil("the first load was cancelled", asking: { await model.cancelledLoads == 1 })
        #expect(model.friends.compactMap(\.name) == ["Ada Lovelace", "Barbara Liskov"])
        #expect(model.cancelledLoads == 1)
    }

    // MARK: Scenario 2

    func subscribeListeners(to stack: FriendsStack, heard: Heard) -> [Task<Void, Never>] {
        let api = stack.api
        let analytics = stack.analytics
        let tokens = stack.tokens
        return [
            stack.auth.client.requestEvents.subscribe(operationID: "login") { event in
                switch event {
                case .succeeded: await heard.add("push token registered")
                case .failed(_, let error): await heard.add("push: \(error.serverMessage ?? "?")")
                case .started: break
                }
            },
            stack.auth.client.requestEvents.subscribe(operationID: "login") { event in
                switch event {
                case .succeeded:
                    _ = try? await analytics.track(
                        body: TrackRequest(events: [.tap(Tap(type: "tap", target: "login"))]))
                    await heard.add("analytics event sent")
                case .failed: await heard.add("analytics: login failed")
                case .started: break
                }
            },
            stack.auth.client.requestEvents.subscribe(operationID: "login") { event in
                switch event {
                case .succeeded(_, let value, _):
                    guard let session = value as? Session else { return }
                    await tokens.setTokens(
                        AuthTokens(accessToken: session.accessToken, refreshToken: session.refreshToken))
                    let profile = try? await api.currentUser()
                    await heard.add("profile fetched: \(profile?.name ?? "none")")
                case .failed: await heard.add("profile: login failed")
                case .started: break
                }
            },
        ]
    }

    func waitFor(_ heard: Heard, count: Int) async throws {
        let giveUp = ContinuousClock.now + .seconds(30)
        while await heard.lines.count < count {
            guard ContinuousClock.now < giveUp else { throw StateNeverReached(description: "Heard \(count) lines.") }
            await Task.yield()
        }
    }

    @Test func loggingInNotifiesEachListenerOnce() async throws {
        let stack = try FriendsStack()
        defer { stack.server.stop() }
        let heard = Heard()
        let subscriptions = subscribeListeners(to: stack, heard: heard)
        defer { subscriptions.forEach { $0.cancel() } }
        _ = try await stack.auth.login(body: CredentialsModel(email: "ada@example.com", password: "ada"))
        try await waitFor(heard, count: 3)
        #expect(
            await heard.lines.sorted() == [
                "analytics event sent", "profile fetched: Ada Lovelace", "push token registered",
            ])
        #expect(try await stack.stats().events == 1)
    }

    @Test func aFailedLoginNotifiesTheListenersOfTheError() async throws {
        let stack = try FriendsStack()
        defer { stack.server.stop() }
        let heard = Heard()
        let subscriptions = subscribeListeners(to: stack, heard: heard)
        defer { subscriptions.forEach { $0.cancel() } }
        await #expect(throws: ServiceError.self) {
            try await stack.auth.login(body: CredentialsModel(email: "ada@example.com", password: "wrong"))
        }
        try await waitFor(heard, count: 3)
        #expect(
            await heard.lines.sorted() == [
                "analytics: login failed", "profile: login failed", "push: The email or password is incorrect.",
            ])
    }

    @Test func unitTestsReplaceTheHTTPLayerWithTheStubTransport() async throws {
        let transport = StubTransport()
        transport.stub(
            .post, "/auth/login",
            with: .json(["access_token": "a1", "refresh_token": "r1", "expires_in": 60] as [String: JSONValue]))
        let auth = FriendsAuth(
            client: APIClient(configuration: .init(baseURL: URL(string: "https://auth.test")!, transport: transport)))
        let heard = Heard()
        let subscriptions = [
            auth.client.requestEvents.subscribe(operationID: "login") { event in
                if let session = event.value(as: Session.self) { await heard.add("push: \(session.accessToken)") }
            },
            auth.client.requestEvents.subscribe(operationID: "login") { event in
                if case .succeeded = event { await heard.add("analytics") }
            },
        ]
        defer { subscriptions.forEach { $0.cancel() } }
        let session = try await auth.login(body: CredentialsModel(email: "a@b.c", password: "p"))
        // The description's default ("Bearer") is the server's: a key the stub leaves out stays nil.
        #expect(session.tokenType == nil)
        try await waitFor(heard, count: 2)
        #expect(await heard.lines.sorted() == ["analytics", "push: a1"])
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .post && sent.url.path == "/auth/login")
        let body = String(decoding: sent.body?.bufferedData ?? Data(), as: UTF8.self)
        #expect(body.contains(#""email":"a@b.c""#))
    }

    // MARK: Scenario 3

    @Test func inFlightRequestsAreListedCoalescedAndCancellable() async throws {
        let stack = try FriendsStack()
        defer { stack.server.stop() }
        try await stack.logIn()
        let me = try await stack.api.currentUser()
        let client = stack.api.client
        let callsBefore = try await stack.stats().apiCalls

        // Ten identical loads share one network call, which the server holds until they have
        // all joined it, however loaded the machine; the other call is held until cancelled.
        let friendsGate = UUID().uuidString
        let slowFriends = Friends.Endpoints.friends(of: me).query("gate", friendsGate)
        let identical = (0..<10).map { _ in Task { try await client.send(slowFriends) } }
        let other = Task {
            try await client.send(Endpoint<User>.get("/slow").query("gate", UUID().uuidString))
        }
        try await waitUntil("the ten loads share one call beside the other") {
            let listed = client.inFlightRequests
            return listed.count == 2 && listed.contains { $0.waiters == 10 }
        }
        let listed = client.inFlightRequests
        #expect(listed.count == 2)
        let friendsEntry = try #require(listed.first { $0.operationID == "listFriends" })
        #expect(
            friendsEntry.waiters == 10 && friendsEntry.method == .get && friendsEntry.url.path == "/v1/users/1/friends")

        // Both reached the server (a call is listed as soon as it starts, before it is sent).
        let giveUp = ContinuousClock.now + .seconds(30)
        while try await stack.stats().apiCalls - callsBefore < 2 {
            guard ContinuousClock.now < giveUp else { throw StateNeverReached(description: "Both calls sent.") }
            await Task.yield()
        }

        // One found by id and cancelled.
        let slowEntry = try #require(listed.first { $0.url.path == "/v1/slow" })
        #expect(client.cancelRequest(id: slowEntry.id))
        guard case .failure(ServiceError.cancelled) = await other.result else {
            Issue.record("Expected .cancelled")
            return
        }
        try await stack.release(friendsGate)
        for task in identical { #expect(try await task.value.count == 3) }
        #expect(try await stack.stats().apiCalls - callsBefore == 2)
    }

    @Test func theFullResponseIsAvailable() async throws {
        let stack = try FriendsStack()
        defer { stack.server.stop() }
        try await stack.logIn()
        let me = try await stack.api.currentUser()
        let response = try await stack.api.client.response(for: Friends.Endpoints.friends(of: me, perPage: 2))
        #expect(response.status == 200)
        #expect(response.headers["X-Next-Page"] == "2")
        #expect(response.headers["Content-Type"] == "application/json")
        let raw = try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]]
        #expect(raw?.count == 2 && response.value.count == 2)
        #expect(response.request.headers["Authorization"] == nil)  // added later, by the middleware
        #expect(response.url?.path == "/v1/users/1/friends")
    }

    @Test func aSuccessfulErrorIsThrownAsAServerError() async throws {
        let stack = try FriendsStack()
        defer { stack.server.stop() }
        try await stack.logIn()
        let posted = try await stack.api.postStatus(body: PostStatusRequest(text: "Hello"))
        #expect(posted.text == "Hello")
        do {
            _ = try await stack.api.postStatus(body: PostStatusRequest(text: String(repeating: "x", count: 141)))
            Issue.record("Expected a server error")
        } catch .server(let failure) {
            #expect(failure.status == 200 && failure.isSuccessfulError)
            #expect(failure.message == "A status can be at most 140 characters.")
            #expect(failure.body(as: ErrorEnvelopeModel.self)?.error.code == "too_long")
        }
    }

    @Test func anExpiredTokenIsRefreshedOnceForConcurrentCalls() async throws {
        let stack = try FriendsStack()
        defer { stack.server.stop() }
        try await stack.logIn()
        let me = try await stack.api.currentUser()
        let expire = URL(string: "/__expire", relativeTo: stack.server.url("api"))!.absoluteURL
        _ = try await stack.api.client.send(
            Endpoint<EmptyResponse>(method: .post, path: .absolute(expire)).option(.skipsAuthentication))
        let api = stack.api
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { try await api.friends(of: me).count } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 3, count: 20))
        #expect(try await stack.stats().refreshes == 1)
    }
}
