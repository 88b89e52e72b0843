import Courier
import CourierTestSupport
import Testing

@testable import CourierGenerator

/// Where each error body's `ServerErrorBody.message` comes from.
@Suite(.onComputeThreads) struct ErrorBodyConformancesTests {
    /// The generated text of a description whose operations answer 400 with `E` (and 500 with
    /// `Inner`, so that `Inner` is an error body too).
    func generate(error schema: String) throws -> String {
        let yaml = """
            openapi: 3.1.0
            info: {title: Test, version: "1"}
            paths:
              /a:
                get:
                  operationId: a
                  responses:
                    '200': {description: ok}
                    '400': {description: bad, content: {application/json: {schema: {$ref: '#/components/schemas/E'}}}}
                    '500': {description: bad, content: {application/json: {schema: {$ref: '#/components/schemas/Inner'}}}}
            components:
              schemas:
                Inner: {type: object, properties: {message: {type: string}}}
                E: \(schema)
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/test.yaml")
        return output.files.sorted { $0.path < $1.path }.map(\.contents).joined(separator: "\n")
    }

    @Test(arguments: [
        // A `message` string is the message itself, made optional: error bodies decode leniently.
        (
            "{type: object, required: [message], properties: {message: {type: string}}}",
            ["public var message: Swift.String?\n", "extension E: Courier.ServerErrorBody {}"]
        ),
        // Otherwise the first of the usual keys that is a string.
        (
            "{type: object, properties: {title: {type: string}, detail: {type: string}}}",
            ["/// The server's message, from `detail`.", "public var message: Swift.String? { self.detail }"]
        ),
        // A `message` that is not a string is renamed, so that it cannot clash.
        (
            "{type: object, properties: {message: {type: integer}, msg: {type: string}}}",
            ["public var messageValue: Swift.Int?", "public var message: Swift.String? { self.msg }"]
        ),
        // An envelope takes its nested error body's message.
        (
            "{type: object, properties: {error: {$ref: '#/components/schemas/Inner'}}}",
            [
                "/// The server's message, from `error.message`.",
                "public var message: Swift.String? { self.error?.message }",
            ]
        ),
        // A list of error bodies takes the first's (JSON:API's `errors`).
        (
            "{type: object, properties: {errors: {type: array, items: {$ref: '#/components/schemas/Inner'}}}}",
            [
                "/// The server's message, from `errors[0].message`.",
                "public var message: Swift.String? { self.errors?.first?.message }",
            ]
        ),
        // A list of objects that are no error body: the first's message key (FastAPI's `detail`).
        (
            "{type: object, properties: {detail: {type: array, items: {type: object, required: [msg], properties: {loc: {type: array, items: {type: string}}, msg: {type: string}}}}}}",
            [
                "/// The server's message, from `detail[0].msg`.",
                "public var message: Swift.String? { self.detail?.first?.msg }",
            ]
        ),
        // Else any other string whose key ends in `message` (Prefect's), after the envelopes.
        (
            "{type: object, properties: {code: {type: integer}, exception_message: {type: string}}}",
            [
                "/// The server's message, from `exception_message`.",
                "public var message: Swift.String? { self.exceptionMessage }",
            ]
        ),
        (
            "{type: object, properties: {userMessage: {type: string}, error: {$ref: '#/components/schemas/Inner'}}}",
            ["public var message: Swift.String? { self.error?.message }"]
        ),
        // A body with none of these has no message.
        (
            "{type: object, properties: {code: {type: integer}}}",
            ["/// This error body carries no message field.", "public var message: Swift.String? { nil }"]
        ),
    ])
    func theMessageComesFromTheFirstFieldThatCanCarryIt(schema: String, expected: [String]) throws {
        let text = try generate(error: schema)
        for line in expected { #expect(text.contains(line), "\(line)\n\(text)") }
        #expect(text.components(separatedBy: "extension E: Courier.ServerErrorBody").count == 2)
        #expect(text.contains("endpoint.errorBodyType = AErrorBody.self"))
    }

    /// A generated error body finds its message where `CommonErrorBody` looks for one.
    @Test func theGeneratorLooksForTheMessageWhereTheRuntimeDoes() {
        #expect(ErrorBodyConformances.messageKeys == CommonErrorBody.messageKeys)
        #expect(ErrorBodyConformances.envelopeKeys == CommonErrorBody.envelopeKeys)
    }
}
