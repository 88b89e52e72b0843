public import Foundation

/// Starts one of the Python servers in `Tests/Server` on loopback and reads the ports it prints.
///
/// The demos and the test suite both run their servers through it. The server exits when its
/// standard input closes, which happens when this process exits or calls ``stop()``, so no
/// server outlives its user. It needs python3 and the package's source tree.
public final class PythonServer: Sendable {
    /// The `name=port` pairs from the server's first line (`PORT 1234` gives `["PORT": 1234]`).
    public let ports: [String: Int]
    private let process: Process
    private let input: Pipe

    /// The folder that holds the servers.
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Server")

    /// Starts a server script.
    /// - Parameters:
    ///   - script: The file in `Tests/Server`, such as `friends_server.py`.
    ///   - arguments: Extra arguments for the script.
    /// - Throws: When python3 cannot be started or the server prints no ports.
    public init(script: String, arguments: [String] = []) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.directory.appendingPathComponent(script).path] + arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                throw CocoaError(
                    .fileReadCorruptFile,
                    userInfo: [NSLocalizedDescriptionKey: "\(script) exited before printing its ports."])
            }
            line.append(chunk)
        }
        // `PORT 1234` or `PORTS auth=1 api=2`.
        let words = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        var ports: [String: Int] = [:]
        if words.count == 2, let port = Int(words[1]) {
            ports["PORT"] = port
        } else {
            for pair in words.dropFirst() {
                let parts = pair.split(separator: "=")
                if parts.count == 2, let port = Int(parts[1]) { ports[String(parts[0])] = port }
            }
        }
        self.ports = ports
        self.process = process
        self.input = input
    }

    /// The loopback URL of a port, with an optional path.
    /// - Parameters:
    ///   - name: The port's name.
    ///   - path: A path to append, such as `/v1`.
    /// - Returns: The URL.
    public func url(_ name: String, path: String = "") -> URL {
        URL(string: "http://127.0.0.1:\(ports[name] ?? 0)\(path)")!
    }

    /// Stops the server and waits until it has exited, so that its ports are closed when this
    /// returns (a request sent just after a bare `terminate()` could still be answered).
    public func stop() {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }
}
