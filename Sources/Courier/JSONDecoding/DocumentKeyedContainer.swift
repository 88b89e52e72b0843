import Foundation

/// The keyed container of a JSON object in a `JSONDocument`.
///
/// Keys are found by comparing their bytes, starting after the key found last (a model reads
/// its keys in about the order a server writes them), rather than through a dictionary of
/// every key built up front; where a name appears twice, the first counts.
struct DocumentKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let document: JSONDocument
    let object: Int
    let path: DocumentCodingPath?

    var codingPath: [any CodingKey] { DocumentCodingPath.keys(path) }

    var allKeys: [Key] {
        var keys: [Key] = []
        // While a generated struct lists its undeclared keys, its declared names are skipped by
        // their bytes, before a string is made for them; those whose value is `null` are noted.
        let listing = Key.self == AnyCodingKey.self ? UndeclaredKeyListing.current : nil
        listing?.pointee.declaredNulls = []
        for token in document.keys(of: object) {
            if let listing, document.tokens[token].flags == 0,
                listing.pointee.declared.contains(utf8: document.text(token))
            {
                if document.tokens[token + 1].kind == .null, let name = try? document.keyName(token) {
                    listing.pointee.declaredNulls?.append(name)
                }
                continue
            }
            guard let name = try? document.keyName(token) else { continue }
            guard let key = Key(stringValue: name) else {
                // A declared name written with an escape, which `AnyCodingKey` refuses.
                if let listing, document.tokens[token + 1].kind == .null { listing.pointee.declaredNulls?.append(name) }
                continue
            }
            keys.append(key)
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { document.member(key.stringValue, in: object) != nil }

    private func value(for key: Key) throws -> Int {
        guard let value = document.member(key.stringValue, in: object) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return value
    }

    /// The value's token, or `nil` when the key is missing or its value is `null`.
    private func presentValue(for key: Key) -> Int? {
        guard let value = document.member(key.stringValue, in: object), document.tokens[value].kind != .null else {
            return nil
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { document.tokens[try value(for: key)].kind == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try document.bool(at: value(for: key), path, key)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try document.string(at: value(for: key), path, key)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try document.double(at: value(for: key), path, key)
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try document.float(at: value(for: key), path, key)
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try document.decode(type, at: value(for: key), path, key)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let value = presentValue(for: key) else { return nil }
        return try document.bool(at: value, path, key)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let value = presentValue(for: key) else { return nil }
        return try document.string(at: value, path, key)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let value = presentValue(for: key) else { return nil }
        return try document.double(at: value, path, key)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let value = presentValue(for: key) else { return nil }
        return try document.float(at: value, path, key)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(type, key) }
    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        guard let value = presentValue(for: key) else { return nil }
        return try document.decode(type, at: value, path, key)
    }

    // Inlined into each `decode(_:forKey:)`, so that the document's `integer` is called with a
    // concrete type and specialized for it: this container is generic over its key type, and an
    // unspecialized `integer` looks up its optional's metadata at run time for every value.
    @inline(__always)
    private func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, _ key: Key) throws -> Integer {
        try document.integer(type, at: value(for: key), path, key)
    }

    @inline(__always)
    private func integerIfPresent<Integer: FixedWidthInteger>(_ type: Integer.Type, _ key: Key) throws -> Integer? {
        guard let value = presentValue(for: key) else { return nil }
        return try document.integer(type, at: value, path, key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(at: value(for: key), key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(at: value(for: key), key).unkeyedContainer()
    }

    /// A decoder for the value of the key `super`, or for `null` when there is none.
    func superDecoder() throws -> any Decoder {
        decoder(at: document.member("super", in: object) ?? document.nullToken, SuperKey())
    }

    /// A decoder for the key's value, or for `null` when there is none.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder(at: document.member(key.stringValue, in: object) ?? document.nullToken, key)
    }

    private func decoder(at token: Int, _ key: any CodingKey) -> DocumentDecoder {
        document.decoder(at: token, path, key)
    }
}
