public import Foundation

/// When and how often ``RetryMiddleware`` tries a request again.
///
/// The defaults retry only what is safe and likely to help: idempotent methods (RFC 9110
/// §9.2.2), after a timeout or a dropped connection, or on a status that says "try again"
/// (408, 429, 502, 503, 504). Three attempts in all, waiting about 0.5 s and then 1 s, never
/// longer than 30 s, honouring the server's `Retry-After`.
public struct RetryPolicy: Sendable {
    /// The most attempts, counting the first. `1` disables retries.
    public var maximumAttempts: Int
    /// The wait before the first retry; each later wait is `multiplier` times longer.
    public var initialDelay: Duration
    /// How much longer each wait is than the one before.
    public var multiplier: Double
    /// The longest wait, also the cap on a server's `Retry-After`.
    public var maximumDelay: Duration
    /// The fraction of each backoff wait that is random (0 to 1), so that many clients do not
    /// retry in lockstep. With 0.5, a 1 s wait becomes a random wait between 0.5 s and 1 s.
    public var jitter: Double
    /// Statuses that are retried.
    public var retryableStatusCodes: Set<Int>
    /// Methods that are retried without the endpoint opting in with ``RequestOption/retryable``.
    public var retryableMethods: Set<RequestMethod>
    /// Whether a timeout is retried.
    public var retriesTimeouts: Bool
    /// Whether a connection lost during the exchange is retried.
    public var retriesLostConnections: Bool

    /// Creates a policy; every parameter has the default described on the type.
    public init(
        maximumAttempts: Int = 3, initialDelay: Duration = .milliseconds(500), multiplier: Double = 2,
        maximumDelay: Duration = .seconds(30), jitter: Double = 0.5,
        retryableStatusCodes: Set<Int> = [408, 429, 502, 503, 504],
        retryableMethods: Set<RequestMethod> = [.get, .head, .put, .delete, .options],
        retriesTimeouts: Bool = true, retriesLostConnections: Bool = true
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
    }

    /// Whether a request may be retried at all.
    /// - Parameters:
    ///   - request: The request.
    ///   - context: Its context, whose options may opt in or out.
    /// - Returns: `true` when a failure of this request may be retried.
    public func allowsRetry(of request: TransportRequest, context: RequestContext) -> Bool {
        if context.options.contains(.notRetryable) { return false }
        // A body that can be sent once cannot be sent again.
        if let body = request.body, !body.isReplayable { return false }
        return context.options.contains(.retryable) || retryableMethods.contains(request.method)
    }

    /// Whether an error is worth retrying.
    /// - Parameter error: The error from the rest of the chain.
    /// - Returns: `true` for timeouts and lost connections, as configured.
    public func shouldRetry(_ error: ServiceError) -> Bool {
        switch error {
        case .timedOut: retriesTimeouts
        case .transport(let failure): retriesLostConnections && failure.code == .networkConnectionLost
        default: false
        }
    }

    /// The backoff wait before a retry, with jitter.
    /// - Parameters:
    ///   - retry: The retry's number, from 1.
    ///   - random: A random number in `0...1`.
    /// - Returns: The wait.
    public func backoff(beforeRetry retry: Int, random: Double) -> Duration {
        let base = initialDelay.seconds * pow(multiplier, Double(retry - 1))
        let capped = min(base, maximumDelay.seconds)
        return .seconds(capped * (1 - jitter * random))
    }

    /// The wait a response's `Retry-After` asks for, capped by ``maximumDelay``.
    /// - Parameters:
    ///   - response: The response.
    ///   - now: The current time, for an HTTP-date value.
    /// - Returns: The wait, or `nil` when the header is absent or malformed.
    public func retryAfter(_ response: TransportResponse, now: Date) -> Duration? {
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
