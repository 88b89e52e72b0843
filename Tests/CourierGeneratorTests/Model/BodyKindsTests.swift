import CourierTestSupport
import Testing

@testable import CourierGenerator

/// A request body offered in several kinds: the main method takes the first of JSON, a form,
/// multipart, JSON Lines, text and bytes; each other kind whose schema differs is another request,
/// sent by an overload labelled by its kind; one that names the same schema is the same request in
/// another encoding and gets none.
@Suite(.onComputeThreads) struct BodyKindsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        /// The `content` of the request body, as YAML flow mappings.
        var contents: [String]
        /// The body arguments of the `send` methods, in the order generated.
        var bodies: [String]
    }

    static let cases: [Case] = [
        Case(
            testDescription: "Django REST framework: one schema in three encodings",
            contents: [
                "application/json: {schema: {$ref: '#/components/schemas/Pet'}}",
                "application/x-www-form-urlencoded: {schema: {$ref: '#/components/schemas/Pet'}}",
                "multipart/form-data: {schema: {$ref: '#/components/schemas/Pet'}}",
            ],
            bodies: ["body: Pet"]),
        Case(
            testDescription: "an inline schema written again, its keys in another order",
            contents: [
                "application/json: {schema: {type: object, properties: {a: {type: string}, b: {type: integer}}}}",
                "application/x-www-form-urlencoded: {schema: {properties: {b: {type: integer}, a: {type: string}}, type: object}}",
            ],
            bodies: ["body: SendRequest"]),
        Case(
            testDescription: "JSON rows or a multipart file",
            contents: [
                "application/json: {schema: {$ref: '#/components/schemas/Pet'}}",
                "multipart/form-data: {schema: {type: object, properties: {file: {type: string, format: binary}}}}",
            ],
            bodies: ["body: Pet", "multipartBody body: SendForm"]),
        Case(
            testDescription: "JSON or raw bytes of any of two types",
            contents: [
                "application/json: {schema: {$ref: '#/components/schemas/Pet'}}",
                "image/png: {schema: {type: string, format: binary}}",
                "image/jpeg: {schema: {type: string, format: binary}}",
            ],
            bodies: [
                "body: Pet",
                #"bytes body: Courier.StreamedBody, contentType: Swift.String = "image/png""#,
            ]),
        Case(
            testDescription: "a form or text",
            contents: [
                "text/plain: {schema: {type: string}}",
                "application/x-www-form-urlencoded: {schema: {$ref: '#/components/schemas/Pet'}}",
            ],
            bodies: ["body: Pet", "text body: Swift.String"]),
        Case(
            testDescription: "JSON Lines under two names: one kind",
            contents: [
                "application/x-ndjson: {itemSchema: {$ref: '#/components/schemas/Pet'}}",
                "application/jsonl: {itemSchema: {$ref: '#/components/schemas/Pet'}}",
            ],
            bodies: ["body: [Pet]"]),
        Case(
            testDescription: "any media type, no schema: JSON, once",
            contents: ["'*/*': {}"],
            bodies: ["body: Courier.JSONValue"]),
        Case(
            testDescription: "bytes alone",
            contents: ["application/octet-stream: {}"],
            bodies: ["body: Courier.StreamedBody"]),
    ]

    @Test(arguments: cases) func overloads(_ testCase: Case) throws {
        let contents = testCase.contents.map { "              " + $0 }.joined(separator: "\n")
        let spec = """
            openapi: 3.1.0
            info: {title: Test, version: "1"}
            paths:
              /send:
                post:
                  operationId: send
                  parameters: [{name: multipart, in: query, schema: {type: boolean}}]
                  requestBody:
                    required: true
                    content:
            \(contents)
                  responses:
                    '204': {description: sent}
            components:
              schemas:
                Pet:
                  type: object
                  properties:
                    name: {type: string}
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: spec, displayPath: "Specs/test.yaml")
        let operations = try #require(output.files.first { $0.path.hasPrefix("Operations/") }?.contents)
        let bodies = operations.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("public func send(") else { return nil }
            let arguments = line.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }
            return arguments.replacingOccurrences(of: ", multipart: Swift.Bool? = nil", with: "")
        }
        #expect(bodies == testCase.bodies)
    }
}
