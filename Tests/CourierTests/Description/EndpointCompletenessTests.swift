import Courier
import CourierTestSupport
import Foundation
import Testing

/// Every method, every option as a modifier, Basic credentials, forms from dictionaries and
/// `Encodable` values, and absolute URLs made explicit: against the loopback server.
@Suite struct EndpointCompletenessTests {
    let server = TestServer.shared

    struct Echo: Decodable, Sendable {
        var method: String
        var path: String
        var headers: [String: String]
        var body: String?
    }

    @Test(
        arguments: [
            (Endpoint<Echo>.options("/echo/options"), "OPTIONS", nil),
            (Endpoint<Echo>.delete("/echo/items", body: .json(["ids": [1, 2]])), "DELETE", #"{"ids":[1,2]}"#),
            (Endpoint<Echo>.delete("/echo/items/1"), "DELETE", ""),
            (Endpoint<Echo>.post("/echo/form", body: .form(["b": "2 & 3", "a": "1"])), "POST", "a=1&b=2+%26+3"),
            // HTTP's QUERY (OpenAPI 3.2's `query` operations) and a method of the API's own.
            (Endpoint<Echo>(method: .query, path: "/echo/search", body: .json(["q": "ada"])), "QUERY", #"{"q":"ada"}"#),
            (Endpoint<Echo>(method: RequestMethod(rawValue: "PURGE"), path: "/echo/cache"), "PURGE", ""),
        ] as [(Endpoint<Echo>, String, String?)])
    func methodsAndBodiesReachTheServer(endpoint: Endpoint<Echo>, method: String, body: String?) async throws {
        let echo = try await server.client().send(endpoint)
        #expect(echo.method == method)
        if let body { #expect(echo.body == body) }
    }

    /// JSON Lines: each value a line of JSON, ended by a line feed, never pretty-printed even
    /// when the client's encoder is (a line break inside a value would split it); the encoder's
    /// other options apply (sorted keys here). Sent with the media type given.
    @Test func jsonLinesSendEachValueOnALine() async throws {
        struct Row: Encodable, Sendable {
            var id: Int
            var note: String
        }
        let client = server.client { $0.encoder.outputFormatting = [.prettyPrinted, .sortedKeys] }
        let rows = [Row(id: 1, note: "a\nb"), Row(id: 2, note: "c")]
        let echo = try await client.send(
            Endpoint<Echo>.post("/echo/rows", body: .jsonLines(rows, contentType: "application/x-ndjson")))
        #expect(echo.body == "{\"id\":1,\"note\":\"a\\nb\"}\n{\"id\":2,\"note\":\"c\"}\n")
        #expect(echo.headers["content-type"] == "application/x-ndjson")
        let empty = try await client.send(Endpoint<Echo>.post("/echo/rows", body: .jsonLines([Row]())))
        #expect(empty.body == "" && empty.headers["content-type"] == "application/jsonl")
    }

    @Test func headReturnsTheHeadersWithoutABody() async throws {
        let response = try await server.client().response(for: Endpoint<Data>.head("/user"))
        #expect(response.http.status == 200)
        #expect(response.http.headers["Content-Type"] == "application/json")
        #expect(response.value.isEmpty)
    }

    struct TokenRequest: Encodable, Sendable {
        var grantType = "client_credentials"
        var scope = ["read", "write"]
        var card = ["number": "4242", "cvc": "123"]
        var note: String? = nil
        enum CodingKeys: String, CodingKey {
            case grantType = "grant_type"
            case scope, card, note
        }
    }

    @Test func aFormFromAnEncodableValueUsesBrackets() async throws {
        let echo = try await server.client().send(Endpoint<Echo>.post("/echo", body: .form(TokenRequest())))
        #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(
            echo.body
                == "card%5Bcvc%5D=123&card%5Bnumber%5D=4242&grant_type=client_credentials&scope%5B%5D=read&scope%5B%5D=write"
        )
    }

    @Test func aFormFromAValueThatIsNotAnObjectIsAnInvalidRequest() async throws {
        await #expect {
            _ = try await server.client().send(Endpoint<Echo>.post("/echo", body: .form(["a", "b"])))
        } throws: { error in
            guard case .invalidRequest(let invalid) = error as? ServiceError else { return false }
            return "\(invalid)".contains("must encode as an object")
        }
    }

    struct Token: Decodable, Sendable { var token: String }

    @Test func basicCredentialsAreSent() async throws {
        let token = try await server.client().send(
            Endpoint<Token>.get("/basic-auth").basicAuthorization(username: "ada", password: "secret"))
        #expect(token.token == "basic")
        await #expect(throws: ServiceError.self) {
            _ = try await server.client().send(
                Endpoint<Token>.get("/basic-auth").basicAuthorization(username: "ada", password: "wrong"))
        }
    }

    struct Problem: ServerErrorBody {
        var code: String
        var message: String?
    }

    @Test func everyOptionChainsAsAModifier() async throws {
        let client = server.client()
        let endpoint = Endpoint<Data>.get("/status/404").query("format", "json")
            .cachePolicy(.reloadIgnoringLocalCacheData).errorBody(Problem.self).operationID("missing")
            .timeout(.seconds(30)).totalTimeout(.seconds(60))
        #expect(endpoint.cachePolicy == .reloadIgnoringLocalCacheData && endpoint.operationID == "missing")
        #expect(endpoint.timeout == .seconds(30) && endpoint.totalTimeout == .seconds(60))
        let error = await #expect(throws: ServiceError.self) { _ = try await client.send(endpoint) }
        guard case .server(let failure) = error, let problem = failure.body as? Problem else {
            Issue.record("Expected the error body as Problem, got \(String(describing: error))")
            return
        }
        #expect(problem.code == "E404")
        // Accepted as success, the same status decodes.
        let accepted = try await client.send(endpoint.acceptedStatusCodes(200..<500))
        #expect(!accepted.isEmpty)
        // A 200 whose body is the error body is a successful error.
        await #expect(throws: ServiceError.self) {
            _ = try await client.send(
                Endpoint<Data>.get("/successful-error").successfulErrorBody(EnvelopeError.self))
        }
    }

    struct EnvelopeError: ServerErrorBody {
        struct Inner: Decodable, Sendable { var message: String }
        var error: Inner
        var message: String? { error.message }
    }

    @Test(arguments: ["https://other.example/items", "http://other.example", "HTTP://x/y"] as [EndpointPath])
    func aPathThatIsAnAbsoluteURLIsRejected(path: EndpointPath) async throws {
        let endpoint = Endpoint<Data>(path: path)
        #expect {
            _ = try server.client().makeRequest(for: endpoint)
        } throws: { error in
            guard case .invalidRequest(let invalid) = error as? ServiceError else { return false }
            return "\(invalid)".contains(".absolute(url)")
        }
    }

    @Test func anAbsoluteURLIsExplicit() async throws {
        let url = URL(string: TestServer.second.baseURL.absoluteString + "/echo/elsewhere")!
        let echo = try await server.client().send(Endpoint<Echo>.get(.absolute(url)))
        #expect(echo.path == "/echo/elsewhere")
    }
}
