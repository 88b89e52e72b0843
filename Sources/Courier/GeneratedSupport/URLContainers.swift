public import Foundation

/// A URL, or an array, dictionary or optional made of URLs at any depth (`[String: URL]`,
/// `[URL?]`, `[[URL]]`): values generated code reads and writes keeping each URL's text as the
/// server sent it (see `URLText`), as it does a property that is one URL or an array of them.
///
/// Through the coders' own paths, a URL inside a dictionary was read by `URL(string:)` and
/// written as its `absoluteString`: `https://例え.jp/パス` came back as
/// `https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9`, `%zz` as `%25zz`. Generated code calls
/// `decodeURLs(_:at:)` and `encodeURLs(_:at:)` for such a property, and a union's case reaches
/// them through `UnionVariant.decodeValue(_:from:)`.
@_spi(Generated) public protocol URLContainer: Codable {
    /// The same shape with each URL as its text.
    associatedtype Texts: Codable
    /// The value with each URL as its text.
    var texts: Texts { get }
    /// The value from its texts.
    /// - Parameters:
    ///   - texts: The texts.
    ///   - codingPath: Where the value is, for the error.
    /// - Throws: `DecodingError` when a text is not a URL.
    init(texts: Texts, codingPath: [any CodingKey]) throws
}

@_spi(Generated) extension URL: URLContainer {
    /// The text the URL was read from (see `URLText`).
    public var texts: String { URLText.text(of: self) }

    /// The URL for its text, keeping the text (see `URLText`).
    /// - Parameters:
    ///   - texts: The text.
    ///   - codingPath: Where the value is.
    /// - Throws: `DecodingError` when the text is not a URL.
    public init(texts: String, codingPath: [any CodingKey]) throws {
        guard let url = URLText.url(from: texts) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "Expected a URL, found \"\(texts)\"."))
        }
        self = url
    }
}

@_spi(Generated) extension Array: URLContainer where Element: URLContainer {
    /// Each element's texts.
    public var texts: [Element.Texts] { map(\.texts) }

    /// The elements from their texts.
    /// - Parameters:
    ///   - texts: The texts.
    ///   - codingPath: Where the array is.
    /// - Throws: `DecodingError` when a text is not a URL.
    public init(texts: [Element.Texts], codingPath: [any CodingKey]) throws {
        self = try texts.map { try Element(texts: $0, codingPath: codingPath) }
    }
}

@_spi(Generated) extension Dictionary: URLContainer where Key == String, Value: URLContainer {
    /// Each value's texts.
    public var texts: [String: Value.Texts] { mapValues(\.texts) }

    /// The values from their texts.
    /// - Parameters:
    ///   - texts: The texts.
    ///   - codingPath: Where the dictionary is.
    /// - Throws: `DecodingError` when a text is not a URL.
    public init(texts: [String: Value.Texts], codingPath: [any CodingKey]) throws {
        self = try texts.mapValues { try Value(texts: $0, codingPath: codingPath) }
    }
}

@_spi(Generated) extension Optional: URLContainer where Wrapped: URLContainer {
    /// The wrapped value's texts, or `nil`.
    public var texts: Wrapped.Texts? { self?.texts }

    /// The wrapped value from its texts, or `nil`.
    /// - Parameters:
    ///   - texts: The texts, or `nil`.
    ///   - codingPath: Where the value is.
    /// - Throws: `DecodingError` when a text is not a URL.
    public init(texts: Wrapped.Texts?, codingPath: [any CodingKey]) throws {
        self = try texts.map { try Wrapped(texts: $0, codingPath: codingPath) }
    }
}

@_spi(Generated) extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// Decodes a required property made of URLs, keeping each URL's text.
    /// - Parameters:
    ///   - type: The property's type.
    ///   - name: The key's name.
    /// - Returns: The value.
    /// - Throws: `DecodingError` when the key is missing, or its value does not have the
    ///   type's shape or holds text that is not a URL.
    public func decodeURLs<Value: URLContainer>(_ type: Value.Type, at name: String) throws -> Value {
        let key = AnyCodingKey(name)
        return try Value(texts: decode(Value.Texts.self, forKey: key), codingPath: codingPath + [key])
    }

    /// Decodes an optional property made of URLs, keeping each URL's text: `nil` when the key
    /// is missing or `null`.
    /// - Parameters:
    ///   - type: The property's type.
    ///   - name: The key's name.
    /// - Returns: The value, or `nil`.
    /// - Throws: `DecodingError` when the value does not have the type's shape or holds text
    ///   that is not a URL.
    public func decodeURLsIfPresent<Value: URLContainer>(_ type: Value.Type, at name: String) throws -> Value? {
        let key = AnyCodingKey(name)
        return try decodeIfPresent(Value.Texts.self, forKey: key).map {
            try Value(texts: $0, codingPath: codingPath + [key])
        }
    }
}

@_spi(Generated) extension KeyedEncodingContainer where Key == AnyCodingKey {
    /// Encodes a property made of URLs, each as the text it was read from; `null` for an
    /// optional value that is `nil`.
    /// - Parameters:
    ///   - value: The value.
    ///   - name: The key's name.
    /// - Throws: `EncodingError` from the underlying container.
    public mutating func encodeURLs<Value: URLContainer>(_ value: Value, at name: String) throws {
        try encode(value.texts, forKey: AnyCodingKey(name))
    }

    /// Encodes an optional property made of URLs, each as the text it was read from, leaving
    /// the key out when the value is `nil`.
    /// - Parameters:
    ///   - value: The value, or `nil`.
    ///   - name: The key's name.
    /// - Throws: `EncodingError` from the underlying container.
    public mutating func encodeURLsIfPresent<Value: URLContainer>(_ value: Value?, at name: String) throws {
        guard let value else { return }
        try encodeURLs(value, at: name)
    }
}

extension JSONEncoder {
    /// The JSON text of a value, where a value that is a URL, or an array or dictionary of them,
    /// writes each URL's text as it was read (as generated properties do), not its
    /// `absoluteString`, and one made of UUIDs writes them lowercase.
    /// - Parameter value: The value.
    /// - Returns: The JSON text.
    /// - Throws: `EncodingError`.
    package func encodeKeepingURLText(_ value: any Encodable) throws -> Data {
        if let urls = value as? any URLContainer { return try JSONEncoding.encode(urls.texts, options: self) }
        return try encodeLowercasingUUIDs(value)
    }

    /// The JSON text of a value, where a value that is a UUID, or an array or dictionary of
    /// them, writes them lowercase, as servers print them (`UUID` encodes itself uppercase),
    /// a generated union's discriminator leads its object (``UnionVariant/writeTagFirst(_:)``),
    /// and a whole `Double` keeps its fraction (`JSONEncoding`).
    /// - Parameter value: The value.
    /// - Returns: The JSON text.
    /// - Throws: `EncodingError`.
    package func encodeLowercasingUUIDs(_ value: any Encodable) throws -> Data {
        if let uuids = value as? any UUIDContainer {
            return try JSONEncoding.encode(uuids.lowercaseTexts, options: self)
        }
        return try TagsFirst.encoding { try JSONEncoding.encode(value, options: self) }
    }
}
