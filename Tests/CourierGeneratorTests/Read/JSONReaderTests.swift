import CourierTestSupport
import Testing

@testable import CourierGenerator

@Suite(.onComputeThreads) struct JSONReaderTests {
    @Test(arguments: [
        (
            #"{"b": [1, -2.5e3, true, null, "x\u00e9\n\ud83d\ude00"], "a": {}}"#,
            #"{"a":{},"b":[1,-2500,true,null,"xé\n😀"]}"#
        ),
        (" [ ] ", "[]"),
        (#""only a string""#, #""only a string""#),
        // An integer beyond 64 bits (a uint64's largest, Qdrant's point ids) keeps every digit.
        ("[18446744073709551615, -9223372036854775809, 1e3]", "[18446744073709551615,-9223372036854775809,1000]"),
    ])
    func reads(json: String, expected: String) throws {
        #expect(try DocumentReader.read(Array(json.utf8), file: "t.json", format: .json).canonicalJSON == expected)
    }

    @Test func keepsKeyOrder() throws {
        let node = try DocumentReader.read(Array(#"{"z": 1, "a": 2, "m": 3}"#.utf8), file: "t.json", format: .json)
        #expect(node.mapping?.keys == ["z", "a", "m"])
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "Expected a quoted key"),
        ("{\"a\" 1}", 1, 6, "Expected ':'"),
        ("[1 2]", 1, 4, "Expected ',' or ']'"),
        ("{\"a\": 1, \"a\": 2}", 1, 10, "Duplicate key"),
        ("{\n  \"a\": tru\n}", 2, 8, "expected 'true'"),
        ("[01]", 1, 2, "leading zeros"),
        ("\"tab\there\"", 1, 5, "control character"),
        ("\"\\x\"", 1, 2, "Invalid escape"),
        ("[1] x", 1, 5, "Unexpected content"),
        ("{\"é\": [", 1, 8, "ends where a value"),
        ("", 1, 1, "ends where a value"),
        // A byte order mark is not a column; a carriage return is white space, not a line break.
        ("\u{FEFF}[1 2]", 1, 4, "Expected ',' or ']'"),
        ("[1,\r 2 3]", 1, 8, "Expected ',' or ']'"),
        ("[1,\n 2 3]", 2, 4, "Expected ',' or ']'"),
    ])
    func errorsPointAtTheProblem(json: Snippet, line: Int, column: Int, message: String) {
        let json = json.text
        do {
            _ = try DocumentReader.read(Array(json.utf8), file: "spec.json", format: .json)
            Issue.record("Expected an error")
        } catch {
            #expect(error.location.line == line && error.location.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func invalidUTF8IsAnError() {
        #expect(throws: ReadError.self) { try DocumentReader.read([0x7B, 0xFF, 0x7D], file: "x.json") }
    }
}
