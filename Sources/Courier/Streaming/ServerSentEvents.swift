import Foundation

/// The events of a `text/event-stream` body, as they arrive.
///
/// ```swift
/// let streaming = try await client.stream(Endpoint<EmptyResponse>.get("/events"))
/// for try await event in streaming.body.serverSentEvents() {
///     print(event.event, event.data)
/// }
/// ```
///
/// The body is parsed as bytes by the HTML standard's rules. No event grows without bound: a
/// line, or an event's data, longer than the limit stops the stream with
/// ``ServiceError/transport(_:)`` (`URLError.dataLengthExceedsMaximum`) and cancels the load.
public struct ServerSentEvents: AsyncSequence, Sendable {
    /// An event.
    public typealias Element = ServerSentEvent
    /// What iterating throws.
    public typealias Failure = ServiceError

    /// The most bytes of one line or one event's data accepted by default: 16 MB.
    public static let defaultMaximumEventSize = 16 << 20

    let body: ResponseBody
    let maximumEventSize: Int

    /// Creates the iterator.
    /// - Returns: An iterator over the events.
    public func makeAsyncIterator() -> Iterator {
        Iterator(body: body.makeAsyncIterator(), maximumEventSize: maximumEventSize)
    }

    /// Iterates ``ServerSentEvents``.
    public struct Iterator: AsyncIteratorProtocol {
        /// An event.
        public typealias Element = ServerSentEvent
        /// What iterating throws.
        public typealias Failure = ServiceError

        var body: ResponseBody.Iterator
        var parser: ServerSentEventParser
        var ready: [ServerSentEvent] = []
        var readyIndex = 0

        init(body: ResponseBody.Iterator, maximumEventSize: Int) {
            self.body = body
            parser = ServerSentEventParser(maximumEventSize: maximumEventSize)
        }

        /// The next event, or `nil` when the stream ends.
        /// - Returns: The event.
        /// - Throws: ``ServiceError`` from reading the body, or past the size limit.
        public mutating func next() async throws(ServiceError) -> ServerSentEvent? {
            while readyIndex == ready.count {
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
                guard let chunk = try await body.next() else { return nil }
                do {
                    ready = try parser.feed(chunk)
                } catch {
                    body.cancel()
                    throw body.failure(
                        URLError(.dataLengthExceedsMaximum, userInfo: [NSLocalizedDescriptionKey: error.description]))
                }
            }
            defer { readyIndex += 1 }
            return ready[readyIndex]
        }

        func cancel() { body.cancel() }
    }
}

extension ResponseBody {
    /// The body read as server-sent events.
    /// - Parameter maximumEventSize: The most bytes of one line, or of one event's data; a
    ///   longer one stops the stream with an error.
    /// - Returns: The events, as they arrive.
    public func serverSentEvents(maximumEventSize: Int = ServerSentEvents.defaultMaximumEventSize)
        -> ServerSentEvents
    {
        ServerSentEvents(body: self, maximumEventSize: maximumEventSize)
    }
}
