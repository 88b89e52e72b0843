import CourierTestSupport
import Testing

@testable import CourierGenerator

/// A union rules a variant out by a missing key only where the variant's own type cannot read
/// the payload without it. A required key that may be `null` reads as `nil` when it is missing
/// (servers leave such keys out), and a required key with a default reads the default: ruled
/// out by either, a team without its `parent` landed in GitHub's reviewer union as
/// `undocumented`, though it decodes as a team (github3.py's recorded answers).
@Suite(.onComputeThreads) struct UnionRequiredKeysTests {
    /// The evidence the union gives its team variant, whose `parent` is declared as given.
    func teamEvidence(parent: String, version: String) throws -> String {
        let yaml = GeneratedSources.description(
            version: version,
            schemas: """
                User: {type: object, required: [login, id], properties: {login: {type: string}, id: {type: integer}}}
                Team:
                  type: object
                  required: [id, name, parent]
                  properties:
                    id: {type: integer}
                    name: {type: string}
                    parent: \(parent)
                Reviewer:
                  oneOf: [{$ref: '#/components/schemas/User'}, {$ref: '#/components/schemas/Team'}]
                """)
        return try GeneratedSources.line(
            containing: #"properties: "id name parent""#, in: GeneratedSources.source(ofType: "Reviewer", in: yaml))
    }

    static let lenient = #".object(required: "id name", properties: "id name parent").allowingMissing("parent"),"#

    @Test(arguments: [
        ("{type: integer, nullable: true}", "3.0.3", lenient),
        ("{type: [integer, 'null']}", "3.1.0", lenient),
        ("{oneOf: [{type: integer}, {type: 'null'}]}", "3.1.0", lenient),
        ("{type: integer, default: 0}", "3.0.3", lenient),
        ("{type: integer}", "3.0.3", #".object(required: "id name parent", properties: "id name parent"),"#),
    ])
    func onlyKeysTheVariantCannotDoWithoutRuleItOut(parent: String, version: String, evidence: String) throws {
        #expect(try teamEvidence(parent: parent, version: version) == evidence)
    }
}
