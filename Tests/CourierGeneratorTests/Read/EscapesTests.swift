import CourierTestSupport
import Testing

@testable import CourierGenerator

/// The hex digits and UTF-8 both readers use for escapes.
@Suite(.onComputeThreads) struct EscapesTests {
    @Test(arguments: [
        ("00e9", 0, 4, UInt32?.some(0xE9)),
        ("x41", 1, 2, 0x41),
        ("10FFFF", 0, 6, 0x10FFFF),
        ("aBcD", 0, 4, 0xABCD),
        // Too few bytes, or a byte that is not a hex digit.
        ("0e9", 0, 4, nil),
        ("00g9", 0, 4, nil),
        ("", 0, 2, nil),
    ])
    func hexNumbers(text: String, offset: Int, count: Int, expected: UInt32?) {
        #expect(Escapes.hexNumber(in: Array(text.utf8), at: offset, count: count) == expected)
    }

    @Test(arguments: [
        (UInt32(0x41), "A"),
        (0xE9, "é"),
        (0x2028, "\u{2028}"),
        (0x1F600, "😀"),
    ])
    func scalarsAppendTheirUTF8(value: UInt32, expected: String) {
        var buffer: [UInt8] = [0x78]
        #expect(Escapes.appendUTF8(of: value, to: &buffer))
        #expect(buffer == [0x78] + Array(expected.utf8))
    }

    @Test(arguments: [UInt32(0xD800), 0xDFFF, 0x110000])
    func surrogatesAndValuesPastTheLastScalarAreRefused(value: UInt32) {
        var buffer: [UInt8] = []
        #expect(!Escapes.appendUTF8(of: value, to: &buffer))
        #expect(buffer.isEmpty)
    }
}
