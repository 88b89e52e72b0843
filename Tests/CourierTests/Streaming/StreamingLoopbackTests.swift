import Courier
import CourierTestSupport
import Foundation
import Testing

/// Streaming responses, typed event streams, uploads, downloads and multipart, against the
/// loopback server (`Tests/Server/streaming.py`).
@Suite(.timeLimit(.minutes(2))) struct StreamingLoopbackTests {
    let server = TestServer.shared

    struct Tick: Decodable, Sendable, Equatable {
        var index: Int
        var text: String
    }

    @Test func aSlowProducersChunksArriveAsTheyAreSent() async throws {
        let streaming = try await server.client().stream(
            Endpoint<EmptyResponse>.get("/stream/chunks").query("count", 5).query("size", 1000).query("delay", 0.3))
        #expect(streaming.status == 200)
        var chunks = streaming.body.makeAsyncIterator()
        let first = try await chunks.next()
        // The first chunk is handed out while the server is still producing the rest.
        #expect(first == Data(repeating: 0, count: 1000))
        var received = first ?? Data()
        while let chunk = try await chunks.next() { received.append(chunk) }
        let expected = (0..<5).reduce(into: Data()) { $0.append(Data(repeating: UInt8($1), count: 1000)) }
        #expect(received == expected)
    }

    @Test func aSlowConsumerGetsEveryByteInOrder() async throws {
        let total = 64 << 20
        let streaming = try await server.client().stream(
            Endpoint<EmptyResponse>.get("/stream/bytes").query("bytes", total))
        #expect(streaming.expectedLength == Int64(total))
        var chunks = streaming.body.makeAsyncIterator()
        var offset = 0
        var mismatch: Int?
        while let chunk = try await chunks.next() {
            if offset == 0 { try await Task.sleep(for: .seconds(1)) }  // The server runs ahead.
            for byte in chunk {
                if mismatch == nil, Int(byte) != offset % 251 { mismatch = offset }
                offset += 1
            }
        }
        #expect(offset == total)
        #expect(mismatch == nil)
    }

    @Test(arguments: [false, true])
    func serverSentEventsDecodeIntoTypedValuesUntilTheTerminator(crlf: Bool) async throws {
        let endpoint = Endpoint<Tick>.get("/stream/sse").query("events", 4).query("done", 1)
            .query("crlf", crlf ? 1 : 0)
        var ticks: [Tick] = []
        for try await tick in try await server.client().events(endpoint, format: .serverSentEvents(terminator: "[DONE]")) {
            ticks.append(tick)
        }
        #expect(ticks == (0..<4).map { Tick(index: $0, text: "event \($0)") })
    }

    @Test func rawServerSentEventsKeepTheirFields() async throws {
        let streaming = try await server.client().stream(Endpoint<EmptyResponse>.get("/stream/sse").query("events", 3))
        var events: [ServerSentEvent] = []
        for try await event in streaming.body.serverSentEvents() { events.append(event) }
        #expect(events.map(\.event) == ["tick", "message", "tick"])
        #expect(events.map(\.id) == ["0", "0", "2"])
        #expect(events[1].data == "{\"index\": 1,\n\"text\": \"event 1\"}")
    }

    @Test func aStreamCutMidEventFailsAfterTheWholeEvents() async throws {
        let endpoint = Endpoint<Tick>.get("/stream/sse").query("events", 2).query("cut", 1)
        var ticks: [Tick] = []
        await #expect {
            for try await tick in try await server.client().events(endpoint, format: .serverSentEvents()) {
                ticks.append(tick)
            }
        } throws: { error in
            switch error as? ServiceError {
            case .transport, .notConnected: true
            default: false
            }
        }
        #expect(ticks.map(\.index) == [0, 1])
    }

    @Test func anErrorStatusBeforeAnyByteThrowsTheDecodedServerError() async throws {
        let error = await #expect(throws: ServiceError.self) {
            _ = try await server.client().stream(Endpoint<EmptyResponse>.get("/stream/fail"))
        }
        guard case .server(let failure) = error else {
            Issue.record("Expected a server error, got \(String(describing: error))")
            return
        }
        #expect(failure.response.status == 500)
        #expect(failure.message == "The stream could not start")
    }

    @Test func cancellingTheConsumingTaskCancelsTheRequestPromptly() async throws {
        let client = server.client()
        let firstChunk = AsyncStream.makeStream(of: Void.self)
        let consumer = Task {
            let streaming = try await client.stream(
                Endpoint<EmptyResponse>.get("/stream/chunks").query("count", 100).query("delay", 0.2))
            for try await _ in streaming.body { firstChunk.continuation.yield() }
        }
        var signals = firstChunk.stream.makeAsyncIterator()
        _ = await signals.next()
        let start = ContinuousClock.now
        consumer.cancel()
        let result = await consumer.result
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(throws: ServiceError.self) { try result.get() }
        if case .failure(let error) = result, let serviceError = error as? ServiceError {
            #expect({ if case .cancelled = serviceError { true } else { false } }())
        }
        #expect(client.inFlightRequests.isEmpty)
    }

    @Test func jsonLinesAndJSONTextSequencesDecodeEachRecord() async throws {
        let client = server.client()
        var lines: [Tick] = []
        for try await tick in try await client.events(
            Endpoint<Tick>.get("/stream/jsonl").query("count", 3), format: .jsonLines)
        {
            lines.append(tick)
        }
        #expect(lines == (0..<3).map { Tick(index: $0, text: "line \($0)") })
        var records: [Tick] = []
        for try await tick in try await client.events(
            Endpoint<Tick>.get("/stream/json-seq").query("count", 3), format: .jsonSequence)
        {
            records.append(tick)
        }
        #expect(records == (0..<3).map { Tick(index: $0, text: "record \($0)") })
    }

    @Test func aRecordOfTheWrongShapeIsADecodingErrorWithItsText() async throws {
        struct Wrong: Decodable, Sendable { var missing: String }
        let error = await #expect(throws: ServiceError.self) {
            for try await _ in try await server.client().events(
                Endpoint<Wrong>.get("/stream/jsonl").query("count", 2), format: .jsonLines)
            {}
        }
        guard case .decoding(let failure) = error else {
            Issue.record("Expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(String(decoding: failure.response.body, as: UTF8.self) == "{\"index\": 0, \"text\": \"line 0\"}")
        #expect(failure.codingPath == "missing")
    }

    @Test func middlewareRunsAndRetriesBeforeTheFirstByte() async throws {
        let namespace = UUID().uuidString
        let client = server.client {
            $0.middlewares = [
                RetryMiddleware(sleep: { _ in }),
                RequestParametersMiddleware { $0.headers["X-Stream-Test"] = "yes" },
            ]
        }
        let streaming = try await client.stream(
            Endpoint<EmptyResponse>.get("/flaky/\(namespace)").query("failures", 1))
        let body = try await streaming.body.collect()
        #expect(String(decoding: body, as: UTF8.self).contains("\"attempt\": 2"))
        let echo = try await client.stream(Endpoint<EmptyResponse>.get("/echo")).body.collect()
        #expect(String(decoding: echo, as: UTF8.self).contains("\"x-stream-test\": \"yes\""))
    }

    @Test func aDownloadIsWrittenToAFileAndMovedIntoPlace() async throws {
        let total = 200 << 20
        let directory = try TemporaryDirectory()
        let destination = directory.url.appendingPathComponent("download.bin")
        try Data("old".utf8).write(to: destination)
        let reports = ProgressLog()
        let response = try await server.client().download(
            Endpoint<EmptyResponse>.get("/stream/bytes").query("bytes", total), to: destination, progress: reports.add)
        #expect(response.value == destination)
        #expect(try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int == total)
        #expect(try directory.contents() == ["download.bin"])
        struct Digest: Decodable { var sha256: String }
        let expected = try await server.client().send(
            Endpoint<Digest>.get("/stream/bytes-sha256").query("bytes", total))
        #expect(try SHA256File.hex(of: destination) == expected.sha256)
        #expect(reports.last == TransferProgress(completedBytes: Int64(total), totalBytes: Int64(total)))
        #expect(reports.isIncreasing)
    }

    @Test func aFailedDownloadLeavesTheDestinationAsItWas() async throws {
        let directory = try TemporaryDirectory()
        let destination = directory.url.appendingPathComponent("keep.txt")
        try Data("old".utf8).write(to: destination)
        await #expect(throws: ServiceError.self) {
            try await server.client().download(
                Endpoint<EmptyResponse>.get("/stream/sse").query("events", 1).query("cut", 1), to: destination)
        }
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(try directory.contents() == ["keep.txt"])
    }

    struct Uploaded: Decodable, Sendable {
        var sha256: String
        var bytes: Int
        var chunked: Bool
        var content_type: String?
    }

    @Test func aFileIsUploadedFromDiskWithProgress() async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.makeFile("upload.bin", bytes: 200 << 20)
        let reports = ProgressLog()
        let uploaded = try await server.client().send(
            Endpoint<Uploaded>.post("/stream/upload", body: .file(file, contentType: "video/mp4")),
            uploadProgress: reports.add)
        #expect(uploaded.bytes == 200 << 20)
        #expect(uploaded.sha256 == (try SHA256File.hex(of: file)))
        #expect(!uploaded.chunked)
        #expect(uploaded.content_type == "video/mp4")
        #expect(reports.last == TransferProgress(completedBytes: 200 << 20, totalBytes: 200 << 20))
        #expect(reports.isIncreasing)
    }

    @Test func aSequenceIsUploadedWithItsLength() async throws {
        let pieces = (0..<64).map { Data(repeating: UInt8($0), count: 64 * 1024) }
        let chunks = AsyncStream<Data> { continuation in
            for piece in pieces { continuation.yield(piece) }
            continuation.finish()
        }
        let reports = ProgressLog()
        let uploaded = try await server.client().send(
            Endpoint<Uploaded>.post("/stream/upload", body: .stream(chunks)), uploadProgress: reports.add)
        let whole = pieces.reduce(into: Data()) { $0.append($1) }
        #expect(uploaded.bytes == whole.count)
        #expect(uploaded.sha256 == SHA256File.hex(of: whole))
        #expect(!uploaded.chunked)
        #expect(reports.last == TransferProgress(completedBytes: Int64(whole.count), totalBytes: Int64(whole.count)))
    }

    @Test func aMultipartFormIsReadBackByPythonsEmailParser() async throws {
        struct Parsed: Decodable, Sendable {
            struct Part: Decodable, Sendable {
                var name: String?
                var filename: String?
                var content_type: String?
                var size: Int
                var sha256: String
                var text: String?
            }
            var parts: [Part]
            var defects: [String]
        }
        struct Metadata: Encodable, Sendable { var tags: [String] }
        let directory = try TemporaryDirectory()
        let file = try directory.makeFile("clip.bin", bytes: 12 << 20)
        var form = MultipartForm()
        form.append("purpose", "fine-tune")
        form.append("metadata", json: Metadata(tags: ["a", "b"]))
        form.append("a \"quoted\" name", "x")
        form.append("notes", data: Data("über".utf8), filename: "grüße\\n.txt", contentType: "text/plain; charset=utf-8")
        form.append("file", file: file, contentType: "audio/mpeg")
        let parsed = try await server.client().send(
            Endpoint<Parsed>.post("/stream/multipart", body: .multipart(form)))
        #expect(parsed.defects.isEmpty)
        #expect(parsed.parts.map(\.name) == ["purpose", "metadata", "a %22quoted%22 name", "notes", "file"])
        #expect(parsed.parts[0].text == "fine-tune")
        #expect(parsed.parts[1].text == "{\"tags\":[\"a\",\"b\"]}")
        #expect(parsed.parts[1].content_type == "application/json")
        #expect(parsed.parts[3].filename == "grüße\\n.txt")
        #expect(parsed.parts[3].text == "über")
        #expect(parsed.parts[4].filename == "clip.bin")
        #expect(parsed.parts[4].content_type == "audio/mpeg")
        #expect(parsed.parts[4].size == 12 << 20)
        #expect(parsed.parts[4].sha256 == (try SHA256File.hex(of: file)))
    }
}

