import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// How the client judges statuses and decodes bodies, with the stub transport.
@Suite struct APIClientDecodingTests {
    let transport = StubTransport()

    func client(_ configure: (inout APIClient.Configuration) -> Void = { _ in }) -> APIClient {
        var configuration = APIClient.Configuration(baseURL: URL(string: "https://h.example")!, transport: transport)
        configure(&configuration)
        return APIClient(configuration: configuration)
    }

    func response(_ status: Int, _ body: String, _ contentType: String? = "application/json") -> StubTransport.Reply {
        .status(status, body: Data(body.utf8), contentType: contentType)
    }

    @Test func decodesJSONWithFractionalAndWholeSecondDates() async throws {
        transport.stub(
            .get, "/users",
            with: response(
                200,
                #"[{"id":1,"name":"A","createdAt":"2026-11-21T12:15:00Z"},{"id":2,"name":"B","createdAt":"2026-11-21T12:15:00.5Z"}]"#
            ))
        let users = try await client().send(Endpoint<[User]>.get("/users"))
        #expect(users.map(\.id) == [1, 2])
        #expect(users[1].createdAt.timeIntervalSince(users[0].createdAt) == 0.5)
    }

    @Test func dataStringAndEmptyResponsesSkipJSON() async throws {
        transport.stub(.get, "/raw", with: response(200, "not json", "application/octet-stream"))
        transport.stub(
            .get, "/latin", with: .status(200, body: Data([0x47, 0xFC]), contentType: "text/plain; charset=ISO-8859-1"))
        transport.stub(.delete, "/gone", with: response(204, "", nil))
        #expect(try await client().send(Endpoint<Data>.get("/raw")) == Data("not json".utf8))
        #expect(try await client().send(Endpoint<String>.get("/raw")) == "not json")
        #expect(try await client().send(Endpoint<String>.get("/latin")) == "Gü")
        #expect(try await client().send(Endpoint<EmptyResponse>.delete("/gone")) == EmptyResponse())
    }

