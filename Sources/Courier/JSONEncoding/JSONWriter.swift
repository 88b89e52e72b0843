/// Writes an `EncodedJSON` value as compact JSON text, as Foundation's `JSONEncoder` writes it:
/// no whitespace, `/` escaped as `\/` unless asked not to, control characters escaped
/// (`\n`, `\u001f`), every other character as its UTF-8; keys in the order they were first
/// written, or sorted as `String`s (`.sortedKeys`).
struct JSONWriter {
    let sortsKeys: Bool
    let escapesSlashes: Bool
    private(set) var bytes: [UInt8] = []

    init(sortsKeys: Bool, escapesSlashes: Bool) {
        self.sortsKeys = sortsKeys
        self.escapesSlashes = escapesSlashes
    }

    mutating func write(_ value: EncodedJSON) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .string(let text): write(string: text)
        case .array(let array):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in array.elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            let order =
                sortsKeys
                ? object.keys.indices.sorted { object.keys[$0] < object.keys[$1] } : Array(object.keys.indices)
            for (count, index) in order.enumerated() {
                if count > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string: object.keys[index])
                bytes.append(UInt8(ascii: ":"))
                write(object.values[index])
            }
            bytes.append(UInt8(ascii: "}"))
        case .pending(let encoder):
            write(encoder.storage ?? .object(EncodedObject()))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "/") where escapesSlashes:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "/")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
