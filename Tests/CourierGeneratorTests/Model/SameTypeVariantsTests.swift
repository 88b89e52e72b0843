import CourierTestSupport
import Testing

@testable import CourierGenerator

/// Variants of an untagged union that are one Swift type (an array and an array of unique items,
/// as Pydantic writes `list` and `set`; objects that differ only in their required keys) are one
/// case: the first would always take the value, and the second case would be one no value reaches.
@Suite(.onComputeThreads) struct SameTypeVariantsTests {
    static let spec = """
        openapi: 3.1.0
        info: {title: Test, version: "1"}
        paths: {}
        components:
          schemas:
            Metadata:
              anyOf:
                - {type: string}
                - {type: integer}
                - {type: object, additionalProperties: true}
                - {type: array, items: {}}
                - {type: array, items: {}, uniqueItems: true}
                - {type: object, additionalProperties: true, required: [id]}
                - {type: string, format: binary}
            Point: {type: object, properties: {x: {type: number}}}
            Place: {type: object, properties: {x: {type: number}}}
            Located:
              oneOf: [{$ref: '#/components/schemas/Point'}, {$ref: '#/components/schemas/Place'}]
        """

    func model(_ name: String) throws -> String {
        let output = try Generator(moduleName: "TestAPI").generate(text: Self.spec, displayPath: "Specs/test.yaml")
        return try #require(output.files.first { $0.path == "Models/\(name).swift" }?.contents)
    }

    @Test func variantsOfOneSwiftTypeAreOneCase() throws {
        let cases = try model("Metadata").split(separator: "\n").filter { $0.hasPrefix("    case ") }
        #expect(
            cases == [
                "    case string(Swift.String)", "    case int(Swift.Int)",
                "    case jsonValueDictionary([Swift.String: Courier.JSONValue])",
                "    case jsonValueArray([Courier.JSONValue])", "    case undocumented(Courier.JSONValue)",
            ])
    }

    /// Named schemas are types of their own, however alike.
    @Test func namedSchemasStayCasesOfTheirOwn() throws {
        let cases = try model("Located").split(separator: "\n").filter { $0.hasPrefix("    case ") }
        #expect(
            cases == ["    case point(Point)", "    case place(Place)", "    case undocumented(Courier.JSONValue)"])
    }
}
