/// Whatever performs the HTTP exchange. The only other protocol besides ``Middleware``.
///
/// ``URLSessionTransport`` is the default. Swap it to use another HTTP stack, or in tests (see
/// `CourierTesting`'s `StubTransport`):
///
/// ```swift
/// struct EchoTransport: Transport {
///     func send(_ request: TransportRequest) async throws -> TransportResponse {
///         TransportResponse(status: 200, body: request.body ?? Data(), url: request.url)
///     }
/// }
/// ```
///
/// A transport must return every response it receives, whatever its status; the client judges
/// the status. It should honour ``TransportRequest/timeout`` and stop promptly when its task is
/// cancelled. A request with a ``TransportRequest/streamedBody`` should be sent by reading
/// ``StreamedBody/makeChunks()`` as the bytes go out, so that memory stays flat and upload
/// progress is reported. Errors it throws are classified by the client: `URLError` codes map to
/// ``ServiceError`` cases, `CancellationError` to ``ServiceError/cancelled``.
public protocol Transport: Sendable {
    /// Performs one exchange.
    /// - Parameter request: The request to send.
    /// - Returns: The server's response, whatever its status.
    /// - Throws: Any error; the client classifies it into ``ServiceError``.
    func send(_ request: TransportRequest) async throws -> TransportResponse

    /// Performs one exchange, returning as soon as the status and headers have arrived, with
    /// the body to follow in ``TransportResponse/bodyStream``.
    ///
    /// The transport reads from the network only as fast as the stream is consumed, ends the
    /// load when the stream is cancelled or dropped, and honours ``TransportRequest/timeout`` until
    /// the response's head arrives (a stream may then last as long as its consumer reads).
    /// The default implementation calls ``send(_:)`` and hands the buffered body out whole.
    /// - Parameter request: The request to send.
    /// - Returns: The response; its body in ``TransportResponse/bodyStream``, or in
    ///   ``TransportResponse/body`` when the transport buffered it.
    /// - Throws: Any error; the client classifies it into ``ServiceError``.
    func stream(_ request: TransportRequest) async throws -> TransportResponse
}

extension Transport {
    /// Calls ``send(_:)``: the body arrives whole, in ``TransportResponse/body``.
    /// - Parameter request: The request to send.
    /// - Returns: The buffered response.
    /// - Throws: What ``send(_:)`` throws.
    public func stream(_ request: TransportRequest) async throws -> TransportResponse {
        try await send(request)
    }
}
