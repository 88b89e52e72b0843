/// Scalars and tags: plain, quoted and block scalars, escapes, and the core schema.
extension YAMLReader {
    // MARK: Scalars

    /// Reads a tag as written (`!local`, `!!str`, `!<tag:yaml.org,2002:str>`); a blank or the end
    /// of the line must follow it.
    /// In a flow collection (`flow`), a flow indicator may end the tag of an empty node (`!!str,`).
    mutating func readTag(flow: Bool = false) throws(ReadError) -> String {
        let start = position
        if peek(at: position + 1) == UInt8(ascii: "<") {
            while let byte = current, byte != UInt8(ascii: ">"), !isBreak(byte) { position += 1 }
            guard current == UInt8(ascii: ">") else { throw error("The verbatim tag is never closed.", at: start) }
            position += 1
        } else {
            while let byte = current, !isSeparator(byte), !isFlowIndicator(byte) { position += 1 }
        }
        guard isSeparator(current) || (flow && isFlowIndicator(current)) else {
            throw error("A tag must be followed by a space or the end of the line.", at: start)
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func readName() -> String {
        position += 1
        let start = position
        while let byte = current, !isSeparator(byte), !isFlowIndicator(byte) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Reads a plain scalar up to the end of its first line; `isKey` when it ends at `: `.
    mutating func readPlainLine(flow: Bool) -> (text: String, isKey: Bool) {
        let start = position
        var end = position
        var isKey = false
        while let byte = current, !isBreak(byte) {
            if byte == UInt8(ascii: ":") {
                let next = peek(at: position + 1)
                if isSeparator(next) || (flow && isFlowIndicator(next)) {
                    isKey = true
                    break
                }
            } else if byte == UInt8(ascii: "#") && position > start && isBlank(bytes[position - 1]) {
                break
            } else if flow && isFlowIndicator(byte) {
                break
            }
            position += 1
            if !isBlank(byte) { end = position }
        }
        if !isKey { position = end }
        let text = bytes.withUnsafeBufferPointer { String(decoding: $0[start..<end], as: UTF8.self) }
        return (text, isKey)
    }

    /// Folds the continuation lines of a multi-line plain scalar into `first`.
    mutating func continuePlain(_ first: String, parentIndent: Int) throws(ReadError)
        -> (text: String, multiline: Bool)
    {
        var text = first
        var multiline = false
        while true {
            let savedPosition = position, savedLine = line, savedLineStart = lineStart
            skipBlanks()
            guard isBreak(current) else {
                position = savedPosition
                return (text, multiline)
            }
            consumeBreak()
            let (emptyLines, indentation) = skipEmptyLines()
            guard let next = current, indentation > parentIndent, !atDocumentMarker, next != UInt8(ascii: "#")
            else {
                position = savedPosition
                line = savedLine
                lineStart = savedLineStart
                return (text, multiline)
            }
            let lineStartOffset = position
            let (more, isKey) = readPlainLine(flow: false)
            if isKey {
                throw error(
                    "A mapping key cannot continue a multi-line plain scalar; check the indentation.",
                    at: lineStartOffset)
            }
            text += emptyLines == 0 ? " " : String(repeating: "\n", count: emptyLines)
            text += more
            multiline = true
        }
    }

    /// Skips the lines that hold only blanks, from the start of a line to the first that has
    /// content (or the end of the input), and says how many there were and how far that line's
    /// content is indented. The indentation is spaces; blanks (tabs too) may separate it from the
    /// content, and a line of blanks alone is an empty line.
    mutating func skipEmptyLines() -> (emptyLines: Int, indentation: Int) {
        var emptyLines = 0
        while true {
            while current == 0x20 { position += 1 }
            let indentation = column
            skipBlanks()
            guard isBreak(current) else { return (emptyLines, indentation) }
            emptyLines += 1
            consumeBreak()
        }
    }

    /// The text of the plain scalar that starts at `offset`, if the last node read was one.
    func plainText(at offset: Int) -> String? {
        guard let last = lastPlainScalar, last.offset == offset else { return nil }
        return last.text
    }

    /// Applies a tag: the core schema's standard tags convert or check the value (`!!str 1` is
    /// text, `!!int "3"` a number), the non-specific `!` makes a plain scalar text, and other tags
    /// (local ones, `!foo`) are ignored, since a description's meaning does not depend on them.
    /// - Parameter raw: The scalar as written, when it was plain.
    mutating func applyTag(_ tag: String, to node: Node, raw: String?, at start: Int) throws(ReadError)
        -> Node
    {
        // The core schema's tags by their short names; `!` for the non-specific tag; others as resolved.
        let resolved = try resolvedTag(tag, at: start)
        let name: Substring =
            if let resolved {
                resolved.hasPrefix("tag:yaml.org,2002:") ? "!!" + resolved.dropFirst(18) : Substring(resolved)
            } else {
                "!"
            }
        let text: String? =
            switch node.value {
            case .string(let text): raw ?? text
            case .null: raw ?? ""
            case .bool, .integer, .double, .largeInteger: raw
            case .sequence, .mapping: nil
            }
        func converted(_ value: Node.Value?, _ expected: String) throws(ReadError) -> Node {
            guard let value else {
                throw error("The value does not match its tag \(tag); expected \(expected).", at: start)
            }
            return Node(value, at: node.location)
        }
        switch name {
        case "!!str", "!":
            guard let text else { return try converted(nil, "a scalar") }
            return Node(.string(text), at: node.location)
        case "!!int":
            switch text.map(resolvePlain) {
            case .integer(let number): return Node(.integer(number), at: node.location)
            case .largeInteger(let digits): return Node(.largeInteger(digits), at: node.location)
            default: return try converted(nil, "an integer")
            }
        case "!!float":
            guard let text else { return try converted(nil, "a number") }
            switch resolvePlain(text) {
            case .integer(let number): return Node(.double(Double(number)), at: node.location)
            case .double(let number): return Node(.double(number), at: node.location)
            case .largeInteger(let digits): return Node(.double(Double(digits) ?? .nan), at: node.location)
            default: return try converted(nil, "a number")
            }
        case "!!bool":
            guard let text, case .bool(let flag) = resolvePlain(text) else {
                return try converted(nil, "true or false")
            }
            return Node(.bool(flag), at: node.location)
        case "!!null":
            guard let text, case .null = resolvePlain(text) else { return try converted(nil, "null") }
            return Node(.null, at: node.location)
        case "!!map":
            guard case .mapping = node.value else { return try converted(nil, "a mapping") }
            return node
        case "!!seq":
            guard case .sequence = node.value else { return try converted(nil, "a sequence") }
            return node
        default:
            if ignoredTags.insert(String(name)).inserted {
                warnings.append(
                    ReadWarning(
                        message: "The tag \(tag) is not one of YAML's core tags; it is ignored.",
                        location: location(at: start)))
            }
            return node
        }
    }

    /// Applies the YAML 1.2 core schema to a plain scalar.
    func resolvePlain(_ text: String) -> Node.Value {
        guard let first = text.utf8.first else { return .null }
        // Most scalars are words or small integers: decide those without comparing against every
        // keyword or copying the text.
        if let integer = Self.smallInteger(text.utf8) { return .integer(integer) }
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"):
            switch text {
            case "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
            case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
            case ".nan", ".NaN", ".NAN": return .double(.nan)
            default: break
            }
        default:
            if first < 0x30 || first > 0x39 { return .string(text) }
        }
        let utf8 = Array(text.utf8)
        guard let first = utf8.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                || (first >= 0x30 && first <= 0x39)
        else { return .string(text) }
        // `0o[0-7]+` and `0x[0-9a-fA-F]+`, digits only: `0x-1` and `0o+7` are text.
        if utf8.count > 2, utf8[0] == UInt8(ascii: "0"), utf8[1] == UInt8(ascii: "o") {
            guard utf8.dropFirst(2).allSatisfy({ $0 >= 0x30 && $0 <= 0x37 }) else { return .string(text) }
            return Int(String(text.dropFirst(2)), radix: 8).map(Node.Value.integer) ?? .string(text)
        }
        if utf8.count > 2, utf8[0] == UInt8(ascii: "0"), utf8[1] == UInt8(ascii: "x") {
            guard
                utf8.dropFirst(2).allSatisfy({
                    ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x66 || ($0 >= 0x30 && $0 <= 0x39)
                })
            else { return .string(text) }
            return Int(String(text.dropFirst(2)), radix: 16).map(Node.Value.integer) ?? .string(text)
        }
        var digits = utf8[...]
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        if !digits.isEmpty && digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            let normalized = first == UInt8(ascii: "+") ? String(text.dropFirst()) : text
            if let integer = Int(normalized) { return .integer(integer) }
            // Beyond 64 bits: the digits, without the leading zeros YAML allows and JSON does not.
            let sign = normalized.hasPrefix("-") ? "-" : ""
            let significant = normalized.drop { $0 == "-" || $0 == "0" }
            return .largeInteger(sign + (significant.isEmpty ? "0" : significant))
        }
        // [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        var index = digits.startIndex
        func count(_ predicate: (UInt8) -> Bool) -> Int {
            let begin = index
            while index < digits.endIndex && predicate(digits[index]) { index += 1 }
            return index - begin
        }
        let isDigit: (UInt8) -> Bool = { $0 >= 0x30 && $0 <= 0x39 }
        let leading = count(isDigit)
        var fraction = 0
        var hasPoint = false
        if index < digits.endIndex && digits[index] == UInt8(ascii: ".") {
            hasPoint = true
            index += 1
            fraction = count(isDigit)
        }
        guard leading > 0 || fraction > 0, leading > 0 || hasPoint else { return .string(text) }
        if index < digits.endIndex && (digits[index] == UInt8(ascii: "e") || digits[index] == UInt8(ascii: "E")) {
            index += 1
            if index < digits.endIndex && (digits[index] == UInt8(ascii: "+") || digits[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard count(isDigit) > 0 else { return .string(text) }
        }
        guard index == digits.endIndex else { return .string(text) }
        return Double(first == UInt8(ascii: "+") ? String(text.dropFirst()) : text).map(Node.Value.double)
            ?? .string(text)
    }

    /// Reads a single- or double-quoted scalar, folding line breaks.
    /// Reads a quoted scalar; in a block collection, its continuation lines must be indented more
    /// than `parentIndent` (spaces only: a tab is not indentation).
    mutating func parseQuoted(parentIndent: Int) throws(ReadError) -> String {
        let quote = current!
        let start = position
        position += 1
        var buffer: [UInt8] = []
        // Blanks up to here came from escapes (`\t`): they are content, not trimmed at a line break.
        var escapedLength = 0
        while true {
            guard let byte = current else {
                throw error("The quoted scalar starting here is never closed.", at: start)
            }
            if byte == quote {
                if quote == UInt8(ascii: "'") && peek(at: position + 1) == UInt8(ascii: "'") {
                    buffer.append(quote)
                    position += 2
                    continue
                }
                position += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if isBreak(byte) {
                try foldQuotedBreak(into: &buffer, keeping: escapedLength, parentIndent: parentIndent, start: start)
                continue
            }
            if quote == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") {
                try readEscape(into: &buffer, start: start)
                escapedLength = buffer.count
                continue
            }
            buffer.append(byte)
            position += 1
        }
    }

    mutating func foldQuotedBreak(
        into buffer: inout [UInt8], keeping escapedLength: Int, parentIndent: Int, start: Int
    ) throws(ReadError) {
        while buffer.count > escapedLength, let last = buffer.last, isBlank(last) { buffer.removeLast() }
        consumeBreak()
        let (emptyLines, indentation) = skipEmptyLines()
        if current == nil || atDocumentMarker {
            throw error("The quoted scalar starting here is never closed.", at: start)
        }
        if indentation <= parentIndent {
            throw error("This line of a quoted scalar must be indented more than its key or `- `.")
        }
        if emptyLines == 0 {
            buffer.append(0x20)
        } else {
            buffer.append(contentsOf: repeatElement(0x0A, count: emptyLines))
        }
    }

    mutating func readEscape(into buffer: inout [UInt8], start: Int) throws(ReadError) {
        let escapeStart = position
        position += 1
        guard let code = current else { throw error("The quoted scalar starting here is never closed.", at: start) }
        if isBreak(code) {
            // An escaped line break joins the lines without a space.
            consumeBreak()
            skipBlanks()
            return
        }
        position += 1
        func append(_ scalar: UInt32) throws(ReadError) {
            guard Escapes.appendUTF8(of: scalar, to: &buffer) else {
                throw error("The escape names an invalid Unicode scalar.", at: escapeStart)
            }
        }
        switch code {
        case UInt8(ascii: "0"): buffer.append(0x00)
        case UInt8(ascii: "a"): buffer.append(0x07)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "t"), 0x09: buffer.append(0x09)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "v"): buffer.append(0x0B)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "e"): buffer.append(0x1B)
        case UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "\\"): buffer.append(code)
        case UInt8(ascii: "N"): try append(0x85)
        case UInt8(ascii: "_"): try append(0xA0)
        case UInt8(ascii: "L"): try append(0x2028)
        case UInt8(ascii: "P"): try append(0x2029)
        case UInt8(ascii: "x"): try append(try readHex(2, escapeStart: escapeStart))
        case UInt8(ascii: "u"): try append(try readHex(4, escapeStart: escapeStart))
        case UInt8(ascii: "U"): try append(try readHex(8, escapeStart: escapeStart))
        default:
            throw error(
                "Unknown escape \"\\\(Character(Unicode.Scalar(code)))\" in a double-quoted scalar.", at: escapeStart)
        }
    }

    mutating func readHex(_ count: Int, escapeStart: Int) throws(ReadError) -> UInt32 {
        guard let value = Escapes.hexNumber(in: bytes, at: position, count: count) else {
            throw error("Expected \(count) hex digits in the escape.", at: escapeStart)
        }
        position += count
        return value
    }

    /// Reads a literal (`|`) or folded (`>`) block scalar.
    mutating func parseBlockScalar(parentIndent: Int) throws(ReadError) -> Node {
        let start = position
        let folded = current == UInt8(ascii: ">")
        position += 1
        var chomping: UInt8? = nil
        var explicitIndent: Int? = nil
        for _ in 0..<2 {
            guard let byte = current else { break }
            if (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")) && chomping == nil {
                chomping = byte
                position += 1
            } else if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") && explicitIndent == nil {
                explicitIndent = Int(byte - UInt8(ascii: "0"))
                position += 1
            }
        }
        try skipBlanksAndComment()
        guard isBreak(current) || current == nil else {
            throw error("Only a comment may follow a block scalar indicator on its line.")
        }
        let base = max(parentIndent, 0)
        var lines: [String] = []
        var indent = explicitIndent.map { (parentIndent < 0 ? 0 : base) + $0 }
        // The most spaces on the empty lines before the first content line, which may not have
        // fewer (the indentation would be ambiguous).
        var leadingSpaces = 0
        while isBreak(current) {
            consumeBreak()
            var spaces = 0
            while peek(at: position + spaces) == 0x20 { spaces += 1 }
            let afterSpaces = peek(at: position + spaces)
            if afterSpaces == 0x09, spaces < (indent ?? parentIndent + 1) {
                throw error("A tab cannot indent a line of a block scalar; use spaces.", at: position + spaces)
            }
            if afterSpaces == nil {
                // The end of input is not a line, but a last line of spaces without a line break is:
                // an empty line, or the spaces beyond the indentation.
                if spaces > 0 {
                    if let indent, spaces > indent {
                        lines.append(String(repeating: " ", count: spaces - indent))
                    } else {
                        lines.append("")
                    }
                }
                position += spaces
                break
            }
            let emptyLine = isBreak(afterSpaces)
            if indent == nil && emptyLine { leadingSpaces = max(leadingSpaces, spaces) }
            if indent == nil && !emptyLine {
                guard spaces > parentIndent else { break }
                if leadingSpaces > spaces {
                    throw error(
                        "A leading empty line of this block scalar has more spaces than its first line.", at: start)
                }
                indent = spaces
            }
            if emptyLine {
                if let indent, spaces > indent {
                    position += indent
                    let contentStart = position
                    while let byte = current, !isBreak(byte) { position += 1 }
                    lines.append(String(decoding: bytes[contentStart..<position], as: UTF8.self))
                } else {
                    position += spaces
                    lines.append("")
                }
                continue
            }
            guard let indent, spaces >= indent, !isDocumentMarker(at: position) else { break }
            position += indent
            let contentStart = position
            while let byte = current, !isBreak(byte) { position += 1 }
            lines.append(String(decoding: bytes[contentStart..<position], as: UTF8.self))
        }
        // Leave the position at the start of the line that ended the scalar.
        if !isBreak(current) && current != nil {
            position = lineStart
        } else if current == nil {
            // End of input.
        }
        var trailingEmpty = 0
        while let last = lines.last, last.isEmpty {
            trailingEmpty += 1
            lines.removeLast()
        }
        var text: String
        if folded {
            text = ""
            var pendingEmpty = 0
            var previousMoreIndented = false
            var seenContent = false
            for content in lines {
                if content.isEmpty {
                    pendingEmpty += 1
                    continue
                }
                let moreIndented = content.first == " " || content.first == "\t"
                if !seenContent {
                    text += String(repeating: "\n", count: pendingEmpty)
                } else if moreIndented || previousMoreIndented {
                    text += "\n" + String(repeating: "\n", count: pendingEmpty)
                } else {
                    text += pendingEmpty == 0 ? " " : String(repeating: "\n", count: pendingEmpty)
                }
                text += content
                pendingEmpty = 0
                previousMoreIndented = moreIndented
                seenContent = true
            }
        } else {
            text = lines.joined(separator: "\n")
        }
        switch chomping {
        case UInt8(ascii: "-"): break
        case UInt8(ascii: "+"):
            if !lines.isEmpty { text += "\n" }
            text += String(repeating: "\n", count: trailingEmpty)
        default:
            if !lines.isEmpty { text += "\n" }
        }
        return Node(.string(text), at: location(at: start))
    }
}
