import Foundation

/// Identical concurrent calls sharing one exchange (coalescing).
///
/// The first call with a ``CoalescingKey`` starts a flight: the middleware chain and the
/// transport run in a task of the flight's own, so it outlives any one caller. Later calls with
/// the same key wait for it. A caller that is cancelled gets ``ServiceError/cancelled`` at once;
/// the flight is cancelled when no caller is left, or by id through ``InFlightExchanges``, and
/// then every caller gets ``ServiceError/cancelled``. No lock is held while a task is cancelled
/// or a caller resumed.
final class SharedFlights: @unchecked Sendable {
    // @unchecked: every stored property but `exchanges` is touched only under `lock`.
    private let lock = NSLock()
    private let exchanges: InFlightExchanges
    private var flights: [UInt64: Flight] = [:]
    private var flightOfKey: [CoalescingKey: UInt64] = [:]
    private var flightOfWaiter: [UInt64: UInt64] = [:]

    typealias Operation = @Sendable () async throws(ServiceError) -> TransportResponse
    private typealias Waiter = CheckedContinuation<Result<TransportResponse, ServiceError>, Never>

    private struct Flight {
        var key: CoalescingKey
        var task: Task<Void, Never>?
        var waiters: [UInt64: Waiter] = [:]
    }

    /// Creates the flights of one client, listed in its exchanges.
    init(exchanges: InFlightExchanges) {
        self.exchanges = exchanges
    }

    /// Joins the flight under way for `key`, or starts one that runs `operation`.
    /// - Parameter makeInfo: What to list for a new flight, given its id.
    func perform(
        _ key: CoalescingKey, makeInfo: (UInt64) -> InFlightRequest, operation: @escaping Operation
    ) async throws(ServiceError) -> TransportResponse {
        let waiterID = exchanges.makeID()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: Waiter) in
                join(waiterID, waiter: waiter, key: key, makeInfo: makeInfo, operation: operation)
            }
        } onCancel: {
            leave(waiterID)
        }
        return try result.get()
    }

    private func join(
        _ waiterID: UInt64, waiter: Waiter, key: CoalescingKey, makeInfo: (UInt64) -> InFlightRequest,
        operation: @escaping Operation
    ) {
        enum Joined { case cancelled, existing, new(UInt64) }
        let joined = lock.withLock { () -> Joined in
            // Cancellation marks the task before its handlers run: one that came before this point
            // is seen here, and one that comes after finds the waiter registered.
            if Task.isCancelled { return .cancelled }
            if let flightID = flightOfKey[key], var flight = flights[flightID] {
                flight.waiters[waiterID] = waiter
                flights[flightID] = flight
                flightOfWaiter[waiterID] = flightID
                exchanges.setWaiters(flight.waiters.count, of: flightID)
                return .existing
            }
            let flightID = exchanges.makeID()
            flights[flightID] = Flight(key: key, waiters: [waiterID: waiter])
            flightOfKey[key] = flightID
            flightOfWaiter[waiterID] = flightID
            exchanges.add(makeInfo(flightID), runner: .flight { [weak self] in self?.cancelFlight(flightID) })
            return .new(flightID)
        }
        switch joined {
        case .cancelled: waiter.resume(returning: .failure(.cancelled))
        case .existing: break
        case .new(let flightID): start(flightID, operation: operation)
        }
    }

    /// Starts a flight's task and records it, so that cancelling the flight cancels the task.
    private func start(_ flightID: UInt64, operation: @escaping Operation) {
        let run: @Sendable () async -> Void = { [weak self] in
            let result: Result<TransportResponse, ServiceError>
            do throws(ServiceError) {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            self?.complete(flightID, with: result)
        }
        // Started outside the lock: the operation runs middleware that may call back into the
        // client. Where it can, it runs on this thread until it first suspends (usually inside
        // the transport), which saves an executor hop.
        let task = Task.startingHere(run)
        let isRecorded = lock.withLock { () -> Bool in
            guard flights[flightID] != nil else { return false }
            flights[flightID]?.task = task
            return true
        }
        // Cancelled (by id, or by its last waiter) before the task was recorded, or already done.
        if !isRecorded { task.cancel() }
    }

    private func complete(_ flightID: UInt64, with result: Result<TransportResponse, ServiceError>) {
        let flight = lock.withLock { removeFlight(flightID) }
        for waiter in flight?.waiters.values ?? [:].values { waiter.resume(returning: result) }
    }

    /// A waiter's task was cancelled: it leaves at once, and the flight ends with its last waiter.
    private func leave(_ waiterID: UInt64) {
        let (waiter, abandoned) = lock.withLock { () -> (Waiter?, Flight?) in
            // Not joined yet (the join sees the cancellation itself), or already resumed.
            guard let flightID = flightOfWaiter.removeValue(forKey: waiterID),
                let waiter = flights[flightID]?.waiters.removeValue(forKey: waiterID)
            else { return (nil, nil) }
            let remaining = flights[flightID]?.waiters.count ?? 0
            guard remaining == 0 else {
                exchanges.setWaiters(remaining, of: flightID)
                return (waiter, nil)
            }
            return (waiter, removeFlight(flightID))
        }
        waiter?.resume(returning: .failure(.cancelled))
        abandoned?.task?.cancel()
    }

    /// Cancels a flight (by id through the client): every waiter gets ``ServiceError/cancelled``.
    private func cancelFlight(_ flightID: UInt64) {
        guard let flight = lock.withLock({ removeFlight(flightID) }) else { return }
        for waiter in flight.waiters.values { waiter.resume(returning: .failure(.cancelled)) }
        flight.task?.cancel()
    }

    /// Removes a flight with its bookkeeping, and takes it off the exchanges; call under `lock`.
    private func removeFlight(_ flightID: UInt64) -> Flight? {
        guard let flight = flights.removeValue(forKey: flightID) else { return nil }
        if flightOfKey[flight.key] == flightID { flightOfKey.removeValue(forKey: flight.key) }
        for waiterID in flight.waiters.keys { flightOfWaiter.removeValue(forKey: waiterID) }
        exchanges.remove(flightID)
        return flight
    }
}
