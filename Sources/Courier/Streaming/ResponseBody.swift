public import Foundation

/// A response body handed out as it arrives: an asynchronous sequence of byte chunks.
///
/// Courier reads from the network only as fast as the body is consumed (backpressure), so a
/// slow consumer holds about a megabyte in memory, not the whole body. Cancelling the consuming
/// task, or dropping the body before its end, cancels the HTTP request.
///
/// ```swift
/// let streaming = try await client.stream(Endpoint<EmptyResponse>.get("/export"))
/// for try await chunk in streaming.body {
///     try file.write(contentsOf: chunk)
/// }
/// ```
///
/// A body arriving from the network can be iterated once; a second iteration throws. Errors are
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
    /// Set by ``whenEnded(_:)``: tells when the body ends, and cancels a read under way.
    private var lifetime: BodyLifetime?

    private enum Source: Sendable {
        case buffered(Data)
        case channel(ConsumerSide)
        case sequence(@Sendable () -> ChunkIterator)
    }

    /// A body already in memory, handed out as one chunk (none when it is empty).
    /// - Parameter data: The whole body.
    public init(_ data: Data) {
        source = .buffered(data)
    }

    /// A body read from another asynchronous sequence of chunks, such as a transport's own body
    /// type. Its errors are classified like a transport's.
    /// - Parameter chunks: The chunks, in order.
    public init<Chunks: AsyncSequence & Sendable>(chunks: Chunks) where Chunks.Element == Data {
        source = .sequence {
            let box = UncheckedSendable(chunks.makeAsyncIterator())
            var iterator = box.value
            return ChunkIterator { try await iterator.next() }
        }
    }

    /// A body fed through a channel by a transport.
    init(channel: ByteChannel) {
        source = .channel(ConsumerSide(channel))
    }

    /// The whole body when it was already in memory, without reading anything.
    var bufferedData: Data? {
        if case .buffered(let data) = source { data } else { nil }
    }

    /// Reads the whole body into memory.
    /// - Parameter limit: The most bytes to accept; a longer body throws.
    /// - Returns: The body.
    /// - Throws: ``ServiceError`` from reading; ``ServiceError/transport(_:)`` past `limit`.
    public func collect(upTo limit: Int = .max) async throws(ServiceError) -> Data {
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
    /// A read under way on another task throws ``ServiceError/cancelled``. (Over a transport
    /// whose body is an async sequence of its own, such as AsyncHTTPClient's, the reading task
    /// is cancelled, as that sequence expects; on Apple systems before macOS 15 and iOS 18 the
    /// cancellation reaches the next read instead.)
    public func cancel() {
        if case .channel(let side) = source { side.channel.terminate() }
        lifetime?.cancel()
    }

    /// Cancels this body as ``cancel()`` does, without keeping it alive: a body dropped unread
    /// still ends (and cancels its load) while something holds this.
    var weakCanceller: @Sendable () -> Void {
        let side: ConsumerSide? = if case .channel(let side) = source { side } else { nil }
        return { [weak side, weak lifetime] in
            side?.channel.terminate()
            lifetime?.cancel()
        }
    }

    /// This body, running `action` once when it ends: when its last chunk has been read, when
    /// reading it throws, when it is cancelled, or when every copy and iterator of it is gone.
    func whenEnded(_ action: @escaping @Sendable () -> Void) -> ResponseBody {
        var body = self
        if body.lifetime == nil { body.lifetime = BodyLifetime() }
        body.lifetime?.onEnd(action)
        return body
    }

    /// Creates the iterator.
    /// - Returns: An iterator over the chunks.
    public func makeAsyncIterator() -> Iterator {
        var iterator: Iterator
        switch source {
        case .buffered(let data):
            var remaining: Data? = data.isEmpty ? nil : data
            iterator = Iterator(
                next: ChunkIterator {
                    defer { remaining = nil }
                    return remaining
                }, channel: nil, classify: classify)
        case .channel(let side):
            guard side.claim() else {
                let error = URLError(
                    .resourceUnavailable,
                    userInfo: [NSLocalizedDescriptionKey: "A streamed response body can be read only once."])
                return Iterator(next: ChunkIterator { throw error }, channel: nil, classify: classify)
            }
            iterator = Iterator(
                next: ChunkIterator { try await side.channel.next() }, channel: side, classify: classify)
        case .sequence(let make):
            let chunks = make()
            if let lifetime {
                iterator = Iterator(
                    next: ChunkIterator { try await lifetime.read { try await chunks.next() } }, channel: nil,
                    classify: classify)
            } else {
                iterator = Iterator(next: chunks, channel: nil, classify: classify)
            }
        }
        iterator.lifetime = lifetime
        return iterator
    }

    /// Iterates a ``ResponseBody``.
    public struct Iterator: AsyncIteratorProtocol {
        /// A chunk of the body.
        public typealias Element = Data
        /// What iterating throws.
        public typealias Failure = ServiceError

        fileprivate let chunks: ChunkIterator
        fileprivate let channel: ConsumerSide?
        fileprivate let classify: @Sendable (any Error) -> ServiceError
        /// Told when the body ends; keeps it from ending while this iterator lives.
        fileprivate var lifetime: BodyLifetime?

        fileprivate init(
            next: ChunkIterator, channel: ConsumerSide?, classify: @escaping @Sendable (any Error) -> ServiceError
        ) {
            self.chunks = next
            self.channel = channel
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
            channel?.channel.terminate()
            lifetime?.cancel()
        }
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
