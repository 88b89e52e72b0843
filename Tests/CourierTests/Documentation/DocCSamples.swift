import Courier
import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Every Swift sample in the DocC articles (`Sources/*/*.docc`) and in the documentation comments
// of Courier and CourierTesting that is not already in `ReadmeSamples.swift` appears here
// verbatim, inside a function that gives it its free variables, so each one is compiled.
// `DocumentationSamplesTests` fails when a sample is not found.

// MARK: - Documentation comments

// AuthenticationMiddleware
func docAuthentication(authClient: APIClient, apiURL: URL) -> APIClient {
    let store = InMemoryTokenStore(AuthTokens(accessToken: "…", refreshToken: "…"))
    let authentication = AuthenticationMiddleware(store: store) { tokens in
        var refresh = Endpoint<TokenResponse>.post(
            "/oauth/token",
            body: .form([
                QueryItem(name: "grant_type", value: "refresh_token"),
                QueryItem(name: "refresh_token", value: tokens.refreshToken),
            ]))
        refresh.options.insert(.skipsAuthentication)
        let response = try await authClient.send(refresh)
        return AuthTokens(accessToken: response.accessToken, refreshToken: response.refreshToken)
    }
    let client = APIClient(baseURL: apiURL) { $0.middlewares = [authentication] }
    return client
}

// JSONDecoder.DateDecodingStrategy.rfc3339(assumingTimeZone:), and GeneratingAClient.md
func docDatesWithoutAnOffset() -> APIClient {
    let client = APIClient(baseURL: URL(string: "https://api.example.com")!) { configuration in
        configuration.decoder.dateDecodingStrategy = .rfc3339(assumingTimeZone: TimeZone(identifier: "UTC")!)
    }
    return client
}

// Endpoint
func docEndpoint(client: APIClient, user: User, traceID: String) async throws -> [User] {
    let friends = Endpoint<[User]>.get("/users/\(user.id)/friends")
        .query("page", 2)
        .header("X-Trace", traceID)
    let result = try await client.send(friends)
    return result
}

// EndpointPath
func docEndpointPath() -> EndpointPath {
    let id = "a/../b?x=1#y"
    let path: EndpointPath = "/users/\(id)/friends"
    // /users/a%2F..%2Fb%3Fx%3D1%23y/friends
    return path
}

// MultipartForm
struct Metadata: Encodable, Sendable { var tags: [String] }
struct UploadedFile: Decodable, Sendable { var id: String }

func docMultipartForm() -> Endpoint<UploadedFile> {
    var form = MultipartForm()
    form.append("purpose", "fine-tune")
    form.append("metadata", json: Metadata(tags: ["a"]))
    form.append("file", file: URL(fileURLWithPath: "/tmp/data.jsonl"), contentType: "application/jsonl")
    let upload = Endpoint<UploadedFile>.post("/files", body: .multipart(form))
    return upload
}

// RequestBody.form(_:)
struct Token: Decodable, Sendable { var accessToken: String }

func docFormBody() -> Endpoint<Token> {
    struct TokenRequest: Encodable { var grantType = "client_credentials"; var scope: [String] }
    let token = Endpoint<Token>.post("/oauth/token", body: .form(TokenRequest(scope: ["read"])))
    return token
}

// RequestBody.jsonLines(_:contentType:)
struct AuditEvent: Codable, Sendable { var action: String }
func docJSONLinesBody(events: [AuditEvent]) -> Endpoint<EmptyResponse> {
    let bulk = Endpoint<EmptyResponse>.post("/events/bulk", body: .jsonLines(events))
    return bulk
}

// RequestOption
func docRequestOption(order: Order) -> Endpoint<Receipt> {
    var charge = Endpoint<Receipt>.post("/charges", body: .json(order))
    charge.options.insert(.retryable)  // safe to retry: the server deduplicates by idempotency key
    return charge
}

// ResponseDecodable
struct Job: Decodable, Sendable { var id: String }
struct Ticket: Decodable, Sendable { var id: String }

enum JobOutcome: ResponseDecodable, Hashable {
    case done(Job)
    case queued(Ticket)

    static func decode(from response: TransportResponse, decoder: JSONDecoder) throws -> JobOutcome {
        let body = response.body.bufferedData ?? Data()  // read whole before this is called
        switch response.status {
        case 202: return .queued(try decoder.decode(Ticket.self, from: body))
        default: return .done(try decoder.decode(Job.self, from: body))
        }
    }
}

