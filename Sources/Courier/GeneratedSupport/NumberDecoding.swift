public import Foundation

/// Generated models read a number that a server sends as text (`"price": "-0.0075"`, as
/// Twilio's API does where its description says `number`) as that number, the way Jackson and
/// most JSON libraries coerce scalars: the value is the one the server meant, where refusing it
/// would fail the whole response. Text that is not a number of that type is still the original
/// type-mismatch error. Generated code reaches these overloads through `decodeValue(_:at:)` and
/// `decodeValueIfPresent(_:at:)`; a JSON number takes the usual path. Within a union, a variant
/// that would read text as a number gives way to one that reads it as it is (`VariantTrial`).
@_spi(Generated) extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// Decodes a `Double`, or text that is one. Within a union trying this variant with others
    /// left, a number a `Double` would round is declined (see `VariantTrial`).
    @_spi(Generated) public func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let number = try decodeNumber(type, forKey: key)
        try declineIfRounded(number, at: key)
        return number
    }

    /// Decodes a `Double`, or text that is one, if present. Within a union trying this variant
    /// with others left, a number a `Double` would round is declined (see `VariantTrial`).
    @_spi(Generated) public func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        let number = try decodeNumberIfPresent(type, forKey: key)
        if let number { try declineIfRounded(number, at: key) }
        return number
    }

    /// Decodes an array of `Double`s. Within a union trying this variant with others left, one
    /// that a `Double` would round is declined (see `VariantTrial`).
    @usableFromInline func decodeDoubles(forKey key: Key) throws -> [Double] {
        let numbers = try decode([Double].self, forKey: key)
        if VariantTrial.isActive,
            UnionVariant.aDoubleRounds(any: numbers, exactly: try? decode([Decimal].self, forKey: key))
        {
            throw VariantTrial.Declined()
        }
        return numbers
    }

    /// Decodes a dictionary of `Double`s. Within a union trying this variant with others left,
    /// one that a `Double` would round is declined (see `VariantTrial`).
    @usableFromInline func decodeDoubleValues(forKey key: Key) throws -> [String: Double] {
        let numbers = try decode([String: Double].self, forKey: key)
        if VariantTrial.isActive,
            UnionVariant.aDoubleRounds(any: numbers, exactly: try? decode([String: Decimal].self, forKey: key))
        {
            throw VariantTrial.Declined()
        }
        return numbers
    }

    /// Within a union trying this variant with others left, declines a number that the `Double`
    /// read at `key` changes: another variant may keep every digit.
    private func declineIfRounded(_ number: Double, at key: Key) throws {
        guard VariantTrial.isActive,
            UnionVariant.aDoubleRounds(number, exactly: try? decode(Decimal.self, forKey: key))
        else { return }
        throw VariantTrial.Declined()
    }

    /// Decodes a `Float`, or text that is one.
    @_spi(Generated) public func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decodeNumber(type, forKey: key)
    }

    /// Decodes a `Float`, or text that is one, if present.
    @_spi(Generated) public func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try decodeNumberIfPresent(type, forKey: key)
    }

    /// Decodes an `Int`, or text that is one.
    @_spi(Generated) public func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try decodeNumber(type, forKey: key)
    }

    /// Decodes an `Int`, or text that is one, if present.
    @_spi(Generated) public func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try decodeNumberIfPresent(type, forKey: key)
    }

    /// Decodes a `Decimal`, or text that is a number, every digit kept.
    @_spi(Generated) public func decode(_ type: Decimal.Type, forKey key: Key) throws -> Decimal {
        try decodeNumber(type, forKey: key, parse: Self.decimal)
    }

    /// Decodes a `Decimal`, or text that is a number, if present.
    @_spi(Generated) public func decodeIfPresent(_ type: Decimal.Type, forKey key: Key) throws -> Decimal? {
        try decodeNumberIfPresent(type, forKey: key, parse: Self.decimal)
    }

    /// Decodes an `Int32`, or text that is one.
    @_spi(Generated) public func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try decodeNumber(type, forKey: key)
    }

    /// Decodes an `Int32`, or text that is one, if present.
    @_spi(Generated) public func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try decodeNumberIfPresent(type, forKey: key)
    }

    /// Decodes an `Int64`, or text that is one.
    @_spi(Generated) public func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try decodeNumber(type, forKey: key)
    }

    /// Decodes an `Int64`, or text that is one, if present.
    @_spi(Generated) public func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try decodeNumberIfPresent(type, forKey: key)
    }

    // Generic, so that the calls inside reach the container's own methods, not the overloads above.
    private func decodeNumber<Number: Decodable & LosslessStringConvertible>(_ type: Number.Type, forKey key: Key)
        throws -> Number
    {
        try decodeNumber(type, forKey: key) { Number($0) }
    }

    private func decodeNumberIfPresent<Number: Decodable & LosslessStringConvertible>(
        _ type: Number.Type, forKey key: Key
    ) throws -> Number? {
        try decodeNumberIfPresent(type, forKey: key) { Number($0) }
    }

    private func decodeNumber<Number: Decodable>(
        _ type: Number.Type, forKey key: Key, parse: (String) -> Number?
    ) throws -> Number {
        do {
            return try decode(type, forKey: key)
        } catch DecodingError.typeMismatch(let expected, let context) {
            return try number(fromTextAt: key, parse: parse, orMismatch: expected, context)
        }
    }

    private func decodeNumberIfPresent<Number: Decodable>(
        _ type: Number.Type, forKey key: Key, parse: (String) -> Number?
    ) throws -> Number? {
        do {
            return try decodeIfPresent(type, forKey: key)
        } catch DecodingError.typeMismatch(let expected, let context) {
            return try number(fromTextAt: key, parse: parse, orMismatch: expected, context)
        }
    }

    /// The number in the text at `key`, or the original type mismatch when there is none.
    private func number<Number>(
        fromTextAt key: Key, parse: (String) -> Number?, orMismatch expected: Any.Type,
        _ context: DecodingError.Context
    ) throws -> Number {
        guard let text = try? decode(String.self, forKey: key).trimmingCharacters(in: .whitespaces),
            let value = parse(text)
        else { throw DecodingError.typeMismatch(expected, context) }
        // A union trying this variant with others left: one may take the text as text.
        if VariantTrial.isActive { throw VariantTrial.Declined() }
        return value
    }

    /// A `Decimal` from text that is a whole JSON number (`-12.50`, `1e3`), every digit kept, read
    /// by Courier's own JSON reader; `nil` for anything else, a number followed by other text
    /// included (which `Decimal(string:)` alone would read: `12abc` as 12).
    private static func decimal(_ text: String) -> Decimal? {
        try? JSONDecoding.decode(Decimal.self, from: Data(text.utf8), options: JSONDecoder())
    }
}
