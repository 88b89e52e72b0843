/// Adds headers and query items to every request from a provider evaluated per request.
///
/// Use it for values shared by every call to one server but kept elsewhere, such as an access
/// token that changes after login, or an API key:
///
/// ```swift
/// let tokens = TokenBox()  // your own actor holding the current token
/// let auth = RequestParametersMiddleware { parameters in
///     if let token = await tokens.current {
///         parameters.headers["Authorization"] = "Bearer \(token)"
///     }
///     parameters.query.append(QueryItem(name: "api_key", value: "k"))
/// }
/// let client = APIClient(baseURL: url) { $0.middlewares = [auth] }
/// ```
///
/// Headers from the provider replace the request's headers of the same name; query items are
/// appended after the endpoint's own.
public struct RequestParametersMiddleware: Middleware {
    /// The shared values to add to one request.
    public struct Parameters: Sendable {
        /// Headers to set.
        public var headers: HeaderFields = [:]
        /// Query items to append.
        public var query: [QueryItem] = []
        /// The call the request belongs to: its operation ID and options, so that a provider can
        /// add only what that operation needs (generated clients send each operation only the
        /// credentials its description requires).
        public let context: RequestContext

        init(context: RequestContext) { self.context = context }
    }

    /// Fills in the parameters for one request.
    public typealias Provider =
        @Sendable (_ parameters: inout Parameters, _ request: TransportRequest)
        async throws(ServiceError) -> Void

    private let provider: Provider

    /// Creates the middleware.
    /// - Parameter provider: Called once per request, including each retry, to fill in the
    ///   parameters. Throwing fails the request with that error before anything is sent.
    public init(_ provider: @escaping Provider) {
        self.provider = provider
    }

    /// Creates the middleware from a provider that does not need the request.
    /// - Parameter provider: Called once per request to fill in the parameters.
    public init(_ provider: @escaping @Sendable (_ parameters: inout Parameters) async -> Void) {
        self.provider = { parameters, _ in await provider(&parameters) }
    }

    /// Adds the provider's headers and query items, then passes the request on.
    /// - Parameters:
    ///   - request: The outgoing request.
    ///   - context: The call's context.
    ///   - next: The rest of the chain.
    /// - Returns: The response from the rest of the chain.
    /// - Throws: The provider's error, or the chain's.
    public func intercept(_ request: TransportRequest, context: RequestContext, next: Next) async throws(ServiceError)
        -> TransportResponse
    {
        var parameters = Parameters(context: context)
        try await provider(&parameters, request)
        var request = request
        request.headers = request.headers.merging(parameters.headers)
        request.appendQueryItems(parameters.query)
        try HeaderValidation.validate(request.headers)
        return try await next(request)
    }
}
