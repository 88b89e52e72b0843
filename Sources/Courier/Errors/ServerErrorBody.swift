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
    static func decode(from response: TransportResponse, decoder: JSONDecoder) throws -> Self
}

extension ServerErrorBody {
    /// Decodes the body as JSON.
    /// - Parameters:
    ///   - response: The response.
    ///   - decoder: The client's JSON decoder.
    /// - Returns: The decoded body.
    /// - Throws: `DecodingError` when the body does not have this shape.
    public static func decode(from response: TransportResponse, decoder: JSONDecoder) throws -> Self {
        try JSONDecoding.decode(Self.self, from: response.bodyData, options: decoder)
    }
}

/// An error body that understands the common JSON error shapes, used when a client names none.
///
/// It reads the message from the first of ``messageKeys`` that holds text (`message`, OAuth 2's
/// `error_description`, RFC 9457's `detail` and `title`, `error` as a string, …), else from the
/// message of an object (or the first of a list of objects, or of texts) under one of
/// ``envelopeKeys``: `{"error": {"message": …}}`, `{"errors": [{"detail": …}]}`; else from any
/// other key whose name ends in `message` (Prefect's `exception_message`); else, from a
/// map of fields to their messages, as validation errors are written by Rails
/// (`{"errors": {"email": ["can't be blank"]}}`), Django REST framework
/// (`{"title": ["This field may not be blank."]}`) and marshmallow (`{"errors": {"json":
/// {"title": […]}}}`): the first field's path and message (`json.title: Shorter than minimum
/// length 1.`). Courier's generator picks the message of a generated error body by the same lists.
///
/// A body that is a JSON string (`"Invalid id"`, as ASP.NET writes a string error) is the
/// message, and so is a `text/plain` body of one short line (`invalid token`, as Go's
/// `http.Error` writes one); longer text, such as a stack trace, is no message.
public struct CommonErrorBody: ServerErrorBody, Hashable {
    /// The message found in the body, if any.
    public var message: String?
    /// A machine-readable code found in `code` or `error` (as a string), if any.
    public var code: String?

    /// The keys whose text is the message, in order of preference.
    public static let messageKeys = [
        "message", "error_description", "errorDescription", "detail", "title", "error", "description", "msg",
        "error_message", "errorMessage",
    ]

    /// The keys that may hold a nested error object, or a list of them, whose message (found the
    /// same way) is the message, in order of preference: `{"error": {"message": …}}`, JSON:API's
    /// `{"errors": [{"detail": …}]}`, FastAPI's `{"detail": [{"msg": …}]}`, or a list of texts
    /// (`{"errors": ["Name can't be blank"]}`).
    public static let envelopeKeys = ["error", "errors", "fault", "detail"]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The longest `text/plain` line taken as a message.
    static let longestTextMessage = 200

    /// Decodes a JSON object (see ``init(from:)``), a JSON string, or a `text/plain` body of one
    /// short line.
    /// - Parameters:
    ///   - response: The error response.
    ///   - decoder: The client's JSON decoder.
    /// - Returns: The body.
    /// - Throws: `DecodingError` when the body is none of these.
    public static func decode(from response: TransportResponse, decoder: JSONDecoder) throws -> CommonErrorBody {
        let body = response.bodyData
        if response.mediaType == "text/plain" {
            let text = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, text.count <= longestTextMessage, !text.contains(where: \.isNewline) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: [],
                        debugDescription: "The text is not one line of at most \(longestTextMessage) characters."))
            }
            return CommonErrorBody(message: text)
        }
        if ResponseDecoding.holdsJSONString(body) {
            return CommonErrorBody(message: try JSONDecoding.decode(String.self, from: body, options: decoder))
        }
        return try JSONDecoding.decode(Self.self, from: body, options: decoder)
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
        func nestedMessage(_ key: String) -> String? {
            // The nested object is read as an error body itself, so that its own keys and envelopes count.
            if let nested = try? container.decodeIfPresent(CommonErrorBody.self, forKey: Key(key)) {
                return nested.message
            }
            if let list = try? container.decodeIfPresent([CommonErrorBody].self, forKey: Key(key)) {
                return list.lazy.compactMap(\.message).first
            }
            return (try? container.decodeIfPresent([String].self, forKey: Key(key)))??.first
        }
        // Any other key named for a message (`exception_message`, `userMessage`), in the body's order.
        func namedMessage() -> String? {
            container.allKeys.lazy.filter { $0.stringValue.lowercased().hasSuffix("message") }
                .compactMap { string($0.stringValue) }.first
        }
        message =
            Self.messageKeys.lazy.compactMap(string).first ?? Self.envelopeKeys.lazy.compactMap(nestedMessage).first
            ?? namedMessage() ?? Self.fieldMessage(container)
        code = string("code") ?? string("error")
    }

    /// The first message of a body that maps fields to their messages, as Rails
    /// (`{"email": ["can't be blank"]}`, under `errors`), Django REST framework (at the top) and
    /// marshmallow (by where the field was sent, `{"json": {"title": ["Shorter than…"]}}`) write
    /// validation errors: the field's path and its message (`json.title: Shorter than…`). `nil`
    /// unless every value is a list of texts or such a map in turn, so that no other object is
    /// taken for one.
    private static func fieldMessage(_ container: KeyedDecodingContainer<Key>) -> String? {
        /// `nil` when `container` is no map of fields; else its first message, if any.
        func firstMessage(_ container: KeyedDecodingContainer<Key>, path: String) -> String?? {
            var found: String?
            for key in container.allKeys {
                let name = path.isEmpty ? key.stringValue : path + "." + key.stringValue
                if let messages = try? container.decode([String].self, forKey: key) {
                    found = found ?? messages.first.map { name + ": " + $0 }
                } else if let fields = try? container.nestedContainer(keyedBy: Key.self, forKey: key),
                    let nested = firstMessage(fields, path: name)
                {
                    found = found ?? nested
                } else {
                    return nil
                }
            }
            return .some(found)
        }
        return firstMessage(container, path: "") ?? nil
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
