public import Foundation

/// Generated models encode UUIDs in the canonical lowercase form (RFC 9562 §4: "output as lower
/// case characters"), as servers print them, not in `UUID`'s own uppercase: a server that
/// compares identifiers as text then finds the one it issued. Paths and queries already send
/// UUIDs lowercase. Generated code reaches these overloads through `encodeValue(_:at:)` and
/// `encodeValueIfPresent(_:at:)`; decoding accepts either case.
@_spi(Generated) extension KeyedEncodingContainer where Key == AnyCodingKey {
    /// Encodes a UUID as its lowercase string.
    /// - Parameters:
    ///   - value: The UUID.
    ///   - key: The key.
    /// - Throws: `EncodingError` from the underlying container.
    @_spi(Generated) public mutating func encode(_ value: UUID, forKey key: Key) throws {
        try encode(value.uuidString.lowercased(), forKey: key)
    }

    /// Encodes a UUID, if any, as its lowercase string.
    /// - Parameters:
    ///   - value: The UUID, or `nil` to encode nothing.
    ///   - key: The key.
    /// - Throws: `EncodingError` from the underlying container.
    @_spi(Generated) public mutating func encodeIfPresent(_ value: UUID?, forKey key: Key) throws {
        try encodeIfPresent(value?.uuidString.lowercased(), forKey: key)
    }

    /// Encodes UUIDs as their lowercase strings.
    /// - Parameters:
    ///   - value: The UUIDs.
    ///   - key: The key.
    /// - Throws: `EncodingError` from the underlying container.
    @_spi(Generated) public mutating func encode(_ value: [UUID], forKey key: Key) throws {
        try encode(value.map { $0.uuidString.lowercased() }, forKey: key)
    }

    /// Encodes UUIDs, if any, as their lowercase strings.
    /// - Parameters:
    ///   - value: The UUIDs, or `nil` to encode nothing.
    ///   - key: The key.
    /// - Throws: `EncodingError` from the underlying container.
    @_spi(Generated) public mutating func encodeIfPresent(_ value: [UUID]?, forKey key: Key) throws {
        try encodeIfPresent(value?.map { $0.uuidString.lowercased() }, forKey: key)
    }
}

/// A UUID, or an array, dictionary or optional made of UUIDs at any depth (`[String: UUID]`,
/// `[UUID?]`, `[[UUID]]`): values that generated code writes with each UUID lowercase, as it
/// writes a property that is one UUID or an array of them. `encodeValue(_:at:)`, a union's case
/// (`UnionVariant.encodeValue(_:to:)`) and parameters sent as text or JSON go through it.
@_spi(Generated) public protocol UUIDContainer: Encodable {
    /// The same shape with each UUID as its lowercase text.
    associatedtype LowercaseTexts: Encodable
    /// The value with each UUID as its lowercase text.
    var lowercaseTexts: LowercaseTexts { get }
}

@_spi(Generated) extension UUID: UUIDContainer {
    /// The lowercase text.
    public var lowercaseTexts: String { uuidString.lowercased() }
}

@_spi(Generated) extension Array: UUIDContainer where Element: UUIDContainer {
    /// Each element's lowercase texts.
    public var lowercaseTexts: [Element.LowercaseTexts] { map(\.lowercaseTexts) }
}

@_spi(Generated) extension Dictionary: UUIDContainer where Key == String, Value: UUIDContainer {
    /// Each value's lowercase texts.
    public var lowercaseTexts: [String: Value.LowercaseTexts] { mapValues(\.lowercaseTexts) }
}

@_spi(Generated) extension Optional: UUIDContainer where Wrapped: UUIDContainer {
    /// The wrapped value's lowercase texts, or `nil`.
    public var lowercaseTexts: Wrapped.LowercaseTexts? { self?.lowercaseTexts }
}
