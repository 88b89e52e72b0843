public import Foundation

/// The content of a request: an `Encodable` value as JSON, raw bytes, or a URL-encoded form.
///
/// JSON is encoded when the client builds the request, with the client's `JSONEncoder`, so an
/// ``Endpoint`` stays a cheap description.
public struct RequestBody: Sendable {
    enum Content: Sendable {
        case json(any Encodable & Sendable)
        case data(Data, contentType: String)
        case form([QueryItem])
    }

    let content: Content

    /// A value encoded as JSON with the client's encoder, sent as `application/json`.
    /// - Parameter value: The value to encode.
    /// - Returns: The body.
    public static func json(_ value: some Encodable & Sendable) -> RequestBody {
        RequestBody(content: .json(value))
    }

    /// Raw bytes with their media type.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - contentType: The `Content-Type` to send, for example `"image/png"`.
    /// - Returns: The body.
    public static func data(_ data: Data, contentType: String) -> RequestBody {
        RequestBody(content: .data(data, contentType: contentType))
    }

    /// An `application/x-www-form-urlencoded` form; names and values are percent-encoded and
    /// spaces become `+`.
    /// - Parameter items: The fields, in order.
    /// - Returns: The body.
    public static func form(_ items: [QueryItem]) -> RequestBody {
        RequestBody(content: .form(items))
    }

    /// Serializes the body.
    /// - Parameter encoder: The encoder for JSON content.
    /// - Returns: The bytes and the content type.
    func encoded(with encoder: JSONEncoder) throws -> (data: Data, contentType: String) {
        switch content {
        case .json(let value): (try encoder.encode(value), "application/json")
        case .data(let data, let contentType): (data, contentType)
        case .form(let items):
            (Data(QueryItem.encode(items, spaceAsPlus: true).utf8), "application/x-www-form-urlencoded")
        }
    }
}
