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

    /// The media types of this format, as `Accept` lists them.
    private var acceptedMediaTypes: String {
        switch self {
        case .serverSentEvents: "text/event-stream"
        case .jsonLines: "application/jsonl, application/x-ndjson"
        case .jsonSequence: "application/json-seq"
        }
    }

    /// The `Accept` a call that reads these formats sends when its endpoint names none: their
    /// media types (every format's when there are none), then JSON at a lower preference, for
    /// the error a server answers instead (and for servers that want both, as the Model Context
    /// Protocol's do).
    /// - Parameter formats: The formats the call reads, in order of preference.
    /// - Returns: The header's value.
    static func acceptValue(_ formats: [EventFormat]) -> String {
        let formats = formats.isEmpty ? [.serverSentEvents(), .jsonLines, .jsonSequence] : formats
        return (formats.map(\.acceptedMediaTypes) + ["application/json;q=0.5"]).joined(separator: ", ")
    }

    /// The format of a response whose `Content-Type` is `contentType`, among `formats`: the one the
    /// media type names, else the first that can carry it (see ``accepts(contentType:)``); the
    /// first when the response names no type. `nil` when none can: the response is not a stream.
    /// - Parameters:
    ///   - formats: The formats the caller reads, in order of preference; empty for any.
    ///   - contentType: The response's `Content-Type`.
    /// - Returns: The format to read the body in.
    static func chosen(from formats: [EventFormat], contentType: String?) -> EventFormat? {
        guard let contentType else { return formats.first }
        let named = forMediaType(contentType)
        if formats.isEmpty { return named }
        if let named, let format = formats.first(where: { $0.isKind(of: named) }) { return format }
        return formats.first { $0.accepts(contentType: contentType) }
    }

    /// Whether the two are the same format, whatever their settings (a terminator).
    private func isKind(of other: EventFormat) -> Bool {
        switch (self, other) {
        case (.serverSentEvents, .serverSentEvents), (.jsonLines, .jsonLines), (.jsonSequence, .jsonSequence): true
        default: false
        }
    }

    /// Whether a response's `Content-Type` can carry this format: `text/event-stream` for
    /// server-sent events; for JSON Lines and sequences their own types, or any type but an HTML
    /// page, a single JSON document or another streaming format, since servers label them
    /// loosely (`text/plain`, `application/x-json-stream`).
    /// - Parameter contentType: The header's value.
    /// - Returns: Whether the body streams values in this format.
    func accepts(contentType: String) -> Bool {
        let type =
            contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if let named = EventFormat.forMediaType(type) { return isKind(of: named) }
        switch self {
        case .serverSentEvents: return false
        case .jsonLines, .jsonSequence: return !(type == "text/html" || ResponseDecoding.isJSON(type))
        }
    }
}
