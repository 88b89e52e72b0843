import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

// Every code sample in README.md, compiled and run here so the README cannot drift.

// README: "At a glance"
func readmeAtAGlance(user: User) async throws(ServiceError) -> [User] {
    let client = APIClient(baseURL: URL(string: "https://api.example.com/v1")!)
    let friends = try await client.send(Endpoint<[User]>.get("/users/\(user.id)/friends"))
    return friends
}

// README: "Describe calls as values"
func readmeEndpoints(user: User, traceID: String) -> (Endpoint<[User]>, Endpoint<EmptyResponse>) {
    let friends = Endpoint<[User]>.get("/users/\(user.id)/friends")
        .query("page", 2)
        .query("sort", ["name", "createdAt"])
        .header("X-Trace-ID", traceID)
    let addFriend = Endpoint<EmptyResponse>.post("/users/\(user.id)/friends", body: .json(["id": 42]))
    return (friends, addFriend)
}

// README: "Errors you can catch by case"
struct APIErrorBody: ServerErrorBody {
    var message: String?
    var code: String
}

func readmeErrors(baseURL: URL) async -> String {
    let client = APIClient(baseURL: baseURL) { $0.errorBodyType = APIErrorBody.self }
    do {
        _ = try await client.send(Endpoint<User>.get("/users/404"))
        return "found"
    } catch .server(let failure) where failure.status == 404 {
        return failure.message ?? "Not found"  // the server's own words
    } catch .notConnected {
        return "You are offline."
    } catch .cancelled {
        return "Cancelled."
    } catch {
        return error.localizedDescription
    }
}

// README: "Cancel the previous load"
@MainActor final class FriendsViewModel {
    private let client: APIClient
    private var loading: Task<Void, Never>?
    private(set) var friends: [User] = []
    private(set) var message: String?

    init(client: APIClient) { self.client = client }

    func reload(userID: Int) {
        loading?.cancel()  // cancels the HTTP request of the previous load
        loading = Task {
            do throws(ServiceError) {
                friends = try await client.send(Endpoint<[User]>.get("/users/\(userID)/friends"))
            } catch .cancelled {
                // A newer load replaced this one.
            } catch {
                message = error.errorDescription
            }
        }
    }

    func waitForLoad() async { await loading?.value }
}

// README: "Shared parameters, once per server"
actor Session {
    var accessToken: String?
    func update(_ token: String?) { accessToken = token }
}

func readmeSharedParameters(session: Session) -> APIClient {
    APIClient(baseURL: URL(string: "https://api.example.com/v1")!) {
        $0.middlewares = [
            RequestParametersMiddleware { parameters in
                if let token = await session.accessToken {
                    parameters.headers["Authorization"] = "Bearer \(token)"
                }
            }
        ]
    }
}

// README: "Full response"
func readmeFullResponse(client: APIClient) async throws(ServiceError) -> String {
    let response = try await client.response(for: Endpoint<User>.get("/user"))
    return
        "\(response.status) \(response.headers["Content-Type"] ?? "") \(response.body.count) bytes in \(response.timing.duration): \(response.value.name)"
}

// README: "Successful errors"
func readmeSuccessfulErrors(baseURL: URL) -> APIClient {
    APIClient(baseURL: baseURL) {
        // A 200 whose body is {"error": {...}} throws .server instead of decoding.
        $0.successfulErrorBodyType = ErrorEnvelope<CommonErrorBody>.self
    }
}

