import Foundation
import Testing

@testable import Courier

/// The parser against the HTML standard's algorithm written plainly
/// (`referenceServerSentEvents(_:)`), on thousands of streams made of the pieces that matter —
/// field names, colons, spaces, every line end, a byte order mark, combining marks, characters of
/// two to four bytes, invalid UTF-8, NUL, numbers too large for `Int` — fed whole and in chunks
/// of every size from 1 to 17 bytes. The streams come from a seeded generator: the same every run.
@Suite struct ServerSentEventReferenceTests {
    // The common pieces more than once, so that the fields' interplay comes up often.
    static let fields = [
        "data", "data", "data", "event", "id", "id", "retry", "retry", "retry", "", "dat", "Data", "retry\u{301}",
        "\u{FEFF}data",
    ].map { Array($0.utf8) }
    static let separators = [":", ": ", ": ", ": ", ":  ", "", ":\u{301}", " :"].map { Array($0.utf8) }
    static let values: [[UInt8]] =
        [
            "1500", "1500", "007", "007", "99999999999999999999", "-5", "x", "x", "é", "🦆", "\u{301}", "\0", " ", ":",
            "[DONE]", "1e3",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xF0, 0x9F], [0xEF, 0xBB, 0xBF]]
    static let lineEnds = ["\n", "\r\n", "\r"].map { Array($0.utf8) }

    /// A small, fast generator (SplitMix64), so that the streams are the same on every run.
    struct Generator {
        var state: UInt64
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }

        mutating func pick(_ choices: [[UInt8]]) -> [UInt8] { choices[next(below: choices.count)] }

        /// Lines of a field, a separator and some values, and blank lines; the last line may be
        /// left without its end.
        mutating func stream() -> [UInt8] {
            var bytes: [UInt8] = []
            for _ in 0..<next(below: 16) {
                if next(below: 3) > 0 {
                    bytes += pick(ServerSentEventReferenceTests.fields) + pick(ServerSentEventReferenceTests.separators)
                    for _ in 0..<next(below: 3) { bytes += pick(ServerSentEventReferenceTests.values) }
                }
                bytes += pick(ServerSentEventReferenceTests.lineEnds)
            }
            if next(below: 4) == 0 { bytes += pick(ServerSentEventReferenceTests.values) }
            return bytes
        }
    }

    @Test(arguments: 0..<8)
    func theParserReadsWhatTheStandardsAlgorithmReads(batch: Int) throws {
        var generator = Generator(state: UInt64(batch))
        for _ in 0..<500 {
            let bytes = generator.stream()
            let expected = referenceServerSentEvents(bytes)
            var whole = ServerSentEventParser()
            #expect(try whole.feed(bytes) == expected, "\(bytes)")
            let chunkSize = generator.next(below: 17) + 1
            var chunked = ServerSentEventParser()
            var events: [ServerSentEvent] = []
            for start in stride(from: 0, to: bytes.count, by: chunkSize) {
                events += try chunked.feed(bytes[start..<min(start + chunkSize, bytes.count)])
            }
            #expect(events == expected, "\(bytes) in chunks of \(chunkSize)")
        }
    }
}
