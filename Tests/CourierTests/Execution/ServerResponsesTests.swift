import Courier
import CourierTestSupport
import Foundation
import Testing

/// Real server responses, good and bad, through the whole client.
@Suite struct ServerResponsesTests {
    let client = TestServer.shared.client()

    @Test(arguments: [
        // JSON {"message","code"}.
        ("json", 404, "Request failed with 404"),
        // OAuth {"error","error_description"}.
        ("oauth", 400, "The refresh token has expired."),
        // RFC 9457 problem details.
        ("problem", 403, "Your balance is 30."),
        // Validation errors by field, as flask-smorest (marshmallow), Rails and Django REST
        // framework write them: the first field's path and message.
        ("marshmallow", 422, "json.reporter.name: Missing data for required field."),
        ("rails", 422, "email: can't be blank"),
        ("drf", 400, "title: This field may not be blank."),
        // HTML from a proxy: no decoded body, still a server error with status and raw body.
        ("html", 502, "The server responded with 502 (Bad Gateway)."),
        // Plain text of one line (Go's `http.Error`) is the message.
        ("text", 503, "Service temporarily unavailable"),
        // So is a JSON string (ASP.NET's `BadRequest("…")`).
        ("string", 400, #"The id "x" is invalid."#),
        // A stack trace is not a message.
        ("trace", 500, "The server responded with 500 (Internal Server Error)."),
        // No body at all.
        ("empty", 500, "The server responded with 500 (Internal Server Error)."),
    ])
    func errorStatusesBecomeServerErrors(format: String, status: Int, description: String) async {
        do {
            _ = try await client.send(Endpoint<User>.get("/status/\(status)").query("format", format))
            Issue.record("Expected a server error")
        } catch .server(let failure) {
            #expect(failure.status == status)
            #expect(failure.response.headers["X-Request-Id"] == "req-123")
            #expect(ServiceError.server(failure).errorDescription == description)
            #expect(
                (failure.body != nil)
                    == ["json", "oauth", "problem", "marshmallow", "rails", "drf", "text", "string"].contains(format))
            #expect(failure.response.body.bufferedData?.isEmpty == (format == "empty"))
        } catch {
            Issue.record("Expected a server error, got \(error)")
        }
    }

    /// A 401 that challenges for HTTP authentication is an answer like any other: its status, its
    /// body and the challenge reach the caller. (Foundation on Linux never completes such a task
    /// by itself when it has no credential to offer.)
    @Test(
        .timeLimit(.minutes(1)),
        arguments: [
            // Foundation on Linux turns it into a challenge, and without the transport's answer hangs.
            #"Basic realm="api""#,
            // Also a challenge, which Foundation on Linux cannot answer at all.
            #"Digest realm="api", nonce="n0", qop="auth""#,
            // Not a scheme Foundation knows: an ordinary response.
            #"Bearer error="invalid_token""#,
        ])
    func anAuthenticationChallengeIsAServerErrorWithItsBody(challenge: String) async {
        let endpoint = Endpoint<User>.get("/status/401").query("challenge", challenge).timeout(.seconds(5))
        do {
            _ = try await client.send(endpoint)
            Issue.record("Expected a server error")
        } catch .server(let failure) {
            #expect(failure.status == 401)
            #expect(failure.message == "Request failed with 401")
            #expect(failure.response.headers["WWW-Authenticate"] == challenge)
        } catch {
            Issue.record("Expected a server error, got \(error)")
        }
    }

    @Test func aSuccessfulErrorIsThrownAsAServerError() async throws {
        let client = TestServer.shared.client { $0.successfulErrorBodyType = ErrorEnvelope<CommonErrorBody>.self }
        do {
            _ = try await client.send(Endpoint<User>.get("/successful-error"))
            Issue.record("Expected a server error")
        } catch .server(let failure) {
            #expect(failure.isSuccessfulError && failure.status == 200 && failure.message == "Quota exceeded")
        } catch {
            Issue.record("Expected a server error, got \(error)")
        }
        #expect(try await client.send(Endpoint<User>.get("/user")).name == "Ada Lovelace")
    }

    @Test(arguments: [
        // Broken JSON.
        ("/malformed", "not valid JSON"),
        // A 200 HTML page where JSON was expected.
        ("/html", "server sent text/html"),
        // A 200 text body.
        ("/wrong-type", "server sent text/plain"),
        // A 200 with no body.
        ("/empty-json", "body is empty"),
    ])
    func badSuccessBodiesAreDecodingErrors(path: String, reason: String) async {
        await #expect {
            try await client.send(Endpoint<User>(path: EndpointPath.segments([String(path.dropFirst())])))
        } throws: { error in
            guard case .decoding(let failure) = error as? ServiceError else { return false }
            return failure.description.contains(reason) && failure.response.status == 200
        }
    }

    @Test func decodesUsersWithOptionalFieldsAndFractionalDates() async throws {
        let users = try await client.send(Endpoint<[User]>.get("/users"))
        #expect(users.map(\.name) == ["Ada Lovelace", "Alan Turing"])
        #expect(users[1].email == nil)
        #expect(users[0].createdAt == RFC3339.date(from: "2026-11-21T12:15:00.123Z"))
    }

    @Test func textHonoursTheCharset() async throws {
        #expect(try await client.send(Endpoint<String>.get("/text").query("charset", "iso-8859-1")) == "Grüße")
        #expect(try await client.send(Endpoint<String>.get("/text").query("charset", "utf-8")) == "Grüße")
    }

    @Test func formBodiesArriveIntact() async throws {
        let echo = try await client.send(
            Endpoint<Echo>.post(
                "/echo",
                body: .form([
                    QueryItem(name: "email", value: "a+b@example.com"), QueryItem(name: "note", value: "x & y"),
                ])))
        #expect(echo.body == "email=a%2Bb%40example.com&note=x+%26+y")
        #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded")
    }

    @Test func aSeeOtherRedirectBecomesAGet() async throws {
        let response = try await client.response(
            for: Endpoint<Echo>.post("/redirect", body: .json(["x": 1])).query("status", 303).query("to", "/echo/done"))
        #expect(response.value.method == "GET")
        #expect(response.value.body == "")
        #expect(response.url?.path == "/echo/done")
    }

    @Test func redirectLoopsStop() async {
        await #expect {
            try await client.send(Endpoint<EmptyResponse>.get("/loop"))
        } throws: { error in
            guard case .transport(let failure) = error as? ServiceError else { return false }
            return failure.code == .httpTooManyRedirects
        }
    }

    @Test func anUnresolvableHostIsTheNotConnectedCase() async {
        let client = APIClient(baseURL: URL(string: "http://courier-test.invalid")!)
        await #expect {
            try await client.send(Endpoint<EmptyResponse>.get("/"))
        } throws: { error in
            guard case .notConnected = error as? ServiceError else { return false }
            return true
        }
    }
}
