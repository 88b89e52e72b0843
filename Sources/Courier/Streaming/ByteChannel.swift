import Foundation

/// A bounded queue of body chunks between one producer (a transport receiving bytes) and one
/// consumer, with backpressure.
///
/// The producer hands chunks over in one of three ways, each keeping at most about `capacity`
/// bytes in memory however slow the consumer is:
/// - ``send(_:)`` suspends while the buffer is full (a producer that is a task);
/// - ``sendWithoutWaiting(_:)`` tells a producer that can pause itself to do so, and runs
///   `onDrain` when it may go on (a URL session task on Apple platforms);
/// - ``sendSpilling(_:)`` never waits: past `capacity`, chunks go to a temporary file and are
///   read back in order (Foundation on Linux, whose tasks can neither be paused nor blocked).
///
/// The consumer's ``next()`` waits for a chunk; cancelling its task ends the channel, wakes a
/// waiting producer and runs `onTermination` (which cancels the load).
///
/// No lock is held while a continuation is resumed or `onTermination` runs.
final class ByteChannel: @unchecked Sendable {
    // @unchecked: every mutable property is touched only under `condition`'s lock.
    private let condition = NSCondition()
    private var chunks: [Data] = []
    private var head = 0
    private var bufferedBytes = 0
    private var ending: Ending?
    private var consumer: UnsafeContinuation<Data?, any Error>?
    private var producer: UnsafeContinuation<Bool, Never>?
    private var onTermination: (@Sendable () -> Void)?
    private var onDrain: (@Sendable () -> Void)?
    /// Starts a producer that waits for a consumer (see ``setOnFirstDemand(_:)``).
    private var onFirstDemand: (@Sendable () -> Void)?
    private var isPausedForDrain = false
    /// Chunks past `capacity` from ``sendSpilling(_:)``, in order after `chunks`.
    private var spill: SpillFile?
    /// The most bytes held in memory at once, for tests.
    private(set) var highWaterMark = 0
    /// The most bytes buffered before the producer waits.
    let capacity: Int
    /// The most bytes ``sendSpilling(_:)`` keeps on disk for a consumer that is behind.
    let maximumSpill: UInt64

    private enum Ending {
        /// The producer finished: normally with `nil`, or with its error.
        case finished((any Error)?)
        /// The consumer went away (cancelled or stopped iterating).
        case terminated
    }

    /// Creates a channel.
    /// - Parameters:
    ///   - capacity: The most bytes buffered before the producer waits.
    ///   - onTermination: Runs once if the consumer ends the channel before the producer
    ///     finishes: the producer should stop.
    ///   - maximumSpill: The most bytes ``sendSpilling(_:)`` keeps on disk; past it the body
    ///     ends with `URLError(.dataLengthExceedsMaximum)`.
    init(capacity: Int = 1 << 20, maximumSpill: Int = 1 << 30, onTermination: (@Sendable () -> Void)? = nil) {
        self.capacity = capacity
        self.maximumSpill = UInt64(max(0, maximumSpill))
        self.onTermination = onTermination
    }

    /// Sets what runs when the consumer goes away early, if it has not yet.
    func setOnTermination(_ action: @escaping @Sendable () -> Void) {
        condition.lock()
        let runNow = if case .terminated = ending { true } else { false }
        if !runNow { onTermination = action }
        condition.unlock()
        if runNow { action() }
    }

    /// Registers a producer that cannot wait (a URL loading task on Apple platforms): when a
    /// send leaves the buffer over capacity, ``sendWithoutWaiting(_:)`` returns `true` and the
    /// producer pauses itself; `onDrain` runs when the consumer has emptied the buffer.
    func setOnDrain(_ action: @escaping @Sendable () -> Void) {
        condition.withLock { onDrain = action }
    }

    /// Registers a producer to start when the consumer first asks for the body (``demand()``),
    /// so that a body dropped unread is never read. Dropped unrun if the consumer goes away first.
    func setOnFirstDemand(_ action: @escaping @Sendable () -> Void) {
        condition.withLock { onFirstDemand = action }
    }

    /// The consumer is about to read: starts the producer registered by ``setOnFirstDemand(_:)``.
    func demand() {
        let start = condition.withLock {
            defer { onFirstDemand = nil }
            return onFirstDemand
        }
        start?()
    }

    // MARK: Producer

    /// Hands a chunk to the consumer, suspending while the buffer is full.
    /// - Returns: `false` when the consumer has gone away: stop producing.
    @discardableResult
    func send(_ chunk: Data) async -> Bool {
        guard !chunk.isEmpty else { return isOpen }
        switch offer(chunk) {
        case .closed: return false
        case .accepted: return true
        case .full: break
        }
        return await withUnsafeContinuation { (continuation: UnsafeContinuation<Bool, Never>) in
            condition.lock()
            if bufferedBytes > capacity, ending == nil {
                producer = continuation
                condition.unlock()
            } else {
                let open = ending == nil
                condition.unlock()
                continuation.resume(returning: open)
            }
        }
    }

