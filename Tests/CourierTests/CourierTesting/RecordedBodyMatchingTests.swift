import CourierTestSupport
import Foundation
import Testing

@testable import CourierTesting

/// A replay matches a request whose body the client wrote differently from the recording but
/// that carries the same content (keys in another order, another multipart boundary), and no
/// request whose content differs.
@Suite struct RecordedBodyMatchingTests {
    static func form(_ boundary: String, _ parts: [String]) -> String {
        parts.map { "--\(boundary)\r\n\($0)\r\n" }.joined() + "--\(boundary)--\r\n"
    }

    static let json = "application/json"
    static let note = #"Content-Disposition: form-data; name="note"\#r\#nContent-Type: application/json\#r\#n\#r\#n"#
    static let photo =
        "Content-Disposition: form-data; name=\"photo\"; filename=\"a.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n"

    @Test(
        arguments: [
            // JSON: the same values, keys in any order, whitespace aside.
            (#"{"a":1,"b":[true,{"c":null,"d":"x"}]}"#, json, #"{"b":[true,{"d":"x","c":null}],"a":1}"#, json, true),
            (
                #"{"a":1,"b":2}"#, "application/vnd.api+json", "{\n  \"b\" : 2,\n  \"a\" : 1\n}",
                "application/vnd.api+json", true
            ),
            (#"{"a":1,"b":2}"#, json, #"{"a":1,"b":3}"#, json, false),
            (#"{"a":1}"#, json, #"{"a":1,"b":null}"#, json, false),
            (#"[1,2]"#, json, #"[2,1]"#, json, false),
            // Another media type, or text that is not JSON: the bytes decide.
            (#"{"a":1,"b":2}"#, json, #"{"b":2,"a":1}"#, "text/plain", false),
            ("a=1&b=2", "application/x-www-form-urlencoded", "b=2&a=1", "application/x-www-form-urlencoded", false),
            ("same bytes", "text/plain", "same bytes", "text/plain", true),
            // JSON Lines: line by line.
            (
                "{\"a\":1,\"b\":2}\n{\"c\":3}\n", "application/jsonl", "{\"b\":2,\"a\":1}\n{\"c\":3}\n",
                "application/jsonl", true
            ),
            ("{\"a\":1}\n{\"c\":3}\n", "application/x-ndjson", "{\"c\":3}\n{\"a\":1}\n", "application/x-ndjson", false),
            // Multipart: another boundary, a JSON part's keys in another order.
            (
                form("b1", [note + #"{"x":1,"y":2}"#, photo + "\u{0}\u{1}"]), "multipart/form-data; boundary=b1",
                form("zz9", [note + #"{"y":2,"x":1}"#, photo + "\u{0}\u{1}"]), "multipart/form-data; boundary=\"zz9\"",
                true
            ),
            (
                form("b1", [note + #"{"x":1}"#, photo + "\u{0}\u{1}"]), "multipart/form-data; boundary=b1",
                form("b2", [note + #"{"x":1}"#, photo + "\u{0}\u{2}"]), "multipart/form-data; boundary=b2", false
            ),
            (
                form("b1", [note + #"{"x":1}"#, photo + "\u{0}"]), "multipart/form-data; boundary=b1",
                form("b2", [photo + "\u{0}", note + #"{"x":1}"#]), "multipart/form-data; boundary=b2", false
            ),
            (
                form("b1", [note + #"{"x":1}"#]), "multipart/form-data; boundary=b1",
                form("b2", [note + #"{"x":1}"#, photo]), "multipart/form-data; boundary=b2", false
            ),
            // A form that does not hold its boundary is compared byte for byte.
            (
                "--b1\r\nbroken", "multipart/form-data; boundary=b1", "--b2\r\nbroken",
                "multipart/form-data; boundary=b2",
                false
            ),
        ].map { (Snippet($0), $1, Snippet($2), $3, $4) })
    func bodiesMatchByWhatTheyCarry(
        live: Snippet, liveType: String, recorded: Snippet, recordedType: String, same: Bool
    ) {
        let recorded = recorded.text
        let live = live.text
        #expect(
            RecordedBodyMatching.same(Data(live.utf8), liveType, Data(recorded.utf8), recordedType) == same,
            "\(live) / \(recorded)")
    }

    @Test func aMissingBodyMatchesOnlyAMissingOne() {
        #expect(RecordedBodyMatching.same(nil, nil, nil, nil))
        #expect(!RecordedBodyMatching.same(Data("{}".utf8), Self.json, nil, nil))
        #expect(!RecordedBodyMatching.same(nil, nil, Data("{}".utf8), Self.json))
    }
}
