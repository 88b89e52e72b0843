import CourierTestSupport
import Testing

@testable import CourierGenerator

/// How a streamed response's example is cut into the values it streams, so that each is checked
/// with the type the generated method decodes it with.
@Suite(.onComputeThreads) struct StreamExamplesTests {
    /// The items of an example given as JSON (a string of the body's text, or a list of items),
    /// as canonical JSON, or `!` and the text of an item that is not JSON.
    func items(_ exampleJSON: String, _ mediaType: String, terminator: String? = "[DONE]") throws -> [String] {
        let example = try JSONReader.read(Array(exampleJSON.utf8), file: "test")
        return StreamExamples.items(of: example, mediaType: mediaType, terminator: terminator).map { item in
            switch item {
            case .value(let node): node.canonicalJSON
            case .notJSON(let text): "!" + text
            }
        }
    }

    @Test(arguments: [
        // JSON Lines: a value a line, whatever the line ends; blank lines are no values.
        (#""{\"a\":1}\n{\"a\":2}\r\n\n{\"a\":3}\n""#, "application/jsonl", [#"{"a":1}"#, #"{"a":2}"#, #"{"a":3}"#]),
        (#""{\"a\":1}\r{\"a\":2}""#, "application/x-ndjson", [#"{"a":1}"#, #"{"a":2}"#]),
        // JSON text sequences: a value after each record separator.
        (#""\u001e{\"a\":1}\n\u001e{\"a\":2}\n""#, "application/json-seq", [#"{"a":1}"#, #"{"a":2}"#]),
        // Server-sent events: each event's data, its lines joined; comments, other fields and
        // events without data are no values, nor is the terminator; the last event needs no
        // blank line after it.
        (
            #"": hello\nevent: tick\nid: 7\ndata: {\"a\":\ndata:1}\n\nretry: 5\n\ndata: [DONE]\n\ndata:{\"a\":2}""#,
            "text/event-stream", [#"{"a":1}"#, #"{"a":2}"#]
        ),
        (#""data: 1\r\n\r\ndata: 2\r\rdata: 3\n""#, "text/event-stream", ["1", "2", "3"]),
        // Listed items (OpenAPI 3.2's `dataValue`): each is a value; for events, each event's
        // `data`, as JSON text or as the value itself.
        (#"[{"a":1},{"a":2}]"#, "application/jsonl", [#"{"a":1}"#, #"{"a":2}"#]),
        (
            #"[{"event":"tick","data":"{\"a\":1}"},{"data":{"a":2}},{"event":"ping"},{"data":"[DONE]"}]"#,
            "text/event-stream", [#"{"a":1}"#, #"{"a":2}"#]
        ),
        // One value, not text: itself.
        (#"{"a":1}"#, "application/jsonl", [#"{"a":1}"#]),
        // An item that is not JSON is told apart, to be reported.
        (#""{\"a\":1}\nnot json\n""#, "application/jsonl", [#"{"a":1}"#, "!not json"]),
    ])
    func anExampleIsCutIntoTheValuesItStreams(example: String, mediaType: String, expected: [String]) throws {
        #expect(try items(example, mediaType) == expected)
    }

    /// Without a terminator, `[DONE]` is data like any other (and not JSON).
    @Test func theTerminatorIsTheOperations() throws {
        #expect(try items(#""data: [DONE]\n\n""#, "text/event-stream", terminator: nil) == ["![DONE]"])
        #expect(try items(#""data: end\n\ndata: 1\n\n""#, "text/event-stream", terminator: "end") == ["1"])
    }
}

/// The generator records each streamed value of a response's examples as an example check, and
/// reports a value that is not JSON where it is.
@Suite(.onComputeThreads) struct StreamExampleChecksTests {
    static let spec = """
        openapi: 3.2.0
        info: {title: Test, version: "1"}
        paths:
          /ticks:
            get:
              operationId: ticks
              responses:
                '200':
                  description: ok
                  content:
                    application/jsonl:
                      itemSchema: {$ref: '#/components/schemas/Tick'}
                      examples:
                        good: {value: "{\\"index\\": 1}\\n{\\"index\\": 2}\\n"}
                        bad: {value: "{\\"index\\": 3}\\n{index: 4}\\n"}
        components:
          schemas:
            Tick: {type: object, properties: {index: {type: integer}}}
        """

    @Test func eachStreamedValueIsAnExampleCheck() throws {
        let output = try Generator(moduleName: "TestAPI").generate(text: Self.spec, displayPath: "Specs/test.yaml")
        #expect(output.exampleCount == 3)
        for name in ["GET /ticks 200 (good) item 1", "GET /ticks 200 (good) item 2", "GET /ticks 200 (bad) item 1"] {
            #expect(output.exampleChecks.contains(name), "\(name)")
        }
        #expect(output.exampleChecks.contains(##"json: #"{"index":2}"#"##))
        #expect(
            output.warnings.map(\.pointer) == [
                "#/paths/~1ticks/get/responses/200/content/application~1jsonl/examples/bad/value"
            ])
        #expect(output.warnings.first?.message.contains("Item 2 of this application/jsonl example is not JSON") == true)
    }
}

/// OpenAPI 3.2's `serializedValue` of a JSON example is the value's text: it is checked as the
/// value, and text that is not JSON is reported.
@Suite(.onComputeThreads) struct SerializedExampleTests {
    @Test func aSerializedJSONExampleIsCheckedAsItsValue() throws {
        let spec = """
            openapi: 3.2.0
            info: {title: Test, version: "1"}
            paths:
              /tick:
                get:
                  operationId: tick
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Tick'}
                          examples:
                            text: {serializedValue: '{"index": 5}'}
                            broken: {serializedValue: '{"index": 6'}
            components:
              schemas:
                Tick: {type: object, properties: {index: {type: integer}}}
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: spec, displayPath: "Specs/test.yaml")
        #expect(output.exampleCount == 1)
        #expect(output.exampleChecks.contains(##"json: #"{"index":5}"#"##))
        #expect(
            output.warnings.map(\.pointer) == [
                "#/paths/~1tick/get/responses/200/content/application~1json/examples/broken/serializedValue"
            ])
    }
}
