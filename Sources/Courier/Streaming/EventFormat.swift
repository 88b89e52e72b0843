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

    /// The `Accept` a call that reads this format sends when its endpoint names none: the
    /// format's media types, then JSON at a lower preference, for the error a server answers
    /// instead (and for servers that want both, as the Model Context Protocol's do).
    var acceptValue: String {
        switch self {
        case .serverSentEvents: "text/event-stream, application/json;q=0.5"
        case .jsonLines: "application/jsonl, application/x-ndjson, application/json;q=0.5"
        case .jsonSequence: "application/json-seq, application/json;q=0.5"
        }
    }

    /// The `Accept` of a call that takes whichever format the response's `Content-Type` names.
    static let anyFormatAcceptValue =
        "text/event-stream, application/jsonl, application/x-ndjson, application/json-seq, application/json;q=0.5"

    /// Whether a response's `Content-Type` can carry this format: `text/event-stream` for
    /// server-sent events; for JSON Lines and sequences anything but an HTML page or a single
    /// JSON document, since servers label them loosely (`text/plain`, `application/x-json-stream`).
    /// - Parameter contentType: The header's value.
    /// - Returns: Whether the body streams values in this format.
    func accepts(contentType: String) -> Bool {
        let type =
            contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch self {
        case .serverSentEvents: return type == "text/event-stream"
        case .jsonLines, .jsonSequence:
            return EventFormat.forMediaType(type) == self
                || !(type == "text/html" || ResponseDecoding.isJSON(type))
        }
    }
}
