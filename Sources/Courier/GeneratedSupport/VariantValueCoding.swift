import Foundation

/// How a union's case of a standard type (a date, a UUID, a URL, data, a number, an array of
/// them) reads and writes its value: through the coder's container, as a property would, not
/// through the type's own `init(from:)` and `encode(to:)`.
///
/// `Date(from:)` reads the number of seconds since 2001, whatever the decoder's date strategy
/// says, so a union of a `date-time` string and a number read a timestamp as a number and
/// failed; `URL.encode(to:)` writes an object with a `relative` key, `Data`'s an array of bytes.
/// A container applies the coder's strategies (RFC 3339 dates, base64 data), and these keep
/// the rules generated properties follow: UUIDs written lowercase, URLs as the text they were
/// read from (see `URLContainer`).
@_spi(Generated) extension UnionVariant {
    /// Decodes a case's value of a standard type from the union's decoder.
    /// - Parameters:
    ///   - type: The case's type.
    ///   - decoder: The union's decoder.
    /// - Returns: The value.
    /// - Throws: `DecodingError` when the value is not a `Value`.
    public static func decodeValue<Value: Decodable>(_ type: Value.Type, from decoder: any Decoder) throws -> Value {
        let container = try decoder.singleValueContainer()
        if let urls = Value.self as? any URLContainer.Type {
            return try decodeURLs(urls, container, codingPath: decoder.codingPath) as! Value
        }
        return try container.decode(Value.self)
    }

    /// Decodes a union's `Double` case only where a `Double` holds the number exactly: a union
    /// that also has a `Decimal` case (`anyOf: [{type: number}, {type: number, format: decimal}]`)
    /// keeps a number a `Double` would round (`9007199254740993`, `0.10000000000000000555`) in
    /// that case, instead of changing it in this one.
    /// - Parameter decoder: The union's decoder.
    /// - Returns: The number.
    /// - Throws: `DecodingError` when the value is not a number, or a `Double` would round it.
    public static func decodeExactDouble(from decoder: any Decoder) throws -> Double {
        let container = try decoder.singleValueContainer()
        let number = try container.decode(Double.self)
        guard try !aDoubleWouldRound(decoder) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "A Double would round this number to \(number).")
        }
        return number
    }

    /// Decodes a union's case that reads numbers as `Double`s within a type of its own (a union
    /// of a boolean and a number, say) only where the value is not a number a `Double` would
    /// round: beside a `Decimal` case, such a number goes to that case, as it does past a
    /// `Double` case of the union itself (``decodeExactDouble(from:)``).
    /// - Parameters:
    ///   - type: The case's type.
    ///   - decoder: The union's decoder.
    /// - Returns: The value.
    /// - Throws: `DecodingError` when the value is a number a `Double` would round, or what
    ///   decoding the case's type throws.
    public static func decodeKeepingDigits<Value: Decodable>(_ type: Value.Type, from decoder: any Decoder) throws
        -> Value
    {
        if let container = try? decoder.singleValueContainer(), let number = try? container.decode(Double.self),
            try aDoubleWouldRound(decoder)
        {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(Value.self) would round this number to \(number).")
        }
        return try Value(from: decoder)
    }

    /// Whether the number the decoder holds is one a `Double` would change: a whole number past
    /// 2^53 that it cannot hold, or more digits than it keeps (which `JSONValue` reads as a
    /// `Decimal`).
    private static func aDoubleWouldRound(_ decoder: any Decoder) throws -> Bool {
        switch try JSONValue(from: decoder) {
        case .int(let whole): Double(exactly: whole) == nil
        case .double: false
        default: true
        }
    }

    private static func decodeURLs<Value: URLContainer>(
        _ type: Value.Type, _ container: any SingleValueDecodingContainer, codingPath: [any CodingKey]
    ) throws -> Value {
        try Value(texts: container.decode(Value.Texts.self), codingPath: codingPath)
    }

    /// Encodes a case's value of a standard type.
    /// - Parameters:
    ///   - value: The case's value.
    ///   - encoder: The union's encoder.
    /// - Throws: `EncodingError` from the underlying container.
    public static func encodeValue<Value: Encodable>(_ value: Value, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case let uuids as any UUIDContainer: try container.encode(uuids.lowercaseTexts)
        case let urls as any URLContainer: try container.encode(urls.texts)
        default: try container.encode(value)
        }
    }

    /// A case's value of a standard type as text, as a path parameter sends it: a date in RFC
    /// 3339, a UUID lowercase, a URL's absolute string, bytes (`format: byte`) in base64, as
    /// JSON carries them, an array's elements joined by commas.
    /// - Parameter value: The case's value.
    /// - Returns: The text.
    public static func text(of value: some Any) -> String {
        switch value {
        case let values as any QueryValue: values.queryValues.joined(separator: ",")
        // `String(describing:)` wrote "4 bytes".
        case let data as Data: data.base64EncodedString()
        default: String(describing: value)
        }
    }
}
