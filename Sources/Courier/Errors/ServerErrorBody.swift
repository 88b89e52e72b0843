public import Foundation

/// The shape of an API's error responses, decoded to build ``ServerFailure``.
///
/// Configure one per client with ``APIClient/Configuration/errorBodyType``, and override it per
/// endpoint with ``Endpoint/errorBodyType`` when one app talks to servers with different error
/// formats:
///
/// ```swift
/// struct APIErrorBody: ServerErrorBody {
///     var code: String
///     var message: String?
/// }
///
/// let client = APIClient(baseURL: url) { $0.errorBodyType = APIErrorBody.self }
/// ```
///
/// The ``message`` becomes the error's `errorDescription`, so users see the server's words.
public protocol ServerErrorBody: Decodable, Sendable {
    /// The server's human-readable message, if the body has one.
    var message: String? { get }

    /// Decodes the body of an error response. The default decodes the body as JSON; override it
    /// when the shape depends on the status, as generated per-status error bodies do.
    /// - Parameters:
    ///   - response: The whole response, with its status and headers.
    ///   - decoder: The client's JSON decoder.
    /// - Returns: The decoded body.
    /// - Throws: When the body does not have this shape.
    static func decode(from response: HTTPResponse, decoder: JSONDecoder) throws -> Self
}

extension ServerErrorBody {
    /// Decodes the body as JSON.
    /// - Parameters:
    ///   - response: The response.
    ///   - decoder: The client's JSON decoder.
    /// - Returns: The decoded body.
    /// - Throws: `DecodingError` when the body does not have this shape.
    public static func decode(from response: HTTPResponse, decoder: JSONDecoder) throws -> Self {
        try decoder.decode(Self.self, from: response.body)
    }
}

/// An error body that understands the common JSON error shapes, used when a client names none.
///
/// It reads the message from, in order: `message`, `error_description` (OAuth 2),
/// `error.message`, `detail` and `title` (RFC 9457 problem details), `error` as a string, and
/// `errors[0].message`.
public struct CommonErrorBody: ServerErrorBody, Hashable {
    /// The message found in the body, if any.
    public var message: String?
    /// A machine-readable code found in `code` or `error` (as a string), if any.
    public var code: String?

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct Nested: Decodable {
        var message: String?
    }

    /// Decodes any JSON object, picking the message and code from the known keys.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the body is not a JSON object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        func string(_ key: String) -> String? {
            if let text = try? container.decodeIfPresent(String.self, forKey: Key(key)) { return text }
            if let number = try? container.decodeIfPresent(Int.self, forKey: Key(key)) { return String(number) }
            return nil
        }
        let nestedError = try? container.decodeIfPresent(Nested.self, forKey: Key("error"))
        let firstError = (try? container.decodeIfPresent([Nested].self, forKey: Key("errors")))??.first
        message =
            string("message") ?? string("error_description") ?? nestedError?.message ?? string("detail")
            ?? string("title") ?? string("error") ?? firstError?.message
        code = string("code") ?? string("error")
    }

    /// Creates a body directly, for tests and stubs.
    /// - Parameters:
    ///   - message: The message.
    ///   - code: The code.
    public init(message: String?, code: String? = nil) {
        self.message = message
        self.code = code
    }
}
