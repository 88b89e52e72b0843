import CourierTestSupport
import Foundation
import Testing

@testable import CourierGenerator

/// Real payloads keyed by schema name become example checks: each decoded as its schema's type,
/// and as every union that lists the schema.
@Suite(.onComputeThreads) struct PayloadChecksTests {
    static let spec = """
        openapi: 3.0.3
        info: {title: Test, version: "1"}
        paths: {}
        components:
          schemas:
            Token: {type: object, required: [id], properties: {id: {type: integer}}}
            Tokens: {type: array, items: {$ref: '#/components/schemas/Token'}}
            Name: {type: string}
            Reply:
              oneOf:
                - $ref: '#/components/schemas/Token'
                - {type: object, required: [error], properties: {error: {type: string}}}
        """

    func output(payloads: String) throws -> Generator.Output {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-payloads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("spec.yaml")
        try Self.spec.write(to: spec, atomically: true, encoding: .utf8)
        try payloads.write(to: folder.appendingPathComponent("payloads.json"), atomically: true, encoding: .utf8)
        return try Generator(moduleName: "TestAPI").generate(
            specFile: spec, displayPath: "Specs/spec.yaml",
            payloads: Generator.Payloads(folder.appendingPathComponent("payloads.json").path, relativeTo: folder))
    }

    /// A schema that is a list or a scalar (a type alias) is checked as itself; an object is
    /// checked as itself and as each union that lists it, where it must land in its own case.
    @Test func aPayloadIsCheckedAsItsSchemaAndAsTheUnionsListingIt() throws {
        let output = try output(payloads: #"{"Tokens": [{"id": 1}, {"id": 2}], "Name": "a", "Token": {"id": 3}}"#)
        #expect(output.warnings.isEmpty, "\(output.warnings)")
        #expect(output.exampleCount == 4)
        for name in ["payload Tokens", "payload Name", "payload Token", "payload Token as Reply"] {
            #expect(output.exampleChecks.contains("\"\(name)\""), "\(name)")
        }
    }

    /// A list of such objects gives several payloads of one schema, each checked; a later
    /// round's checks say which round they are from.
    @Test func aListOfPayloadObjectsIsCheckedRoundByRound() throws {
        let output = try output(payloads: #"[{"Token": {"id": 1}}, {"Token": {"id": 2}, "Name": "b"}]"#)
        #expect(output.warnings.isEmpty, "\(output.warnings)")
        #expect(output.exampleCount == 5)
        for name in [
            "payload Token", "payload Token as Reply", "payload Token (round 2)", "payload Token as Reply (round 2)",
        ] {
            #expect(output.exampleChecks.contains("\"\(name)\""), "\(name)")
        }
        #expect(throws: GenerationError.self) { try self.output(payloads: #"[{"Token": {"id": 1}}, 5]"#) }
    }

    /// A key that names no schema is reported, not dropped silently.
    @Test func aPayloadForNoSchemaIsReported() throws {
        let output = try output(payloads: #"{"Missing": {"id": 1}}"#)
        #expect(output.exampleCount == 0)
        #expect(
            output.warnings.map(\.message) == [
                #"No schema "Missing" in components/schemas; its payload is not checked."#
            ])
    }
}
