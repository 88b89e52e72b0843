import Foundation

/// Turns the bytes of a `text/event-stream` into events, fed chunk by chunk, by the HTML
/// standard's rules (§9.2.6 "Interpreting an event stream"), on bytes:
/// - lines end with CRLF, LF or CR, also when a CRLF is split across two chunks;
/// - a leading byte order mark is skipped; invalid UTF-8 becomes U+FFFD (a character split
///   across chunks is whole, since text is decoded only once its line has ended);
/// - `data:` lines accumulate, joined with LF; `event:` sets the type; `id:` sets the last event
///   ID unless it contains NUL; `retry:` sets the stream's reconnection time when all ASCII
///   digits (a value too large for `Int` is ignored, as a malformed one), in a block that
///   dispatches no event too, and every later event carries it, as every event carries the last
///   event ID; a space after the colon is removed; lines starting with `:` are comments; unknown
///   fields are ignored;
/// - a blank line dispatches the event, unless it has no data;
/// - an event the stream ends before its blank line is not dispatched.
///
/// No event grows without bound: a line, or an event's data, longer than `maximumEventSize`
/// bytes throws ``LimitExceeded`` instead of being buffered (a server that never sends a line
/// end would otherwise fill memory).
struct ServerSentEventParser: Sendable {
    /// A line or an event's data longer than the parser's limit (or a record longer than a JSON
    /// framer's).
    struct LimitExceeded: Error, CustomStringConvertible {
        /// The limit, in bytes.
        let limit: Int
        var description: String {
            "A streamed event is longer than \(limit) bytes (its line, its data or its record); the stream was stopped."
        }
    }

    /// The most bytes of one line, or of one event's data, the parser holds.
    let maximumEventSize: Int
    private var line: [UInt8] = []
    private var sawCarriageReturn = false
    private var atStart = true
    private var eventType: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    private var lastEventID: String?
    private var retry: Int?

    /// Creates a parser.
    /// - Parameter maximumEventSize: The most bytes of one line, or of one event's data.
    init(maximumEventSize: Int = ServerSentEventReader.defaultMaximumEventSize) {
        self.maximumEventSize = maximumEventSize
    }

    /// Reads a chunk; returns the events it completes.
    /// - Throws: ``LimitExceeded`` when a line or an event's data passes the limit.
    mutating func feed(_ chunk: Data) throws(LimitExceeded) -> [ServerSentEvent] {
        let result = chunk.withUnsafeBytes { raw in
            Result { () throws(LimitExceeded) in try feed(raw.bindMemory(to: UInt8.self)) }
        }
        return try result.get()
    }

    /// Reads bytes; returns the events they complete.
    /// - Throws: ``LimitExceeded`` when a line or an event's data passes the limit.
    mutating func feed(_ bytes: some Sequence<UInt8>) throws(LimitExceeded) -> [ServerSentEvent] {
        let array = Array(bytes)
        let result = array.withUnsafeBufferPointer { buffer in
            Result { () throws(LimitExceeded) in try feed(buffer) }
        }
        return try result.get()
    }

    /// Reads bytes a line at a time: each run up to a line end is appended whole.
    private mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws(LimitExceeded) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        var index = 0
        let count = bytes.count
        while index < count {
            if sawCarriageReturn {
                sawCarriageReturn = false
                if bytes[index] == 0x0A {  // The LF of a CRLF.
                    index += 1
                    continue
                }
            }
            var end = index
            while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            guard line.count + (end - index) <= maximumEventSize else { throw LimitExceeded(limit: maximumEventSize) }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
            guard end < count else { break }
            sawCarriageReturn = bytes[end] == 0x0D
            if let event = try endLine() { events.append(event) }
            index = end + 1
        }
        return events
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private mutating func endLine() throws(LimitExceeded) -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: line.count <= 64 << 10) }
        var start = 0
        if atStart {
            atStart = false
            if line.starts(with: Self.byteOrderMark) { start = 3 }
        }
        let text = line[start...]
        guard let first = text.first else { return dispatch() }
        if first == UInt8(ascii: ":") { return nil }
        let field: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = text.firstIndex(of: UInt8(ascii: ":")) {
            field = text[..<colon]
            value = text[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            field = text
            value = []
        }
        switch Field(field) {
        case .event:
            eventType = Array(value)
        case .data:
            guard data.count + value.count + 1 <= maximumEventSize else {
                throw LimitExceeded(limit: maximumEventSize)
            }
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
        case .id:
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case .retry:
            // All digits, and small enough: anything else is ignored, leaving the time as it was.
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }),
                let milliseconds = Int(String(decoding: value, as: UTF8.self))
            {
                retry = milliseconds
            }
        case nil:
            break
        }
        return nil
    }

    /// The fields the standard defines, compared as bytes.
    private enum Field {
        case event, data, id, retry

        init?(_ name: ArraySlice<UInt8>) {
            switch name.count {
            case 2 where name.elementsEqual("id".utf8): self = .id
            case 4 where name.elementsEqual("data".utf8): self = .data
            case 5 where name.elementsEqual("event".utf8): self = .event
            case 5 where name.elementsEqual("retry".utf8): self = .retry
            default: return nil
            }
        }
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            eventType.removeAll(keepingCapacity: true)
            data.removeAll(keepingCapacity: data.count <= 64 << 10)
            hasData = false
        }
        guard hasData else { return nil }
        return ServerSentEvent(
            event: eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self),
            data: String(decoding: data, as: UTF8.self), id: lastEventID, retry: retry)
    }

    /// Whether the stream ended in the middle of an event (which is then not dispatched).
    var hasIncompleteEvent: Bool { !line.isEmpty || hasData }
}

