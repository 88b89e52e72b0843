/// One event of a `text/event-stream` (server-sent events, as the HTML standard defines them).
public struct ServerSentEvent: Sendable, Hashable {
    /// The event type, from its `event:` field; `"message"` when it has none.
    public var event: String
    /// The event's data: its `data:` lines joined with line feeds.
    public var data: String
    /// The last event ID the stream has set (its `id:` field, here or on an earlier event).
    public var id: String?
    /// The stream's reconnection time in milliseconds, when it has set one (its `retry:` field,
    /// here or in an earlier block, even one with no data): how long to wait before reconnecting.
    public var retry: Int?

    /// Creates an event.
    /// - Parameters:
    ///   - event: The event type.
    ///   - data: The data.
    ///   - id: The last event ID.
    ///   - retry: The reconnection time in milliseconds.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}
