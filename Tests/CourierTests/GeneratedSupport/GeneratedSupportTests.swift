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

    /// Generated models send UUIDs as servers print them: lowercase (RFC 9562), in every shape a
    /// generated `encode(to:)` writes; any case decodes.
    @Test func uuidsEncodeLowercase() throws {
        struct Model: Codable {
            var id: UUID
            var parent: UUID?
            var members: [UUID]
            var owners: [UUID]?
            var none: UUID?

            init(id: UUID, parent: UUID?, members: [UUID], owners: [UUID]?) {
                (self.id, self.parent, self.members, self.owners) = (id, parent, members, owners)
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                id = try container.decode(UUID.self, forKey: AnyCodingKey("id"))
                parent = try container.decodeIfPresent(UUID.self, forKey: AnyCodingKey("parent"))
                members = try container.decode([UUID].self, forKey: AnyCodingKey("members"))
                owners = try container.decodeIfPresent([UUID].self, forKey: AnyCodingKey("owners"))
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try container.encode(id, forKey: AnyCodingKey("id"))
                try container.encodeIfPresent(parent, forKey: AnyCodingKey("parent"))
                try container.encode(members, forKey: AnyCodingKey("members"))
                try container.encodeIfPresent(owners, forKey: AnyCodingKey("owners"))
                try container.encodeIfPresent(none, forKey: AnyCodingKey("none"))
            }
        }
        let text = "f3e0e76e-e4a8-466e-ab9c-ae36c15b8e97"
        let uuid = try #require(UUID(uuidString: text))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(
            decoding: try encoder.encode(Model(id: uuid, parent: uuid, members: [uuid], owners: [uuid])), as: UTF8.self)
        #expect(json == #"{"id":"\#(text)","members":["\#(text)"],"owners":["\#(text)"],"parent":"\#(text)"}"#)
        let upper = json.uppercased().replacingOccurrences(of: "\"ID\"", with: "\"id\"")
            .replacingOccurrences(of: "MEMBERS", with: "members").replacingOccurrences(of: "OWNERS", with: "owners")
            .replacingOccurrences(of: "PARENT", with: "parent")
        #expect(try JSONDecoder().decode(Model.self, from: Data(upper.utf8)).id == uuid)
    }

    /// An optional URL sent as `""` (Twilio's unset URLs) is no URL; other text that is not a URL
    /// is still an error.
    @Test(arguments: [
        (#"{"url":"https://example.com/a"}"#, "https://example.com/a"),
        (#"{"url":""}"#, nil),
        (#"{"url":null}"#, nil),
        (#"{}"#, nil),
    ])
    func optionalURLsReadAnEmptyStringAsNone(json: String, expected: String?) throws {
        struct Model: Decodable {
            var url: URL?
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                url = try container.decodeIfPresent(Foundation.URL.self, forKey: AnyCodingKey("url"))
            }
        }
        #expect(try JSONDecoder().decode(Model.self, from: Data(json.utf8)).url?.absoluteString == expected)
    }

    @Test(arguments: [#"{"url":"http://exa mple.com/\u0000"}"#, #"{"url":42}"#])
    func optionalURLsStillRefuseWhatIsNotAURL(json: String) {
        struct Model: Decodable {
            var url: URL?
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                url = try container.decodeIfPresent(Foundation.URL.self, forKey: AnyCodingKey("url"))
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

    struct Priced: Decodable {
        var price: Double
        var count: Int
        var total: Int64?
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            price = try container.decode(Swift.Double.self, forKey: AnyCodingKey("price"))
            count = try container.decode(Swift.Int.self, forKey: AnyCodingKey("count"))
            total = try container.decodeIfPresent(Swift.Int64.self, forKey: AnyCodingKey("total"))
        }
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

    @Test func objectQueryStyles() {
        let filter = Filter(name: "Ada L", ids: [1, 2], address: ["city": "Paris"])
        #expect(
            QueryItem.encode(QueryItem.deepObject("filter", filter))
                == "filter%5Baddress%5D%5Bcity%5D=Paris&filter%5Bids%5D%5B%5D=1&filter%5Bids%5D%5B%5D=2&filter%5Bname%5D=Ada%20L"
        )
        #expect(QueryItem.formObject("p", ["a": 1, "b": 2], explode: true).map(\.name) == ["a", "b"])
        #expect(
            QueryItem.formObject("p", ["a": 1, "b": 2], explode: false) == [QueryItem(name: "p", value: "a,1,b,2")])
        #expect(QueryItem.jsonText("meta", ["k": "v"]) == [QueryItem(name: "meta", value: #"{"k":"v"}"#)])
        #expect(QueryItem.deepObject("x", Optional<Filter>.none).isEmpty)
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
