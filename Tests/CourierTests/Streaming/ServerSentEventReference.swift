// The server-sent event parser's reference: shared by `ServerSentEventReferenceTests` and
// `Scripts/Fuzz/ServerSentEventsFuzz.swift`, which compiles this file into Courier's module (without
// the `@testable import`), so it uses nothing but Foundation and Courier.

import Foundation

@testable import Courier

/// The HTML standard's algorithm, written plainly on the whole stream: the reference.
func referenceServerSentEvents(_ bytes: [UInt8]) -> [ServerSentEvent] {
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
