import CourierTestSupport
import Foundation
import Testing

@_spi(Generated) @testable import Courier

/// Courier's JSON decoder against Foundation's: the same text decodes to the same value, or
/// fails with the same kind of error at the same coding path, for every case here and every
/// file of JSONTestSuite. A `JSONDecoder` subclass makes `JSONDecoding` step aside, which is
/// how each test reaches Foundation's own decoder.
@Suite(.onComputeThreads) struct DocumentDecoderTests {
    /// A decoder `JSONDecoding` leaves to Foundation.
    final class FoundationOnly: JSONDecoder, @unchecked Sendable {}

    /// What a decode came to, comparable across the two decoders.
    enum Outcome<Value: Equatable>: Equatable, CustomStringConvertible {
        case value(Value)
        /// The error's kind and its coding path, by each key's string and integer value.
        case failure(kind: String, path: [String])

        init(_ body: () throws -> Value) {
            do {
                self = .value(try body())
            } catch let error as DecodingError {
                let (kind, context): (String, DecodingError.Context?) =
                    switch error {
                    case .typeMismatch(_, let context): ("typeMismatch", context)
                    case .valueNotFound(_, let context): ("valueNotFound", context)
                    case .keyNotFound(let key, let context): ("keyNotFound \(key.stringValue)", context)
                    case .dataCorrupted(let context): ("dataCorrupted", context)
                    @unknown default: ("unknown", nil)
                    }
                self = .failure(
                    kind: kind,
                    path: context?.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue } ?? [])
            } catch {
                self = .failure(kind: "\(type(of: error))", path: [])
            }
        }

