public import Courier
public import Foundation

/// A Courier `Transport` that records a live session to a HAR file, or replays one offline.
///
/// Record once against the real server, commit the file, and replay it in CI: every request
/// gets the recorded response, byte for byte, without the network.
///
/// ```swift
/// let transport = try HTTPArchiveTransport(
///     file: fixtures.appending(path: "friends.har"),
///     mode: .recordingWhen("COURIER_RECORD", through: URLSessionTransport()))
/// let client = APIClient(baseURL: URL(string: "https://api.example.com")!) { $0.transport = transport }
/// ```
///
/// Run the tests once with `COURIER_RECORD=1` to record; without it they replay.
///
/// - Recording writes the file after each exchange ends, in the order the requests started.
///   `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` headers, and the headers
///   and query items the `Redaction` names (Courier's, which logging uses too), are written as
///   `REDACTED`. A request body that
///   can only be read once (a sequence) is read into memory first so that it can be recorded.
///   A streamed response keeps its chunks; a stream the reader left early is recorded as far as
///   it had arrived. A transport error is recorded and thrown again on replay.
/// - Replaying matches a request by method, URL (with the same values redacted) and body: a
///   JSON body (or JSON Lines) by its values, whatever the order of keys, which `JSONEncoder`
///   changes from one encoding to the next; a multipart form part by part, whatever its
///   boundary, which is random; any other body by its bytes.
///   Repeated requests get their recorded responses in order. By default matching is strict:
///   a request with no recorded exchange left fails with ``UnrecordedRequest``, which lists the
///   closest recorded requests. With `strict: false`, method and path are enough, and the last
///   match answers again once each has been used.
/// - Bodies that are not UTF-8 text are stored as base64, as HAR allows, so binary bodies
///   round-trip. The file opens in browsers' developer tools and other HAR readers.
public final class HTTPArchiveTransport: Transport, @unchecked Sendable {
    // @unchecked: the mutable state lives in `Recording` and `Replay`, each behind a lock.

    /// Whether the transport records or replays.
    public enum Mode: Sendable {
        /// Sends each request through a live transport and records the exchange.
        case record(through: any Transport)
        /// Answers from the file, without the network.
        case replay

        /// Records through `live` when the environment variable is set to anything but `0` or
        /// an empty value; replays otherwise.
        /// - Parameters:
        ///   - variable: The environment variable's name.
        ///   - live: The transport to record through; made only when recording.
        /// - Returns: The mode.
        public static func recordingWhen(
            _ variable: String, through live: @autoclosure () -> any Transport
        ) -> Mode {
            let value = ProcessInfo.processInfo.environment[variable] ?? ""
            return value.isEmpty || value == "0" ? .replay : .record(through: live())
        }
    }

    /// The file recorded to or replayed from.
    public let file: URL
    private let redaction: Redaction
    private let role: Role

    /// What the transport does, with the state that needs.
    private enum Role {
        case recording(through: any Transport, Recording)
        case replaying(Replay)
    }

    /// Creates a transport that records to `file` or replays it.
    /// - Parameters:
    ///   - file: The HAR file. Recording replaces it, creating its folder if needed.
    ///   - mode: Record or replay.
    ///   - strict: Whether a replayed request must match a recorded one's method, URL and body
    ///     (the default), rather than its method and path.
    ///   - redaction: What, besides credentials and cookies, is never written to the file: the
    ///     headers and query items it names (compared without case). The credential headers are
    ///     redacted whatever it lists.
    /// - Throws: When replaying, ``InvalidArchive`` if the file is missing or not a HAR file.
    public init(file: URL, mode: Mode, strict: Bool = true, redaction: Redaction = Redaction()) throws {
        self.file = file
        self.redaction = redaction
        switch mode {
        case .record(let live): role = .recording(through: live, Recording(file: file))
        case .replay: role = .replaying(Replay(entries: try Self.load(file), file: file, strict: strict))
        }
    }

    /// Sends the request through the live transport and records the exchange, or answers it
    /// from the file. A streamed response (`TransportRequest.streamsResponseBody`) is handed
    /// out chunk by chunk as it was recorded (adjacent chunks may reach the reader together, as
    /// over the network).
    /// - Parameter request: The request.
    /// - Returns: The live or recorded response.
    /// - Throws: The live transport's error, a recorded error, ``UnrecordedRequest``, or the error
    ///   of writing the file.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var request = request
        let body = try await Self.bodyBytes(of: request)
        let live: any Transport
        let recording: Recording
        switch role {
        case .replaying(let replay):
            return try replay.answer(request, body: body, redaction: redaction, streamed: request.streamsResponseBody)
        case .recording(let transport, let state): (live, recording) = (transport, state)
        }
        if let body, request.body?.isReplayable == false {
            // Read once to be recorded: the live transport sends the bytes that were read.
            request.body = .data(body)
        }
        let started = (date: Date(), instant: ContinuousClock.now)
        let slot = recording.begin(
            request: HTTPArchive.request(request, body: body, redaction: redaction), started: started.date)
        let response: TransportResponse
        do {
            response = try await live.send(request)
        } catch {
            if error is CancellationError || Task.isCancelled {
                recording.abandon(slot)
            } else {
                try recording.finish(slot, response: HTTPArchive.failure(error), since: started.instant)
            }
            throw error
        }
        if let data = response.body.bufferedData {
            try recording.finish(
                slot, response: HTTPArchive.response(response, body: data, redaction: redaction),
                since: started.instant)
            return response
        }
        let capture = StreamCapture { chunks, complete in
            var entry = HTTPArchive.response(
                response, body: chunks.reduce(into: Data()) { $0 += $1 }, redaction: self.redaction)
            entry.content._chunks = chunks.map(\.count)
            entry.content._incomplete = complete ? nil : true
            try recording.finish(slot, response: entry, since: started.instant)
        }
        var teed = response
        teed.body = ResponseBody(chunks: CapturedChunks(body: response.body, capture: capture))
        return teed
    }

    /// The request body's bytes, read without reporting upload progress (the transport that
    /// sends it reports that).
    private static func bodyBytes(of request: TransportRequest) async throws -> Data? {
        guard let streamed = request.body else { return nil }
        if let data = streamed.bufferedData { return data }
        let reading = Task.detached {
            var data = Data()
            for try await chunk in streamed { data += chunk }
            return data
        }
        return try await withTaskCancellationHandler {
            try await reading.value
        } onCancel: {
            reading.cancel()
        }
    }

    private static func load(_ file: URL) throws -> [HTTPArchive.Entry] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw InvalidArchive(
                file: file,
                reason: "it cannot be read (\(error.localizedDescription)); record it first with the mode .record")
        }
        do {
            return try JSONDecoder().decode(HTTPArchive.self, from: data).log.entries
        } catch let error as DecodingError {
            throw InvalidArchive(file: file, reason: Self.describe(error))
        } catch {
            throw InvalidArchive(file: file, reason: error.localizedDescription)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "it is not valid JSON (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription))"
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context)) has no \"\(key.stringValue)\", which a HAR 1.2 file requires"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

extension HTTPArchiveTransport {
    /// A HAR file that cannot be replayed: missing, unreadable, or not HAR 1.2.
    public struct InvalidArchive: Error, CustomStringConvertible {
        /// The file.
        public var file: URL
        /// What is wrong with it.
        public var reason: String
        /// Names the file and what is wrong.
        public var description: String { "\(file.path) cannot be replayed: \(reason)." }
    }
}
