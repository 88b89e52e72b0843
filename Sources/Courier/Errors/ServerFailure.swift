import Foundation

/// The server answered, but with a failure: a status the endpoint does not accept, or a 2xx
/// whose body reports an error.
///
/// The decoded error body is the API's own error type (see ``ServerErrorBody``); when the body
/// does not decode (an HTML 502 page, an empty 503), ``body`` is `nil`, the raw bytes are still
/// in ``response``, and ``bodyDecodingFailure`` says why.
public struct ServerFailure: Sendable, CustomStringConvertible {
    /// The request that was sent.
    public var request: TransportRequest
    /// Everything the server sent back: status, headers, raw body, final URL.
    public var response: TransportResponse
    /// The decoded error body, when the body decoded into the configured type.
    public var body: (any ServerErrorBody)?
    /// Whether the status was a success and the failure was reported in the body.
    public var isSuccessfulError: Bool
    /// Why a body the server sent did not decode into the error body type: the coding path and
    /// reason, as for any decoding failure. `nil` when it decoded, or when the body was empty.
    public var bodyDecodingFailure: DecodingFailure?

    /// Creates a server failure.
    /// - Parameters:
    ///   - request: The request that was sent.
    ///   - response: The server's response.
    ///   - body: The decoded error body.
    ///   - isSuccessfulError: Whether a 2xx body reported the failure.
    ///   - bodyDecodingFailure: Why the body did not decode into the error body type.
    public init(
        request: TransportRequest, response: TransportResponse, body: (any ServerErrorBody)?,
        isSuccessfulError: Bool = false, bodyDecodingFailure: DecodingFailure? = nil
    ) {
        self.request = request
        self.response = response
        self.body = body
        self.isSuccessfulError = isSuccessfulError
        self.bodyDecodingFailure = bodyDecodingFailure
    }

    /// The HTTP status code.
    public var status: Int { response.status }

    /// The server's own message, if the body has one: the decoded body's; else, when the body
    /// did not decode into the error body type (a description whose error schema differs from
    /// what the server sends) or that type found none, the message the body carries in one of
    /// the common shapes ``CommonErrorBody`` reads (`message`, `{"error": {"message": …}}`,
    /// `detail`, …).
    public var message: String? {
        if let message = body?.message { return message }
        guard !response.bodyData.isEmpty, !(body is CommonErrorBody) else { return nil }
        return (try? CommonErrorBody.decode(from: response, decoder: JSONDecoder()))?.message
    }

    /// The decoded body as a concrete type.
    /// - Parameter type: The error body type to cast to.
    /// - Returns: The body, or `nil` when it did not decode or is another type.
    public func body<Body: ServerErrorBody>(as type: Body.Type) -> Body? { body as? Body }

    /// The status, the request, the message and a short excerpt of the body.
    public var description: String {
        var text = "HTTP \(status) for \(request.method) \(request.url.absoluteString)"
        if isSuccessfulError { text += " (error in a successful response)" }
        if let message { text += ": \(message)" }
        return text + "; body: " + BodyExcerpt.make(response.bodyData)
    }
}
