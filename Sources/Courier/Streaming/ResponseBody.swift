public import Foundation

/// A response body: an asynchronous sequence of byte chunks, handed out as they arrive, or the
/// whole body already in memory (``bufferedData``).
///
/// Courier reads from the network only as fast as the body is consumed (backpressure), so a
/// slow consumer holds about a megabyte in memory, not the whole body. The transfer lasts as
/// long as its reader: leaving the loop (`break`, `return`, a thrown error), dropping the
/// iterator, cancelling the consuming task, or dropping the body before reading it cancels the
/// HTTP request.
///
/// ```swift
/// let streaming = try await client.stream(Endpoint<EmptyResponse>.get("/export"))
/// for try await chunk in streaming.body {
///     try file.write(contentsOf: chunk)
/// }
/// ```
///
/// A body arriving from the network can be iterated once; a second iteration throws. A body in
/// memory can be iterated any number of times. Errors are
/// ``ServiceError``s: a connection lost mid-body is ``ServiceError/notConnected(_:)`` or
/// ``ServiceError/transport(_:)``, cancellation ``ServiceError/cancelled``.
public struct ResponseBody: AsyncSequence, Sendable {
    /// A chunk of the body.
    public typealias Element = Data
    /// What iterating throws.
    public typealias Failure = ServiceError

    private let source: Source
    /// Turns a producer's error into a ``ServiceError``; the client sets it to its classification.
    var classify: @Sendable (any Error) -> ServiceError = { ServiceError.classify($0, request: nil) }
    /// Set by ``whenEnded(_:)``: tells when the body ends.
    private var lifetime: BodyLifetime?

    private enum Source: Sendable {
        case buffered(Data)
        case channel(ConsumerSide)
    }

    /// A body already in memory, handed out as one chunk (none when it is empty).
    /// - Parameter data: The whole body.
    public init(_ data: Data) {
        source = .buffered(data)
    }

    /// A body read from another asynchronous sequence of chunks, such as a transport's own body
    /// type. Its errors are classified like a transport's.
    ///
    /// The sequence is read by a task of its own from the first iteration on, at most about a
    /// megabyte ahead of the consumer; cancelling or abandoning the body cancels that task, as
    /// a transport's sequence expects of a reader that no longer wants its body.
    /// - Parameter chunks: The chunks, in order.
    public init<Chunks: AsyncSequence & Sendable>(chunks: Chunks) where Chunks.Element == Data {
        let channel = ByteChannel()
        let box = UncheckedSendable(chunks)
        channel.setOnFirstDemand {
            let reader = Task {
                var iterator = box.value.makeAsyncIterator()
                do {
                    while let chunk = try await iterator.next() {
                        guard await channel.send(chunk) else { return }
                    }
                    channel.finish()
                } catch {
                    channel.finish(throwing: error)
                }
            }
            channel.setOnTermination { reader.cancel() }
        }
        source = .channel(ConsumerSide(channel))
    }

    /// A body fed through a channel by a transport.
    init(channel: ByteChannel) {
        source = .channel(ConsumerSide(channel))
    }

    /// The whole body, when it is in memory: a body made from `Data`, and the body of every
    /// response the client read whole (a call that decodes its value, an error response);
    /// `nil` for a body still arriving, which is read by iterating it.
    public var bufferedData: Data? {
        if case .buffered(let data) = source { data } else { nil }
    }

    /// Whether the body is still arriving rather than in memory.
    var isStreaming: Bool { bufferedData == nil }

    /// Reads the whole body into memory.
    /// - Parameter limit: The most bytes to accept; a longer body throws (and its load is
    ///   cancelled).
    /// - Returns: The body.
    /// - Throws: ``ServiceError`` from reading; ``ServiceError/transport(_:)`` past `limit`.
    public func collect(upTo limit: Int) async throws(ServiceError) -> Data {
        if let data = bufferedData, data.count <= limit { return data }
        var data = Data()
        var iterator = makeAsyncIterator()
        while let chunk = try await iterator.next() {
            guard data.count + chunk.count <= limit else {
                iterator.cancel()
                let error = URLError(
                    .dataLengthExceedsMaximum,
                    userInfo: [NSLocalizedDescriptionKey: "The response body is longer than \(limit) bytes."])
                throw classify(error)
            }
            data.append(chunk)
        }
        return data
    }

    /// Stops the body without reading it: cancels the load if it is still under way.
    ///
    /// A read under way on another task throws ``ServiceError/cancelled``; the task itself is
    /// not cancelled.
    public func cancel() {
        if case .channel(let side) = source { side.channel.terminate() }
        lifetime?.end()
    }

