/// Reads the YAML 1.2 that API descriptions use into ``Node``s that remember their positions.
///
/// Supported: block and flow mappings and sequences; plain, single- and double-quoted scalars
/// (all escapes, multi-line folding); literal `|` and folded `>` block scalars with chomping and
/// indentation indicators; comments; anchors, aliases and `<<` merge keys; `---` and `...`
/// markers; the YAML 1.2 core schema (so `on` and `yes` stay strings and `0755` is 755); tags,
/// with `%TAG` handles: the core schema's (`!!str`, `!!int` …) convert or check the value, others
/// are ignored.
///
/// Everything else (complex `?` keys, several documents in one file, tabs as indentation) is an
/// error naming `file:line:column`, never a silently different value.
struct YAMLReader {
    private let bytes: [UInt8]
    /// The indentation of the block node a flow collection is in; -1 at the top level.
    private var flowParentIndent = -1
    /// Properties (an anchor, tags) read in front of a node on its line: when the node turns out
    /// to be a mapping's first key, they belong to the key (the anchor names the key's text), and
    /// the mapping starts where they do.
    private var pendingKeyProperties: (anchor: String?, column: Int, start: Int)?
    /// The last plain scalar read, as written, and where it starts: a tag on it (`!!str 0o7`)
    /// applies to the text, not to the value it resolved to.
    private var lastPlainScalar: (offset: Int, text: String)?
    /// The document, shared by every location the reader records.
    private let source: SourceLocation.Source
    private var position = 0
    private var line = 1
    private var lineStart = 0
    private var anchors: [String: Node] = [:]
    /// Tags passed over, each reported once.
    private var warnings: [ReadWarning] = []
    private var ignoredTags: Set<String> = []
    /// Tag handles the document's `%TAG` directives define (`!e!` → `tag:example.com,2000:`).
    private var tagHandles: [String: String] = [:]
    private var depth = 0
    /// The offset where each line starts, filled in as lines are consumed.
    private var lineStarts: [Int] = [0]

    static func read(_ bytes: [UInt8], file: String) throws(ReadError) -> Node {
        var warnings: [ReadWarning] = []
        return try read(bytes, file: file, warnings: &warnings)
    }

    /// Reads a document, adding what it passes over (tags it does not apply) to `warnings`.
    static func read(_ bytes: [UInt8], file: String, warnings: inout [ReadWarning]) throws(ReadError) -> Node {
        var reader = YAMLReader(bytes: bytes, file: file)
        let node = try reader.readDocument()
        warnings += reader.warnings
        return node
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.source = SourceLocation.Source(file: file, bytes: bytes, carriageReturnBreaksLines: true)
    }

    // MARK: Positions

    private var column: Int { position - lineStart }

