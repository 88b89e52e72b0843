/// RFC 3986 percent-encoding that keeps only unreserved characters (`A–Z a–z 0–9 - . _ ~`).
///
/// Encoding every reserved character (`+ & = ; # / ? space` and the rest) means servers read
/// the value back exactly, whatever their parser's quirks.
enum PercentEncoding {
    private static let hex = Array("0123456789ABCDEF".utf8)

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Encodes a string's UTF-8 bytes.
    /// - Parameters:
    ///   - value: The text to encode.
    ///   - spaceAsPlus: Whether a space becomes `+`, as `application/x-www-form-urlencoded` wants.
    static func encode(_ value: String, spaceAsPlus: Bool = false) -> String {
        let utf8 = value.utf8
        if utf8.allSatisfy(isUnreserved) { return value }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else if spaceAsPlus, byte == UInt8(ascii: " ") {
                bytes.append(UInt8(ascii: "+"))
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
