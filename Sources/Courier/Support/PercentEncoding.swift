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

    /// The reserved characters a query value keeps as they are where its parameter allows
    /// them (OpenAPI's `allowReserved`, RFC 6570's reserved expansion), but those a query or a
    /// form gives a meaning of its own, which are still encoded: `#`, `[`, `]`, `&`, `+`, `=`.
    static func isKeptReserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
            UInt8(ascii: ","), UInt8(ascii: ";"):
            true
        default: false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"),
            UInt8(ascii: "a")...UInt8(ascii: "f"):
            true
        default: false
        }
    }

    /// What ``encode(_:spaceAsPlus:keeping:)`` writes as it is, beside the unreserved characters.
    enum Kept {
        /// Nothing else: every other byte is percent-encoded.
        case nothing
        /// The reserved characters ``isKeptReserved(_:)`` names, and escapes (`%2F`), as
        /// RFC 6570's reserved expansion keeps them.
        case reserved
        /// Everything a URL holds: every reserved character (RFC 3986) and escapes, as a
        /// browser's URL parser keeps them; only a space, `"`, `<`, non-ASCII text's UTF-8, a `%`
        /// that starts no escape and the like are encoded.
        case everythingAURLHolds

        func keeps(_ byte: UInt8) -> Bool {
            switch self {
            case .nothing: false
            case .reserved: isKeptReserved(byte)
            case .everythingAURLHolds: isKeptReserved(byte) || "&=+#[]".utf8.contains(byte)
            }
        }
    }

    /// Encodes a string's UTF-8 bytes.
    /// - Parameters:
    ///   - value: The text to encode.
    ///   - spaceAsPlus: Whether a space becomes `+`, as `application/x-www-form-urlencoded` wants.
    ///   - kept: What is written as it is beside the unreserved characters.
    static func encode(_ value: String, spaceAsPlus: Bool = false, keeping kept: Kept = .nothing) -> String {
        let utf8 = value.utf8
        if utf8.allSatisfy(isUnreserved) { return value }
        // The string's own bytes, read in place (no copy for a native string).
        var value = value
        return value.withUTF8 { source in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(source.count * 3)
            var index = 0
            while index < source.count {
                let byte = source[index]
                index += 1
                if isUnreserved(byte) || kept.keeps(byte) {
                    bytes.append(byte)
                } else if kept != .nothing, byte == UInt8(ascii: "%"), index + 1 < source.count,
                    isHexDigit(source[index]), isHexDigit(source[index + 1])
                {
                    // Already percent-encoded: passed through, as RFC 6570's reserved expansion does.
                    bytes += source[index - 1...index + 1]
                    index += 2
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
}