    private func location(at offset: Int? = nil) -> SourceLocation {
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

    private func error(_ message: String, at offset: Int? = nil) -> ReadError {
        ReadError(message, at: location(at: offset))
    }

    // MARK: Characters

    private func peek(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
    private var current: UInt8? { peek(at: position) }

    private func isBreak(_ byte: UInt8?) -> Bool { byte == 0x0A || byte == 0x0D }
    private func isBlank(_ byte: UInt8?) -> Bool { byte == 0x20 || byte == 0x09 }
    /// A space, tab, line break or the end of input.
    private func isSeparator(_ byte: UInt8?) -> Bool { byte == nil || isBlank(byte) || isBreak(byte) }
    private func isFlowIndicator(_ byte: UInt8?) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    private mutating func consumeBreak() {
        if current == 0x0D { position += 1 }
        if current == 0x0A { position += 1 }
        line += 1
        lineStart = position
        if lineStarts.count < line { lineStarts.append(position) }
    }

    private mutating func skipBlanks() {
        while isBlank(current) { position += 1 }
    }

    /// Skips blanks and a comment up to the end of the line (not the break). A comment must be
    /// separated from what comes before it (`"value"# x` is an error).
    private mutating func skipBlanksAndComment() throws(ReadError) {
        skipBlanks()
        if current == UInt8(ascii: "#") {
            if position > lineStart, !isBlank(bytes[position - 1]) {
                throw error("A comment needs a space before `#`.")
            }
            while let byte = current, !isBreak(byte) { position += 1 }
        }
    }

    /// Moves to the next content character, across empty and comment lines.
    private mutating func skipToContent() throws(ReadError) {
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
    private func startsBlockStructure(at offset: Int) -> Bool {
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
    private mutating func skipToEndOfValue() throws(ReadError) {
        // A value that ended at a line's start (a nested block) leaves nothing on its line.
        let endsMidLine = bytes[min(lineStart, position)..<position].contains { !isBlank($0) }
        let valueLine = line
        try skipToContent()
        if endsMidLine, line == valueLine, current != nil {
            throw error("Unexpected text after the value on the same line; only a comment (` # …`) may follow it.")
        }
    }

    /// Reads a directive line (`%NAME parameter …`), up to a comment or the end of the line.
    private mutating func readDirective() -> (name: String, parameters: [String]) {
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
    private static func isTagHandle(_ text: String) -> Bool {
        guard text.hasPrefix("!"), text.hasSuffix("!") else { return false }
        return text.count <= 2
            || text.dropFirst().dropLast().allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    /// A tag as written, resolved through the document's `%TAG` handles: `!!str` is
    /// `tag:yaml.org,2002:str` unless `!!` was redefined, `!e!foo` takes `!e!`'s prefix, `!<…>` is
    /// verbatim. `nil` for the non-specific `!`.
    private func resolvedTag(_ tag: String, at start: Int) throws(ReadError) -> String? {
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
    private static func smallInteger(_ utf8: String.UTF8View) -> Int? {
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
    private static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    private func isDocumentMarker(at offset: Int) -> Bool {
        guard offset == lineStart || (offset > 0 && bytes[offset - 1] == 0x0A), offset + 3 <= bytes.count else {
            return false
        }
        let first = bytes[offset]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return false }
        return bytes[offset + 1] == first && bytes[offset + 2] == first && isSeparator(peek(at: offset + 3))
    }

    private var atDocumentMarker: Bool { isDocumentMarker(at: position) }

    private mutating func enter() throws(ReadError) {
        depth += 1
        guard depth <= 512 else { throw error("The YAML nests deeper than 512 levels.") }
    }

    // MARK: Document

    private mutating func readDocument() throws(ReadError) -> Node {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            position = 3
            lineStart = 3
            lineStarts = [3]
        }
        try skipToContent()
        var sawDirective = false
        var sawYAMLDirective = false
        while current == UInt8(ascii: "%") && column == 0 {
            let start = position
            let (name, parameters) = readDirective()
            switch name {
            case "YAML":
                guard !sawYAMLDirective else { throw error("Only one %YAML directive is allowed.", at: start) }
                guard parameters.count == 1, Self.isVersion(parameters[0]) else {
                    throw error("%YAML takes one version, such as `%YAML 1.2`.", at: start)
                }
                sawYAMLDirective = true
            case "TAG":
                guard parameters.count == 2, Self.isTagHandle(parameters[0]) else {
                    throw error(
                        "%TAG takes a handle (`!`, `!!` or `!name!`) and a prefix, such as `%TAG !e! tag:example.com,2000:`.",
                        at: start)
                }
                guard tagHandles.updateValue(parameters[1], forKey: parameters[0]) == nil else {
                    throw error("The tag handle \(parameters[0]) is defined twice.", at: start)
                }
            default:
                break  // Reserved directives are ignored, as YAML says.
            }
            sawDirective = true
            try skipToContent()
        }
        if sawDirective && !(atDocumentMarker && current == UInt8(ascii: "-")) {
            throw error("Directives must be followed by `---`, the start of the document.")
        }
        var sawStartMarker = false
        if atDocumentMarker && current == UInt8(ascii: "-") {
            position += 3
            sawStartMarker = true
        }
        let node: Node
        try skipBlanksAndComment()
        if sawStartMarker && !isBreak(current) && current != nil {
            node = try parseNode(parentIndent: -1, inline: true)
        } else {
            try skipToContent()
            if current == nil || atDocumentMarker {
                node = Node(.null, at: location())
            } else {
                node = try parseNode(parentIndent: -1, inline: false)
            }
        }
        try skipToContent()
        var sawEndMarker = false
        if atDocumentMarker && current == UInt8(ascii: ".") {
            position += 3
            sawEndMarker = true
            try skipToContent()
            // Further `...` markers with nothing between them end no document.
            while atDocumentMarker && current == UInt8(ascii: ".") {
                position += 3
                try skipToContent()
            }
        }
        if (atDocumentMarker && current == UInt8(ascii: "-")) || (sawEndMarker && current != nil) {
            throw error("Several YAML documents in one file are not supported; a description is one document.")
        }
        guard current == nil else {
            throw error("Unexpected content; check the indentation of this line.")
        }
        return node
    }

    // MARK: Block structure

    /// Parses the node that starts at the current content character.
    /// - Parameters:
    ///   - parentIndent: The indentation of the enclosing block collection (-1 at the top).
    ///   - inline: Whether the node follows a mapping key on the same line, where a block
    ///     sequence or a nested mapping may not start.
    ///   - mappingValue: Whether the node is a mapping's value, whose block sequence may start at
    ///     the key's indentation after the value's anchor or tag (`key: &a` then `- item`).
    private mutating func parseNode(parentIndent: Int, inline: Bool, mappingValue: Bool = false) throws(ReadError)
        -> Node
    {
        try enter()
        defer { depth -= 1 }
        guard let first = current else { return Node(.null, at: location()) }
        let start = position
        let nodeColumn = column
        switch first {
        case UInt8(ascii: "&"):
            let name = readName()
            guard !name.isEmpty else { throw error("An anchor needs a name.", at: start) }
            try skipBlanksAndComment()
            let node: Node
            if isBreak(current) || current == nil {
                try skipToContent()
                if mappingValue, current == UInt8(ascii: "-"), isSeparator(peek(at: position + 1)),
                    column == parentIndent, !atDocumentMarker
                {
                    node = try parseBlockSequence(indent: parentIndent)
                } else if current == nil || column <= parentIndent || atDocumentMarker {
                    node = Node(.null, at: location(at: start))
                } else {
                    let innerStart = position
                    let innerHasAnchor = current == UInt8(ascii: "&")
                    node = try parseNode(parentIndent: parentIndent, inline: false)
                    // Another anchor at the start of the next line names a key when it starts a
                    // mapping; otherwise it names the same node a second time.
                    if innerHasAnchor, node.mapping == nil || node.location != location(at: innerStart) {
                        throw error("A node can have only one anchor.", at: innerStart)
                    }
                }
            } else {
                if current == UInt8(ascii: "*") {
                    throw error("An alias cannot have an anchor: `&name *other` names nothing new.", at: start)
                }
                if current == UInt8(ascii: "-") && isSeparator(peek(at: position + 1)) {
                    throw error("An anchor on a block sequence goes on the line before its first `- `.", at: start)
                }
                let outer = pendingKeyProperties
                pendingKeyProperties = (name, outer?.column ?? nodeColumn, outer?.start ?? start)
                node = try parseNode(parentIndent: parentIndent, inline: inline)
                // Claimed by a mapping's first key: the anchor named the key, and this is the mapping.
                if pendingKeyProperties == nil { return node }
                pendingKeyProperties = outer
            }
            anchors[name] = node
            return node
        case UInt8(ascii: "*"):
            let node = try readAlias()
            skipBlanks()
            if current == UInt8(ascii: ":") && isSeparator(peek(at: position + 1)) {
                // An alias as a mapping's first key: the key is the text the alias names.
                if inline { throw error("A nested mapping must start on a new line.", at: start) }
                let key = try keyText(of: node)
                let (indent, keyStart) = claimKeyProperties(key, column: nodeColumn, start: start)
                return try parseBlockMapping(indent: indent, firstKey: key, keyStart: keyStart)
            }
            return Node(node.value, at: location(at: start))
        case UInt8(ascii: "!"):
            let tag = try readTag()
            try skipBlanksAndComment()
            if isBreak(current) || current == nil {
                try skipToContent()
                // A mapping value's block sequence may start at its key's indentation.
                if mappingValue, current == UInt8(ascii: "-"), isSeparator(peek(at: position + 1)),
                    column == parentIndent, !atDocumentMarker
                {
                    return try applyTag(tag, to: parseBlockSequence(indent: parentIndent), raw: nil, at: start)
                }
                if current == nil || column <= parentIndent || atDocumentMarker {
                    return try applyTag(tag, to: Node(.null, at: location(at: start)), raw: "", at: start)
                }
                let valueStart = position
                let node = try parseNode(parentIndent: parentIndent, inline: false)
                return try applyTag(tag, to: node, raw: plainText(at: valueStart), at: start)
            }
            // An anchor after the tag (`!!int &c 4`) names the tagged value.
            if current == UInt8(ascii: "&") {
                let name = readName()
                try skipBlanksAndComment()
                if !isBreak(current), current != nil, current != UInt8(ascii: "*") {
                    let valueStart = position
                    let outer = pendingKeyProperties
                    pendingKeyProperties = (name, outer?.column ?? nodeColumn, outer?.start ?? start)
                    let parsed = try parseNode(parentIndent: parentIndent, inline: inline)
                    // Claimed by a mapping's first key (the properties were the key's): the mapping.
                    if pendingKeyProperties == nil { return parsed }
                    pendingKeyProperties = outer
                    let node = try applyTag(tag, to: parsed, raw: plainText(at: valueStart), at: start)
                    anchors[name] = node
                    return node
                }
                throw error("A tag and an anchor must be followed by their value on the same line.", at: start)
            }
            let valueStart = position
            let outer = pendingKeyProperties
            pendingKeyProperties = (outer?.anchor, outer?.column ?? nodeColumn, outer?.start ?? start)
            let node = try parseNode(parentIndent: parentIndent, inline: inline)
            // Claimed by a mapping's first key, which is text whatever its tag: this is the mapping.
            if pendingKeyProperties == nil { return node }
            pendingKeyProperties = outer
            return try applyTag(tag, to: node, raw: plainText(at: valueStart), at: start)
        case UInt8(ascii: "?") where isSeparator(peek(at: position + 1)):
            if inline { throw error("A nested mapping must start on a new line.", at: start) }
            let (key, hasValue) = try readExplicitKey(indent: nodeColumn)
            return try parseBlockMapping(indent: nodeColumn, firstKey: key, keyStart: start, firstHasValue: hasValue)
        case UInt8(ascii: "-") where isSeparator(peek(at: position + 1)):
            if inline { throw error("A block sequence cannot start on the same line as its key.", at: start) }
            return try parseBlockSequence(indent: nodeColumn)
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            return try parseBlockScalar(parentIndent: parentIndent)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            let savedFlowParentIndent = flowParentIndent
            flowParentIndent = parentIndent
            let node = try parseFlowNode()
            flowParentIndent = savedFlowParentIndent
            skipBlanks()
            if current == UInt8(ascii: ":") && isSeparator(peek(at: position + 1)) {
                throw error("A flow collection as a mapping key is not supported.", at: start)
            }
            return node
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let firstLine = line
            let text = try parseQuoted(parentIndent: parentIndent)
            skipBlanks()
            if current == UInt8(ascii: ":") && isSeparator(peek(at: position + 1)) {
                if line != firstLine {
                    throw error("A mapping key must be on one line; quote it on one line.", at: start)
                }
                if inline { throw error("A nested mapping must start on a new line.", at: start) }
                let (indent, keyStart) = claimKeyProperties(text, column: nodeColumn, start: start)
                return try parseBlockMapping(indent: indent, firstKey: text, keyStart: keyStart)
            }
            return Node(.string(text), at: location(at: start))
        case UInt8(ascii: "@"), UInt8(ascii: "`"):
            throw error(
                "A plain scalar cannot start with \"\(Character(Unicode.Scalar(first)))\"; quote it.", at: start)
        default:
            let (text, isKey) = readPlainLine(flow: false)
            if isKey {
                if inline { throw error("A nested mapping must start on a new line.", at: start) }
                let (indent, keyStart) = claimKeyProperties(text, column: nodeColumn, start: start)
                return try parseBlockMapping(indent: indent, firstKey: text, keyStart: keyStart)
            }
            let full = try continuePlain(text, parentIndent: parentIndent)
            lastPlainScalar = (start, full.text)
            return Node(full.multiline ? .string(full.text) : resolvePlain(full.text), at: location(at: start))
        }
    }

    /// Parses a block mapping from its first key, which ends at its `:` (or, for an explicit key
    /// without a value, `firstHasValue` false, at the next line's content).
    private mutating func parseBlockMapping(indent: Int, firstKey: String, keyStart: Int, firstHasValue: Bool = true)
        throws(ReadError) -> Node
    {
        var mapping = Mapping()
        var merges: [Node] = []
        var key = firstKey
        var keyOffset = keyStart
        var hasValue = firstHasValue
        while true {
            let value: Node
            if hasValue {
                // At the ':' after the key.
                position += 1
                // After an explicit key ("? key"), the value may be a compact mapping, as after "- ".
                value = try parseMappingValue(keyIndent: indent, compact: bytes[keyOffset] == UInt8(ascii: "?"))
            } else {
                // An explicit key without `: value` (`? key` alone) has a null value.
                value = Node(.null, at: location(at: keyOffset))
            }
            if key == "<<" && bytes[keyOffset] == UInt8(ascii: "<") {
                merges.append(value)
            } else if !mapping.append(key, value) {
                throw error("Duplicate key \"\(key)\".", at: keyOffset)
            }
            try skipToEndOfValue()
            guard let next = current, !atDocumentMarker, column >= indent else { break }
            if column > indent {
                throw error("Unexpected indentation: this line is deeper than the mapping it continues.")
            }
            if next == UInt8(ascii: "-") && isSeparator(peek(at: position + 1)) { break }
            keyOffset = position
            (key, hasValue) = try readKey()
        }
        for merge in merges {
            let sources = merge.sequence ?? [merge]
            for source in sources {
                guard let entries = source.mapping else {
                    throw ReadError("A merge key (<<) needs a mapping or a sequence of mappings.", at: source.location)
                }
                for (key, value) in entries.entries { mapping.append(key, value) }
            }
        }
        return Node(.mapping(mapping), at: location(at: keyStart))
    }

    /// Reads a block mapping key at the current position and stops on its ':'; `hasValue` is
    /// false for an explicit key (`? key`) without one, which stops at the next line's content.
    private mutating func readKey() throws(ReadError) -> (key: String, hasValue: Bool) {
        let start = position
        switch current {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let firstLine = line
            let text = try parseQuoted(parentIndent: column - 1)
            skipBlanks()
            guard current == UInt8(ascii: ":") && isSeparator(peek(at: position + 1)) else {
                throw error("Expected ':' after the key.")
            }
            if line != firstLine { throw error("A mapping key must be on one line; quote it on one line.", at: start) }
            return (text, true)
        case UInt8(ascii: "?") where isSeparator(peek(at: position + 1)):
            return try readExplicitKey(indent: column)
        case UInt8(ascii: "&"), UInt8(ascii: "!"):
            // Properties of the key: an anchor names its text; a tag leaves it text.
            var anchor: String?
            while current == UInt8(ascii: "&") || current == UInt8(ascii: "!") {
                if current == UInt8(ascii: "&") { anchor = readName() } else { _ = try readTag() }
                skipBlanks()
            }
            if current == UInt8(ascii: "*") {
                throw error("An alias cannot have an anchor or a tag.", at: start)
            }
            let keyStart = position
            let (text, hasValue) = try readKey()
            if let anchor { anchors[anchor] = Node(.string(text), at: location(at: keyStart)) }
            return (text, hasValue)
        case UInt8(ascii: "*"):
            let node = try readAlias()
            skipBlanks()
            guard current == UInt8(ascii: ":") && isSeparator(peek(at: position + 1)) else {
                throw error("Expected ':' after the key.")
            }
            return (try keyText(of: node), true)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            throw error("A flow collection as a mapping key is not supported.", at: start)
        default:
            let (text, isKey) = readPlainLine(flow: false)
            guard isKey else {
                throw error("Expected a mapping entry (\"key: value\") at this indentation.", at: start)
            }
            return (text, true)
        }
    }

    /// Reads an alias (`*name`) and returns the node its anchor named.
    private mutating func readAlias() throws(ReadError) -> Node {
        let start = position
        let name = readName()
        guard let node = anchors[name] else {
            throw error("The alias *\(name) names no anchor defined before it.", at: start)
        }
        return node
    }

    /// The key a mapping's first key claims: the pending properties' anchor names it, and the
    /// mapping starts where the properties do.
    private mutating func claimKeyProperties(_ key: String, column: Int, start: Int) -> (indent: Int, start: Int) {
        guard let properties = pendingKeyProperties else { return (column, start) }
        pendingKeyProperties = nil
        if let anchor = properties.anchor { anchors[anchor] = Node(.string(key), at: location(at: start)) }
        return (properties.column, properties.start)
    }

    /// Reads an explicit key (`? key`, then `: value` on a later line at the same indentation, or
    /// no value), which YAML needs for keys longer than 1024 characters or over several lines.
    /// The key is a scalar (plain text as written, as for other keys); a collection is not
    /// supported. Stops on the `:`, or at the next line's content when there is no value.
    private mutating func readExplicitKey(indent: Int) throws(ReadError) -> (key: String, hasValue: Bool) {
        let start = position
        position += 1
        try skipBlanksAndComment()
        let key: String
        if isBreak(current) || current == nil {
            try skipToContent()
        }
        if column == indent, current == UInt8(ascii: "-"), isSeparator(peek(at: position + 1)), !atDocumentMarker {
            throw error("Complex mapping keys (\"?\") that are collections are not supported.", at: start)
        }
        if current == nil || atDocumentMarker || column <= indent {
            // `?` alone: the empty key.
            key = ""
        } else {
            let keyStart = position
            // Like an entry after `- `, the key may be a collection on the `?` line; it is refused below.
            let keyNode = try parseNode(parentIndent: indent, inline: false)
            switch keyNode.value {
            case .sequence, .mapping:
                throw error("Complex mapping keys (\"?\") that are collections are not supported.", at: start)
            default: break
            }
            if let plain = lastPlainScalar, plain.offset == keyStart {
                key = plain.text
            } else {
                key = try keyText(of: keyNode)
            }
            try skipToEndOfValue()
        }
        if column == indent, current == UInt8(ascii: ":"), isSeparator(peek(at: position + 1)), !atDocumentMarker {
            return (key, true)
        }
        guard current == nil || atDocumentMarker || column <= indent else {
            throw error("Expected ': value' at the indentation of the explicit key \"?\", or the next key.")
        }
        return (key, false)
    }

    private mutating func parseMappingValue(keyIndent: Int, compact: Bool) throws(ReadError) -> Node {
        let colon = position - 1
        try skipBlanksAndComment()
        if isBreak(current) || current == nil {
            try skipToContent()
            guard current != nil, !atDocumentMarker else { return Node(.null, at: location(at: colon)) }
            if column == keyIndent && current == UInt8(ascii: "-") && isSeparator(peek(at: position + 1)) {
                return try parseBlockSequence(indent: keyIndent)
            }
            guard column > keyIndent else { return Node(.null, at: location(at: colon)) }
            return try parseNode(parentIndent: keyIndent, inline: false, mappingValue: true)
        }
        return try parseNode(parentIndent: keyIndent, inline: !compact, mappingValue: true)
    }

    private mutating func parseBlockSequence(indent: Int) throws(ReadError) -> Node {
        let start = position
        var items: [Node] = []
        while true {
            // At the '-'.
            let dash = position
            position += 1
            try skipBlanksAndComment()
            if isBreak(current) || current == nil {
                try skipToContent()
                if current == nil || atDocumentMarker || column <= indent {
                    items.append(Node(.null, at: location(at: dash)))
                } else {
                    items.append(try parseNode(parentIndent: indent, inline: false))
                }
            } else {
                // A nested `- ` on the same line is indented by what separates it: spaces only.
                if current == UInt8(ascii: "-"), isSeparator(peek(at: position + 1)),
                    bytes[(dash + 1)..<position].contains(0x09)
                {
                    throw error("A tab cannot separate nested `- ` entries; use spaces.")
                }
                items.append(try parseNode(parentIndent: indent, inline: false))
            }
            try skipToEndOfValue()
            guard current != nil, !atDocumentMarker, column >= indent else { break }
            if column > indent {
                throw error("Unexpected indentation: this line is deeper than the sequence it continues.")
            }
            guard current == UInt8(ascii: "-") && isSeparator(peek(at: position + 1)) else { break }
        }
        return Node(.sequence(items), at: location(at: start))
    }

    // MARK: Scalars

    /// Reads a tag as written (`!local`, `!!str`, `!<tag:yaml.org,2002:str>`); a blank or the end
    /// of the line must follow it.
    /// In a flow collection (`flow`), a flow indicator may end the tag of an empty node (`!!str,`).
    private mutating func readTag(flow: Bool = false) throws(ReadError) -> String {
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

    private mutating func readName() -> String {
        position += 1
        let start = position
        while let byte = current, !isSeparator(byte), !isFlowIndicator(byte) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Reads a plain scalar up to the end of its first line; `isKey` when it ends at `: `.
    private mutating func readPlainLine(flow: Bool) -> (text: String, isKey: Bool) {
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
    private mutating func continuePlain(_ first: String, parentIndent: Int) throws(ReadError)
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
            var emptyLines = 0
            consumeBreak()
            var indentation = 0
            while true {
                // The indentation is spaces; blanks (tabs too) may separate it from the content, and
                // a line of blanks alone is an empty line.
                while current == 0x20 { position += 1 }
                indentation = column
                skipBlanks()
                if isBreak(current) {
                    emptyLines += 1
                    consumeBreak()
                } else {
                    break
                }
            }
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

    /// The text of the plain scalar that starts at `offset`, if the last node read was one.
    private func plainText(at offset: Int) -> String? {
        guard let last = lastPlainScalar, last.offset == offset else { return nil }
        return last.text
    }

    /// Applies a tag: the core schema's standard tags convert or check the value (`!!str 1` is
    /// text, `!!int "3"` a number), the non-specific `!` makes a plain scalar text, and other tags
    /// (local ones, `!foo`) are ignored, since a description's meaning does not depend on them.
    /// - Parameter raw: The scalar as written, when it was plain.
    private mutating func applyTag(_ tag: String, to node: Node, raw: String?, at start: Int) throws(ReadError)
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
            case .bool, .integer, .double: raw
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
            guard let text, case .integer(let number) = resolvePlain(text) else {
                return try converted(nil, "an integer")
            }
            return Node(.integer(number), at: node.location)
        case "!!float":
            guard let text else { return try converted(nil, "a number") }
            switch resolvePlain(text) {
            case .integer(let number): return Node(.double(Double(number)), at: node.location)
            case .double(let number): return Node(.double(number), at: node.location)
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
    private func resolvePlain(_ text: String) -> Node.Value {
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
            return Double(normalized).map(Node.Value.double) ?? .string(text)
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
    private mutating func parseQuoted(parentIndent: Int) throws(ReadError) -> String {
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

    private mutating func foldQuotedBreak(
        into buffer: inout [UInt8], keeping escapedLength: Int, parentIndent: Int, start: Int
    ) throws(ReadError) {
        while buffer.count > escapedLength, let last = buffer.last, isBlank(last) { buffer.removeLast() }
        consumeBreak()
        var emptyLines = 0
        var indentation = 0
        while true {
            while current == 0x20 { position += 1 }
            indentation = column
            skipBlanks()
            if isBreak(current) {
                emptyLines += 1
                consumeBreak()
            } else {
                break
            }
        }
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

    private mutating func readEscape(into buffer: inout [UInt8], start: Int) throws(ReadError) {
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

    private mutating func readHex(_ count: Int, escapeStart: Int) throws(ReadError) -> UInt32 {
        guard let value = Escapes.hexNumber(in: bytes, at: position, count: count) else {
            throw error("Expected \(count) hex digits in the escape.", at: escapeStart)
        }
        position += count
        return value
    }

    /// Reads a literal (`|`) or folded (`>`) block scalar.
    private mutating func parseBlockScalar(parentIndent: Int) throws(ReadError) -> Node {
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

    // MARK: Flow collections

    private mutating func skipFlowSpace() throws(ReadError) {
        while true {
            try skipBlanksAndComment()
            guard isBreak(current) else { return }
            consumeBreak()
            if atDocumentMarker { throw error("A document marker cannot be inside a flow collection.") }
            // Inside a block collection, every line of a flow collection is indented past its
            // parent, with spaces (a tab is not indentation).
            var offset = position
            while peek(at: offset) == 0x20 { offset += 1 }
            var after = offset
            while isBlank(peek(at: after)) { after += 1 }
            if let next = peek(at: after), !isBreak(next), offset - lineStart <= flowParentIndent {
                throw error("This line of a flow collection must be indented more than its key or `- `.", at: offset)
            }
        }
    }

    private mutating func parseFlowNode() throws(ReadError) -> Node {
        try enter()
        defer { depth -= 1 }
        let start = position
        switch current {
        case UInt8(ascii: "["):
            position += 1
            var items: [Node] = []
            while true {
                try skipFlowSpace()
                guard let byte = current else {
                    throw error("The flow sequence starting here is never closed.", at: start)
                }
                if byte == UInt8(ascii: "]") {
                    position += 1
                    return Node(.sequence(items), at: location(at: start))
                }
                let explicit = try skipExplicitKeyIndicator()
                let entryStart = position
                let entry = explicit && atEndOfFlowKey ? Node(.null, at: location()) : try parseFlowNode()
                let entryEnd = position
                let entryLine = line
                try skipFlowSpace()
                if current == UInt8(ascii: ":") || explicit {
                    if line != entryLine && !explicit {
                        throw error("A key in a flow collection must be on one line with its `:`.", at: entryStart)
                    }
                    // A single-pair mapping: [key: value], or [? key] with a null value.
                    var value = Node(.null, at: location())
                    if current == UInt8(ascii: ":") {
                        position += 1
                        try skipFlowSpace()
                        if current != UInt8(ascii: ",") && current != UInt8(ascii: "]") { value = try parseFlowNode() }
                    }
                    var pair = Mapping()
                    pair.append(try flowKey(entry, source: entryStart..<entryEnd), value)
                    items.append(Node(.mapping(pair), at: location(at: entryStart)))
                    try skipFlowSpace()
                } else {
                    items.append(entry)
                }
                if current == nil {
                    throw error("The flow sequence starting here is never closed.", at: start)
                } else if current == UInt8(ascii: ",") {
                    position += 1
                } else if current != UInt8(ascii: "]") {
                    throw error("Expected ',' or ']' in the flow sequence.")
                }
            }
        case UInt8(ascii: "{"):
            position += 1
            var mapping = Mapping()
            while true {
                try skipFlowSpace()
                guard let byte = current else {
                    throw error("The flow mapping starting here is never closed.", at: start)
                }
                if byte == UInt8(ascii: "}") {
                    position += 1
                    return Node(.mapping(mapping), at: location(at: start))
                }
                let explicit = try skipExplicitKeyIndicator()
                let keyStart = position
                let keyNode = explicit && atEndOfFlowKey ? Node(.null, at: location()) : try parseFlowNode()
                let key = try flowKey(keyNode, source: keyStart..<position)
                try skipFlowSpace()
                var value = Node(.null, at: location())
                if current == UInt8(ascii: ":") {
                    position += 1
                    try skipFlowSpace()
                    if current != UInt8(ascii: ",") && current != UInt8(ascii: "}") { value = try parseFlowNode() }
                    try skipFlowSpace()
                }
                guard mapping.append(key, value) else { throw error("Duplicate key \"\(key)\".", at: keyStart) }
                if current == nil {
                    throw error("The flow mapping starting here is never closed.", at: start)
                } else if current == UInt8(ascii: ",") {
                    position += 1
                } else if current != UInt8(ascii: "}") {
                    throw error("Expected ',' or '}' in the flow mapping.")
                }
            }
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return Node(.string(try parseQuoted(parentIndent: -1)), at: location(at: start))
        case UInt8(ascii: "*"):
            let node = try readAlias()
            return Node(node.value, at: location(at: start))
        case UInt8(ascii: "&"):
            let name = readName()
            try skipFlowSpace()
            let node = try parseFlowNode()
            anchors[name] = node
            return node
        case UInt8(ascii: "!"):
            let tag = try readTag(flow: true)
            try skipFlowSpace()
            if current == UInt8(ascii: ",") || current == UInt8(ascii: "]") || current == UInt8(ascii: "}")
                || current == UInt8(ascii: ":")
            {
                return try applyTag(tag, to: Node(.null, at: location(at: start)), raw: "", at: start)
            }
            let valueStart = position
            let node = try parseFlowNode()
            return try applyTag(tag, to: node, raw: plainText(at: valueStart), at: start)
        case UInt8(ascii: "?") where isSeparator(peek(at: position + 1)) || isFlowIndicator(peek(at: position + 1)):
            throw error("An explicit key (\"? \") can only start an entry of a flow collection.", at: start)
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), nil:
            throw error("Expected a value in the flow collection.", at: start)
        default:
            // `-` starts a plain scalar only when a character that is part of it follows.
            if current == UInt8(ascii: "-"),
                isSeparator(peek(at: position + 1)) || isFlowIndicator(peek(at: position + 1))
            {
                throw error("\"-\" alone is not a value in a flow collection; quote it.", at: start)
            }
            let (first, isKey) = readPlainLine(flow: true)
            let text = isKey ? first : try continueFlowPlain(first)
            lastPlainScalar = (start, text)
            return Node(resolvePlain(text), at: location(at: start))
        }
    }

    /// Moves past an explicit key's `?` at the start of a flow collection's entry (`{ ? key: value }`),
    /// and says whether there was one. A `?` with text right after it (`?foo`) is a plain scalar.
    private mutating func skipExplicitKeyIndicator() throws(ReadError) -> Bool {
        guard current == UInt8(ascii: "?"),
            isSeparator(peek(at: position + 1)) || isFlowIndicator(peek(at: position + 1))
        else { return false }
        position += 1
        try skipFlowSpace()
        return true
    }

    /// Whether a flow collection's key ends here, before any text: the empty key of `{ ? : x }`.
    private var atEndOfFlowKey: Bool {
        guard let byte = current else { return true }
        return byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
            || (byte == UInt8(ascii: ":")
                && (isSeparator(peek(at: position + 1)) || isFlowIndicator(peek(at: position + 1))))
    }

    /// Folds the continuation lines of a plain scalar in a flow collection into `first`: a line
    /// break becomes a space, each empty line a line feed. The scalar ends at a flow indicator,
    /// a `: ` (it was a key), or a comment.
    private mutating func continueFlowPlain(_ first: String) throws(ReadError) -> String {
        var text = first
        while true {
            let savedPosition = position, savedLine = line, savedLineStart = lineStart
            func restore() {
                position = savedPosition
                line = savedLine
                lineStart = savedLineStart
            }
            skipBlanks()
            guard isBreak(current) else {
                restore()
                return text
            }
            var emptyLines = 0
            consumeBreak()
            while true {
                skipBlanks()
                guard isBreak(current) else { break }
                emptyLines += 1
                consumeBreak()
            }
            guard let next = current, !atDocumentMarker, next != UInt8(ascii: "#"), !isFlowIndicator(next),
                !(next == UInt8(ascii: ":")
                    && (isSeparator(peek(at: position + 1)) || isFlowIndicator(peek(at: position + 1))))
            else {
                restore()
                return text
            }
            guard column > flowParentIndent else {
                throw error("A plain scalar in a flow collection continues at too small an indentation.")
            }
            let (more, isKey) = readPlainLine(flow: true)
            text += emptyLines == 0 ? " " + more : String(repeating: "\n", count: emptyLines) + more
            if isKey { return text }
        }
    }

    /// A plain scalar as written over several lines, folded as ``continueFlowPlain(_:)`` does.
    private static func foldedLines(_ text: String) -> String {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { line in
                let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
                let trimmed = line.drop(while: blank)
                return String(trimmed.reversed().drop(while: blank).reversed())
            }
        var folded = lines.first ?? ""
        var emptyLines = 0
        for line in lines.dropFirst() {
            if line.isEmpty {
                emptyLines += 1
                continue
            }
            folded += emptyLines == 0 ? " " + line : String(repeating: "\n", count: emptyLines) + line
            emptyLines = 0
        }
        return folded
    }

    /// The text of a key in a flow collection. A plain key is taken as written, not resolved
    /// (`null`, `~` and an empty key stay `"null"`, `"~"` and `""`), as in block mappings.
    private func flowKey(_ node: Node, source: Range<Int>) throws(ReadError) -> String {
        guard let first = source.first else { return "" }
        let indicators: [UInt8] = Array("\"'[{*&!?|>".utf8)
        if !indicators.contains(bytes[first]) {
            var end = source.upperBound
            while end > first, isBlank(bytes[end - 1]) || isBreak(bytes[end - 1]) { end -= 1 }
            let text = String(decoding: bytes[first..<end], as: UTF8.self)
            return text.contains(where: \.isNewline) ? Self.foldedLines(text) : text
        }
        return try keyText(of: node)
    }

    /// The text of a key that is not a plain scalar: a quoted scalar's text, or the scalar an
    /// alias names (an empty node is the empty key, `""`). A collection cannot be a key here.
    private func keyText(of node: Node) throws(ReadError) -> String {
        switch node.value {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return ""
        case .sequence, .mapping:
            throw ReadError("A collection as a mapping key is not supported; keys are text.", at: node.location)
        }
    }
}
