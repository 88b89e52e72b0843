import Foundation

/// How a streamed response body is cut into values.
public enum EventFormat: Sendable, Hashable {
    /// Server-sent events (`text/event-stream`): each event's data is one value. An event whose
    /// data equals `terminator` (such as `"[DONE]"`) ends the stream without being decoded.
    case serverSentEvents(terminator: String? = nil)
    /// JSON Lines / NDJSON (`application/jsonl`, `application/x-ndjson`): one value per line.
    case jsonLines
    /// JSON text sequences (RFC 7464, `application/json-seq`): values after RS characters.
    case jsonSequence

    /// The format a media type names, if it is one of the streaming formats.
    /// - Parameter mediaType: A media type such as `"text/event-stream"`.
    /// - Returns: The format, or `nil`.
    public static func forMediaType(_ mediaType: String) -> EventFormat? {
        let type = mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        switch type {
        case "text/event-stream": return .serverSentEvents()
        case "application/jsonl", "application/x-ndjson", "application/ndjson", "application/x-jsonlines",
            "application/jsonlines":
            return .jsonLines
        case "application/json-seq": return .jsonSequence
        default: return nil
        }
    }
}
