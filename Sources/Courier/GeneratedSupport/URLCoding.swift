public import Foundation

/// Generated models keep a URL's text as the server sent it, so that encoding the value again
/// writes the same text:
/// - `""`, which APIs such as Twilio's send for a URL that is not set and `URL(string:)`
///   refuses, is the empty URL reference, whose text is `""` again. Read as `nil` instead, it
///   would lose the key when the value is encoded again; refused, it would fail the response.
/// - Text that Foundation reads only by escaping it first (a space, `https://例え.jp/パス`,
///   a stray `%`) is kept byte for byte (`URL(dataRepresentation:relativeTo:)`): its
///   `absoluteString` is the escaped form, to send in a request, and it encodes as the original
///   text, where Foundation would write the escaped form (`a%20b`, `%25zz`) back to the server.
///
/// Text Foundation cannot read as a URL at all is an error. Generated code reaches these
/// overloads through `decodeValue(_:at:)`, `decodeValueIfPresent(_:at:)` and `encodeValue(_:at:)`.
@_spi(Generated) extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// Decodes a URL, keeping its text as sent (see above).
    /// - Parameters:
    ///   - type: `URL.self`.
    ///   - key: The key.
    /// - Returns: The URL; its `absoluteString` is `""` when the server sent `""`.
    /// - Throws: `DecodingError` when the key is missing, or its value is not a string or is a
    ///   string that is not a URL.
    @_spi(Generated) public func decode(_ type: URL.Type, forKey key: Key) throws -> URL {
        try url(from: decode(String.self, forKey: key), forKey: key)
    }

    /// Decodes an optional URL, keeping its text as sent (see above).
    /// - Parameters:
    ///   - type: `URL.self`.
    ///   - key: The key.
    /// - Returns: The URL, or `nil` when the key is missing or `null`.
    /// - Throws: `DecodingError` when the value is neither a string nor `null`, or a string that
    ///   is not a URL.
    @_spi(Generated) public func decodeIfPresent(_ type: URL.Type, forKey key: Key) throws -> URL? {
        try decodeIfPresent(String.self, forKey: key).map { try url(from: $0, forKey: key) }
    }

    /// Decodes URLs, keeping the text of each as sent (see above).
    /// - Parameters:
    ///   - type: `[URL].self`.
    ///   - key: The key.
    /// - Returns: The URLs.
    /// - Throws: `DecodingError` when the key is missing, or its value is not an array of
    ///   strings that are URLs.
    @_spi(Generated) public func decode(_ type: [URL].Type, forKey key: Key) throws -> [URL] {
        try decode([String].self, forKey: key).map { try url(from: $0, forKey: key) }
    }

    /// Decodes optional URLs, keeping the text of each as sent (see above).
    /// - Parameters:
    ///   - type: `[URL].self`.
    ///   - key: The key.
    /// - Returns: The URLs, or `nil` when the key is missing or `null`.
    /// - Throws: `DecodingError` when the value is neither an array of strings that are URLs
    ///   nor `null`.
    @_spi(Generated) public func decodeIfPresent(_ type: [URL].Type, forKey key: Key) throws -> [URL]? {
        try decodeIfPresent([String].self, forKey: key)?.map { try url(from: $0, forKey: key) }
    }

    private func url(from text: String, forKey key: Key) throws -> URL {
        guard let url = URLText.url(from: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected a URL, found \"\(text)\".")
        }
        return url
    }
}

@_spi(Generated) extension KeyedEncodingContainer where Key == AnyCodingKey {
    /// Encodes a URL as the text it was read from (see above), or its `absoluteString`.
    /// - Parameters:
    ///   - value: The URL.
    ///   - key: The key.
    /// - Throws: `EncodingError` from the underlying container.
    @_spi(Generated) public mutating func encode(_ value: URL, forKey key: Key) throws {
        try encode(URLText.text(of: value), forKey: key)
    }

    /// Encodes URLs as the text each was read from (see above), or its `absoluteString`.
    /// - Parameters:
    ///   - value: The URLs.
    ///   - key: The key.
    /// - Throws: `EncodingError` from the underlying container.
    @_spi(Generated) public mutating func encode(_ value: [URL], forKey key: Key) throws {
        try encode(value.map(URLText.text(of:)), forKey: key)
    }
}

/// A URL's text, kept as it was read.
package enum URLText {
    /// The URL for text: the one `URL(string:)` reads when its text is the same; the text's own
    /// bytes when Foundation reads it only by escaping it (a space, `ü`); the empty reference
    /// for `""`; `nil` when Foundation cannot read it.
    ///
    /// Text with both escapes and characters a URL cannot hold (`?cursor=cD00ODY%3D"`, as
    /// drf-spectacular's example of a cursor page's URL has it) is the URL with those characters
    /// escaped and its escapes kept (`?cursor=cD00ODY%3D%22`), which it is then written as:
    /// Foundation would write its own bytes with the escapes undone (`cD00ODY="`), another URL.
    static func url(from text: String) -> URL? {
        if text.isEmpty { return URLComponents().url }
        guard let parsed = URL(string: text) else { return nil }
        if parsed.absoluteString == text { return parsed }
        if let written = URL(dataRepresentation: Data(text.utf8), relativeTo: nil), Self.text(of: written) == text {
            return written
        }
        return URL(string: PercentEncoding.encode(text, keeping: .everythingAURLHolds)) ?? parsed
    }

    /// Whether `found` is how a URL read from `expected` is written again: the same text, or
    /// the text with the characters a URL cannot hold escaped (see ``url(from:)``).
    package static func writesAgain(_ expected: String, as found: String) -> Bool {
        expected == found
            || (URL(string: expected) != nil
                && PercentEncoding.encode(expected, keeping: .everythingAURLHolds) == found)
    }

    /// The text a URL encodes as: the bytes it was made from, for a URL without a base (the
    /// same as its `absoluteString` for one made by `URL(string:)` from valid text), else its
    /// `absoluteString`.
    static func text(of url: URL) -> String {
        guard url.baseURL == nil else { return url.absoluteString }
        return String(decoding: url.dataRepresentation, as: UTF8.self)
    }
}
