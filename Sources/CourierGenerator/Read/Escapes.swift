/// What the JSON and YAML readers share to read escapes in quoted text (`\u00e9`, `\x41`): hex
/// digits and the UTF-8 of the scalar they name. Each reader keeps its own list of escapes and
/// its own error wording.
enum Escapes {
    /// The value of a hex digit (`0`–`9`, `a`–`f`, `A`–`F`), or `nil`.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The number written by `count` (at most 8) hex digits at `offset`, or `nil` when the
    /// bytes end first or one of them is not a hex digit.
    static func hexNumber(in bytes: [UInt8], at offset: Int, count: Int) -> UInt32? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        var value: UInt32 = 0
        for index in offset..<(offset + count) {
            guard let digit = hexValue(bytes[index]) else { return nil }
            value = value &* 16 &+ digit
        }
        return value
    }

    /// Appends the UTF-8 of the Unicode scalar `value` to `buffer`; `false` (and nothing
    /// appended) when `value` is not a scalar (a surrogate, or beyond U+10FFFF).
    static func appendUTF8(of value: UInt32, to buffer: inout [UInt8]) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        UTF8.encode(scalar) { buffer.append($0) }
        return true
    }
}
