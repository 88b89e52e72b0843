import Courier
import CourierTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport against the real loopback server, where cancellation, redirects and
/// truncated bodies really happen.
@Suite struct URLSessionTransportTests {
    let server = TestServer.shared

    @Test func roundTripKeepsPathQueryAndBodyExact() async throws {
        let client = server.client()
        let hostile = "a/../b?x=1#y"
        let endpoint = Endpoint<Echo>.post("/echo/\(hostile)", body: .json(["name": "Ada & Bob"]))
            .query("q", "a+b & c=d;e#f g")
            .query("id", [1, 2])
            .query("flag", true)
        let echo = try await client.send(endpoint)
        #expect(echo.method == "POST")
        #expect(echo.path == "/echo/a%2F..%2Fb%3Fx%3D1%23y")
        #expect(echo.query["q"] == ["a+b & c=d;e#f g"])
        #expect(echo.query["id"] == ["1", "2"])
        #expect(echo.query["flag"] == ["true"])
        #expect(echo.body == #"{"name":"Ada & Bob"}"#)
        #expect(echo.headers["content-type"] == "application/json")
        #expect(echo.headers["accept"] == "application/json")
        #expect(echo.headers["user-agent"]?.hasPrefix("Courier/") == true)
    }

    @Test func cancellingTheTaskCancelsTheRequestPromptly() async throws {
        let client = server.client()
        let started = ContinuousClock.now
        let task = Task { try await client.send(Endpoint<User>.get("/slow").query("seconds", 5)) }
        try await Task.sleep(for: .milliseconds(200))
        let cancelled = ContinuousClock.now
        task.cancel()
        let result = await task.result
        // Measured from the cancellation, so that a loaded machine's slow start does not count;
        // and well before the 5 s the server would take.
        #expect(ContinuousClock.now - cancelled < .seconds(1))
        #expect(ContinuousClock.now - started < .seconds(4))
        #expect(throws: ServiceError.self) { try result.get() }
        if case .failure(let error as ServiceError) = result {
            guard case .cancelled = error else {
                Issue.record("Expected .cancelled, got \(error)")
                return
            }
        }
    }

