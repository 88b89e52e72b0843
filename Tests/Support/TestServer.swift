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
    /// The client the control requests share (whether an answer is held, releasing it, counts):
    /// a test polls them in a loop, and a client each would open sessions and connections by
    /// the thousand on a loaded machine.
    private let control: APIClient

    private init() {
        do {
            server = try PythonServer(script: "server.py", arguments: ["--port", "0"])
        } catch {
            fatalError("Could not start the test server (is python3 installed?): \(error)")
        }
        baseURL = server.url("PORT")
        control = APIClient(baseURL: baseURL) { $0.coalescesRequests = false }
    }

    /// A client for this server with Courier's defaults.
    public func client(_ configure: (inout APIClient.Configuration) -> Void = { _ in }) -> APIClient {
        APIClient(baseURL: baseURL, configure)
    }

    /// Releases the answers the server holds for `gate` (the `gate` query item of `/slow`,
    /// `/stall`, `/coalesce/…` and `/stream/chunks`).
    public func release(_ gate: String) async throws {
        _ = try await control.send(Endpoint<Data>.get("/stream/release").query("id", gate))
    }

    /// Whether the server is holding an answer for `gate` now: the request has arrived, and its
    /// answer waits for ``release(_:)``.
    public func isHolding(_ gate: String) async throws -> Bool {
        struct Held: Decodable { var held: Bool }
        return try await control.send(Endpoint<Held>.get("/stream/progress").query("id", gate).option(.notCoalesced))
            .held
    }

    /// Whether the client closed the connection of an answer held for `gate` (on `/slow`,
    /// `/stall` or `/coalesce/…`) while it was held: the request itself was cancelled, not only
    /// its caller. Waits until the answer is no longer held; the server gives up on a gate after
    /// 30 s, so a connection left open is `false`, not a hang.
    public func connectionClosedWhileHeld(_ gate: String) async throws -> Bool {
        struct Held: Decodable { var closed: Bool? }
        let endpoint = Endpoint<Held>.get("/stream/progress").query("id", gate).query("closed", 1)
        return try await control.send(endpoint.option(.notCoalesced).timeout(.seconds(90))).closed == true
    }

    /// How many requests reached a path (query ignored).
    public func hits(_ path: String) async throws -> Int {
        struct Hits: Decodable { var hits: Int }
        return try await control.send(Endpoint<Hits>.get("/__hits").query("path", path)).hits
    }
}
