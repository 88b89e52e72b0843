import CourierTestSupport
import Foundation
import Testing

@_spi(Generated) @testable import Courier

/// A union listed among its own alternatives, directly or through another union, decodes what
/// its other alternatives accept and fails with an error on anything else, where it recursed
/// without end (a stack overflow) before.
@Suite(.onComputeThreads) struct VariantLoopTests {
    struct Reference: Codable, Hashable {
        var type: String
        var id: String
    }

    struct Note: Codable, Hashable {
        var kind: String
        var text: String?
    }

    /// `Item: oneOf: [Item, Reference]`, with a discriminator, as the generator writes it.
    indirect enum Item: Decodable, Hashable {
        case item(Item)
        case reference(Reference)

        static let variants: UnionVariants = [
            .value(.any),
            .object(required: "type id", properties: "id type", constants: ["type": ["item_reference"]]),
        ]

        init(from decoder: any Decoder) throws {
            self = try UnionVariant.decode(Self.variants, from: decoder, union: "Item", undocumented: nil) { index in
                switch index {
                case 0:
                    .item(try UnionVariant.decodeLeadingBack("Item.item", from: decoder) { try Item(from: decoder) })
                default: .reference(try Reference(from: decoder))
                }
            }
        }
    }

    /// `First: oneOf: [Second, Reference]` and `Second: oneOf: [First, Note]`.
    indirect enum First: Decodable, Hashable {
        case second(Second)
        case reference(Reference)

        static let variants: UnionVariants = [
            .value(.any),
            .object(required: "type id", properties: "id type"),
        ]

        init(from decoder: any Decoder) throws {
            self = try UnionVariant.decode(Self.variants, from: decoder, union: "First", undocumented: nil) { index in
                switch index {
                case 0:
                    .second(
                        try UnionVariant.decodeLeadingBack("First.second", from: decoder) { try Second(from: decoder) })
                default: .reference(try Reference(from: decoder))
                }
            }
        }
    }

    indirect enum Second: Decodable, Hashable {
        case first(First)
        case note(Note)

        static let variants: UnionVariants = [
            .value(.any),
            .object(required: "kind", properties: "kind text"),
        ]

        init(from decoder: any Decoder) throws {
            self = try UnionVariant.decode(Self.variants, from: decoder, union: "Second", undocumented: nil) { index in
                switch index {
                case 0:
                    .first(
                        try UnionVariant.decodeLeadingBack("Second.first", from: decoder) { try First(from: decoder) })
                default: .note(try Note(from: decoder))
                }
            }
        }
    }

    /// A list of items, each decoded at its own depth.
    struct Basket: Decodable, Hashable {
        var items: [Item]
        var first: First?
    }

    enum JSONReading: CaseIterable {
        case courier, foundation

        func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
            switch self {
            case .courier: try JSONDecoding.decode(type, from: Data(json.utf8), options: JSONDecoder())
            case .foundation: try JSONDecoder().decode(type, from: Data(json.utf8))
            }
        }
    }

    @Test(arguments: JSONReading.allCases)
    func aUnionAmongItsOwnAlternativesDecodesTheOthers(decoder: JSONReading) throws {
        let reference = Reference(type: "item_reference", id: "r1")
        #expect(try decoder.decode(Item.self, #"{"type": "item_reference", "id": "r1"}"#) == .reference(reference))
        let basket = try decoder.decode(
            Basket.self, #"{"items": [{"type": "item_reference", "id": "r1"}, {"type": "item_reference", "id": "r2"}]}"#
        )
        #expect(basket.items == [.reference(reference), .reference(Reference(type: "item_reference", id: "r2"))])
    }

    @Test(arguments: JSONReading.allCases, [#"{"type": "Item"}"#, #"{"type": "other", "id": "x"}"#, "[]", "1"])
    func aValueNoOtherAlternativeTakesIsAnErrorNotARecursion(decoder: JSONReading, json: String) {
        #expect(throws: DecodingError.self) { try decoder.decode(Item.self, json) }
        #expect(throws: DecodingError.self) { try decoder.decode(Basket.self, #"{"items": [\#(json)]}"#) }
    }

    @Test(arguments: JSONReading.allCases)
    func unionsListingEachOtherTakeEachOthersValues(decoder: JSONReading) throws {
        let reference = Reference(type: "link", id: "r1")
        let note = Note(kind: "memo", text: "hi")
        // By JSON Schema's rules each accepts what either accepts.
        #expect(try decoder.decode(First.self, #"{"type": "link", "id": "r1"}"#) == .reference(reference))
        #expect(try decoder.decode(First.self, #"{"kind": "memo", "text": "hi"}"#) == .second(.note(note)))
        #expect(try decoder.decode(Second.self, #"{"kind": "memo", "text": "hi"}"#) == .note(note))
        #expect(try decoder.decode(Second.self, #"{"type": "link", "id": "r1"}"#) == .first(.reference(reference)))
        #expect(
            try decoder.decode(Basket.self, #"{"items": [], "first": {"kind": "memo"}}"#)
                == Basket(items: [], first: .second(.note(Note(kind: "memo", text: nil)))))
        #expect(throws: DecodingError.self) { try decoder.decode(First.self, #"{"other": true}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode(Second.self, "42") }
    }

    @Test func theErrorSaysWhichVariantLeadsBack() {
        do {
            _ = try JSONReading.courier.decode(Item.self, #"{"type": "Item"}"#)
            Issue.record("decoded")
        } catch {
            #expect("\(error)".contains("Item.item leads back to its own union"), "\(error)")
        }
    }
}
