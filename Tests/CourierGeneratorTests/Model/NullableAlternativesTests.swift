import CourierTestSupport
import Testing

@testable import CourierGenerator

/// An alternative of a `oneOf` or `anyOf` that only says `nullable: true` means `null`: schemars
/// writes Rust's `Option<T>` in OpenAPI 3.0 as `anyOf: [{$ref: T}, {nullable: true}]` (Qdrant's
/// description has hundreds). The property is an optional `T`, not a union of `T` and any value.
@Suite(.onComputeThreads) struct NullableAlternativesTests {
    func generate(version: String = "3.0.1", property: String) throws -> String {
        let yaml = """
            openapi: \(version)
            info: {title: Test, version: "1"}
            paths: {}
            components:
              schemas:
                Filter: {type: object, properties: {must: {type: array, items: {type: string}}}}
                Name: {type: string}
                Search: {type: object, properties: {filter: \(property)}}
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/test.yaml")
        #expect(output.warnings.isEmpty, "\(output.warnings)")
        return output.files.map(\.contents).joined(separator: "\n")
    }

    @Test(arguments: [
        ("3.0.1", "{anyOf: [{$ref: '#/components/schemas/Filter'}, {nullable: true}]}", "public var filter: Filter?"),
        (
            "3.0.3", "{description: Look only here, oneOf: [{$ref: '#/components/schemas/Filter'}, {nullable: true}]}",
            "public var filter: Filter?"
        ),
        // Annotations beside `nullable` change nothing; 3.1 reads it the same way.
        (
            "3.1.0", "{anyOf: [{$ref: '#/components/schemas/Filter'}, {nullable: true, description: None}]}",
            "public var filter: Filter?"
        ),
        // Beside two alternatives, the union of them is optional.
        (
            "3.0.1",
            "{anyOf: [{$ref: '#/components/schemas/Filter'}, {$ref: '#/components/schemas/Name'}, {nullable: true}]}",
            "public var filter: SearchFilter?"
        ),
    ])
    func anAlternativeThatOnlySaysNullableIsNull(version: String, property: String, declaration: String) throws {
        let text = try generate(version: version, property: property)
        #expect(text.contains(declaration), "\(text)")
        #expect(!text.contains("case jsonValue"), "\(text)")
    }

    /// `nullable: false`, or `nullable` beside a type, is no `null` alternative: `{nullable:
    /// false}` takes any value, as it says.
    @Test func anAlternativeThatTakesAnyValueStaysACase() throws {
        let text = try generate(property: "{anyOf: [{$ref: '#/components/schemas/Filter'}, {nullable: false}]}")
        #expect(text.contains("case jsonValue(Courier.JSONValue)"), "\(text)")
    }
}
