import CourierTestSupport
import Foundation
import Testing

@testable import CourierGenerator

/// OpenAPI 3.1 reads a schema's `$ref` beside keywords that shape the value as one more `allOf`
/// part; 3.0 reads the `$ref` alone. Annotations and a lone `required` leave the schema the type
/// it refers to.
@Suite(.onComputeThreads) struct ReferenceSiblingsTests {
    func generate(version: String, schemas: String) throws -> String {
        let yaml = GeneratedSources.description(
            version: version,
            schemas: """
                Pet: {type: object, required: [name], properties: {name: {$ref: '#/components/schemas/Name'}}}
                Name: {type: string}
                \(schemas)
                """)
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/test.yaml")
        return output.files.map(\.contents).joined(separator: "\n")
    }

    @Test(arguments: [
        // Properties beside the reference: a Pet with its own keys.
        (
            "3.1.0", "Cat: {$ref: '#/components/schemas/Pet', properties: {lives: {type: integer}}}",
            "public var lives: Swift.Int?"
        ),
        (
            "3.2.0", "Cat: {$ref: '#/components/schemas/Pet', properties: {lives: {type: integer}}}",
            "public var name: Name\n"
        ),
        // An `allOf` beside it gains the reference as its last part.
        (
            "3.1.0",
            "Cat: {$ref: '#/components/schemas/Pet', allOf: [{properties: {lives: {type: integer}}}]}",
            "public var name: Name\n"
        ),
        // Annotations, and a lone `required`, leave it the type it refers to.
        (
            "3.1.0", "Cat: {$ref: '#/components/schemas/Pet', description: A cat., deprecated: true}",
            "typealias Cat = Pet"
        ),
        ("3.1.0", "Cat: {$ref: '#/components/schemas/Pet', required: [name]}", "typealias Cat = Pet"),
        // A `oneOf` of values beside a reference to a value that is not an object narrows it.
        (
            "3.1.0", "Cat: {$ref: '#/components/schemas/Name', oneOf: [{const: Tom}, {const: Felix}]}",
            "typealias Cat = Name"
        ),
        (
            "3.0.3", "Cat: {allOf: [$ref: '#/components/schemas/Name'], anyOf: [{enum: [Tom]}, {enum: [Felix]}]}",
            "typealias Cat = Name"
        ),
        // OpenAPI 3.0 ignores a reference's siblings.
        (
            "3.0.3", "Cat: {$ref: '#/components/schemas/Pet', properties: {lives: {type: integer}}}",
            "typealias Cat = Pet"
        ),
    ])
    func aReferenceBesideKeywordsThatShapeTheValueIsAnAllOfPart(version: String, schema: String, expected: Snippet)
        throws
    {
        let expected = expected.text
        let text = try generate(version: version, schemas: schema)
        #expect(text.contains(expected), "\(text)")
        #expect(text.contains("public struct Cat:") == !expected.hasPrefix("typealias"))
    }

    /// The rewrite keeps every other keyword where it was, so a pointer into the schema still
    /// finds it; data (an example, a default, a const) and a property named like a keyword are
    /// read as what they are.
    @Test func pointersIntoTheSchemaAndDataAreKept() throws {
        let text = try generate(
            version: "3.1.0",
            schemas: """
                Cat:
                  $ref: '#/components/schemas/Pet'
                  properties:
                    lives: {type: integer}
                    default: {$ref: '#/components/schemas/Pet', properties: {toy: {type: string}}}
                  example: {$ref: not a schema, properties: 1}
                Lives: {$ref: '#/components/schemas/Cat/properties/lives'}
                """)
        #expect(text.contains("public typealias Lives2 = Swift.Int"), "\(text)")
        #expect(text.contains("public var `default`: CatDefault?"), "\(text)")
        #expect(text.contains("public var toy: Swift.String?"), "\(text)")

        var warnings: [ReadWarning] = []
        let node = try DocumentReader.read(
            Array(
                """
                openapi: 3.1.0
                components:
                  schemas:
                    Cat: {$ref: '#/x', properties: {a: {}}, example: {$ref: '#/y', properties: {}}, x-note: {$ref: '#/z', items: {}}}
                  examples:
                    Cat: {value: {$ref: '#/v', properties: {}}}
                """.utf8), file: "test.yaml", warnings: &warnings)
        let documents = DocumentSet(node: node, file: URL(fileURLWithPath: "/tmp/test.yaml"))
        let cat = try #require(documents.root.node["components"]?["schemas"]?["Cat"])
        #expect(cat.mapping?.keys == ["allOf", "properties", "example", "x-note"])
        #expect(cat["allOf"]?.sequence?.first?["$ref"]?.string == "#/x")
        #expect(cat["example"]?["$ref"]?.string == "#/y" && cat["x-note"]?["$ref"]?.string == "#/z")
        #expect(documents.root.node["components"]?["examples"]?["Cat"]?["value"]?["$ref"]?.string == "#/v")
    }
}