    private enum Offer { case accepted, full, closed }

    /// Queues a chunk for ``send(_:)`` and hands it to a waiting consumer.
    private func offer(_ chunk: Data) -> Offer {
        condition.lock()
        guard ending == nil else {
            condition.unlock()
            return .closed
        }
        let waiter = enqueue(chunk)
        // A consumer waits only on an empty buffer: handing it this chunk empties it again.
        let delivered = waiter.map { _ in dequeue() }
        let full = bufferedBytes > capacity
        condition.unlock()
        if let waiter { waiter.resume(returning: delivered ?? nil) }
        return full ? .full : .accepted
    }

    /// Hands a chunk to the consumer without ever waiting: once `capacity` bytes are in memory,
    /// further chunks are written to a temporary file until the consumer has caught up.
    /// - Returns: `false` when the consumer has gone away: stop producing.
    @discardableResult
    func sendSpilling(_ chunk: Data) -> Bool {
        guard !chunk.isEmpty else { return isOpen }
        condition.lock()
        guard ending == nil else {
            condition.unlock()
            return false
        }
        // Once anything is on disk, everything after it goes there too, to keep the order.
        if spill?.isEmpty == false || (bufferedBytes + chunk.count > capacity && head < chunks.count) {
            if let spill, spill.backlog + UInt64(chunk.count) > maximumSpill {
                // The consumer is too far behind: the body ends here, with an error after what
                // is buffered, and the producer stops.
                ending = .finished(
                    URLError(
                        .dataLengthExceedsMaximum,
                        userInfo: [
                            NSLocalizedDescriptionKey:
                                "The response body's reader fell more than \(maximumSpill) bytes behind the network; URLSession on Linux cannot hold the server back, so the transfer was stopped. Read the body faster, raise URLSessionTransport's maximumStreamBacklog, or use AsyncHTTPClientTransport, which holds the server back."
                        ]))
                condition.broadcast()
                condition.unlock()
                return false
            }
            do {
                if spill == nil { spill = try SpillFile() }
                try spill?.append(chunk)
                condition.unlock()
                return true
            } catch {
                // No temporary file: keep it in memory rather than lose it.
            }
        }
        let waiter = enqueue(chunk)
        let delivered = waiter.map { _ in dequeue() }
        condition.unlock()
        if let waiter { waiter.resume(returning: delivered ?? nil) }
        return true
    }

    /// Hands a chunk to the consumer without waiting.
    /// - Returns: `true` when the buffer is now over capacity: the producer should pause until
    ///   the `onDrain` action runs.
    func sendWithoutWaiting(_ chunk: Data) -> Bool {
        guard !chunk.isEmpty else { return false }
        condition.lock()
        guard ending == nil else {
            condition.unlock()
            return false
        }
        let waiter = enqueue(chunk)
        let delivered = waiter.map { _ in dequeue() }
        let pause = bufferedBytes > capacity && onDrain != nil
        if pause { isPausedForDrain = true }
        condition.unlock()
        if let waiter { waiter.resume(returning: delivered ?? nil) }
        return pause
    }

    /// Ends the body: normally, or with the producer's error, after the chunks already sent.
    func finish(throwing error: (any Error)? = nil) {
        condition.lock()
        guard ending == nil else {
            condition.unlock()
            return
        }
        ending = .finished(error)
        let waiter = chunks.count > head || spill?.isEmpty == false ? nil : consumer
        if waiter != nil { consumer = nil }
        condition.broadcast()
        condition.unlock()
        if let waiter {
            if let error { waiter.resume(throwing: error) } else { waiter.resume(returning: nil) }
        }
    }

    /// Whether the consumer is still there.
    var isOpen: Bool {
        condition.withLock { if case .terminated = ending { false } else { true } }
    }

    // MARK: Consumer

