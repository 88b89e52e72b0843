import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// How the client turns an `Endpoint` into an `TransportRequest`.
@Suite struct APIClientRequestTests {
    func client(
        _ base: String = "https://host.example/api/v1", _ configure: (inout APIClient.Configuration) -> Void = { _ in }
    )
        -> APIClient
    {
        var configuration = APIClient.Configuration(baseURL: URL(string: base)!, transport: StubTransport())
        configure(&configuration)
        return APIClient(configuration: configuration)
    }

    @Test(arguments: [
        // A path prefix in the base URL is kept, with or without a trailing slash.
        ("https://host.example/api/v1", "/friends" as EndpointPath, "https://host.example/api/v1/friends"),
        ("https://host.example/api/v1/", "/friends", "https://host.example/api/v1/friends"),
        ("https://host.example", "friends", "https://host.example/friends"),
        ("http://127.0.0.1:8080/", "/a/b", "http://127.0.0.1:8080/a/b"),
        // An absolute URL ignores the base URL.
        (
            "https://host.example/api", .absolute(URL(string: "https://other.example/next?p=2")!),
            "https://other.example/next?p=2"
        ),
    ])
    func resolvesAgainstTheBaseURL(base: String, path: EndpointPath, expected: String) throws {
        let request = try client(base).makeRequest(for: Endpoint<EmptyResponse>(path: path))
        #expect(request.url.absoluteString == expected)
    }

    @Test func appendsTheQueryInOrder() throws {
        let endpoint = Endpoint<EmptyResponse>.get("/search").query("q", "a b").query("tag", ["x", "y"])
        let request = try client().makeRequest(for: endpoint)
        #expect(request.url.query(percentEncoded: true) == "q=a%20b&tag=x&tag=y")
        let next = try client().makeRequest(
            for: Endpoint<EmptyResponse>(path: .absolute(URL(string: "https://h.example/n?page=2")!)).query("size", 10))
        #expect(next.url.absoluteString == "https://h.example/n?page=2&size=10")
    }

    @Test func defaultHeadersAreOverriddenByTheEndpoint() throws {
        let request = try client { $0.headers["X-App"] = "demo" }
            .makeRequest(for: Endpoint<EmptyResponse>.get("/").header("accept", "text/plain"))
        #expect(request.headers["Accept"] == "text/plain")
        #expect(request.headers.values(for: "accept").count == 1)
        #expect(request.headers["X-App"] == "demo")
        #expect(request.headers["User-Agent"] == APIClient.Configuration.defaultUserAgent)
    }

    @Test(arguments: [
        // Header injection through a value.
        ("X-Name", "a\r\nX-Admin: true"),
        ("X-Name", "line\nbreak"),
        ("X-Name", "nul\u{0}"),
        // Invalid header names.
        ("Bad Name", "v"),
        ("", "v"),
    ])
    func invalidHeadersAreRejectedBeforeSending(name: String, value: Snippet) async throws {
        let value = value.text
        let transport = StubTransport()
        let client = APIClient(configuration: .init(baseURL: URL(string: "https://h.example")!, transport: transport))
        let endpoint = Endpoint<EmptyResponse>.get("/").header(name, value)
        await #expect {
            try await client.send(endpoint)
        } throws: { error in
            guard case .invalidRequest = error as? ServiceError else { return false }
            return true
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func invalidDefaultHeadersFailEveryCallBeforeSending() async throws {
        let transport = StubTransport()
        let client = APIClient(baseURL: URL(string: "https://h.example")!) {
            $0.transport = transport
            $0.headers["X-Tenant"] = "a\r\nX-Admin: true"
        }
        for path in ["/a", "/b"] {
            await #expect {
                try await client.send(Endpoint<EmptyResponse>.get(EndpointPath(stringLiteral: path)))
            } throws: { error in
                guard case .invalidRequest(let failure) = error as? ServiceError else { return false }
                return failure.reason.contains("X-Tenant")
            }
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func aBaseURLWithoutSchemeMakesRelativeCallsInvalid() throws {
        let client = APIClient(baseURL: URL(string: "api.example.com/v1")!)
        #expect {
            try client.makeRequest(for: Endpoint<EmptyResponse>.get("/users"))
        } throws: { error in
            guard case .invalidRequest(let failure) = error as? ServiceError else { return false }
            return failure.reason.contains("not a valid absolute URL")
        }
    }

    @Test func aURLWithoutSchemeOrHostIsAnInvalidRequest() throws {
        #expect {
            try client().makeRequest(for: Endpoint<EmptyResponse>(path: .absolute(URL(string: "/relative/link")!)))
        } throws: { error in
            guard case .invalidRequest(let failure) = error as? ServiceError else { return false }
            return failure.reason.contains("not a valid absolute URL")
        }
    }

    @Test func jsonBodyUsesTheClientEncoder() throws {
        struct Event: Encodable, Sendable { var at: Date }
        let request = try client().makeRequest(
            for: Endpoint<EmptyResponse>.post("/events", body: .json(Event(at: Date(timeIntervalSince1970: 0)))))
        #expect(
            request.body?.bufferedData.map { String(decoding: $0, as: UTF8.self) } == #"{"at":"1970-01-01T00:00:00Z"}"#)
        #expect(request.headers["Content-Type"] == "application/json")
    }

    @Test func rawDataBodyKeepsItsContentType() throws {
        let request = try client().makeRequest(
            for: Endpoint<EmptyResponse>.put("/avatar", body: .data(Data([1, 2, 3]), contentType: "image/png")))
        #expect(request.body?.bufferedData == Data([1, 2, 3]))
        #expect(request.headers["Content-Type"] == "image/png")
    }

    @Test func anExplicitContentTypeWins() throws {
        let request = try client().makeRequest(
            for: Endpoint<EmptyResponse>.post("/x", body: .json(["a": 1])).header(
                "Content-Type", "application/vnd.api+json"))
        #expect(request.headers["Content-Type"] == "application/vnd.api+json")
    }

    @Test func aBodyThatFailsToEncodeIsAnInvalidRequest() throws {
        #expect {
            try client().makeRequest(for: Endpoint<EmptyResponse>.post("/x", body: .json(["bad": Double.nan])))
        } throws: { error in
            guard case .invalidRequest(let failure) = error as? ServiceError else { return false }
            return failure.underlying is EncodingError
        }
    }

    @Test func timeoutAndCachePolicyAreCarried() throws {
        var endpoint = Endpoint<EmptyResponse>.get("/").timeout(.milliseconds(250))
        endpoint.cachePolicy = .reloadIgnoringLocalCacheData
        let request = try client { $0.timeout = .seconds(30) }.makeRequest(for: endpoint)
        #expect(request.timeout == .milliseconds(250))
        #expect(request.cachePolicy == .reloadIgnoringLocalCacheData)
        #expect(
            try client { $0.timeout = .seconds(30) }.makeRequest(for: Endpoint<EmptyResponse>.get("/")).timeout
                == .seconds(30))
    }
}
