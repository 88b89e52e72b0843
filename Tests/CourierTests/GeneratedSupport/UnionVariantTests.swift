import CourierTestSupport
import Foundation
import Testing

@_spi(Generated) @testable import Courier

/// A union decodes the variant the payload proves, never the first that happens to decode: the
/// rules `UnionVariant.decode` applies, on unions shaped like the ones generated for Stripe
/// (`object` tags), GitHub (no tags, required keys) and tool-calling APIs (open enums, scalars).
@Suite(.onComputeThreads) struct UnionVariantTests {
    struct Card: Decodable, Equatable {
        var object: String
        var brand: String?
        var last4: String?
    }

    struct BankAccount: Decodable, Equatable {
        var object: String
        var bankName: String?
        var last4: String?

        enum CodingKeys: String, CodingKey {
            case object, last4
            case bankName = "bank_name"
        }
    }

    /// A tagged union: each variant would decode the other's payload, since every field but the
    /// tag is optional.
    enum Source: Decodable, Equatable {
        case card(Card)
        case bankAccount(BankAccount)
        case undocumented(JSONValue)

        static let variants: UnionVariants = [
            .object(
                required: ["object"], properties: ["object", "brand", "last4"], constants: ["object": ["card"]]),
            .object(
                required: ["object"], properties: ["object", "bank_name", "last4"],
                constants: ["object": ["bank_account"]]),
        ]

        init(from decoder: any Decoder) throws {
            self = try UnionVariant.decode(
                Self.variants, from: decoder, union: "Source", undocumented: Self.undocumented
            ) { index in
                switch index {
                case 0: .card(try Card(from: decoder))
                default: .bankAccount(try BankAccount(from: decoder))
                }
            }
        }
    }

    /// Untagged variants told apart by their keys, one with an open enum property.
    struct Commented: Decodable, Equatable {
        var event: String
        var body: String
    }

    struct Locked: Decodable, Equatable {
        var event: String
        var lockReason: String?

        enum CodingKeys: String, CodingKey {
            case event
            case lockReason = "lock_reason"
        }
    }

    enum Event: Decodable, Equatable {
        case locked(Locked)
        case commented(Commented)
        case undocumented(JSONValue)

        static let variants: UnionVariants = [
            .object(
                required: ["event"], properties: ["event", "lock_reason"],
                openTags: ["event": ["locked", "unlocked"]]),
            .object(required: ["event", "body"], properties: ["event", "body"]),
        ]

        init(from decoder: any Decoder) throws {
            self = try UnionVariant.decode(
                Self.variants, from: decoder, union: "Event", undocumented: Self.undocumented
            ) {
                index in
                switch index {
                case 0: .locked(try Locked(from: decoder))
                default: .commented(try Commented(from: decoder))
                }
            }
        }
    }

    struct User: Decodable, Equatable {
        var login: String
        var id: Int
    }

    /// A team whose `parent` is required but may be `null`: its type reads it as `nil` when a
    /// server leaves it out.
    struct Team: Decodable, Equatable {
        var id: Int
        var parent: Int?
    }

    struct IdentifierOnly: Decodable, Equatable {
        var id: Int
    }

    /// GitHub's reviewer: a user or a team, told apart by their keys; with `reference`, a third
    /// variant that declares only `id`.
    enum Reviewer: Decodable, Equatable {
        case user(User)
        case team(Team)
        case reference(IdentifierOnly)
        case undocumented(JSONValue)

        init(from decoder: any Decoder) throws {
            let withReference = decoder.userInfo[Self.withReference] as? Bool == true
            var variants: [UnionVariant] = [
                .object(required: "login id", properties: "id login"),
                .object(required: "id", properties: "id parent").allowingMissing("parent"),
            ]
            if withReference { variants.append(.object(required: "id", properties: "id")) }
            self = try UnionVariant.decode(
                UnionVariants(variants), from: decoder, union: "Reviewer", undocumented: Self.undocumented
            ) { index in
                switch index {
                case 0: .user(try User(from: decoder))
                case 1: .team(try Team(from: decoder))
                default: .reference(try IdentifierOnly(from: decoder))
                }
            }
        }

        static let withReference = CodingUserInfoKey(rawValue: "withReference")!
    }

