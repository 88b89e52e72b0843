/// An HTTP request method, such as `GET` or `POST`.
///
/// Methods are an open set: the common ones are static members, and any other token can be
/// created with ``init(rawValue:)``.
public struct RequestMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token as sent on the wire, for example `"GET"`.
    public let rawValue: String

    /// Creates a method from its token; tokens are case-sensitive (RFC 9110 §9.1).
    /// - Parameter rawValue: The method token, for example `"PURGE"`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `GET`: transfer a current representation of the target resource.
    public static let get = RequestMethod(rawValue: "GET")
    /// `POST`: perform resource-specific processing on the request content.
    public static let post = RequestMethod(rawValue: "POST")
    /// `PUT`: replace all current representations of the target resource.
    public static let put = RequestMethod(rawValue: "PUT")
    /// `PATCH`: apply partial modifications to a resource (RFC 5789).
    public static let patch = RequestMethod(rawValue: "PATCH")
    /// `DELETE`: remove all current representations of the target resource.
    public static let delete = RequestMethod(rawValue: "DELETE")
    /// `HEAD`: the same as `GET`, but the server sends no content.
    public static let head = RequestMethod(rawValue: "HEAD")
    /// `OPTIONS`: describe the communication options for the target resource.
    public static let options = RequestMethod(rawValue: "OPTIONS")
    /// `QUERY`: a safe, idempotent query whose parameters travel in the body, as `GET`'s cannot
    /// (the IETF's HTTP QUERY method; OpenAPI 3.2's `query` operations).
    public static let query = RequestMethod(rawValue: "QUERY")

    /// Whether the method is idempotent in the sense of RFC 9110 §9.2.2, so that repeating the
    /// request has the same intended effect as sending it once (`QUERY` is, by its definition).
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete, .options, .query: true
        default: rawValue == "TRACE"
        }
    }

    /// The method token.
    public var description: String { rawValue }
}
