import Courier
import Foundation

/// Whether a live request's body is the one recorded, where the client writes the same content
/// differently each time it sends it: `JSONEncoder` puts an object's keys in no set order (it
/// changes from one encoding to the next), and each multipart form gets a random boundary.
enum RecordedBodyMatching {
    /// Whether two bodies carry the same content: the same bytes; for JSON (and JSON Lines,
    /// line by line), the same values whatever the order of keys; for a multipart form, the same
    /// parts in the same order, each compared by these rules, whatever the boundaries.
    /// - Parameters:
    ///   - live: The live request's body.
    ///   - liveType: Its `Content-Type`.
    ///   - recorded: The recorded request's body.
    ///   - recordedType: Its `Content-Type`.
    /// - Returns: Whether they match.
    static func same(_ live: Data?, _ liveType: String?, _ recorded: Data?, _ recordedType: String?) -> Bool {
        if live == recorded { return true }
        guard let live, let recorded, let liveType, let recordedType else { return false }
        let mediaType = Self.mediaType(liveType)
        guard mediaType == Self.mediaType(recordedType) else { return false }
        if mediaType == "multipart/form-data" {
            guard let liveParts = parts(of: live, boundary: boundary(liveType)),
                let recordedParts = parts(of: recorded, boundary: boundary(recordedType)),
                liveParts.count == recordedParts.count
            else { return false }
            return zip(liveParts, recordedParts).allSatisfy { live, recorded in
                live.headers == recorded.headers
                    && same(live.content, live.contentType, recorded.content, recorded.contentType)
            }
        }
        if ["application/jsonl", "application/x-ndjson", "application/x-jsonlines"].contains(mediaType) {
            let liveLines = live.split(separator: UInt8(ascii: "\n"))
            let recordedLines = recorded.split(separator: UInt8(ascii: "\n"))
            return liveLines.count == recordedLines.count
                && zip(liveLines, recordedLines).allSatisfy { sameJSON(Data($0), Data($1)) }
        }
        if mediaType == "application/json" || mediaType.hasSuffix("+json") { return sameJSON(live, recorded) }
        return false
    }

    /// Whether two JSON texts hold equal values (objects compared as dictionaries).
    private static func sameJSON(_ first: Data, _ second: Data) -> Bool {
        let decoder = JSONDecoder()
        guard let one = try? decoder.decode(JSONValue.self, from: first),
            let other = try? decoder.decode(JSONValue.self, from: second)
        else { return false }
        return one == other
    }

    /// The media type of a `Content-Type`, lowercased, without parameters.
    private static func mediaType(_ contentType: String) -> String {
        contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        } ?? ""
    }

    /// The `boundary` parameter of a multipart `Content-Type`, unquoted.
    private static func boundary(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// One part of a multipart form: its header lines as sent, and its content.
    private struct Part {
        var headers: Data
        var content: Data
        var contentType: String? = nil
    }

    /// The parts of a multipart body (RFC 2046), or `nil` if it is not one with that boundary.
    private static func parts(of body: Data, boundary: String?) -> [Part]? {
        guard let boundary else { return nil }
        let delimiter = Data("--\(boundary)".utf8)
        let lineBreak = Data("\r\n".utf8)
        let headersEnd = Data("\r\n\r\n".utf8)
        guard var cursor = body.range(of: delimiter)?.upperBound else { return nil }
        var parts: [Part] = []
        while true {
            let rest = body[cursor...]
            if rest.starts(with: Data("--".utf8)) { return parts }  // the closing delimiter
            guard rest.starts(with: lineBreak),
                let next = body.range(of: lineBreak + delimiter, in: (cursor + lineBreak.count)..<body.endIndex)
            else { return nil }
            let part = body[(cursor + lineBreak.count)..<next.lowerBound]
            if part.starts(with: lineBreak) {
                // A part with no header lines starts with the blank line that ends them.
                parts.append(Part(headers: Data(), content: Data(part.dropFirst(lineBreak.count))))
            } else {
                guard let split = part.range(of: headersEnd) else { return nil }
                let headers = Data(part[part.startIndex..<split.lowerBound])
                let contentType = String(decoding: headers, as: UTF8.self).split(separator: "\r\n").first {
                    $0.lowercased().hasPrefix("content-type:")
                }.map { String($0.dropFirst("content-type:".count)).trimmingCharacters(in: .whitespaces) }
                parts.append(Part(headers: headers, content: Data(part[split.upperBound...]), contentType: contentType))
            }
            cursor = next.upperBound
        }
    }
}
