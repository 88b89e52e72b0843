import Foundation

/// Tells any number of independent listeners how every call of a client turns out.
///
/// ```swift
/// let listener = client.requestEvents.subscribe(operationID: "login") { event in
///     if let session = event.value(as: Session.self) { await push.register(for: session.user) }
/// }
/// for await event in client.requestEvents.stream() { log(event) }  // or as an AsyncSequence
/// listener.cancel()
/// ```
///
/// Each listener receives its events in order, on its own task, after the call has produced
/// them: a slow or failing listener never delays, fails or reorders the call's own result, nor
/// another listener's events. Keep the task `subscribe` returns and cancel it to stop.
///
/// Each listener holds at most ``defaultBufferLimit`` events it has not handled yet (or the
/// limit it asks for): past it the oldest are dropped, so a listener that stalls never grows
/// the process's memory. When the client is released, every listener's task and every stream
/// ends.
public final class RequestEvents: @unchecked Sendable {
    // @unchecked: `subscribers` and `nextID` are only touched under `lock`.
    private let lock = NSLock()
    private var subscribers: [UInt64: Subscriber] = [:]
    private var nextID: UInt64 = 0

    private struct Subscriber {
        var operationID: String?
        var continuation: AsyncStream<RequestEvent>.Continuation
    }

    init() {}

    // When the client goes, its listeners' loops and streams end instead of waiting forever.
    deinit {
        for subscriber in subscribers.values { subscriber.continuation.finish() }
    }

    /// How many unhandled events a listener holds by default before dropping the oldest.
    public static let defaultBufferLimit = 1000

    /// Calls a listener for every event, or for one operation's events.
    /// - Parameters:
    ///   - operationID: Only events of this operation; `nil` for all.
    ///   - bufferLimit: The most events held while the listener is busy; the oldest go first.
    ///   - listener: Called once per event, in order; it may suspend without delaying anything else.
    /// - Returns: The task that calls the listener; cancel it to stop listening (the events it
    ///   has not handled are dropped).
    @discardableResult
    public func subscribe(
        operationID: String? = nil, bufferLimit: Int = defaultBufferLimit,
        _ listener: @escaping @Sendable (RequestEvent) async -> Void
    ) -> Task<Void, Never> {
        let stream = makeStream(operationID: operationID, bufferLimit: bufferLimit)
        // Cancelling the task ends the loop, which ends the stream and removes the subscriber.
        return Task {
            for await event in stream {
                if Task.isCancelled { break }
                await listener(event)
            }
        }
    }

    /// The events as an asynchronous sequence; it ends when the iterating task is cancelled or
    /// the stream is dropped.
    /// - Parameters:
    ///   - operationID: Only events of this operation; `nil` for all.
    ///   - bufferLimit: The most events held until they are read; the oldest go first.
    /// - Returns: The stream, buffering events until they are read.
    public func stream(operationID: String? = nil, bufferLimit: Int = defaultBufferLimit) -> AsyncStream<RequestEvent> {
        makeStream(operationID: operationID, bufferLimit: bufferLimit)
    }

    private func makeStream(operationID: String?, bufferLimit: Int) -> AsyncStream<RequestEvent> {
        let (stream, continuation) = AsyncStream<RequestEvent>.makeStream(
            bufferingPolicy: .bufferingNewest(max(1, bufferLimit)))
        let id = lock.withLock {
            nextID += 1
            subscribers[nextID] = Subscriber(operationID: operationID, continuation: continuation)
            return nextID
        }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    private func remove(_ id: UInt64) {
        let subscriber = lock.withLock { subscribers.removeValue(forKey: id) }
        subscriber?.continuation.finish()
    }

    /// Whether anyone listens, so the client can skip building events.
    var isObserved: Bool { lock.withLock { !subscribers.isEmpty } }

    func emit(_ event: RequestEvent) {
        let targets = lock.withLock {
            subscribers.values.filter { $0.operationID == nil || $0.operationID == event.info.operationID }
        }
        for target in targets { target.continuation.yield(event) }
    }
}
