/// A value read from a JSON or YAML document, with where it came from.
///
/// Mappings keep their keys in document order, so generation is deterministic.
package struct Node: Sendable {
    /// The kinds of value a document holds. (Not `indirect`: the collections' storage is on
    /// the heap already, and a box per scalar would cost an allocation per node.)
    package enum Value: Sendable {
        /// `null`, `~` or an empty YAML value.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// An integer that fits in 64 bits.
        case integer(Int)
        /// Any other number.
        case double(Double)
        /// An integer beyond 64 bits (the largest values of a `uint64`, `18446744073709551615`),
        /// as written: no `Int` holds it, and a `Double` would round it.
        case largeInteger(String)
        /// Text.
        case string(String)
        /// An ordered list.
        case sequence([Node])
        /// An ordered mapping from text keys.
        case mapping(Mapping)
    }

    /// The value.
    package var value: Value
    /// Where the value starts.
    package var location: SourceLocation

    /// Creates a node.
    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// The mapping, if this node is one.
    package var mapping: Mapping? {
        if case .mapping(let mapping) = value { mapping } else { nil }
    }

    /// The sequence, if this node is one.
    package var sequence: [Node]? {
        if case .sequence(let items) = value { items } else { nil }
    }

    /// The text, if this node is a string.
    package var string: String? {
        if case .string(let text) = value { text } else { nil }
    }

    /// The boolean, if this node is one.
    package var bool: Bool? {
        if case .bool(let flag) = value { flag } else { nil }
    }

    /// The number as a double, if this node is numeric.
    package var number: Double? {
        switch value {
        case .integer(let number): Double(number)
        case .double(let number): number
        case .largeInteger(let text): Double(text)
        default: nil
        }
    }

    /// Whether the node is null.
    package var isNull: Bool {
        if case .null = value { true } else { false }
    }

    /// Looks up a key, if this node is a mapping.
    package subscript(key: String) -> Node? { mapping?[key] }

    /// Whether the two nodes hold the same value, wherever they stand: mappings with the same
    /// keys (in any order) and values, sequences with the same items, equal scalars.
    package func hasSameValue(as other: Node) -> Bool {
        switch (value, other.value) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.largeInteger(let a), .largeInteger(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.sequence(let a), .sequence(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.hasSameValue(as: $1) }
        case (.mapping(let a), .mapping(let b)):
            a.count == b.count
                && a.entries.allSatisfy { entry in b[entry.key].map { entry.value.hasSameValue(as: $0) } ?? false }
        default: false
        }
    }

    /// A short name of the node's kind, for error messages.
    package var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .double, .largeInteger: "a number"
        case .string: "a string"
        case .sequence: "a sequence"
        case .mapping: "a mapping"
        }
    }
}

/// An ordered mapping with fast key lookup.
///
/// Two words, so that a ``Node`` holding one stays small: the entries, and an index built only
/// for mappings with many keys.
package struct Mapping: Sendable {
    /// The entries in document order.
    package private(set) var entries: [(key: String, value: Node)] = []
    /// Positions by key, built only once a mapping has more than ``linearLimit`` keys: most
    /// mappings in a description have a handful, and a scan of those is cheaper than hashing.
    private var index: [String: Int]?
    private static let linearLimit = 8

    /// Creates an empty mapping.
    package init() {}

    /// The keys, in document order.
    package var keys: [String] { entries.map(\.key) }

    /// The number of entries.
    package var count: Int { entries.count }

    /// Looks up a key.
    package subscript(key: String) -> Node? {
        position(of: key).map { entries[$0].value }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return entries.firstIndex { $0.key == key }
    }

    /// Adds an entry; returns `false` when the key was already present (nothing changes).
    @discardableResult
    package mutating func append(_ key: String, _ value: Node) -> Bool {
        guard position(of: key) == nil else { return false }
        if index != nil {
            index?[key] = entries.count
        } else if entries.count == Self.linearLimit {
            var built = Dictionary(uniqueKeysWithValues: zip(entries.lazy.map(\.key), entries.indices))
            built[key] = entries.count
            index = built
        }
        entries.append((key, value))
        return true
    }

    /// Replaces a key's value where it is, or adds the entry at the end.
    package mutating func set(_ key: String, _ value: Node) {
        if let position = position(of: key) {
            entries[position].value = value
        } else {
            append(key, value)
        }
    }

    /// Removes a key and its value, keeping the others' order.
    package mutating func remove(_ key: String) {
        guard let position = position(of: key) else { return }
        entries.remove(at: position)
        index = nil
        if entries.count > Self.linearLimit {
            index = Dictionary(uniqueKeysWithValues: zip(entries.lazy.map(\.key), entries.indices))
        }
    }
}

