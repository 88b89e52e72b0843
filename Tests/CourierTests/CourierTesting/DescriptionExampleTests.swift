@_spi(Generated) import Courier
import CourierTesting
import Foundation
import Testing

/// The check that a generated type reads a description's example faithfully.
@Suite struct DescriptionExampleTests {
    struct Event: Codable, Sendable {
        var id: Int
        var at: Date?
        var score: Double?
        var tag: String?
    }

    /// A type that reads a value differently from the example: it keeps only the first word.
    struct Shortening: Codable, Sendable {
        var name: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            name = String(try container.decode([String: String].self)["name", default: ""].prefix { $0 != " " })
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(["name": name])
        }
    }

    @Test func aFaithfulExampleHasNoDifferences() throws {
        // A timestamp written another way and a whole number as a double are the same values.
        let example = DescriptionExample.decoding(
            Event.self, name: "GET /events/{id} 200",
            json: #"{"id":1,"at":"2026-11-21T13:15:00.000+01:00","score":2.0}"#)
        let result = try example.check()
        #expect(result == DescriptionExample.Result())
        #expect(example.description == "GET /events/{id} 200 → Event")
    }

    /// A key the server sent as `null` is a key: a type that leaves it out when encoding (as
    /// synthesized `Codable` does) drops it.
    @Test func aNullThatComesBackAbsentIsDropped() throws {
        let example = DescriptionExample.decoding(
            Event.self, name: "GET /events/{id} 200", json: #"{"id":1,"tag":null}"#)
        #expect(try example.check() == DescriptionExample.Result(dropped: ["$.tag"]))
    }

    /// A number the server sends as text, which generated code reads as the number, is the same value.
    @Test func aNumberSentAsTextIsTheSameValue() throws {
        struct Price: Codable, Sendable {
            var amount: Double
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                amount = try container.decode(Swift.Double.self, forKey: AnyCodingKey("amount"))
            }
        }
        let example = DescriptionExample.decoding(Price.self, name: "GET /price 200", json: #"{"amount":"-0.0075"}"#)
        #expect(try example.check() == DescriptionExample.Result())
        // A whole number written with decimals comes back as an integer.
        let zero = DescriptionExample.decoding(Price.self, name: "GET /price 200", json: #"{"amount":"0.00000"}"#)
        #expect(try zero.check() == DescriptionExample.Result())
    }

    /// A bare `UUID` encodes in Foundation's uppercase; UUIDs are the same in either case.
    @Test func uuidsCompareWithoutRegardToCase() throws {
        let example = DescriptionExample.decoding(
            UUID.self, name: "#/components/schemas/TicketId/example", json: #""a54a57ca-36f8-421b-a6b4-2e8f26858a4c""#)
        #expect(try example.check() == DescriptionExample.Result())
    }

    @Test func undeclaredKeysAreReportedAsDropped() throws {
        let example = DescriptionExample.decoding(
            [Event].self, name: "GET /events 200", json: #"[{"id":1,"extra":{"a":1}},{"id":2,"more":[1]}]"#)
        #expect(try example.check().dropped == ["$[0].extra", "$[1].more"])
    }

    @Test func aValueReadDifferentlyIsReportedAsChanged() throws {
        let example = DescriptionExample.decoding(
            Shortening.self, name: "GET /name 200", json: #"{"name":"Ada Lovelace"}"#)
        let result = try example.check()
        #expect(result.changed == [.init(path: "$.name", expected: "Ada Lovelace", found: "Ada")])
        #expect(result.changed.first?.description == #"$.name: string("Ada Lovelace") → string("Ada")"#)
    }

    @Test(arguments: [
        #"{"id":"one"}"#,  // A wrong type.
        #"{"at":"2026-11-21T12:15:00Z"}"#,  // A required key missing.
        #"{"id":1,"at":"yesterday"}"#,  // Not a timestamp.
        "null",
    ])
    func anExampleTheTypeCannotReadThrows(json: String) {
        let example = DescriptionExample.decoding(Event.self, name: "GET /events/{id} 200", json: json)
        #expect(throws: DecodingError.self) { try example.check() }
    }
}
