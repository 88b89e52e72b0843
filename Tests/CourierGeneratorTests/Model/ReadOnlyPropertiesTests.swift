import CourierTestSupport
import Testing

@testable import CourierGenerator

/// OpenAPI requires a required `readOnly` property in responses only ("the required will take
/// effect on the response only"): a struct that is sent does not require it, one that is only
/// received does.
@Suite(.onComputeThreads) struct ReadOnlyPropertiesTests {
    static let spec = """
        openapi: 3.1.0
        info: {title: Test, version: "1"}
        paths:
          /pets:
            post:
              operationId: createPet
              requestBody:
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Pet'}
              responses:
                '201':
                  description: created
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Pet'}
          /receipts/{id}:
            get:
              operationId: receipt
              parameters: [{name: id, in: path, required: true, schema: {type: string}}]
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Receipt'}
        components:
          schemas:
            Id: {type: integer, readOnly: true}
            Pet:
              type: object
              required: [id, name, kind, created, owner, version]
              properties:
                id: {type: integer, readOnly: true}
                name: {type: string}
                kind: {type: string, const: pet, readOnly: true}
                created: {$ref: '#/components/schemas/Id'}
                owner: {$ref: '#/components/schemas/Owner'}
                version: {type: integer, readOnly: true, default: 1}
            Owner:
              type: object
              required: [id]
              properties:
                id: {type: integer, readOnly: true}
            Receipt:
              type: object
              required: [id]
              properties:
                id: {type: integer, readOnly: true}
        """

    func model(_ name: String) throws -> String {
        let output = try Generator(moduleName: "TestAPI").generate(text: Self.spec, displayPath: "Specs/test.yaml")
        return try #require(output.files.first { $0.path == "Models/\(name).swift" }?.contents)
    }

    @Test func aSentStructDoesNotRequireItsReadOnlyProperties() throws {
        let pet = try model("Pet")
        // The id, and one whose schema is `readOnly` where it is referred to; the constant and the
        // default are filled in by the initializer, so they stay as they were.
        #expect(
            pet.contains(
                "public init(id: Swift.Int? = nil, name: Swift.String, created: ID? = nil, owner: Owner, version: Swift.Int = 1,"
            ))
        #expect(
            pet.contains(
                "    /// Required in responses; requests leave it out (`readOnly`).\n    public var id: Swift.Int?\n"))
        // A struct reached from a sent one is sent too.
        #expect(try model("Owner").contains("public var id: Swift.Int?\n"))
    }

    @Test func aStructThatIsOnlyReceivedRequiresThem() throws {
        let receipt = try model("Receipt")
        #expect(receipt.contains("public var id: Swift.Int\n"))
        #expect(!receipt.contains("requests leave it out"))
    }
}
