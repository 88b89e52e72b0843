/// Reads JSON (RFC 8259) into ``Node``s that remember their positions.
///
/// Foundation's `JSONSerialization` loses key order and positions; both matter for
/// deterministic output and for errors that point at the file.
struct JSONReader {
    private let bytes: [UInt8]
    /// The document, shared by every location the reader records.
    private let source: SourceLocation.Source
    private var position = 0
    private var line = 1
    private var depth = 0
    /// Stops ``depth`` where the thread's stack would run out.
    private let stack = StackGuard()

    static func read(_ bytes: [UInt8], file: String) throws(ReadError) -> Node {
        var reader = JSONReader(bytes: bytes, file: file)
        reader.skipByteOrderMark()
        reader.skipWhitespace()
        let node = try reader.readValue()
        reader.skipWhitespace()
        guard reader.position == bytes.count else {
            throw ReadError("Unexpected content after the JSON value.", at: reader.location)
        }
        return node
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.source = SourceLocation.Source(file: file, bytes: bytes, carriageReturnBreaksLines: false)
    }

    /// Where the reader is; the column is counted only if someone reads it.
    private var location: SourceLocation {
        SourceLocation(in: source, line: line, offset: position)
    }

    private mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
        }
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0D: position += 1
            case 0x0A:
                position += 1
                line += 1
            default: return
            }
        }
    }

    private mutating func readValue() throws(ReadError) -> Node {
        guard position < bytes.count else { throw ReadError("The JSON ends where a value was expected.", at: location) }
        let start = location
        switch bytes[position] {
        case UInt8(ascii: "{"): return Node(.mapping(try readObject()), at: start)
        case UInt8(ascii: "["): return Node(.sequence(try readArray()), at: start)
        case UInt8(ascii: "\""): return Node(.string(try readString()), at: start)
        case UInt8(ascii: "t"): try expectWord("true"); return Node(.bool(true), at: start)
        case UInt8(ascii: "f"): try expectWord("false"); return Node(.bool(false), at: start)
        case UInt8(ascii: "n"): try expectWord("null"); return Node(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return Node(try readNumber(), at: start)
        default:
            throw ReadError(
                "Unexpected character '\(Character(Unicode.Scalar(bytes[position])))'; expected a JSON value.",
                at: start)
        }
    }

    private mutating func expectWord(_ word: String) throws(ReadError) {
        let start = location
        for expected in word.utf8 {
            guard position < bytes.count, bytes[position] == expected else {
                throw ReadError("Invalid literal; expected '\(word)'.", at: start)
            }
            position += 1
        }
    }

    private mutating func enter() throws(ReadError) {
        depth += 1
        guard depth <= 512 else { throw ReadError("The JSON nests deeper than 512 levels.", at: location) }
        guard stack.hasRoom else {
            throw ReadError("The JSON nests deeper (\(depth) levels) than this thread's stack can read.", at: location)
        }
    }

    private mutating func readObject() throws(ReadError) -> Mapping {
        try enter()
        defer { depth -= 1 }
        position += 1
        var mapping = Mapping()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return mapping
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw ReadError("Expected a quoted key in the object.", at: location)
            }
            let keyLocation = location
            let key = try readString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw ReadError("Expected ':' after the key \"\(key)\".", at: location)
            }
            position += 1
            skipWhitespace()
            let value = try readValue()
            guard mapping.append(key, value) else {
                throw ReadError("Duplicate key \"\(key)\" in the object.", at: keyLocation)
            }
            skipWhitespace()
            guard position < bytes.count else { throw ReadError("The JSON ends inside an object.", at: location) }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return mapping
            } else {
                throw ReadError("Expected ',' or '}' in the object.", at: location)
            }
        }
    }

    private mutating func readArray() throws(ReadError) -> [Node] {
        try enter()
        defer { depth -= 1 }
        position += 1
        var items: [Node] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return items
        }
        while true {
            skipWhitespace()
            items.append(try readValue())
            skipWhitespace()
            guard position < bytes.count else { throw ReadError("The JSON ends inside an array.", at: location) }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return items
            } else {
                throw ReadError("Expected ',' or ']' in the array.", at: location)
            }
        }
    }

    private mutating func readString() throws(ReadError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[start..<position], as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw ReadError("A control character must be escaped in a JSON string.", at: location) }
            position += 1
        }
        var buffer = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                            bytes[position + 1] == UInt8(ascii: "u")
                        else { throw ReadError("A high surrogate must be followed by a low surrogate.", at: location) }
                        position += 2
                        let low = try readHex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            throw ReadError("Invalid low surrogate in a \\u escape.", at: location)
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard Escapes.appendUTF8(of: scalar, to: &buffer) else {
                        throw ReadError("Invalid Unicode scalar in a \\u escape.", at: location)
                    }
                default:
                    position -= 2
                    throw ReadError(
                        "Invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a JSON string.", at: location)
                }
            default:
                if byte < 0x20 {
                    throw ReadError("A control character must be escaped in a JSON string.", at: location)
                }
                buffer.append(byte)
                position += 1
            }
        }
        throw ReadError("The JSON ends inside a string.", at: location)
    }

    private mutating func readHex4() throws(ReadError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw ReadError("Incomplete \\u escape.", at: location) }
        guard let value = Escapes.hexNumber(in: bytes, at: position, count: 4) else {
            throw ReadError("Invalid hex digit in a \\u escape.", at: location)
        }
        position += 4
        return value
    }

    private mutating func readNumber() throws(ReadError) -> Node.Value {
        let start = position
        let startLocation = location
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        func digits() -> Int {
            let begin = position
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
            return position - begin
        }
        let integerDigits = digits()
        guard integerDigits > 0 else { throw ReadError("Invalid number.", at: startLocation) }
        if integerDigits > 1, bytes[position - integerDigits] == UInt8(ascii: "0") {
            throw ReadError("Numbers may not have leading zeros in JSON.", at: startLocation)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard digits() > 0 else { throw ReadError("Expected digits after the decimal point.", at: location) }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw ReadError("Expected digits in the exponent.", at: location) }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger { return Int(text).map(Node.Value.integer) ?? .largeInteger(text) }
        guard let double = Double(text) else { throw ReadError("Invalid number \(text).", at: startLocation) }
        return .double(double)
    }
}