/// A position in a source file, 1-based.
///
/// The readers record where each node starts without counting characters: the column is counted
/// only when read (for an error or a diagnostic), back from the position to the start of its
/// line, so that reading stays linear in the file's size even when a whole description is on one
/// line; far from the line's start, from the source's ``ColumnIndex``, so that many diagnostics
/// on such a line stay cheap too. A location is 16 bytes (a reference to the document, the line and the byte offset), a
/// quarter of a node: documents of up to 4 GiB.
package struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// A document as a reader read it: its path and bytes, shared by every location in it so
    /// that a location costs one reference, not a copy of the path and the bytes.
    package final class Source: Sendable {
        /// The file's path as given to the reader.
        package let file: String
        /// The document's bytes; empty for a location whose column is known.
        let bytes: [UInt8]
        /// Whether a carriage return alone ends a line (YAML), or only a line feed does (JSON).
        let carriageReturnBreaksLines: Bool
        /// Whether locations in this source hold their column instead of an offset in `bytes`.
        let locationsHoldColumns: Bool
        /// What a column far from its line's start is counted from, made when first needed.
        let columnIndex = ColumnIndex()

        /// The largest document whose positions a location can hold.
        package static let maximumSize = Int(UInt32.max)

        /// Creates a source.
        /// - Parameters:
        ///   - file: The file's path as given to the reader.
        ///   - bytes: The document's bytes, at most ``maximumSize``.
        ///   - carriageReturnBreaksLines: Whether a carriage return alone ends a line.
        package init(file: String, bytes: [UInt8], carriageReturnBreaksLines: Bool) {
            precondition(bytes.count <= Self.maximumSize, "A document larger than 4 GiB cannot be located.")
            self.file = file
            self.bytes = bytes
            self.carriageReturnBreaksLines = carriageReturnBreaksLines
            self.locationsHoldColumns = false
        }

        /// A source without bytes, for locations made with a known column.
        fileprivate init(file: String) {
            self.file = file
            self.bytes = []
            self.carriageReturnBreaksLines = true
            self.locationsHoldColumns = true
        }
    }

    private let source: Source
    private let storedLine: UInt32
    /// The byte offset of the position in the source's bytes; the column itself when the source's
    /// locations hold their columns (a location made with a known column).
    private let offsetOrColumn: UInt32

    /// The file's path as given to the reader.
    package var file: String { source.file }

    /// The line, from 1.
    package var line: Int { Int(storedLine) }

    /// The column in characters, from 1.
    package var column: Int {
        source.locationsHoldColumns ? Int(offsetOrColumn) : Self.countColumn(in: source, at: Int(offsetOrColumn))
    }

    /// Creates a location.
    package init(file: String, line: Int, column: Int) {
        self.source = Source(file: file)
        self.storedLine = UInt32(clamping: line)
        self.offsetOrColumn = UInt32(clamping: column)
    }

    /// Creates a location whose column is counted only when read.
    /// - Parameters:
    ///   - source: The document.
    ///   - line: The line, from 1.
    ///   - offset: The byte offset of the position.
    init(in source: Source, line: Int, offset: Int) {
        self.source = source
        // Lines and offsets fit: a source is at most `Source.maximumSize` bytes.
        self.storedLine = UInt32(truncatingIfNeeded: line)
        self.offsetOrColumn = UInt32(truncatingIfNeeded: offset)
    }

    /// Columns count characters, not bytes: UTF-8 continuation bytes and a byte order mark at
    /// the start of the file are skipped. Within a block of ``ColumnIndex/blockSize`` bytes of
    /// its line's start, the count is direct; further (a description on one line), it starts
    /// from the source's ``ColumnIndex``, so that each column costs at most two blocks.
    private static func countColumn(in source: Source, at offset: Int) -> Int {
        let bytes = source.bytes
        let end = min(offset, bytes.count)
        func breaksLine(_ byte: UInt8) -> Bool { byte == 0x0A || (byte == 0x0D && source.carriageReturnBreaksLines) }
        let blockStart = end - end % ColumnIndex.blockSize
        var lineStart = end
        while lineStart > blockStart, !breaksLine(bytes[lineStart - 1]) { lineStart -= 1 }
        let index = lineStart > blockStart || lineStart == 0 ? nil : source.columnIndex.built(for: source)
        if let index {
            // The line started before this block: after the last line break before it.
            lineStart = index.lastBreakBefore[end / ColumnIndex.blockSize] + 1
        }
        if lineStart == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { lineStart = min(3, end) }
        func characters(_ range: Range<Int>) -> Int {
            var count = 0
            for position in range where bytes[position] & 0xC0 != 0x80 { count += 1 }
            return count
        }
        guard let index else { return 1 + characters(lineStart..<end) }
        func charactersBefore(_ position: Int) -> Int {
            let block = position / ColumnIndex.blockSize
            return index.charactersBefore[block] + characters(block * ColumnIndex.blockSize..<position)
        }
        return 1 + charactersBefore(end) - charactersBefore(lineStart)
    }

    /// Whether two locations name the same file, line and column.
    package static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.file == rhs.file && lhs.line == rhs.line && lhs.column == rhs.column
    }

    /// Hashes the file, line and column.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(line)
        hasher.combine(column)
    }

    /// `file:line:column`, as compilers print it.
    package var description: String { "\(file):\(line):\(column)" }
}

/// Something a reader passed over without failing: a tag it does not apply, for instance.
package struct ReadWarning: Sendable, Hashable {
    /// What was passed over and why.
    package var message: String
    /// Where it is.
    package var location: SourceLocation
}

/// A document that could not be read, with where and why.
package struct ReadError: Error, Sendable, CustomStringConvertible {
    /// Where the problem is.
    package var location: SourceLocation
    /// What is wrong.
    package var message: String

    /// Creates a read error.
    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `file:line:column: error: message`.
    package var description: String { "\(location): error: \(message)" }
}
