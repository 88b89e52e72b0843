public import Courier
public import Foundation

/// Progress reports, recorded from any thread.
public final class ProgressLog: @unchecked Sendable {
    // @unchecked: `reports` is touched only under `lock`.
    private let lock = NSLock()
    private var reports: [TransferProgress] = []
    public init() {}
    public var add: TransferProgressHandler { { progress in self.lock.withLock { self.reports.append(progress) } } }
    public var last: TransferProgress? { lock.withLock { reports.last } }
    public var isIncreasing: Bool {
        lock.withLock { zip(reports, reports.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes } }
    }
}

/// A folder removed when the test ends.
public final class TemporaryDirectory: Sendable {
    public let url: URL
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// A file of pseudo-random bytes, written a megabyte at a time off the tasks' threads.
    public func makeFile(_ name: String, bytes: Int) async throws -> URL {
        let file = url.appendingPathComponent(name)
        try await offThePool {
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            var generator = SplitMix64(seed: UInt64(bytes))
            var block = [UInt64](repeating: 0, count: 1 << 17)
            for index in block.indices { block[index] = generator.next() }
            var written = 0
            while written < bytes {
                // Each megabyte differs from the others: its first word counts them.
                block[0] = UInt64(written) ^ generator.next()
                let count = min(1 << 20, bytes - written)
                try handle.write(contentsOf: block.withUnsafeBytes { Data($0.prefix(count)) })
                written += count
            }
        }
        return file
    }
}

/// Runs blocking work (files, processes, a generator run) on a thread of its own, so that the
/// few threads that run tasks stay free for the timing-sensitive tests that run alongside. (Not
/// on a dispatch queue: on Linux the tasks' threads come from the same capped pool.)
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// SHA-256 digests, computed by Python's hashlib (the package has no hashing of its own).
public enum SHA256File {
    public static func hex(of file: URL) async throws -> String {
        try await offThePool {
            try run([
                "-c",
                "import hashlib,sys;h=hashlib.sha256();f=open(sys.argv[1],'rb')\nfor b in iter(lambda:f.read(1<<20),b''):h.update(b)\nprint(h.hexdigest())",
                file.path,
            ])
        }
    }

    public static func hex(of data: Data) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try data.write(to: file)
        return try await hex(of: file)
    }

    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Runs the suite's large transfers one at a time: run together, they fill both cores of a CI
/// machine and delay the timers of unrelated tests that measure time.
public enum LargeTransfers {
    /// How many bytes a large transfer moves: several hundred megabytes, far more than the
    /// megabyte a streamed body may hold in memory.
    public static let bytes = 300 << 20

    private static let gate = Gate()

    /// Runs `body` when no other large transfer is running.
    public static func oneAtATime<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        await gate.enter()
        do {
            let value = try await body()
            await gate.leave()
            return value
        } catch {
            await gate.leave()
            throw error
        }
    }

    private actor Gate {
        private var busy = false
        private var waiters: [CheckedContinuation<Void, Never>] = []

        func enter() async {
            if !busy {
                busy = true
                return
            }
            await withCheckedContinuation { waiters.append($0) }
        }

        func leave() {
            if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
        }
    }
}
