import Foundation

/// The keyed container of a `DocumentEncoder`: sets the members of one object.
struct DocumentKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: DocumentEncoder
    let object: EncodedObject

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) { object.set(.null, for: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) { object.set(.bool(value), for: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) { object.set(.string(value), for: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        object.set(try encoder.floatingPoint(value, at: key), for: key.stringValue)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        object.set(try encoder.floatingPoint(value, at: key), for: key.stringValue)
    }
    mutating func encode(_ value: Int, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { integer(value, key) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        object.set(try encoder.encoded(value, at: key), for: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested: EncodedObject
        if case .object(let existing) = object.value(for: key.stringValue) {
            nested = existing
        } else {
            nested = EncodedObject()
            object.set(.object(nested), for: key.stringValue)
        }
        return KeyedEncodingContainer(
            DocumentKeyedEncodingContainer<NestedKey>(encoder: child(key), object: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested: EncodedArray
        if case .array(let existing) = object.value(for: key.stringValue) {
            nested = existing
        } else {
            nested = EncodedArray()
            object.set(.array(nested), for: key.stringValue)
        }
        return DocumentUnkeyedEncodingContainer(encoder: child(key), array: nested)
    }

    mutating func superEncoder() -> any Encoder { superEncoder(at: SuperKey()) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(at: key) }

    private func superEncoder(at key: any CodingKey) -> any Encoder {
        let nested = child(key)
        object.set(.pending(nested), for: key.stringValue)
        return nested
    }

    private func child(_ key: any CodingKey) -> DocumentEncoder {
        DocumentEncoder(options: encoder.options, path: DocumentCodingPath.appending(encoder.path, key))
    }

    private func integer<Integer: FixedWidthInteger>(_ value: Integer, _ key: Key) {
        object.set(.number(String(value)), for: key.stringValue)
    }
}
