import Foundation

/// The exchanges a client has under way: lists them and cancels them by id.
///
/// Each entry records what runs the exchange: a task of the call's own, a shared flight
/// (``SharedFlights``), or a streamed body. Cancelling one cancels that runner only, never the
/// task that made the call. The entry is taken out under the lock and its runner cancelled
/// after the lock is released, so cancellation handlers, which may call back into the client,
/// never run under it.
final class InFlightExchanges: @unchecked Sendable {
    // @unchecked: `entries`, `streaming` and `lastID` are touched only under `lock`.
    private let lock = NSLock()
    private var entries: [UInt64: Entry] = [:]
    /// Streamed calls whose head has arrived: listed until their body ends.
    private var streaming: Set<UInt64> = []
    private var lastID: UInt64 = 0
    /// Whether exchanges are listed at all (``APIClient/Configuration/listsInFlightRequests``):
    /// when not, shared flights are not listed either, and ids are still handed out.
    private let lists: Bool

    init(lists: Bool) {
        self.lists = lists
    }

    private struct Entry {
        var info: InFlightRequest
        var runner: Runner
    }

    /// What runs an exchange, and so what cancelling it cancels.
    enum Runner {
        /// A call listed before its task starts (see ``attach(_:to:)``).
        case starting
        /// A task of the call's own, which the calling task waits for.
        case child(Task<Result<TransportResponse, ServiceError>, Never>)
        /// A shared flight, a streamed body or an exchange in its caller's task (see
        /// ``ExchangeCancellingTransport``), cancelled through its own bookkeeping.
        case flight(@Sendable () -> Void)

        fileprivate func cancel() {
            switch self {
            case .starting: break
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
        guard lists else { return }
        lock.withLock { entries[info.id] = Entry(info: info, runner: runner) }
    }

    /// Gives a call listed as ``Runner/starting`` its task; cancels the task at once when the
    /// call was cancelled by id meanwhile.
    func attach(_ task: Task<Result<TransportResponse, ServiceError>, Never>, to id: UInt64) {
        let listed = lock.withLock {
            guard entries[id] != nil else { return false }
            entries[id]?.runner = .child(task)
            return true
        }
        if !listed { task.cancel() }
    }

    /// Takes a shared flight off the list.
    func remove(_ id: UInt64) {
        lock.withLock { _ = entries.removeValue(forKey: id) }
    }

    /// Takes a call's exchange off the list as the call ends, unless its streamed body is
    /// still being read.
    func finishCall(_ id: UInt64) {
        lock.withLock {
            // The set is nearly always empty: checked first, to spare hashing the id.
            if streaming.isEmpty || !streaming.contains(id) { entries.removeValue(forKey: id) }
        }
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
        let entry = lock.withLock {
            streaming.remove(id)
            return entries.removeValue(forKey: id)
        }
        entry?.runner.cancel()
        return entry != nil
    }

    /// Cancels every exchange under way.
    func cancelAll() {
        let cancelled = lock.withLock {
            defer {
                entries.removeAll()
                streaming.removeAll()
            }
            return entries
        }
        for entry in cancelled.values { entry.runner.cancel() }
    }
}
