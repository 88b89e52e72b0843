import Foundation

/// A body that can be read once (a sequence), made readable again from its start for as long
/// as its start is small: the chunks read are kept until they pass ``limit`` bytes.
///
/// URLSession asks for a body's stream again when it has to send the body again (a connection
/// found dead once the request was on it, an authentication challenge); most often it has sent
/// little by then. A sequence cannot be read twice, so ``StreamedUpload`` reads it through one of
/// these: a new ``makeReader()`` hands out the kept chunks and then goes on with the sequence
/// where it was. Once more than `limit` bytes have been read, the start is dropped and no new
/// reader is made: the call fails rather than send part of the body twice.
///
/// The sequence is read in a task of this object's own, one chunk at a time and only when the
/// current reader asks, so a reader that is cancelled or replaced never cancels the sequence
/// half-way through a chunk; ``stop()`` does.
final class ReplayableSequence: @unchecked Sendable {
    // @unchecked: the mutable state is touched only under `lock`; `source` is read by one
    // pulling task at a time (`pull`, set under `lock`).

    /// How many bytes of a sequence's start are kept to send again: what a connection that
    /// failed under a request has usually taken by then, with room to spare.
    static let defaultLimit = 1024 * 1024

    /// The most bytes of the start kept.
    let limit: Int

    private let source: ChunkIterator
    private let lock = NSLock()
    /// Chunks `first ..< first + chunks.count` of the sequence.
    private var chunks: [Data] = []
    private var first = 0
    /// How many bytes of the sequence have been read.
    private var readBytes = 0
    /// Under `lock`: whether `chunks` starts at the sequence's start, so a new reader can be made.
    private var startIsKept: Bool { readBytes <= limit }
    private var end: Result<Void, any Error>?
    private var pull: Task<Void, Never>?
    private var isStopped = false
    /// The reader that may read: each new one replaces the one before.
    private var currentReader = 0
    /// Where the current reader is: the index of the chunk it reads next.
    private var position = 0
    private var waiter: UnsafeContinuation<Void, any Error>?

    /// Reads `body`, a sequence (any body works: its chunks are read once, in order).
    init(_ body: StreamedBody, limit: Int = defaultLimit) {
        self.source = ChunkIterator(reading: body)
        self.limit = limit
    }

    deinit { pull?.cancel() }

    /// How many bytes are kept: the start while it is, else at most the chunk being handed out.
    var keptByteCount: Int { lock.withLock { chunks.reduce(0) { $0 + $1.count } } }

    /// A reader of the body from its start, which replaces the one before (its waiting ends in
    /// a `CancellationError`); `nil` once more than ``limit`` bytes have been read, or after
    /// ``stop()``.
    func makeReader() -> ChunkIterator? {
        let (reader, replaced) = lock.withLock { () -> (Int?, UnsafeContinuation<Void, any Error>?) in
            guard startIsKept, !isStopped else { return (nil, nil) }
            currentReader += 1
            position = 0
            defer { waiter = nil }
            return (currentReader, waiter)
        }
        replaced?.resume(throwing: CancellationError())
        guard let reader else { return nil }
        var index = 0
        return ChunkIterator { [self] in
            let chunk = try await self.chunk(at: index, for: reader)
            if chunk != nil { index += 1 }
            return chunk
        }
    }

    /// Ends reading: the sequence's task is cancelled, a waiting reader ends in a
    /// `CancellationError`, and the kept chunks are let go.
    func stop() {
        let (pull, waiter) = lock.withLock {
            isStopped = true
            chunks = []
            defer { self.waiter = nil }
            return (self.pull, self.waiter)
        }
        pull?.cancel()
        waiter?.resume(throwing: CancellationError())
    }

    /// The chunk at `index`, read from the sequence if it has not been yet; `nil` at its end.
    private func chunk(at index: Int, for reader: Int) async throws -> Data? {
        while true {
            try Task.checkCancellation()
            let outcome = lock.withLock { () -> Outcome in
                guard reader == currentReader, !isStopped, index >= first else { return .replaced }
                if index < first + chunks.count {
                    let chunk = chunks[index - first]
                    position = index + 1
                    dropWhatIsNotKept()
                    return .chunk(chunk)
                }
                if let end { return .ended(end) }
                startPullIfNeeded()
                return .mustWait
            }
            switch outcome {
            case .chunk(let chunk): return chunk
            case .ended(.success): return nil
            case .ended(.failure(let error)): throw error
            case .replaced: throw CancellationError()
            case .mustWait: try await waitForChunk(reader: reader)
            }
        }
    }

    private enum Outcome {
        case chunk(Data), ended(Result<Void, any Error>), replaced, mustWait
    }

    /// Waits until the sequence has produced, ended or failed, or this reader is replaced or
    /// cancelled.
    private func waitForChunk(reader: Int) async throws {
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let ready = lock.withLock { () -> Bool in
                    guard reader == currentReader, !isStopped, !Task.isCancelled else { return true }
                    guard pull != nil else { return true }  // It came while this reader was on its way.
                    waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = lock.withLock {
                defer { if reader == currentReader { self.waiter = nil } }
                return reader == currentReader ? self.waiter : nil
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Under `lock`: reads the sequence's next chunk in a task, unless one is being read.
    private func startPullIfNeeded() {
        guard pull == nil else { return }
        pull = Task { [weak self, source] in
            let result: Result<Data?, any Error>
            do { result = .success(try await source.next()) } catch { result = .failure(error) }
            self?.pulled(result)
        }
    }

    /// The sequence has produced a chunk, ended or failed: keeps what came and wakes the reader.
    private func pulled(_ result: Result<Data?, any Error>) {
        let waiter = lock.withLock { () -> UnsafeContinuation<Void, any Error>? in
            pull = nil
            guard !isStopped else { return nil }
            switch result {
            case .success(let chunk?):
                chunks.append(chunk)
                readBytes += chunk.count
                dropWhatIsNotKept()
            case .success(nil): end = .success(())
            case .failure(let error): end = .failure(error)
            }
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }

    /// Under `lock`: once the start is no longer kept, drops the chunks the reader has passed.
    private func dropWhatIsNotKept() {
        guard !startIsKept, position > first else { return }
        let passed = min(position - first, chunks.count)
        chunks.removeFirst(passed)
        first += passed
    }
}