extension Job: Hashable {}
extension Ticket: Hashable {}

// ServerErrorBody
func docServerErrorBody(url: URL) -> APIClient {
    struct APIErrorBody: ServerErrorBody {
        var code: String
        var message: String?
    }

    let client = APIClient(baseURL: url) { $0.errorBodyType = APIErrorBody.self }
    return client
}

// ServiceError
func docServiceError(client: APIClient, show: ([User]) -> Void, showOfflineBanner: () -> Void) async -> [String] {
    let printed = Printed()
    func print(_ items: Any...) { printed.append(items) }

    do {
        let friends = try await client.send(Endpoint<[User]>.get("/friends"))
        show(friends)
    } catch .server(let failure) where failure.status == 404 {
        print(failure.message ?? "Not found")
    } catch .notConnected {
        showOfflineBanner()
    } catch {
        print(error.localizedDescription)
    }
    return printed.lines
}

// APIClient.stream(_:)
func docStream(client: APIClient, consume: (Data) -> Void) async throws {
    let export = try await client.stream(Endpoint<EmptyResponse>.get("/export"))
    for try await chunk in export.body {
        consume(chunk)
    }
}

// APIClient.events(_:format:), and the DocC article "Streaming and uploads"
func docEvents(client: APIClient, request: ChatRequest) async throws {
    let completion = Endpoint<ChatChunk>.post("/chat/completions", body: .json(request))
    for try await chunk in try await client.events(completion, format: .serverSentEvents(terminator: "[DONE]")) {
        print(chunk.text, terminator: "")
    }
}

// APIClient.download(_:to:progress:)
func docDownload(client: APIClient, destination: URL) async throws -> Response<URL> {
    let saved = try await client.download(Endpoint<Data>.get("/backups/latest"), to: destination) { progress in
        print(progress.fractionCompleted ?? 0)
    }
    return saved
}

// APIClient.send(_:progress:)
struct UploadResult: Decodable, Sendable { var id: String }

func docUploadProgress(client: APIClient, movieURL: URL) async throws -> UploadResult {
    let upload = Endpoint<UploadResult>.put("/videos/42", body: .file(movieURL))
    let result = try await client.send(upload) { progress in
        print("\(progress.completedBytes) of \(progress.totalBytes ?? 0)")
    }
    return result
}

// APIClient
func docAPIClient(id: Int) async throws -> User {
    struct APIErrorBody: ServerErrorBody { var message: String? }

    let client = APIClient(baseURL: URL(string: "https://api.example.com/v1")!) {
        $0.errorBodyType = APIErrorBody.self
        $0.middlewares = [RequestParametersMiddleware { $0.headers["Authorization"] = "Bearer …" }]
    }
    let user = try await client.send(Endpoint<User>.get("/users/\(id)"))
    return user
}

// JSONValue
func docJSONValue() -> [String] {
    let printed = Printed()
    func print(_ items: Any...) { printed.append(items) }

    let metadata: JSONValue = ["tags": ["a", "b"], "count": 2, "draft": false]
    if case .object(let fields) = metadata, case .int(let count)? = fields["count"] { print(count) }
    return printed.lines
}

// LoggingMiddleware
func docLogging(url: URL) -> APIClient {
    let logging = LoggingMiddleware(level: .headers, redaction: Redaction(queryItems: ["api_key"]))
    let client = APIClient(baseURL: url) { $0.middlewares = [logging] }
    return client
}

// Middleware
func docMiddleware(url: URL) -> APIClient {
    struct RequestIDMiddleware: Middleware {
        func intercept(
            _ request: TransportRequest,
            context: RequestContext,
            next: Next
        ) async throws(ServiceError) -> TransportResponse {
            var request = request
            request.headers["X-Request-ID"] = UUID().uuidString
            return try await next(request)
        }
    }

    let client = APIClient(baseURL: url) { $0.middlewares = [RequestIDMiddleware()] }
    return client
}

// RequestParametersMiddleware
actor TokenBox {
    var current: String?
}