    /// The next chunk, `nil` at the end of the body.
    /// - Throws: The producer's error, or `CancellationError` when the consuming task is cancelled.
    func next() async throws -> Data? {
        // The common case when the producer is ahead: no continuation, no cancellation handler.
        switch takeIfReady() {
        case .chunk(let chunk): return chunk
        case .end: return nil
        case .failure(let error): throw error
        case .notReady: break
        }
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Data?, any Error>) in
                condition.lock()
                let take = takeLocked()
                if case .notReady = take {
                    if Task.isCancelled {
                        condition.unlock()
                        continuation.resume(throwing: CancellationError())
                        terminate()
                        return
                    }
                    consumer = continuation
                }
                // Waiting on an empty buffer lets a producer that waits for room go on too.
                let (producer, drain) = releaseProducerIfDrained()
                condition.unlock()
                producer?.resume(returning: true)
                drain?()
                switch take {
                case .chunk(let chunk): continuation.resume(returning: chunk)
                case .end: continuation.resume(returning: nil)
                case .failure(let error): continuation.resume(throwing: error)
                case .notReady: break
                }
            }
        } onCancel: {
            terminate()
        }
    }

    private enum Take {
        case chunk(Data)
        case end
        case failure(any Error)
        case notReady
    }

    /// What ``next()`` can return without waiting.
    private func takeIfReady() -> Take {
        condition.lock()
        let take = takeLocked()
        guard case .chunk = take else {
            condition.unlock()
            return take
        }
        let (producer, drain) = releaseProducerIfDrained()
        condition.unlock()
        producer?.resume(returning: true)
        drain?()
        return take
    }

    /// The next chunk, or how the body ended, or `.notReady`; under the lock.
    private func takeLocked() -> Take {
        if let chunk = dequeue() { return .chunk(chunk) }
        switch ending {
        case .finished(nil): return .end
        case .finished(let error?): return .failure(error)
        case .terminated: return .failure(CancellationError())
        case nil: return .notReady
        }
    }

    /// The consumer is done before the end: drops what is buffered, releases the producer and
    /// runs `onTermination`.
    func terminate() {
        condition.lock()
        if case .finished = ending, chunks.count == head, spill?.isEmpty ?? true {
            condition.unlock()
            return
        }
        if case .terminated = ending {
            condition.unlock()
            return
        }
        ending = .terminated
        onFirstDemand = nil
        spill = nil
        chunks = []
        head = 0
        bufferedBytes = 0
        let waiter = consumer
        consumer = nil
        let producer = self.producer
        self.producer = nil
        let action = onTermination
        onTermination = nil
        let drain = isPausedForDrain ? onDrain : nil
        isPausedForDrain = false
        condition.broadcast()
        condition.unlock()
        waiter?.resume(throwing: CancellationError())
        producer?.resume(returning: false)
        drain?()
        action?()
    }

    // MARK: Buffer, under the lock

    /// Appends a chunk; returns the waiting consumer, which the caller resumes after unlocking.
    private func enqueue(_ chunk: Data) -> UnsafeContinuation<Data?, any Error>? {
        chunks.append(chunk)
        bufferedBytes += chunk.count
        highWaterMark = max(highWaterMark, bufferedBytes)
        let waiter = consumer
        consumer = nil
        return waiter
    }

    private func dequeue() -> Data? {
        guard head < chunks.count else {
            // Memory is empty: read on from the temporary file, in the order written.
            guard let spill, !spill.isEmpty else { return nil }
            do {
                return try spill.readNext(upTo: max(capacity / 4, 64 * 1024))
            } catch {
                if ending == nil { ending = .finished(error) }
                return nil
            }
        }
        var chunk = chunks[head]
        head += 1
        // Hand several small chunks over as one (up to 256 KB), so that a consumer that keeps
        // up pays its per-chunk cost per batch rather than per network read.
        if head < chunks.count, chunk.count < 256 * 1024 {
            var merged = Data(capacity: min(256 * 1024, bufferedBytes))
            merged.append(chunk)
            while head < chunks.count, merged.count + chunks[head].count <= 256 * 1024 {
                merged.append(chunks[head])
                head += 1
            }
            chunk = merged
        }
        bufferedBytes -= chunk.count
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            head = 0
        }
        return chunk
    }

    /// Wakes a producer waiting for room, once the buffer is back under capacity.
    private func releaseProducerIfDrained() -> (UnsafeContinuation<Bool, Never>?, (@Sendable () -> Void)?) {
        guard bufferedBytes <= capacity else { return (nil, nil) }
        condition.broadcast()
        let waiting = producer
        producer = nil
        var drain: (@Sendable () -> Void)?
        if isPausedForDrain, bufferedBytes == 0 {
            isPausedForDrain = false
            drain = onDrain
        }
        return (waiting, drain)
    }
}

/// Where ``ByteChannel/sendSpilling(_:)`` keeps what does not fit in memory: a temporary file,
/// removed from its folder as soon as it is open (it disappears with the channel, even if the
/// process stops), written at its end and read from its start, and emptied whenever the reader
/// catches up.
final class SpillFile {
    private let writer: FileHandle
    private let reader: FileHandle
    private var written: UInt64 = 0
    private var read: UInt64 = 0

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-body-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        defer { try? FileManager.default.removeItem(at: url) }
        writer = try FileHandle(forWritingTo: url)
        reader = try FileHandle(forReadingFrom: url)
    }

    deinit {
        try? writer.close()
        try? reader.close()
    }

    var isEmpty: Bool { read == written }

    /// The bytes written and not yet read back.
    var backlog: UInt64 { written - read }

    func append(_ chunk: Data) throws {
        try writer.write(contentsOf: chunk)
        written += UInt64(chunk.count)
    }

    func readNext(upTo count: Int) throws -> Data {
        let chunk = try reader.read(upToCount: Int(min(UInt64(count), written - read))) ?? Data()
        guard !chunk.isEmpty else {
            throw CocoaError(
                .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "A buffered body could not be read back."])
        }
        read += UInt64(chunk.count)
        if read == written {
            // Caught up: start the file afresh, so that it never grows past what is unread.
            try writer.truncate(atOffset: 0)
            try reader.seek(toOffset: 0)
            written = 0
            read = 0
        }
        return chunk
    }
}
