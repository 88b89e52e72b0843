import Foundation

/// Runs at most one refresh at a time and shares its outcome with every waiter.
actor RefreshCoordinator {
    private let store: any TokenStore
    private let refresh: AuthenticationMiddleware.Refresh
    private var flight: RefreshFlight?

    init(store: any TokenStore, refresh: @escaping AuthenticationMiddleware.Refresh) {
        self.store = store
        self.refresh = refresh
    }

    /// New tokens to replace a stale access token: the ones a refresh already produced, the
    /// outcome of the refresh under way, or a new refresh's. A waiter whose task is cancelled
    /// returns at once with ``ServiceError/cancelled``; the refresh goes on for the others.
    func refresh(replacing staleToken: String) async throws(ServiceError) -> AuthTokens {
        if let flight { return try await flight.outcome() }
        let current = await store.tokens()
        // The actor is reentrant: another caller may have started a refresh while we read.
        if let flight { return try await flight.outcome() }
        guard let current else {
            throw .invalidRequest(InvalidRequest(reason: "Signed out: there is no token to refresh."))
        }
        if current.accessToken != staleToken { return current }
        let flight = RefreshFlight()
        self.flight = flight
        let store = self.store
        let refresh = self.refresh
        // Unstructured, so that cancelling the caller that started it does not cancel the
        // refresh that every other waiter depends on.
        Task {
            let result: Result<AuthTokens, any Error>
            do {
                let renewed = try await refresh(current)
                await store.setTokens(renewed)
                result = .success(renewed)
            } catch {
                await store.setTokens(nil)
                result = .failure(error)
            }
            flight.finish(result)
            self.ended(flight)
        }
        return try await flight.outcome()
    }

    /// Forgets a refresh that has ended: the next stale token starts another.
    private func ended(_ ended: RefreshFlight) {
        if flight === ended { flight = nil }
    }
}

/// One refresh's outcome, and the callers waiting for it: each is resumed when it ends, or at
/// once when its task is cancelled.
final class RefreshFlight: @unchecked Sendable {
    // @unchecked: every stored property is touched only under `lock`.
    private typealias Outcome = Result<AuthTokens, any Error>
    private let lock = NSLock()
    private var result: Outcome?
    private var waiters: [UInt64: CheckedContinuation<Outcome, Never>] = [:]
    /// Waiters cancelled before they were registered.
    private var cancelled: Set<UInt64> = []
    private var nextWaiter: UInt64 = 0

    /// The refresh's outcome, once it ends, or ``ServiceError/cancelled`` as soon as the calling
    /// task is cancelled.
    func outcome() async throws(ServiceError) -> AuthTokens {
        let waiter = lock.withLock { () -> UInt64 in
            nextWaiter += 1
            return nextWaiter
        }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let ready = lock.withLock { () -> Outcome? in
                    if cancelled.remove(waiter) != nil { return .failure(CancellationError()) }
                    if let result = self.result { return result }
                    waiters[waiter] = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let continuation = lock.withLock { () -> CheckedContinuation<Outcome, Never>? in
                guard self.result == nil else { return nil }
                guard let continuation = waiters.removeValue(forKey: waiter) else {
                    cancelled.insert(waiter)
                    return nil
                }
                return continuation
            }
            continuation?.resume(returning: .failure(CancellationError()))
        }
        switch outcome {
        case .success(let tokens): return tokens
        case .failure(let error): throw ServiceError.classify(error, request: nil)
        }
    }

    /// Ends the refresh: every waiter gets `result`, and so does every later one.
    func finish(_ result: Result<AuthTokens, any Error>) {
        let waiting = lock.withLock { () -> [CheckedContinuation<Outcome, Never>] in
            self.result = result
            cancelled = []
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        for continuation in waiting { continuation.resume(returning: result) }
    }
}
