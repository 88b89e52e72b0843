/// The response arrived but its body could not be decoded into the expected type.
public struct DecodingFailure: Sendable, CustomStringConvertible {
    /// The request that was sent.
    public var request: TransportRequest
    /// Everything the server sent back, including the raw body.
    public var response: TransportResponse
    /// The coding path to the value that failed, such as `"friends[2].createdAt"`.
    public var codingPath: String
    /// What went wrong, in a sentence.
    public var reason: String
    /// The `DecodingError` or other error behind the failure, if any.
    public var underlying: (any Error)?

    /// Creates a decoding failure.
    /// - Parameters:
    ///   - request: The request that was sent.
    ///   - response: The server's response.
    ///   - codingPath: The coding path to the failing value.
    ///   - reason: What went wrong.
    ///   - underlying: The error behind it.
    public init(
        request: TransportRequest, response: TransportResponse, codingPath: String, reason: String,
        underlying: (any Error)? = nil
    ) {
        self.request = request
        self.response = response
        self.codingPath = codingPath
        self.reason = reason
        self.underlying = underlying
    }

    /// A short excerpt of the body, for logs and messages.
    public var bodyExcerpt: String { BodyExcerpt.make(response.bodyData) }

    var summary: String {
        codingPath.isEmpty ? reason : "\(reason) (at \(codingPath))"
    }

    /// The reason, the coding path, the media type and a body excerpt.
    public var description: String {
        let mediaType = response.mediaType ?? "no content type"
        return "\(summary); HTTP \(response.status), \(mediaType), body: \(bodyExcerpt)"
    }
}
