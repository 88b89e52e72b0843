public import Courier
public import Foundation

/// The loopback server in `Tests/Server/server.py`, started once per test process on a free port.
///
/// The server exits when its standard input closes, which happens when this process exits, so
/// no server outlives the tests.
public final class TestServer: Sendable {
    /// The shared server for this test process.
    public static let shared = TestServer(script: "server.py")
    /// A second server on another port, for cross-origin redirects.
    public static let second = TestServer(script: "server.py")

    /// Where the server listens.
    public let baseURL: URL
    private let process: Process
    private let input: Pipe

    private init(script: String) {
        let serverDirectory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Server")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", serverDirectory.appendingPathComponent(script).path, "--port", "0"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            fatalError("Could not start the test server (is python3 installed?): \(error)")
        }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { fatalError("The test server exited before printing its port.") }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let port = text.split(separator: " ").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        else { fatalError("Unexpected first line from the test server: \(text)") }
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
        self.process = process
        self.input = input
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

