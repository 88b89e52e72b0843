import Foundation

/// The client's in-flight exchanges: lists them, cancels them by id, and lets identical
/// concurrent GETs share one.
///
/// Every call is a waiter on a flight. The flight runs the middleware chain and the transport in
/// its own task, so it can be cancelled from outside. A waiter that is cancelled gets
/// ``ServiceError/cancelled`` at once; the flight is cancelled only when no waiter is left.
final class FlightRegistry: @unchecked Sendable {
    // @unchecked: all mutable state is in `state`, touched only under `lock`.
    private let lock = NSLock()
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
        var task: Task<Void, Never>?
        var waiters: [UInt64: Waiter] = [:]
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

    /// Runs `operation` as a new flight, or joins an identical one under way.
    func perform(
        _ request: HTTPRequest, context: RequestContext, coalescing: Bool,
        operation: @escaping @Sendable () async throws(ServiceError) -> HTTPResponse
    ) async throws(ServiceError) -> HTTPResponse {
        let key = coalescing ? Key(request, context: context) : nil
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
        _ waiterID: UInt64, continuation: Waiter, request: HTTPRequest, context: RequestContext, key: Key?,
        operation: @escaping @Sendable () async throws(ServiceError) -> HTTPResponse
    ) {
        var cancelledEarly = false
        lock.withLock {
            // The cancelled flag is set before cancellation handlers run, so a cancellation that
            // comes before this point is seen here, and one that comes after finds the waiter.
            if Task.isCancelled {
                cancelledEarly = true
                return
            }
            if let key, let flightID = state.byKey[key] {
                state.flights[flightID]?.waiters[waiterID] = continuation
                state.waiterFlight[waiterID] = flightID
                return
            }
            state.nextID += 1
            let flightID = state.nextID
            var flight = Flight(
                info: InFlightRequest(
                    id: flightID, operationID: context.operationID, method: request.method, url: request.url,
                    startedAt: Date(), waiters: 1),
                key: key)
            flight.waiters[waiterID] = continuation
            // Created under the lock so that a cancellation always finds the task to cancel.
            flight.task = Task { [weak self] in
                let result: Result<HTTPResponse, ServiceError>
                do throws(ServiceError) {
                    result = .success(try await operation())
                } catch {
                    result = .failure(error)
                }
                self?.complete(flightID, with: result)
            }
            state.flights[flightID] = flight
            state.waiterFlight[waiterID] = flightID
            if let key { state.byKey[key] = flightID }
        }
        if cancelledEarly { continuation.resume(returning: .failure(.cancelled)) }
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
        let flight = lock.withLock { removeFlight(flightID) }
        guard let flight else { return false }
        for waiter in flight.waiters.values { waiter.resume(returning: .failure(.cancelled)) }
        flight.task?.cancel()
        return true
    }

    func cancelAll() {
        let flights = lock.withLock { state.flights.keys.compactMap { removeFlight($0) } }
        for flight in flights {
            for waiter in flight.waiters.values { waiter.resume(returning: .failure(.cancelled)) }
            flight.task?.cancel()
        }
    }
}
