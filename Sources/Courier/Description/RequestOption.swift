/// A per-endpoint switch that built-in middleware and the client read from ``RequestContext``.
///
/// Options are an open set: the built-in ones are static members, and your own middleware can
/// define more with ``init(rawValue:)``.
///
/// ```swift
/// var charge = Endpoint<Receipt>.post("/charges", body: .json(order))
/// charge.options.insert(.retryable)  // safe to retry: the server deduplicates by idempotency key
/// ```
public struct RequestOption: RawRepresentable, Hashable, Sendable {
    /// The option's name.
    public let rawValue: String

    /// Creates an option.
    /// - Parameter rawValue: A unique name, such as `"com.example.audit"`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// ``RetryMiddleware`` may retry the request even though its method is not idempotent.
    public static let retryable = RequestOption(rawValue: "courier.retryable")
    /// ``RetryMiddleware`` never retries the request.
    public static let notRetryable = RequestOption(rawValue: "courier.notRetryable")
    /// The client does not share this request's network call with identical concurrent ones.
    public static let notCoalesced = RequestOption(rawValue: "courier.notCoalesced")
    /// ``AuthenticationMiddleware`` sends the request without a token and never refreshes for
    /// it; set it on the token refresh request itself.
    public static let skipsAuthentication = RequestOption(rawValue: "courier.skipsAuthentication")
}
