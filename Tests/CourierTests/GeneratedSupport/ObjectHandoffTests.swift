import CourierTestSupport
import Foundation
import Testing

@_spi(Generated) @testable import Courier

/// A union hands the container it read its evidence from to the variant it chose, and only to
/// that variant: a value nested in the variant, at another depth, makes its own.
@Suite(.onComputeThreads) struct ObjectHandoffTests {
    /// Decodes as generated structs do, counting the containers it was handed.
    struct Charge: Decodable, Equatable {
        var object: String
        var amount: Int
        var wasHanded: Bool

        init(object: String, amount: Int, wasHanded: Bool) {
            (self.object, self.amount, self.wasHanded) = (object, amount, wasHanded)
        }

        init(from decoder: any Decoder) throws {
            wasHanded = ObjectHandoff.take(for: decoder) != nil
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            object = try container.decodeValue(String.self, at: "object")
            amount = try container.decodeValue(Int.self, at: "amount")
        }
    }

    /// A struct decoded the generated way, through `UnionVariant.objectContainer(_:)`.
    struct Refund: Decodable, Equatable {
        var object: String
        var charge: Charge?

        init(from decoder: any Decoder) throws {
            let container = try UnionVariant.objectContainer(decoder)
            object = try container.decodeValue(String.self, at: "object")
            charge = try container.decodeValueIfPresent(Charge.self, at: "charge")
        }
    }

    /// An object variant that does not take the offered container (as no generated type does):
    /// the charge inside it, one level deeper, must not be handed the outer object.
    struct Wrapper: Decodable, Equatable {
        var inner: Charge

        init(inner: Charge) { self.inner = inner }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            inner = try container.decodeValue(Charge.self, at: "inner")
        }
    }

    /// A tagged union, a wrapper, and a map of refunds (its values are one level deeper).
    enum Movement: Decodable, Equatable {
        case charge(Charge)
        case refund(Refund)
        case wrapper(Wrapper)
        case refundsByID([String: Refund])

        static let variants: UnionVariants = [
            .object(required: "object amount", properties: "object amount", constants: ["object": ["charge"]]),
            .object(required: "object", properties: "object charge", constants: ["object": ["refund"]]),
            .object(required: "inner", properties: "inner"),
            .value(.object),
        ]

        init(from decoder: any Decoder) throws {
            self = try UnionVariant.decode(Self.variants, from: decoder, union: "Movement", undocumented: nil) {
                index in
                switch index {
                case 0: .charge(try Charge(from: decoder))
                case 1: .refund(try Refund(from: decoder))
                case 2: .wrapper(try Wrapper(from: decoder))
                default: .refundsByID(try [String: Refund](from: decoder))
                }
            }
        }
    }

    static func decode(_ json: String) throws -> Movement {
        try JSONDecoder().decode(Movement.self, from: Data(json.utf8))
    }

    @Test func theChosenVariantDecodesFromTheUnionsContainer() throws {
        #expect(
            try Self.decode(#"{"object": "charge", "amount": 5}"#)
                == .charge(Charge(object: "charge", amount: 5, wasHanded: true)))
    }

    @Test func aValueNestedInTheVariantIsNotHandedTheOuterObject() throws {
        // The refund takes the union's container; its charge, one level down, makes its own.
        guard
            case .refund(let refund) = try Self.decode(
                #"{"object": "refund", "charge": {"object": "charge", "amount": 7}}"#)
        else {
            Issue.record("not a refund")
            return
        }
        #expect(refund.charge == Charge(object: "charge", amount: 7, wasHanded: false))
    }

    @Test func aDeeperValueIsNotHandedTheContainerItsVariantLeft() throws {
        #expect(
            try Self.decode(#"{"inner": {"object": "charge", "amount": 3}}"#)
                == .wrapper(Wrapper(inner: Charge(object: "charge", amount: 3, wasHanded: false))))
    }

    @Test func theValuesOfAMapVariantDecodeFromTheirOwnObjects() throws {
        let decoded = try Self.decode(#"{"re_1": {"object": "refund"}, "re_2": {"object": "refund"}}"#)
        guard case .refundsByID(let refunds) = decoded else {
            Issue.record("not a map: \(decoded)")
            return
        }
        #expect(refunds.keys.sorted() == ["re_1", "re_2"])
        #expect(refunds.values.allSatisfy { $0.object == "refund" && $0.charge == nil })
    }

    @Test func nothingIsLeftOfferedAfterADecode() throws {
        _ = try Self.decode(#"{"object": "refund"}"#)
        _ = try? Self.decode(#"{"object": "charge"}"#)  // fails: no amount
        let probe = try JSONDecoder().decode(Probe.self, from: Data(#"{"object": "x"}"#.utf8))
        #expect(!probe.wasHanded)
    }

    struct Probe: Decodable {
        var wasHanded: Bool
        init(from decoder: any Decoder) throws { wasHanded = ObjectHandoff.take(for: decoder) != nil }
    }
}
