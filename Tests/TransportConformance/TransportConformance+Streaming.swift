import Courier
import CourierTestSupport
import Foundation
import Testing

/// Streaming responses, typed event streams, uploads, downloads and multipart forms, against
/// the loopback server's streaming routes (`Tests/Server/streaming.py`).
extension TransportConformance {
    struct Tick: Decodable, Sendable, Equatable {
        var index: Int
        var text: String
    }
    struct Uploaded: Decodable, Sendable {
        var sha256: String
        var bytes: Int
        var chunked: Bool
        var contentType: String?
        enum CodingKeys: String, CodingKey {
            case sha256, bytes, chunked
            case contentType = "content_type"
        }
    }

    static let streamingCases: [TransportConformance] = [
        TransportConformance("a slow producer's chunks arrive as they are sent") { environment in
            // The server sends the first chunk, then holds the rest back until it is released (or
            // for 30 s): a transport that waited for more than the first chunk would hand over
            // all six together, late.
            let gate = UUID().uuidString
            let client = environment.client()
            let streaming = try await client.stream(
                Endpoint<EmptyResponse>.get("/stream/chunks").query("count", 6).query("size", 1000)
                    .query("delay", 0.05).query("gate", gate))
            #expect(streaming.status == 200)
            var chunks = streaming.body.makeAsyncIterator()
            let first = try await chunks.next()
            #expect(first == Data(repeating: 0, count: 1000))
            _ = try await client.send(Endpoint<Data>.get("/stream/release").query("id", gate))
            var received = first ?? Data()
            while let chunk = try await chunks.next() { received.append(chunk) }
            let expected = (0..<6).reduce(into: Data()) { $0.append(Data(repeating: UInt8($1), count: 1000)) }
            #expect(received == expected)
        },
        TransportConformance("a slow consumer gets every byte, in order") { environment in
            try await LargeTransfers.oneAtATime {
                let total = LargeTransfers.bytes
                let streaming = try await environment.client().stream(
                    Endpoint<EmptyResponse>.get("/stream/bytes").query("bytes", total))
                #expect(streaming.expectedLength == Int64(total))
                var chunks = streaming.body.makeAsyncIterator()
                // Byte i of the body is i % 251: one pattern, sliced at each chunk's offset.
                let pattern = Data((0..<(251 + (1 << 20))).map { UInt8($0 % 251) })
                var offset = 0
                var mismatch: Int?
                while let chunk = try await chunks.next() {
                    if offset == 0 { try await Task.sleep(for: .seconds(1)) }  // The server runs ahead.
                    var start = 0
                    while start < chunk.count {
                        let count = min(1 << 20, chunk.count - start)
                        let expected = pattern[(offset % 251)..<(offset % 251 + count)]
                        if mismatch == nil,
                            chunk[chunk.startIndex + start..<chunk.startIndex + start + count] != expected
                        {
                            mismatch = offset
                        }
                        start += count
                        offset += count
                    }
                }
                #expect(offset == total)
                #expect(mismatch == nil)
            }
        },
        TransportConformance("server-sent events decode into typed values until the terminator, with LF and CRLF") {
            environment in
            for crlf in [false, true] {
                let endpoint = Endpoint<Tick>.get("/stream/sse").query("events", 4).query("done", 1)
                    .query("crlf", crlf ? 1 : 0)
                var ticks: [Tick] = []
                for try await tick in try await environment.client().events(
                    endpoint, format: .serverSentEvents(terminator: "[DONE]"))
                {
                    ticks.append(tick)
                }
                #expect(ticks == (0..<4).map { Tick(index: $0, text: "event \($0)") })
            }
        },
        TransportConformance("raw server-sent events keep their fields") { environment in
            let client = environment.client()
            var events: [ServerSentEvent] = []
            for try await event in try await client.serverSentEvents(
                Endpoint<EmptyResponse>.get("/stream/sse").query("events", 3))
            {
                events.append(event)
            }
            #expect(events.map(\.event) == ["tick", "message", "tick"])
            #expect(events.map(\.id) == ["0", "0", "2"])
            #expect(events[1].data == "{\"index\": 1,\n\"text\": \"event 1\"}")
            // A JSON answer is not an event stream: the server's error, with its body, not zero events.
            let error = await #expect(throws: ServiceError.self) {
                _ = try await client.serverSentEvents(Endpoint<EmptyResponse>.get("/user"))
            }
            guard case .server(let failure) = error else {
                Issue.record("Expected the server's error, got \(String(describing: error))")
                return
            }
            #expect(failure.response.status == 200 && failure.isSuccessfulError)
            #expect(failure.response.body.bufferedData?.isEmpty == false)
        },
        TransportConformance("a stream cut mid-event fails after the whole events") { environment in
            let endpoint = Endpoint<Tick>.get("/stream/sse").query("events", 2).query("cut", 1)
            var ticks: [Tick] = []
            await #expect {
                for try await tick in try await environment.client().events(endpoint, format: .serverSentEvents()) {
                    ticks.append(tick)
                }
            } throws: { error in
                switch error as? ServiceError {
                case .transport, .notConnected: true
                default: false
                }
            }
            #expect(ticks.map(\.index) == [0, 1])
        },
        TransportConformance("an error status before any byte throws the decoded server error") { environment in
            let error = await #expect(throws: ServiceError.self) {
                _ = try await environment.client().stream(Endpoint<EmptyResponse>.get("/stream/fail"))
            }
            guard case .server(let failure) = error else {
                Issue.record("Expected a server error, got \(String(describing: error))")
                return
            }
            #expect(failure.response.status == 500)
            #expect(failure.message == "The stream could not start")
        },
        TransportConformance("cancelling the consuming task cancels the request promptly") { environment in
            let client = environment.client()
            let firstChunk = AsyncStream.makeStream(of: Void.self)
            // The rest of the body waits (30 s) after the first chunk: it cannot end first, however
            // long the machine takes to deliver that chunk.
            let gate = UUID().uuidString
            let consumer = Task {
                let streaming = try await client.stream(
                    Endpoint<EmptyResponse>.get("/stream/chunks").query("count", 100).query("gate", gate))
                for try await _ in streaming.body { firstChunk.continuation.yield() }
            }
            var signals = firstChunk.stream.makeAsyncIterator()
            _ = await signals.next()
            consumer.cancel()
            let result = await consumer.result
            let closed = try await environment.server.connectionClosedWhileHeld(gate)
            #expect(closed, "The server never saw the connection close while it held the body back")
            #expect(throws: ServiceError.self) { try result.get() }
            if case .failure(let error) = result, let serviceError = error as? ServiceError {
                #expect({ if case .cancelled = serviceError { true } else { false } }())
            }
            #expect(client.inFlightRequests.isEmpty)
        },
        TransportConformance(
            "a streamed call stays listed while its body is read, and cancelling it by id ends the read"
        ) { environment in
            let client = environment.client()
            // The rest of the body waits (30 s) after the first chunk, so the body is still arriving
            // when it is cancelled, however long the machine takes to deliver that chunk. (With
            // delays instead, a machine stalled for the whole body got it at once, and its end.)
            let gate = UUID().uuidString
            let streaming = try await client.stream(
                Endpoint<EmptyResponse>.get("/stream/chunks").query("count", 50).query("gate", gate))
            let listed = client.inFlightRequests
            #expect(listed.count == 1)
            let id = try #require(listed.first?.id)
            let firstChunk = AsyncStream.makeStream(of: Void.self)
            let reader = Task {
                var chunks = streaming.body.makeAsyncIterator()
                var count = 0
                while try await chunks.next() != nil {
                    count += 1
                    firstChunk.continuation.yield()
                }
                return count
            }
            var signals = firstChunk.stream.makeAsyncIterator()
            _ = await signals.next()
            #expect(client.inFlightRequests.map(\.id) == [id])
            // The reader now waits for a chunk the server holds back.
            #expect(client.cancelRequest(id: id))
            let result = await reader.result
            #expect(try await environment.server.connectionClosedWhileHeld(gate))
            if case .failure(ServiceError.cancelled) = result {
            } else {
                Issue.record("Expected the read to throw cancelled, got \(result)")
            }
            #expect(client.inFlightRequests.isEmpty)
            #expect(!client.cancelRequest(id: id))
        },
        TransportConformance("a streamed call leaves the list when its body ends, fails or is dropped") { environment in
            let client = environment.client()
            let endpoint = Endpoint<EmptyResponse>.get("/stream/chunks").query("count", 3)
            let read = try await client.stream(endpoint)
            #expect(client.inFlightRequests.count == 1)
            _ = try await read.body.collect(upTo: 1 << 24)
            #expect(client.inFlightRequests.isEmpty)
            let cut = try await client.stream(
                Endpoint<EmptyResponse>.get("/stream/sse").query("events", 2).query("cut", 1))
            await #expect(throws: ServiceError.self) { _ = try await cut.body.collect(upTo: 1 << 24) }
            #expect(client.inFlightRequests.isEmpty)
            do {
                let dropped = try await client.stream(endpoint)
                #expect(dropped.status == 200 && client.inFlightRequests.count == 1)
            }
            #expect(client.inFlightRequests.isEmpty)
        },
        TransportConformance("JSON Lines and JSON text sequences decode each record") { environment in
            let client = environment.client()
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
        },
        TransportConformance("a record of the wrong shape is a decoding error with its text") { environment in
            struct Wrong: Decodable, Sendable { var missing: String }
            let error = await #expect(throws: ServiceError.self) {
                for try await _ in try await environment.client().events(
                    Endpoint<Wrong>.get("/stream/jsonl").query("count", 2), format: .jsonLines)
                {}
            }
            guard case .decoding(let failure) = error else {
                Issue.record("Expected a decoding error, got \(String(describing: error))")
                return
            }
            #expect(
                String(decoding: failure.response.body.bufferedData ?? Data(), as: UTF8.self)
                    == "{\"index\": 0, \"text\": \"line 0\"}")
            #expect(failure.codingPath == "missing")
        },
        TransportConformance("middleware runs, and retries before the first byte") { environment in
            let namespace = UUID().uuidString
            let client = environment.client {
                $0.middlewares = [
                    RetryMiddleware(sleep: { _ in }),
                    RequestParametersMiddleware { $0.headers["X-Stream-Test"] = "yes" },
                ]
            }
            let streaming = try await client.stream(
                Endpoint<EmptyResponse>.get("/flaky/\(namespace)").query("failures", 1))
            let body = try await streaming.body.collect(upTo: 1 << 24)
            #expect(String(decoding: body, as: UTF8.self).contains("\"attempt\": 2"))
            let echo = try await client.stream(Endpoint<EmptyResponse>.get("/echo")).body.collect(upTo: 1 << 24)
            #expect(String(decoding: echo, as: UTF8.self).contains("\"x-stream-test\": \"yes\""))
        },
        TransportConformance("a download is written to a file and moved into place") { environment in
            try await LargeTransfers.oneAtATime {
                let total = LargeTransfers.bytes
                let directory = try TemporaryDirectory()
                let destination = directory.url.appendingPathComponent("download.bin")
                try Data("old".utf8).write(to: destination)
                let reports = ProgressLog()
                let response = try await environment.client().download(
                    Endpoint<EmptyResponse>.get("/stream/bytes").query("bytes", total), to: destination,
                    progress: reports.add)
                #expect(response.value == destination)
                #expect(try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int == total)
                #expect(try directory.contents() == ["download.bin"])
                struct Digest: Decodable { var sha256: String }
                let expected = try await environment.client().send(
                    Endpoint<Digest>.get("/stream/bytes-sha256").query("bytes", total))
                #expect(try await SHA256File.hex(of: destination) == expected.sha256)
                #expect(reports.last == TransferProgress(completedBytes: Int64(total), totalBytes: Int64(total)))
                #expect(reports.isIncreasing)
            }
        },
        TransportConformance("a failed download leaves the destination as it was") { environment in
            let directory = try TemporaryDirectory()
            let destination = directory.url.appendingPathComponent("keep.txt")
            try Data("old".utf8).write(to: destination)
            await #expect(throws: ServiceError.self) {
                try await environment.client().download(
                    Endpoint<EmptyResponse>.get("/stream/sse").query("events", 1).query("cut", 1), to: destination)
            }
            #expect(try Data(contentsOf: destination) == Data("old".utf8))
            #expect(try directory.contents() == ["keep.txt"])
        },
        TransportConformance("a file is uploaded from disk with progress") { environment in
            try await LargeTransfers.oneAtATime {
                let directory = try TemporaryDirectory()
                let total = LargeTransfers.bytes
                let file = try await directory.makeFile("upload.bin", bytes: total)
                let reports = ProgressLog()
                let uploaded = try await environment.client().send(
                    Endpoint<Uploaded>.post("/stream/upload", body: .file(file, contentType: "video/mp4")),
                    progress: reports.add)
                #expect(uploaded.bytes == total)
                #expect(uploaded.sha256 == (try await SHA256File.hex(of: file)))
                #expect(!uploaded.chunked)
                #expect(uploaded.contentType == "video/mp4")
                #expect(reports.last == TransferProgress(completedBytes: Int64(total), totalBytes: Int64(total)))
                #expect(reports.isIncreasing)
            }
        },
        TransportConformance("a body in memory is uploaded with progress") { environment in
            let body = Data((0..<(3 << 20)).map { UInt8($0 % 251) })
            let reports = ProgressLog()
            let uploaded = try await environment.client().send(
                Endpoint<Uploaded>.post("/stream/upload", body: .data(body, contentType: "application/octet-stream")),
                progress: reports.add)
            #expect(uploaded.bytes == body.count)
            #expect(reports.last == TransferProgress(completedBytes: Int64(body.count), totalBytes: Int64(body.count)))
            #expect(reports.isIncreasing)
        },
        TransportConformance("a gzip response is asked for and decompressed") { environment in
            let response = try await environment.client().response(
                for: Endpoint<[User]>.get("/gzip").query("users", 500))
            #expect(response.value.count == 500 && response.value.last?.id == 499)
            #expect(response.http.headers["X-Compressed"] == "1", "The transport did not ask for a compressed body")
        },
        TransportConformance("a sequence is uploaded") { environment in
            let pieces = (0..<64).map { Data(repeating: UInt8($0), count: 64 * 1024) }
            let chunks = AsyncStream<Data> { continuation in
                for piece in pieces { continuation.yield(piece) }
                continuation.finish()
            }
            let reports = ProgressLog()
            let uploaded = try await environment.client().send(
                Endpoint<Uploaded>.post("/stream/upload", body: .stream(chunks, length: 64 * 64 * 1024)),
                progress: reports.add)
            let whole = pieces.reduce(into: Data()) { $0.append($1) }
            #expect(uploaded.bytes == whole.count)
            #expect(uploaded.sha256 == (try await SHA256File.hex(of: whole)))
            #expect(!uploaded.chunked)
            #expect(
                reports.last == TransferProgress(completedBytes: Int64(whole.count), totalBytes: Int64(whole.count)))
        },
        TransportConformance("a sequence that fails fails the call with its error") { environment in
            struct Interrupted: Error {}
            let chunks = AsyncThrowingStream<Data, any Error> { continuation in
                continuation.yield(Data(repeating: 1, count: 256 * 1024))
                continuation.finish(throwing: Interrupted())
            }
            await #expect {
                try await environment.client().send(Endpoint<Uploaded>.post("/stream/upload", body: .stream(chunks)))
            } throws: { error in
                isServiceError(error) {
                    guard case .transport(let failure) = $0 else { return false }
                    return failure.underlying is Interrupted
                }
            }
        },
        TransportConformance("a sequence longer or shorter than its declared length is not sent as whole") {
            environment in
            for declared: Int64 in [3 * 65_536 + 1, 3 * 65_536 - 1] {
                let chunks = AsyncStream<Data> { continuation in
                    for _ in 0..<3 { continuation.yield(Data(repeating: 2, count: 65_536)) }
                    continuation.finish()
                }
                await #expect {
                    try await environment.client().send(
                        Endpoint<Uploaded>.post("/stream/upload", body: .stream(chunks, length: declared)))
                } throws: { error in
                    isServiceError(error) {
                        guard case .transport = $0 else { return false }
                        return true
                    }
                }
            }
        },
        TransportConformance("a multipart form is read back by Python's email parser") { environment in
            try await LargeTransfers.oneAtATime {
                struct Parsed: Decodable, Sendable {
                    struct Part: Decodable, Sendable {
                        var name: String?
                        var filename: String?
                        var contentType: String?
                        enum CodingKeys: String, CodingKey {
                            case name, filename, size, sha256, text
                            case contentType = "content_type"
                        }
                        var size: Int
                        var sha256: String
                        var text: String?
                    }
                    var parts: [Part]
                    var defects: [String]
                }
                struct Metadata: Encodable, Sendable { var tags: [String] }
                let directory = try TemporaryDirectory()
                let file = try await directory.makeFile("clip.bin", bytes: 12 << 20)
                var form = MultipartForm()
                form.append("purpose", "fine-tune")
                form.append("metadata", json: Metadata(tags: ["a", "b"]))
                form.append("a \"quoted\" name", "x")
                form.append(
                    "notes", data: Data("über".utf8), filename: "grüße\\n.txt", contentType: "text/plain; charset=utf-8"
                )
                form.append("file", file: file, contentType: "audio/mpeg")
                let parsed = try await environment.client().send(
                    Endpoint<Parsed>.post("/stream/multipart", body: .multipart(form)))
                #expect(parsed.defects.isEmpty)
                #expect(parsed.parts.map(\.name) == ["purpose", "metadata", "a %22quoted%22 name", "notes", "file"])
                #expect(parsed.parts[0].text == "fine-tune")
                #expect(parsed.parts[1].text == "{\"tags\":[\"a\",\"b\"]}")
                #expect(parsed.parts[1].contentType == "application/json")
                #expect(parsed.parts[3].filename == "grüße\\n.txt")
                #expect(parsed.parts[3].text == "über")
                #expect(parsed.parts[4].filename == "clip.bin")
                #expect(parsed.parts[4].contentType == "audio/mpeg")
                #expect(parsed.parts[4].size == 12 << 20)
                #expect(parsed.parts[4].sha256 == (try await SHA256File.hex(of: file)))
            }
        },
    ]
}
