import Foundation

/// The unkeyed container of a JSON array in a `JSONDocument`: its elements in order.
struct DocumentUnkeyedContainer: UnkeyedDecodingContainer {
    let document: JSONDocument
    let path: DocumentCodingPath?
    let count: Int?
    private(set) var currentIndex = 0
    /// The token of the element at `currentIndex`.
    private var element: Int

    init(document: JSONDocument, array: Int, path: DocumentCodingPath?) {
        self.document = document
        self.path = path
        self.count = Int(document.tokens[array].count)
        self.element = array + 1
    }

    var codingPath: [any CodingKey] { DocumentCodingPath.keys(path) }
    var isAtEnd: Bool { currentIndex >= count! }

    /// The current element's token, or the error Foundation's decoder gives at the end.
    private func current(_ type: Any.Type, _ message: String = "Unkeyed container is at end.") throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: DocumentCodingPath.keys(path, appending: ArrayIndexKey(currentIndex)),
                    debugDescription: message))
        }
        return element
    }

    private mutating func advance() {
        element = document.skip(element)
        currentIndex += 1
    }

    /// Reads the current element with `read` and moves past it.
    private mutating func next<Value>(
        _ type: Value.Type, _ read: (Int, DocumentCodingPath?, (any CodingKey)?) throws -> Value
    ) throws -> Value {
        let value = try read(current(type), path, ArrayIndexKey(currentIndex))
        advance()
        return value
    }

    /// Reads the current element with `read` unless it is `null` or there is none (then `nil`),
    /// and moves past it.
    private mutating func nextIfPresent<Value>(
        _ read: (Int, DocumentCodingPath?, (any CodingKey)?) throws -> Value
    ) throws -> Value? {
        guard !isAtEnd else { return nil }
        if document.tokens[element].kind == .null {
            advance()
            return nil
        }
        return try next(Value.self, read)
    }

    mutating func decodeNil() throws -> Bool {
        guard document.tokens[try current(Never.self)].kind == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type, document.bool) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type, document.string) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type, document.double) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type, document.float) }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let document = document
        return try next(type) { try document.decode(type, at: $0, $1, $2) }
    }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try nextIfPresent(document.bool) }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try nextIfPresent(document.string) }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try nextIfPresent(document.double) }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try nextIfPresent(document.float) }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try integerIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try integerIfPresent(type) }
    mutating func decodeIfPresent<Value: Decodable>(_ type: Value.Type) throws -> Value? {
        let document = document
        return try nextIfPresent { try document.decode(type, at: $0, $1, $2) }
    }

    private mutating func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        let document = document
        return try next(type) { try document.integer(type, at: $0, $1, $2) }
    }

    private mutating func integerIfPresent<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer? {
        let document = document
        return try nextIfPresent { try document.integer(type, at: $0, $1, $2) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let token = try current(KeyedDecodingContainer<NestedKey>.self)
        let container = try elementDecoder(token).container(keyedBy: type)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let token = try current(
            (any UnkeyedDecodingContainer).self, "Cannot get nested unkeyed container -- unkeyed container is at end.")
        let container = try elementDecoder(token).unkeyedContainer()
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let token = try current((any Decoder).self, "Cannot get superDecoder() -- unkeyed container is at end.")
        let decoder = elementDecoder(token)
        advance()
        return decoder
    }

    private func elementDecoder(_ token: Int) -> DocumentDecoder {
        document.decoder(at: token, path, ArrayIndexKey(currentIndex))
    }
}
