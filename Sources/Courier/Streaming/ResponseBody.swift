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
    public func cancel() {
        if case .channel(let side) = source { side.channel.terminate() }
    }

    /// Creates the iterator.
    /// - Returns: An iterator over the chunks.
    public func makeAsyncIterator() -> Iterator {
        switch source {
        case .buffered(let data):
            var remaining: Data? = data.isEmpty ? nil : data
            return Iterator(
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
            return Iterator(next: ChunkIterator { try await side.channel.next() }, channel: side, classify: classify)
        case .sequence(let make):
            return Iterator(next: make(), channel: nil, classify: classify)
        }
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
                return try await chunks.next()
            } catch let error as ServiceError {
                throw error
            } catch is CancellationError {
                throw .cancelled
            } catch {
                throw classify(error)
            }
        }

        /// Stops reading: cancels the load if it is still under way.
        func cancel() { channel?.channel.terminate() }
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
