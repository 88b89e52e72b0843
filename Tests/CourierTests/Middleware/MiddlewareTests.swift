import Courier
import CourierTesting
import Foundation
import Testing

/// A middleware that records when it sees the request and the response.
struct Recording: Middleware {
    let name: String
    let log: Log

    final class Log: @unchecked Sendable {
        // @unchecked: `entries` is only touched under `lock`.
        private let lock = NSLock()
        private var storage: [String] = []
        func append(_ entry: String) { lock.withLock { storage.append(entry) } }
        var entries: [String] { lock.withLock { storage } }
    }

    func intercept(_ request: TransportRequest, context: RequestContext, next: Next) async throws(ServiceError)
        -> TransportResponse
    {
        log.append("\(name) → \(context.operationID ?? "-")")
        var request = request
        request.headers.add(name, for: "X-Chain")
        let response = try await next(request)
        log.append("\(name) ←")
        return response
    }
}

@Suite struct MiddlewareTests {
    let transport = StubTransport()

    func client(_ middlewares: [any Middleware]) -> APIClient {
        var configuration = APIClient.Configuration(baseURL: URL(string: "https://h.example")!, transport: transport)
        configuration.middlewares = middlewares
        return APIClient(configuration: configuration)
    }

    @Test func theFirstMiddlewareSeesTheRequestFirstAndTheResponseLast() async throws {
        transport.stub(.get, "/x", with: .json(["ok": true]))
        let log = Recording.Log()
        var endpoint = Endpoint<[String: Bool]>.get("/x")
        endpoint.operationID = "getX"
        _ = try await client([Recording(name: "a", log: log), Recording(name: "b", log: log)]).send(endpoint)
        #expect(log.entries == ["a → getX", "b → getX", "b ←", "a ←"])
        #expect(transport.requests.first?.headers.values(for: "X-Chain") == ["a", "b"])
    }

    struct Answering: Middleware {
        func intercept(_ request: TransportRequest, context: RequestContext, next: Next) async throws(ServiceError)
            -> TransportResponse
        {
            TransportResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"cached":true}"#.utf8))
        }
    }

    @Test func aMiddlewareCanAnswerWithoutTheTransport() async throws {
        let value = try await client([Answering()]).send(Endpoint<[String: Bool]>.get("/anything"))
        #expect(value == ["cached": true])
        #expect(transport.requests.isEmpty)
    }

    /// Calls the rest of the chain again after a 503 or a timeout: the shape of a retry.
    struct RetryOnce: Middleware {
        func intercept(_ request: TransportRequest, context: RequestContext, next: Next) async throws(ServiceError)
            -> TransportResponse
        {
            do {
                let response = try await next(request)
                return response.status == 503 ? try await next(request) : response
            } catch .timedOut {
                return try await next(request)
            }
        }
    }

    @Test func aMiddlewareCanCallTheChainAgain() async throws {
        transport.stub(.get, "/flaky", with: .status(503), .json(["attempt": 2]))
        transport.stub(.get, "/slow", with: .failure(URLError(.timedOut)), .json(["attempt": 2]))
        let client = client([RetryOnce()])
        #expect(try await client.send(Endpoint<[String: Int]>.get("/flaky")) == ["attempt": 2])
        #expect(try await client.send(Endpoint<[String: Int]>.get("/slow")) == ["attempt": 2])
        #expect(transport.requests.count == 4)
    }

    struct Failing: Middleware {
        func intercept(_ request: TransportRequest, context: RequestContext, next: Next) async throws(ServiceError)
            -> TransportResponse
        {
            throw .invalidRequest(InvalidRequest(reason: "No session"))
        }
    }

    @Test func aMiddlewareErrorReachesTheCallerUnchanged() async {
        await #expect {
            try await client([Failing()]).send(Endpoint<EmptyResponse>.get("/x"))
        } throws: { error in
            guard case .invalidRequest(let failure) = error as? ServiceError else { return false }
            return failure.reason == "No session"
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func middlewareSeesTransportErrorsAlreadyClassified() async {
        transport.stub(nil, "/offline", with: .failure(URLError(.notConnectedToInternet)))
        let seen = Recording.Log()
        struct Observe: Middleware {
            let seen: Recording.Log
            func intercept(_ request: TransportRequest, context: RequestContext, next: Next) async throws(ServiceError)
                -> TransportResponse
            {
                do { return try await next(request) } catch {
                    if case .notConnected = error { seen.append("notConnected") }
                    throw error
                }
            }
        }
        await #expect(throws: ServiceError.self) {
            try await client([Observe(seen: seen)]).send(Endpoint<EmptyResponse>.get("/offline"))
        }
        #expect(seen.entries == ["notConnected"])
    }

    actor TokenStore {
        var token = "first"
        func set(_ token: String) { self.token = token }
    }

    @Test func requestParametersAreEvaluatedForEveryRequest() async throws {
        transport.stub(nil, "/me", with: .json(["ok": true]))
        let tokens = TokenStore()
        let parameters = RequestParametersMiddleware { parameters in
            parameters.headers["Authorization"] = "Bearer \(await tokens.token)"
            parameters.query.append(QueryItem(name: "api_key", value: "k&1"))
        }
        let client = client([parameters])
        _ = try await client.send(Endpoint<[String: Bool]>.get("/me").query("a", 1))
        await tokens.set("second")
        _ = try await client.send(Endpoint<[String: Bool]>.get("/me").header("Authorization", "Basic old"))
        let requests = transport.requests
        #expect(requests.map { $0.headers["Authorization"] } == ["Bearer first", "Bearer second"])
        #expect(requests[0].url.query(percentEncoded: true) == "a=1&api_key=k%261")
        #expect(requests[1].headers.values(for: "authorization").count == 1)
    }

    @Test func aProviderCanRejectARequestAndHeadersAreValidated() async {
        let rejecting = RequestParametersMiddleware { _, _ throws(ServiceError) in
            throw .invalidRequest(InvalidRequest(reason: "Not logged in"))
        }
        await #expect(throws: ServiceError.self) {
            try await client([rejecting]).send(Endpoint<EmptyResponse>.get("/me"))
        }
        let injecting = RequestParametersMiddleware { $0.headers["X-Token"] = "a\r\nb" }
        await #expect {
            try await client([injecting]).send(Endpoint<EmptyResponse>.get("/me"))
        } throws: { error in
            guard case .invalidRequest = error as? ServiceError else { return false }
            return true
        }
        #expect(transport.requests.isEmpty)
    }
}
