/// What the client knows about a call beyond the HTTP request, for middleware to act on.
public struct RequestContext: Sendable {
    /// The endpoint's operation identifier, such as its OpenAPI `operationId`.
    public var operationID: String?

    /// Creates a context.
    /// - Parameter operationID: The operation identifier.
    public init(operationID: String? = nil) {
        self.operationID = operationID
    }
}
