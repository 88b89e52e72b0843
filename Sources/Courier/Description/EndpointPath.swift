public import Foundation

/// Where an endpoint lives: a path relative to the client's base URL, or an absolute URL.
///
/// Write a relative path as a string literal. Every interpolated value is percent-encoded as
/// **one path segment**, so user data can never change the path, the query or the fragment:
///
/// ```swift
/// let id = "a/../b?x=1#y"
/// let path: EndpointPath = "/users/\(id)/friends"
/// // /users/a%2F..%2Fb%3Fx%3D1%23y/friends
/// ```
///
/// Literal text is kept as written. Use ``absolute(_:)`` for links a server hands back.
public struct EndpointPath: Sendable, Hashable, ExpressibleByStringInterpolation,
    CustomStringConvertible
{
    enum Storage: Sendable, Hashable {
        case relative(String)
        case absolute(URL)
    }

    let storage: Storage

    /// Creates a relative path from a literal with no interpolations.
    /// - Parameter value: The path, for example `"/friends"`.
    public init(stringLiteral value: String) { storage = .relative(value) }

    /// Creates a relative path from an interpolated literal, encoding each value as one segment.
    /// - Parameter interpolation: The collected literal and encoded values.
    public init(stringInterpolation interpolation: StringInterpolation) {
        storage = .relative(interpolation.path)
    }

    init(storage: Storage) { self.storage = storage }

    /// A path made of segments, each percent-encoded, joined with `/` and starting with `/`.
    /// - Parameter segments: The raw segment values.
    /// - Returns: The relative path.
    public static func segments(_ segments: [String]) -> EndpointPath {
        EndpointPath(storage: .relative(segments.map { "/" + encodeSegment($0) }.joined()))
    }

    /// An absolute URL that ignores the client's base URL, for links a server returns.
    /// - Parameter url: The absolute URL.
    /// - Returns: The path.
    public static func absolute(_ url: URL) -> EndpointPath {
        EndpointPath(storage: .absolute(url))
    }

    /// The path as written after encoding, or the absolute URL's string.
    public var description: String {
        switch storage {
        case .relative(let path): path
        case .absolute(let url): url.absoluteString
        }
    }

    /// Collects an interpolated path, encoding interpolated values as whole segments.
    public struct StringInterpolation: StringInterpolationProtocol {
        var path = ""

        /// Reserves room for the literal.
        /// - Parameters:
        ///   - literalCapacity: The literal text's length.
        ///   - interpolationCount: The number of interpolated values.
        public init(literalCapacity: Int, interpolationCount: Int) {
            path.reserveCapacity(literalCapacity + interpolationCount * 8)
        }

        /// Appends literal text unchanged.
        /// - Parameter literal: The text.
        public mutating func appendLiteral(_ literal: String) { path += literal }

        /// Appends a value as one percent-encoded path segment.
        /// - Parameter value: The value; its `description` is encoded.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            path += EndpointPath.encodeSegment(value.description)
        }

        /// Appends a UUID as one segment, in the lowercase form servers print.
        /// - Parameter value: The UUID.
        public mutating func appendInterpolation(_ value: UUID) {
            path += value.uuidString.lowercased()
        }

        /// Appends a date as one segment, as an RFC 3339 timestamp.
        /// - Parameter value: The date.
        public mutating func appendInterpolation(_ value: Date) {
            path += EndpointPath.encodeSegment(RFC3339.string(from: value))
        }
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters, and the dot segments
    /// `.` and `..` too, so the value stays one segment after URL normalization.
    static func encodeSegment(_ value: String) -> String {
        if value == "." { return "%2E" }
        if value == ".." { return "%2E%2E" }
        return PercentEncoding.encode(value)
    }
}
