/// A whole document: the byte order mark, directives, `---` and `...` markers.
extension YAMLReader {
    // MARK: Document

    mutating func readDocument() throws(ReadError) -> Node {
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
}
