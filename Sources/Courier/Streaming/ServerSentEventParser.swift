/// Turns the bytes of a `text/event-stream` into events, fed chunk by chunk, by the HTML
/// standard's rules (§9.2.6 "Interpreting an event stream"):
/// - lines end with CRLF, LF or CR, also when a CRLF is split across two chunks;
/// - a leading byte order mark is skipped; invalid UTF-8 becomes U+FFFD;
/// - `data:` lines accumulate, joined with LF; `event:` sets the type; `id:` sets the last event
///   ID unless it contains NUL; `retry:` is honoured when all digits; a space after the colon is
///   removed; lines starting with `:` are comments; unknown fields are ignored;
/// - a blank line dispatches the event, unless it has no data;
/// - an event the stream ends before its blank line is not dispatched.
struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var sawCarriageReturn = false
    private var atStart = true
    private var eventType = ""
    private var data = ""
    private var hasData = false
    private var lastEventID: String?
    private var retry: Int?

    /// Reads a chunk; returns the events it completes.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if sawCarriageReturn {
                sawCarriageReturn = false
                if byte == 0x0A { continue }  // The LF of a CRLF.
            }
            switch byte {
            case 0x0A:
                if let event = endLine() { events.append(event) }
            case 0x0D:
                sawCarriageReturn = true
                if let event = endLine() { events.append(event) }
            default:
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        var text = String(decoding: line, as: UTF8.self)
        line.removeAll(keepingCapacity: true)
        if atStart {
            atStart = false
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        }
        if text.isEmpty { return dispatch() }
        if text.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "event": eventType = String(value)
        case "data":
            if hasData { data += "\n" }
            data += value
            hasData = true
        case "id":
            if !value.contains("\u{0}") { lastEventID = String(value) }
        case "retry":
            if !value.isEmpty, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) { retry = Int(value) }
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            eventType = ""
            data = ""
            hasData = false
            retry = nil
        }
        guard hasData else { return nil }
        return ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType, data: data, id: lastEventID, retry: retry)
    }

    /// Whether the stream ended in the middle of an event (which is then not dispatched).
    var hasIncompleteEvent: Bool { !line.isEmpty || hasData }
}

/// Splits JSON Lines / NDJSON (`application/jsonl`, `application/x-ndjson`) into records: one
/// per line, CRLF or LF, blank lines skipped; a last line without its line feed is a record.
struct JSONLinesFramer: Sendable {
    private var pending: [UInt8] = []

    mutating func feed(_ bytes: some Sequence<UInt8>) -> [[UInt8]] {
        var records: [[UInt8]] = []
        for byte in bytes {
            if byte == 0x0A {
                if let record = take() { records.append(record) }
            } else {
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
/// with RS (0x1E) and ends with LF. A record without its final LF was cut short.
struct JSONSequenceFramer: Sendable {
    private var pending: [UInt8] = []
    private var started = false

    /// A record and whether it ended with its line feed.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [(record: [UInt8], complete: Bool)] {
        var records: [(record: [UInt8], complete: Bool)] = []
        for byte in bytes {
            if byte == 0x1E {
                if started, let record = take() { records.append(record) }
                started = true
            } else if started {
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