    /// A required key the variant's type reads without (`allowingMissing`) does not rule it
    /// out: a team without its `parent` is a team, not `undocumented` (github3.py's recorded
    /// answers, in GitHub's pending-deployment reviewer). It still counts against the variant:
    /// beside one that accounts for as many keys and misses none, that one goes first.
    @Test(arguments: [
        (#"{"id": 7}"#, false, Reviewer.team(Team(id: 7, parent: nil))),
        (#"{"id": 7, "parent": 3}"#, false, .team(Team(id: 7, parent: 3))),
        (#"{"login": "octocat", "id": 1}"#, false, .user(User(login: "octocat", id: 1))),
        (#"{"id": 7}"#, true, .reference(IdentifierOnly(id: 7))),
        (#"{"id": 7, "parent": null}"#, true, .team(Team(id: 7, parent: nil))),
        (#"{"name": "x"}"#, true, .undocumented(["name": "x"])),
    ])
    func aRequiredKeyTheVariantReadsWithoutCountsAgainstItOnly(json: String, withReference: Bool, expected: Reviewer)
        throws
    {
        let decoder = JSONDecoder()
        decoder.userInfo[Reviewer.withReference] = withReference
        #expect(try decoder.decode(Reviewer.self, from: Data(json.utf8)) == expected)
    }

    /// Scalars: a number, an integer, an enum that lists some values, and plain text.
    enum Scalar: Decodable, Equatable {
        case double(Double)
        case int(Int)
        case model(String)
        case string(String)

        static let variants: UnionVariants = [
            .value([.number]), .value([.integer]), .value([.string], knownValues: ["gpt-4o", "whisper-1"]),
            .value([.string]),
        ]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self = try UnionVariant.decode(Self.variants, from: decoder, union: "Scalar", undocumented: nil) { index in
                switch index {
                case 0: .double(try container.decode(Double.self))
                case 1: .int(try container.decode(Int.self))
                case 2: .model(try container.decode(String.self))
                default: .string(try container.decode(String.self))
                }
            }
        }
    }

    /// The data of server-sent events, tagged by the events' names: a count and a label.
    enum EventData: Decodable, Equatable {
        case progress(Int)
        case label(String)

        static let variants = UnionVariants(
            eventNames: [["progress"], ["label", "title"]], [.value([.integer]), .value([.string])])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self = try UnionVariant.decode(Self.variants, from: decoder, union: "EventData", undocumented: nil) {
                index in
                switch index {
                case 0: .progress(try container.decode(Int.self))
                default: .label(try container.decode(String.self))
                }
            }
        }
    }

    /// An event's name decides its data's case, and a value that does not fit that case is an
    /// error, not another case; a name the union does not list is an error where the union keeps
    /// no undocumented values; without a name, the value's kind decides.
    @Test(arguments: [
        ("progress", "3", EventData.progress(3)), ("title", #""done""#, .label("done")),
        ("label", "3", nil), ("progress", #""3""#, nil), ("paused", "3", nil), ("", "7", .progress(7)),
    ])
    func eventNamesChooseTheirVariant(name: String, json: String, expected: EventData?) throws {
        let decoder = JSONDecoder()
        if !name.isEmpty { decoder.userInfo[UnionVariant.serverSentEventName] = name }
        for decode in [
            { try JSONDecoding.decode(EventData.self, from: Data(json.utf8), options: decoder) },
            { try decoder.decode(EventData.self, from: Data(json.utf8)) },
        ] {
            if let expected {
                #expect(try decode() == expected)
            } else {
                #expect(throws: DecodingError.self) { try decode() }
            }
        }
    }

    /// A `uint64` beside a string (an ID that is either), and a whole number any size beside a double.
    enum LargeNumber: Decodable, Equatable {
        case unsigned(UInt64)
        case text(String)
        case int(Int)
        case double(Double)

        static let variants: UnionVariants = [
            .value([.integer]), .value([.string]), .value([.integer]), .value([.number]),
        ]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self = try UnionVariant.decode(Self.variants, from: decoder, union: "LargeNumber", undocumented: nil) {
                index in
                switch index {
                case 0: .unsigned(try container.decode(UInt64.self))
                case 1: .text(try container.decode(String.self))
                case 2: .int(try container.decode(Int.self))
                default: .double(try container.decode(Double.self))
                }
            }
        }
    }

    /// Two objects with the same key, a UUID in one and any text in the other; and two string
    /// variants, a URL (which reads almost any text) before a UUID.
    struct Reference: Decodable, Equatable {
        var target: String
    }
    struct Identified: Decodable, Equatable {
        var target: UUID
    }
    enum Formatted: Decodable, Equatable {
        case reference(Reference)
        case identified(Identified)

        static let variants: UnionVariants = [
            .object(properties: ["target"]),
            .object(properties: ["target"], formats: ["target": .uuid]),
        ]

        init(from decoder: any Decoder) throws {
            self = try UnionVariant.decode(Self.variants, from: decoder, union: "Formatted", undocumented: nil) {
                index in
                index == 0 ? .reference(try Reference(from: decoder)) : .identified(try Identified(from: decoder))
            }
        }
    }
    enum Link: Decodable, Equatable {
        case url(URL)
        case id(UUID)
        case stamp(Date)

        static let variants: UnionVariants = [
            .value([.string], format: .uri), .value([.string], format: .uuid), .value([.string], format: .dateTime),
        ]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self = try UnionVariant.decode(Self.variants, from: decoder, union: "Link", undocumented: nil) { index in
                switch index {
                case 0: .url(try container.decode(URL.self))
                case 1: .id(try container.decode(UUID.self))
                default: .stamp(try container.decode(Date.self))
                }
            }
        }
    }

    func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test(arguments: [
        // The tag proves a card, though a bank account would decode it too (the old first-match bug).
        (
            #"{"object": "card", "brand": "Visa", "last4": "4242"}"#,
            Source.card(Card(object: "card", brand: "Visa", last4: "4242"))
        ),
        // The tag proves a bank account, listed second.
        (
            #"{"object": "bank_account", "bank_name": "STRIPE TEST BANK"}"#,
            Source.bankAccount(BankAccount(object: "bank_account", bankName: "STRIPE TEST BANK"))
        ),
        // A tag no variant has: kept whole as undocumented, never forced into a variant.
        (#"{"object": "payout", "amount": 5}"#, Source.undocumented(["object": "payout", "amount": 5])),
        // No tag, and the required tag key missing from both: undocumented.
        (#"{"brand": "Visa"}"#, Source.undocumented(["brand": "Visa"])),
    ])
    func aTagProvesTheVariant(json: String, expected: Source) throws {
        #expect(try decode(Source.self, json) == expected)
    }

    @Test(arguments: [
        // A known value of an open enum counts for its variant.
        (#"{"event": "locked", "lock_reason": "spam"}"#, Event.locked(Locked(event: "locked", lockReason: "spam"))),
        // GitHub's `commented` event: the required `body` is there, and the open enum does not know the value.
        (#"{"event": "commented", "body": "Nice"}"#, Event.commented(Commented(event: "commented", body: "Nice"))),
        // A missing required key rules a variant out: no body, so not a comment, though the
        // locked event's open enum does not know "renamed" either.
        (#"{"event": "renamed"}"#, Event.locked(Locked(event: "renamed", lockReason: nil))),
        // Nothing has `event`: undocumented.
        (#"{"action": "x"}"#, Event.undocumented(["action": "x"])),
    ])
    func requiredKeysAndKnownValuesDecide(json: String, expected: Event) throws {
        #expect(try decode(Event.self, json) == expected)
    }

    /// An object whose open tag holds a value no variant lists is of a kind the description does
    /// not know yet (Datadog's synthetic test assertions: an operator added since, its target an
    /// object where the listed operators' targets are text or numbers). Where the closest
    /// variant does not read it, it is kept whole as undocumented; the rest of the list it
    /// stands in still decodes. With a listed value, the variant's error is the union's.
    @Test func anObjectOfAnUnlistedKindThatNoVariantReadsIsUndocumented() throws {
        #expect(
            try decode(Event.self, #"{"event": "renamed", "lock_reason": {"from": "a"}}"#)
                == .undocumented(["event": "renamed", "lock_reason": ["from": "a"]]))
        let list = try decode([Event].self, #"[{"event": "locked"}, {"event": "renamed", "lock_reason": 5}]"#)
        #expect(list.first == .locked(Locked(event: "locked", lockReason: nil)))
        #expect(list.last == .undocumented(["event": "renamed", "lock_reason": 5]))
        #expect(throws: DecodingError.self) {
            try decode(Event.self, #"{"event": "locked", "lock_reason": {"from": "a"}}"#)
        }
    }

    @Test(arguments: [
        // A whole number is an integer before a double, whatever the order of the variants.
        ("42", Scalar.int(42)),
        ("1.5", Scalar.double(1.5)),
        // An enum that lists the value wins over plain text listed after it…
        (#""whisper-1""#, Scalar.model("whisper-1")),
        // …and plain text wins over an enum that does not list the value.
        (#""my-fine-tune""#, Scalar.string("my-fine-tune")),
    ])
    func scalarsGoToTheirKind(json: String, expected: Scalar) throws {
        #expect(try decode(Scalar.self, json) == expected)
    }

    /// A whole number past `Int.max` is still an integer: it went to no integer variant, so a
    /// `uint64` of 18446744073709551615 matched none of the union's variants.
    @Test(arguments: [
        ("18446744073709551615", LargeNumber.unsigned(.max)),
        ("9223372036854775808", .unsigned(1 << 63)),
        ("7", .unsigned(7)),
        (#""18446744073709551616""#, .text("18446744073709551616")),
        ("-1", .int(-1)),
        ("-1e30", .double(-1e30)),
        ("0.5", .double(0.5)),
    ])
    func largeWholeNumbersAreIntegers(json: String, expected: LargeNumber) throws {
        #expect(try decode(LargeNumber.self, json) == expected)
        #expect(try JSONDecoding.decode(LargeNumber.self, from: Data(json.utf8), options: JSONDecoder()) == expected)
    }

    /// A format tells variants apart where kinds and keys cannot: a UUID went to the variant
    /// listed first, whose text or URL reads it too. Found by `Scripts/random-schemas.py`.
    @Test func formatsTellVariantsApart() throws {
        let id = "ff77fa02-d9b6-e9c7-d2e5-87f77681842b"
        #expect(
            try decode(Formatted.self, #"{"target": "\#(id)"}"#)
                == .identified(Identified(target: UUID(uuidString: id)!)))
        #expect(try decode(Formatted.self, #"{"target": "main"}"#) == .reference(Reference(target: "main")))
        #expect(try decode(Link.self, #""\#(id)""#) == .id(UUID(uuidString: id)!))
        #expect(try decode(Link.self, #""https://example.com/a""#) == .url(URL(string: "https://example.com/a")!))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .rfc3339
        let stamp = try decoder.decode(Link.self, from: Data(#""2026-11-21T12:15:00Z""#.utf8))
        #expect(stamp == .stamp(Date(timeIntervalSince1970: 1_795_263_300)))
        // Text with none of the formats still goes to a variant that reads it (a relative URL).
        #expect(try decode(Link.self, #""a/b""#) == .url(URL(string: "a/b")!))
    }

    @Test(arguments: [
        ("https://example.com", UnionVariant.TextFormat.uri, true), ("mailto:a@b.c", .uri, true),
        ("urn:isbn:0451450523", .uri, true), ("a/b:c", .uri, false), ("1http://x", .uri, false), ("", .uri, false),
        ("ff77fa02-d9b6-e9c7-d2e5-87f77681842b", .uri, false), ("ff77fa02-d9b6-e9c7-d2e5-87f77681842b", .uuid, true),
        ("not-a-uuid", .uuid, false), ("2026-11-21T12:15:00+0100", .dateTime, true), ("2026-11-21", .dateTime, false),
    ])
    func textFormats(text: String, format: UnionVariant.TextFormat, matches: Bool) {
        #expect(format.matches(text) == matches)
    }

    @Test(arguments: [
        // A kind no variant takes.
        ("true", "The value matches none of Scalar's variants (a boolean)."),
        ("null", "The value matches none of Scalar's variants (a null)."),
        ("[1]", "The value matches none of Scalar's variants (an array)."),
    ])
    func aValueOfAnotherKindIsAnError(json: String, message: String) throws {
        let error = try #require(throws: DecodingError.self) { try decode(Scalar.self, json) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.debugDescription == message)
    }

    /// A free-form variant (`{}`, any value) takes `null` too, which has no kind of its own: a
    /// union of it and a string decoded `null` as "matches none of the variants".
    @Test(arguments: [("null", FreeForm.any(.null)), (#""a""#, .string("a")), ("[1]", .any([1]))])
    func nullGoesToAFreeFormVariant(json: String, expected: FreeForm) throws {
        #expect(try decode(FreeForm.self, json) == expected)
    }

    enum FreeForm: Decodable, Equatable {
        case any(JSONValue)
        case string(String)

        static let variants: UnionVariants = [.value(.any), .value([.string])]

        init(from decoder: any Decoder) throws {
            self = try UnionVariant.decode(Self.variants, from: decoder, union: "FreeForm", undocumented: nil) {
                index in
                switch index {
                case 0: .any(try JSONValue(from: decoder))
                default: .string(try decoder.singleValueContainer().decode(String.self))
                }
            }
        }
    }

    /// An array of whole numbers goes to the variant of integers before the one of numbers
    /// listed first, which would round those above 2^53; an array with a fraction or another
    /// kind goes to the variant that takes it.
    @Test(arguments: [
        ("[1, 9007199254740993]", Lists.integers([1, 9_007_199_254_740_993])),
        ("[1.5, 2]", Lists.numbers([1.5, 2])),
        ("[]", Lists.numbers([])),
        (#"["a", null]"#, Lists.texts(["a", nil])),
    ])
    func wholeNumbersGoToTheArrayOfIntegers(json: String, expected: Lists) throws {
        #expect(try decode(Lists.self, json) == expected)
        #expect(try JSONDecoding.decode(Lists.self, from: Data(json.utf8), options: JSONDecoder()) == expected)
    }

    enum Lists: Decodable, Equatable {
        case numbers([Double])
        case integers([Int])
        case texts([String?])

        static let variants: UnionVariants = [
            .value([.array], elements: [.number]), .value([.array], elements: [.integer]),
            .value([.array], elements: [.string]),
        ]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self = try UnionVariant.decode(Self.variants, from: decoder, union: "Lists", undocumented: nil) { index in
                switch index {
                case 0: .numbers(try container.decode([Double].self))
                case 1: .integers(try container.decode([Int].self))
                default: .texts(try container.decode([String?].self))
                }
            }
        }
    }

    /// A whole number written with a fraction or an exponent (`2.0`, `1e3`: how Rust's serde,
    /// Python and Jackson write a float) goes to the variant of numbers with Courier's decoder,
    /// though the union lists integers first (Chroma's metadata values, found on its server); one
    /// written with digits only, to the integers. Foundation's decoder hides the text, so there
    /// `2.0` is an integer as before.
    @Test(arguments: [
        ("2", Metadata.integer(2), Metadata.integer(2)),
        ("2.0", .number(2), .integer(2)),
        ("1e3", .number(1000), .integer(1000)),
        ("2.5", .number(2.5), .number(2.5)),
        ("9007199254740993", .integer(9_007_199_254_740_993), .integer(9_007_199_254_740_993)),
        ("[1, 2]", .integers([1, 2]), .integers([1, 2])),
        ("[1.0, 2.0]", .numbers([1, 2]), .integers([1, 2])),
        ("[1, 2.0]", .numbers([1, 2]), .integers([1, 2])),
    ])
    func aNumberWrittenWithAFractionIsANumber(json: String, courier: Metadata, foundation: Metadata) throws {
        #expect(try JSONDecoding.decode(Metadata.self, from: Data(json.utf8), options: JSONDecoder()) == courier)
        #expect(try decode(Metadata.self, json) == foundation)
        let nested = #"{"values": {"x": \#(json)}}"#
        #expect(
            try JSONDecoding.decode([String: [String: Metadata]].self, from: Data(nested.utf8), options: JSONDecoder())
                == ["values": ["x": courier]])
    }

    /// A metadata value as Chroma describes it: integers listed before numbers.
    enum Metadata: Decodable, Equatable {
        case integer(Int64)
        case number(Double)
        case integers([Int64])
        case numbers([Double])

        static let variants: UnionVariants = [
            .value([.integer]), .value([.number]), .value([.array], elements: [.integer]),
            .value([.array], elements: [.number]),
        ]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self = try UnionVariant.decode(Self.variants, from: decoder, union: "Metadata", undocumented: nil) {
                index in
                switch index {
                case 0: .integer(try container.decode(Int64.self))
                case 1: .number(try container.decode(Double.self))
                case 2: .integers(try container.decode([Int64].self))
                default: .numbers(try container.decode([Double].self))
                }
            }
        }
    }

    /// A variant that is a union of objects and other values counts the keys its objects
    /// declare: it took no part in weighing an object, so a variant that declared one of the
    /// payload's keys won, and the payload was called ambiguous (found by random-schemas.py).
    @Test func aUnionOfObjectsAndScalarsCountsItsObjectsKeys() throws {
        enum Shape: Decodable, Equatable {
            case idOrObject(JSONValue)
            case other(JSONValue)
            static let variants: UnionVariants = [
                .value([.object, .integer], properties: ["Type", "count", "init"]),
                .object(properties: ["init", "label"]),
            ]
            init(from decoder: any Decoder) throws {
                self = try UnionVariant.decode(Self.variants, from: decoder, union: "Shape", undocumented: nil) {
                    index in
                    index == 0 ? .idOrObject(try JSONValue(from: decoder)) : .other(try JSONValue(from: decoder))
                }
            }
        }
        #expect(
            try decode(Shape.self, #"{"Type": 1, "count": 2, "init": []}"#)
                == .idOrObject(["Type": 1, "count": 2, "init": []]))
        #expect(try decode(Shape.self, #"{"init": "a", "label": 1}"#) == .other(["init": "a", "label": 1]))
        #expect(try decode(Shape.self, "7") == .idOrObject(7))
    }

    /// An open enum takes values it does not list, but only of its own kind: a variant whose
    /// `count` is one of a few strings is ruled out by a number there, and one whose `level` is
    /// an integer enum by an array. A known value counted for the variant however the rest of
    /// the payload read, so it won and the payload was called ambiguous (random-schemas seed
    /// 154 at sixty schemas).
    @Test(arguments: [
        (#"{"count": "red", "level": [1], "Type": 3}"#, "typed"),
        (#"{"count": "red", "level": 2}"#, "tagged"),
        (#"{"count": "blue", "level": null}"#, "tagged"),
        (#"{"count": 3, "level": 2, "Type": 1}"#, "typed"),
    ])
    func anOpenEnumIsRuledOutByAValueOfAnotherKind(json: String, expected: String) throws {
        enum Either: Decodable, Equatable {
            case typed(JSONValue)
            case tagged(JSONValue)
            static let variants: UnionVariants = [
                .object(required: ["Type"], properties: ["Type", "count", "level"]),
                .object(properties: ["count", "level"], openTags: ["count": ["red", "green"], "level": [0, 1]]),
            ]
            init(from decoder: any Decoder) throws {
                self = try UnionVariant.decode(Self.variants, from: decoder, union: "Either", undocumented: nil) {
                    index in
                    index == 0 ? .typed(try JSONValue(from: decoder)) : .tagged(try JSONValue(from: decoder))
                }
            }
        }
        let value = try decode(Either.self, json)
        let found =
            switch value {
            case .typed: "typed"
            case .tagged: "tagged"
            }
        #expect(found == expected)
    }

    /// Of two variants that declare the payload's keys alike, the one that requires them is
    /// closer than the one listed first, which only declares them.
    @Test func requiringTheKeysBreaksATie() throws {
        enum Either: Decodable, Equatable {
            case declares(JSONValue)
            case requires(JSONValue)
            static let variants: UnionVariants = [
                .object(properties: ["url", "kind"], keepsUndeclaredKeys: true),
                .object(required: ["url"], properties: ["url", "count"], keepsUndeclaredKeys: true),
            ]
            init(from decoder: any Decoder) throws {
                self = try UnionVariant.decode(Self.variants, from: decoder, union: "Either", undocumented: nil) {
                    index in
                    index == 0 ? .declares(try JSONValue(from: decoder)) : .requires(try JSONValue(from: decoder))
                }
            }
        }
        #expect(try decode(Either.self, #"{"url": {}}"#) == .requires(["url": [:]]))
        #expect(try decode(Either.self, #"{"url": {}, "kind": 1}"#) == .declares(["url": [:], "kind": 1]))
    }

    /// A union that is another union's variant leaves an object none of its own variants
    /// accepts to the enclosing union, which tries its other variants, and keeps it in the
    /// closest if none reads it. The inner union kept it in its own catch-all, though a later
    /// variant read it (found by `Scripts/random-schemas.py`).
    @Test(arguments: [
        (#"{"a": 1, "b": 2, "c": 3}"#, Outer.c(["a": 1, "b": 2, "c": 3])),
        (#"{"a": 1, "z": 2}"#, Outer.inner(.a(["a": 1, "z": 2]))),
        // No variant reads it: the closest keeps it where it is.
        (#"{"a": 1}"#, Outer.inner(.undocumented(["a": 1]))),
    ])
    func aNestedUnionLeavesAnUnknownObjectToTheEnclosingOne(json: String, expected: Outer) throws {
        #expect(try decode(Outer.self, json) == expected)
        #expect(try JSONDecoding.decode(Outer.self, from: Data(json.utf8), options: JSONDecoder()) == expected)
    }

    /// The same for a union deeper in a variant: two variants declare the same key, and the
    /// value under it tells them apart. The first by order read it, leaving it undocumented.
    @Test(arguments: [
        (#"{"meta": {"q": 1}}"#, Holder.loose(["meta": ["q": 1]])),
        (#"{"meta": {"a": 1, "z": 2}}"#, Holder.strict(Strict(meta: .a(["a": 1, "z": 2])))),
        (#"{"meta": 3}"#, Holder.loose(["meta": 3])),
    ])
    func aVariantWhoseNestedUnionMeetsAnUnknownObjectGivesWayToTheNext(json: String, expected: Holder) throws {
        #expect(try decode(Holder.self, json) == expected)
        #expect(try JSONDecoding.decode(Holder.self, from: Data(json.utf8), options: JSONDecoder()) == expected)
    }

    @Test func withNoOtherVariantTheNestedUnionKeepsTheObject() throws {
        // The loose variant refuses objects here: nothing else reads it, so the strict one keeps it.
        let json = #"{"meta": {"q": 1}, "strict": true}"#
        #expect(try decode(Holder.self, json) == .strict(Strict(meta: .undocumented(["q": 1]))))
    }

    struct Strict: Decodable, Equatable {
        var meta: Inner
        init(meta: Inner) { self.meta = meta }
        init(from decoder: any Decoder) throws {
            let container = try UnionVariant.objectContainer(decoder)
            meta = try container.decode(Inner.self, forKey: AnyCodingKey("meta"))
        }
    }

    enum Holder: Decodable, Equatable {
        case strict(Strict)
        case loose(JSONValue)

        static let variants: UnionVariants = [
            .object(properties: ["meta", "strict"]), .object(properties: ["meta"]),
        ]

        init(from decoder: any Decoder) throws {
            self = try UnionVariant.decode(Self.variants, from: decoder, union: "Holder", undocumented: nil) { index in
                if index == 0 { return .strict(try Strict(from: decoder)) }
                let value = try JSONValue(from: decoder)
                if case .object(let fields) = value, fields["strict"] != nil {
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not loose"))
                }
                return .loose(value)
            }
        }
    }

    enum Inner: Decodable, Equatable {
        case a(JSONValue)
        case b(JSONValue)
        case undocumented(JSONValue)

        static let variants: UnionVariants = [
            .object(required: ["a", "z"], properties: ["a", "z"]),
            .object(required: ["b", "y"], properties: ["b", "y"]),
        ]

        init(from decoder: any Decoder) throws {
            self = try UnionVariant.decode(
                Self.variants, from: decoder, union: "Inner", undocumented: Self.undocumented
            ) { index in
                _ = try UnionVariant.objectContainer(decoder)
                return index == 0 ? .a(try JSONValue(from: decoder)) : .b(try JSONValue(from: decoder))
            }
        }
    }

    enum Outer: Decodable, Equatable {
        case inner(Inner)
        case c(JSONValue)
        case undocumented(JSONValue)

        static let variants: UnionVariants = [
            .object(properties: ["a", "b", "z"], keepsUndeclaredKeys: true),
            .object(required: ["c"], properties: ["c"]),
        ]

        init(from decoder: any Decoder) throws {
            self = try UnionVariant.decode(
                Self.variants, from: decoder, union: "Outer", undocumented: Self.undocumented
            ) { index in
                index == 0 ? .inner(try Inner(from: decoder)) : .c(try JSONValue(from: decoder))
            }
        }
    }

    /// A `oneOf` payload that has keys of two variants without a tag is ambiguous: decoding fails
    /// rather than read it as one when it may be the other. An `anyOf` payload may be both: the
    /// closest variant is chosen (and a generated struct keeps the other keys whole).
    @Test func anAmbiguousPayloadIsAnErrorUnlessSeveralMayMatch() throws {
        enum Either: Decodable {
            case a(JSONValue)
            case b(JSONValue)
            static let variants: UnionVariants = [
                .object(properties: ["id", "name"]), .object(properties: ["id", "size"]),
            ]
            init(from decoder: any Decoder) throws {
                let several = decoder.userInfo[CodingUserInfoKey(rawValue: "several")!] as? Bool ?? false
                self = try UnionVariant.decode(
                    Self.variants, from: decoder, union: "Either", allowsSeveral: several, undocumented: nil
                ) { index in
                    index == 0 ? .a(try JSONValue(from: decoder)) : .b(try JSONValue(from: decoder))
                }
            }
        }
        let error = try #require(throws: DecodingError.self) {
            try decode(Either.self, #"{"id": 1, "name": "n", "size": 2}"#)
        }
        #expect("\(error)".contains("does not declare size, which another variant declares"))
        let anyOf = JSONDecoder()
        anyOf.userInfo[CodingUserInfoKey(rawValue: "several")!] = true
        guard case .a = try anyOf.decode(Either.self, from: Data(#"{"id": 1, "name": "n", "size": 2}"#.utf8)) else {
            Issue.record("expected a")
            return
        }
        // One variant's keys alone are not ambiguous.
        guard case .b = try decode(Either.self, #"{"id": 1, "size": 2}"#) else {
            Issue.record("expected b")
            return
        }
    }

    /// The evidence is read before decoding: a proven variant decodes once, and its error is the
    /// union's (no other variant is tried after it).
    @Test func aProvenVariantDecodesOnceAndItsErrorIsTheUnions() throws {
        struct Counted: Decodable {
            var attempts: [Int] = []
            init(from decoder: any Decoder) throws {
                var attempts: [Int] = []
                _ = try UnionVariant.decode(Source.variants, from: decoder, union: "Source", undocumented: nil) {
                    index in
                    attempts.append(index)
                    return index
                }
                self.attempts = attempts
            }
        }
        #expect(try decode(Counted.self, #"{"object": "bank_account", "last4": "6789"}"#).attempts == [1])
        // A card whose brand is not a string: the card's error, not a bank account.
        #expect(throws: DecodingError.self) { try decode(Source.self, #"{"object": "card", "brand": 7}"#) }
    }

    /// When one key's value alone proves a variant, the union reads only it; when it cannot (two
    /// constant tags on a variant, tags on different keys, a value two variants share, a
    /// non-string constant), the union weighs every variant.
    @Test(
        arguments: [
            (
                "one key, distinct values",
                [
                    UnionVariant.object(constants: ["object": ["card"]]),
                    .object(constants: ["object": ["bank_account", "account"]]), .value(.object),
                ], ["account": 1, "bank_account": 1, "card": 0]
            ),
            (
                "two tags on one variant",
                [
                    .object(constants: ["object": ["customer"], "deleted": [true]]),
                    .object(constants: ["object": ["customer"]]),
                ], nil
            ),
            (
                "tags on different keys", [.object(constants: ["type": ["a"]]), .object(constants: ["kind": ["b"]])],
                nil
            ),
            ("a shared value", [.object(constants: ["type": ["a"]]), .object(constants: ["type": ["a", "b"]])], nil),
            ("a number", [.object(constants: ["version": [1]]), .object(constants: ["version": [2]])], nil),
            ("no tags", [.object(required: "id"), .value(.string)], nil),
        ] as [(String, [UnionVariant], [String: Int]?)])
    func aTagProvesAVariantOnlyWhenItsValueAloneCan(
        _ shape: String, _ variants: [UnionVariant], _ expected: [String: Int]?
    ) {
        let table = UnionVariants(variants)
        #expect(table.provingTag?.variantByValue == expected, "\(shape)")
    }

    /// A variant proved by a constant (a string tag read alone, or a number weighed with the
    /// rest) beside one without it: the proved variant is tried first and wins when it reads the
    /// value, but one it cannot read goes to the untagged variant, which JSON Schema's `anyOf`
    /// and `oneOf` accept it for; if neither reads it, the proved variant's error is the union's.
    /// Found by `Scripts/random-schemas.py` (`meta: {enum: [1]}` beside `meta: integer`).
    @Test(arguments: [(JSONValue.string("card"), #""kind": "card""#), (.int(1), #""kind": 1"#)])
    func aProvedVariantThatCannotReadTheValueLeavesItToAnUntaggedOne(constant: JSONValue, tag: String) throws {
        struct Tagged: Decodable, Equatable { var name: String? }
        struct Plain: Decodable, Equatable { var name: [String: Int]? }
        enum Either: Decodable, Equatable {
            case tagged(Tagged), plain(Plain)
            static let constantKey = CodingUserInfoKey(rawValue: "constant")!
            init(from decoder: any Decoder) throws {
                let constant = decoder.userInfo[Self.constantKey] as? JSONValue ?? .null
                let variants = UnionVariants([
                    .object(required: "kind", properties: "kind name", constants: ["kind": [constant]]),
                    .object(required: "kind", properties: "kind name"),
                ])
                self = try UnionVariant.decode(variants, from: decoder, union: "Either", undocumented: nil) { index in
                    index == 0 ? .tagged(try Tagged(from: decoder)) : .plain(try Plain(from: decoder))
                }
            }
        }
        let decoder = JSONDecoder()
        decoder.userInfo[Either.constantKey] = constant
        func either(_ name: String) throws -> Either {
            try decoder.decode(Either.self, from: Data("{\(tag), \"name\": \(name)}".utf8))
        }
        #expect(try either(#""Ada""#) == .tagged(Tagged(name: "Ada")))
        #expect(try either(#"{"a": 1}"#) == .plain(Plain(name: ["a": 1])))
        #expect(throws: DecodingError.self) { try either("[true]") }
    }

    @Test func aTagValueNoVariantListsIsWeighedLikeAnyOther() throws {
        // `object` is in the table, but this value is not: the full weighing decides (here, the
        // catch-all).
        let decoded = try JSONDecoder().decode(Source.self, from: Data(#"{"object": "alipay_account"}"#.utf8))
        #expect(decoded == .undocumented(["object": "alipay_account"]))
    }
}
