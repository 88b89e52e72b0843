public import Foundation

/// Generated models read a URL that a server sends as `""` as the empty URL reference, whose
/// text is `""` again: APIs such as Twilio's send an empty string for a URL that is not set,
/// which `URL(string:)` refuses, so the whole response would fail to decode; reading it as `nil`
/// instead would lose the key when the value is encoded again. Any other text that is not a URL
/// is still an error. Generated code reaches these overloads through `decodeValue(_:at:)` and
/// `decodeValueIfPresent(_:at:)`.
@_spi(Generated) extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// Decodes a URL, reading `""` as the empty URL reference.
    /// - Parameters:
    ///   - type: `URL.self`.
    ///   - key: The key.
    /// - Returns: The URL; its `absoluteString` is `""` when the server sent `""`.
    /// - Throws: `DecodingError` when the key is missing, or its value is not a string or is a
    ///   string that is not a URL.
    @_spi(Generated) public func decode(_ type: URL.Type, forKey key: Key) throws -> URL {
        try url(from: decode(String.self, forKey: key), forKey: key)
    }

    /// Decodes an optional URL, reading `""` as the empty URL reference.
    /// - Parameters:
    ///   - type: `URL.self`.
    ///   - key: The key.
    /// - Returns: The URL, or `nil` when the key is missing or `null`.
    /// - Throws: `DecodingError` when the value is neither a string nor `null`, or a string that
    ///   is not a URL.
    @_spi(Generated) public func decodeIfPresent(_ type: URL.Type, forKey key: Key) throws -> URL? {
        try decodeIfPresent(String.self, forKey: key).map { try url(from: $0, forKey: key) }
    }

    private func url(from text: String, forKey key: Key) throws -> URL {
        if text.isEmpty, let empty = URLComponents().url { return empty }
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected a URL, found \"\(text)\".")
        }
        return url
    }
}
