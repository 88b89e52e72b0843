import Courier
import CourierTestSupport
import Foundation
import ShowcaseAPI
import Testing

/// The generated Showcase client's streaming, upload, download and multipart methods, against
/// the loopback server's streaming routes.
@Suite struct ShowcaseStreamingTests {
    let api = Showcase(baseURL: TestServer.shared.baseURL)

    @Test func theStreamedVariantDecodesServerSentEventsUntilDone() async throws {
        var ticks: [Tick] = []
        for try await tick in try await api.listTicksStream(events: 3, done: 1) { ticks.append(tick) }
        #expect(ticks.map(\.index) == [0, 1, 2])
        #expect(ticks.map(\.text) == ["event 0", "event 1", "event 2"])
    }

    /// OpenAPI 3.2's `itemSchema` describes each event whole: its `data` is JSON text of a
    /// `Tick` (`contentSchema`), so the method streams `Tick`s, and `withFields()` keeps each
    /// event's `event`, `id` and `retry`.
    @Test func anItemSchemaTypesEachEventsData() async throws {
        var ticks: [DecodedEvent<Tick>] = []
        for try await tick in try await api.listTickEvents(events: 3).withFields() { ticks.append(tick) }
        #expect(ticks.map(\.value.index) == [0, 1, 2])
        #expect(ticks.map(\.event) == ["tick", "message", "tick"])
        #expect(ticks.map(\.retry) == [2500, 2500, 2500])
    }

    /// An operation that offers one item schema as JSON Lines and as server-sent events asks for
    /// both, in the description's order, and reads whichever the server sends: the one its
    /// `Accept` prefers (JSON Lines, first), or either when the server picks (it read events as
    /// lines of JSON before, and failed at the first). The operation has a method of its own, as
    /// the Train Travel API's `SUBSCRIBE /trips/{id}` does.
    @Test(arguments: [nil, FollowTicksFormat.jsonl, .sse])
    func aStreamOfferedInTwoFormatsIsReadInTheOneSent(format: FollowTicksFormat?) async throws {
        let ticks = try await api.followTicks(count: 3, format: format)
        let contentType = ticks.response.headers["Content-Type"]
        #expect(contentType == (format == .sse ? "text/event-stream" : "application/jsonl"))
        #expect(ticks.response.headers["X-Method"] == "SUBSCRIBE")
        var values: [DecodedEvent<Tick>] = []
        for try await tick in ticks.withFields() { values.append(tick) }
        #expect(values.map(\.value) == (0..<3).map { Tick(index: $0, text: "tick \($0)") })
        #expect(values.map(\.event) == Array(repeating: format == .sse ? "tick" : nil, count: 3))
    }

    /// A format the operation does not offer is the server's error, not a stream read wrongly.
    @Test func aStreamInAFormatNotOfferedIsAnError() async throws {
        do {
            for try await _ in try await api.followTicks(count: 3, format: .jsonSeq) {}
            Issue.record("A JSON text sequence was read as JSON Lines or events")
        } catch {
            guard case .server(let failure) = error else {
                Issue.record("Expected the server's error, got \(error)")
                return
            }
            #expect(failure.response.headers["Content-Type"] == "application/json-seq")
        }
    }

