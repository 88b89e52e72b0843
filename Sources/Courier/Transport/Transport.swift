/// Whatever performs the HTTP exchange. The only other protocol besides ``Middleware``.
///
/// ``URLSessionTransport`` is the default. Swap it to use another HTTP stack, or in tests (see
/// `CourierTesting`'s `StubTransport`):
///
/// ```swift
/// struct EchoTransport: Transport {
///     func send(_ request: HTTPRequest) async throws -> HTTPResponse {
///         HTTPResponse(status: 200, body: request.body ?? Data(), url: request.url)
///     }
/// }
/// ```
///
/// A transport must return every response it receives, whatever its status; the client judges
/// the status. It should honour ``HTTPRequest/timeout`` and stop promptly when its task is
/// cancelled. Errors it throws are classified by the client: `URLError` codes map to
/// ``ServiceError`` cases, `CancellationError` to ``ServiceError/cancelled``.
public protocol Transport: Sendable {
    /// Performs one exchange.
    /// - Parameter request: The request to send.
    /// - Returns: The server's response, whatever its status.
    /// - Throws: Any error; the client classifies it into ``ServiceError``.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
