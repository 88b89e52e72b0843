import Courier
import CourierTesting
import Foundation
import Testing

/// Collects log lines.
final class LogLines: @unchecked Sendable {
    // @unchecked: `lines` is only touched under `lock`.
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    var sink: LoggingMiddleware.Sink { { [self] _, message in lock.withLock { lines.append(message) } } }
}

@Suite struct LoggingMiddlewareTests {
    func client(_ logging: LoggingMiddleware, _ transport: StubTransport) -> APIClient {
        var configuration = APIClient.Configuration(baseURL: URL(string: "https://api.example")!, transport: transport)
        configuration.middlewares = [logging]
        return APIClient(configuration: configuration)
    }

    @Test func secretsAreRedactedAndBodiesCut() async throws {
        let transport = StubTransport()
        transport.stub(
            .post, "/login",
            with: .response(
                TransportResponse(
                    status: 200, headers: ["Set-Cookie": "session=abc", "Content-Type": "application/json"],
                    body: Data(String(repeating: "x", count: 100).utf8))))
        let log = LogLines()
        let logging = LoggingMiddleware(
            level: .bodies, redaction: Redaction(queryItems: ["api_key"]), bodyLimit: 10, sink: log.sink)
        _ = try await client(logging, transport).send(
            Endpoint<Data>.post("/login", body: .json(["password": "p"])).query("api_key", "k123").query("page", 2)
                .header("Authorization", "Bearer t0k3n").header("Cookie", "c=1").header(
                    "Proxy-Authorization", "Basic x"))
        let text = log.all.joined(separator: "\n")
        #expect(text.contains("→ POST https://api.example/login?api_key=<redacted>&page=2"))
        #expect(text.contains("Authorization: <redacted>"))
        #expect(text.contains("Proxy-Authorization: <redacted>"))
        #expect(text.contains("Cookie: <redacted>"))
        #expect(text.contains("Set-Cookie: <redacted>"))
        #expect(text.contains("← 200 POST"))
        #expect(text.contains("xxxxxxxxxx… (100 bytes)"))
        for secret in ["t0k3n", "k123", "session=abc", "c=1", "Basic x"] { #expect(!text.contains(secret)) }
    }

    @Test(arguments: [
        // Summary: one line out, one line back.
        (LoggingMiddleware.Level.summary, 2),
        // Errors only: nothing for a success.
        (.errors, 0),
        (.off, 0),
    ])
    func levelsControlHowMuchIsLogged(level: LoggingMiddleware.Level, lines: Int) async throws {
        let transport = StubTransport()
        transport.stub(.get, "/x", with: .status(200))
        let log = LogLines()
        _ = try await client(LoggingMiddleware(level: level, sink: log.sink), transport).send(
            Endpoint<EmptyResponse>.get("/x"))
        #expect(log.all.count == lines)
    }

    @Test func failuresAreLoggedAtTheErrorsLevel() async {
        let transport = StubTransport()
        transport.stub(.get, "/down", with: .failure(URLError(.notConnectedToInternet)))
        transport.stub(.get, "/missing", with: .status(404))
        let log = LogLines()
        let client = client(LoggingMiddleware(level: .errors, sink: log.sink), transport)
        _ = try? await client.send(Endpoint<EmptyResponse>.get("/down"))
        _ = try? await client.send(Endpoint<EmptyResponse>.get("/missing"))
        #expect(log.all.count == 2)
        #expect(log.all[0].hasPrefix("✕ GET https://api.example/down"))
        #expect(log.all[1].hasPrefix("← 404 GET https://api.example/missing"))
    }

    @Test func curlCommandsArePasteableAndRedacted() throws {
        let request = TransportRequest(
            method: .post, url: URL(string: "https://api.example/users?token=s3cret&q=it's")!,
            headers: ["Authorization": "Bearer abc", "Content-Type": "application/json"],
            body: .data(Data(#"{"name":"O'Brien"}"#.utf8)))
        #expect(
            request.curlCommand(redaction: Redaction(queryItems: ["token"]))
                == #"curl -X 'POST' -H 'Authorization: <redacted>' -H 'Content-Type: application/json' --data-raw '{"name":"O'\''Brien"}' 'https://api.example/users?token=<redacted>&q=it'\''s'"#
        )
        #expect(request.curlCommand(redaction: .none).contains("-H 'Authorization: Bearer abc'"))
        #expect(
            TransportRequest(method: .get, url: URL(string: "https://a.example/x")!).curlCommand()
                == "curl 'https://a.example/x'")
    }
}
