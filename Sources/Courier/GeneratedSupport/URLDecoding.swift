public import Foundation

/// Generated models read an optional URL that a server sends as `""` as no URL (`nil`): APIs
/// such as Twilio's send an empty string for a URL that is not set, which `URL` itself refuses,
/// so the whole response would fail to decode. Any other text that is not a URL is still an
/// error, and so is `""` for a required URL. Generated code reaches this overload through
/// `decodeValueIfPresent(_:at:)`.
@_spi(Generated) extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// Decodes an optional URL, reading `""` as `nil`.
    /// - Parameters:
    ///   - type: `URL.self`.
    ///   - key: The key.
    /// - Returns: The URL, or `nil` when the key is missing, `null` or `""`.
    /// - Throws: `DecodingError` when the value is neither a string nor `null`, or a string that
    ///   is not a URL.
    @_spi(Generated) public func decodeIfPresent(_ type: URL.Type, forKey key: Key) throws -> URL? {
        guard let text = try decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected a URL, found \"\(text)\".")
        }
        return url
    }
}
