public import Foundation

/// How Courier decodes JSON: with its own decoder (`DocumentDecoder`) where the configured
/// `JSONDecoder`'s options are ones it reads the same way, and with that `JSONDecoder`
/// otherwise.
///
/// Courier's decoder parses the text once into a flat list of tokens and finds an object's keys
/// by their bytes, where Foundation's builds a dictionary of every object's keys as it opens it:
/// for the generated models, which read each declared key and list the undeclared ones, it
/// decodes the same values in fewer steps. It follows Foundation's rules: the same values
/// decode, to the same results, with the same kinds of errors (a syntax error also says where).
/// It steps aside for what it does not mirror: a `JSONDecoder` subclass, JSON5, a top-level
/// dictionary assumed, key conversions, ISO 8601 and formatter dates, text in UTF-16 or UTF-32
/// or after a byte-order mark, and text of 4 GB or more. A body that is a URL, or an array or
/// dictionary of them, keeps each URL's text as generated properties do (`URLContainer`).
@_spi(Generated) public enum JSONDecoding {
    /// Decodes a value from JSON text with the options of `decoder`.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: The JSON text.
    ///   - decoder: The options: date, data and non-conforming float strategies, `userInfo`.
    /// - Returns: The value.
    /// - Throws: `DecodingError`, as `decoder.decode(_:from:)` would.
    public static func decode<Value: Decodable>(
        _ type: Value.Type, from data: Data, options decoder: JSONDecoder
    ) throws -> Value {
        try decode(type, from: data, options: decoder, adding: [:])
    }

    /// Decodes a value from JSON text with the options of `decoder` and more `userInfo` (the
    /// name of the server-sent event that carried the text).
    static func decode<Value: Decodable>(
        _ type: Value.Type, from data: Data, options decoder: JSONDecoder,
        adding userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> Value {
        if let urls = Value.self as? any URLContainer.Type {
            // A body that is a URL (or URLs) keeps each URL's text, as generated properties do.
            return try decodeURLs(urls, from: data, options: decoder) as! Value
        }
        guard !isUnusualEncoding(data), data.count < Int(UInt32.max), var options = DocumentDecodingOptions(decoder)
        else {
            return try foundationDecoder(decoder, adding: userInfo).decode(type, from: data)
        }
        options.userInfo.merge(userInfo) { _, added in added }
        return try data.withUnsafeBytes { raw in
            var document = try JSONDocument(borrowing: raw.bindMemory(to: UInt8.self), options: options)
            // A decoder or container kept past the decode keeps the document, which then needs
            // the text in memory of its own.
            defer { if !isKnownUniquelyReferenced(&document) { document.keepText() } }
            return try document.decode(type, at: 0, nil, nil)
        }
    }

    /// Foundation's decoder with more `userInfo`: a copy of `decoder` when it is a plain
    /// `JSONDecoder` (a subclass may hold state of its own, and is used as it is).
    private static func foundationDecoder(
        _ decoder: JSONDecoder, adding userInfo: [CodingUserInfoKey: any Sendable]
    ) -> JSONDecoder {
        guard !userInfo.isEmpty, type(of: decoder) == JSONDecoder.self else { return decoder }
        let copy = JSONDecoder()
        copy.dateDecodingStrategy = decoder.dateDecodingStrategy
        copy.dataDecodingStrategy = decoder.dataDecodingStrategy
        copy.nonConformingFloatDecodingStrategy = decoder.nonConformingFloatDecodingStrategy
        copy.keyDecodingStrategy = decoder.keyDecodingStrategy
        copy.allowsJSON5 = decoder.allowsJSON5
        copy.assumesTopLevelDictionary = decoder.assumesTopLevelDictionary
        copy.userInfo = decoder.userInfo.merging(userInfo) { _, added in added }
        return copy
    }

    private static func decodeURLs<Value: URLContainer>(
        _ type: Value.Type, from data: Data, options decoder: JSONDecoder
    ) throws -> Value {
        try Value(texts: decode(Value.Texts.self, from: data, options: decoder), codingPath: [])
    }

    /// Whether the text starts with a byte-order mark or a zero byte (UTF-16 or UTF-32, which
    /// Foundation's decoder converts first).
    private static func isUnusualEncoding(_ data: Data) -> Bool {
        guard let first = data.first else { return false }
        if first == 0 || first == 0xEF || first == 0xFE || first == 0xFF { return true }
        return data.count > 1 && data[data.startIndex + 1] == 0
    }
}
