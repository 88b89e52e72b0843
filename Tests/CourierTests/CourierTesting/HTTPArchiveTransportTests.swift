import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import LoopbackServer
import Testing

/// Recording a live session to HAR against the loopback server, then replaying it without one.
@Suite struct HTTPArchiveTransportTests {
    static let token = "tok-s3cr3t-5d1e"
    static let apiKey = "k3y-s3cr3t-77aa"
    let redaction = Redaction(headers: ["X-Secret"], queryItems: ["api_key"])

    /// Every kind of exchange a session has: JSON with credentials, a repeated request, an error,
    /// binary bytes, a streamed body, server-sent events, an upload and a transport error; each
    /// outcome as text.
    func session(_ base: URL, _ transport: HTTPArchiveTransport, namespace: String) async throws -> [String] {
        let client = APIClient(baseURL: base) { $0.transport = transport }
        var outcomes: [String] = []
        func describe(_ work: () async throws -> String) async {
            do {
                outcomes.append(try await work())
            } catch let error as ServiceError {
                let kind =
                    switch error {
                    case .timedOut(let failure): "timed out \(failure.code.map { "\($0.rawValue)" } ?? "")"
                    case .server(let failure): "server \(failure.response.status) \(error.serverMessage ?? "")"
                    default: "\(error)"
                    }
                outcomes.append("error \(error.status.map(String.init) ?? "-") \(kind)")
            } catch {
                outcomes.append("unexpected \(error)")
            }
        }
        await describe {
            let user = Endpoint<Data>.get("/user").query("api_key", Self.apiKey)
                .header("Authorization", "Bearer \(Self.token)").header("X-Secret", Self.token)
            return String(decoding: try await client.send(user), as: UTF8.self)
        }
        await describe {
            let echo = Endpoint<Data>.post("/echo/notes", body: .json(["text": "héllo"]))
            return String(decoding: try await client.send(echo), as: UTF8.self)
        }
        await describe {
            // Several keys, which JSONEncoder writes in a different order each time.
            struct Note: Encodable, Sendable {
                var title = "Shopping"
                var text = "Milk, eggs"
                var pinned = true
                var color = "yellow"
                var position = 3
            }
            let echo = Endpoint<Data>.post("/echo/notes", body: .json(Note()))
            let reply = try await client.send(echo)
            guard String(decoding: reply, as: UTF8.self).contains("Shopping") else { return "note lost" }
            // And as a multipart form, whose boundary is new each time it is sent.
            var form = MultipartForm()
            form.append("note", json: Note())
            form.append("caption", "A list")
            form.append("photo", data: Data([0, 1, 2, 3]), filename: "list.bin")
            let upload = try await client.send(Endpoint<Data>.post("/echo/notes", body: .multipart(form)))
            return String(decoding: upload, as: UTF8.self).contains("Milk, eggs") ? "note saved" : "form lost"
        }
        // The same request twice: a failure, then a success, in the recorded order.
        for _ in 0..<2 {
            await describe {
                let flaky = Endpoint<Data>.get("/flaky/\(namespace)").query("failures", 1).query("status", 418)
                return String(decoding: try await client.send(flaky), as: UTF8.self)
            }
        }
        await describe {
            String(try await client.send(Endpoint<Data>.get("/status/404").query("format", "json")).count)
        }
        await describe {
            let bytes = try await client.send(Endpoint<Data>.get("/stream/bytes").query("bytes", 70_000))
            return "bytes \(bytes.count) \(bytes.hashValue)"
        }
        await describe {
            let streamed = try await client.stream(
                Endpoint<EmptyResponse>.get("/stream/chunks").query("count", 4).query("size", 3000).query("delay", 0.02)
            )
            // As over the network, chunk boundaries are not promised (adjacent ones may come together).
            var all = Data()
            for try await chunk in streamed.body { all += chunk }
            return "stream \(all.count) \(all.hashValue)"
        }
        await describe {
            struct Item: Decodable, Sendable { var index: Int }
            var indexes: [Int] = []
            let events = try await client.events(Endpoint<Item>.get("/stream/sse").query("events", 3))
            for try await item in events { indexes.append(item.index) }
            return "events \(indexes)"
        }
        await describe {
            let file = FileManager.default.temporaryDirectory.appending(path: "har-upload-\(UUID().uuidString)")
            try Data((0..<50_000).map { UInt8($0 % 253) }).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let upload = Endpoint<Data>.post(
                "/stream/upload", body: .file(file, contentType: "application/octet-stream"))
            return String(decoding: try await client.send(upload), as: UTF8.self)
        }
        await describe {
            let slow = Endpoint<EmptyResponse>.get("/slow").query("seconds", 3).timeout(.milliseconds(300))
            _ = try await client.send(slow)
            return "answered"
        }
        return outcomes
    }