/// Progress reports, recorded from any thread.
final class ProgressLog: @unchecked Sendable {
    // @unchecked: `reports` is touched only under `lock`.
    private let lock = NSLock()
    private var reports: [TransferProgress] = []
    var add: TransferProgressHandler { { progress in self.lock.withLock { self.reports.append(progress) } } }
    var last: TransferProgress? { lock.withLock { reports.last } }
    var isIncreasing: Bool {
        lock.withLock { zip(reports, reports.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes } }
    }
}

/// A folder removed when the test ends.
final class TemporaryDirectory: Sendable {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// A file of pseudo-random bytes, written a megabyte at a time.
    func makeFile(_ name: String, bytes: Int) throws -> URL {
        let file = url.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var generator = SplitMix64(seed: UInt64(bytes))
        var written = 0
        while written < bytes {
            let count = min(1 << 20, bytes - written)
            var block = [UInt8](repeating: 0, count: count)
            for index in stride(from: 0, to: count, by: 8) {
                let value = generator.next()
                for offset in 0..<min(8, count - index) { block[index + offset] = UInt8(truncatingIfNeeded: value >> (offset * 8)) }
            }
            try handle.write(contentsOf: Data(block))
            written += count
        }
        return file
    }
}

struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// SHA-256 digests, computed by Python's hashlib (the package has no hashing of its own).
enum SHA256File {
    static func hex(of file: URL) throws -> String {
        try run(["-c", "import hashlib,sys;h=hashlib.sha256();f=open(sys.argv[1],'rb')\nfor b in iter(lambda:f.read(1<<20),b''):h.update(b)\nprint(h.hexdigest())", file.path])
    }

    static func hex(of data: Data) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try data.write(to: directory)
            return try hex(of: directory)
        } catch {
            return "unavailable: \(error)"
        }
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
