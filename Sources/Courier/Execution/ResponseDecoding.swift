import Foundation

/// Turns a successful response body into an endpoint's `Response` type.
enum ResponseDecoding {
    static func decode<Value: Decodable>(
        _ type: Value.Type, from response: TransportResponse, request: TransportRequest, decoder: JSONDecoder
    ) throws(ServiceError) -> Value {
        if Value.self == EmptyResponse.self { return EmptyResponse() as! Value }
        if Value.self == Data.self { return response.bodyData as! Value }
        if Value.self == String.self { return try string(from: response, request: request, decoder: decoder) as! Value }
        func failure(_ reason: String, _ codingPath: String = "", _ error: (any Error)? = nil) -> ServiceError {
            .decoding(
                DecodingFailure(
                    request: request, response: response, codingPath: codingPath, reason: reason,
                    underlying: error))
        }
        // Decoded with the status at hand: it may allow an empty body (a 204 case).
        let custom = Value.self as? any ResponseDecodable.Type
        if custom == nil, response.bodyData.isEmpty, let optional = Value.self as? any ExpressibleByNilLiteral.Type {
            return optional.init(nilLiteral: ()) as! Value
        }
        if custom == nil, response.bodyData.isEmpty {
            // No body for an object whose fields are all optional (`201` with nothing, where the
            // description says `{}`) is that object with no fields; anything else is an error.
            if let value = try? JSONDecoding.decode(Value.self, from: Data("{}".utf8), options: decoder) {
                return value
            }
            throw failure("The response body is empty; expected JSON for \(Value.self).")
        }
        do {
            if let custom { return try custom.decode(from: response, decoder: decoder) as! Value }
            return try JSONDecoding.decode(Value.self, from: response.bodyData, options: decoder)
        } catch let error as DecodingError {
            if let mediaType = response.mediaType, !isJSON(mediaType) {
                throw failure("Expected JSON for \(Value.self), but the server sent \(mediaType).", "", error)
            }
            let (path, reason) = describe(error)
            throw failure(reason, path, error)
        } catch {
            throw failure("Decoding \(Value.self) failed: \(error)", "", error)
        }
    }

    /// Decodes an error body, returning `nil` when the body does not have that shape.
    static func decodeErrorBody(
        _ type: any ServerErrorBody.Type, from response: TransportResponse, decoder: JSONDecoder
    ) -> (any ServerErrorBody)? {
        guard !response.bodyData.isEmpty else { return nil }
        return try? type.decode(from: response, decoder: decoder)
    }

    /// Decodes the error body of a failed call, keeping why it did not decode.
    /// - Returns: The body, or why it did not decode; both `nil` for an empty body.
    static func decodeFailureBody(
        _ type: any ServerErrorBody.Type, from response: TransportResponse, request: TransportRequest,
        decoder: JSONDecoder
    ) -> (body: (any ServerErrorBody)?, failure: DecodingFailure?) {
        guard !response.bodyData.isEmpty else { return (nil, nil) }
        do {
            return (try type.decode(from: response, decoder: decoder), nil)
        } catch let error as DecodingError {
            let (path, reason) = describe(error)
            return (
                nil,
                DecodingFailure(
                    request: request, response: response, codingPath: path, reason: reason, underlying: error)
            )
        } catch {
            let reason = "Decoding \(type) failed: \(error)"
            return (
                nil,
                DecodingFailure(request: request, response: response, codingPath: "", reason: reason, underlying: error)
            )
        }
    }

    static func isJSON(_ mediaType: String) -> Bool {
        mediaType == "application/json" || mediaType.hasSuffix("+json") || mediaType == "text/json"
    }

    /// A `String` response: the JSON string a JSON body holds (`"1.2.3"` is `1.2.3`, escapes
    /// read), else the body as text. A JSON body that is some other value (an object, a number)
    /// is handed out as its text.
    private static func string(from response: TransportResponse, request: TransportRequest, decoder: JSONDecoder)
        throws(ServiceError) -> String
    {
        let body = response.bodyData
        guard let mediaType = response.mediaType, isJSON(mediaType), holdsJSONString(body) else {
            return try text(from: response, request: request)
        }
        do {
            return try JSONDecoding.decode(String.self, from: body, options: decoder)
        } catch {
            let (path, reason) = (error as? DecodingError).map(describe) ?? ("", "\(error)")
            throw .decoding(
                DecodingFailure(
                    request: request, response: response, codingPath: path,
                    reason: "The body is not a whole JSON string: " + reason, underlying: error))
        }
    }

    /// Whether a JSON body is a string: its first byte after whitespace is a quote.
    static func holdsJSONString(_ body: Data) -> Bool {
        body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "\"")
    }

    private static func text(from response: TransportResponse, request: TransportRequest) throws(ServiceError) -> String
    {
        let charset = response.headers["Content-Type"]?.lowercased()
            .split(separator: ";").dropFirst()
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("charset=") }?.dropFirst("charset=".count)
            .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        let encoding: String.Encoding =
            switch charset {
            case "iso-8859-1", "latin1": .isoLatin1
            case "us-ascii", "ascii": .ascii
            case "utf-16": .utf16
            default: .utf8
            }
        guard let text = String(data: response.bodyData, encoding: encoding) else {
            throw .decoding(
                DecodingFailure(
                    request: request, response: response, codingPath: "",
                    reason: "The body is not valid text in \(charset ?? "utf-8")."))
        }
        return text
    }

    /// The coding path as `a.b[2].c` and a sentence saying what went wrong.
    static func describe(_ error: DecodingError) -> (path: String, reason: String) {
        func render(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (render(context.codingPath + [key]), "The required key \"\(key.stringValue)\" is missing.")
        case .valueNotFound(let type, let context):
            return (render(context.codingPath), "Expected \(type) but found null.")
        case .typeMismatch(let type, let context):
            return (render(context.codingPath), "Expected \(type): \(context.debugDescription)")
        case .dataCorrupted(let context):
            // Courier's decoder says where the text stops being JSON; Foundation's, on Apple
            // platforms, may say so in its error's debug description.
            let underlying =
                (context.underlyingError as? JSONSyntaxError)?.description
                ?? (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey].map { "\($0)" }
            let detail = underlying.map { " (\($0))" } ?? ""
            return (render(context.codingPath), context.debugDescription + detail)
        @unknown default:
            return ("", "\(error)")
        }
    }
}