func docRequestParameters(url: URL) -> APIClient {
    let tokens = TokenBox()  // your own actor holding the current token
    let auth = RequestParametersMiddleware { parameters in
        if let token = await tokens.current {
            parameters.headers["Authorization"] = "Bearer \(token)"
        }
        parameters.query.append(QueryItem(name: "api_key", value: "k"))
    }
    let client = APIClient(baseURL: url) { $0.middlewares = [auth] }
    return client
}

// RetryMiddleware
func docRetry(url: URL) -> APIClient {
    let client = APIClient(baseURL: url) {
        $0.middlewares = [RetryMiddleware(maximumAttempts: 4)]
    }
    return client
}

// RequestEvents: runs until the client is released.
protocol PushRegistry: Sendable { func register(for user: String) async }

func docRequestEvents(client: APIClient, push: any PushRegistry, log: (RequestEvent) -> Void) async {
    struct Session: Decodable, Sendable { var user: String }

    let listener = client.requestEvents.subscribe(operationID: "login") { event in
        if let session = event.value(as: Session.self) { await push.register(for: session.user) }
    }
    for await event in client.requestEvents.stream() { log(event) }  // or as an AsyncSequence
    listener.cancel()
}

// Pages
func docPages(client: APIClient, customers: Pagination<CustomerList, Customer>) async throws {
    let pages = client.pages(Endpoint<CustomerList>.get("/v1/customers").query("limit", 100), customers)
    for try await customer in pages.items {
        print(customer.email ?? "")
    }
}

// Pagination
struct Repository: Decodable, Sendable { var id: Int }
struct Track: Decodable, Sendable { var id: String }
struct TrackPage: Decodable, Sendable {
    var items: [Track]
    var next: String?
}

func docPagination() -> (
    Pagination<[Repository], Repository>, Pagination<CustomerList, Customer>, Pagination<TrackPage, Track>
) {
    // GitHub: a `Link: <…>; rel="next"` header.
    let repositories = Pagination<[Repository], Repository>.linkHeader { $0 }
    // Stripe: `starting_after` the last item's id while `has_more`.
    let customers = Pagination<CustomerList, Customer>.cursor(
        "starting_after", items: \.data, hasMore: \.hasMore, cursor: { $0.data.last?.id })
    // Spotify: the next page's URL in the body.
    let tracks = Pagination<TrackPage, Track>.nextURL(items: \.items, next: \.next)
    return (repositories, customers, tracks)
}

// Pagination.pageNumber(_:first:pageSize:items:pageCount:)
struct Run: Decodable, Sendable { var id: String }
struct RunPage: Decodable, Sendable {
    var items: [Run]
    var totalPages: Int
}

func docPageCount() -> Pagination<RunPage, Run> {
    // ZenML, Spring Data: the page says how many pages the list has.
    let runs = Pagination<RunPage, Run>.pageNumber(items: \.items, pageCount: \.totalPages)
    return runs
}

// EventStream.withFields()
func docWithFields(client: APIClient, endpoint: Endpoint<ChatChunk>) async throws -> String? {
    var lastEventID: String?
    for try await update in try await client.events(endpoint).withFields() {
        lastEventID = update.id
        print(update.event ?? "message", update.value)
    }
    return lastEventID
}

// ResponseBody
func docResponseBody(client: APIClient, file: FileHandle) async throws {
    let streaming = try await client.stream(Endpoint<EmptyResponse>.get("/export"))
    for try await chunk in streaming.body {
        try file.write(contentsOf: chunk)
    }
}

// APIClient.serverSentEvents(_:maximumEventSize:)
func docServerSentEvents(client: APIClient) async throws {
    for try await event in try await client.serverSentEvents(Endpoint<EmptyResponse>.get("/events")) {
        print(event.event, event.data)
    }
}

// Transport
struct EchoTransport: Transport {
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        TransportResponse(status: 200, body: request.body?.bufferedData ?? Data(), url: request.url)
    }
}

// HTTPArchiveTransport
func docHTTPArchive(fixtures: URL) throws -> APIClient {
    let transport = try HTTPArchiveTransport(
        file: fixtures.appending(path: "friends.har"),
        mode: .recordingWhen("COURIER_RECORD", through: URLSessionTransport()))
    let client = APIClient(baseURL: URL(string: "https://api.example.com")!) { $0.transport = transport }
    return client
}

// MARK: - DocC articles

