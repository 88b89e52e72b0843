import Foundation

/// Per block of a source's bytes, the characters before it and the last line break before it,
/// counted in one pass when a column far from its line's start is first asked for: the columns
/// of a description written on one line (minified JSON) then cost a block each, not the line.
final class ColumnIndex: @unchecked Sendable {
    // @unchecked: `index` is touched only under `lock`.
    /// The bytes of a block.
    static let blockSize = 4096

    struct Built {
        /// The characters (bytes that do not continue a UTF-8 sequence) before each block.
        var charactersBefore: [Int]
        /// The offset of the last line break before each block; -1 where there is none.
        var lastBreakBefore: [Int]
    }

    private let lock = NSLock()
    private var index: Built?

    /// The index of `source`'s bytes, counted on first use.
    func built(for source: SourceLocation.Source) -> Built {
        lock.withLock {
            if let index { return index }
            let bytes = source.bytes
            let blocks = bytes.count / Self.blockSize + 1
            var built = Built(
                charactersBefore: Array(repeating: 0, count: blocks),
                lastBreakBefore: Array(repeating: -1, count: blocks))
            var characters = 0
            var lastBreak = -1
            for (position, byte) in bytes.enumerated() {
                if position % Self.blockSize == 0 {
                    built.charactersBefore[position / Self.blockSize] = characters
                    built.lastBreakBefore[position / Self.blockSize] = lastBreak
                }
                if byte & 0xC0 != 0x80 { characters += 1 }
                if byte == 0x0A || (byte == 0x0D && source.carriageReturnBreaksLines) { lastBreak = position }
            }
            if bytes.count % Self.blockSize == 0 {
                built.charactersBefore[blocks - 1] = characters
                built.lastBreakBefore[blocks - 1] = lastBreak
            }
            index = built
            return built
        }
    }
}
