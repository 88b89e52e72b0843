/// The response type of an endpoint whose success has no body, such as `204 No Content`.
///
/// Courier does not look at the body at all for this type, so any body is accepted.
public struct EmptyResponse: Decodable, Sendable, Hashable {
    /// Creates an empty response.
    public init() {}

    /// Decodes nothing.
    /// - Parameter decoder: Unused.
    public init(from decoder: any Decoder) throws {}
}
