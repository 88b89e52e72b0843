import Foundation

/// The exchanges a client has under way: lists them and cancels them by id.
///
/// Each entry records what runs the exchange: the calling task, a child task, or a shared flight
/// (``SharedFlights``). Cancelling takes the entry out under the lock and cancels its runner
/// after the lock is released, so cancellation handlers, which may call back into the client,
/// never run under it.
///
/// A calling task's handle is valid only while the call runs: it is listed from inside
/// `withUnsafeCurrentTask` and taken off the list before that scope ends. A cancellation that
/// has taken the handle marks the exchange as being cancelled until `cancel()` has returned,
/// and ``finishCall(_:)`` waits for that mark to clear, so the handle is never used after the
/// call has ended.
final class InFlightExchanges: @unchecked Sendable {
    // @unchecked: `entries`, `beingCancelled` and `lastID` are touched only under `lock`.
    private let lock = NSLock()
    private var entries: [UInt64: Entry] = [:]
    private var beingCancelled: Set<UInt64> = []
    /// Streamed calls whose head has arrived: listed until their body ends.
    private var streaming: Set<UInt64> = []
    private var lastID: UInt64 = 0

    private struct Entry {
        var info: InFlightRequest
        var runner: Runner
    }

    /// What runs an exchange, and so what cancelling it cancels.
    enum Runner {
        /// The calling task itself; valid only until ``finishCall(_:)``.
        case caller(UnsafeCurrentTask)
        /// A task of the call's own.
        case child(Task<Void, Never>)
        /// A shared flight, cancelled through its own bookkeeping.
        case flight(@Sendable () -> Void)

        fileprivate func cancel() {
            switch self {
            case .caller(let task): task.cancel()
            case .child(let task): task.cancel()
            case .flight(let cancel): cancel()
            }
        }
    }

    /// A number unique within this client, for exchanges and for calls.
    func makeID() -> UInt64 {
        lock.withLock {
            lastID += 1
            return lastID
        }
    }

    /// Lists an exchange under a new id, until ``finishCall(_:)`` or ``remove(_:)``.
    /// - Parameters:
    ///   - makeInfo: What to list, given the exchange's id.
    ///   - runner: What runs the exchange.
    /// - Returns: The exchange's id.
    func add(_ makeInfo: (UInt64) -> InFlightRequest, runner: Runner) -> UInt64 {
        lock.withLock {
            lastID += 1
            entries[lastID] = Entry(info: makeInfo(lastID), runner: runner)
            return lastID
        }
    }

    /// Lists an exchange under an id from ``makeID()``.
    func add(_ info: InFlightRequest, runner: Runner) {
        lock.withLock { entries[info.id] = Entry(info: info, runner: runner) }
    }

    /// Takes a shared flight off the list.
    func remove(_ id: UInt64) {
        lock.withLock { _ = entries.removeValue(forKey: id) }
    }

    /// Takes a call's exchange off the list as the call ends. If a cancellation holds its
    /// runner, waits for that cancellation to return (it only marks the task and runs its
    /// cancellation handlers), so that the runner is not used once the call has ended.
    func finishCall(_ id: UInt64) {
        lock.lock()
        // Both sets are nearly always empty: checked first, to spare hashing the id.
        if streaming.isEmpty || !streaming.contains(id) { entries.removeValue(forKey: id) }
        while !beingCancelled.isEmpty && beingCancelled.contains(id) {
            lock.unlock()
            sched_yield()
            lock.lock()
        }
        lock.unlock()
    }

    /// Keeps a streamed call's exchange listed once the call has its response head, until
    /// ``finishStream(_:)``: cancelling it by id then runs `cancel`, which cancels the body.
    /// - Returns: `false` when the exchange was cancelled by id meanwhile (it is not listed).
    func keepListed(_ id: UInt64, cancellingWith cancel: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            guard entries[id] != nil else { return false }
            entries[id]?.runner = .flight(cancel)
            streaming.insert(id)
            return true
        }
    }

    /// Takes a streamed call's exchange off the list: its body has ended.
    func finishStream(_ id: UInt64) {
        lock.withLock {
            guard streaming.remove(id) != nil else { return }
            entries.removeValue(forKey: id)
        }
    }

    /// Updates how many calls wait for an exchange.
    func setWaiters(_ count: Int, of id: UInt64) {
        lock.withLock { entries[id]?.info.waiters = count }
    }

    /// The exchanges under way, oldest first.
    var snapshot: [InFlightRequest] {
        lock.withLock { entries.values.map(\.info) }.sorted { $0.id < $1.id }
    }

    /// Cancels one exchange.
    /// - Returns: `false` when no such exchange is under way.
    func cancel(_ id: UInt64) -> Bool {
        lock.lock()
        guard let entry = entries.removeValue(forKey: id) else {
            lock.unlock()
            return false
        }
        streaming.remove(id)
        beingCancelled.insert(id)
        lock.unlock()
        entry.runner.cancel()
        lock.withLock { _ = beingCancelled.remove(id) }
        return true
    }

    /// Cancels every exchange under way.
    func cancelAll() {
        lock.lock()
        let cancelled = entries
        entries.removeAll()
        streaming.removeAll()
        beingCancelled.formUnion(cancelled.keys)
        lock.unlock()
        for entry in cancelled.values { entry.runner.cancel() }
        lock.withLock { beingCancelled.subtract(cancelled.keys) }
    }
}
