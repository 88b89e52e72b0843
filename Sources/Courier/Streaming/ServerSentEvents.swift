/// The events of a `text/event-stream` body, as they arrive.
///
/// ```swift
/// let streaming = try await client.stream(Endpoint<EmptyResponse>.get("/events"))
/// for try await event in streaming.body.serverSentEvents() {
///     print(event.event, event.data)
/// }
/// ```
public struct ServerSentEvents: AsyncSequence, Sendable {
    /// An event.
    public typealias Element = ServerSentEvent
    /// What iterating throws.
    public typealias Failure = ServiceError

    let body: ResponseBody

    /// Creates the iterator.
    /// - Returns: An iterator over the events.
    public func makeAsyncIterator() -> Iterator {
        Iterator(body: body.makeAsyncIterator())
    }

    /// Iterates ``ServerSentEvents``.
    public struct Iterator: AsyncIteratorProtocol {
        /// An event.
        public typealias Element = ServerSentEvent
        /// What iterating throws.
        public typealias Failure = ServiceError

        var body: ResponseBody.Iterator
        var parser = ServerSentEventParser()
        var ready: [ServerSentEvent] = []
        var readyIndex = 0

        init(body: ResponseBody.Iterator) { self.body = body }

        /// The next event, or `nil` when the stream ends.
        /// - Returns: The event.
        /// - Throws: ``ServiceError`` from reading the body.
        public mutating func next() async throws(ServiceError) -> ServerSentEvent? {
            while readyIndex == ready.count {
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
                guard let chunk = try await body.next() else { return nil }
                ready = parser.feed(chunk)
            }
            defer { readyIndex += 1 }
            return ready[readyIndex]
        }

        func cancel() { body.cancel() }
    }
}

extension ResponseBody {
    /// The body read as server-sent events.
    /// - Returns: The events, as they arrive.
    public func serverSentEvents() -> ServerSentEvents {
        ServerSentEvents(body: self)
    }
}
