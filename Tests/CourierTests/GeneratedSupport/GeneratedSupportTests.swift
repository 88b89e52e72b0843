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
        static func decode(from response: HTTPResponse, decoder: JSONDecoder) throws -> StatusErrors {
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
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(status: 418, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
    }
}
