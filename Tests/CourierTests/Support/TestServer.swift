import Courier
import Foundation

/// The loopback server in `Tests/Server/server.py`, started once per test process on a free port.
///
/// The server exits when its standard input closes, which happens when this process exits, so
/// no server outlives the tests.
final class TestServer: Sendable {
    static let shared = TestServer(script: "server.py")

    let baseURL: URL
    private let process: Process
    private let input: Pipe

    private init(script: String) {
        let serverDirectory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
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
    func client(_ configure: (inout APIClient.Configuration) -> Void = { _ in }) -> APIClient {
        APIClient(baseURL: baseURL, configure)
    }

    /// How many requests reached a path (query ignored).
    func hits(_ path: String) async throws -> Int {
        struct Hits: Decodable { var hits: Int }
        return try await client().send(Endpoint<Hits>.get("/__hits").query("path", path)).hits
    }
}

/// What the server's `/echo` route saw.
struct Echo: Decodable, Sendable {
    var method: String
    var path: String
    var rawQuery: String
    var query: [String: [String]]
    var headers: [String: String]
    var body: String?
    var bodyBase64: String
}

/// The sample user the server returns.
struct User: Codable, Sendable, Hashable {
    var id: Int
    var name: String
    var email: String?
    var createdAt: Date
}
