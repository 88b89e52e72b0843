import Foundation
import Testing

@_spi(Generated) @testable import Courier

/// Courier's JSON encoder against Foundation's: the same text for every value here (with
/// `.sortedKeys`, since Foundation's objects have no set order otherwise) but for whole
/// floating-point numbers, which keep their fraction; the same errors at the same paths; and
/// Foundation's own encoder for the options Courier's does not mirror.
@Suite struct DocumentEncoderTests {
    struct Address: Codable, Equatable, Sendable {
        var street: String
        var unit: Int?
        var lines: [String]
    }

    struct Person: Codable, Equatable, Sendable {
        var name: String
        var age: Int
        var height: Double
        var scores: [Float]
        var address: Address?
        var tags: [String: Int]
        var nested: [[Int8?]]
        var big: UInt64
        var small: Int64
        var flag: Bool
    }

    /// Writes through each kind of container Foundation hands out: nested keyed and unkeyed
    /// containers, a keyed container asked for twice, super encoders, a key written twice.
    struct Containers: Encodable, Sendable {
        enum Keys: String, CodingKey { case a, b, c, d }

        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: Keys.self)
            try keyed.encode("first", forKey: .a)
            var inner = keyed.nestedContainer(keyedBy: Keys.self, forKey: .b)
            try inner.encode(1, forKey: .a)
            var list = inner.nestedUnkeyedContainer(forKey: .b)
            try list.encode(true)
            try list.encodeNil()
            var deeper = list.nestedContainer(keyedBy: Keys.self)
            try deeper.encode("x", forKey: .c)
            var nestedList = list.nestedUnkeyedContainer()
            try nestedList.encode(3)
            var single = list.superEncoder().singleValueContainer()
            try single.encode("from a super encoder")
            var again = encoder.container(keyedBy: Keys.self)
            try again.encode("second", forKey: .c)
            try again.encode("replaced", forKey: .a)
            var superList = keyed.superEncoder().unkeyedContainer()
            try superList.encode(5)
            var superObject = keyed.superEncoder(forKey: .d).container(keyedBy: Keys.self)
            try superObject.encode(6, forKey: .a)
        }
    }

    /// A value that writes nothing: `{}` inside another value, an error at the top.
    struct Silent: Encodable, Sendable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct Holder<Value: Encodable & Sendable>: Encodable, Sendable {
        var value: Value
        var silent = Silent()
    }

    static func foundation(_ configure: (JSONEncoder) -> Void = { _ in }) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        configure(encoder)
        return encoder
    }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    static let person = Person(
        name: "Zoë \"Z\" / Ω \u{1}\u{1F}\u{7F}\u{2028}\n\t\r\u{8}\u{C} 😀", age: -42, height: 1.75,
        scores: [0.1, 2.5, -3.25], address: Address(street: "Main", unit: nil, lines: ["a", ""]),
        tags: ["b": 2, "a": 1, "a10": 10, "a9": 9, "B": 0, "é": 5, "e": 4], nested: [[1, nil, -128], []],
        big: .max, small: .min, flag: false)

    static let samples: [(String, any Encodable & Sendable)] = [
        ("a struct of every kind", person),
        ("containers", Containers()),
        ("a value that writes nothing", Holder(value: 1)),
        (
            "decimals",
            [Decimal(string: "2.50")!, Decimal(string: "-1e-3")!, Decimal(string: "123456789012345678901234567890")!]
        ),
        (
            "URLs",
            [URL(string: "https://example.com/a?b=c")!, URL(string: "x/y", relativeTo: URL(string: "http://h/base/"))!]
        ),
        ("data", [Data(), Data([0, 1, 2, 255])]),
        ("a top-level string", "text"),
        ("a top-level integer", 7),
        ("a top-level null", String?.none),
        ("optionals", [1, nil, 3] as [Int?]),
        ("an empty object and array", Holder(value: [String: Int]())),
    ]

    @Test(arguments: samples.indices)
    func writesWhatFoundationWrites(_ index: Int) throws {
        let (name, value) = Self.samples[index]
        for slashes in [false, true] {
            let encoder = Self.foundation { if slashes { $0.outputFormatting.insert(.withoutEscapingSlashes) } }
            let mine = try JSONEncoding.encode(value, options: encoder)
            let theirs = try encoder.encode(value)
            #expect(Self.text(mine) == Self.text(theirs), "\(name), slashes escaped: \(!slashes)")
        }
    }

    /// A small, fast generator (SplitMix64), so that the values are the same on every run.
    struct Generator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        static let characters: [Character] = [
            "a", "Z", "0", " ", "/", "\\", "\"", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}",
            "é", "Ω", "\u{2028}", "😀", "\u{FEFF}", "\r\n",
        ]

        mutating func string() -> String {
            String((0..<below(8)).map { _ in Self.characters[below(Self.characters.count)] })
        }

        /// A finite `Double` that is not whole (whole ones are written differently on purpose).
        mutating func fraction() -> Double {
            while true {
                let value = Double(bitPattern: next() & 0x7FEF_FFFF_FFFF_FFFF) * (below(2) == 0 ? 1 : -1)
                if value != value.rounded() { return value }
            }
        }

        /// A JSON value up to `depth` levels deep.
        mutating func value(depth: Int) -> JSONValue {
            switch below(depth > 0 ? 8 : 5) {
            case 0: return .null
            case 1: return .bool(below(2) == 0)
            case 2: return .int(Int(bitPattern: UInt(truncatingIfNeeded: next())) >> below(64))
            case 3: return .double(fraction())
            case 4: return .string(string())
            case 5, 6:
                return .object(
                    Dictionary((0..<below(6)).map { _ in (string(), value(depth: depth - 1)) }) { a, _ in a })
            default: return .array((0..<below(6)).map { _ in value(depth: depth - 1) })
            }
        }
    }

    /// Random values of every JSON kind (strings with escapes and characters of every width,
    /// integers of every size, fractions of every magnitude), nested: the same text as
    /// Foundation's encoder writes, sorted keys and escaped slashes or not.
    @Test func randomValuesAreWrittenAsFoundationWritesThem() throws {
        var generator = Generator(state: 2026)
        for round in 0..<1_000 {
            let value = generator.value(depth: 4)
            let encoder = Self.foundation { if round % 2 == 0 { $0.outputFormatting.insert(.withoutEscapingSlashes) } }
            let mine = Self.text(try JSONEncoding.encode(value, options: encoder))
            let theirs = Self.text(try encoder.encode(value))
            #expect(mine == theirs, "round \(round)")
            if mine != theirs { break }
        }
    }

    @Test(arguments: [
        (JSONEncoder.DateEncodingStrategy.deferredToDate, #"[1.5,-3.25]"#),
        (.secondsSince1970, #"[978307201.5,978307196.75]"#),
        (.millisecondsSince1970, #"[978307201500.0,978307196750.0]"#),
        (
            .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode("at \(date.timeIntervalSinceReferenceDate)")
            }, #"["at 1.5","at -3.25"]"#
        ),
        (.custom { _, _ in }, #"[{},{}]"#),
        (.rfc3339, #"["2001-01-01T00:00:01.5Z","2000-12-31T23:59:56.75Z"]"#),
    ])
    func writesDatesAsTheStrategySays(_ strategy: JSONEncoder.DateEncodingStrategy, _ expected: String) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = strategy
        let dates = [Date(timeIntervalSinceReferenceDate: 1.5), Date(timeIntervalSinceReferenceDate: -3.25)]
        #expect(Self.text(try JSONEncoding.encode(dates, options: encoder)) == expected)
        // Foundation writes the same numbers, whole ones without their fraction.
        #expect(
            Self.text(try encoder.encode(dates))
                == expected.replacingOccurrences(of: ".0,", with: ",").replacingOccurrences(of: ".0]", with: "]"))
    }

    @Test(arguments: [
        (JSONEncoder.DataEncodingStrategy.base64, #"["AAH\/"]"#),
        (.deferredToData, #"[[0,1,255]]"#),
        (
            .custom { data, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(data.count)
            }, #"[3]"#
        ),
    ])
    func writesDataAsTheStrategySays(_ strategy: JSONEncoder.DataEncodingStrategy, _ expected: String) throws {
        let encoder = JSONEncoder()
        encoder.dataEncodingStrategy = strategy
        let data = [Data([0, 1, 255])]
        #expect(Self.text(try JSONEncoding.encode(data, options: encoder)) == expected)
        #expect(Self.text(try encoder.encode(data)) == expected)
    }

    @Test func keepsTheFractionOfWholeNumbers() throws {
        let encoder = JSONEncoder()
        let numbers: [Double] = [2, -0.0, 0, 1e20, 1e-7, 0.1, 1.7976931348623157e308]
        #expect(
            Self.text(try JSONEncoding.encode(numbers, options: encoder))
                == "[2.0,-0.0,0.0,1e+20,1e-07,0.1,1.7976931348623157e+308]")
        #expect(Self.text(try encoder.encode(numbers)) == "[2,-0,0,1e+20,1e-07,0.1,1.7976931348623157e+308]")
        #expect(Self.text(try JSONEncoding.encode([Float(3), 0.5], options: encoder)) == "[3.0,0.5]")
        #expect(Self.text(try JSONEncoding.encode(["x": 2.0], options: encoder)) == #"{"x":2.0}"#)
    }

    /// A number decoded from `2.0` is sent as `2.0`, and read back as the same case of a union
    /// of integers and numbers (Chroma's metadata; a server that stores the first value's type).
    @Test func aWholeNumberReadAsANumberStaysOne() throws {
        let value = try JSONDecoding.decode(
            JSONValue.self, from: Data(#"{"x":2.0,"n":2,"list":[1.0,2]}"#.utf8), options: JSONDecoder())
        let sent = try Self.foundation().encodeKeepingURLText(value)
        #expect(Self.text(sent) == #"{"list":[1.0,2],"n":2,"x":2.0}"#)
        let again = try JSONDecoding.decode(JSONValue.self, from: sent, options: JSONDecoder())
        #expect(again == value)
        guard case .object(let fields) = again else { Issue.record("not an object"); return }
        #expect(fields["x"] == .double(2))
        #expect(fields["n"] == .int(2))
    }

    @Test func keepsMembersInTheOrderTheyWereWritten() throws {
        let address = Address(street: "Main", unit: 4, lines: [])
        #expect(
            Self.text(try JSONEncoding.encode(address, options: JSONEncoder()))
                == #"{"street":"Main","unit":4,"lines":[]}"#)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func refusesWhatJSONCannotSay(_ number: Double) throws {
        let value = ["a": [1.5, number]]
        let encoder = JSONEncoder()
        func failure(_ body: () throws -> Data) -> String {
            do {
                _ = try body()
                return "no error"
            } catch EncodingError.invalidValue(_, let context) {
                return "\(context.codingPath.map(\.stringValue)) \(context.debugDescription)"
            } catch {
                return "\(error)"
            }
        }
        let mine = failure { try JSONEncoding.encode(value, options: encoder) }
        #expect(mine == failure { try encoder.encode(value) })
        #expect(mine.hasPrefix(#"["a", "Index 1"] Unable to encode"#))

        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        #expect(Self.text(try JSONEncoding.encode(value, options: encoder)) == Self.text(try encoder.encode(value)))
    }

    /// Foundation's encoder writes `NaN` for `Decimal.nan`, which no JSON parser reads.
    @Test func refusesADecimalThatIsNotANumber() {
        #expect(throws: EncodingError.self) { try JSONEncoding.encode(["a": Decimal.nan], options: JSONEncoder()) }
    }

    @Test func refusesATopLevelValueThatWritesNothing() {
        #expect(throws: EncodingError.self) { try JSONEncoding.encode(Silent(), options: JSONEncoder()) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Silent()) }
    }

    /// A `JSONEncoder` set up in a way Courier's does not mirror encodes the value itself.
    @Test(arguments: 0..<4)
    func leavesOtherOptionsToFoundation(_ index: Int) throws {
        let encoder = JSONEncoder()
        switch index {
        case 0: encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        case 1: encoder.keyEncodingStrategy = .convertToSnakeCase
        case 2: encoder.dateEncodingStrategy = .iso8601
        default:
            final class Subclass: JSONEncoder, @unchecked Sendable {}
            let subclass = Subclass()
            subclass.outputFormatting = .sortedKeys
            #expect(try JSONEncoding.encode(Self.person, options: subclass) == (try subclass.encode(Self.person)))
            return
        }
        encoder.outputFormatting.insert(.sortedKeys)
        #expect(try JSONEncoding.encode(Self.person, options: encoder) == (try encoder.encode(Self.person)))
    }
}
