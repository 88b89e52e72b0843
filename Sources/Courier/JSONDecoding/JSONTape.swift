import Foundation

/// One JSON value of a parsed document: where its text is, or, for an object or array, how many
/// members or elements it has and where it ends.
///
/// A document is a flat list of these in text order (a tape): an object is followed by its
/// members, each a key (a string token) and its value; an array by its elements. A container's
/// `end` is the index of the token after its last descendant, so skipping a value is one step.
struct JSONToken {
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null
    }

    /// Strings: the text holds a backslash escape.
    static let escaped: UInt8 = 1
    /// Strings: the text holds a byte outside ASCII, so it must be checked as UTF-8.
    static let nonASCII: UInt8 = 2
    /// Numbers: digits only, after an optional minus sign.
    static let integer: UInt8 = 1
    /// Keys: a later key of a name that an earlier key of the object has (set by
    /// `JSONDocument.checkKeys(of:path:)`; the first of a name counts, as in Foundation's decoder).
    static let shadowed: UInt8 = 4
    /// Objects: a key holds an escape or a byte outside ASCII (checked as text, compared decoded).
    static let unusualKeys: UInt8 = 1
    /// Objects: the keys have been checked (`JSONDocument.checkKeys(of:path:)`).
    static let keysChecked: UInt8 = 2

    var kind: Kind
    var flags: UInt8 = 0
    /// Scalars: `start`; containers: `count` (a token is 16 bytes).
    private var startOrCount: UInt32
    /// Scalars: the byte offset after the text (for a string, of its closing quote);
    /// containers: the index of the token after the container's last descendant.
    var end: UInt32 = 0
    /// Objects: the index of the member key that a lookup tries first (the one after the key
    /// found last, since models read keys in about the order servers write them).
    var hint: UInt32 = 0

    /// A string, number or literal.
    init(kind: Kind, flags: UInt8 = 0, start: UInt32, end: UInt32) {
        self.kind = kind
        self.flags = flags
        self.startOrCount = start
        self.end = end
    }

    /// An object or array, empty until its members or elements are counted.
    init(container kind: Kind) {
        self.kind = kind
        self.startOrCount = 0
    }

    /// Scalars: the byte offset of the text (for a string, after its opening quote).
    var start: UInt32 { startOrCount }

    /// Objects: members; arrays: elements.
    var count: UInt32 {
        get { startOrCount }
        set { startOrCount = newValue }
    }
}

/// Why a text is not JSON, and where.
struct JSONSyntaxError: Error, CustomStringConvertible {
    /// What is wrong.
    let reason: String
    /// Where it was found: the line and column, from 1.
    let line: Int
    let column: Int

    var description: String { "\(reason) at line \(line), column \(column)." }
}

