import Foundation

/// The unkeyed container of a `DocumentEncoder`: appends the elements of one array.
struct DocumentUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: DocumentEncoder
    let array: EncodedArray

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { array.elements.count }

    /// The key of the next element, for its coding path.
    private var nextKey: ArrayIndexKey { ArrayIndexKey(array.elements.count) }

    mutating func encodeNil() { array.elements.append(.null) }
    mutating func encode(_ value: Bool) { array.elements.append(.bool(value)) }
    mutating func encode(_ value: String) { array.elements.append(.string(value)) }
    mutating func encode(_ value: Double) throws {
        array.elements.append(try encoder.floatingPoint(value, at: nextKey))
    }
    mutating func encode(_ value: Float) throws { array.elements.append(try encoder.floatingPoint(value, at: nextKey)) }
    mutating func encode(_ value: Int) { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: Int8) { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: Int16) { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: Int32) { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: Int64) { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt) { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt8) { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt16) { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt32) { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt64) { array.elements.append(.number(String(value))) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        array.elements.append(try encoder.encoded(value, at: nextKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let nested = EncodedObject()
        let key = nextKey
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(DocumentKeyedEncodingContainer<NestedKey>(encoder: child(key), object: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        let key = nextKey
        array.elements.append(.array(nested))
        return DocumentUnkeyedEncodingContainer(encoder: child(key), array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let nested = child(nextKey)
        array.elements.append(.pending(nested))
        return nested
    }

    private func child(_ key: any CodingKey) -> DocumentEncoder {
        DocumentEncoder(options: encoder.options, path: DocumentCodingPath.appending(encoder.path, key))
    }
}
