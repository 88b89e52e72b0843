/// The extension point of ``APIClient``: code that sees every request on its way out and every
/// response or error on its way back.
///
/// Middleware runs in the order configured: the first sees the request first and the response
/// last. A middleware may change the request, answer it itself without calling `next`, call
/// `next` more than once (that is how retries and token refresh work), and inspect or replace
/// the response or error.
///
/// ```swift
/// struct RequestIDMiddleware: Middleware {
///     func intercept(
///         _ request: TransportRequest,
///         context: RequestContext,
///         next: Next
///     ) async throws(ServiceError) -> TransportResponse {
///         var request = request
///         request.headers["X-Request-ID"] = UUID().uuidString
///         return try await next(request)
///     }
/// }
///
/// let client = APIClient(baseURL: url) { $0.middlewares = [RequestIDMiddleware()] }
/// ```
///
/// Errors from below arrive already classified as ``ServiceError``: a middleware can `catch`
/// `.timedOut` or `.notConnected` directly. Status codes are judged after the chain, so a 401 or
/// 503 arrives as a normal ``TransportResponse``.
public protocol Middleware: Sendable {
    /// The rest of the chain: the following middleware, then the transport.
    typealias Next = @Sendable (TransportRequest) async throws(ServiceError) -> TransportResponse

    /// Handles one request.
    /// - Parameters:
    ///   - request: The outgoing request.
    ///   - context: What the client knows about the call, such as its operation identifier.
    ///   - next: Sends a request through the rest of the chain.
    /// - Returns: The response to pass back up the chain.
    /// - Throws: A ``ServiceError``: one from `next`, or one of the middleware's own.
    func intercept(_ request: TransportRequest, context: RequestContext, next: Next) async throws(ServiceError)
        -> TransportResponse
}
