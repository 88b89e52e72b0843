/// What the client knows about a call beyond the HTTP request, for middleware to act on.
public struct RequestContext: Sendable {
    /// The endpoint's operation identifier, such as its OpenAPI `operationId`.
    public var operationID: String?
    /// The endpoint's options, such as ``RequestOption/retryable``.
    public var options: Set<RequestOption>
    /// When the whole call must be over, from its ``Endpoint/totalTimeout``; `nil` when it has
    /// none. The client enforces it; middleware that waits (``RetryMiddleware``) reads it so as
    /// not to start a wait that could not end in time.
    public var deadline: ContinuousClock.Instant?
    /// Whether the call hands its response body out as it arrives (``APIClient/stream(_:)``):
    /// a successful response's ``TransportResponse/body`` is then still arriving, and middleware
    /// must not read it. Every other body, and error statuses' bodies, arrive read whole.
    public internal(set) var streamsResponseBody = false
    /// Cancellation by id of an exchange that runs in the calling task (see
    /// ``ExchangeCancellingTransport``); `nil` when the exchange has a task of its own,
    /// or is not listed.
    var exchangeCancellation: ExchangeCancellation?

    /// Creates a context.
    /// - Parameters:
    ///   - operationID: The operation identifier.
    ///   - options: The endpoint's options.
    ///   - deadline: When the whole call must be over.
    public init(
        operationID: String? = nil, options: Set<RequestOption> = [], deadline: ContinuousClock.Instant? = nil
    ) {
        self.operationID = operationID
        self.options = options
        self.deadline = deadline
    }
}