        var description: String {
            switch self {
            case .value(let value): "\(value)"
            case .failure(let kind, let path): "\(kind) at \(path)"
            }
        }
    }

    /// Whether Courier's outcome is Foundation's: the same value, or an error of the same kind at
    /// the same path. Foundation reports a number out of range without its path, so a corrupted
    /// value is compared by kind alone; `JSONValue` tries each kind in turn through Foundation, so
    /// its errors are compared only as errors. Where `courierMayRefuse`, Courier may fail on text
    /// Foundation lets through (a trailing comma, a malformed number or string, a non-integral
    /// number read as an integer): never the other way round.
    static func agree<Value>(
        _ courier: Outcome<Value>, _ foundation: Outcome<Value>, anyError: Bool = false, courierMayRefuse: Bool = false
    ) -> Bool {
        switch (courier, foundation) {
        case (.value(let mine), .value(let theirs)): return mine == theirs
        case (.failure(let kind, let path), .failure(let theirKind, let theirPath)):
            if anyError { return true }
            return kind == theirKind && (kind == "dataCorrupted" || path == theirPath)
        case (.failure, .value): return courierMayRefuse
        case (.value, .failure): return false
        }
    }

    static func both<Value: Decodable & Equatable>(
        _ type: Value.Type, _ json: String, configure: (JSONDecoder) -> Void = { _ in }
    ) -> (courier: Outcome<Value>, foundation: Outcome<Value>) {
        let data = Data(json.utf8)
        let options = JSONDecoder()
        let foundation = FoundationOnly()
        configure(options)
        configure(foundation)
        return (
            Outcome { try JSONDecoding.decode(type, from: data, options: options) },
            Outcome { try foundation.decode(type, from: data) }
        )
    }

    // MARK: - Any JSON

    static let texts: [String] = [
        "{}", "[]", "0", "-0", "\"\"", "true", "false", "null", " \n\t{ \"a\" : [ 1 , 2 ] } \r\n",
        #"{"a": 1, "b": [true, false, null], "c": {"d": "e"}}"#,
        #"{"a": 1, "a": 2}"#, #"{"a": {"x": 1}, "a": 2, "b": 3}"#,
        #"["\u00e9\ud83d\ude00\n\t\"\\\/", "é😀", "\u0000"]"#,
        "[1.0, 1e2, 1E+2, 1e-2, -0.0, 0.1, 123456789012345678, 12345678901234567890, 1e400, 1e-400]",
        "[9007199254740993, -9223372036854775808, 9223372036854775808, 2.5e-324, 1.7976931348623157e308]",
        "[0.000001, 100000000000000000000000, 3.141592653589793238462643383279]",
        "", " ", "{", "[1,]", "{\"a\":1,}", "[01]", "[1.]", "[.5]", "[+1]", "[-]", "[1e]", "tru", "nul",
        "[\"a\" \"b\"]", "{\"a\" 1}", "{1: 2}", "[\"\t\"]", "[\"\\x\"]", "[\"\\u12\"]", "[\"\\ud800\"]",
        "[\"\\udc00\\ud800\"]", "[1] [2]", "\"abc", "[\"\\ud83d\\ude00\"]", "{\"\\u0061\": 1, \"a\": 2}",
    ]

    /// Not JSON, though Foundation's decoder reads it: Courier refuses it.
    static let refusedThoughFoundationReadsThem: Set<String> = ["[1,]", "{\"a\":1,}"]

    /// Holding a number that neither a `Double` nor a `Decimal` keeps as written (`2.5e-324`, read
    /// as `5e-324`): Courier's decoder, which sees the text, refuses it; Foundation's hides it.
    static let numbersNotKeptExactly: Set<String> = [
        "[9007199254740993, -9223372036854775808, 9223372036854775808, 2.5e-324, 1.7976931348623157e308]"
    ]

    @Test(arguments: texts.map { Snippet($0) })
    func anyValueDecodesAsFoundationDecodesIt(_ json: Snippet) {
        let json = json.text
        let (courier, foundation) = Self.both(JSONValue.self, json)
        let refused = Self.refusedThoughFoundationReadsThem.contains(json)
        let notKept = Self.numbersNotKeptExactly.contains(json)
        #expect(
            Self.agree(courier, foundation, anyError: true, courierMayRefuse: refused || notKept),
            "\(courier) vs \(foundation)")
        if refused, case .value = courier { Issue.record("Accepted text that is not JSON") }
        if notKept, case .value = courier { Issue.record("Accepted a number it cannot keep exactly") }
    }

    @Test func invalidUTF8InAStringIsAnError() {
        let data = Data([0x22, 0x61, 0xC3, 0x28, 0x22])  // "a", then a lead byte without its continuation
        #expect(throws: DecodingError.self) { try JSONDecoding.decode(String.self, from: data, options: JSONDecoder()) }
        let overlong = Data([0x22, 0xC0, 0xAF, 0x22])
        #expect(throws: DecodingError.self) {
            try JSONDecoding.decode(String.self, from: overlong, options: JSONDecoder())
        }
        let encodedSurrogate = Data([0x22, 0xED, 0xA0, 0x80, 0x22])
        #expect(throws: DecodingError.self) {
            try JSONDecoding.decode(String.self, from: encodedSurrogate, options: JSONDecoder())
        }
    }

    static let syntaxErrors: [(json: String, message: String)] = [
        ("{\n  \"a\": [1, 2,,]\n}", "Unexpected ','; expected a value at line 2, column 14."),
        ("", "Unexpected end of text; expected a value at line 1, column 1."),
        ("tru", "Unexpected end of text; expected true at line 1, column 4."),
        ("[nul1]", "Unexpected '1'; expected null at line 1, column 5."),
        ("[1 2]", "Unexpected '2'; expected ',' or ']' at line 1, column 4."),
        ("{\"a\" 1}", "Unexpected '1'; expected ':' after a key at line 1, column 6."),
        ("{\"a\": 1, 2}", "Unexpected '2'; expected a key in quotes at line 1, column 10."),
        ("[1,]", "Unexpected ']'; expected a value at line 1, column 4."),
        ("[01]", "A number cannot start with 0 followed by digits at line 1, column 3."),
        ("[1.e5]", "A number needs a digit after its decimal point at line 1, column 4."),
        ("\"a\\qb\"", "Invalid escape \\'q' at line 1, column 4."),
        ("\"a\\u12G4\"", "Invalid \\u escape: four hexadecimal digits expected at line 1, column 7."),
        ("[\"abc", "Unexpected end of text inside a string that starts at line 1, column 2."),
        ("[\"a\tb\"]", "Unescaped control character byte 0x9 in a string at line 1, column 4."),
        ("{\"a\": [1]\n", "Unexpected end of text inside an object at line 2, column 1."),
        ("[1] x", "Unexpected 'x' after the JSON value at line 1, column 5."),
    ]

    @Test(arguments: syntaxErrors.map { (Snippet($0), $1) })
    func aSyntaxErrorSaysWhatAndWhere(_ json: Snippet, _ message: String) throws {
        let json = json.text
        do {
            _ = try JSONDecoding.decode(JSONValue.self, from: Data(json.utf8), options: JSONDecoder())
            Issue.record("Expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "The given data was not valid JSON.")
            #expect(context.underlyingError.map { "\($0)" } == message)
        }
    }

    @Test func nestingIsBoundedNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: DecodingError.self) {
            try JSONDecoding.decode(JSONValue.self, from: Data(deep.utf8), options: JSONDecoder())
        }
        let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let (courier, foundation) = Self.both(JSONValue.self, allowed)
        #expect(Self.agree(courier, foundation))
        if case .failure = courier { Issue.record("512 levels are allowed") }
    }

    // MARK: - Numbers

    static let integerTexts = [
        "0", "-0", "1", "-1", "1.0", "1.5", "1e2", "1E2", "1e-2", "10e-1", "-10e-1", "0.0e99999", "5e-99999",
        "127", "128", "-128", "-129", "255", "256", "32767", "65535", "2147483647", "2147483648", "-2147483649",
        "4294967295", "4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551615", "18446744073709551616", "1e19", "1e20", "123456789e3",
        "1.23456789e8", "12.5e1", "-1e18", "\"1\"", "true", "null", "[]", "{}", "999999999999999999",
        "-999999999999999999", "1000000000000000000",
    ]

    @Test(arguments: integerTexts)
    func integersDecodeAsFoundationDecodesThem(_ json: String) {
        // JSON texts of every kind, each as every integer type: value or error alike.
        func check<Integer: FixedWidthInteger & Decodable>(_ type: Integer.Type) {
            let (courier, foundation) = Self.both(type, json)
            // Foundation reads 5e-99999 as 0 (the double it rounds to); it is no integer.
            #expect(
                Self.agree(courier, foundation, courierMayRefuse: json == "5e-99999"),
                "\(json) as \(type): \(courier) vs \(foundation)")
        }
        check(Int.self)
        check(Int8.self)
        check(Int16.self)
        check(Int32.self)
        check(Int64.self)
        check(UInt.self)
        check(UInt8.self)
        check(UInt16.self)
        check(UInt32.self)
        check(UInt64.self)
    }

    @Test func doublesAreTheSameBitsAsFoundationReads() {
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "0.1", "0.2", "0.3", "1e23", "8.98846567431158e307", "2.2250738585072014e-308", "4.9e-324",
            "0.30000000000000004", "123456.789", "-0.0075", "1.7976931348623157e308", "9007199254740993",
            "0.000000000000000000000000000001", "123456789012345.6", "1234567890123456.7", "1e22", "1e-22",
        ]
        for _ in 0..<2_000 {
            let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)
            texts.append("\(value)")
            let short = Double(Int64.random(in: -1_000_000_000...1_000_000_000, using: &generator)) / 1000
            texts.append("\(short)")
            texts.append(String(format: "%.6f", short))
        }
        for text in texts {
            let (courier, foundation) = Self.both(Double.self, text)
            if case .value(let mine) = courier, case .value(let theirs) = foundation {
                #expect(mine.bitPattern == theirs.bitPattern, "\(text)")
            } else {
                #expect(Self.agree(courier, foundation), "\(text)")
            }
            let floats = Self.both(Float.self, text)
            #expect(Self.agree(floats.courier, floats.foundation), "\(text) as Float")
        }
    }

    @Test func nonConformingFloatsAsTheOptionsSay() {
        let (courier, foundation) = Self.both([Double].self, #"["+inf", "-inf", 1.5]"#) {
            $0.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        }
        #expect(courier == foundation)
        #expect(courier == .value([.infinity, -.infinity, 1.5]))
        let refused = Self.both([Double].self, #"["+inf"]"#)
        #expect(Self.agree(refused.courier, refused.foundation))
    }

    @Test(arguments: [
        "12.345", "1e400", "-0", "1e-200", "123456789012345678901234567890123456789012345", "1E5", "0.1", "-1.5e-3",
        "1e127", "1e128", "1e-128", "1e-129", "\"1\"", "null",
    ])
    func decimalsDecodeAsFoundationDecodesThem(_ json: String) {
        let (courier, foundation) = Self.both(Decimal.self, json)
        // Past 38 significant digits Foundation's decoder rounds; Courier's refuses.
        let rounded = JSONValue.significantDigits(ofNumber: json.utf8) > 38
        #expect(Self.agree(courier, foundation, courierMayRefuse: rounded), "\(courier) vs \(foundation)")
        if rounded, case .value = courier { Issue.record("Read a decimal past its digits") }
    }

    // MARK: - Typed values

    struct Everything: Codable, Equatable {
        var text: String
        var flag: Bool
        var small: Int8?
        var unsigned: UInt16?
        var big: Int64?
        var ratio: Float?
        var amount: Double?
        var when: Date?
        var bytes: Data?
        var link: URL?
        var price: Decimal?
        var tags: [String]?
        var nested: [String: [Int]]?
        var children: [Everything]?
        var kind: Kind?

        enum Kind: String, Codable { case one, two }
    }

    static let everythingTexts: [String] = [
        #"{"text": "a", "flag": true}"#,
        #"{"text": "a", "flag": false, "small": -128, "unsigned": 65535, "big": -9223372036854775808, "ratio": 0.5, "amount": 12.25, "when": 1700000000, "bytes": "aGVsbG8=", "link": "https://example.com/a?b=c", "price": 12.345, "tags": ["x", "y"], "nested": {"a": [1, 2], "b": []}, "children": [{"text": "b", "flag": true}], "kind": "two"}"#,
        #"{"text": "a"}"#, #"{"flag": true}"#, #"{"text": 1, "flag": true}"#, #"{"text": null, "flag": true}"#,
        #"{"text": "a", "flag": null}"#, #"{"text": "a", "flag": 1}"#, #"{"text": "a", "flag": true, "small": 128}"#,
        #"{"text": "a", "flag": true, "small": "1"}"#, #"{"text": "a", "flag": true, "bytes": "***"}"#,
        #"{"text": "a", "flag": true, "bytes": 5}"#, #"{"text": "a", "flag": true, "kind": "three"}"#,
        #"{"text": "a", "flag": true, "link": ""}"#, #"{"text": "a", "flag": true, "when": "yesterday"}"#,
        #"{"text": "a", "flag": true, "children": [{"text": "b"}]}"#,
        #"{"text": "a", "flag": true, "children": [{"text": "b", "flag": true}, 3]}"#,
        #"{"text": "a", "flag": true, "nested": {"a": [1, "2"]}}"#, #"{"text": "a", "flag": true, "nested": []}"#,
        #"{"text": "a", "flag": true, "tags": null, "price": null}"#, #"{"text": "a", "flag": true, "price": "1"}"#,
        #"[]"#, #"null"#, #"{"text": "a", "flag": true, "text": "b", "flag": false}"#,
        #"{"flag": true, "unknown": {"deep": [1, 2, {"x": null}]}, "text": "z"}"#,
    ]

    @Test(arguments: everythingTexts)
    func typedValuesDecodeAsFoundationDecodesThem(_ json: String) {
        let (courier, foundation) = Self.both(Everything.self, json) { $0.dateDecodingStrategy = .secondsSince1970 }
        #expect(Self.agree(courier, foundation), "\(courier) vs \(foundation)")
    }

    @Test(arguments: everythingTexts)
    func datesAndDataByEveryStrategyCourierReads(_ json: String) {
        let strategies: [(JSONDecoder) -> Void] = [
            { $0.dateDecodingStrategy = .deferredToDate },
            { $0.dateDecodingStrategy = .millisecondsSince1970 },
            {
                $0.dateDecodingStrategy = .custom { decoder in
                    Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self) * 2)
                }
            },
            { $0.dataDecodingStrategy = .deferredToData },
            {
                $0.dataDecodingStrategy = .custom { decoder in
                    Data(try decoder.singleValueContainer().decode(String.self).utf8)
                }
            },
        ]
        for configure in strategies {
            let (courier, foundation) = Self.both(Everything.self, json, configure: configure)
            #expect(Self.agree(courier, foundation), "\(courier) vs \(foundation)")
        }
    }

    @Test func optionsCourierDoesNotMirrorAreLeftToFoundation() throws {
        let json = Data(#"{"first_name": "Ada", "born": "1815-12-10T00:00:00Z"}"#.utf8)
        struct Person: Decodable, Equatable {
            var firstName: String
            var born: Date
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        #expect(
            try JSONDecoding.decode(Person.self, from: json, options: decoder)
                == decoder.decode(Person.self, from: json))
        let utf16 = try #require("[1]".data(using: .utf16))
        #expect(try JSONDecoding.decode([Int].self, from: utf16, options: JSONDecoder()) == [1])
    }

    @Test func userInfoReachesTheModels() throws {
        struct Reader: Decodable {
            var seen: String?
            init(from decoder: any Decoder) throws {
                seen = decoder.userInfo[CodingUserInfoKey(rawValue: "tenant")!] as? String
            }
        }
        let decoder = JSONDecoder()
        decoder.userInfo[CodingUserInfoKey(rawValue: "tenant")!] = "acme"
        #expect(try JSONDecoding.decode(Reader.self, from: Data("{}".utf8), options: decoder).seen == "acme")
    }

    // MARK: - Containers

    /// Reads an object through every container operation.
    struct Walker: Decodable, Equatable {
        var keys: [String]
        var hasB: Bool
        var bIsNil: Bool?
        var listCount: Int?
        var list: [Int?]
        var superValue: String?
        var missingSuperIsNil: Bool

        enum Keys: String, CodingKey { case a, b, list, parent, missing }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            keys = container.allKeys.map(\.stringValue).sorted()
            let typed = try decoder.container(keyedBy: Keys.self)
            hasB = typed.contains(.b)
            bIsNil = hasB ? try typed.decodeNil(forKey: .b) : nil
            var list: [Int?] = []
            if typed.contains(.list) {
                var unkeyed = try typed.nestedUnkeyedContainer(forKey: .list)
                listCount = unkeyed.count
                while !unkeyed.isAtEnd {
                    if try unkeyed.decodeNil() {
                        list.append(nil)
                    } else {
                        list.append(try unkeyed.decode(Int.self))
                    }
                }
                #expect(throws: DecodingError.self) { try unkeyed.decode(Int.self) }
            }
            self.list = list
            superValue = try? String(from: typed.superDecoder(forKey: .parent))
            missingSuperIsNil = try typed.superDecoder(forKey: .missing).singleValueContainer().decodeNil()
        }
    }

    static let walkerTexts: [String] = [
        #"{"a": 1, "b": null, "list": [1, null, 3], "parent": "p"}"#, #"{"b": 2, "list": []}"#, #"{}"#,
        #"{"list": [1, "x"]}"#, #"{"list": {"a": 1}}"#, #"{"a": 1, "a": 2, "b": 3, "b": 4}"#, #"[1]"#,
    ]

    @Test(arguments: walkerTexts)
    func containersBehaveAsFoundationsDo(_ json: String) {
        let (courier, foundation) = Self.both(Walker.self, json)
        #expect(Self.agree(courier, foundation), "\(courier) vs \(foundation)")
    }

    @Test func keysAreFoundInAnyOrderAndTheFirstOfTwinsCounts() throws {
        struct Pair: Decodable, Equatable {
            var first: Int
            var second: Int
            var third: Int?
            enum CodingKeys: String, CodingKey { case first, second, third }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                // Read out of order, twice, and one missing: the hint must not hide a key.
                second = try container.decode(Int.self, forKey: .second)
                first = try container.decode(Int.self, forKey: .first)
                third = try container.decodeIfPresent(Int.self, forKey: .third)
                #expect(try container.decode(Int.self, forKey: .second) == second)
            }
        }
        for json in [
            #"{"first": 1, "second": 2}"#, #"{"second": 2, "first": 1}"#,
            #"{"second": 2, "x": 0, "first": 1, "second": 3}"#,
        ] {
            let (courier, foundation) = Self.both(Pair.self, json)
            #expect(Self.agree(courier, foundation), "\(json): \(courier) vs \(foundation)")
        }
    }

    @Test(arguments: [
        #"{"caf\u0065\u0301": 1, "Key": 2}"#, #"{"café": 1, "\u212Aey": 2}"#, "{\"cafe\u{301}\": 1, \"\u{212A}ey\": 2}",
        #"{"café": 1, "caf\u00e9": 3, "Key": 2}"#,
    ])
    func keysAreComparedAsFoundationComparesThem(_ json: String) {
        // Canonically equivalent names are one name to a Swift string, and so to Foundation's
        // decoder: an escaped or non-ASCII key is compared as a string.
        struct Named: Decodable, Equatable {
            var cafe: Int?
            var key: Int?
            enum CodingKeys: String, CodingKey {
                case cafe = "café"
                case key = "Key"
            }
        }
        let (courier, foundation) = Self.both(Named.self, json)
        #expect(Self.agree(courier, foundation), "\(courier) vs \(foundation)")
        let dictionaries = Self.both([String: Int].self, json)
        #expect(Self.agree(dictionaries.courier, dictionaries.foundation))
    }

    @Test func aLargeObjectWithRepeatedKeysKeepsTheFirstOfEach() {
        // Every tenth name repeated later with another value: the first counts.
        var members = (0..<3_000).map { #""key\#($0)": \#($0)"# }
        members += stride(from: 0, to: 3_000, by: 10).map { #""key\#($0)": -1"# }
        let json = "{" + members.joined(separator: ", ") + "}"
        let (courier, foundation) = Self.both([String: Int].self, json)
        #expect(Self.agree(courier, foundation))
        if case .value(let dictionary) = courier {
            #expect(dictionary.count == 3_000)
            #expect(dictionary["key10"] == 10)
        }
    }

    @Test func undeclaredKeysSkipTheDeclaredNamesByTheirBytes() throws {
        let json = Data(#"{"id": "x", "caf\u00e9": 1, "extra": [1], "count": 2}"#.utf8)
        struct Model: Decodable {
            var extra: [String: JSONValue]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                extra = try container.undeclaredValues(declaredNames: "id count")
            }
        }
        let model = try JSONDecoding.decode(Model.self, from: json, options: JSONDecoder())
        #expect(model.extra == ["café": 1, "extra": [1]])
        let reference = try FoundationOnly().decode(Model.self, from: json)
        #expect(model.extra == reference.extra)
    }

    @Test func aDecoderKeptPastTheDecodeStillReads() throws {
        /// Keeps its decoder, as a model may (Foundation's decoder allows it).
        struct Keeper: Decodable {
            let decoder: any Decoder
            init(from decoder: any Decoder) throws { self.decoder = decoder }
        }
        let keeper: Keeper
        do {
            // Large enough to be its own mapping, unmapped when released: a read of the
            // borrowed text after the decode would fault.
            let padding = String(repeating: "x", count: 4 << 20)
            let data = Data(#"{"padding": "\#(padding)", "last": "kept"}"#.utf8)
            keeper = try JSONDecoding.decode(Keeper.self, from: data, options: JSONDecoder())
        }
        _ = [UInt8](repeating: 0xFF, count: 4 << 20)
        let container = try keeper.decoder.container(keyedBy: AnyCodingKey.self)
        #expect(try container.decode(String.self, forKey: AnyCodingKey("last")) == "kept")
    }

    @Test func mutatedTextNeverCrashesAndNeverDecodesWhatFoundationRefuses() {
        // Texts cut, doubled, or with a byte replaced, from a fixed seed: Courier's outcome is
        // Foundation's, or a refusal of text Foundation lets through; never a value Foundation
        // refuses, never a crash.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        let replacements = Array(#"{}[],:"\-+.eE0123456789tfnul x"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
        for _ in 0..<3_000 {
            var bytes = Array(Self.everythingTexts[next(Self.everythingTexts.count)].utf8)
            switch next(3) {
            case 0: bytes = Array(bytes.prefix(next(bytes.count)))
            case 1: bytes.insert(contentsOf: bytes[next(bytes.count)...].prefix(4), at: next(bytes.count))
            default: bytes[next(bytes.count)] = replacements[next(replacements.count)]
            }
            let data = Data(bytes)
            let courier = Outcome { try JSONDecoding.decode(JSONValue.self, from: data, options: JSONDecoder()) }
            let foundation = Outcome { try FoundationOnly().decode(JSONValue.self, from: data) }
            #expect(
                Self.agree(courier, foundation, anyError: true, courierMayRefuse: true),
                "\(String(decoding: bytes, as: UTF8.self)): \(courier) vs \(foundation)")
            let typed = Outcome { try JSONDecoding.decode(Everything.self, from: data, options: JSONDecoder()) }
            let typedFoundation = Outcome { try FoundationOnly().decode(Everything.self, from: data) }
            #expect(Self.agree(typed, typedFoundation, anyError: true, courierMayRefuse: true))
        }
    }

    // MARK: - JSONTestSuite

    static let suiteFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "CourierGeneratorTests/Conformance/JSONTestSuite/test_parsing")

    static let suiteFiles: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: suiteFolder.path)) ?? []).filter {
            $0.hasSuffix(".json")
        }
        .sorted()

    @Test func theSuiteIsThere() { #expect(Self.suiteFiles.count == 318) }

    /// A value with each whole `.double` that fits an `Int` made `.int`, as Foundation's decoder reads it.
    static func wholeNumbersAsIntegers(_ value: JSONValue) -> JSONValue {
        switch value {
        case .double(let number) where number == number.rounded() && abs(number) < 1e18: .int(Int(number))
        case .array(let items): .array(items.map(wholeNumbersAsIntegers))
        case .object(let fields): .object(fields.mapValues(wholeNumbersAsIntegers))
        default: value
        }
    }

    /// One test for the 318 files keeps `swift test`'s output to a line; each issue names its file.
    @Test func suiteFilesDecodeAsFoundationDecodesThem() throws {
        for file in Self.suiteFiles {
            let data = try Data(contentsOf: Self.suiteFolder.appendingPathComponent(file))
            // Foundation's decoder hides a number's text, so it reads `1E2` and `0e1` as
            // integers; Courier's reads them as numbers (`JSONValue.double`).
            let courier = Outcome {
                Self.wholeNumbersAsIntegers(try JSONDecoding.decode(JSONValue.self, from: data, options: JSONDecoder()))
            }
            let foundation = Outcome { try FoundationOnly().decode(JSONValue.self, from: data) }
            // Foundation reads some files that are not JSON (trailing commas) or whose numbers it
            // rounds (`123.456e-789` as 0): Courier refuses those.
            #expect(
                Self.agree(courier, foundation, anyError: true, courierMayRefuse: !file.hasPrefix("y_")),
                "\(file): \(courier) vs \(foundation)")
            if file.hasPrefix("n_"), case .value = courier { Issue.record("\(file): accepted invalid JSON") }
            if file.hasPrefix("y_"), case .failure = courier { Issue.record("\(file): rejected valid JSON") }
        }
    }
}
