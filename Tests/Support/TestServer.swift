public import Courier
public import Foundation
import LoopbackServer

/// The loopback server in `Tests/Server/server.py`, started once per test process on a free port.
public final class TestServer: Sendable {
    /// The shared server for this test process.
    public static let shared = TestServer()
    /// A second server on another port, for cross-origin redirects.
    public static let second = TestServer()

    /// Where the server listens.
    public let baseURL: URL
    private let server: PythonServer

    private init() {
        do {
            server = try PythonServer(script: "server.py", arguments: ["--port", "0"])
        } catch {
            fatalError("Could not start the test server (is python3 installed?): \(error)")
        }
        baseURL = server.url("PORT")
    }

    /// A client for this server with Courier's defaults.
    public func client(_ configure: (inout APIClient.Configuration) -> Void = { _ in }) -> APIClient {
        APIClient(baseURL: baseURL, configure)
    }

    /// How many requests reached a path (query ignored).
    public func hits(_ path: String) async throws -> Int {
        struct Hits: Decodable { var hits: Int }
        return try await client().send(Endpoint<Hits>.get("/__hits").query("path", path)).hits
    }
}