    /// Cancels this body as ``cancel()`` does, without keeping it alive: a body dropped unread
    /// still ends (and cancels its load) while something holds this.
    var weakCanceller: @Sendable () -> Void {
        let side: ConsumerSide? = if case .channel(let side) = source { side } else { nil }
        return { [weak side, weak lifetime] in
            side?.channel.terminate()
            lifetime?.end()
        }
    }

    /// This body, running `action` once when it ends: when its last chunk has been read, when
    /// reading it throws, when it is cancelled or abandoned, or when every copy of it is gone.
    func whenEnded(_ action: @escaping @Sendable () -> Void) -> ResponseBody {
        var body = self
        if body.lifetime == nil { body.lifetime = BodyLifetime() }
        body.lifetime?.onEnd(action)
        return body
    }

    /// Creates the iterator. Dropping it before the body's end cancels the load.
    /// - Returns: An iterator over the chunks.
    public func makeAsyncIterator() -> Iterator {
        switch source {
        case .buffered(let data):
            var remaining: Data? = data.isEmpty ? nil : data
            var iterator = Iterator(
                next: ChunkIterator {
                    defer { remaining = nil }
                    return remaining
                }, reading: nil, classify: classify)
            iterator.lifetime = lifetime
            return iterator
        case .channel(let side):
            guard side.claim() else {
                let error = URLError(
                    .resourceUnavailable,
                    userInfo: [NSLocalizedDescriptionKey: "A streamed response body can be read only once."])
                return Iterator(next: ChunkIterator { throw error }, reading: nil, classify: classify)
            }
            let reading = Reading(side.channel, lifetime: lifetime)
            var iterator = Iterator(
                next: ChunkIterator { try await side.channel.next() }, reading: reading, classify: classify)
            iterator.lifetime = lifetime
            return iterator
        }
    }

    /// Iterates a ``ResponseBody``.
    public struct Iterator: AsyncIteratorProtocol {
        /// A chunk of the body.
        public typealias Element = Data
        /// What iterating throws.
        public typealias Failure = ServiceError

        fileprivate let chunks: ChunkIterator
        /// The iteration's hold on the load: the load ends when every copy of it is gone.
        fileprivate let reading: Reading?
        fileprivate let classify: @Sendable (any Error) -> ServiceError
        /// Told when the body ends.
        fileprivate var lifetime: BodyLifetime?

        fileprivate init(
            next: ChunkIterator, reading: Reading?, classify: @escaping @Sendable (any Error) -> ServiceError
        ) {
            self.chunks = next
            self.reading = reading
            self.classify = classify
        }

        /// The next chunk, or `nil` at the end of the body.
        /// - Returns: The chunk.
        /// - Throws: ``ServiceError``.
        public mutating func next() async throws(ServiceError) -> Data? {
            do {
                let chunk = try await chunks.next()
                if chunk == nil { lifetime?.end() }
                return chunk
            } catch {
                lifetime?.end()
                switch error {
                case let error as ServiceError: throw error
                case is CancellationError: throw .cancelled
                default: throw classify(error)
                }
            }
        }

        /// Stops reading: cancels the load if it is still under way.
        func cancel() {
            reading?.stop()
        }

        /// A failure found in the body's content (a limit passed), classified as the
        /// transport's errors are.
        func failure(_ error: any Error) -> ServiceError { classify(error) }
    }

    /// One iteration of a streamed body. Its iterator (and every copy of it) holds it; when the
    /// last is gone, whether the body ended or the loop was left early, the load is ended, so
    /// a transfer never outlives the loop that reads it.
    fileprivate final class Reading: Sendable {
        let channel: ByteChannel
        let lifetime: BodyLifetime?
        init(_ channel: ByteChannel, lifetime: BodyLifetime?) {
            self.channel = channel
            self.lifetime = lifetime
            channel.demand()
        }
        func stop() {
            channel.terminate()
            lifetime?.end()
        }
        deinit { stop() }
    }
}

/// The next-chunk function of one iteration.
final class ChunkIterator: @unchecked Sendable {
    // @unchecked: used by one iterating task at a time, as any async iterator is.
    private let nextChunk: () async throws -> Data?
    init(_ next: @escaping () async throws -> Data?) { nextChunk = next }
    func next() async throws -> Data? { try await nextChunk() }
}

/// The consumer's hold on a channel: lets it be iterated once, and ends the load when every
/// copy of the body and its iterator is gone (a body dropped unread must not keep loading).
final class ConsumerSide: @unchecked Sendable {
    // @unchecked: `claimed` is touched only under `lock`.
    let channel: ByteChannel
    private let lock = NSLock()
    private var claimed = false
    init(_ channel: ByteChannel) { self.channel = channel }
    deinit { channel.terminate() }
    func claim() -> Bool {
        lock.withLock {
            defer { claimed = true }
            return !claimed
        }
    }
}
