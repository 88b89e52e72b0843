import Courier
import CourierTesting
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Every Swift sample in README.md appears in this file (or in another file `DocumentationSamplesTests`
// names) verbatim, inside a function that gives it its free variables, so each one is compiled;
// `ReadmeExamplesTests` runs them. `DocumentationSamplesTests` fails when a README sample is not found.
// A local `print` records what a sample prints, so a test can check it.

/// Collects what a sample prints.
final class Printed: @unchecked Sendable {
    // @unchecked: `lines` is touched only under `lock`.
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    func append(_ items: [Any]) {
        let line = items.map { "\($0)" }.joined(separator: " ")
        lock.withLock { stored.append(line) }
    }
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

// README: "Timeouts"
func readmeTimeouts(baseURL: URL) -> (APIClient, Endpoint<Data>) {
    let client = APIClient(baseURL: baseURL) {
        $0.timeout = .seconds(15)  // each attempt: one exchange with the server
        $0.totalTimeout = .seconds(60)  // the whole call: retries, waits and token refresh included
    }
    let search = Endpoint<Data>.get("/search").timeout(.milliseconds(800))
    return (client, search)
}

// README: "Errors you can catch by case"
func readmeErrors(baseURL: URL) async -> [String] {
    let printed = Printed()
    func print(_ items: Any...) { printed.append(items) }

    struct APIErrorBody: ServerErrorBody {
        var message: String?
        var code: String
    }

    let client = APIClient(baseURL: baseURL) { $0.errorBodyType = APIErrorBody.self }
    do {
        _ = try await client.send(Endpoint<User>.get("/users/404"))
    } catch .server(let failure) where failure.status == 404 {
        print(failure.message ?? "Not found")  // the server's own words
    } catch .notConnected {
        print("You are offline.")
    } catch {
        print(error.localizedDescription)
    }
    return printed.lines
}

// README: "Successful errors"
func readmeSuccessfulErrors(baseURL: URL) -> APIClient {
    let client = APIClient(baseURL: baseURL) {
        $0.successfulErrorBodyType = ErrorEnvelope<CommonErrorBody>.self
    }
    return client
}

// README: "Cancel the previous load"
@MainActor final class FriendsViewModel {
    private let client: APIClient
    private(set) var loading: Task<Void, Never>?
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
}

// README: "Shared parameters, once per server"
actor Session {
    var accessToken: String?
    func update(_ token: String?) { accessToken = token }
}

func readmeSharedParameters(session: Session) -> APIClient {
    let client = APIClient(baseURL: URL(string: "https://api.example.com/v1")!) {
        $0.middlewares = [
            RequestParametersMiddleware { parameters in
                if let token = await session.accessToken {
                    parameters.headers["Authorization"] = "Bearer \(token)"
                }
            }
        ]
    }
    return client
}

// README: "The full response"
func readmeFullResponse(client: APIClient) async throws(ServiceError) -> [String] {
    let printed = Printed()
    func print(_ items: Any...) { printed.append(items) }

    let response = try await client.response(for: Endpoint<User>.get("/user"))
    print(response.status, response.headers["Content-Type"] ?? "", response.body.count, response.duration)
    return printed.lines
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

// README: "Testing your code", record and replay (`fixtures` holds a recorded friends.har)
func readmeHTTPArchive(fixtures: URL) async throws -> [[String: Int]] {
    let archive = try HTTPArchiveTransport(
        file: fixtures.appending(path: "friends.har"),
        mode: .recordingWhen("COURIER_RECORD", through: URLSessionTransport()))
    let client = APIClient(baseURL: URL(string: "https://api.example.com/v1")!) { $0.transport = archive }
    return try await client.send(Endpoint<[[String: Int]]>.get("/users/1/friends"))
}

// README: "Retries"
struct Receipt: Decodable, Sendable { var id: String }
struct Order: Encodable, Sendable { var amount: Int }

func readmeRetries(apiURL: URL, order: Order) -> (APIClient, Endpoint<Receipt>) {
    let client = APIClient(baseURL: apiURL) {
        $0.middlewares = [RetryMiddleware(maximumAttempts: 4)]
    }
    var charge = Endpoint<Receipt>.post("/charges", body: .json(order))
    charge.options.insert(.retryable)  // POST is retried only when the endpoint opts in
    return (client, charge)
}

// README: "Token refresh, once for everyone"
struct TokenResponse: Decodable, Sendable {
    var accessToken: String
    var refreshToken: String?
}

func readmeTokenRefresh(apiURL: URL, authClient: APIClient, access: String, refresh: String) -> APIClient {
    let tokens = InMemoryTokenStore(AuthTokens(accessToken: access, refreshToken: refresh))
    let authentication = AuthenticationMiddleware(store: tokens) { current in
        let renewed = try await authClient.send(
            Endpoint<TokenResponse>.post("/oauth/token", body: .json(["refresh_token": current.refreshToken ?? ""]))
                .option(.skipsAuthentication))
        return AuthTokens(accessToken: renewed.accessToken, refreshToken: renewed.refreshToken)
    }
    let api = APIClient(baseURL: apiURL) { $0.middlewares = [authentication] }
    return api
}

// README: "Listeners"
struct LoginSession: Decodable, Sendable { var token: String }

/// Runs until its task is cancelled, printing every event of `client`.
func readmeListeners(client: APIClient, registerPushToken: @escaping @Sendable (LoginSession) async -> Void) async
    -> [String]
{
    let printed = Printed()
    func print(_ items: Any...) { printed.append(items) }

    let listener = client.requestEvents.subscribe(operationID: "login") { event in
        if let session = event.value(as: LoginSession.self) { await registerPushToken(session) }
    }
    for await event in client.requestEvents.stream() { print(event.info.url, event.error as Any) }
    listener.cancel()
    return printed.lines
}

// README: "In-flight requests and coalescing"
func readmeInFlight(client: APIClient, someID: UInt64) -> [String] {
    let printed = Printed()
    func print(_ items: Any...) { printed.append(items) }

    for request in client.inFlightRequests { print(request.id, request.method, request.url, request.startedAt) }
    client.cancelRequest(id: someID)
    client.cancelAllRequests()
    return printed.lines
}

// README: "Logging and cURL"
func readmeLogging(apiURL: URL, endpoint: Endpoint<User>) throws(ServiceError) -> [String] {
    let printed = Printed()
    func print(_ items: Any...) { printed.append(items) }

    let client = APIClient(baseURL: apiURL) {
        $0.middlewares = [LoggingMiddleware(level: .headers, redaction: Redaction(queryItems: ["api_key"]))]
    }
    print(try client.makeRequest(for: endpoint).curlCommand())
    return printed.lines
}

// README: "Streaming, uploads and downloads"
struct ChatChunk: Decodable, Sendable { var text: String }
struct ChatRequest: Encodable, Sendable { var prompt: String }
struct UploadReceipt: Decodable, Sendable { var sha256: String }

func readmeStreamExport(client: APIClient, file: FileHandle) async throws {
    let export = try await client.stream(Endpoint<EmptyResponse>.get("/export"))
    for try await chunk in export.body {
        try file.write(contentsOf: chunk)
    }
}

func readmeChatEvents(client: APIClient, request: ChatRequest) async throws {
    let chunks = try await client.events(
        Endpoint<ChatChunk>.post("/chat/completions", body: .json(request)),
        format: .serverSentEvents(terminator: "[DONE]"))
    for try await chunk in chunks {
        print(chunk.text, terminator: "")
    }
}

func readmeUploadAndDownload(client: APIClient, movieURL: URL, destination: URL) async throws -> UploadReceipt {
    let video = Endpoint<UploadReceipt>.put("/videos/42", body: .file(movieURL))
    let receipt = try await client.send(video) { progress in
        print("\(Int((progress.fractionCompleted ?? 0) * 100))%")
    }
    try await client.download(Endpoint<EmptyResponse>.get("/backups/latest"), to: destination) { progress in
        print(progress.completedBytes, "of", progress.totalBytes ?? -1)
    }
    return receipt
}

func readmeMultipart(client: APIClient) async throws -> UploadReceipt {
    var form = MultipartForm()
    form.append("purpose", "fine-tune")
    form.append("metadata", json: ["source": "app"])
    form.append("file", file: URL(fileURLWithPath: "/tmp/data.jsonl"), contentType: "application/jsonl")
    let uploaded = try await client.send(Endpoint<UploadReceipt>.post("/files", body: .multipart(form)))
    return uploaded
}

struct Customer: Decodable, Sendable {
    var id: String
    var email: String?
}

struct CustomerList: Decodable, Sendable {
    var data: [Customer]
    var hasMore: Bool
}

func readmePagination(client: APIClient) async throws(ServiceError) -> [String] {
    let customers = Pagination<CustomerList, Customer>.cursor(
        "starting_after", items: \.data, hasMore: \.hasMore, cursor: { $0.data.last?.id })
    let pages = client.pages(Endpoint<CustomerList>.get("/v1/customers").query("limit", 100), customers)
    var emails: [String] = []
    for try await customer in pages.items {
        emails.append(customer.email ?? "")
    }
    return emails
}