    @Test func aRecordedSessionReplaysWithTheServerStopped() async throws {
        let server = try PythonServer(script: "server.py", arguments: ["--port", "0"])
        let base = server.url("PORT")
        let file = FileManager.default.temporaryDirectory.appending(path: "courier-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: file) }
        let namespace = UUID().uuidString

        let recorder = try HTTPArchiveTransport(
            file: file, mode: .record(through: URLSessionTransport()), redaction: redaction)
        let recorded = try await session(base, recorder, namespace: namespace)
        server.stop()
        #expect(recorded[0].contains("\"name\""))
        #expect(recorded[2] == "note saved")
        #expect(recorded[3].hasPrefix("error 418") && recorded[4].contains("\"attempt\": 2"))
        #expect(recorded[5].hasPrefix("error 404"))
        #expect(recorded[8] == "events [0, 1, 2]")
        #expect(recorded[10] == "error - timed out -1001")

        // Nothing answers on that port now: the replay is all from the file.
        await #expect(throws: ServiceError.self) {
            try await APIClient(baseURL: base).send(Endpoint<Data>.get("/user"))
        }
        let replayer = try HTTPArchiveTransport(file: file, mode: .replay, redaction: redaction)
        let replayed = try await session(base, replayer, namespace: namespace)
        #expect(replayed == recorded)

        // Standard HAR, readable by other tools, with no secret in it.
        let check = try runChecker(file, secrets: [Self.token, Self.apiKey])
        #expect(check == "OK 12")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"encoding\" : \"base64\""))
        #expect(text.contains("\"_chunks\""))
        #expect(text.contains("REDACTED"))
    }

