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
