import Foundation
import Testing

@_spi(Generated) @testable import Courier

@Suite struct GeneratedSupportTests {
    @Test(arguments: [
        #"null"#, #"true"#, #"42"#, #"-1.5"#, #""text""#, #"[1,"a",null]"#, #"{"a":{"b":[true]}}"#,
    ])
    func jsonValueRoundTrips(json: String) throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == json)
    }

    /// How a `JSONValue` holds a number.
    enum NumberHolding: String, CustomStringConvertible {
        case int, double, decimal, refused
        var description: String { rawValue }
    }

    /// Every number encodes again as the same number: as a `Double` when its `Double` is written
    /// back as it, else as a `Decimal` (a `uint64` ID past `Int.max`, a 20-digit decimal, a
    /// 16-digit number a `Double` rounds); one that neither holds (more than 38 significant
    /// digits) is refused, never changed. With Courier's decoder and Foundation's.
    @Test(arguments: [
        ("0.1", NumberHolding.double), ("1e20", .double), ("100000000000000000000", .double), ("-1.5", .double),
        ("0.30000000000000004", .double), ("1.7976931348623157e308", .double), ("9223372036854775807", .int),
        ("1.10000000000000000000", .double), ("1.5e200", .double), ("123.456e-2", .double),
        ("18446744073709551615", .decimal), ("0.10000000000000000555", .decimal),
        ("-12345678901234567890.12", .decimal), ("9007199254740993.5", .decimal),
        ("-1.00000000000000000000001", .decimal), ("1.2345678901234567e-30", .double),
        ("1234567890123456789012345678901234567", .decimal), ("1234567890123456789012345678901234567891", .refused),
        ("-0.12345678901234567890123456789012345678901", .refused),
    ])
    func jsonValueKeepsEveryNumberOrRefusesIt(number: String, holding: NumberHolding) throws {
        for decoder in [JSONDecoder(), APIClient.Configuration(baseURL: URL(string: "https://a.test")!).decoder] {
            let json = Data(#"{"n":[\#(number)]}"#.utf8)
            let decodes: [(String, () throws -> JSONValue)] = [
                ("Courier's", { try JSONDecoding.decode(JSONValue.self, from: json, options: decoder) }),
                ("Foundation's", { try decoder.decode(JSONValue.self, from: json) }),
            ]
            for (name, decode) in decodes {
                guard holding != .refused else {
                    let error = #expect(throws: DecodingError.self, "\(name)") { try decode() }
                    guard case .dataCorrupted(let context)? = error else {
                        Issue.record("Expected dataCorrupted from \(name), got \(String(describing: error))")
                        continue
                    }
                    // Courier's decoder names the number as written; Foundation's hides the text.
                    let named = name == "Courier's" ? "The number \(number) " : ""
                    #expect(context.debugDescription.contains("\(named)cannot be kept exactly in a JSONValue"))
                    continue
                }
                let value = try decode()
                guard case .object(let fields) = value, case .array(let items)? = fields["n"], let item = items.first
                else {
                    Issue.record("\(name) decoder read \(value)")
                    continue
                }
                let found: NumberHolding =
                    switch item {
                    case .int: .int
                    case .double: .double
                    case .decimal: .decimal
                    default: .refused
                    }
                #expect(found == holding, "\(name) decoder read \(item)")
                // Encoded again as the same number, digit for digit.
                let again = try JSONEncoder().encode(value)
                let text = String(decoding: again, as: UTF8.self)
                let written = text.dropFirst(#"{"n":["#.count).dropLast(2)
                #expect(NumberDigits(written.utf8) == NumberDigits(number.utf8), "\(name) decoder wrote \(text)")
            }
            // A comparison of values as numbers reads every number as the nearest `Double`.
            let approximating = JSONDecoder()
            approximating.userInfo[JSONValue.approximatesNumbers] = true
            let value = try JSONDecoding.decode(JSONValue.self, from: json, options: approximating)
            if holding != .int {
                #expect(value == .object(["n": .array([.double(Double(number)!)])]))
            }
            #expect(try approximating.decode(JSONValue.self, from: json) == value)
        }
    }

    /// A `format: decimal` value keeps every digit a `Decimal` holds and refuses more.
    @Test func decimalsPastTheirDigitsAreRefused() throws {
        let kept = try JSONDecoding.decode(
            [Decimal].self, from: Data("[0.12345678901234567890123456789012345678]".utf8), options: JSONDecoder())
        #expect(kept == [Decimal(string: "0.12345678901234567890123456789012345678")!])
        #expect(throws: DecodingError.self) {
            try JSONDecoding.decode(
                [Decimal].self, from: Data("[1.00000000000000000000000000000000000000000001]".utf8),
                options: JSONDecoder())
        }
    }

    /// Two numerals name the same number when their digits and places agree, however written.
    @Test(arguments: [
        ("100", "1e2", true), ("100.00", "1E+2", true), ("0.001", "1e-3", true), ("-0", "0.000", true),
        ("12.5", "125e-1", true), ("1.5", "1.50000000000000001", false), ("-1", "1", false), ("10", "1", false),
    ])
    func numeralsNameTheSameNumber(first: String, second: String, same: Bool) {
        #expect((NumberDigits(first.utf8) == NumberDigits(second.utf8)) == same)
    }

    /// Generated models send UUIDs as servers print them: lowercase (RFC 9562), in every shape a
    /// generated `encode(to:)` writes; any case decodes.
    @Test func uuidsEncodeLowercase() throws {
        struct Model: Codable {
            var id: UUID
            var parent: UUID?
            var members: [UUID]
            var owners: [UUID]?
            var none: UUID?
            /// Required keys whose values may be null: written as `null` when `nil`.
            var reviewer: UUID?
            var approvers: [UUID]?

            init(id: UUID, parent: UUID?, members: [UUID], owners: [UUID]?) {
                (self.id, self.parent, self.members, self.owners) = (id, parent, members, owners)
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                id = try container.decodeValue(UUID.self, at: "id")
                parent = try container.decodeValueIfPresent(UUID.self, at: "parent")
                members = try container.decodeValue([UUID].self, at: "members")
                owners = try container.decodeValueIfPresent([UUID].self, at: "owners")
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try container.encodeValue(id, at: "id")
                try container.encodeValueIfPresent(parent, at: "parent")
                try container.encodeValue(members, at: "members")
                try container.encodeValueIfPresent(owners, at: "owners")
                try container.encodeValueIfPresent(none, at: "none")
                try container.encodeValue(reviewer, at: "reviewer")
                try container.encodeValue(approvers, at: "approvers")
            }
        }
        let text = "f3e0e76e-e4a8-466e-ab9c-ae36c15b8e97"
        let uuid = try #require(UUID(uuidString: text))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var model = Model(id: uuid, parent: uuid, members: [uuid], owners: [uuid])
        var json = String(decoding: try encoder.encode(model), as: UTF8.self)
        #expect(
            json
                == #"{"approvers":null,"id":"\#(text)","members":["\#(text)"],"owners":["\#(text)"],"parent":"\#(text)","reviewer":null}"#
        )
        (model.reviewer, model.approvers) = (uuid, [uuid])
        json = String(decoding: try encoder.encode(model), as: UTF8.self)
        #expect(json.contains(#""approvers":["\#(text)"]"#) && json.contains(#""reviewer":"\#(text)""#))
        let upper = #"{"id":"\#(text.uppercased())","members":["\#(text.uppercased())"]}"#
        #expect(try JSONDecoder().decode(Model.self, from: Data(upper.utf8)).id == uuid)
    }

    /// UUIDs inside dictionaries, arrays of optionals and nested arrays are lowercase too, in a
    /// property, a union's case, a parameter's JSON text and an object sent in a query. Found by
    /// `Scripts/random-schemas.py`'s request checks.
    @Test func uuidsInsideOtherValuesEncodeLowercase() throws {
        let text = "f3e0e76e-e4a8-466e-ab9c-ae36c15b8e97"
        let uuid = try #require(UUID(uuidString: text))
        struct Holder: Encodable {
            var byName: [String: UUID]
            var gaps: [UUID?]
            var rows: [[UUID]]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try container.encodeValue(byName, at: "byName")
                try container.encodeValue(gaps, at: "gaps")
                try container.encodeValue(rows, at: "rows")
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(
            decoding: try encoder.encode(Holder(byName: ["a": uuid], gaps: [uuid, nil], rows: [[uuid]])), as: UTF8.self)
        #expect(json == #"{"byName":{"a":"\#(text)"},"gaps":["\#(text)",null],"rows":[["\#(text)"]]}"#)
        struct Case: Encodable {
            var value: [String: UUID]
            func encode(to encoder: any Encoder) throws { try UnionVariant.encodeValue(value, to: encoder) }
        }
        #expect(String(decoding: try encoder.encode(Case(value: ["a": uuid])), as: UTF8.self) == #"{"a":"\#(text)"}"#)
        #expect(QueryItem.json("id", uuid) == [QueryItem(name: "id", value: #""\#(text)""#)])
        #expect(QueryItem.json("ids", ["a": [uuid]]) == [QueryItem(name: "ids", value: #"{"a":["\#(text)"]}"#)])
        #expect(QueryItem.deepObject("id", uuid) == [QueryItem(name: "id", value: text)])
        #expect(QueryItem.simpleText(["a": uuid], explode: true) == "a=\(text)")
        // A body that is itself made of UUIDs (a JSON body, a multipart form's JSON part).
        let (body, _) = try RequestBody.json(["a": [uuid]]).encoded(with: JSONEncoder())
        #expect(body.bufferedData.map { String(decoding: $0, as: UTF8.self) } == #"{"a":["\#(text)"]}"#)
    }

    /// A `UInt64` past `Int.max` keeps its digits wherever a parameter or form writes it (it went
    /// through `JSONValue`'s `Double` and was sent as `1.8446744073709552e+19`); other numbers
    /// are written as before. Found by `Scripts/random-schemas.py`'s request checks.
    @Test func largeIntegersKeepTheirDigitsInParametersAndForms() throws {
        let big = UInt64.max
        #expect(
            QueryItem.formObject("p", ["id": big, "n": 2]) == [
                .init(name: "id", value: "18446744073709551615"), .init(name: "n", value: "2"),
            ])
        #expect(QueryItem.formObject("p", ["id": big], explode: false).map(\.value) == ["id,18446744073709551615"])
        #expect(
            QueryItem.formObject("body", ["a": [big, 1]], encodings: ["a": .pipeDelimited]).map(\.value) == [
                "18446744073709551615|1"
            ])
        #expect(QueryItem.deepObject("f", ["id": big]) == [.init(name: "f[id]", value: "18446744073709551615")])
        #expect(QueryItem.simpleText(["id": big], explode: true) == "id=18446744073709551615")
        #expect(QueryItem.jsonText("j", ["id": [big]]) == [.init(name: "j", value: #"{"id":[18446744073709551615]}"#)])
        let path: EndpointPath = "/p/\(encoded: ["id": big], name: "p", style: .matrix, explode: true)"
        #expect(path.description == "/p/;id=18446744073709551615")
        #expect(
            try QueryItem.formFields(["id": big], encoder: JSONEncoder()) == [
                .init(name: "id", value: "18446744073709551615")
            ])
        // So does a decimal with more digits than a `Double` keeps (`format: decimal`).
        let precise = Decimal(string: "0.10000000000000000555")!
        #expect(QueryItem.formObject("p", ["r": precise]) == [.init(name: "r", value: "0.10000000000000000555")])
        #expect(QueryItem.deepObject("f", ["r": [precise]]) == [.init(name: "f[r][]", value: "0.10000000000000000555")])
        // Other numbers as before: an integral double, a fraction, one past any integer type.
        #expect(
            QueryItem.formObject("p", ["a": 3.0, "b": 0.1, "c": 1e300, "d": -5]).map(\.value) == [
                "3", "0.1", "1e+300", "-5",
            ])
    }

    /// A union case's value as a parameter or a multipart text part sends it: bytes
    /// (`format: byte`) in base64, as JSON carries them; they went as "4 bytes". Found by
    /// `Scripts/random-schemas.py`'s request checks.
    @Test(arguments: [
        (Data([0x3E]) as any Sendable, "Pg=="), (Data() as any Sendable, ""),
        (
            UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")! as any Sendable,
            "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
        ),
        ([1, 2] as any Sendable, "1,2"), (Date(timeIntervalSince1970: 0) as any Sendable, "1970-01-01T00:00:00Z"),
    ])
    func unionCasesAsText(value: any Sendable, text: String) {
        #expect(UnionVariant.text(of: value) == text)
    }

    /// Header and cookie values: a list between commas, nothing (not an empty field) for `nil`
    /// or an empty list or object, as RFC 6570 leaves an empty value out.
    @Test func headerTextLeavesEmptyValuesOut() {
        #expect(QueryItem.simpleText(list: ["a", "b"]) == "a,b")
        #expect(QueryItem.simpleText(list: "") == "")
        #expect(QueryItem.simpleText(list: [String]()) == nil)
        #expect(QueryItem.simpleText(list: [Int]?.none) == nil)
        #expect(QueryItem.simpleText([String: Int](), explode: false) == nil)
        #expect(QueryItem.simpleText(["a": nil, "b": 1] as [String: Int?], explode: false) == "b,1")
        #expect(QueryItem.simpleText([JSONValue.null], explode: false) == nil)
    }

    /// A URL keeps the text the server sent, so that it encodes as that text again: `""`
    /// (Twilio's unset URLs) is the empty URL reference, and text Foundation reads only by
    /// escaping it (a space, an internationalized name, a stray `%`) is kept byte for byte,
    /// with the escaped form as its `absoluteString`. `null` and a missing key are no URL.
    /// Other text that is not a URL is still an error.
    @Test(arguments: [
        (#"{"url":"https://example.com/a","required":"https://example.com/b"}"#, "https://example.com/a"),
        (#"{"url":"","required":""}"#, ""),
        (#"{"url":null,"required":""}"#, nil),
        (#"{"required":""}"#, nil),
        (#"{"url":"http://x.test/a b","required":"https://例え.jp/パス?q=ü"}"#, "http://x.test/a%20b"),
        (
            #"{"url":"https://x.test/%zz","required":"","list":["HTTP://X.TEST:80/%7Ea","/b c","mailto:a@b.test"]}"#,
            "https://x.test/%25zz"
        ),
    ])
    func urlsKeepTheTextTheServerSent(json: String, expected: String?) throws {
        struct Model: Codable {
            var url: URL?
            var required: URL
            var list: [URL]?
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                url = try container.decodeValueIfPresent(Foundation.URL.self, at: "url")
                required = try container.decodeValue(Foundation.URL.self, at: "required")
                list = try container.decodeValueIfPresent([Foundation.URL].self, at: "list")
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try container.encodeValueIfPresent(url, at: "url")
                try container.encodeValue(required, at: "required")
                try container.encodeValueIfPresent(list, at: "list")
            }
        }
        let input = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        // Foundation's decoder, and Courier's own (which `JSONDecoding` picks for these options).
        let decodes: [(Data) throws -> Model] = [
            { try JSONDecoder().decode(Model.self, from: $0) },
            { try JSONDecoding.decode(Model.self, from: $0, options: JSONDecoder()) },
        ]
        for decode in decodes {
            let model = try decode(Data(json.utf8))
            #expect(model.url?.absoluteString == expected)
            let again = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(model))
            if case .object(var fields) = input, fields["url"] == .null {
                fields["url"] = nil
                #expect(again == .object(fields))
            } else {
                #expect(again == input)
            }
        }
    }

    /// Text with escapes beside characters a URL cannot hold (drf-spectacular's example of a
    /// cursor page's URL: `?cursor=cD00ODY%3D"`) is the URL with those characters escaped and its
    /// escapes kept, and is written so; Foundation's own bytes for it undo the escapes
    /// (`cD00ODY="`), which is another URL.
    @Test(arguments: [
        (
            #"http://api.example.org/accounts/?cursor=cD00ODY%3D""#,
            "http://api.example.org/accounts/?cursor=cD00ODY%3D%22"
        ),
        ("https://x.test/a%2Fb c?q=ü%26", "https://x.test/a%2Fb%20c?q=%C3%BC%26"),
        ("https://x.test/%41 <b>%", "https://x.test/%41%20%3Cb%3E%25"),
    ])
    func escapesBesideWhatURLsCannotHoldAreKept(text: String, url: String) throws {
        struct Model: Codable {
            var url: URL
            init(from decoder: any Decoder) throws {
                url = try decoder.container(keyedBy: AnyCodingKey.self).decodeValue(Foundation.URL.self, at: "url")
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try container.encodeValue(url, at: "url")
            }
        }
        let json = try JSONEncoder().encode(["url": text])
        let model = try JSONDecoder().decode(Model.self, from: json)
        #expect(model.url.absoluteString == url)
        let written = try JSONDecoder().decode([String: String].self, from: JSONEncoder().encode(model))["url"]
        #expect(written == url)
        // The check of `DescriptionExample`: the escaped text is the URL, the unescaped one not.
        #expect(URLText.writesAgain(text, as: url) && !URLText.writesAgain(text, as: url.removingPercentEncoding!))
    }

    /// URLs inside dictionaries, arrays of optionals and nested arrays keep their text too, as
    /// do a response body and a request body that are URLs (Foundation's coders read them with
    /// `URL(string:)` and wrote the escaped `absoluteString`). Text that is not a URL is an error
    /// with its path.
    @Test func urlsKeepTheirTextAtAnyDepth() throws {
        struct Model: Codable {
            var links: [String: URL]
            var mirrors: [URL?]?
            var pages: [[URL]]?
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                links = try container.decodeURLs([String: URL].self, at: "links")
                mirrors = try container.decodeURLsIfPresent([URL?].self, at: "mirrors")
                pages = try container.decodeURLsIfPresent([[URL]].self, at: "pages")
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try container.encodeURLs(links, at: "links")
                try container.encodeURLs(mirrors, at: "mirrors")
                try container.encodeURLsIfPresent(pages, at: "pages")
            }
        }
        let json = #"{"links":{"a":"https://例え.jp/パス","b":""},"mirrors":[null,"http://x.test/%zz"],"pages":[["/a b"]]}"#
        let input = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        for decode: (Data) throws -> Model in [
            { try JSONDecoder().decode(Model.self, from: $0) },
            { try JSONDecoding.decode(Model.self, from: $0, options: JSONDecoder()) },
        ] {
            let model = try decode(Data(json.utf8))
            #expect(model.links["a"]?.host == "例え.jp")
            #expect(model.mirrors?.first == .some(nil))
            #expect(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(model)) == input)
        }
        let wrong = Data(#"{"links":{"a":"http://exa mple.com/\u0000"}}"#.utf8)
        #expect {
            try JSONDecoding.decode(Model.self, from: wrong, options: JSONDecoder())
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["links"]
        }

        let body = Data(#""https://例え.jp/パス""#.utf8)
        let url = try JSONDecoding.decode(URL.self, from: body, options: JSONDecoder())
        #expect(try JSONEncoder().encodeKeepingURLText(url) == JSONEncoder().encode("https://例え.jp/パス"))
        let request = try RequestBody.json(["docs": url]).encoded(with: JSONEncoder())
        let sent = try #require(request.body.bufferedData)
        #expect(try JSONDecoder().decode([String: String].self, from: sent) == ["docs": "https://例え.jp/パス"])
    }

    @Test(arguments: [#"{"url":"http://exa mple.com/\u0000"}"#, #"{"url":42}"#])
    func optionalURLsStillRefuseWhatIsNotAURL(json: String) {
        struct Model: Decodable {
            var url: URL?
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                url = try container.decodeValueIfPresent(Foundation.URL.self, at: "url")
            }
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Model.self, from: Data(json.utf8)) }
    }

    /// A number a server sends as text (Twilio's prices) reads as that number; text that is not
    /// one is still the type mismatch, with its path.
    @Test(arguments: [
        (#"{"price":-0.0075,"count":3,"total":12}"#, -0.0075, 3, Int64?.some(12)),
        (#"{"price":"-0.0075","count":"3","total":" 12 "}"#, -0.0075, 3, 12),
        (#"{"price":"1e3","count":7}"#, 1000, 7, nil),
    ])
    func numbersSentAsTextReadAsNumbers(json: String, price: Double, count: Int, total: Int64?) throws {
        let model = try JSONDecoder().decode(Priced.self, from: Data(json.utf8))
        #expect(model.price == price)
        #expect(model.count == count)
        #expect(model.total == total)
    }

    @Test(arguments: [#"{"price":"cheap","count":1}"#, #"{"price":1,"count":"1.5"}"#, #"{"price":true,"count":1}"#])
    func textThatIsNotTheNumberIsStillAMismatch(json: String) {
        #expect {
            try JSONDecoder().decode(Priced.self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.count == 1
        }
    }

    /// A `Decimal` reads from a number or from text that is a whole number, every digit kept;
    /// text with anything after the number is a mismatch (`Decimal(string:)` alone reads `12abc`
    /// as 12).
    @Test(arguments: [
        (#"{"amount":12345678901234567890.12}"#, Decimal?.some(Decimal(string: "12345678901234567890.12")!)),
        (#"{"amount":"12345678901234567890.12"}"#, Decimal(string: "12345678901234567890.12")!),
        (#"{"amount":" -1.5e3 "}"#, Decimal(-1500)),
        (#"{"amount":"12abc"}"#, nil), (#"{"amount":"1."}"#, nil), (#"{"amount":"e5"}"#, nil),
    ])
    func decimalsReadFromNumbersAndTheirText(json: String, amount: Decimal?) throws {
        struct Money: Decodable {
            var amount: Decimal
            init(from decoder: any Decoder) throws {
                amount = try decoder.container(keyedBy: AnyCodingKey.self).decodeValue(Decimal.self, at: "amount")
            }
        }
        for decoder in [
            { try JSONDecoder().decode(Money.self, from: $0) },
            { try JSONDecoding.decode(Money.self, from: $0, options: JSONDecoder()) },
        ]
            as [(Data) throws -> Money]
        {
            if let amount {
                #expect(try decoder(Data(json.utf8)).amount == amount)
            } else {
                #expect(throws: DecodingError.self) { try decoder(Data(json.utf8)) }
            }
        }
    }

    struct Priced: Decodable {
        var price: Double
        var count: Int
        var total: Int64?
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            price = try container.decodeValue(Swift.Double.self, at: "price")
            count = try container.decodeValue(Swift.Int.self, at: "count")
            total = try container.decodeValueIfPresent(Swift.Int64.self, at: "total")
        }
    }

    /// Every scalar type the property calls route to a dedicated path decodes and encodes as the
    /// generic path would, present, missing and `null`.
    @Test(arguments: [
        #"{"string":"a","bool":true,"int":-3,"int64":9007199254740993,"int32":-7,"double":2.5,"float":0.5}"#,
        #"{"string":"","bool":false,"int":0,"int64":0,"int32":0,"double":0,"float":0}"#,
    ])
    func scalarPropertiesRoundTrip(json: String) throws {
        struct Scalars: Codable, Equatable {
            var string: String
            var bool: Bool
            var int: Int
            var int64: Int64
            var int32: Int32
            var double: Double
            var float: Float
            var missing: Int?
            var nothing: String?
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                string = try container.decodeValue(String.self, at: "string")
                bool = try container.decodeValue(Bool.self, at: "bool")
                int = try container.decodeValue(Int.self, at: "int")
                int64 = try container.decodeValue(Int64.self, at: "int64")
                int32 = try container.decodeValue(Int32.self, at: "int32")
                double = try container.decodeValue(Double.self, at: "double")
                float = try container.decodeValue(Float.self, at: "float")
                missing = try container.decodeValueIfPresent(Int.self, at: "missing")
                nothing = try container.decodeValueIfPresent(String.self, at: "nothing")
                #expect(try container.decodeValueIfPresent(String.self, at: "string") == string)
                #expect(try container.decodeValueIfPresent(Bool.self, at: "bool") == bool)
                #expect(try container.decodeValueIfPresent(Int64.self, at: "int64") == int64)
                #expect(try container.decodeValueIfPresent(Int32.self, at: "int32") == int32)
                #expect(try container.decodeValueIfPresent(Float.self, at: "float") == float)
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try container.encodeValue(string, at: "string")
                try container.encodeValue(bool, at: "bool")
                try container.encodeValue(int, at: "int")
                try container.encodeValue(int64, at: "int64")
                try container.encodeValue(int32, at: "int32")
                try container.encodeValue(double, at: "double")
                try container.encodeValue(float, at: "float")
                try container.encodeValueIfPresent(missing, at: "missing")
                try container.encodeValue(nothing, at: "nothing")
            }
        }
        let value = try JSONDecoder().decode(Scalars.self, from: Data(json.utf8))
        #expect(value.missing == nil && value.nothing == nil)
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(Scalars.self, from: encoded) == value)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["missing"] == nil)
        #expect(object["nothing"] is NSNull)
        #expect(Set(object.keys) == ["string", "bool", "int", "int64", "int32", "double", "float", "nothing"])
    }

    @Test func jsonValueLiterals() {
        let value: JSONValue = ["tags": ["a"], "count": 2, "ratio": 0.5, "draft": false, "none": nil]
        guard case .object(let fields) = value else {
            Issue.record("Expected an object")
            return
        }
        #expect(fields["count"] == .int(2))
        #expect(fields["none"] == .null)
    }

    struct Comment: Codable, Hashable, Sendable {
        var text: String
        var parent: Indirect<Comment>?
    }

    @Test func indirectLetsAStructContainItself() throws {
        let json = #"{"parent":{"text":"root"},"text":"reply"}"#
        let comment = try JSONDecoder().decode(Comment.self, from: Data(json.utf8))
        #expect(comment.parent?.value.text == "root")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(comment), as: UTF8.self) == json)
        #expect(comment == comment)
    }

    struct Filter: Encodable, Sendable {
        var name: String
        var ids: [Int]
        var address: [String: String]
    }

    /// `allowReserved`: reserved characters and percent-encoded triples stay as they are in the
    /// values, in every style; what a query gives a meaning of its own is encoded, and the names
    /// are encoded as always.
    @Test(arguments: [
        (QueryItem.items("u", "a:b/c?d@e!f$g'h(i)j*k,l;m"), "u=a:b/c?d@e!f$g'h(i)j*k,l;m"),
        (QueryItem.items("u", "a&b=c+d#e[f] g%h%2Fi%zz ü"), "u=a%26b%3Dc%2Bd%23e%5Bf%5D%20g%25h%2Fi%25zz%20%C3%BC"),
        (QueryItem.items("u", ["a,b", "c/d"], separator: ","), "u=a,b,c/d"),
        (QueryItem.deepObject("f[x]", ["k:1": "v/2"]), "f%5Bx%5D%5Bk%3A1%5D=v/2"),
        (QueryItem.formObject("p", ["a": "b:c"], explode: false), "p=a,b:c"),
    ])
    func reservedCharactersStayWhereAParameterAllowsThem(items: [QueryItem], expected: String) {
        #expect(QueryItem.encode(QueryItem.allowingReserved(items)) == expected)
        // Without `allowReserved`, everything but the unreserved characters is encoded.
        #expect(!QueryItem.encode(items).contains(":") && !QueryItem.encode(items).contains("/"))
    }

    @Test func objectQueryStyles() {
        let filter = Filter(name: "Ada L", ids: [1, 2], address: ["city": "Paris"])
        #expect(
            QueryItem.encode(QueryItem.deepObject("filter", filter))
                == "filter%5Baddress%5D%5Bcity%5D=Paris&filter%5Bids%5D%5B%5D=1&filter%5Bids%5D%5B%5D=2&filter%5Bname%5D=Ada%20L"
        )
        #expect(QueryItem.formObject("p", ["a": 1, "b": 2], explode: true).map(\.name) == ["a", "b"])
        let unexploded = QueryItem.formObject("p", ["a": "1,5", "b": "2", "c": nil], explode: false)
        #expect(unexploded.map(\.value) == ["a,1,5,b,2"])
        #expect(QueryItem.encode(unexploded) == "p=a,1%2C5,b,2")
        #expect(QueryItem.formObject("p", [String: Int](), explode: false).isEmpty)
        // A union's case that is not an object: a list in the parameter's style, `null` nothing.
        let list: JSONValue = ["a,b", "c"]
        #expect(QueryItem.encode(QueryItem.formObject("u", list, explode: true)) == "u=a%2Cb&u=c")
        #expect(QueryItem.encode(QueryItem.formObject("u", list, explode: false)) == "u=a%2Cb,c")
        #expect(QueryItem.formObject("u", JSONValue.null).isEmpty)
        #expect(QueryItem.formObject("u", JSONValue.string("x y")) == [QueryItem(name: "u", value: "x y")])
        #expect(QueryItem.jsonText("meta", ["k": "v"]) == [QueryItem(name: "meta", value: #"{"k":"v"}"#)])
        #expect(QueryItem.deepObject("x", Optional<Filter>.none).isEmpty)
    }

    /// Each of OpenAPI's styles for a form body's property, from its `encoding` object, on a
    /// list, an object and a scalar; `null` is left out, and a property the object does not name
    /// keeps the default (a list repeated, an object as JSON text).
    @Test(arguments: [
        (QueryItem.FormEncoding.deepObject, "l%5B%5D=a%2Cb&l%5B%5D=c&o%5Bx%5D=1&o%5By%5D%5Bz%5D=2&s=t"),
        (.form(explode: true), "l=a%2Cb&l=c&x=1&y=%7B%22z%22%3A2%7D&s=t"),
        (.form(explode: false), "l=a%2Cb,c&o=x,1,y,%7B%22z%22%3A2%7D&s=t"),
        (.spaceDelimited, "l=a%2Cb%20c&o=x%201%20y%20%7B%22z%22%3A2%7D&s=t"),
        (.pipeDelimited, "l=a%2Cb%7Cc&o=x%7C1%7Cy%7C%7B%22z%22%3A2%7D&s=t"),
    ])
    func formFieldsFollowTheirEncoding(encoding: QueryItem.FormEncoding, expected: String) {
        let body: [String: JSONValue] = [
            "l": ["a,b", nil, "c"], "o": ["x": 1, "y": ["z": 2], "n": nil], "s": "t", "n": nil,
        ]
        let items = QueryItem.formObject("body", body, encodings: ["l": encoding, "o": encoding, "s": encoding])
        #expect(QueryItem.encode(items) == expected)
        let unnamed = QueryItem.formObject("body", body, encodings: [:])
        #expect(
            QueryItem.encode(unnamed)
                == "l=a%2Cb&l=c&o=%7B%22n%22%3Anull%2C%22x%22%3A1%2C%22y%22%3A%7B%22z%22%3A2%7D%7D&s=t")
        #expect(unnamed == QueryItem.formObject("body", body))
    }

    /// Any path parameter expanded at run time as RFC 6570 does: a list, an object and one value
    /// in each style, exploded and not; `null` and empty values expand to nothing.
    @Test(arguments: [
        (PathStyle.simple, false, "/a,b%2Cc/x,1,y,a%20b/7///"),
        (.simple, true, "/a,b%2Cc/x=1,y=a%20b/7///"),
        (.label, false, "/.a,b%2Cc/.x,1,y,a%20b/.7///"),
        (.label, true, "/.a.b%2Cc/.x=1.y=a%20b/.7///"),
        (.matrix, false, "/;p=a,b%2Cc/;p=x,1,y,a%20b/;p=7///"),
        (.matrix, true, "/;p=a;p=b%2Cc/;x=1;y=a%20b/;p=7///"),
    ])
    func pathParametersOfAnyShapeExpandAsRFC6570Says(style: PathStyle, explode: Bool, expected: String) {
        func expanded(_ value: JSONValue) -> String {
            let path: EndpointPath = "/\(encoded: value, name: "p", style: style, explode: explode)"
            return path.description
        }
        let list: JSONValue = ["a", nil, "b,c"]
        let object: JSONValue = ["y": "a b", "x": 1, "n": nil]
        let expansions = [list, object, 7, [:], [], nil].map(expanded)
        #expect(expansions.joined() == expected)
    }

    @Test func pathInterpolationOfUUIDsAndDates() {
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let path: EndpointPath = "/items/\(id)/at/\(Date(timeIntervalSince1970: 0))"
        #expect(path.description == "/items/e621e1f8-c36c-495a-93fc-0c247a3e6e5f/at/1970-01-01T00%3A00%3A00Z")
    }

    struct StatusErrors: ServerErrorBody {
        var message: String?
        static func decode(from response: TransportResponse, decoder: JSONDecoder) throws -> StatusErrors {
            StatusErrors(message: "status \(response.status)")
        }
    }

    @Test func errorBodiesCanDependOnTheStatus() async {
        let transport = StubTransportForSupport()
        let client = APIClient(configuration: .init(baseURL: URL(string: "https://h.example")!, transport: transport))
        var endpoint = Endpoint<EmptyResponse>.get("/x")
        endpoint.errorBodyType = StatusErrors.self
        await #expect {
            try await client.send(endpoint)
        } throws: { error in
            (error as? ServiceError)?.serverMessage == "status 418"
        }
    }
}

/// A transport that always answers 418 with a JSON body.
struct StubTransportForSupport: Transport {
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        TransportResponse(status: 418, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
    }
}