/// Parses JSON text (RFC 8259, strictly: no trailing commas, which Foundation's `JSONDecoder`
/// lets through; like it, any value at the top and nesting up to 512 levels) into tokens,
/// checking its syntax in one pass. Strings and numbers are only delimited here (their escapes
/// and number syntax checked); they are read when a value is decoded.
struct JSONTapeParser: ~Copyable {
    /// How deep arrays and objects may nest, as in Foundation's decoder.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// The tokens so far; `take()` hands them over.
    var tokens: JSONTokens

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        tokens = JSONTokens(capacity: max(16, bytes.count / 8))
    }

    /// Parses the whole text.
    /// - Throws: `JSONSyntaxError` at the first thing that is not JSON.
    mutating func parse() throws(JSONSyntaxError) {
        var open: [Int] = []
        skipWhitespace()
        value: while true {
            // A value starts here.
            guard position < bytes.count else { throw failure("Unexpected end of text; expected a value") }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard open.count < Self.maximumDepth else {
                    throw failure("More than \(Self.maximumDepth) nested arrays and objects")
                }
                let isObject = byte == UInt8(ascii: "{")
                open.append(tokens.count)
                tokens.append(JSONToken(container: isObject ? .object : .array))
                position += 1
                skipWhitespace()
                if position < bytes.count, bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    close(&open)
                } else {
                    if isObject { try memberKey(in: open[open.count - 1]) }
                    continue value
                }
            case UInt8(ascii: "\""):
                try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number()
            case UInt8(ascii: "t"):
                try literal("true", .true)
            case UInt8(ascii: "f"):
                try literal("false", .false)
            case UInt8(ascii: "n"):
                try literal("null", .null)
            default:
                throw failure("Unexpected \(describe(byte)); expected a value")
            }
            // After a value: the next member or element, or the end of its container.
            while let container = open.last {
                tokens[container].count += 1
                skipWhitespace()
                guard position < bytes.count else {
                    throw failure(
                        "Unexpected end of text inside an \(tokens[container].kind == .object ? "object" : "array")")
                }
                let isObject = tokens[container].kind == .object
                let next = bytes[position]
                if next == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if isObject { try memberKey(in: container) }
                    continue value
                }
                guard next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw failure("Unexpected \(describe(next)); expected ',' or '\(isObject ? "}" : "]")'")
                }
                position += 1
                close(&open)
            }
            break
        }
        skipWhitespace()
        guard position == bytes.count else {
            throw failure("Unexpected \(describe(bytes[position])) after the JSON value")
        }
    }

    /// Ends the innermost open container; the loop after a value counts it in its parent.
    private mutating func close(_ open: inout [Int]) {
        let container = open.removeLast()
        tokens[container].end = UInt32(tokens.count)
        tokens[container].hint = UInt32(container + 1)
    }

    /// A member's key and the colon after it; leaves the position at its value.
    private mutating func memberKey(in object: Int) throws(JSONSyntaxError) {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            if position >= bytes.count { throw failure("Unexpected end of text; expected a key") }
            throw failure("Unexpected \(describe(bytes[position])); expected a key in quotes")
        }
        try string()
        if tokens[tokens.count - 1].flags != 0 { tokens[object].flags |= JSONToken.unusualKeys }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            if position >= bytes.count { throw failure("Unexpected end of text; expected ':'") }
            throw failure("Unexpected \(describe(bytes[position])); expected ':' after a key")
        }
        position += 1
        skipWhitespace()
    }

    private mutating func string() throws(JSONSyntaxError) {
        let opening = position
        position += 1
        var flags: UInt8 = 0
        var highBits: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                if highBits & 0x80 != 0 { flags |= JSONToken.nonASCII }
                tokens.append(
                    JSONToken(kind: .string, flags: flags, start: UInt32(opening + 1), end: UInt32(position)))
                position += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                flags |= JSONToken.escaped
                position += 1
                guard position < bytes.count else { break }
                switch bytes[position] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 1
                case UInt8(ascii: "u"):
                    guard position + 4 < bytes.count else {
                        throw failure("Unexpected end of text inside a string that starts", at: opening)
                    }
                    for offset in 1...4 where JSONText.hexValue(bytes[position + offset]) == nil {
                        throw failure("Invalid \\u escape: four hexadecimal digits expected", at: position + offset)
                    }
                    position += 5
                default:
                    throw failure("Invalid escape \\\(describe(bytes[position]))")
                }
                continue
            }
            if byte < 0x20 { throw failure("Unescaped control character \(describe(byte)) in a string") }
            highBits |= byte
            position += 1
        }
        throw failure("Unexpected end of text inside a string that starts", at: opening)
    }

    private mutating func number() throws(JSONSyntaxError) {
        let start = position
        var integer = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw failure("A number needs a digit") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw failure("A number cannot start with 0 followed by digits")
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            integer = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw failure("A number needs a digit after its decimal point")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            integer = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw failure("A number needs a digit in its exponent")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        tokens.append(
            JSONToken(
                kind: .number, flags: integer ? JSONToken.integer : 0, start: UInt32(start), end: UInt32(position)))
    }

    private mutating func literal(_ word: StaticString, _ kind: JSONToken.Kind) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        for offset in 0..<count {
            guard position + offset < bytes.count else {
                throw failure("Unexpected end of text; expected \(word)", at: bytes.count)
            }
            guard bytes[position + offset] == start[offset] else {
                throw failure(
                    "Unexpected \(describe(bytes[position + offset])); expected \(word)", at: position + offset)
            }
        }
        tokens.append(JSONToken(kind: kind, start: UInt32(position), end: UInt32(position + count)))
        position += count
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func failure(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        let offset = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return JSONSyntaxError(reason: reason, line: line, column: offset - lineStart + 1)
    }
}

/// A growing list of tokens in memory of its own (`realloc`, which can grow a large block
/// without copying it), so that a large document never holds two copies of its tokens.
struct JSONTokens: ~Copyable {
    private var storage: UnsafeMutablePointer<JSONToken>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        storage = Self.resize(nil, to: capacity)
    }

    deinit { free(storage) }

    subscript(index: Int) -> JSONToken {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    mutating func append(_ token: JSONToken) {
        if count == capacity {
            capacity *= 2
            storage = Self.resize(storage, to: capacity)
        }
        (storage + count).initialize(to: token)
        count += 1
    }

    /// The tokens, for `JSONDocument` to keep and free.
    consuming func take() -> UnsafeMutableBufferPointer<JSONToken> {
        let tokens = UnsafeMutableBufferPointer(start: storage, count: count)
        discard self
        return tokens
    }

    private static func resize(_ storage: UnsafeMutablePointer<JSONToken>?, to capacity: Int)
        -> UnsafeMutablePointer<JSONToken>
    {
        guard let memory = realloc(storage, capacity * MemoryLayout<JSONToken>.stride) else {
            fatalError("Out of memory for \(capacity) JSON tokens")
        }
        return memory.bindMemory(to: JSONToken.self, capacity: capacity)
    }
}
