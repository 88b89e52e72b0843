import Foundation

@testable import Courier

/// A bound pair's writing half, with a bounded buffer and a reader of its own: written bytes
/// wait in the buffer until the reader drains it, by itself or once the test lets it.
final class BoundBuffer: UploadSink, @unchecked Sendable {
    // @unchecked: written on the pump's queue, read by the test under `lock`.
    private let queue: DispatchQueue
    private let capacity: Int
    private let lock = NSLock()
    private var buffered = Data()
    private var read = Data()
    private var closed = false
    private var drainsByItself: Bool
    private var readerHasLeft = false
    private weak var pump: UploadPump?

    init(queue: DispatchQueue, capacity: Int, drainsByItself: Bool) {
        self.queue = queue
        self.capacity = capacity
        self.drainsByItself = drainsByItself
    }

    var received: Data { lock.withLock { read } }
    var bufferedCount: Int { lock.withLock { buffered.count } }
    var isClosed: Bool { lock.withLock { closed } }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int {
        dispatchPrecondition(condition: .onQueue(queue))
        let (count, full, drains) = lock.withLock { () -> (Int, Bool, Bool) in
            guard !readerHasLeft, !closed else { return (0, false, false) }
            let count = min(capacity - buffered.count, bytes.count)
            buffered.append(contentsOf: bytes.prefix(count))
            return (count, buffered.count == capacity, drainsByItself)
        }
        if full, drains { queue.async { self.drain() } }
        return count
    }

    var hasSpaceAvailable: Bool { lock.withLock { !readerHasLeft && buffered.count < capacity } }

    func close() {
        dispatchPrecondition(condition: .onQueue(queue))
        lock.withLock {
            read.append(buffered)
            buffered = Data()
            closed = true
        }
    }

    /// Hands events to `pump`; the buffer has room at first.
    func deliverEvents(to pump: UploadPump) {
        self.pump = pump
        queue.async { pump.spaceBecameAvailable() }
    }

    /// From now on the reader drains the buffer whenever it fills; it drains it now.
    func setDrainsByItself() {
        lock.withLock { drainsByItself = true }
        queue.async { self.drain() }
    }

    /// The reader stops reading: the stream reports its end.
    func readerLeaves() {
        lock.withLock { readerHasLeft = true }
        queue.async { self.pump?.sinkEnded() }
    }

    private func drain() {
        lock.withLock {
            read.append(buffered)
            buffered = Data()
        }
        pump?.spaceBecameAvailable()
    }
}
