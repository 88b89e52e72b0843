/// The optional keys a generated struct read as `null`, or was told to send as `null`
/// (`setNull(_:)`), so that encoding the value writes them as `null` instead of leaving them out.
///
/// A server that sends `"customer": null` and one that leaves `customer` out both decode to a
/// `nil` property, but they are different payloads: re-encoding the first without its key
/// loses a key the server sent (and a `PATCH` built from it would no longer clear the value).
/// A generated struct keeps one of these beside its properties. It takes no part in equality
/// or hashing: two values whose properties are equal are equal, however their `nil`s were
/// written.
@_spi(Generated) public struct ExplicitNulls: Hashable, Sendable, CustomDebugStringConvertible {
    /// The names, in the order they were read or set; usually empty, which allocates nothing.
    @usableFromInline var names: [String] = []

    /// No key read as `null`.
    @inlinable public init() {}

    /// Adds `name`, to be sent as `null` while its property is `nil` (`setNull(_:)`).
    /// - Parameter name: The key's name.
    public mutating func insert(_ name: String) {
        if !names.contains(name) { names.append(name) }
    }

    /// Whether `name` goes as `null` while its property is `nil`.
    @inlinable func contains(_ name: String) -> Bool {
        !names.isEmpty && names.contains(name)
    }

    /// Always `true`: how a `nil` was written is not part of the value.
    public static func == (lhs: Self, rhs: Self) -> Bool { true }

    /// Adds nothing, consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {}

    /// The names, as a list: what a struct's printed description shows for this member.
    public var debugDescription: String { names.debugDescription }
}

@_spi(Generated) extension ExplicitNulls {
    /// The keys of the object a generated struct decodes whose value is `null`.
    ///
    /// Every such key is listed, declared or not: encoding asks only about the optional keys
    /// the struct left `nil` (an undeclared key's `null` is kept in `additionalProperties`).
    /// Courier's decoder reads them in one pass over the object's members, making a string only
    /// for a `null`; another decoder lists the object's keys and asks each.
    /// - Parameters:
    ///   - container: The object's container.
    ///   - decoder: The decoder the struct decodes from.
    /// - Throws: `DecodingError` from the container.
    public init(of container: KeyedDecodingContainer<AnyCodingKey>, decoder: any Decoder) throws {
        if let decoder = decoder as? DocumentDecoder, decoder.document.tokens[decoder.token].kind == .object {
            names = decoder.document.nullMemberNames(of: decoder.token)
        } else {
            for key in container.allKeys where try container.decodeNil(forKey: key) { names.append(key.stringValue) }
        }
    }
}

@_spi(Generated) extension KeyedEncodingContainer where Key == AnyCodingKey {
    /// Encodes an optional property: the value, `null` when it is `nil` and the key is in
    /// `nulls`, or nothing.
    /// - Parameters:
    ///   - value: The value, or `nil`.
    ///   - name: The key's name.
    ///   - nulls: The keys that go as `null`.
    /// - Throws: `EncodingError` from the underlying container.
    @inlinable
    public mutating func encodeValueIfPresent<Value: Encodable>(
        _ value: Value?, at name: String, nulls: ExplicitNulls
    ) throws {
        if let value {
            try encodeValue(value, at: name)
        } else if nulls.contains(name) {
            try encodeNil(forKey: AnyCodingKey(name))
        }
    }

    /// Encodes an optional property holding URLs: the value, `null` when it is `nil` and the
    /// key is in `nulls`, or nothing.
    /// - Parameters:
    ///   - value: The value, or `nil`.
    ///   - name: The key's name.
    ///   - nulls: The keys that go as `null`.
    /// - Throws: `EncodingError` from the underlying container.
    public mutating func encodeURLsIfPresent<Value: URLContainer>(
        _ value: Value?, at name: String, nulls: ExplicitNulls
    ) throws {
        if let value {
            try encodeURLs(value, at: name)
        } else if nulls.contains(name) {
            try encodeNil(forKey: AnyCodingKey(name))
        }
    }
}
