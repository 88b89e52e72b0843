import Foundation

/// The exchanges a client has under way: lists them and cancels them by id.
///
/// Each entry carries how to cancel what runs it: the calling task (``CallerCancellation``) or a
/// shared flight (``SharedFlights``). Cancelling takes the entry out under the lock and calls its
/// canceller after the lock is released, so cancellation handlers never run under it.
final class InFlightExchanges: @unchecked Sendable {
    // @unchecked: `entries` and `lastID` are touched only under `lock`.
    private let lock = NSLock()
    private var entries: [UInt64: Entry] = [:]
    private var lastID: UInt64 = 0

    private struct Entry {
        var info: InFlightRequest
        var cancel: @Sendable () -> Void
    }

    /// A number unique within this client, for exchanges and for calls.
    func makeID() -> UInt64 {
        lock.withLock {
            lastID += 1
            return lastID
        }
    }

    /// Lists an exchange until ``remove(_:)``.
    /// - Parameters:
    ///   - info: What to list; its `id` is the exchange's.
    ///   - cancel: Cancels what runs the exchange; called at most once, with no lock held.
    func add(_ info: InFlightRequest, cancel: @escaping @Sendable () -> Void) {
        lock.withLock { entries[info.id] = Entry(info: info, cancel: cancel) }
    }

    /// Takes an exchange off the list.
    func remove(_ id: UInt64) {
        lock.withLock { _ = entries.removeValue(forKey: id) }
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
        guard let entry = lock.withLock({ entries.removeValue(forKey: id) }) else { return false }
        entry.cancel()
        return true
    }

    /// Cancels every exchange under way.
    func cancelAll() {
        let cancelled = lock.withLock { () -> [Entry] in
            defer { entries.removeAll() }
            return Array(entries.values)
        }
        for entry in cancelled { entry.cancel() }
    }
}
