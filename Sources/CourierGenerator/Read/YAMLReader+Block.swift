/// Block structure: nodes by indentation, block mappings, explicit keys and block sequences.
extension YAMLReader {
    // MARK: Block structure

    /// Parses the node that starts at the current content character.
    /// - Parameters:
    ///   - parentIndent: The indentation of the enclosing block collection (-1 at the top).
    ///   - inline: Whether the node follows a mapping key on the same line, where a block
    ///     sequence or a nested mapping may not start.
    ///   - mappingValue: Whether the node is a mapping's value, whose block sequence may start at
    ///     the key's indentation after the value's anchor or tag (`key: &a` then `- item`).
    mutating func parseNode(parentIndent: Int, inline: Bool, mappingValue: Bool = false) throws(ReadError)
        -> Node
    {
        // Each kind of node is parsed in a function of its own, so that the frame every level of
        // nesting adds stays small in a debug build too (see `StackGuard`).
        try enter()
        defer { depth -= 1 }
        guard let first = current else { return Node(.null, at: location()) }
        let start = position
        let nodeColumn = column
        switch first {
        case UInt8(ascii: "&"):
            return try parseAnchoredNode(
                parentIndent: parentIndent, inline: inline, mappingValue: mappingValue, start: start,
                nodeColumn: nodeColumn)
        case UInt8(ascii: "*"):
            return try parseAliasNode(inline: inline, start: start, nodeColumn: nodeColumn)
        case UInt8(ascii: "!"):
            return try parseTaggedNode(
                parentIndent: parentIndent, inline: inline, mappingValue: mappingValue, start: start,
                nodeColumn: nodeColumn)
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
            return try parseFlowCollectionNode(parentIndent: parentIndent, start: start)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return try parseQuotedNode(parentIndent: parentIndent, inline: inline, start: start, nodeColumn: nodeColumn)
        case UInt8(ascii: "@"), UInt8(ascii: "`"):
            throw error(
                "A plain scalar cannot start with \"\(Character(Unicode.Scalar(first)))\"; quote it.", at: start)
        default:
            return try parsePlainNode(parentIndent: parentIndent, inline: inline, start: start, nodeColumn: nodeColumn)
        }
    }

    /// A node with an anchor (`&name`), which names it for later aliases.
    private mutating func parseAnchoredNode(
        parentIndent: Int, inline: Bool, mappingValue: Bool, start: Int, nodeColumn: Int
    ) throws(ReadError) -> Node {
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
    }

    /// An alias (`*name`), or an alias as a mapping's first key.
    private mutating func parseAliasNode(inline: Bool, start: Int, nodeColumn: Int) throws(ReadError) -> Node {
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
    }

    /// A node with a tag (`!!int`, `!local`), maybe with an anchor after it.
    private mutating func parseTaggedNode(
        parentIndent: Int, inline: Bool, mappingValue: Bool, start: Int, nodeColumn: Int
    ) throws(ReadError) -> Node {
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
    }

    /// A flow collection (`[…]` or `{…}`) in block context.
    private mutating func parseFlowCollectionNode(parentIndent: Int, start: Int) throws(ReadError) -> Node {
        let savedFlowParentIndent = flowParentIndent
        flowParentIndent = parentIndent
        let node = try parseFlowNode()
        flowParentIndent = savedFlowParentIndent
        skipBlanks()
        if current == UInt8(ascii: ":") && isSeparator(peek(at: position + 1)) {
            throw error("A flow collection as a mapping key is not supported.", at: start)
        }
        return node
    }

    /// A quoted scalar, or a quoted mapping's first key.
    private mutating func parseQuotedNode(parentIndent: Int, inline: Bool, start: Int, nodeColumn: Int)
        throws(ReadError) -> Node
    {
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
    }

    /// A plain scalar, or a block mapping whose first key is one.
    private mutating func parsePlainNode(parentIndent: Int, inline: Bool, start: Int, nodeColumn: Int)
        throws(ReadError) -> Node
    {
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

    /// Parses a block mapping from its first key, which ends at its `:` (or, for an explicit key
    /// without a value, `firstHasValue` false, at the next line's content).
    mutating func parseBlockMapping(indent: Int, firstKey: String, keyStart: Int, firstHasValue: Bool = true)
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
    mutating func readKey() throws(ReadError) -> (key: String, hasValue: Bool) {
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
    mutating func readAlias() throws(ReadError) -> Node {
        let start = position
        let name = readName()
        guard let node = anchors[name] else {
            throw error("The alias *\(name) names no anchor defined before it.", at: start)
        }
        return node
    }

    /// The key a mapping's first key claims: the pending properties' anchor names it, and the
    /// mapping starts where the properties do.
    mutating func claimKeyProperties(_ key: String, column: Int, start: Int) -> (indent: Int, start: Int) {
        guard let properties = pendingKeyProperties else { return (column, start) }
        pendingKeyProperties = nil
        if let anchor = properties.anchor { anchors[anchor] = Node(.string(key), at: location(at: start)) }
        return (properties.column, properties.start)
    }

    /// Reads an explicit key (`? key`, then `: value` on a later line at the same indentation, or
    /// no value), which YAML needs for keys longer than 1024 characters or over several lines.
    /// The key is a scalar (plain text as written, as for other keys); a collection is not
    /// supported. Stops on the `:`, or at the next line's content when there is no value.
    mutating func readExplicitKey(indent: Int) throws(ReadError) -> (key: String, hasValue: Bool) {
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

    mutating func parseMappingValue(keyIndent: Int, compact: Bool) throws(ReadError) -> Node {
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

    mutating func parseBlockSequence(indent: Int) throws(ReadError) -> Node {
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
}
