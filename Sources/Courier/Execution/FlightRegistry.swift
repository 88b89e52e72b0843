import Foundation

/// The client's in-flight exchanges: lists them, cancels them by id, and lets identical
/// concurrent GETs share one.
///
/// A call that cannot share its exchange runs it in the calling task, with no extra task or
/// executor hop; cancelling it by id cancels that task, exactly as `Task.cancel()` would.
///
/// A call that can share (a coalescible GET) is a waiter on a flight: the flight runs the
/// middleware chain and the transport in a task of its own, so it outlives any one waiter. A
/// waiter that is cancelled gets ``ServiceError/cancelled`` at once; the flight is cancelled when
/// no waiter is left, or by id, and then every waiter gets ``ServiceError/cancelled``.
final class FlightRegistry: @unchecked Sendable {
    // @unchecked: all mutable state is in `state`, touched only under `lock`. The lock is
    // recursive because cancelling a calling task runs that task's cancellation handlers on
    // this thread, under the lock, and a handler may call back into the client.
    private let lock = NSRecursiveLock()
    private var state = State()

    private struct State {
        var flights: [UInt64: Flight] = [:]
        var byKey: [Key: UInt64] = [:]
        var waiterFlight: [UInt64: UInt64] = [:]
        var nextID: UInt64 = 0
    }

    typealias Waiter = CheckedContinuation<Result<HTTPResponse, ServiceError>, Never>

    private struct Flight {
        var info: InFlightRequest
        var key: Key?
        /// The flight's own task, for a shared flight.
        var task: Task<Void, Never>?
        /// The calling task, for an exchange run in it. Valid while the flight is registered:
        /// the call removes it, under the lock, before it returns.
        var caller: UnsafeCurrentTask?
        var waiters: [UInt64: Waiter] = [:]

        /// Cancels whatever runs the exchange; call under the lock, after removing the flight.
        func cancelRunner() {
            task?.cancel()
            caller?.cancel()
        }
    }

    /// What makes two requests identical: method, URL and headers.
    struct Key: Hashable {
        var method: HTTPMethod
        var url: URL
        var headers: [HTTPHeaders.Field]

        init?(_ request: HTTPRequest, context: RequestContext) {
            guard request.method == .get || request.method == .head, request.body == nil,
                !context.options.contains(.notCoalesced)
            else { return nil }
            method = request.method
            url = request.url
            headers = request.headers.fields.sorted {
                ($0.name.lowercased(), $0.value) < ($1.name.lowercased(), $1.value)
            }
        }
    }

    func makeCallID() -> UInt64 {
        lock.withLock {
            state.nextID += 1
            return state.nextID
        }
    }

    var snapshot: [InFlightRequest] {
        lock.withLock {
            state.flights.values.map {
                var info = $0.info
                info.waiters = $0.waiters.count
                return info
            }.sorted { $0.id < $1.id }
        }
    }

    /// Runs `operation` in the calling task, or, when it may be shared, as a new flight or by
    /// joining an identical one under way.
    func perform(
        _ request: HTTPRequest, context: RequestContext, coalescing: Bool,
        operation: @escaping @Sendable () async throws(ServiceError) -> HTTPResponse
    ) async throws(ServiceError) -> HTTPResponse {
        guard coalescing, let key = Key(request, context: context) else {
            return try await performInCaller(request, context: context, operation: operation)
        }
        return try await performShared(request, context: context, key: key, operation: operation)
    }

    private func performInCaller(
        _ request: HTTPRequest, context: RequestContext,
        operation: () async throws(ServiceError) -> HTTPResponse
    ) async throws(ServiceError) -> HTTPResponse {
        let flightID = withUnsafeCurrentTask { caller in
            lock.withLock { () -> UInt64 in
                state.nextID += 1
                var flight = Flight(info: makeInfo(id: state.nextID, request: request, context: context))
                flight.caller = caller
                state.flights[state.nextID] = flight
                return state.nextID
            }
        }
        defer {
            lock.withLock { _ = state.flights.removeValue(forKey: flightID) }
        }
        return try await operation()
    }

    private func makeInfo(id: UInt64, request: HTTPRequest, context: RequestContext) -> InFlightRequest {
        InFlightRequest(
            id: id, operationID: context.operationID, method: request.method, url: request.url, startedAt: Date(),
            waiters: 1)
    }

