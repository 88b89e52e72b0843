/// Where the reader is in the input: positions for errors, bytes and line breaks, comments,
/// directives and tags.
extension YAMLReader {
    // MARK: Positions

    var column: Int { position - lineStart }

    func location(at offset: Int? = nil) -> SourceLocation {
        let target = offset ?? position
        var lineNumber = line
        if target < lineStart {
            // A node that started on an earlier line: find that line by binary search.
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= target { low = middle } else { high = middle - 1 }
            }
            lineNumber = low + 1
        }
        // The column is counted only if someone reads it.
        return SourceLocation(in: source, line: lineNumber, offset: target)
    }

    func error(_ message: String, at offset: Int? = nil) -> ReadError {
        ReadError(message, at: location(at: offset))
    }

    // MARK: Characters

    func peek(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
    var current: UInt8? { peek(at: position) }

    func isBreak(_ byte: UInt8?) -> Bool { byte == 0x0A || byte == 0x0D }
    func isBlank(_ byte: UInt8?) -> Bool { byte == 0x20 || byte == 0x09 }
    /// A space, tab, line break or the end of input.
    func isSeparator(_ byte: UInt8?) -> Bool { byte == nil || isBlank(byte) || isBreak(byte) }
    func isFlowIndicator(_ byte: UInt8?) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    mutating func consumeBreak() {
        if current == 0x0D { position += 1 }
        if current == 0x0A { position += 1 }
        line += 1
        lineStart = position
        if lineStarts.count < line { lineStarts.append(position) }
    }

    mutating func skipBlanks() {
        while isBlank(current) { position += 1 }
    }

    /// Skips blanks and a comment up to the end of the line (not the break). A comment must be
    /// separated from what comes before it (`"value"# x` is an error).
    mutating func skipBlanksAndComment() throws(ReadError) {
        skipBlanks()
        if current == UInt8(ascii: "#") {
            if position > lineStart, !isBlank(bytes[position - 1]) {
                throw error("A comment needs a space before `#`.")
            }
            while let byte = current, !isBreak(byte) { position += 1 }
        }
    }

    /// Moves to the next content character, across empty and comment lines.
    mutating func skipToContent() throws(ReadError) {
        while true {
            try skipBlanksAndComment()
            guard isBreak(current) else { return }
            consumeBreak()
            // Indentation must be spaces.
            var offset = position
            while peek(at: offset) == 0x20 { offset += 1 }
            if peek(at: offset) == 0x09 {
                var after = offset
                while isBlank(peek(at: after)) { after += 1 }
                if let next = peek(at: after), !isBreak(next), next != UInt8(ascii: "#"),
                    offset == position || startsBlockStructure(at: after)
                {
                    throw error("Tabs are not allowed for indentation in YAML; use spaces.", at: offset)
                }
            }
        }
    }

    /// Whether the line's content from `offset` starts block structure (a `- ` entry, a `? ` or
    /// `: ` indicator, or a mapping key), which its indentation must place: after spaces, tabs
    /// may separate only a value from its indentation (`foo:` then ` \tbar`).
    func startsBlockStructure(at offset: Int) -> Bool {
        guard let first = peek(at: offset) else { return false }
        if [UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":")].contains(first), isSeparator(peek(at: offset + 1))
        {
            return true
        }
        var index = offset
        while let byte = peek(at: index), !isBreak(byte) {
            if byte == UInt8(ascii: ":"), isSeparator(peek(at: index + 1)) { return true }
            if byte == UInt8(ascii: "#"), index > offset, isBlank(bytes[index - 1]) { return false }
            index += 1
        }
        return false
    }

    /// Moves past a value's line to the next content; anything but a comment after the value on
    /// its own line (`a: "x"y`, `b: [1] z`) is an error that says so.
    mutating func skipToEndOfValue() throws(ReadError) {
        // A value that ended at a line's start (a nested block) leaves nothing on its line.
        let endsMidLine = bytes[min(lineStart, position)..<position].contains { !isBlank($0) }
        let valueLine = line
        try skipToContent()
        if endsMidLine, line == valueLine, current != nil {
            throw error("Unexpected text after the value on the same line; only a comment (` # …`) may follow it.")
        }
    }

    /// Reads a directive line (`%NAME parameter …`), up to a comment or the end of the line.
    mutating func readDirective() -> (name: String, parameters: [String]) {
        position += 1
        var words: [String] = []
        while let byte = current, !isBreak(byte) {
            if !words.isEmpty {
                skipBlanks()
                // A comment after blanks ends the directive; `#` inside a word does not.
                guard let next = current, !isBreak(next), next != UInt8(ascii: "#") else { break }
            }
            let wordStart = position
            while let byte = current, !isSeparator(byte) { position += 1 }
            words.append(String(decoding: bytes[wordStart..<position], as: UTF8.self))
        }
        return (words.first ?? "", Array(words.dropFirst()))
    }

    /// `!`, `!!`, or `!name!` with a name of letters, digits and `-`.
    static func isTagHandle(_ text: String) -> Bool {
        guard text.hasPrefix("!"), text.hasSuffix("!") else { return false }
        return text.count <= 2
            || text.dropFirst().dropLast().allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    /// A tag as written, resolved through the document's `%TAG` handles: `!!str` is
    /// `tag:yaml.org,2002:str` unless `!!` was redefined, `!e!foo` takes `!e!`'s prefix, `!<…>` is
    /// verbatim. `nil` for the non-specific `!`.
    func resolvedTag(_ tag: String, at start: Int) throws(ReadError) -> String? {
        if tag == "!" { return nil }
        if tag.hasPrefix("!<") { return String(tag.dropFirst(2).dropLast()) }
        let handle: String
        let suffix: Substring
        if tag.hasPrefix("!!") {
            handle = "!!"
            suffix = tag.dropFirst(2)
        } else if let end = tag.dropFirst().firstIndex(of: "!") {
            handle = String(tag[...end])
            suffix = tag[tag.index(after: end)...]
        } else {
            handle = "!"
            suffix = tag.dropFirst()
        }
        let prefix: String
        if let defined = tagHandles[handle] {
            prefix = defined
        } else {
            switch handle {
            case "!": prefix = "!"
            case "!!": prefix = "tag:yaml.org,2002:"
            default: throw error("The tag handle \(handle) is not defined by a %TAG directive.", at: start)
            }
        }
        return prefix + (String(suffix).removingPercentEncoding ?? String(suffix))
    }

    /// `[-+]?[0-9]{1,18}` as an integer (the core schema's decimal integers that surely fit).
    static func smallInteger(_ utf8: String.UTF8View) -> Int? {
        let scan = { (bytes: UnsafeBufferPointer<UInt8>) -> Int? in
            guard let first = bytes.first else { return nil }
            let signed = first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
            let digits = bytes.count - (signed ? 1 : 0)
            guard digits > 0, digits <= 18 else { return nil }
            var value = 0
            for byte in bytes[(signed ? 1 : 0)...] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return first == UInt8(ascii: "-") ? -value : value
        }
        if let result = utf8.withContiguousStorageIfAvailable(scan) { return result }
        return Array(utf8).withUnsafeBufferPointer(scan)
    }

    /// `1.2`: digits, a point, digits.
    static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    func isDocumentMarker(at offset: Int) -> Bool {
        guard offset == lineStart || (offset > 0 && bytes[offset - 1] == 0x0A), offset + 3 <= bytes.count else {
            return false
        }
        let first = bytes[offset]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return false }
        return bytes[offset + 1] == first && bytes[offset + 2] == first && isSeparator(peek(at: offset + 3))
    }

    var atDocumentMarker: Bool { isDocumentMarker(at: position) }

    mutating func enter() throws(ReadError) {
        depth += 1
        guard depth <= 512 else { throw error("The YAML nests deeper than 512 levels.") }
        guard stack.hasRoom else {
            throw error("The YAML nests deeper (\(depth) levels) than this thread's stack can read.")
        }
    }
}