    /// A `String` response from a JSON body that is a string (`"1.2.3"`, OpenAPI's `type: string`
    /// under `application/json`) is that string, escapes read; any other body is its text, a
    /// JSON object's included, and text keeps its quotes. A JSON string cut short is an error.
    @Test(
        arguments: [
            (#"  "1.2.3"  "#, "application/json", "1.2.3"),
            (#""a\"b\u00e9\n""#, "application/problem+json; charset=utf-8", "a\"bé\n"),
            (#"{"version": "1.2.3"}"#, "application/json", #"{"version": "1.2.3"}"#),
            ("42", "application/json", "42"),
            (#""quoted""#, "text/plain", #""quoted""#),
            (#""quoted""#, nil, #""quoted""#),
        ] as [(String, String?, Snippet)])
    func aStringResponseIsTheJSONStringOrTheText(body: String, contentType: String?, expected: Snippet) async throws {
        let expected = expected.text
        transport.stub(.get, "/version", with: response(200, body, contentType))
        #expect(try await client().send(Endpoint<String>.get("/version")) == expected)
    }

    @Test func aJSONStringCutShortIsADecodingError() async throws {
        transport.stub(.get, "/version", with: response(200, #""1.2."#))
        let error = await #expect(throws: ServiceError.self) {
            try await self.client().send(Endpoint<String>.get("/version"))
        }
        guard case .decoding(let failure) = error else {
            Issue.record("Expected a decoding failure, got \(String(describing: error))")
            return
        }
        #expect(failure.reason.hasPrefix("The body is not a whole JSON string"))
    }

    @Test func anOptionalResponseIsNilForAnEmptyBody() async throws {
        transport.stub(.get, "/maybe", with: response(200, ""))
        #expect(try await client().send(Endpoint<User?>.get("/maybe")) == nil)
    }

    /// A list the description says may be `null` (generated as an optional): `null` is `nil`,
    /// through Courier's decoder as through Foundation's.
    @Test(arguments: [("null", [Int]?.none), ("[]", []), ("[1, 2]", [1, 2])])
    func anOptionalListReadsNullAsNil(body: String, expected: [Int]?) async throws {
        transport.stub(.get, "/maybe", with: response(200, body))
        #expect(try await client().send(Endpoint<[Int]?>.get("/maybe")) == expected)
        #expect(try JSONDecoder().decode([Int]?.self, from: Data(body.utf8)) == expected)
    }

    /// An object whose fields are all optional, answered with no body at all (GitHub's `201`
    /// for a created secret, described as `{}`): the object with no fields. An object with a
    /// required field still fails (see `decodingFailuresExplainThemselves`).
    @Test func anEmptyBodyIsAnObjectWithoutFieldsWhenNoneIsRequired() async throws {
        struct Acknowledgement: Codable, Equatable, Sendable {
            var note: String?
        }
        transport.stub(.put, "/secrets/token", with: response(201, ""))
        #expect(try await client().send(Endpoint<Acknowledgement>.put("/secrets/token")) == Acknowledgement())
        await #expect(throws: ServiceError.self) {
            try await self.client().send(Endpoint<User>.put("/secrets/token"))
        }
    }

    @Test(arguments: [
        // Malformed JSON says where it stops being JSON.
        (
            #"{"id":1,"name":"A""#, "application/json", "",
            "not valid JSON. (Unexpected end of text inside an object at line 1, column 19.)"
        ),
        // A missing key names the path.
        (#"[{"id":1,"createdAt":"2026-11-21T12:15:00Z"}]"#, "application/json", "[0].name", "\"name\" is missing"),
        // A wrong type names the path.
        (
            #"[{"id":"one","name":"A","createdAt":"2026-11-21T12:15:00Z"}]"#, "application/json", "[0].id",
            "Expected Int"
        ),
        // A bad date names the path.
        (#"[{"id":1,"name":"A","createdAt":"soon"}]"#, "application/json", "[0].createdAt", "RFC 3339"),
        // An HTML page with a 200 says what arrived instead of JSON.
        ("<html><body>Login</body></html>", "text/html", "", "server sent text/html"),
        // An empty body for a JSON type.
        ("", "application/json", "", "body is empty"),
    ])
    func decodingFailuresExplainThemselves(body: String, contentType: String, path: String, reason: String) async {
        transport.stub(.get, "/users", with: response(200, body, contentType))
        await #expect {
            try await client().send(Endpoint<[User]>.get("/users"))
        } throws: { error in
            guard case .decoding(let failure) = error as? ServiceError else { return false }
            return failure.codingPath == path && failure.description.contains(reason)
                && failure.response.body.bufferedData == Data(body.utf8)
                && (body.isEmpty || failure.bodyExcerpt.hasPrefix(String(body.prefix(5))))
        }
    }

    @Test func excerptsAreShortAndOneLine() async {
        let long = "{\n" + String(repeating: "x", count: 5000)
        transport.stub(.get, "/long", with: response(200, long))
        await #expect {
            try await client().send(Endpoint<User>.get("/long"))
        } throws: { error in
            guard case .decoding(let failure) = error as? ServiceError else { return false }
            return failure.bodyExcerpt.count < 260 && !failure.bodyExcerpt.contains("\n")
                && failure.bodyExcerpt.hasSuffix("(5002 bytes)")
        }
    }

    @Test(arguments: [
        // Courier-style {"message","code"}.
        (404, #"{"message":"No such user","code":"not_found"}"#, "application/json", "No such user"),
        // OAuth 2 style.
        (
            400, #"{"error":"invalid_grant","error_description":"The refresh token has expired."}"#,
            "application/json", "The refresh token has expired."
        ),
        // RFC 9457 problem details.
        (
            403, #"{"type":"about:blank","title":"Out of credit","detail":"Your balance is 30."}"#,
            "application/problem+json", "Your balance is 30."
        ),
        // Nested error object.
        (429, #"{"error":{"message":"Slow down"}}"#, "application/json", "Slow down"),
        // An errors array.
        (422, #"{"errors":[{"message":"Email is taken"}]}"#, "application/json", "Email is taken"),
        // Another key named for a message (Prefect's), before a list of details.
        (
            422, #"{"exception_message":"Invalid request received.","exception_detail":[{"msg":"Field required"}]}"#,
            "application/json", "Invalid request received."
        ),
        (404, #"{"status":404,"userMessage":"No such order"}"#, "application/json", "No such order"),
    ])
    func serverErrorsCarryTheServersMessage(status: Int, body: String, contentType: String, message: String) async {
        transport.stub(.get, "/thing", with: response(status, body, contentType))
        await #expect {
            try await client().send(Endpoint<User>.get("/thing"))
        } throws: { error in
            guard let error = error as? ServiceError, case .server(let failure) = error else { return false }
            return failure.status == status && failure.message == message && error.errorDescription == message
                && failure.response.body.bufferedData == Data(body.utf8) && !failure.isSuccessfulError
        }
    }

    @Test(
        arguments: [
            // An HTML error page from a proxy.
            (
                502, "<html><body><h1>502 Bad Gateway</h1></body></html>", "text/html",
                "The server responded with 502 (Bad Gateway)."
            ),
            // An empty body.
            (503, "", nil, "The server responded with 503 (Service Unavailable)."),
            // JSON that is not an object.
            (500, "[1,2]", "application/json", "The server responded with 500 (Internal Server Error)."),
        ] as [(Int, String, String?, String)])
    func undecodableErrorBodiesStillYieldServerErrors(
        status: Int, body: String, contentType: String?, description: String
    ) async {
        transport.stub(.get, "/thing", with: response(status, body, contentType))
        await #expect {
            try await client().send(Endpoint<User>.get("/thing"))
        } throws: { error in
            guard let error = error as? ServiceError, case .server(let failure) = error else { return false }
            return failure.status == status && failure.body == nil
                && failure.response.body.bufferedData == Data(body.utf8)
                && error.errorDescription == description
        }
    }

    struct APIErrorBody: ServerErrorBody, Equatable {
        var message: String?
        var code: Int
    }

    struct AuthErrorBody: ServerErrorBody, Equatable {
        var error: String
        var errorDescription: String?
        var message: String? { errorDescription }
        enum CodingKeys: String, CodingKey {
            case error
            case errorDescription = "error_description"
        }
    }

    @Test func theClientsErrorTypeCanBeOverriddenPerEndpoint() async throws {
        transport.stub(.get, "/api", with: response(409, #"{"message":"Already friends","code":7}"#))
        transport.stub(
            .post, "/token", with: response(400, #"{"error":"invalid_grant","error_description":"Expired"}"#))
        let client = client { $0.errorBodyType = APIErrorBody.self }
        do {
            _ = try await client.send(Endpoint<User>.get("/api"))
            Issue.record("Expected a server error")
        } catch .server(let failure) {
            #expect(failure.body(as: APIErrorBody.self) == APIErrorBody(message: "Already friends", code: 7))
        } catch {
            Issue.record("Unexpected \(error)")
        }
        var token = Endpoint<User>.post("/token")
        token.errorBodyType = AuthErrorBody.self
        do {
            _ = try await client.send(token)
            Issue.record("Expected a server error")
        } catch .server(let failure) {
            #expect(failure.body(as: AuthErrorBody.self)?.error == "invalid_grant")
            #expect(failure.message == "Expired")
        } catch {
            Issue.record("Unexpected \(error)")
        }
    }

    @Test(arguments: [
        // A body of another shape: why it did not decode is kept, and its message is still read.
        (#"{"message":"Busy","code":"E7"}"#, "application/json", "code", "Expected Int", "Busy"),
        // The error nested once less than described (Ory Kratos' 422 body): the message is read.
        (
            #"{"error":{"id":"browser_location_change_required","code":422,"message":"Redirect"},"redirect_browser_to":"/x"}"#,
            "application/json", "code", "is missing", "Redirect"
        ),
        // An HTML page: not JSON at all, and no message.
        ("<html><body>502</body></html>", "text/html", "", "not valid JSON", nil),
    ])
    func anErrorBodyThatDoesNotDecodeKeepsTheReason(
        body: String, contentType: String, path: String, reason: String, message: String?
    ) async throws {
        transport.stub(.get, "/api", with: response(503, body, contentType))
        let client = client { $0.errorBodyType = APIErrorBody.self }
        do {
            _ = try await client.send(Endpoint<User>.get("/api"))
            Issue.record("Expected a server error")
        } catch .server(let failure) {
            #expect(failure.body == nil)
            let decoding = try #require(failure.bodyDecodingFailure)
            #expect(decoding.codingPath == path)
            #expect(decoding.reason.contains(reason), "\(decoding.reason)")
            #expect(decoding.response.status == 503)
            #expect(failure.message == message)
            #expect(failure.description.contains(message ?? "<html>"), "\(failure)")
        }
        // An empty body is no decoding failure.
        transport.stub(.get, "/empty", with: response(503, "", nil))
        do {
            _ = try await client.send(Endpoint<User>.get("/empty"))
        } catch .server(let failure) {
            #expect(failure.body == nil && failure.bodyDecodingFailure == nil)
        }
    }

    @Test func successfulErrorsThrowWhenConfigured() async throws {
        transport.stub(.get, "/ok", with: response(200, #"{"id":1,"name":"A","createdAt":"2026-11-21T12:15:00Z"}"#))
        transport.stub(.get, "/failed", with: response(200, #"{"error":{"message":"Quota exceeded","code":"quota"}}"#))
        let client = client { $0.successfulErrorBodyType = ErrorEnvelope<CommonErrorBody>.self }
        #expect(try await client.send(Endpoint<User>.get("/ok")).id == 1)
        do {
            _ = try await client.send(Endpoint<User>.get("/failed"))
            Issue.record("Expected a server error")
        } catch .server(let failure) {
            #expect(failure.isSuccessfulError)
            #expect(failure.status == 200)
            #expect(failure.message == "Quota exceeded")
            #expect(failure.body(as: ErrorEnvelope<CommonErrorBody>.self)?.error.code == "quota")
        } catch {
            Issue.record("Unexpected \(error)")
        }
        // Per endpoint, without a client-wide setting.
        var endpoint = Endpoint<User>.get("/failed")
        endpoint.successfulErrorBodyType = ErrorEnvelope<CommonErrorBody>.self
        await #expect(throws: ServiceError.self) { try await self.client().send(endpoint) }
    }

    @Test func acceptedStatusCodesCanBeWidened() async throws {
        transport.stub(.get, "/moved", with: response(304, ""))
        var endpoint = Endpoint<EmptyResponse>.get("/moved")
        await #expect(throws: ServiceError.self) { try await client().send(endpoint) }
        endpoint.acceptedStatusCodes = 200..<400
        #expect(try await client().response(for: endpoint).status == 304)
    }
}
