import Courier
import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport against the real loopback server, where cancellation, redirects and
/// truncated bodies really happen: every conformance case, then what is URLSession's own.
@Suite struct URLSessionTransportTests {
    let server = TestServer.shared

    @Test(arguments: TransportConformance.cases)
    func conformance(_ check: TransportConformance) async throws {
        try await check.run { URLSessionTransport() }
    }

    /// Streamed calls run on the transport's one session, so one after another they reuse its
    /// connection, as the other calls do (a session per stream opened a connection per call).
    @Test func streamedCallsShareTheSessionsConnections() async throws {
        struct Connection: Decodable { var clientPort: Int }
        let client = server.client()
        var ports: Set<Int> = []
        for index in 0..<20 {
            let streaming = try await client.stream(Endpoint<EmptyResponse>.get("/echo/stream-\(index)"))
            let body = try await streaming.body.collect(upTo: 1 << 20)
            ports.insert(try JSONDecoder().decode(Connection.self, from: body).clientPort)
        }
        let buffered = try await client.send(Endpoint<Connection>.get("/echo/buffered"))
        #expect(ports.count <= 2)
        #expect(ports.contains(buffered.clientPort))
    }

    @Test func responseHeadersReadFromManyTasksAgree() async throws {
        let response = try await server.client().response(for: Endpoint<Echo>.get("/echo"))
        let readings = await withTaskGroup(of: HeaderFields.self) { group in
            for _ in 0..<20 { group.addTask { response.http.headers } }
            return await group.reduce(into: [HeaderFields]()) { $0.append($1) }
        }
        #expect(Set(readings).count == 1)
        #expect(readings.first?["Content-Type"] == "application/json")
        // Sorted by name, so the order is stable from one run to the next.
        let names = response.http.headers.map(\.name)
        #expect(names == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        var edited = response.http
        edited.headers["Content-Type"] = "text/plain"
        #expect(edited.headers["content-type"] == "text/plain")
        #expect(response.http.headers["content-type"] == "application/json")
    }

    /// The transport works on its own copy of the configuration: on Linux it drops the URL cache
    /// from the copy (see the conformance case with six thousand cancellations), and the
    /// caller's configuration keeps its own.
    @Test func theCallersConfigurationIsLeftAsItWas() async throws {
        let configuration = URLSessionTransport.defaultConfiguration()
        let cache = URLCache(memoryCapacity: 1 << 20, diskCapacity: 0, diskPath: nil)
        configuration.urlCache = cache
        let client = server.client { $0.transport = URLSessionTransport(configuration: configuration) }
        _ = try await client.send(Endpoint<Echo>.get("/echo"))
        #expect(configuration.urlCache === cache)
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

    #if !canImport(FoundationNetworking)
        // Linux's Foundation has no `waitsForConnectivity` (no connectivity monitor).
        @Test func waitingForConnectivityIsOptIn() {
            #expect(URLSessionTransport.defaultConfiguration().waitsForConnectivity == false)
            #expect(URLSessionTransport.defaultConfiguration(waitsForConnectivity: true).waitsForConnectivity == true)
        }
    #endif
}
