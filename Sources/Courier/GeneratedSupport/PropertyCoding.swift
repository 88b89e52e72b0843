public import Foundation

/// The calls a generated `init(from:)` and `encode(to:)` make for each property, by the key's
/// name: `try container.decodeValue(Swift.Int.self, at: "amount")`.
///
/// Each is one generic function, not an overload set. `decode(_:forKey:)` and its siblings have
/// some twenty overloads each (one per standard scalar type, the generic one, and Courier's own
/// for lenient numbers, empty URLs and lowercase UUIDs), and the compiler weighed them at every
/// generated line: these names cut a debug build of Stripe's module by about a fifteenth. The
/// types that take a path of their own are told apart inside, by their metatype; the functions
/// are inlinable, so in a release build each call is specialized and the tests fold away,
/// leaving the same call the overload would have made.
@_spi(Generated) extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// Decodes a required property.
    ///
    /// Numbers also decode from text that is one (see `decode(_:forKey:)` for `Int`), and URLs
    /// keep their text, `""` included (see `decode(_:forKey:)` for `URL`).
    /// - Parameters:
    ///   - type: The property's type.
    ///   - name: The key's name.
    /// - Returns: The value.
    /// - Throws: `DecodingError` when the key is missing or its value is not a `Value`.
    @inlinable
    public func decodeValue<Value: Decodable>(_ type: Value.Type, at name: String) throws -> Value {
        let key = AnyCodingKey(name)
        if Value.self == String.self { return try decode(String.self, forKey: key) as! Value }
        if Value.self == Bool.self { return try decode(Bool.self, forKey: key) as! Value }
        if Value.self == Int.self { return try decode(Int.self, forKey: key) as! Value }
        if Value.self == Int64.self { return try decode(Int64.self, forKey: key) as! Value }
        if Value.self == Int32.self { return try decode(Int32.self, forKey: key) as! Value }
        if Value.self == Double.self { return try decode(Double.self, forKey: key) as! Value }
        if Value.self == Float.self { return try decode(Float.self, forKey: key) as! Value }
        if Value.self == Decimal.self { return try decode(Decimal.self, forKey: key) as! Value }
        if Value.self == URL.self { return try decode(URL.self, forKey: key) as! Value }
        if Value.self == [URL].self { return try decode([URL].self, forKey: key) as! Value }
        if Value.self == [Double].self { return try decodeDoubles(forKey: key) as! Value }
        if Value.self == [String: Double].self { return try decodeDoubleValues(forKey: key) as! Value }
        return try decode(Value.self, forKey: key)
    }

    /// Decodes a required property that has a default: the default when the key is missing. A
    /// `null` is an error, as for any required key whose value may not be `null`: reading it as
    /// the default would encode it again as another value.
    /// - Parameters:
    ///   - type: The property's type.
    ///   - name: The key's name.
    ///   - fallback: The schema's default.
    /// - Returns: The value, or the default.
    /// - Throws: `DecodingError` when the value is not a `Value`.
    @inlinable
    public func decodeValue<Value: Decodable>(
        _ type: Value.Type, at name: String, ifMissing fallback: @autoclosure () -> Value
    ) throws -> Value {
        contains(AnyCodingKey(name)) ? try decodeValue(type, at: name) : fallback()
    }

    /// Decodes an optional property: `nil` when the key is missing or `null`.
    ///
    /// Numbers also decode from text that is one, and URLs keep their text, `""` included (see
    /// `decodeIfPresent(_:forKey:)` for `URL`).
    /// - Parameters:
    ///   - type: The property's type.
    ///   - name: The key's name.
    /// - Returns: The value, or `nil`.
    /// - Throws: `DecodingError` when the value is neither `null` nor a `Value`.
    @inlinable
    public func decodeValueIfPresent<Value: Decodable>(_ type: Value.Type, at name: String) throws -> Value? {
        let key = AnyCodingKey(name)
        if Value.self == String.self { return try decodeIfPresent(String.self, forKey: key) as! Value? }
        if Value.self == Bool.self { return try decodeIfPresent(Bool.self, forKey: key) as! Value? }
        if Value.self == Int.self { return try decodeIfPresent(Int.self, forKey: key) as! Value? }
        if Value.self == Int64.self { return try decodeIfPresent(Int64.self, forKey: key) as! Value? }
        if Value.self == Int32.self { return try decodeIfPresent(Int32.self, forKey: key) as! Value? }
        if Value.self == Double.self { return try decodeIfPresent(Double.self, forKey: key) as! Value? }
        if Value.self == Float.self { return try decodeIfPresent(Float.self, forKey: key) as! Value? }
        if Value.self == Decimal.self { return try decodeIfPresent(Decimal.self, forKey: key) as! Value? }
        if Value.self == URL.self { return try decodeIfPresent(URL.self, forKey: key) as! Value? }
        if Value.self == [URL].self { return try decodeIfPresent([URL].self, forKey: key) as! Value? }
        if Value.self == [Double].self || Value.self == [String: Double].self {
            // `null` or missing is `nil`; a value is read as the required property's is.
            guard contains(key), try !decodeNil(forKey: key) else { return nil }
            return try decodeValue(Value.self, at: name)
        }
        return try decodeIfPresent(Value.self, forKey: key)
    }
}

