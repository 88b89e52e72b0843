import Dispatch
import Foundation

/// Where an ``UploadPump`` writes: on Apple platforms, the writing half of a bound stream pair
/// whose reading half URLSession sends (see `StreamedUpload`).
protocol UploadSink: AnyObject {
    /// Writes as many of `bytes` as there is room for.
    /// - Returns: How many were written; 0 or less when the reader has gone or the stream failed.
    func write(_ bytes: UnsafeRawBufferPointer) -> Int
    /// Whether a write now would take at least one byte.
    var hasSpaceAvailable: Bool { get }
    /// Ends the stream; the reader sees the end of the body after the bytes already written.
    func close()
    /// Starts handing the stream's events (room to write, the reader gone) to `pump`, on the
    /// pump's queue; the stream says when it has room.
    func deliverEvents(to pump: UploadPump)
}

/// Feeds a request body into an ``UploadSink``, a chunk at a time and no faster than the sink's
/// reader takes it: the body is read one chunk ahead of the network, so a large file or a slow
/// sequence costs neither memory nor disk.
///
/// Everything that touches the sink runs on one serial queue: the sink's own events
/// (``spaceBecameAvailable()``, ``sinkEnded()``) must be delivered there. A task reads the body
/// and hands each chunk over, waiting until it has all been written.
///
/// How it ends:
/// - The body is read to its end: the sink is closed, and the reader sees the end of the body.
/// - The body fails (its sequence throws, a file cannot be read, it is longer or shorter than
///   its declared ``StreamedBody/length``): `onFailure` gets the error, and the sink is left
///   open, so that the reader never takes what was written for a whole body. The owner cancels
///   the exchange, which then reports that error, and calls ``stop()``.
/// - The reader goes (a write takes nothing), or the owner calls ``stop()`` (the exchange ended):
///   the sink is closed and the body is no longer read.
final class UploadPump: @unchecked Sendable {
    // @unchecked: the state below the initializer's arguments is touched only on `queue`;
    // `producer` and `isStopped` only under `lock`.
    private let chunks: ChunkIterator
    private let length: Int64?
    private let sink: any UploadSink
    private let queue: DispatchQueue
    private let onFailure: @Sendable (any Error) -> Void

    private enum State { case open, failed, closed }
    private var state = State.open
    private var chunk = Data()
    private var written = 0
    private var hasSpace = false
    private var waiter: UnsafeContinuation<Void, any Error>?

    private let lock = NSLock()
    private var producer: Task<Void, Never>?
    private var isStopped = false

    /// Creates a pump that writes `chunks`, a body's chunks from its start; ``start()`` begins
    /// reading them.
    /// - Parameters:
    ///   - chunks: The body's chunks.
    ///   - length: The body's declared length, which the chunks must add up to.
    ///   - sink: Where the body goes; its events must come on `queue`.
    ///   - queue: The serial queue of the sink's events.
    ///   - onFailure: Receives the body's error, once, if reading it fails.
    init(
        chunks: ChunkIterator, length: Int64?, sink: any UploadSink, queue: DispatchQueue,
        onFailure: @escaping @Sendable (any Error) -> Void
    ) {
        self.chunks = chunks
        self.length = length
        self.sink = sink
        self.queue = queue
        self.onFailure = onFailure
    }

    /// Starts reading the body in a task of its own.
    func start() {
        let producer = Task { await self.produce() }
        let stopped = lock.withLock {
            self.producer = producer
            return isStopped
        }
        if stopped { producer.cancel() }
    }

    /// Ends the upload, whatever its state: the body is no longer read, and the sink is closed.
    /// Call it when the exchange has ended, or to abandon it.
    func stop() {
        let producer = lock.withLock {
            isStopped = true
            return self.producer
        }
        // Closed first: a sequence that ends when cancelled must not then end the body as whole.
        queue.async { self.close() }
        producer?.cancel()
    }

    // MARK: The sink's events, on the queue

    /// The sink has room again.
    func spaceBecameAvailable() {
        dispatchPrecondition(condition: .onQueue(queue))
        hasSpace = true
        writeChunk()
    }

    /// The sink's stream has ended or failed: the reader has gone.
    func sinkEnded() {
        dispatchPrecondition(condition: .onQueue(queue))
        close()
    }

    // MARK: Reading the body

    private func produce() async {
        var read: Int64 = 0
        do {
            while let next = try await chunks.next() {
                guard !next.isEmpty else { continue }
                read += Int64(next.count)
                if let length, read > length { throw Self.lengthMismatch(read: read, declared: length) }
                try await deliver(next)
            }
            if let length, read != length { throw Self.lengthMismatch(read: read, declared: length) }
            queue.async { self.finish() }
        } catch {
            queue.async { self.fail(error) }
        }
    }

    /// The error for a body whose chunks add up to more or less than its declared length.
    static func lengthMismatch(read: Int64, declared: Int64) -> URLError {
        let description =
            read > declared
            ? "The request body went past the \(declared) bytes its length declared."
            : "The request body ended after \(read) of the \(declared) bytes its length declared."
        return URLError(.requestBodyStreamExhausted, userInfo: [NSLocalizedDescriptionKey: description])
    }

    /// Hands a chunk to the queue and waits until all of it has been written.
    private func deliver(_ next: Data) async throws {
        try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
            queue.async {
                guard self.state == .open else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                self.chunk = next
                self.written = 0
                self.waiter = continuation
                self.writeChunk()
            }
        }
    }

    // MARK: On the queue

    /// Writes what the sink has room for; once the chunk is all written, asks for the next.
    private func writeChunk() {
        while hasSpace, state == .open, let waiter {
            let count = chunk.withUnsafeBytes { sink.write(UnsafeRawBufferPointer(rebasing: $0[written...])) }
            guard count > 0 else {
                close()  // The reader has gone: the exchange is ending, and says why.
                return
            }
            written += count
            hasSpace = sink.hasSpaceAvailable
            if written == chunk.count {
                chunk = Data()
                self.waiter = nil
                waiter.resume()
            }
        }
    }

    /// The whole body has been written: the reader sees its end.
    private func finish() {
        guard state == .open else { return }
        state = .closed
        sink.close()
    }

    /// Reading the body failed: no more is written, and the sink stays open until ``stop()``,
    /// so that the reader never sees a whole body.
    private func fail(_ error: any Error) {
        guard state == .open else { return }
        state = .failed
        onFailure(error)
    }

    private func close() {
        guard state != .closed else { return }
        state = .closed
        sink.close()
        chunk = Data()
        let waiter = self.waiter
        self.waiter = nil
        waiter?.resume(throwing: CancellationError())
    }
}