// Authentication
func docArticleAuthentication(apiURL: URL, session: Session) -> APIClient {
    let client = APIClient(baseURL: apiURL) {
        $0.middlewares = [
            RequestParametersMiddleware { parameters in
                if let token = await session.accessToken { parameters.headers["Authorization"] = "Bearer \(token)" }
            }
        ]
    }
    return client
}

// Courier (the landing page)
func docArticleCourier() async throws -> User {
    let client = APIClient(baseURL: URL(string: "https://api.example.com/v1")!)
    let user = try await client.send(Endpoint<User>.get("/users/\(1)"))
    return user
}

// Getting started
func docArticleGettingStarted(user: User) async throws -> [User] {
    let friends = Endpoint<[User]>.get("/users/\(user.id)/friends")
        .query("page", 2)
        .timeout(.seconds(10))
    let client = APIClient(baseURL: URL(string: "https://api.example.com/v1")!)
    let list = try await client.send(friends)
    return list
}

// Handling errors
func docArticleHandlingErrors(client: APIClient) async -> [String] {
    let printed = Printed()
    func print(_ items: Any...) { printed.append(items) }

    do {
        _ = try await client.send(Endpoint<User>.get("/users/404"))
    } catch .server(let failure) where failure.status == 404 {
        print(failure.message ?? "Not found")
    } catch .notConnected {
        print("You are offline.")
    } catch {
        print(error.localizedDescription)
    }
    return printed.lines
}

// Paging through lists
func docArticlePaging(client: APIClient) async throws -> [String] {
    let printed = Printed()
    func print(_ items: Any...) { printed.append(items) }

    let customers = Pagination<CustomerList, Customer>.cursor(
        "starting_after", items: \.data, hasMore: \.hasMore, cursor: { $0.data.last?.id })
    for try await customer in client.pages(Endpoint<CustomerList>.get("/v1/customers"), customers).items {
        print(customer.id)
    }
    return printed.lines
}

// Testing your code
func docArticleStubTransport() -> APIClient {
    let transport = StubTransport()
    transport.stub(.get, "/v1/users/1/friends", with: .json([["id": 2]]))
    let client = APIClient(
        configuration: .init(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport))
    return client
}

// StubTransport (compiled only: its `#expect` belongs in a test that exercises the client)
func docStubTransport(url: URL) -> APIClient {
    struct User: Codable { var id: Int; var name: String }

    let transport = StubTransport()
    transport.stub(.get, "/users/1", with: .json(User(id: 1, name: "Ada")))
    transport.stub(.post, "/login", with: .status(401, json: ["message": "Wrong password"]))
    transport.stub(.get, "/feed", with: .failure(URLError(.notConnectedToInternet)))

    let client = APIClient(configuration: .init(baseURL: url, transport: transport))
    // … exercise the code under test …
    #expect(transport.requests.map(\.url.path) == ["/users/1"])
    return client
}

// MARK: - Samples run

@Suite struct DocCSampleTests {
    @Test(arguments: [(202, JobOutcome.queued(Ticket(id: "t1"))), (200, JobOutcome.done(Job(id: "t1")))])
    func responseDecodableSampleDecodesByStatus(status: Int, expected: JobOutcome) async throws {
        let transport = StubTransport()
        transport.stub(.get, "/jobs/1", with: .json(["id": "t1"], status: status))
        let client = APIClient(
            configuration: .init(baseURL: URL(string: "https://api.example.com")!, transport: transport))
        #expect(try await client.send(Endpoint<JobOutcome>.get("/jobs/1")) == expected)
    }

    @Test func jsonValueSamplePrintsTheCount() {
        #expect(docJSONValue() == ["2"])
    }

    @Test func endpointPathSampleEncodesTheValueAsOneSegment() throws {
        let request = try APIClient(baseURL: URL(string: "https://api.example.com")!)
            .makeRequest(for: Endpoint<EmptyResponse>.get(docEndpointPath()))
        #expect(request.url.absoluteString == "https://api.example.com/users/a%2F..%2Fb%3Fx%3D1%23y/friends")
    }

    @Test func serviceErrorSampleCatchesByCase() async {
        let transport = StubTransport()
        transport.stub(.get, "/friends", with: .status(404, json: ["message": "No such user"]))
        let client = APIClient(
            configuration: .init(baseURL: URL(string: "https://api.example.com")!, transport: transport))
        #expect(await docServiceError(client: client, show: { _ in }, showOfflineBanner: {}) == ["No such user"])
    }
}
