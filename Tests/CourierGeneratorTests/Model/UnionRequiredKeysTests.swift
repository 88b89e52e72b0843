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
        let yaml = """
            openapi: \(version)
            info: {title: Test, version: "1"}
            paths: {}
            components:
              schemas:
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
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/test.yaml")
        let union = try #require(output.files.first { $0.path.hasSuffix("/Reviewer.swift") }?.contents)
        let line = try #require(union.split(separator: "\n").first { $0.contains("properties: \"id name parent\"") })
        return line.trimmingCharacters(in: .whitespaces)
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