    @Test func anUnrecordedRequestFailsWithTheClosestRecordedOnes() async throws {
        let file = try await recordOne(Endpoint<Data>.get("/echo/a").query("page", 1))
        defer { try? FileManager.default.removeItem(at: file) }
        let replayer = try HTTPArchiveTransport(file: file, mode: .replay)
        let client = TestServer.shared.client { $0.transport = replayer }
        _ = try await client.send(Endpoint<Data>.get("/echo/a").query("page", 1))
        // Used once, it is not there a second time; another query is another request.
        for endpoint in [Endpoint<Data>.get("/echo/a").query("page", 1), .get("/echo/a").query("page", 2)] {
            await #expect {
                try await client.send(endpoint)
            } throws: { error in
                guard case .transport(let failure) = error as? ServiceError,
                    let unrecorded = failure.underlying as? HTTPArchiveTransport.UnrecordedRequest
                else { return false }
                return unrecorded.closest.count == 1 && unrecorded.closest[0].contains("/echo/a?page=1")
                    && unrecorded.description.contains("Closest recorded")
            }
        }
    }

    @Test func aLenientReplayMatchesMethodAndPathAndRepeatsTheLast() async throws {
        let file = try await recordOne(Endpoint<Data>.get("/echo/b").query("page", 1))
        defer { try? FileManager.default.removeItem(at: file) }
        let replayer = try HTTPArchiveTransport(file: file, mode: .replay, strict: false)
        let client = TestServer.shared.client { $0.transport = replayer }
        let first = try await client.send(Endpoint<Data>.get("/echo/b").query("page", 9))
        let second = try await client.send(Endpoint<Data>.get("/echo/b"))
        #expect(first == second && String(decoding: first, as: UTF8.self).contains("\"page\""))
        await #expect(throws: ServiceError.self) { try await client.send(Endpoint<Data>.post("/echo/b")) }
    }

    @Test func aStreamLeftEarlyIsRecordedAsFarAsItHadArrived() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "courier-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: file) }
        // The server holds the rest of the body after its first chunk until released: when the
        // loop leaves, only that chunk can have arrived, however loaded the machine.
        let gate = UUID().uuidString
        let endpoint = Endpoint<EmptyResponse>.get("/stream/chunks").query("count", 400).query("size", 1000)
            .query("gate", gate)
        let recorder = try HTTPArchiveTransport(file: file, mode: .record(through: URLSessionTransport()))
        let streamed = try await TestServer.shared.client { $0.transport = recorder }.stream(endpoint)
        var read = Data()
        for try await chunk in streamed.body {
            read += chunk
            if read.count >= 1000 { break }
        }
        try await waitUntil("the stream was recorded") { FileManager.default.fileExists(atPath: file.path) }

        let replayer = try HTTPArchiveTransport(file: file, mode: .replay)
        let replayed = try await TestServer.shared.client { $0.transport = replayer }.stream(endpoint)
        var again = Data()
        for try await chunk in replayed.body { again += chunk }
        // What had arrived when the reader left (the first chunk, all of it read), not the rest.
        #expect(again == read && read == Data(repeating: 0, count: 1000))
        #expect(try String(contentsOf: file, encoding: .utf8).contains("\"_incomplete\" : true"))
    }

    @Test(arguments: [
        ("missing", nil as String?, "cannot be read"),
        ("not JSON", "{\"log\": ", "not valid JSON"),
        (
            "no entries", "{\"log\": {\"version\": \"1.2\", \"creator\": {\"name\": \"x\", \"version\": \"1\"}}}",
            "entries"
        ),
        (
            "bad entry",
            "{\"log\": {\"version\": \"1.2\", \"creator\": {\"name\": \"x\", \"version\": \"1\"}, \"entries\": [{}]}}",
            "log.entries[0]"
        ),
    ])
    func anInvalidArchiveSaysWhatIsWrong(_ name: String, contents: String?, expected: String) throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "courier-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: file) }
        if let contents { try Data(contents.utf8).write(to: file) }
        #expect {
            _ = try HTTPArchiveTransport(file: file, mode: .replay)
        } throws: { error in
            let invalid = error as? HTTPArchiveTransport.InvalidArchive
            return invalid?.description.contains(expected) == true && invalid?.description.contains(file.path) == true
        }
    }

    @Test func aRecordingThatCannotBeWrittenFailsTheCall() async throws {
        // The file's folder would have to be inside a regular file.
        let blocker = FileManager.default.temporaryDirectory.appending(path: "courier-\(UUID().uuidString)")
        try Data().write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let live = StubTransport()
        live.stub(.get, "/v1/a", with: .json(["ok": true]))
        let recorder = try HTTPArchiveTransport(file: blocker.appending(path: "a.har"), mode: .record(through: live))
        let client = APIClient(baseURL: URL(string: "https://api.example.com/v1")!) { $0.transport = recorder }
        await #expect {
            try await client.send(Endpoint<[String: Bool]>.get("/a"))
        } throws: { error in
            guard case .transport(let failure) = error as? ServiceError else { return false }
            return failure.underlying is CocoaError
        }
    }

    @Test func theModeFollowsTheEnvironment() {
        if case .replay = HTTPArchiveTransport.Mode.recordingWhen(
            "COURIER_TEST_UNSET_VARIABLE", through: StubTransport())
        {
        } else {
            Issue.record("An unset variable must replay.")
        }
        if case .record = HTTPArchiveTransport.Mode.recordingWhen("PATH", through: StubTransport()) {
        } else {
            Issue.record("A set variable must record.")
        }
    }

    private func recordOne(_ endpoint: Endpoint<Data>) async throws -> URL {
        let file = FileManager.default.temporaryDirectory.appending(path: "courier-\(UUID().uuidString).har")
        let recorder = try HTTPArchiveTransport(file: file, mode: .record(through: URLSessionTransport()))
        _ = try await TestServer.shared.client { $0.transport = recorder }.send(endpoint)
        return file
    }

    private func runChecker(_ file: URL, secrets: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", PythonServer.directory.appending(path: "har_check.py").path, file.path]
            + secrets.flatMap { ["--secret", $0] }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
