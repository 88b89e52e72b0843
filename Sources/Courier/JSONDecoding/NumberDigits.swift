/// The number a numeral names, as its significant digits (without leading or trailing zeros)
/// and the power of ten that places them, `0.d₁d₂…dₙ × 10^exponent`: two numerals name the
/// same number when these are equal (`1e2`, `100` and `100.00`; a `Double`'s or a `Decimal`'s
/// shortest text and the JSON text it was read from).
struct NumberDigits: Equatable {
    /// Whether the number is below zero (never for zero).
    var isNegative: Bool
    /// The significant digits' values, `0...9`; empty for zero.
    var digits: [UInt8]
    /// The power of ten that places the digits after the point (`2` for `12`, `-1` for `0.01`).
    var exponent: Int

    /// Reads a numeral such as JSON or Swift writes it: a sign, digits with at most one point,
    /// then an optional `e` or `E` with a signed exponent.
    /// - Parameter text: The numeral's UTF-8 bytes.
    /// - Returns: `nil` for anything else (`inf`, `nan`, an empty text).
    init?(_ text: some Collection<UInt8>) {
        var index = text.startIndex
        var isNegative = false
        if index < text.endIndex, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            isNegative = text[index] == UInt8(ascii: "-")
            index = text.index(after: index)
        }
        var digits: [UInt8] = []
        var wholeDigits = 0
        var afterPoint = false
        var sawDigit = false
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "."), !afterPoint {
                afterPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                sawDigit = true
                // Leading zeros are not significant: before the point they place nothing, after
                // it each moves the digits one place down.
                if digits.isEmpty, byte == UInt8(ascii: "0") {
                    if afterPoint { wholeDigits -= 1 }
                } else {
                    digits.append(byte - UInt8(ascii: "0"))
                    if !afterPoint { wholeDigits += 1 }
                }
            } else {
                break
            }
            index = text.index(after: index)
        }
        guard sawDigit else { return nil }
        var exponent = 0
        if index < text.endIndex {
            guard text[index] | 0x20 == UInt8(ascii: "e") else { return nil }
            index = text.index(after: index)
            var exponentIsNegative = false
            if index < text.endIndex, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                exponentIsNegative = text[index] == UInt8(ascii: "-")
                index = text.index(after: index)
            }
            guard index < text.endIndex else { return nil }
            while index < text.endIndex {
                let byte = text[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                // Past any power a number can have, the exponent stops growing (no overflow).
                exponent = min(exponent * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000_000)
                index = text.index(after: index)
            }
            if exponentIsNegative { exponent = -exponent }
        }
        while digits.last == 0 { digits.removeLast() }
        if digits.isEmpty {
            (self.isNegative, self.digits, self.exponent) = (false, [], 0)
        } else {
            (self.isNegative, self.digits, self.exponent) = (isNegative, digits, wholeDigits + exponent)
        }
    }
}
