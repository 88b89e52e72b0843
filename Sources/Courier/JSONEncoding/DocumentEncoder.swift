import Foundation

/// An `Encoder` that builds an `EncodedJSON` value: Courier's own JSON encoder, with Foundation's
/// `JSONEncoder`'s rules (see `JSONEncoding`) but one: a `Double` or `Float` that is whole is
/// written as `2.0`, not `2`, so that a server that tells numbers from integers by their text
/// reads the number it was sent. It is its own single-value container, as Foundation's is.
final class DocumentEncoder: Encoder, SingleValueEncodingContainer {
    let options: DocumentEncodingOptions
    let path: DocumentCodingPath?
    /// What has been encoded here.
    var storage: EncodedJSON?

    init(options: DocumentEncodingOptions, path: DocumentCodingPath?) {
        self.options = options
        self.path = path
    }

    var codingPath: [any CodingKey] { DocumentCodingPath.keys(path) }
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: EncodedObject
        if case .object(let existing) = storage {
            object = existing
        } else {
            object = EncodedObject()
            storage = .object(object)
        }
        return KeyedEncodingContainer(DocumentKeyedEncodingContainer<Key>(encoder: self, object: object))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        if case .array(let existing) = storage {
            array = existing
        } else {
            array = EncodedArray()
            storage = .array(array)
        }
        return DocumentUnkeyedEncodingContainer(encoder: self, array: array)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: - SingleValueEncodingContainer

    func encodeNil() { storage = .null }
    func encode(_ value: Bool) { storage = .bool(value) }
    func encode(_ value: String) { storage = .string(value) }
    func encode(_ value: Double) throws { storage = try floatingPoint(value, at: nil) }
    func encode(_ value: Float) throws { storage = try floatingPoint(value, at: nil) }
    func encode(_ value: Int) { storage = .number(String(value)) }
    func encode(_ value: Int8) { storage = .number(String(value)) }
    func encode(_ value: Int16) { storage = .number(String(value)) }
    func encode(_ value: Int32) { storage = .number(String(value)) }
    func encode(_ value: Int64) { storage = .number(String(value)) }
    func encode(_ value: UInt) { storage = .number(String(value)) }
    func encode(_ value: UInt8) { storage = .number(String(value)) }
    func encode(_ value: UInt16) { storage = .number(String(value)) }
    func encode(_ value: UInt32) { storage = .number(String(value)) }
    func encode(_ value: UInt64) { storage = .number(String(value)) }
    func encode<Value: Encodable>(_ value: Value) throws { storage = try encoded(value, at: nil) }

    // MARK: - Values

    /// A value's JSON, at `key` below this encoder's path; an empty object for a value that
    /// wrote nothing, as in Foundation.
    func encoded<Value: Encodable>(_ value: Value, at key: (any CodingKey)?) throws -> EncodedJSON {
        try encodedIfAny(value, at: key) ?? .object(EncodedObject())
    }

    /// A value's JSON, at `key` below this encoder's path, or `nil` when it wrote nothing.
    func encodedIfAny<Value: Encodable>(_ value: Value, at key: (any CodingKey)?) throws -> EncodedJSON? {
        // The types Foundation's encoder writes its own way, found by comparing types (cheaper
        // than a cast); each is a struct, so no subclass can hide behind another type.
        if Value.self == Double.self { return try floatingPoint(unsafeBitCast(value, to: Double.self), at: key) }
        if Value.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if Value.self == Float.self { return try floatingPoint(unsafeBitCast(value, to: Float.self), at: key) }
        if Value.self == Decimal.self { return try decimal(unsafeBitCast(value, to: Decimal.self), at: key) }
        if Value.self == URL.self { return .string(unsafeBitCast(value, to: URL.self).absoluteString) }
        if Value.self == Date.self { return try encoded(unsafeBitCast(value, to: Date.self), at: key) }
        if Value.self == Data.self { return try encoded(unsafeBitCast(value, to: Data.self), at: key) }
        let nested = DocumentEncoder(options: options, path: DocumentCodingPath.appending(path, key))
        try value.encode(to: nested)
        return nested.storage
    }

    /// A finite number's text, keeping `.0` on a whole one; infinities and NaN as the options say.
    func floatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Number, at key: (any CodingKey)?
    ) throws -> EncodedJSON {
        if value.isFinite { return .number(value.description) }
        guard let strings = options.nonConformingFloats else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: DocumentCodingPath.keys(path, appending: key),
                    debugDescription: "Unable to encode \(Number.self).\(value) directly in JSON."))
        }
        return .string(value.isNaN ? strings.nan : value < 0 ? strings.negativeInfinity : strings.positiveInfinity)
    }

    /// A decimal's digits; NaN is refused (Foundation's encoder writes `NaN`, which is not JSON).
    private func decimal(_ value: Decimal, at key: (any CodingKey)?) throws -> EncodedJSON {
        guard !value.isNaN else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: DocumentCodingPath.keys(path, appending: key),
                    debugDescription: "Unable to encode Decimal.nan directly in JSON."))
        }
        return .number(value.description)
    }

    private func encoded(_ date: Date, at key: (any CodingKey)?) throws -> EncodedJSON {
        switch options.dates {
        case .deferredToDate: return try floatingPoint(date.timeIntervalSinceReferenceDate, at: key)
        case .secondsSince1970: return try floatingPoint(date.timeIntervalSince1970, at: key)
        case .millisecondsSince1970: return try floatingPoint(date.timeIntervalSince1970 * 1000, at: key)
        case .custom(let closure):
            let nested = DocumentEncoder(options: options, path: DocumentCodingPath.appending(path, key))
            try closure(date, nested)
            return nested.storage ?? .object(EncodedObject())
        }
    }

    private func encoded(_ data: Data, at key: (any CodingKey)?) throws -> EncodedJSON {
        switch options.data {
        case .base64: return .string(data.base64EncodedString())
        case .deferredToData:
            let nested = DocumentEncoder(options: options, path: DocumentCodingPath.appending(path, key))
            try data.encode(to: nested)
            return nested.storage ?? .object(EncodedObject())
        case .custom(let closure):
            let nested = DocumentEncoder(options: options, path: DocumentCodingPath.appending(path, key))
            try closure(data, nested)
            return nested.storage ?? .object(EncodedObject())
        }
    }
}
