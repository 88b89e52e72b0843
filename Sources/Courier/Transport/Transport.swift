/// Whatever performs the HTTP exchange. The only other protocol besides ``Middleware``.
///
/// ``URLSessionTransport`` is the default. Swap it to use another HTTP stack, or in tests (see
/// `CourierTesting`'s `StubTransport`):
///
/// ```swift
/// struct EchoTransport: Transport {
///     func send(_ request: TransportRequest) async throws -> TransportResponse {
///         TransportResponse(status: 200, body: request.body?.bufferedData ?? Data(), url: request.url)
///     }
/// }
/// ```
///
/// One requirement, one shape: a request whose body may be streamed goes in, a response whose
/// body may be streamed comes out. The client reads a body whole where a call needs it whole
/// (decoding, error bodies), so a transport never buffers for it; one that can deliver a body
/// either way may read it whole when ``TransportRequest/streamsResponseBody`` is `false`.
///
/// A transport must return every response it receives, whatever its status; the client judges
/// the status. It should honour ``TransportRequest/timeout`` until the response's head arrives
/// (a streamed body may then last as long as its consumer reads), and stop promptly when its
/// task is cancelled. A streamed response body should be read from the network only as fast as
/// it is consumed, and cancelling or dropping it should end the load. A request body that is
/// not in memory (``StreamedBody/bufferedData`` is `nil`) should be sent by iterating the
/// body as the bytes go out, so that memory stays flat and upload
/// progress is reported. Errors it throws are classified by the client: `URLError` codes map to
/// ``ServiceError`` cases, `CancellationError` to ``ServiceError/cancelled``.
public protocol Transport: Sendable {
    /// Performs one exchange, returning as soon as the status and headers have arrived, with
    /// the body to follow in ``TransportResponse/body``.
    /// - Parameter request: The request to send.
    /// - Returns: The server's response, whatever its status.
    /// - Throws: Any error; the client classifies it into ``ServiceError``.
    func send(_ request: TransportRequest) async throws -> TransportResponse
}
