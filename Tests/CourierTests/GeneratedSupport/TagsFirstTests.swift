import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@_spi(Generated) @testable import Courier

/// A discriminator leads its object in the JSON Courier sends, as System.Text.Json needs, with
/// every other byte of the text kept.
@Suite struct TagsFirstTests {
    @Test(arguments: [
        // Compact, as JSONEncoder writes.
        (#"{"a":1,"$type":"dog","b":[true,null]}"#, #"{"$type":"dog","a":1,"b":[true,null]}"#),
        // Already first: unchanged.
        (#"{"$type":"dog","a":1}"#, #"{"$type":"dog","a":1}"#),
        // Nested objects and arrays of objects, each reordered.
        (
            #"{"items":[{"x":1,"$type":"a"},{"$type":"b"},{"y":{"z":2,"$type":"c"}}],"$type":"list"}"#,
            #"{"$type":"list","items":[{"$type":"a","x":1},{"$type":"b"},{"y":{"$type":"c","z":2}}]}"#
        ),
        // Pretty-printed: the members move, the whitespace between them stays where it was.
        (
            "{\n  \"name\" : \"Rex\",\n  \"$type\" : \"dog\"\n}",
            "{\n  \"$type\" : \"dog\",\n  \"name\" : \"Rex\"\n}"
        ),
        // Strings holding brackets, commas, quotes and the key's own text are values, not structure.
        (
            #"{"note":"a \"$type\": {x, [y]}","$type":"\"q\""}"#,
            #"{"$type":"\"q\"","note":"a \"$type\": {x, [y]}"}"#
        ),
        // A key written with escapes is compared as the text it stands for.
        (#"{"a":{},"\u0024type":"dog"}"#, #"{"\u0024type":"dog","a":{}}"#),
        // Two names: in the order given, the rest in their own order.
        (#"{"c":3,"kind":"k","b":2,"$type":"t","a":1}"#, #"{"$type":"t","kind":"k","c":3,"b":2,"a":1}"#),
        // Scalars, empty containers, and numbers in every form.
        (#"[{},[],-1.5e+3,"$type",{"$type":0}]"#, #"[{},[],-1.5e+3,"$type",{"$type":0}]"#),
        // Not JSON: left as it is.
        (#"{"a":1,"$type":"dog""#, #"{"a":1,"$type":"dog""#),
        (#"{"a":[1}"#, #"{"a":[1}"#),
    ])
    func leadingMembersMoveFirst(text: Snippet, expected: Snippet) {
        let text = text.text
        let expected = expected.text
        let reordered = TagsFirst.reordered(Data(text.utf8), leading: ["$type", "kind"])
        #expect(String(decoding: reordered, as: UTF8.self) == expected)
    }

    /// Many objects with many keys, in every order the encoder picks: the tag always leads and
    /// the value is unchanged.
    @Test func everyOrderTheEncoderPicksEndsWithTheTagFirst() throws {
        struct Tagged: Encodable, Sendable {
            var index: Int
            func encode(to encoder: any Encoder) throws {
                UnionVariant.writeTagFirst("$type")
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                for key in ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"] {
                    try container.encode(index, forKey: AnyCodingKey(key))
                }
                try container.encode("t\(index)", forKey: AnyCodingKey("$type"))
            }
        }
        let values = (0..<50).map(Tagged.init)
        let text = try JSONEncoder().encodeLowercasingUUIDs(values)
        let objects = try #require(try JSONSerialization.jsonObject(with: text) as? [[String: Any]])
        #expect(objects.count == 50)
        let starts = String(decoding: text, as: UTF8.self).components(separatedBy: "},{")
        #expect(starts.count == 50)
        #expect(starts.allSatisfy { $0.hasPrefix(#""$type":"t"#) || $0.hasPrefix(#"[{"$type":"t"#) })
        #expect(objects.enumerated().allSatisfy { $1["$type"] as? String == "t\($0)" && $1["zeta"] as? Int == $0 })
    }

    /// Without a generated union asking, the encoder's order is kept: nothing else is touched.
    @Test func aBodyWithoutATaggedUnionIsAsTheEncoderWroteIt() throws {
        struct Plain: Encodable, Sendable {
            var type = "dog"
            var name = "Rex"
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encodeLowercasingUUIDs(Plain()) == encoder.encode(Plain()))
    }

    /// A tag asked for outside Courier's encoding of a request does nothing.
    @Test func aValueEncodedByYourOwnEncoderIsNotReordered() {
        UnionVariant.writeTagFirst("$type")
        #expect(TagsFirst.recorder == nil)
    }
}
