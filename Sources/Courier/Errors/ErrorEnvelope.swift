/// An error body wrapped in an `"error"` key: `{"error": {"message": "…"}}`.
///
/// It decodes only when the `error` key is present, which makes it the usual choice for
/// ``APIClient/Configuration/successfulErrorBodyType``: a 2xx body with the key is thrown as a
/// server failure, any other body decodes as the endpoint's response.
public struct ErrorEnvelope<Inner: ServerErrorBody>: ServerErrorBody {
    /// The error inside the envelope.
    public var error: Inner

    /// Creates an envelope.
    /// - Parameter error: The wrapped error.
    public init(error: Inner) { self.error = error }

    /// The wrapped error's message.
    public var message: String? { error.message }
}