@_spi(Generated) extension KeyedEncodingContainer where Key == AnyCodingKey {
    /// Encodes a property, `null` included for an optional value that is `nil` (a required key
    /// whose value may be null).
    ///
    /// UUIDs are written lowercase (see `encode(_:forKey:)` for `UUID`), and URLs as the text
    /// they were read from (see `encode(_:forKey:)` for `URL`).
    /// - Parameters:
    ///   - value: The value.
    ///   - name: The key's name.
    /// - Throws: `EncodingError` from the underlying container.
    @inlinable
    public mutating func encodeValue<Value: Encodable>(_ value: Value, at name: String) throws {
        let key = AnyCodingKey(name)
        if Value.self == String.self {
            try encode(value as! String, forKey: key)
        } else if Value.self == Bool.self {
            try encode(value as! Bool, forKey: key)
        } else if Value.self == Int.self {
            try encode(value as! Int, forKey: key)
        } else if Value.self == Int64.self {
            try encode(value as! Int64, forKey: key)
        } else if Value.self == Int32.self {
            try encode(value as! Int32, forKey: key)
        } else if Value.self == Double.self {
            try encode(value as! Double, forKey: key)
        } else if Value.self == Float.self {
            try encode(value as! Float, forKey: key)
        } else if Value.self == UUID.self {
            try encode(value as! UUID, forKey: key)
        } else if Value.self == [UUID].self {
            try encode(value as! [UUID], forKey: key)
        } else if Value.self == UUID?.self {
            if let uuid = value as! UUID? { try encode(uuid, forKey: key) } else { try encodeNil(forKey: key) }
        } else if Value.self == [UUID]?.self {
            if let uuids = value as! [UUID]? { try encode(uuids, forKey: key) } else { try encodeNil(forKey: key) }
        } else if Value.self == URL.self {
            try encode(value as! URL, forKey: key)
        } else if Value.self == [URL].self {
            try encode(value as! [URL], forKey: key)
        } else if Value.self == URL?.self {
            if let url = value as! URL? { try encode(url, forKey: key) } else { try encodeNil(forKey: key) }
        } else if Value.self == [URL]?.self {
            if let urls = value as! [URL]? { try encode(urls, forKey: key) } else { try encodeNil(forKey: key) }
        } else if let uuids = value as? any UUIDContainer {
            try encode(uuids.lowercaseTexts, forKey: key)  // `[String: UUID]`, `[UUID?]`, …
        } else {
            try encode(value, forKey: key)
        }
    }

    /// Encodes an optional property, leaving the key out when the value is `nil`.
    /// - Parameters:
    ///   - value: The value, or `nil` to encode nothing.
    ///   - name: The key's name.
    /// - Throws: `EncodingError` from the underlying container.
    @inlinable
    public mutating func encodeValueIfPresent<Value: Encodable>(_ value: Value?, at name: String) throws {
        guard let value else { return }
        try encodeValue(value, at: name)
    }
}