    private func performShared(
        _ request: HTTPRequest, context: RequestContext, key: Key,
        operation: @escaping @Sendable () async throws(ServiceError) -> HTTPResponse
    ) async throws(ServiceError) -> HTTPResponse {
        let waiterID = makeCallID()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                join(
                    waiterID, continuation: continuation, request: request, context: context, key: key,
                    operation: operation)
            }
        } onCancel: {
            cancelWaiter(waiterID)
        }
        return try result.get()
    }

    private func join(
        _ waiterID: UInt64, continuation: Waiter, request: HTTPRequest, context: RequestContext, key: Key,
        operation: @escaping @Sendable () async throws(ServiceError) -> HTTPResponse
    ) {
        enum Joined { case cancelled, existing, new(UInt64) }
        let joined = lock.withLock { () -> Joined in
            // The cancelled flag is set before cancellation handlers run, so a cancellation that
            // comes before this point is seen here, and one that comes after finds the waiter.
            if Task.isCancelled { return .cancelled }
            if let flightID = state.byKey[key] {
                state.flights[flightID]?.waiters[waiterID] = continuation
                state.waiterFlight[waiterID] = flightID
                return .existing
            }
            state.nextID += 1
            let flightID = state.nextID
            var flight = Flight(info: makeInfo(id: flightID, request: request, context: context), key: key)
            flight.waiters[waiterID] = continuation
            state.flights[flightID] = flight
            state.waiterFlight[waiterID] = flightID
            state.byKey[key] = flightID
            return .new(flightID)
        }
        switch joined {
        case .cancelled:
            continuation.resume(returning: .failure(.cancelled))
        case .existing:
            break
        case .new(let flightID):
            start(flightID, operation: operation)
        }
    }

    /// Starts a flight's task and records it, so that cancelling the flight cancels the task.
    private func start(_ flightID: UInt64, operation: @escaping @Sendable () async throws(ServiceError) -> HTTPResponse)
    {
        let run: @Sendable () async -> Void = { [weak self] in
            let result: Result<HTTPResponse, ServiceError>
            do throws(ServiceError) {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            self?.complete(flightID, with: result)
        }
        // The flight runs on this thread until it first suspends (usually inside the transport),
        // which saves the executor hop of starting a task elsewhere. Started outside the lock,
        // because the operation runs middleware that may call back into this client.
        let task: Task<Void, Never>
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            task = Task.immediate(operation: run)
        } else {
            task = Task(operation: run)
        }
        let stillInFlight = lock.withLock { () -> Bool in
            guard state.flights[flightID] != nil else { return false }
            state.flights[flightID]?.task = task
            return true
        }
        // Cancelled (by id, or by its last waiter) before the task was recorded, or already done.
        if !stillInFlight { task.cancel() }
    }

    private func complete(_ flightID: UInt64, with result: Result<HTTPResponse, ServiceError>) {
        let waiters = lock.withLock { () -> [Waiter] in
            guard let flight = removeFlight(flightID) else { return [] }
            return Array(flight.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }

    /// Removes a flight and its bookkeeping; call under the lock.
    private func removeFlight(_ flightID: UInt64) -> Flight? {
        guard let flight = state.flights.removeValue(forKey: flightID) else { return nil }
        if let key = flight.key, state.byKey[key] == flightID { state.byKey.removeValue(forKey: key) }
        for waiterID in flight.waiters.keys { state.waiterFlight.removeValue(forKey: waiterID) }
        return flight
    }

    private func cancelWaiter(_ waiterID: UInt64) {
        let (waiter, task) = lock.withLock { () -> (Waiter?, Task<Void, Never>?) in
            // Not joined yet (the join sees the cancellation itself) or already finished.
            guard let flightID = state.waiterFlight.removeValue(forKey: waiterID) else { return (nil, nil) }
            let waiter = state.flights[flightID]?.waiters.removeValue(forKey: waiterID)
            guard let flight = state.flights[flightID], flight.waiters.isEmpty else { return (waiter, nil) }
            // The last waiter left: cancel the exchange itself.
            return (waiter, removeFlight(flightID)?.task)
        }
        waiter?.resume(returning: .failure(.cancelled))
        task?.cancel()
    }

    /// Cancels one flight and every call waiting for it.
    @discardableResult
    func cancel(_ flightID: UInt64) -> Bool {
        let flight = lock.withLock { () -> Flight? in
            let flight = removeFlight(flightID)
            // Under the lock, so that a calling task cannot finish, and end, meanwhile.
            flight?.cancelRunner()
            return flight
        }
        guard let flight else { return false }
        for waiter in flight.waiters.values { waiter.resume(returning: .failure(.cancelled)) }
        return true
    }

    func cancelAll() {
        let flights = lock.withLock { () -> [Flight] in
            let flights = state.flights.keys.compactMap { removeFlight($0) }
            for flight in flights { flight.cancelRunner() }
            return flights
        }
        for flight in flights {
            for waiter in flight.waiters.values { waiter.resume(returning: .failure(.cancelled)) }
        }
    }
}
