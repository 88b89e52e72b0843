/// A coding key with any name: generated models decode and encode every property with one
/// (`AnyCodingKey("owner_name")`) rather than a `CodingKeys` enum of their own, and read
/// discriminators and keys a schema does not declare (`additionalProperties`) with it.
@_spi(Generated) public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    /// The key's name.
    public var stringValue: String
    /// Always `nil`: JSON object keys are strings.
    public var intValue: Int? { nil }

    /// Creates a key.
    /// - Parameter stringValue: The name.
    public init(_ stringValue: String) { self.stringValue = stringValue }
    /// Creates a key, as a decoder does for each name of an object it lists; `nil` for a name a
    /// generated struct declares while it lists its undeclared keys.
    /// - Parameter stringValue: The name.
    public init?(stringValue: String) {
        if UndeclaredKeyListing.excludes(stringValue) { return nil }
        self.stringValue = stringValue
    }
    /// Creates a key from an index, as its decimal text.
    /// - Parameter intValue: The index.
    public init?(intValue: Int) { self.stringValue = String(intValue) }
}

@_spi(Generated) extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// The values of the keys a generated struct does not declare, so that encoding the value
    /// again loses none of them (JSON Schema allows undeclared keys unless
    /// `additionalProperties` is false).
    /// - Parameter declared: The keys the struct declares.
    /// - Returns: The other keys' values; empty, without reading any value, when every key is declared.
    /// - Throws: `DecodingError` when a value is not JSON.
    public func undeclaredValues(declared: KeyNames) throws -> [String: JSONValue] {
        try undeclaredValues(excluding: declared)
    }

    /// The values of the keys a generated struct does not declare, the declared names given as
    /// one literal of space-separated names (`"amount currency id"`).
    ///
    /// The names are split once per thread and literal and kept, so a generated struct needs no
    /// static property of its own for them (the compiler builds an accessor, a one-time
    /// initializer and a declaration for each, about a hundredth of the memory of a debug
    /// build of Stripe's module).
    /// - Parameter names: The names the struct declares, none of them empty or holding a space.
    /// - Returns: The other keys' values.
    /// - Throws: `DecodingError` when a value is not JSON.
    public func undeclaredValues(declaredNames names: StaticString) throws -> [String: JSONValue] {
        try undeclaredValues(excluding: KeyNames.cached(names))
    }

    /// The values of the keys a generated struct does not declare, and the declared keys whose
    /// value is `null` (see `ExplicitNulls`), found as the keys are listed.
    /// - Parameters:
    ///   - names: The names the struct declares, none of them empty or holding a space.
    ///   - nulls: Set to the declared keys whose value is `null`.
    /// - Returns: The other keys' values.
    /// - Throws: `DecodingError` when a value is not JSON.
    public func undeclaredValues(declaredNames names: StaticString, nulls: inout ExplicitNulls) throws -> [String:
        JSONValue]
    {
        try undeclaredValues(excluding: KeyNames.cached(names), nulls: &nulls)
    }

    /// The values of the keys a generated struct does not declare, and the declared keys whose
    /// value is `null` (see `ExplicitNulls`), found as the keys are listed.
    /// - Parameters:
    ///   - declared: The keys the struct declares.
    ///   - nulls: Set to the declared keys whose value is `null`.
    /// - Returns: The other keys' values.
    /// - Throws: `DecodingError` when a value is not JSON.
    public func undeclaredValues(declared: KeyNames, nulls: inout ExplicitNulls) throws -> [String: JSONValue] {
        try undeclaredValues(excluding: declared, nulls: &nulls)
    }

    private func undeclaredValues(excluding declared: KeyNames) throws -> [String: JSONValue] {
        try undeclaredValues(UndeclaredKeyListing.keys(of: self, excluding: declared).keys, excluding: declared)
    }

    private func undeclaredValues(excluding declared: KeyNames, nulls: inout ExplicitNulls) throws -> [String:
        JSONValue]
    {
        let (keys, declaredNulls) = UndeclaredKeyListing.keys(of: self, excluding: declared)
        if let declaredNulls {
            nulls.names = declaredNulls
        } else {
            // Another decoder: it never showed the declared names, so each is asked.
            for name in declared.names where contains(AnyCodingKey(name)) {
                if try decodeNil(forKey: AnyCodingKey(name)) { nulls.names.append(name) }
            }
        }
        return try undeclaredValues(keys, excluding: declared)
    }

    private func undeclaredValues(_ keys: [AnyCodingKey], excluding declared: KeyNames) throws -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        var enclosing: [String]??
        // The check again: a decoder that made its keys before the listing still lists them all.
        for key in keys where !declared.contains(key.stringValue) {
            // An alternative decoded from its parent's object leaves the parent's keys to the parent.
            if enclosing == nil {
                let current = EnclosingKeys.current
                enclosing = .some(current.flatMap { $0.depth == codingPath.count ? $0.keys : nil })
            }
            if let parentKeys = enclosing ?? nil, parentKeys.contains(key.stringValue) { continue }
            values[key.stringValue] = try decode(JSONValue.self, forKey: key)
        }
        return values
    }
}

@_spi(Generated) extension KeyedEncodingContainer where Key == AnyCodingKey {
    /// Encodes the keys a generated struct does not declare, in key order, after its declared
    /// ones (which they never repeat).
    /// - Parameter values: The undeclared keys and their values.
    /// - Throws: `EncodingError` when a value cannot be encoded.
    public mutating func encodeUndeclared<Value: Encodable>(_ values: [String: Value]) throws {
        guard !values.isEmpty else { return }
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            if let urls = value as? any URLContainer {
                // Typed additional properties made of URLs keep each URL's text.
                try encode(urls.texts, forKey: AnyCodingKey(key))
            } else {
                try encode(value, forKey: AnyCodingKey(key))
            }
        }
    }
}

/// The keys a generated struct declares while the alternative it also matches (`oneOf` beside
/// `properties`, or inside `allOf`) decodes from the same JSON object, so that the alternative
/// does not keep them as its own undeclared keys.
@_spi(Generated) public enum EnclosingKeys {
    /// The object's depth in the coding path and the parent's keys.
    @TaskLocal static var current: (depth: Int, keys: [String])?

    /// Decodes an alternative with the parent's keys known.
    /// - Parameters:
    ///   - keys: The parent's declared keys.
    ///   - decoder: The decoder holding the shared object.
    ///   - body: Decodes the alternative.
    /// - Returns: The alternative.
    /// - Throws: What `body` throws.
    public static func decode<Value>(_ keys: [String], decoder: any Decoder, _ body: () throws -> Value) throws -> Value
    {
        let depth = decoder.codingPath.count
        var all = keys
        if let outer = current, outer.depth == depth { all += outer.keys }
        return try $current.withValue((depth, all)) { try body() }
    }
}
