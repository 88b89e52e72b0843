import CourierTestSupport
import Testing

@testable import CourierGenerator

/// JSON Schema gives a key that one of an object's `patternProperties` matches to that pattern's
/// schema, and only the keys no pattern matches to `additionalProperties`. So where a pattern's
/// schema differs from `additionalProperties`, the values of undeclared keys may be of either,
/// and are kept as JSON; typed as `additionalProperties` alone, a valid object with a key the
/// pattern matches did not decode (JSON-Schema-Test-Suite's "properties, patternProperties,
/// additionalProperties interact": `{"fxo": [1, 2]}` beside `additionalProperties: {type:
/// integer}`).
@Suite(.onComputeThreads) struct PatternPropertiesTests {
    /// The type of the undeclared keys' values of `Thing`, declared with `properties` (a struct)
    /// or without (a dictionary).
    func undeclaredValues(_ schema: String, withProperties: Bool) throws -> String {
        let properties = withProperties ? "properties: {name: {type: string}}, " : ""
        let yaml = GeneratedSources.description(
            version: "3.1.0",
            schemas: """
                Shared: {type: object, properties: {id: {type: integer}}}
                Thing: {type: object, \(properties)\(schema)}
                """)
        let thing = try GeneratedSources.source(ofType: "Thing", in: yaml)
        let prefix = withProperties ? "public var additionalProperties: " : "public typealias Thing = "
        return try GeneratedSources.line(containing: prefix, in: thing).replacingOccurrences(of: prefix, with: "")
    }

    @Test(
        arguments: [true, false],
        [
            // A pattern whose schema is another: either kind of value.
            (
                #"patternProperties: {"^x-": {type: string}}, additionalProperties: {type: integer}"#,
                "[Swift.String: Courier.JSONValue]"
            ),
            (
                #"patternProperties: {"f.o": {minItems: 2}}, additionalProperties: {type: integer}"#,
                "[Swift.String: Courier.JSONValue]"
            ),
            (
                ##"patternProperties: {"^s-": {$ref: "#/components/schemas/Shared"}}, additionalProperties: {type: integer}"##,
                "[Swift.String: Courier.JSONValue]"
            ),
            // One pattern of two with another schema (no `minimum`) is enough.
            (
                #"patternProperties: {"^x-": {type: integer}, "^y-": {minimum: 1, type: integer}}, "#
                    + "additionalProperties: {type: integer, minimum: 1}",
                "[Swift.String: Courier.JSONValue]"
            ),
            // Patterns with the very schema of `additionalProperties` (written alike in any order, or
            // one reference) leave its type.
            (
                #"patternProperties: {"^x-": {type: integer, minimum: 1}}, additionalProperties: {minimum: 1, type: integer}"#,
                "[Swift.String: Swift.Int]"
            ),
            (
                ##"patternProperties: {"^s-": {$ref: "#/components/schemas/Shared"}}, "##
                    + ##"additionalProperties: {$ref: "#/components/schemas/Shared"}"##,
                "[Swift.String: Shared]"
            ),
            // Without patterns, as before.
            ("additionalProperties: {type: integer}", "[Swift.String: Swift.Int]"),
        ])
    func undeclaredKeysAreTypedByAdditionalPropertiesOnlyWhereNoPatternSaysOtherwise(
        withProperties: Bool, schema: (String, String)
    ) throws {
        #expect(try undeclaredValues(schema.0, withProperties: withProperties) == schema.1)
    }
}
