import Foundation

/// Reads the events of a `text/event-stream` body as they arrive, for ``EventStream``.
///
/// The body is parsed as bytes by the HTML standard's rules (``ServerSentEventParser``). No event
/// grows without bound: a line, or an event's data, longer than the limit stops the stream with
/// ``ServiceError/transport(_:)`` (`URLError.dataLengthExceedsMaximum`) and cancels the load.
struct ServerSentEventReader {
    /// The most bytes of one line or one event's data accepted by default: 16 MB.
    static let defaultMaximumEventSize = 16 << 20

    private var body: ResponseBody.Iterator
    private var parser: ServerSentEventParser
    private var ready: [ServerSentEvent] = []
    private var readyIndex = 0

    init(body: ResponseBody.Iterator, maximumEventSize: Int) {
        self.body = body
        parser = ServerSentEventParser(maximumEventSize: maximumEventSize)
    }

    /// The next event, or `nil` when the stream ends.
    mutating func next() async throws(ServiceError) -> ServerSentEvent? {
        while readyIndex == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
            guard let chunk = try await body.next() else { return nil }
            do {
                ready = try parser.feed(chunk)
            } catch {
                throw body.stop(for: error)
            }
        }
        defer { readyIndex += 1 }
        return ready[readyIndex]
    }

    /// Stops reading: cancels the load.
    func cancel() { body.cancel() }
}
