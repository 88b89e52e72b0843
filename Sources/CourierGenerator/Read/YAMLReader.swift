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
///
/// The reader is one value spread over files by concern: this one holds its state and entry
/// points; `+Input` the cursor (positions, characters, comments, directives and tags),
/// `+Document` a whole document, `+Block` block structure, `+Scalars` scalars, and `+Flow` flow
/// collections.
struct YAMLReader {
    let bytes: [UInt8]
    /// The indentation of the block node a flow collection is in; -1 at the top level.
    var flowParentIndent = -1
    /// Properties (an anchor, tags) read in front of a node on its line: when the node turns out
    /// to be a mapping's first key, they belong to the key (the anchor names the key's text), and
    /// the mapping starts where they do.
    var pendingKeyProperties: (anchor: String?, column: Int, start: Int)?
    /// The last plain scalar read, as written, and where it starts: a tag on it (`!!str 0o7`)
    /// applies to the text, not to the value it resolved to.
    var lastPlainScalar: (offset: Int, text: String)?
    /// The document, shared by every location the reader records.
    let source: SourceLocation.Source
    var position = 0
    var line = 1
    var lineStart = 0
    var anchors: [String: Node] = [:]
    /// Tags passed over, each reported once.
    var warnings: [ReadWarning] = []
    var ignoredTags: Set<String> = []
    /// Tag handles the document's `%TAG` directives define (`!e!` → `tag:example.com,2000:`).
    var tagHandles: [String: String] = [:]
    var depth = 0
    /// Stops ``depth`` where the thread's stack would run out.
    let stack = StackGuard()
    /// The offset where each line starts, filled in as lines are consumed.
    var lineStarts: [Int] = [0]

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

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.source = SourceLocation.Source(file: file, bytes: bytes, carriageReturnBreaksLines: true)
    }
}