    /// Events whose `itemSchema` alternatives each name their `event` take the case their name
    /// tags, not the first whose data fits: `job.started` and `job.finished` carry data of one
    /// shape (both were `.tick`, the second case never chosen). A name the description does not
    /// list is `undocumented`, with its data kept.
    @Test func eventNamesTagTheirCases() async throws {
        var events: [ListJobEventsEvent] = []
        for try await event in try await api.listJobEvents() { events.append(event) }
        #expect(
            events == [
                .jobStarted(Tick(index: 0, text: "started")), .jobFinished(Tick(index: 1, text: "finished")),
                .jobFailed(ListJobEventsEventJobFailed(reason: "out of disk")),
                .undocumented(["index": 2, "text": "paused"]),
            ])
        // Decoded outside a stream, without an event's name, the data itself decides.
        let data = try JSONDecoder().decode(ListJobEventsEvent.self, from: Data(#"{"index": 5, "text": "t"}"#.utf8))
        #expect(data == .jobStarted(Tick(index: 5, text: "t")))
    }

    /// Events described as descriptions written for Speakeasy describe them in OpenAPI 3.0 and
    /// 3.1 (a `schema` of each event's fields, `data` among them, told apart by a discriminator
    /// on `event`) stream their data, each in the case its event's name tags (they decoded each
    /// event's data as the whole event, and failed at the first).
    @Test func aSchemaOfEventFieldsDescribesEachEvent() async throws {
        var events: [ListJobEventsBySchemaEvent] = []
        for try await event in try await api.listJobEventsBySchema() { events.append(event) }
        #expect(events.count == 4)
        #expect(
            events.prefix(2) == [
                .jobStarted(Tick(index: 0, text: "started")), .jobFinished(Tick(index: 1, text: "finished")),
            ])
        // `job.failed` and `job.paused` are events this description does not list.
        #expect(
            events.dropFirst(2) == [
                .undocumented(["reason": "out of disk"]), .undocumented(["index": 2, "text": "paused"]),
            ])
    }

    /// An error event mid-stream is none of the union's variants, but it is the operation's error
    /// body: it is thrown as the server's error, with the server's message, and the events
    /// after it are not read (it was handed out as an `undocumented` event, and the loop went
    /// on). An event the description does not list that is not the error body stays
    /// `undocumented`, as above.
    @Test func anErrorEventAmongAUnionsEventsIsTheServersError() async throws {
        var events: [ListJobEventsBySchemaEvent] = []
        let error = try await #require(throws: ServiceError.self) {
            for try await event in try await api.listJobEventsBySchema(fail: true) { events.append(event) }
        }
        #expect(events == [.jobStarted(Tick(index: 0, text: "started"))])
        guard case .server(let failure) = error else {
            Issue.record("expected .server, got \(error)")
            return
        }
        #expect(failure.status == 200 && failure.isSuccessfulError)
        #expect(failure.message == "The job runner stopped")
        #expect((failure.body as? Problem)?.title == "Job failed")
    }

    /// A JSON text sequence whose schema is an array of ticks streams ticks, one per record, as
    /// OpenAPI reads sequential content (it streamed arrays, and failed on the first record).
    @Test func aSequencesArraySchemaDescribesItsRecords() async throws {
        var ticks: [Tick] = []
        for try await tick in try await api.tickRecords(count: 3) { ticks.append(tick) }
        #expect(ticks == (0..<3).map { Tick(index: $0, text: "record \($0)") })
    }

    /// A JSON Lines body described by OpenAPI 3.2's `itemSchema` is an array of its items, each
    /// sent as a line of JSON with the description's media type (it was raw bytes to assemble).
    @Test func aJSONLinesBodyIsItsItems() async throws {
        let ticks = [Tick(index: 0, text: "first"), Tick(index: 1, text: "two\nlines")]
        let echo = try await api.postTickLines(body: ticks)
        #expect(echo.headers["content-type"] == "application/x-ndjson")
        let lines = try #require(echo.body).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines.last == "")
        #expect(try lines.dropLast().map { try JSONDecoder().decode(Tick.self, from: Data($0.utf8)) } == ticks)
    }

    /// The streamed method asks the server to stream (`"stream": true` in the body); the plain
    /// one sends only what the caller set, and gets one JSON body.
    @Test func theStreamedMethodSetsTheBodysStreamFlag() async throws {
        var deltas: [String] = []
        for try await delta in try await api.createReplyStream(body: ReplyRequest(input: "hello there")) {
            deltas.append(delta.delta)
        }
        #expect(deltas == ["echo:", "hello", "there"])
        let reply = try await api.createReply(body: ReplyRequest(input: "hello"))
        #expect(reply.text == "echo: hello" && reply.streamed == false)
    }

    /// A body that is one of several requests, each with its own `stream` flag, asks the server
    /// to stream in whichever is sent (the flag was left as the caller set it, so the server
    /// answered one JSON body, which a stream call throws as the server's error).
    @Test(arguments: [
        AnyReplyRequest.replyRequest(ReplyRequest(input: "hello there")),
        .promptRequest(PromptRequest(prompt: "hello there", stream: false)),
    ])
    func theStreamedMethodSetsTheFlagOfTheRequestSent(request: AnyReplyRequest) async throws {
        var deltas: [String] = []
        for try await delta in try await api.createAnyReplyStream(body: request) { deltas.append(delta.delta) }
        #expect(deltas == ["echo:", "hello", "there"])
        let reply = try await api.createAnyReply(body: request)
        #expect(reply.text == "echo: hello there" && reply.streamed == false)
    }

    /// A stream call answered with one JSON body (here an error, with status 200) has not
    /// streamed: it is the API's error, decoded, not an empty stream that ends cleanly.
    @Test func aJSONAnswerToAStreamCallIsTheAPIsError() async throws {
        let error = try await #require(throws: ServiceError.self) {
            _ = try await api.createReplyStream(body: ReplyRequest(input: "reject"))
        }
        guard case .server(let failure) = error else {
            Issue.record("expected .server, got \(error)")
            return
        }
        #expect(failure.status == 200 && failure.isSuccessfulError)
        #expect(failure.message == "The input was rejected")
        #expect(failure.body(as: ReplyError.self)?.error.type == "invalid_request_error")
    }

    /// An event whose data is the API's error object is thrown as that error, after the values
    /// before it.
    @Test func anErrorEventMidStreamIsTheAPIsError() async throws {
        var deltas: [String] = []
        let error = try await #require(throws: ServiceError.self) {
            for try await delta in try await api.createReplyStream(body: ReplyRequest(input: "overload")) {
                deltas.append(delta.delta)
            }
        }
        #expect(deltas == ["echo:"])
        guard case .server(let failure) = error else {
            Issue.record("expected .server, got \(error)")
            return
        }
        #expect(failure.message == "The server is overloaded")
        #expect(failure.body(as: ReplyError.self)?.error.type == "server_error")
    }

    @Test func aJSONLinesOperationReturnsATypedStream() async throws {
        var ticks: [Tick] = []
        for try await tick in try await api.tickLines(count: 4) { ticks.append(tick) }
        #expect(ticks.map(\.index) == [0, 1, 2, 3])
    }

    @Test func theDescriptionsOwnExampleDecodesAsAnEvent() throws {
        // The Tick schema's example, as an SSE data line would carry it.
        let tick = try JSONDecoder().decode(Tick.self, from: Data(#"{"index": 0, "text": "event 0"}"#.utf8))
        #expect(tick.index == 0)
    }

    @Test func aGeneratedFormIsSentAsMultipartAndParsedByPython() async throws {
        let directory = try TemporaryDirectory()
        let file = try await directory.makeFile("report.pdf", bytes: 300_000)
        let form = UploadDocumentForm(
            file: MultipartFile(fileURL: file), purpose: .fineTune, tags: ["a", "b"],
            metadata: DocumentMetadata(title: "Q3", pages: 12),
            attachments: [MultipartFile(data: Data("note".utf8), filename: "note.txt", contentType: "text/plain")])
        let parsed = try await api.uploadDocument(body: form)
        #expect(parsed.defects.isEmpty)
        #expect(parsed.parts.map(\.name) == ["file", "purpose", "tags", "tags", "metadata", "attachments"])
        #expect(parsed.parts[0].filename == "report.pdf")
        #expect(parsed.parts[0].contentType == "application/pdf")
        #expect(parsed.parts[0].size == 300_000)
        #expect(parsed.parts[0].sha256 == (try await SHA256File.hex(of: file)))
        #expect(parsed.parts[1].text == "fine-tune")
        #expect(parsed.parts[2...3].map(\.text) == ["a", "b"])
        #expect(parsed.parts[4].contentType == "application/json")
        #expect(
            parsed.parts[4].text == #"{"pages":12,"title":"Q3"}"#
                || parsed.parts[4].text == #"{"title":"Q3","pages":12}"#)
        #expect(parsed.parts[5].text == "note")
    }

    /// Each field as OpenAPI's default encoding says: strings, numbers, booleans, enums (one that
    /// takes any string too) as plain text (no JSON quotes), an array of objects as one JSON part per
    /// element. The server reports each part's bytes as it received them.
    @Test(
        arguments: [
            // A known value, as the enum's case…
            (UploadDocumentFormModel.whisper1, "whisper-1"),
            // …and as a string literal, which lands in the enum's case.
            ("gpt-4o-transcribe", "gpt-4o-transcribe"),
            // Any other model name, as plain text.
            ("my-fine-tune", "my-fine-tune"),
        ] as [(UploadDocumentFormModel, String)])
    func formFieldsAreSentAsTextOrOneJSONPartEach(model: UploadDocumentFormModel, text: String) async throws {
        let form = UploadDocumentForm(
            file: MultipartFile(data: Data("a".utf8), filename: "a.txt", contentType: "text/plain"),
            purpose: .assistants,
            model: model, temperature: 0.5, verbose: true,
            notes: [DocumentMetadata(title: "one", pages: 1), DocumentMetadata(title: "two", pages: 2)])
        let parsed = try await api.uploadDocument(body: form)
        #expect(parsed.defects.isEmpty)
        #expect(parsed.parts.map(\.name) == ["file", "purpose", "model", "temperature", "verbose", "notes", "notes"])
        #expect(parsed.parts[0...4].map(\.text) == ["a", "assistants", text, "0.5", "true"])
        let notes = try parsed.parts[5...6].map { part in
            try JSONDecoder().decode(JSONValue.self, from: Data((part.text ?? "").utf8))
        }
        #expect(notes == [["title": "one", "pages": 1], ["title": "two", "pages": 2]])
        // Text parts carry no media type of their own; JSON parts say they are JSON.
        #expect(parsed.parts[2...4].allSatisfy { $0.contentType == nil })
        #expect(parsed.parts[5...6].allSatisfy { $0.contentType == "application/json" })
    }

    /// A field whose `encoding` entry gives a style is sent as the text parts that style writes,
    /// as OpenAPI 3.1.1 says (Stripe's `file_link_data[create]`): `deepObject` one part per key,
    /// `form` without explode one part for the list.
    @Test func styledFieldsAreSentAsTheTextPartsOfTheirStyle() async throws {
        let form = UploadDocumentForm(
            file: MultipartFile(data: Data("a".utf8), filename: "a.txt", contentType: "text/plain"),
            purpose: .assistants, labels: ["team": "ios", "stage": "draft"], pagesToScan: [1, 2])
        let parsed = try await api.uploadDocument(body: form)
        #expect(parsed.defects.isEmpty)
        #expect(parsed.parts.map(\.name) == ["file", "purpose", "labels[stage]", "labels[team]", "pagesToScan"])
        #expect(parsed.parts[2...4].map(\.text) == ["draft", "ios", "1,2"])
        #expect(parsed.parts[2...4].allSatisfy { $0.contentType == nil })
    }

    /// "A known name or any other" (`anyOf: [{type: string}, {enum: [...]}]`) is the enum, which
    /// takes a string literal: a known value is its case, any other `undocumented`.
    @Test func aStringOrEnumUnionIsTheEnumAndTakesAStringLiteral() {
        let known: UploadDocumentFormModel = "whisper-1"
        let other: UploadDocumentFormModel = "my-fine-tune"
        // By pattern: a known enum case and `undocumented` with the same text are `==` (raw values).
        guard case .whisper1 = known else {
            Issue.record("expected .whisper1, got \(known)")
            return
        }
        guard case .undocumented("my-fine-tune") = other else {
            Issue.record("expected .undocumented, got \(other)")
            return
        }
    }

    @Test func aBinaryBodyIsUploadedFromAFileMemoryOrASequence() async throws {
        let directory = try TemporaryDirectory()
        let file = try await directory.makeFile("blob.bin", bytes: 5 << 20)
        let receipt = try await api.uploadBlob(body: try .file(file))
        #expect(receipt.bytes == 5 << 20)
        #expect(receipt.sha256 == (try await SHA256File.hex(of: file)))
        #expect(receipt.contentType == "application/octet-stream")
        let small = try await api.uploadBlob(body: .data(Data("hello".utf8)))
        #expect(small.bytes == 5)
        let (chunks, continuation) = AsyncStream<Data>.makeStream()
        for part in ["he", "llo", "!"] { continuation.yield(Data(part.utf8)) }
        continuation.finish()
        let streamed = try await api.uploadBlob(body: .sequence(chunks))
        #expect(streamed.bytes == 6)
    }

    @Test func aBinaryResponseIsAvailableAsDataAndAsADownload() async throws {
        let data = try await api.downloadBytes(bytes: 1000)
        #expect(data == Data((0..<1000).map { UInt8($0 % 251) }))
        let directory = try TemporaryDirectory()
        let destination = directory.url.appendingPathComponent("bytes.bin")
        let reports = ProgressLog()
        let saved = try await api.downloadBytes(bytes: 3 << 20, to: destination, progress: reports.add)
        #expect(saved.value == destination)
        let written = try Data(contentsOf: destination)
        #expect(written.count == 3 << 20)
        #expect(written.prefix(1000) == data)
        #expect(reports.last?.completedBytes == Int64(3 << 20))
    }

    /// A response offered as JSON and as PDF: the main method asks for JSON and decodes it, the
    /// `Data` variant asks for the PDF and returns its bytes, or writes them to a file.
    @Test func aResponseWithJSONAndABinaryTypeOffersBoth() async throws {
        let report = try await api.fetchReport(reportID: "q3")
        #expect(report.id == "q3" && report.title == "Third quarter" && report.pages == 12)
        let pdf = try await api.fetchReportData(reportID: "q3")
        #expect(pdf == Data("%PDF-1.4\n% report q3\n%%EOF\n".utf8))
        let directory = try TemporaryDirectory()
        let destination = directory.url.appendingPathComponent("q3.pdf")
        let saved = try await api.fetchReportData(reportID: "q3", to: destination)
        #expect(saved.http.headers["Content-Type"] == "application/pdf")
        #expect(try Data(contentsOf: destination) == pdf)
        #expect(
            Showcase.Endpoints.fetchReport(reportID: "q3").headers["Accept"]
                == "application/json, application/problem+json;q=0.5")
        #expect(
            Showcase.Endpoints.fetchReportData(reportID: "q3").headers["Accept"]
                == "application/pdf, application/problem+json;q=0.5")
    }

    /// A JSON response that is a string is the string, unquoted and unescaped; a text response
    /// is its text.
    @Test func aJSONStringIsItsValueAndTextIsItsText() async throws {
        #expect(try await api.getVersion() == "1.2.3 \"beta\" é")
        #expect(try await api.fetchReportSummary(reportID: "q3") == "Third quarter: 12 pages")
    }

    /// A server that chooses the body by `Accept`, and answers 406 when `Accept` takes nothing it
    /// has: a text-only operation asks for text (the client's default, JSON, is refused), and
    /// each method takes its operation's error media type too, so the 404 arrives as the problem
    /// body the description declares.
    @Test func eachMethodAsksForTheMediaTypesItDecodesAndItsErrors() async throws {
        #expect(try await api.fetchReportSummary(reportID: "q3") == "Third quarter: 12 pages")
        let asJSON = Endpoint<String>(method: .get, path: "/reports/q3/summary")
        await #expect { try await api.client.send(asJSON) } throws: { error in
            (error as? ServiceError)?.status == 406
        }
        let missing: [@Sendable () async throws(ServiceError) -> Void] = [
            { [api] () async throws(ServiceError) in _ = try await api.fetchReport(reportID: "missing") },
            { [api] () async throws(ServiceError) in _ = try await api.fetchReportData(reportID: "missing") },
            { [api] () async throws(ServiceError) in _ = try await api.fetchReportSummary(reportID: "missing") },
        ]
        for call in missing {
            do {
                try await call()
                Issue.record("Expected a 404")
            } catch .server(let failure) {
                #expect(failure.status == 404 && failure.message == "No report missing")
                #expect(failure.response.headers["Content-Type"] == "application/problem+json")
            } catch {
                Issue.record("Expected a server failure, got \(error)")
            }
        }
    }
}

@Test func readmeStreamingSampleRuns() async throws {
    let lines = LockedLines()
    try await readmeGeneratedStream(showcase: Showcase(baseURL: TestServer.shared.baseURL)) { items in
        lines.append(items.map { "\($0)" }.joined(separator: " "))
    }
    #expect(lines.all == ["0 event 0", "1 event 1", "2 event 2"])
}

final class LockedLines: @unchecked Sendable {
    // @unchecked: `lines` is touched only under `lock`.
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
