/// Reads the text of a JSON string or number that `JSONTapeParser` delimited: unescaping and
/// checking UTF-8, and converting numbers exactly (an integer type takes only an integral value
/// that fits; a floating-point type only a finite one that does not round a non-zero number to
/// zero).
enum JSONText {
    /// Why a string's text is not a string.
    enum StringFailure: Error {
        case invalidUTF8
        case unpairedSurrogate(UInt16)
    }

    /// The value of a hexadecimal digit.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The string a string token's text stands for.
    /// - Parameters:
    ///   - text: The bytes between the quotes.
    ///   - flags: The token's flags (`JSONToken.escaped`, `JSONToken.nonASCII`).
    static func string(_ text: UnsafeBufferPointer<UInt8>, flags: UInt8) throws(StringFailure) -> String {
        if flags & JSONToken.nonASCII != 0, !isValidUTF8(text) { throw .invalidUTF8 }
        if flags & JSONToken.escaped == 0 { return String(decoding: text, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let byte = text[index]
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                index += 1
                continue
            }
            // The parser checked every escape, so the bytes it names are there.
            let escape = text[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                let unit = codeUnit(text, at: index)
                index += 4
                var scalar = UInt32(unit)
                if unit >= 0xD800, unit < 0xDC00 {
                    guard index + 1 < text.count, text[index] == UInt8(ascii: "\\"),
                        text[index + 1] == UInt8(ascii: "u")
                    else { throw .unpairedSurrogate(unit) }
                    let low = codeUnit(text, at: index + 2)
                    guard low >= 0xDC00, low < 0xE000 else { throw .unpairedSurrogate(unit) }
                    index += 6
                    scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                } else if unit >= 0xDC00, unit < 0xE000 {
                    throw .unpairedSurrogate(unit)
                }
                // Every value left is a scalar: surrogates were paired or refused above.
                UTF8.encode(Unicode.Scalar(scalar)!) { bytes.append($0) }
            default: bytes.append(escape)  // `"`, `\` and `/` stand for themselves.
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func codeUnit(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16 {
        var unit: UInt16 = 0
        for offset in 0..<4 { unit = unit << 4 | UInt16(hexValue(text[index + offset]) ?? 0) }
        return unit
    }

    /// Whether the bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates,
    /// nothing above U+10FFFF).
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func isContinuation(_ index: Int) -> Bool { index < bytes.count && bytes[index] & 0xC0 == 0x80 }
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            switch lead {
            case 0..<0x80:
                index += 1
            case 0xC2..<0xE0:
                guard isContinuation(index + 1) else { return false }
                index += 2
            case 0xE0..<0xF0:
                guard isContinuation(index + 1), isContinuation(index + 2) else { return false }
                let second = bytes[index + 1]
                if lead == 0xE0, second < 0xA0 { return false }
                if lead == 0xED, second >= 0xA0 { return false }
                index += 3
            case 0xF0..<0xF5:
                guard isContinuation(index + 1), isContinuation(index + 2), isContinuation(index + 3) else {
                    return false
                }
                let second = bytes[index + 1]
                if lead == 0xF0, second < 0x90 { return false }
                if lead == 0xF4, second >= 0x90 { return false }
                index += 4
            default:
                return false
            }
        }
        return true
    }

    /// The integer a number's text stands for, when it is integral and fits in `Integer`
    /// (`2`, `2.0`, `2e3`, `-0`); `nil` otherwise (`2.5`, `1e400`, 2⁶⁴ for `Int64`).
    /// - Parameters:
    ///   - text: A number's text, as the parser checked it.
    ///   - isInteger: Whether it is digits only, after an optional minus sign.
    static func integer<Integer: FixedWidthInteger>(
        _ text: UnsafeBufferPointer<UInt8>, isInteger: Bool, as type: Integer.Type
    ) -> Integer? {
        let negative = text[0] == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        if isInteger, text.count - index <= 18 {
            var value: Int64 = 0
            while index < text.count {
                value = value &* 10 &+ Int64(text[index] &- UInt8(ascii: "0"))
                index += 1
            }
            return Integer(exactly: negative ? -value : value)
        }
        // Digits of the significand (without the point), and the power of ten that scales them.
        var digits: [UInt8] = []
        var scale = 0
        var afterPoint = false
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                afterPoint = true
            } else if byte | 0x20 == UInt8(ascii: "e") {
                break
            } else {
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte &- UInt8(ascii: "0")) }
                if afterPoint { scale -= 1 }
            }
            index += 1
        }
        if index < text.count {
            index += 1
            var exponentNegative = false
            if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                exponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            var exponent = 0
            while index < text.count {
                exponent = min(exponent * 10 + Int(text[index] &- UInt8(ascii: "0")), 1_000_000)
                index += 1
            }
            scale += exponentNegative ? -exponent : exponent
        }
        if digits.isEmpty { return 0 }
        if scale < 0 {
            // The digits scaled away must all be zero.
            guard -scale <= digits.count, digits.suffix(-scale).allSatisfy({ $0 == 0 }) else { return nil }
            digits.removeLast(-scale)
            scale = 0
        }
        guard digits.count + scale <= 20 else { return nil }
        var magnitude: UInt64 = 0
        for digit in digits + [UInt8](repeating: 0, count: scale) {
            let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(digit))
            if overflow || carry { return nil }
            magnitude = sum
        }
        if !negative { return Integer(exactly: magnitude) }
        guard Integer.isSigned, magnitude <= UInt64(Int64.max) + 1 else { return magnitude == 0 ? 0 : nil }
        if magnitude == UInt64(Int64.max) + 1 { return Integer(exactly: Int64.min) }
        return Integer(exactly: -Int64(magnitude))
    }

    /// The double a number's text stands for; `nil` when it overflows or rounds a non-zero
    /// number to zero, which Foundation's decoder also refuses.
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        if let value = exactDouble(text) { return value }
        guard let value = Double(String(decoding: text, as: UTF8.self)) else { return nil }
        return representable(value, text)
    }

    /// The float a number's text stands for, on the same terms as `double(_:)`.
    static func float(_ text: UnsafeBufferPointer<UInt8>) -> Float? {
        guard let value = Float(String(decoding: text, as: UTF8.self)) else { return nil }
        return representable(value, text)
    }

    private static func representable<Value: BinaryFloatingPoint>(
        _ value: Value, _ text: UnsafeBufferPointer<UInt8>
    ) -> Value? {
        guard value.isFinite else { return nil }
        if value == 0 {
            // Zero only when every digit of the significand is.
            for byte in text {
                if byte | 0x20 == UInt8(ascii: "e") { break }
                if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") { return nil }
            }
        }
        return value
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { product, _ in product * 10 }
    }

    /// The double for a significand of at most 15 digits and a power of ten within 10²²: both
    /// exact as doubles, so one multiplication or division rounds correctly (Clinger's fast
    /// path). `nil` for any other text.
    private static func exactDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var significand: UInt64 = 0
        var digits = 0
        var scale = 0
        var afterPoint = false
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                afterPoint = true
            } else if byte | 0x20 == UInt8(ascii: "e") {
                return nil
            } else {
                if significand != 0 || byte != UInt8(ascii: "0") { digits += 1 }
                significand = significand &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                if afterPoint { scale += 1 }
            }
            index += 1
        }
        guard digits <= 15, scale <= 22 else { return nil }
        let value = Double(significand) / powersOfTen[scale]
        return negative ? -value : value
    }
}
