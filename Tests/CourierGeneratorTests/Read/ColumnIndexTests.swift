import CourierTestSupport
import Testing

@testable import CourierGenerator

/// Columns counted from a source's ``ColumnIndex`` (far from their line's start) are the ones a
/// count from the line's start gives.
@Suite(.onComputeThreads) struct ColumnIndexTests {
    /// The column of every offset, counted the plain way in one pass: characters since the last
    /// line break (or the byte order mark), plus one.
    static func plainColumns(_ bytes: [UInt8], carriageReturnBreaksLines: Bool) -> [Int] {
        var columns: [Int] = []
        columns.reserveCapacity(bytes.count + 1)
        var column = 1
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for (offset, byte) in bytes.enumerated() {
            columns.append(offset < start ? 1 + offset : column)
            if offset < start { continue }
            if byte == 0x0A || (carriageReturnBreaksLines && byte == 0x0D) {
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        columns.append(column)
        return columns
    }

    /// Documents whose columns are checked, named so that a failure says which.
    enum Sample: String, CaseIterable {
        /// Minified JSON: one line of several blocks, with two-, three- and four-byte characters.
        case minifiedJSON
        /// A byte order mark, then one long line.
        case byteOrderMarkThenOneLine
        /// YAML lines of every length around a block, broken by LF, CRLF and CR alone.
        case yamlLinesOfEveryLength
        /// The same lengths in JSON, where a CR alone breaks no line.
        case jsonLinesOfEveryLength
        /// Exactly two blocks.
        case twoBlocks

        var text: String {
            let oneLine = "{\"a\":\"" + String(repeating: "é€😀x", count: 2_000) + "\"}"
            let breaks = ["\n", "\r\n", "\r"]
            switch self {
            case .minifiedJSON: return oneLine
            case .byteOrderMarkThenOneLine: return "\u{FEFF}" + oneLine
            case .yamlLinesOfEveryLength:
                return (0..<40).map { String(repeating: "ü", count: $0 * 211) + breaks[$0 % 3] }.joined()
            case .jsonLinesOfEveryLength:
                return (0..<40).map { String(repeating: "a", count: $0 * 211) + breaks[$0 % 3] }.joined()
            case .twoBlocks: return String(repeating: "b", count: 2 * ColumnIndex.blockSize)
            }
        }

        var carriageReturnBreaksLines: Bool { self == .yamlLinesOfEveryLength }
    }

    @Test(arguments: Sample.allCases)
    func columnsFarFromTheLineStartAreCountedFromTheIndex(sample: Sample) {
        let text = sample.text
        let carriageReturnBreaksLines = sample.carriageReturnBreaksLines
        let bytes = Array(text.utf8)
        let source = SourceLocation.Source(
            file: "test.json", bytes: bytes, carriageReturnBreaksLines: carriageReturnBreaksLines)
        let expected = Self.plainColumns(bytes, carriageReturnBreaksLines: carriageReturnBreaksLines)
        var mismatches = 0
        var firstMismatches: [Int] = []
        // Every offset near a block's edge, and one in 61 elsewhere (each column costs up to two blocks).
        let nearEdges = (0...bytes.count).filter {
            let inBlock = $0 % ColumnIndex.blockSize
            return inBlock < 8 || inBlock > ColumnIndex.blockSize - 8
        }
        let offsets = Set(nearEdges + Array(stride(from: 0, through: bytes.count, by: 61)) + [bytes.count]).sorted()
        for offset in offsets where offset == bytes.count || bytes[offset] & 0xC0 != 0x80 {
            if SourceLocation(in: source, line: 1, offset: offset).column != expected[offset] {
                mismatches += 1
                if firstMismatches.count < 10 { firstMismatches.append(offset) }
            }
        }
        #expect(mismatches == 0, "first at offsets \(firstMismatches)")
    }
}
