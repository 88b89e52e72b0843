/// What the client knows about a call beyond the HTTP request, for middleware to act on.
public struct RequestContext: Sendable {
    /// The endpoint's operation identifier, such as its OpenAPI `operationId`.
    public var operationID: String?
    /// The endpoint's options, such as ``RequestOption/retryable``.
    public var options: Set<RequestOption>

    /// Creates a context.
    /// - Parameters:
    ///   - operationID: The operation identifier.
    ///   - options: The endpoint's options.
    public init(operationID: String? = nil, options: Set<RequestOption> = []) {
        self.operationID = operationID
        self.options = options
    }
}
