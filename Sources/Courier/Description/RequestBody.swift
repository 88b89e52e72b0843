public import Foundation

/// The content of a request: an `Encodable` value as JSON, values as JSON Lines, raw bytes, a
/// URL-encoded form, a multipart form, or a file or sequence streamed as it is sent.
///
/// JSON is encoded when the client builds the request, with the client's `JSONEncoder`, so an
/// ``Endpoint`` stays a cheap description. Files are read when the request is sent, in chunks:
/// memory stays flat whatever their size.
public struct RequestBody: Sendable {
    enum Content: Sendable {
        case json(any Encodable & Sendable)
        case data(Data, contentType: String)
        case form([QueryItem])
        case encodedForm(any Encodable & Sendable)
        case file(URL, contentType: String)
        case streamed(StreamedBody, contentType: String)
        case multipart(MultipartForm)
        case jsonLines([any Encodable & Sendable], contentType: String)
    }

    let content: Content

    /// A value encoded as JSON with the client's encoder, sent as `application/json`.
    /// - Parameter value: The value to encode.
    /// - Returns: The body.
    public static func json(_ value: some Encodable & Sendable) -> RequestBody {
        RequestBody(content: .json(value))
    }

    /// Values sent as JSON Lines (NDJSON): each encoded as one line of JSON with the client's
    /// encoder (never pretty-printed, which would break the lines), each line ended by a line feed.
    ///
    /// ```swift
    /// let bulk = Endpoint<EmptyResponse>.post("/events/bulk", body: .jsonLines(events))
    /// ```
    /// - Parameters:
    ///   - values: The values, one a line, in order.
    ///   - contentType: The `Content-Type` to send: `application/jsonl` unless the server names
    ///     another (`application/x-ndjson`).
    /// - Returns: The body.
    public static func jsonLines(_ values: [some Encodable & Sendable], contentType: String = "application/jsonl")
        -> RequestBody
    {
        RequestBody(content: .jsonLines(values, contentType: contentType))
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

    /// An `application/x-www-form-urlencoded` form from a dictionary, its fields in key order
    /// (so that the body is stable).
    /// - Parameter fields: The fields.
    /// - Returns: The body.
    public static func form(_ fields: [String: String]) -> RequestBody {
        RequestBody(content: .form(fields.sorted { $0.key < $1.key }.map { QueryItem(name: $0.key, value: $0.value) }))
    }

    /// An `application/x-www-form-urlencoded` form from an `Encodable` value, encoded with the
    /// client's `JSONEncoder` (its key and date strategies apply): each property is a field,
    /// in key order; nested objects and arrays use the bracket convention of Rails, PHP and
    /// Stripe (`card[number]=4242`, `expand[]=customer`); `null` properties are left out.
    ///
    /// ```swift
    /// struct TokenRequest: Encodable { var grantType = "client_credentials"; var scope: [String] }
    /// let token = Endpoint<Token>.post("/oauth/token", body: .form(TokenRequest(scope: ["read"])))
    /// ```
    /// - Parameter value: A value that encodes as a JSON object.
    /// - Returns: The body; a value that is not an object fails the call with
    ///   ``ServiceError/invalidRequest(_:)``.
    public static func form(_ value: some Encodable & Sendable) -> RequestBody {
        RequestBody(content: .encodedForm(value))
    }

    /// A file's content, read from disk in chunks as it is sent, with its size as
    /// `Content-Length`.
    /// - Parameters:
    ///   - url: The file.
    ///   - contentType: The `Content-Type` to send; by default guessed from the extension.
    /// - Returns: The body.
    public static func file(_ url: URL, contentType: String? = nil) -> RequestBody {
        RequestBody(
            content: .file(url, contentType: contentType ?? MultipartForm.mediaType(forExtension: url.pathExtension)))
    }

    /// Chunks from an asynchronous sequence, read once. Such a body cannot be sent again: the
    /// call is not retried, and a 307 redirect fails.
    ///
    /// `AsyncHTTPClientTransport`, and ``URLSessionTransport`` on Apple platforms, send the
    /// chunks as they are produced, held back by the network; ``URLSessionTransport`` on Linux
    /// first writes them to a temporary file and uploads that (see its documentation), so memory
    /// stays flat either way. Chunks that add up to more or less than `length` fail the call
    /// rather than go out cut short.
    /// - Parameters:
    ///   - chunks: The chunks, in order.
    ///   - length: The total length, when known: sent as `Content-Length`, which many servers
    ///     require of uploads (without it, a transport that streams the body sends it in chunks).
    ///   - contentType: The `Content-Type` to send.
    /// - Returns: The body.
    public static func stream<Chunks: AsyncSequence & Sendable>(
        _ chunks: Chunks, length: Int64? = nil, contentType: String = "application/octet-stream"
    ) -> RequestBody where Chunks.Element == Data {
        RequestBody(content: .streamed(.sequence(chunks, length: length), contentType: contentType))
    }

    /// Bytes from memory, a file or a sequence, sent as they are with the given media type:
    /// what a generated method with a binary request body (`application/octet-stream`,
    /// `image/png`, ...) sends.
    /// - Parameters:
    ///   - body: The bytes.
    ///   - contentType: The media type the description names.
    /// - Returns: The body.
    @_spi(Generated) public static func binary(_ body: StreamedBody, contentType: String) -> RequestBody {
        RequestBody(content: .streamed(body, contentType: contentType))
    }

    /// A `multipart/form-data` form; file parts are read from disk as the form is sent.
    /// - Parameter form: The form.
    /// - Returns: The body.
    public static func multipart(_ form: MultipartForm) -> RequestBody {
        RequestBody(content: .multipart(form))
    }

    /// Serializes the body.
    /// - Parameter encoder: The encoder for JSON content.
    /// - Returns: The body as a transport sends it, and the content type.
    func encoded(with encoder: JSONEncoder) throws -> (body: StreamedBody, contentType: String) {
        switch content {
        case .json(let value): (.data(try encoder.encodeKeepingURLText(value)), "application/json")
        case .data(let data, let contentType): (.data(data), contentType)
        case .form(let items):
            (.data(Data(QueryItem.encode(items, spaceAsPlus: true).utf8)), "application/x-www-form-urlencoded")
        case .encodedForm(let value):
            (
                .data(
                    Data(QueryItem.encode(try QueryItem.formFields(value, encoder: encoder), spaceAsPlus: true).utf8)),
                "application/x-www-form-urlencoded"
            )
        case .file(let url, let contentType): (try .file(url), contentType)
        case .streamed(let body, let contentType): (body, contentType)
        case .multipart(let form): try form.encoded(with: encoder)
        case .jsonLines(let values, let contentType): (.data(try Self.jsonLines(values, encoder: encoder)), contentType)
        }
    }

    /// Each value's JSON on a line of its own, with the encoder's options but pretty printing.
    private static func jsonLines(_ values: [any Encodable & Sendable], encoder: JSONEncoder) throws -> Data {
        var lineEncoder = encoder
        if encoder.outputFormatting.contains(.prettyPrinted) {
            lineEncoder = JSONEncoder()
            lineEncoder.outputFormatting = encoder.outputFormatting.subtracting(.prettyPrinted)
            lineEncoder.dateEncodingStrategy = encoder.dateEncodingStrategy
            lineEncoder.dataEncodingStrategy = encoder.dataEncodingStrategy
            lineEncoder.nonConformingFloatEncodingStrategy = encoder.nonConformingFloatEncodingStrategy
            lineEncoder.keyEncodingStrategy = encoder.keyEncodingStrategy
            lineEncoder.userInfo = encoder.userInfo
        }
        var lines = Data()
        for value in values {
            lines.append(try lineEncoder.encodeKeepingURLText(value))
            lines.append(UInt8(ascii: "\n"))
        }
        return lines
    }
}
