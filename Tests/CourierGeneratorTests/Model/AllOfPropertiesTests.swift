import CourierTestSupport
import Testing

@testable import CourierGenerator

/// A property that two parts of one `allOf` declare must meet both declarations: where one says
/// integer and the other only number, the value is an integer. GitHub's description (1.1.4)
/// declares a workflow job's `runner_id` an integer in one part and a number in the next; read
/// as the later part alone, it was a `Double`, which rounds an ID past 2^53 without a word.
@Suite(.onComputeThreads) struct AllOfPropertiesTests {
    func property(_ first: String, _ second: String) throws -> String {
        let yaml = GeneratedSources.description(
            version: "3.0.3",
            schemas: """
                Job:
                  allOf:
                    - {type: object, properties: {runner: \(first)}}
                    - {type: object, properties: {runner: \(second)}}
                """)
        return try GeneratedSources.line(
            containing: "public var runner:", in: GeneratedSources.source(ofType: "Job", in: yaml))
    }

    @Test(arguments: [
        ("{type: integer, nullable: true}", "{type: number, nullable: true}", "public var runner: Swift.Int?"),
        ("{type: number, nullable: true}", "{type: integer, nullable: true}", "public var runner: Swift.Int?"),
        ("{type: integer, format: int64}", "{type: number}", "public var runner: Swift.Int64?"),
        ("{type: number}", "{type: integer}", "public var runner: Swift.Int?"),
        // A later declaration that only constrains or annotates keeps the earlier type: `items`
        // does not make a value an array (datamodel-code-generator's constraint tests).
        (
            "{anyOf: [{type: array, items: {type: string}}, {type: string}]}", "{items: {minLength: 1}}",
            "public var runner: JobRunner?"
        ),
        (
            "{type: string, format: date-time}", "{minLength: 3, description: When}",
            "public var runner: Foundation.Date?"
        ),
        (
            "{anyOf: [{type: object, additionalProperties: {type: string}}, {type: string}]}",
            "{additionalProperties: {minLength: 1}}", "public var runner: JobRunner?"
        ),
        // Otherwise the later part's declaration is the property's, as before.
        ("{type: string}", "{type: string, format: date-time}", "public var runner: Foundation.Date?"),
        ("{type: integer}", "{type: string}", "public var runner: Swift.String?"),
    ])
    func anIntegerAndANumberAreAnInteger(first: String, second: String, declaration: String) throws {
        #expect(try property(first, second) == declaration)
    }
}
