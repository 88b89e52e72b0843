import Foundation

/// A `Decoder` over one value of a `JSONDocument`: Courier's own JSON decoder, with
/// Foundation's `JSONDecoder`'s rules (see `JSONDecoding`).
///
/// Three words, so that passing it as `any Decoder` needs no allocation. It is its own
/// single-value container, as Foundation's is.
struct DocumentDecoder: Decoder, SingleValueDecodingContainer {
    let document: JSONDocument
    let token: Int
    let path: DocumentCodingPath?

    var codingPath: [any CodingKey] { DocumentCodingPath.keys(path) }
    var userInfo: [CodingUserInfoKey: Any] { document.options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch document.tokens[token].kind {
        case .object:
            try document.checkKeys(of: token, path: path)
            return KeyedDecodingContainer(DocumentKeyedContainer<Key>(document: document, object: token, path: path))
        case .null:
            throw DecodingError.valueNotFound(
                [String: Any].self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get keyed decoding container -- found null value instead"))
        default:
            throw document.mismatch([String: Any].self, token, path, nil)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch document.tokens[token].kind {
        case .array:
            return DocumentUnkeyedContainer(document: document, array: token, path: path)
        case .null:
            throw DecodingError.valueNotFound(
                [Any].self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
        default:
            throw document.mismatch([Any].self, token, path, nil)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: - SingleValueDecodingContainer

    func decodeNil() -> Bool { document.tokens[token].kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try document.bool(at: token, path, nil) }
    func decode(_ type: String.Type) throws -> String { try document.string(at: token, path, nil) }
    func decode(_ type: Double.Type) throws -> Double { try document.double(at: token, path, nil) }
    func decode(_ type: Float.Type) throws -> Float { try document.float(at: token, path, nil) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try document.decode(type, at: token, path, nil)
    }

    private func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        try document.integer(type, at: token, path, nil)
    }
}
