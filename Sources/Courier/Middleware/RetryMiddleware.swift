public import Foundation

/// Retries failed requests with exponential backoff, as a ``RetryPolicy`` says.
///
/// ```swift
/// let client = APIClient(baseURL: url) {
///     $0.middlewares = [RetryMiddleware(policy: RetryPolicy(maximumAttempts: 4))]
/// }
/// ```
///
/// Only idempotent methods are retried unless an endpoint opts in with
/// ``RequestOption/retryable``. Waits are cancellable: cancelling the task stops the retries at
/// once with ``ServiceError/cancelled``. When the attempts run out, or the next wait would end
/// after the call's ``RequestContext/deadline`` (its ``Endpoint/totalTimeout``), the last
/// response or error is returned as it was.
///
/// Put it before authentication in the chain, so each retry gets a fresh token.
public struct RetryMiddleware: Middleware {
    /// What is retried, how often and how long to wait.
    public let policy: RetryPolicy
    private let sleep: @Sendable (Duration) async throws -> Void
    private let random: @Sendable () -> Double
    private let now: @Sendable () -> Date
    private let clock: @Sendable () -> ContinuousClock.Instant

    /// Creates the middleware.
    /// - Parameters:
    ///   - policy: What is retried and how long to wait.
    ///   - sleep: Waits for a duration; tests pass one that records instead of sleeping.
    ///   - random: A random number in `0...1` for jitter.
    ///   - now: The current time, for `Retry-After` dates.
    ///   - clock: The time to compare with a call's ``RequestContext/deadline``.
    public init(
        policy: RetryPolicy = RetryPolicy(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        now: @escaping @Sendable () -> Date = { Date() },
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.policy = policy
        self.sleep = sleep
        self.random = random
        self.now = now
        self.clock = clock
    }

    /// Sends the request, retrying as the policy allows.
    /// - Parameters:
    ///   - request: The request.
    ///   - context: Its context.
    ///   - next: The rest of the chain.
    /// - Returns: The first acceptable response, or the last one.
    /// - Throws: The last error, or ``ServiceError/cancelled`` when cancelled while waiting.
    public func intercept(_ request: TransportRequest, context: RequestContext, next: Next) async throws(ServiceError)
        -> TransportResponse
    {
        guard policy.maximumAttempts > 1, policy.allowsRetry(of: request, context: context) else {
            return try await next(request)
        }
        var attempt = 1
        while true {
            let outcome: Result<TransportResponse, ServiceError>
            do {
                outcome = .success(try await next(request))
            } catch {
                outcome = .failure(error)
            }
            guard attempt < policy.maximumAttempts, let delay = delay(after: outcome, attempt: attempt),
                context.deadline.map({ clock() + delay < $0 }) ?? true
            else {
                return try outcome.get()
            }
            do {
                try await sleep(delay)
            } catch {
                throw .cancelled
            }
            if Task.isCancelled { throw .cancelled }
            attempt += 1
        }
    }

    private func delay(after outcome: Result<TransportResponse, ServiceError>, attempt: Int) -> Duration? {
        switch outcome {
        case .success(let response):
            guard policy.retryableStatusCodes.contains(response.status) else { return nil }
            return policy.retryAfter(response, now: now()) ?? policy.backoff(beforeRetry: attempt, random: random())
        case .failure(let error):
            guard policy.shouldRetry(error) else { return nil }
            return policy.backoff(beforeRetry: attempt, random: random())
        }
    }
}
