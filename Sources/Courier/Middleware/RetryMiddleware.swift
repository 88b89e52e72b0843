public import Foundation

/// Retries failed requests with exponential backoff.
///
/// ```swift
/// let client = APIClient(baseURL: url) {
///     $0.middlewares = [RetryMiddleware(maximumAttempts: 4)]
/// }
/// ```
///
/// The defaults retry only what is safe and likely to help: idempotent methods (RFC 9110
/// §9.2.2), after a timeout or a dropped connection, or on a status that says "try again"
/// (408, 429, 502, 503, 504). Three attempts in all, waiting about 0.5 s and then 1 s, never
/// longer than 30 s, honouring the server's `Retry-After`.
///
/// Other methods are retried only when an endpoint opts in with ``RequestOption/retryable``
/// (and never with ``RequestOption/notRetryable``), and a body read from a sequence, which can
/// be sent once, never is. Waits are cancellable: cancelling the task stops the retries at
/// once with ``ServiceError/cancelled``. When the attempts run out, or the next wait would end
/// after the call's ``RequestContext/deadline`` (its ``Endpoint/totalTimeout``), the last
/// response or error is returned as it was.
///
/// Put it before authentication in the chain, so each retry gets a fresh token.
public struct RetryMiddleware: Middleware {
    /// The most attempts, counting the first. `1` disables retries.
    public let maximumAttempts: Int
    /// The wait before the first retry; each later wait is `multiplier` times longer.
    public let initialDelay: Duration
    /// How much longer each wait is than the one before.
    public let multiplier: Double
    /// The longest wait, also the cap on a server's `Retry-After`.
    public let maximumDelay: Duration
    /// The fraction of each backoff wait that is random (0 to 1), so that many clients do not
    /// retry in lockstep. With 0.5, a 1 s wait becomes a random wait between 0.5 s and 1 s.
    public let jitter: Double
    /// Statuses that are retried.
    public let retryableStatusCodes: Set<Int>
    /// Methods that are retried without the endpoint opting in with ``RequestOption/retryable``.
    public let retryableMethods: Set<RequestMethod>
    /// Whether a timeout is retried.
    public let retriesTimeouts: Bool
    /// Whether a connection lost during the exchange is retried.
    public let retriesLostConnections: Bool
    private let sleep: @Sendable (Duration) async throws -> Void
    private let random: @Sendable () -> Double
    private let now: @Sendable () -> Date
    private let clock: @Sendable () -> ContinuousClock.Instant

    /// Creates the middleware; every setting has the default described on the type.
    /// - Parameters:
    ///   - maximumAttempts: The most attempts, counting the first (at least 1).
    ///   - initialDelay: The wait before the first retry.
    ///   - multiplier: How much longer each wait is than the one before.
    ///   - maximumDelay: The longest wait, also the cap on `Retry-After`.
    ///   - jitter: The random fraction of each wait, from 0 to 1.
    ///   - retryableStatusCodes: Statuses that are retried.
    ///   - retryableMethods: Methods retried without the endpoint opting in.
    ///   - retriesTimeouts: Whether a timeout is retried.
    ///   - retriesLostConnections: Whether a lost connection is retried.
    ///   - sleep: Waits for a duration; tests pass one that records instead of sleeping.
    ///   - random: A random number in `0...1` for jitter.
    ///   - now: The current time, for `Retry-After` dates.
    ///   - clock: The time to compare with a call's ``RequestContext/deadline``.
    public init(
        maximumAttempts: Int = 3, initialDelay: Duration = .milliseconds(500), multiplier: Double = 2,
        maximumDelay: Duration = .seconds(30), jitter: Double = 0.5,
        retryableStatusCodes: Set<Int> = [408, 429, 502, 503, 504],
        retryableMethods: Set<RequestMethod> = [.get, .head, .put, .delete, .options, .query],
        retriesTimeouts: Bool = true, retriesLostConnections: Bool = true,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        now: @escaping @Sendable () -> Date = { Date() },
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        precondition(maximumAttempts >= 1, "A request needs at least one attempt.")
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.jitter = min(max(jitter, 0), 1)
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableMethods = retryableMethods
        self.retriesTimeouts = retriesTimeouts
        self.retriesLostConnections = retriesLostConnections
        self.sleep = sleep
        self.random = random
        self.now = now
        self.clock = clock
    }

    /// Sends the request, retrying as the settings allow.
    /// - Parameters:
    ///   - request: The request.
    ///   - context: Its context.
    ///   - next: The rest of the chain.
    /// - Returns: The first acceptable response, or the last one.
    /// - Throws: The last error, or ``ServiceError/cancelled`` when cancelled while waiting.
    public func intercept(_ request: TransportRequest, context: RequestContext, next: Next) async throws(ServiceError)
        -> TransportResponse
    {
        guard maximumAttempts > 1, allowsRetry(of: request, context: context) else {
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
            guard attempt < maximumAttempts, let delay = delay(after: outcome, attempt: attempt),
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
            guard retryableStatusCodes.contains(response.status) else { return nil }
            return retryAfter(response, now: now()) ?? backoff(beforeRetry: attempt, random: random())
        case .failure(let error):
            guard shouldRetry(error) else { return nil }
            return backoff(beforeRetry: attempt, random: random())
        }
    }

    /// Whether a request may be retried at all.
    func allowsRetry(of request: TransportRequest, context: RequestContext) -> Bool {
        if context.options.contains(.notRetryable) { return false }
        // A body that can be sent once cannot be sent again.
        if let body = request.body, !body.isReplayable { return false }
        return context.options.contains(.retryable) || retryableMethods.contains(request.method)
    }

    /// Whether an error is worth retrying: timeouts and lost connections, as configured.
    func shouldRetry(_ error: ServiceError) -> Bool {
        switch error {
        case .timedOut: retriesTimeouts
        case .transport(let failure): retriesLostConnections && failure.code == .networkConnectionLost
        default: false
        }
    }

    /// The backoff wait before a retry (numbered from 1), with jitter from `random` in `0...1`.
    func backoff(beforeRetry retry: Int, random: Double) -> Duration {
        let base = initialDelay.seconds * pow(multiplier, Double(retry - 1))
        let capped = min(base, maximumDelay.seconds)
        return .seconds(capped * (1 - jitter * random))
    }

    /// The wait a response's `Retry-After` asks for, capped by ``maximumDelay``; `nil` when the
    /// header is absent or malformed.
    func retryAfter(_ response: TransportResponse, now: Date) -> Duration? {
        guard let value = response.headers["Retry-After"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        let seconds: Double
        if let delay = Int(value), delay >= 0 {
            seconds = Double(delay)
        } else if let date = HTTPDate.parse(value) {
            seconds = max(0, date.timeIntervalSince(now))
        } else {
            return nil
        }
        return .seconds(min(seconds, maximumDelay.seconds))
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

/// HTTP dates (RFC 9110 §5.6.7): the preferred IMF-fixdate, and the obsolete RFC 850 and asctime
/// forms that servers must still accept.
enum HTTPDate {
    static func parse(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
