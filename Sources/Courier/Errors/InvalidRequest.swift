/// Why a request could not be built. Nothing was sent.
public struct InvalidRequest: Sendable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    public var reason: String
    /// The error behind it, such as the body's `EncodingError`.
    public var underlying: (any Error)?

    /// Creates an invalid-request failure.
    /// - Parameters:
    ///   - reason: What is wrong, in a sentence.
    ///   - underlying: The error behind it.
    public init(reason: String, underlying: (any Error)? = nil) {
        self.reason = reason
        self.underlying = underlying
    }

    /// The reason, and the underlying error if any.
    public var description: String {
        underlying.map { "\(reason) (\($0))" } ?? reason
    }
}
