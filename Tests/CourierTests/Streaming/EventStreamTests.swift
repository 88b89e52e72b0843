import Foundation
import Testing

@_spi(Generated) @testable import Courier

/// Typed event streams over a body in memory: values alone, values with their events' fields
/// (`withFields()`, the same stream with another element), and the API's error body met
/// mid-stream, through either.
@Suite struct EventStreamTests {
    struct Tick: Decodable, Equatable, Sendable {
        var index: Int
    }

    static func stream(_ text: String, format: EventFormat) -> EventStream<Tick> {
        var stream = EventStream<Tick>(
            body: ResponseBody(Data(text.utf8)), format: format,
            request: TransportRequest(method: .get, url: URL(string: "https://example.com/ticks")!),
            response: TransportResponse(status: 200))
        stream.errorBodyType = CommonErrorBody.self
        return stream
    }

    static let events = """
        event: tick
        id: 7
        retry: 1500
        data: {"index": 0}

        data: {"index": 1}


        """

    @Test func valuesAndTheirFieldsComeFromTheSameRecords() async throws {
        var values: [Tick] = []
        for try await tick in Self.stream(Self.events, format: .serverSentEvents()) { values.append(tick) }
        #expect(values == [Tick(index: 0), Tick(index: 1)])

        var events: [DecodedEvent<Tick>] = []
        for try await event in Self.stream(Self.events, format: .serverSentEvents()).withFields() {
            events.append(event)
        }
        #expect(events.map(\.value) == [Tick(index: 0), Tick(index: 1)])
        #expect(events.map(\.event) == ["tick", "message"])
        #expect(events.map(\.id) == ["7", "7"])
        #expect(events.map(\.retry) == [1500, 1500])
    }

    @Test func jsonLinesCarryNoFields() async throws {
        var events: [DecodedEvent<Tick>] = []
        for try await event in Self.stream("{\"index\": 4}\n{\"index\": 5}", format: .jsonLines).withFields() {
            events.append(event)
        }
        #expect(events == [DecodedEvent(value: Tick(index: 4)), DecodedEvent(value: Tick(index: 5))])
    }

    @Test(arguments: [false, true])
    func anErrorBodyMidStreamIsTheServersError(withFields: Bool) async throws {
        let text = "{\"index\": 0}\n{\"error\": {\"message\": \"Rate limited\"}}\n{\"index\": 2}\n"
        var seen = 0
        let error = await #expect(throws: ServiceError.self) {
            if withFields {
                for try await _ in Self.stream(text, format: .jsonLines).withFields() { seen += 1 }
            } else {
                for try await _ in Self.stream(text, format: .jsonLines) { seen += 1 }
            }
        }
        #expect(seen == 1)
        guard case .server(let failure) = error else {
            Issue.record("Expected the server's error, got \(String(describing: error))")
            return
        }
        #expect(failure.message == "Rate limited" && failure.isSuccessfulError)
    }

    /// A union with a catch-all case, as the generator writes one.
    enum Item: Decodable, Equatable, Sendable, CatchAllUnion {
        case tick(Tick)
        case undocumented(JSONValue)

        init(from decoder: any Decoder) throws {
            if let tick = try? Tick(from: decoder) {
                self = .tick(tick)
            } else {
                self = .undocumented(try JSONValue(from: decoder))
            }
        }

        var isUndocumented: Bool { if case .undocumented = self { true } else { false } }
    }

    struct RateLimit: ServerErrorBody {
        var error: String
        var message: String? { error }
    }

    /// A record that is none of a union's variants but is the error body the endpoint names is
    /// the server's error; with only the common-shapes fallback (which names no shape), an
    /// unknown record stays the union's `undocumented` case, whatever keys it has.
    @Test(arguments: [true, false])
    func anUnknownUnionItemIsTheServersErrorOnlyWhenItIsTheNamedErrorBody(named: Bool) async throws {
        let text = "{\"index\": 0}\n{\"error\": \"Rate limited\"}\n{\"index\": 2}\n"
        var stream = EventStream<Item>(
            body: ResponseBody(Data(text.utf8)), format: .jsonLines,
            request: TransportRequest(method: .get, url: URL(string: "https://example.com/items")!),
            response: TransportResponse(status: 200))
        stream.errorBodyType = named ? RateLimit.self : CommonErrorBody.self
        var items: [Item] = []
        do {
            for try await item in stream { items.append(item) }
            #expect(!named, "The error body was handed out as an item")
            #expect(items == [.tick(Tick(index: 0)), .undocumented(["error": "Rate limited"]), .tick(Tick(index: 2))])
        } catch {
            #expect(named, "\(error)")
            #expect(items == [.tick(Tick(index: 0))])
            guard case .server(let failure) = error else {
                Issue.record("Expected the server's error, got \(error)")
                return
            }
            #expect(failure.message == "Rate limited" && failure.isSuccessfulError)
        }
    }

    @Test func aRecordOfTheWrongShapeIsADecodingErrorNamingTheType() async throws {
        let error = await #expect(throws: ServiceError.self) {
            for try await _ in Self.stream("{\"index\": \"zero\"}\n", format: .jsonLines).withFields() {}
        }
        guard case .decoding(let failure) = error else {
            Issue.record("Expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(failure.reason.contains("A streamed Tick"))
        #expect(failure.response.bodyData == Data("{\"index\": \"zero\"}".utf8))
    }
}
