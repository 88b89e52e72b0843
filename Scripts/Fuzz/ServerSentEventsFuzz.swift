// Compiled by Scripts/fuzz.sh into the Courier module, with libFuzzer.
//
// The server-sent event parser, fed the input whole and in chunks of 1 to 17 bytes (the first
// byte picks the size), must give the same events, and the same as the HTML standard's algorithm
// written plainly on the whole text (below); with a small limit, both throw or neither does.

import Foundation

/// The HTML standard's algorithm, written plainly on the whole stream: the reference.
private func referenceEvents(_ bytes: [UInt8]) -> [ServerSentEvent] {
    var text = String(decoding: bytes, as: UTF8.self)
    if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
    // Lines end with CRLF, LF or CR; the last piece, without an end, is not a line.
    var lines: [String] = []
    var current = ""
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.first {
        scalars = scalars.dropFirst()
        if scalar == "\r" {
            lines.append(current); current = ""
            if scalars.first == "\n" { scalars = scalars.dropFirst() }
        } else if scalar == "\n" {
            lines.append(current); current = ""
        } else {
            current.unicodeScalars.append(scalar)
        }
    }
    var events: [ServerSentEvent] = []
    var data = "", type = "", lastID: String? = nil, retry: Int? = nil
    for line in lines {
        if line.isEmpty {
            if data.isEmpty { type = ""; continue }
            data.removeLast()
            events.append(ServerSentEvent(event: type.isEmpty ? "message" : type, data: data, id: lastID, retry: retry))
            data = ""; type = ""
            continue
        }
        // Code points, not characters: a combining mark after the colon or the space must not
        // hide them.
        let scalars = line.unicodeScalars
        if scalars.first == ":" { continue }
        var field = line, value = ""
        if let colon = scalars.firstIndex(of: ":") {
            field = String(scalars[..<colon])
            var rest = scalars[scalars.index(after: colon)...]
            if rest.first == " " { rest = rest.dropFirst() }
            value = String(rest)
        }
        switch field {
        case "event": type = value
        case "data": data += value + "\n"
        case "id": if !value.unicodeScalars.contains("\u{0}") { lastID = value }
        case "retry":
            if !value.isEmpty, value.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(value) {
                retry = number
            }
        default: break
        }
    }
    return events
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerSentEvents(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 1 else { return 0 }
    let chunkSize = Int(start[0]) % 17 + 1
    let bytes = Array(UnsafeBufferPointer(start: start + 1, count: count - 1))
    // Whole, and in chunks: the same events.
    var whole = ServerSentEventParser()
    let all = try! whole.feed(bytes)
    var chunked = ServerSentEventParser()
    var pieces: [ServerSentEvent] = []
    var index = 0
    while index < bytes.count {
        let end = min(bytes.count, index + chunkSize)
        pieces += try! chunked.feed(bytes[index..<end])
        index = end
    }
    check(all == pieces, "chunked \(pieces) whole \(all)")
    let expected = referenceEvents(bytes)
    check(all == expected, "parser \(all) reference \(expected)")
    // With a small limit: the same events, then the same error, whole and in chunks.
    func limited(_ size: Int) -> ([ServerSentEvent], Bool) {
        var parser = ServerSentEventParser(maximumEventSize: 24)
        var events: [ServerSentEvent] = []
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + size)
            do { events += try parser.feed(bytes[index..<end]) } catch { return (events, true) }
            index = end
        }
        return (events, false)
    }
    let (wholeEvents, wholeThrew) = limited(bytes.count)
    let (chunkEvents, chunkThrew) = limited(chunkSize)
    check(wholeThrew == chunkThrew, "limit: whole threw \(wholeThrew), chunked \(chunkThrew)")
    if !wholeThrew { check(wholeEvents == chunkEvents, "limited: \(wholeEvents) \(chunkEvents)") }
    return 0
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandle.standardError.write(Data(("MISMATCH " + message() + "\n").utf8))
        abort()
    }
}