extension ResponseBody.Iterator {
    /// Stops reading a body whose line, event or record passed its limit: cancels the load and
    /// returns the error to throw, ``ServiceError/transport(_:)`` with
    /// `URLError.dataLengthExceedsMaximum`.
    func stop(for error: ServerSentEventParser.LimitExceeded) -> ServiceError {
        cancel()
        return failure(URLError(.dataLengthExceedsMaximum, userInfo: [NSLocalizedDescriptionKey: error.description]))
    }
}

/// Splits JSON Lines / NDJSON (`application/jsonl`, `application/x-ndjson`) into records: one
/// per line, CRLF or LF, blank lines skipped; a last line without its line feed is a record. A
/// line longer than `maximumRecordSize` throws instead of being buffered.
struct JSONLinesFramer: Sendable {
    /// The most bytes of one line the framer holds.
    let maximumRecordSize: Int
    private var pending: [UInt8] = []

    init(maximumRecordSize: Int = ServerSentEventReader.defaultMaximumEventSize) {
        self.maximumRecordSize = maximumRecordSize
    }

    mutating func feed(_ bytes: some Sequence<UInt8>) throws(ServerSentEventParser.LimitExceeded) -> [[UInt8]] {
        var records: [[UInt8]] = []
        for byte in bytes {
            if byte == 0x0A {
                if let record = take() { records.append(record) }
            } else {
                guard pending.count < maximumRecordSize else {
                    throw ServerSentEventParser.LimitExceeded(limit: maximumRecordSize)
                }
                pending.append(byte)
            }
        }
        return records
    }

    mutating func finish() -> [UInt8]? { take() }

    private mutating func take() -> [UInt8]? {
        defer { pending.removeAll(keepingCapacity: true) }
        if pending.last == 0x0D { pending.removeLast() }
        guard pending.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { return nil }
        return pending
    }
}

/// Splits JSON text sequences (RFC 7464, `application/json-seq`) into records: each starts
/// with RS (0x1E) and ends with LF. A record without its final LF was cut short. A record longer
/// than `maximumRecordSize` throws instead of being buffered.
struct JSONSequenceFramer: Sendable {
    /// The most bytes of one record the framer holds.
    let maximumRecordSize: Int
    private var pending: [UInt8] = []
    private var started = false

    init(maximumRecordSize: Int = ServerSentEventReader.defaultMaximumEventSize) {
        self.maximumRecordSize = maximumRecordSize
    }

    /// A record and whether it ended with its line feed.
    mutating func feed(_ bytes: some Sequence<UInt8>) throws(ServerSentEventParser.LimitExceeded)
        -> [(record: [UInt8], complete: Bool)]
    {
        var records: [(record: [UInt8], complete: Bool)] = []
        for byte in bytes {
            if byte == 0x1E {
                if started, let record = take() { records.append(record) }
                started = true
            } else if started {
                guard pending.count < maximumRecordSize else {
                    throw ServerSentEventParser.LimitExceeded(limit: maximumRecordSize)
                }
                pending.append(byte)
            } else if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) {
                // Text before the first RS: keep it, so that it fails to decode loudly.
                started = true
                pending.append(byte)
            }
        }
        return records
    }

    mutating func finish() -> (record: [UInt8], complete: Bool)? { take() }

    private mutating func take() -> (record: [UInt8], complete: Bool)? {
        defer { pending.removeAll(keepingCapacity: true) }
        guard pending.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        return (pending, pending.last == 0x0A)
    }
}
