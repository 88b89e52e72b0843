import CourierTestSupport
import Testing

@testable import CourierGenerator

/// A union among its own alternatives, directly or through other unions and aliases (`Item:
/// oneOf: [Item, Reference]`, as datamodel-code-generator's tests describe one), would decode
/// the same value again without end. The generator guards the alternatives that lead back, and
/// only those, and says so with the union's position.
@Suite(.onComputeThreads) struct UnionsLeadingBackTests {
    static let yaml = """
        openapi: 3.1.0
        info: {title: Test, version: "1"}
        paths: {}
        components:
          schemas:
            Reference:
              type: object
              properties: {type: {type: string, const: item_reference}, id: {type: string}}
              required: [type, id]
            Note: {type: object, properties: {kind: {type: string}}, required: [kind]}
            Item:
              oneOf: [{$ref: '#/components/schemas/Item'}, {$ref: '#/components/schemas/Reference'}]
              discriminator: {propertyName: type}
            First:
              oneOf: [{$ref: '#/components/schemas/Second'}, {$ref: '#/components/schemas/Reference'}]
            Second:
              anyOf: [{$ref: '#/components/schemas/FirstAgain'}, {$ref: '#/components/schemas/Note'}]
            FirstAgain:
              allOf: [{$ref: '#/components/schemas/First'}]
            Nullable:
              oneOf: [{$ref: '#/components/schemas/Nullable'}, {type: 'null'}, {$ref: '#/components/schemas/Note'}]
            Tree:
              oneOf:
                - {type: array, items: {$ref: '#/components/schemas/Tree'}}
                - {type: object, properties: {child: {$ref: '#/components/schemas/Tree'}}}
                - {$ref: '#/components/schemas/Note'}
        """

    let output: Generator.Output

    init() throws {
        output = try Generator(moduleName: "TestAPI").generate(text: Self.yaml, displayPath: "Specs/test.yaml")
    }

    func model(_ name: String) throws -> String {
        try GeneratedSources.source(ofType: name, in: output)
    }

    @Test(arguments: [
        ("Item", "item", "Item"), ("First", "second", "Second"), ("Second", "firstAgain", "FirstAgain"),
        ("Nullable", "nullable", "Nullable"),
    ])
    func theAlternativeThatLeadsBackIsGuarded(union: String, unionCase: String, type: String) throws {
        let text = try model(union)
        #expect(
            text.contains(
                ".\(unionCase)(try Courier.UnionVariant.decodeLeadingBack(\"\(union).\(unionCase)\", from: decoder) { try \(type)(from: decoder) })"
            ), "\(text)")
        #expect(text.components(separatedBy: "decodeLeadingBack").count == 2, "only that alternative: \(text)")
    }

    /// An alternative that reads into the value (an array's items, an object's property) before
    /// it meets the union again is no loop.
    @Test func anAlternativeThatReadsIntoTheValueIsNotGuarded() throws {
        #expect(try !model("Tree").contains("decodeLeadingBack"))
    }

    @Test func eachUnionWithSuchAnAlternativeIsNamedInAWarningWithItsPosition() throws {
        let warned = output.warnings.filter { $0.message.contains("leads back to this union") }
        #expect(
            warned.map(\.pointer).sorted() == [
                "#/components/schemas/First", "#/components/schemas/Item", "#/components/schemas/Nullable",
                "#/components/schemas/Second",
            ])
        let item = try #require(warned.first { $0.pointer == "#/components/schemas/Item" })
        #expect(item.location.line == 12)
        #expect(item.message.contains("`oneOf`") && item.message.contains("case item"))
    }
}
