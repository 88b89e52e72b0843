import Courier
import CourierTesting
import Foundation
import ShowcaseAPI
import Testing

/// A generated struct writes an optional key it read as `null` as `null` again, through
/// Courier's decoder (one pass over the object) and through Foundation's (its keys, asked
/// each), and its `null`s take no part in equality.
@Suite struct ExplicitNullsTests {
    final class FoundationOnly: JSONDecoder, @unchecked Sendable {
        override init() {
            super.init()
            dateDecodingStrategy = .rfc3339
        }
    }

    static let decoders: [(String, JSONDecoder?)] = [("Courier's", nil), ("Foundation's", FoundationOnly())]

    @Test(
        arguments: decoders,
        [
            // Optional keys of every kind: a number, an object, a list, a free-form value, a boxed
            // (recursive) value, a string that may be null, a key with a dash.
            #"{"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","name":"W","kind":"gadget","price":null,"#
                + #""dimensions":null,"tags":null,"anything":null,"parent":null,"note":null,"kebab-name":null}"#,
            // A key written with an escape, an undeclared key, and nested structs with their own.
            #"{"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","name":"W","kind":"gadget","pric\u0065":null,"#
                + #""added":null,"children":[{"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","name":"C","kind":"gizmo","#
                + #""weight":null}],"dimensions":{"width":null,"height":2}}"#,
        ])
    func keysReadAsNullComeBack(decoder: (String, JSONDecoder?), json: String) throws {
        let example = DescriptionExample.decoding(Widget.self, name: "widget", json: json)
        let result = try example.check(decoder: decoder.1)
        #expect(result.isFaithful, "\(decoder.0) decoder: \(result)")
    }

    /// A struct whose undeclared keys have a type of their own finds its `null`s in a pass of
    /// their own rather than while listing undeclared keys.
    @Test(arguments: decoders)
    func aStructWithTypedAdditionalPropertiesKeepsItsNulls(decoder: (String, JSONDecoder?)) throws {
        let example = DescriptionExample.decoding(Extensible.self, name: "extensible", json: #"{"name":null,"x":"y"}"#)
        let result = try example.check(decoder: decoder.1)
        #expect(result.isFaithful, "\(decoder.0) decoder: \(result)")
    }

    @Test func aValueSetSinceIsSentAndAMissingKeyStaysMissing() throws {
        let json = #"{"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","name":"W","kind":"gadget","price":null,"note":null}"#
        var widget = try JSONDecoder().decode(Widget.self, from: Data(json.utf8))
        widget.price = 2.5
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(widget), as: UTF8.self)
        #expect(text.contains(#""price":2.5"#) && text.contains(#""note":null"#))
        #expect(!text.contains("weight") && !text.contains("dimensions"))
    }

    /// `null` and a missing key are the same value: equal, with the same hash.
    @Test func nullsTakeNoPartInEquality() throws {
        let base = #"{"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","name":"W","kind":"gadget""#
        let withNulls = try JSONDecoder().decode(Widget.self, from: Data((base + #","price":null,"tags":null}"#).utf8))
        let without = try JSONDecoder().decode(Widget.self, from: Data((base + "}").utf8))
        #expect(withNulls == without)
        #expect(withNulls.hashValue == without.hashValue)
        #expect(Set([withNulls, without]).count == 1)
    }
}