    @Test func aTaskCancelledBeforeTheCallSendsNothing() async throws {
        let client = server.client()
        let path = "/echo/never-\(UUID().uuidString)"
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(
                Endpoint<Echo>.get(EndpointPath.segments(path.split(separator: "/").map(String.init))))
        }
        await #expect(throws: ServiceError.self) { try await task.value }
        try await Task.sleep(for: .milliseconds(100))
        #expect(try await server.hits(path) == 0)
    }

    @Test func sendWithoutMiddlewareAfterCancellationSendsNothingAtTheTransport() async throws {
        // URLSession on Linux may send a request whose task is already cancelled; the
        // transport itself must check before starting the load task.
        let transport = URLSessionTransport()
        let path = "/echo/transport-\(UUID().uuidString)"
        let url = server.baseURL.appendingPathComponent(String(path.dropFirst()))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(HTTPRequest(method: .get, url: url))
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        try await Task.sleep(for: .milliseconds(100))
        #expect(try await server.hits(path) == 0)
    }

    @Test func subSecondTimeoutIsHonoured() async throws {
        let client = server.client()
        // Half a second is enough for a 0.1 s response (Linux's URLSession would fire at once)…
        let quick = try await client.send(Endpoint<User>.get("/slow").query("seconds", 0.1).timeout(.milliseconds(500)))
        #expect(quick.id == 1)
        // …and fails a 5 s response after about half a second.
        let started = ContinuousClock.now
        await #expect {
            try await client.send(Endpoint<User>.get("/slow").query("seconds", 5).timeout(.milliseconds(500)))
        } throws: { error in
            guard case .timedOut = error as? ServiceError else { return false }
            return true
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(450) && elapsed < .seconds(2))
    }

    @Test(arguments: [307, 308])
    func temporaryAndPermanentRedirectsKeepMethodAndBody(status: Int) async throws {
        let client = server.client()
        let endpoint = Endpoint<Echo>.post("/redirect", body: .json(["kept": true]))
            .query("status", status).query("to", "/echo/after")
        let response = try await client.response(for: endpoint)
        #expect(response.value.method == "POST")
        #expect(response.value.path == "/echo/after")
        #expect(response.value.body == #"{"kept":true}"#)
        #expect(response.url?.path == "/echo/after")
    }

    /// Adds a second field of a name the request already has, in another case.
    struct RepeatedHeader: Middleware {
        func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws(ServiceError)
            -> HTTPResponse
        {
            var request = request
            request.headers.add("second", for: "x-tag")
            return try await next(request)
        }
    }

    @Test func repeatedRequestFieldsReachTheServerAsOneList() async throws {
        let client = server.client { $0.middlewares = [RepeatedHeader()] }
        let echo = try await client.send(Endpoint<Echo>.get("/echo").header("X-Tag", "first"))
        // The server keeps one value per name, so two separate fields would read "second".
        #expect(echo.headers["x-tag"] == "first, second")
    }

    @Test func responseHeadersReadFromManyTasksAgree() async throws {
        let response = try await server.client().response(for: Endpoint<Echo>.get("/echo"))
        let readings = await withTaskGroup(of: HTTPHeaders.self) { group in
            for _ in 0..<20 { group.addTask { response.http.headers } }
            return await group.reduce(into: [HTTPHeaders]()) { $0.append($1) }
        }
        #expect(Set(readings).count == 1)
        #expect(readings.first?["Content-Type"] == "application/json")
        // Sorted by name, so the order is stable from one run to the next.
        let names = response.http.headers.map(\.name)
        #expect(names == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        var edited = response.http
        edited.headers["Content-Type"] = "text/plain"
        #expect(edited.headers["content-type"] == "text/plain" && edited != response.http)
        #expect(response.http.headers["content-type"] == "application/json")
    }

    /// A credential held by the session's credential storage answers a Basic challenge, as on
    /// Apple platforms; a wrong one ends with the second 401 and its body.
    @Test(.timeLimit(.minutes(1)), arguments: [("secret", 200), ("wrong", 401)])
    func storedCredentialsAnswerABasicChallenge(password: String, status: Int) async throws {
        struct Token: Decodable { var token: String }
        let storage = URLCredentialStorage()
        let space = URLProtectionSpace(
            host: "127.0.0.1", port: try #require(server.baseURL.port), protocol: "http", realm: "api",
            authenticationMethod: NSURLAuthenticationMethodHTTPBasic)
        storage.setDefaultCredential(
            URLCredential(user: "ada", password: password, persistence: .forSession), for: space)
        let configuration = URLSessionTransport.defaultConfiguration()
        configuration.urlCredentialStorage = storage
        let client = server.client { $0.transport = URLSessionTransport(configuration: configuration) }
        do {
            let response = try await client.response(for: Endpoint<Token>.get("/basic-auth").timeout(.seconds(5)))
            #expect(status == 200 && response.value.token == "basic")
        } catch .server(let failure) {
            #expect(status == 401 && failure.status == 401 && failure.message == "Request failed with 401")
        } catch {
            Issue.record("Expected status \(status), got \(error)")
        }
    }

    @Test func cookiesAreNeitherStoredNorSentByDefault() async throws {
        let client = server.client()
        _ = try await client.send(Endpoint<EmptyResponse>.get("/cookie/set"))
        let echo = try await client.send(Endpoint<Echo>.get("/echo"))
        #expect(echo.headers["cookie"] == nil)
    }

    @Test func responseKeepsStatusHeadersRawBodyURLAndTiming() async throws {
        let client = server.client()
        let response = try await client.response(for: Endpoint<User>.get("/slow").query("seconds", 0.05))
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        #expect(try JSONSerialization.jsonObject(with: response.body) is [String: Any])
        #expect(response.url?.path == "/slow")
        #expect(response.timing.duration >= .milliseconds(50))
        #expect(abs(response.timing.start.timeIntervalSinceNow) < 10)
    }

    @Test func aTenMegabyteBodyArrivesWhole() async throws {
        struct Large: Decodable { var data: String }
        let size = 10 * 1024 * 1024
        let response = try await server.client().response(for: Endpoint<Large>.get("/large").query("bytes", size))
        #expect(response.body.count == size)
        #expect(response.value.data.count == size - 11)
    }

    @Test func aTruncatedBodyIsATransportErrorNotData() async throws {
        await #expect {
            try await server.client().send(Endpoint<Data>.get("/truncated"))
        } throws: { error in
            guard case .transport(let failure) = error as? ServiceError else { return false }
            return failure.code == .networkConnectionLost
        }
    }

    @Test func noContentAndHeadAreEmptyResponses() async throws {
        let client = server.client()
        let noContent = try await client.response(for: Endpoint<EmptyResponse>(method: .delete, path: "/no-content"))
        #expect(noContent.status == 204)
        #expect(noContent.body.isEmpty)
        let head = try await client.response(for: Endpoint<EmptyResponse>(method: .head, path: "/echo"))
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
    }

    @Test func aClosedPortIsTheNotConnectedCase() async throws {
        let client = APIClient(baseURL: URL(string: "http://127.0.0.1:9")!)
        await #expect {
            try await client.send(Endpoint<EmptyResponse>.get("/"))
        } throws: { error in
            guard case .notConnected = error as? ServiceError else { return false }
            return true
        }
    }

    @Test func manyConcurrentCallsShareOneClient() async throws {
        let client = server.client()
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<64 {
                group.addTask { try await client.send(Endpoint<Echo>.get("/echo/\(index)")).path }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(ids.count == 64)
    }
}