// README: "Testing your code"
func readmeStubTransport() async throws -> [String] {
    let transport = StubTransport()
    transport.stub(.get, "/v1/users/1/friends", with: .json([["id": 2]]))
    transport.stub(.get, "/v1/offline", with: .failure(URLError(.notConnectedToInternet)))
    let client = APIClient(
        configuration: .init(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport))
    _ = try await client.send(Endpoint<[[String: Int]]>.get("/users/1/friends"))
    return transport.requests.map(\.url.path)
}

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

    @Test func errorsAreCaughtByCase() async {
        #expect(await readmeErrors(baseURL: server.baseURL) == "No route for /users/404")
        #expect(await readmeErrors(baseURL: URL(string: "http://127.0.0.1:9")!) == "You are offline.")
    }

    @Test @MainActor func reloadingCancelsThePreviousLoad() async {
        let transport = StubTransport()
        transport.stub(
            .get, "/users/*",
            with: .handler { request in
                // The first load is slow; the second answers at once.
                if request.url.path == "/users/1/friends" { try await Task.sleep(for: .seconds(10)) }
                return HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(#"[{"id":2,"name":"B","createdAt":"2026-11-21T12:15:00Z"}]"#.utf8))
            })
        let model = FriendsViewModel(
            client: APIClient(configuration: .init(baseURL: URL(string: "https://h.example")!, transport: transport)))
        model.reload(userID: 1)
        await Task.yield()
        model.reload(userID: 2)
        await model.waitForLoad()
        #expect(model.friends.map(\.id) == [2])
        #expect(model.message == nil)
    }

    @Test func sharedParametersReadTheCurrentToken() async throws {
        let session = Session()
        await session.update("abc")
        let client = readmeSharedParameters(session: session)
        #expect(client.configuration.middlewares.count == 1)
        let local = APIClient(baseURL: server.baseURL) { $0.middlewares = client.configuration.middlewares }
        #expect(try await local.send(Endpoint<Echo>.get("/echo")).headers["authorization"] == "Bearer abc")
    }

    @Test func fullResponseAndSuccessfulErrors() async throws {
        #expect(try await readmeFullResponse(client: server.client()).hasPrefix("200 application/json"))
        await #expect(throws: ServiceError.self) {
            try await readmeSuccessfulErrors(baseURL: server.baseURL).send(Endpoint<User>.get("/successful-error"))
        }
        #expect(try await readmeStubTransport() == ["/v1/users/1/friends"])
    }
}

// README: "Retries", "Token refresh", "Listeners", "In-flight requests", "Logging and cURL"
struct Receipt: Decodable, Sendable { var id: String }
struct Order: Encodable, Sendable { var amount: Int }
struct TokenResponse: Decodable, Sendable {
    var accessToken: String
    var refreshToken: String?
}

func readmeResilience(apiURL: URL, authClient: APIClient, order: Order, access: String, refresh: String)
    -> (APIClient, APIClient, Endpoint<Receipt>)
{
    let client = APIClient(baseURL: apiURL) {
        $0.middlewares = [RetryMiddleware(policy: RetryPolicy(maximumAttempts: 4))]
    }
    var charge = Endpoint<Receipt>.post("/charges", body: .json(order))
    charge.options.insert(.retryable)  // POST is retried only when the endpoint opts in

    let tokens = InMemoryTokenStore(AuthTokens(accessToken: access, refreshToken: refresh))
    let authentication = AuthenticationMiddleware(store: tokens) { current in
        let renewed = try await authClient.send(
            Endpoint<TokenResponse>.post("/oauth/token", body: .json(["refresh_token": current.refreshToken ?? ""]))
                .option(.skipsAuthentication))
        return AuthTokens(accessToken: renewed.accessToken, refreshToken: renewed.refreshToken)
    }
    let api = APIClient(baseURL: apiURL) { $0.middlewares = [authentication] }
    return (client, api, charge)
}

func readmeObservation(client: APIClient, endpoint: Endpoint<User>, someID: UInt64) async throws -> String {
    let subscription = client.events.subscribe(operationID: "login") { event in
        if let session = event.value(as: User.self) { _ = session }
    }
    defer { subscription.cancel() }
    var lines: [String] = []
    for request in client.inFlightRequests {
        lines.append("\(request.id) \(request.method) \(request.url) \(request.startedAt)")
    }
    client.cancelRequest(id: someID)
    client.cancelAllRequests()
    let logging = LoggingMiddleware(level: .headers, redaction: Redaction(queryItems: ["api_key"]))
    _ = logging
    lines.append(try client.makeRequest(for: endpoint).curlCommand())
    return lines.joined(separator: "\n")
}

@Suite struct ReadmeResilienceExamplesTests {
    @Test func resilienceSamplesCompileAndRun() async throws {
        let url = URL(string: "https://api.example.com")!
        let (client, api, charge) = readmeResilience(
            apiURL: url, authClient: APIClient(baseURL: url), order: Order(amount: 1), access: "a", refresh: "r")
        #expect(client.configuration.middlewares.count == 1 && api.configuration.middlewares.count == 1)
        #expect(charge.options.contains(.retryable))
        let text = try await readmeObservation(
            client: client, endpoint: Endpoint<User>.get("/user").query("api_key", "k"), someID: 1)
        #expect(text.hasPrefix("curl -H 'Accept: application/json' -H 'User-Agent: Courier/"))
        #expect(text.hasSuffix(" 'https://api.example.com/user?api_key=k'"))
    }
}
