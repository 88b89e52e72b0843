/// Flow collections: `[…]` and `{…}`, their keys and their plain scalars.
extension YAMLReader {
    // MARK: Flow collections

    mutating func skipFlowSpace() throws(ReadError) {
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
            guard let next = peek(at: after), !isBreak(next), offset - lineStart <= flowParentIndent else { continue }
            // A line that only closes the collection may stand at its key's own indentation
            // (`enum: [` … `]` below `enum`), as libyaml and the parsers built on it read it
            // and as hand-written descriptions put it, though YAML 1.2 asks for one space more.
            let closes = next == UInt8(ascii: "]") || next == UInt8(ascii: "}")
            if closes && after == offset && offset - lineStart == flowParentIndent { continue }
            throw error("This line of a flow collection must be indented more than its key or `- `.", at: offset)
        }
    }

    mutating func parseFlowNode() throws(ReadError) -> Node {
        // Collections, tagged nodes and plain scalars are parsed in functions of their own, so that
        // each level of nesting adds a small frame in a debug build too (see `StackGuard`).
        try enter()
        defer { depth -= 1 }
        let start = position
        switch current {
        case UInt8(ascii: "["):
            return try parseFlowSequence(start: start)
        case UInt8(ascii: "{"):
            return try parseFlowMapping(start: start)
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
            return try parseFlowTaggedNode(start: start)
        case UInt8(ascii: "?") where isSeparator(peek(at: position + 1)) || isFlowIndicator(peek(at: position + 1)):
            throw error("An explicit key (\"? \") can only start an entry of a flow collection.", at: start)
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), nil:
            throw error("Expected a value in the flow collection.", at: start)
        default:
            return try parseFlowPlainNode(start: start)
        }
    }

    /// A tagged node in a flow collection: `!!str x`, or a tag alone (an empty value).
    private mutating func parseFlowTaggedNode(start: Int) throws(ReadError) -> Node {
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
    }

    /// A plain scalar in a flow collection.
    private mutating func parseFlowPlainNode(start: Int) throws(ReadError) -> Node {
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

    /// A flow sequence, from its `[` at `start`; a `key: value` entry is a single-pair mapping.
    private mutating func parseFlowSequence(start: Int) throws(ReadError) -> Node {
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
    }

    /// A flow mapping, from its `{` at `start`.
    private mutating func parseFlowMapping(start: Int) throws(ReadError) -> Node {
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
    }

    /// Moves past an explicit key's `?` at the start of a flow collection's entry (`{ ? key: value }`),
    /// and says whether there was one. A `?` with text right after it (`?foo`) is a plain scalar.
    mutating func skipExplicitKeyIndicator() throws(ReadError) -> Bool {
        guard current == UInt8(ascii: "?"),
            isSeparator(peek(at: position + 1)) || isFlowIndicator(peek(at: position + 1))
        else { return false }
        position += 1
        try skipFlowSpace()
        return true
    }

    /// Whether a flow collection's key ends here, before any text: the empty key of `{ ? : x }`.
    var atEndOfFlowKey: Bool {
        guard let byte = current else { return true }
        return byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
            || (byte == UInt8(ascii: ":")
                && (isSeparator(peek(at: position + 1)) || isFlowIndicator(peek(at: position + 1))))
    }

    /// Folds the continuation lines of a plain scalar in a flow collection into `first`: a line
    /// break becomes a space, each empty line a line feed. The scalar ends at a flow indicator,
    /// a `: ` (it was a key), or a comment.
    mutating func continueFlowPlain(_ first: String) throws(ReadError) -> String {
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
    static func foldedLines(_ text: String) -> String {
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
    func flowKey(_ node: Node, source: Range<Int>) throws(ReadError) -> String {
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
    func keyText(of node: Node) throws(ReadError) -> String {
        switch node.value {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .double(let number): return String(number)
        case .largeInteger(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return ""
        case .sequence, .mapping:
            throw ReadError("A collection as a mapping key is not supported; keys are text.", at: node.location)
        }
    }
}
