import CourierTestSupport
import Foundation
import Testing

@testable import CourierGenerator

/// References that name a schema by URI rather than by file and pointer: OpenAPI 3.1's `$id`,
/// `$anchor` and `$dynamicAnchor` (JSON Schema 2020-12), and OpenAPI 3.2's `$self`.
@Suite(.onComputeThreads) struct SchemaIdentifiersTests {
    /// A description with one operation whose answer is `reference`, and `schemas`.
    static func description(version: String = "3.1.0", answer reference: String, schemas: String) -> String {
        """
        openapi: \(version)
        info: {title: T, version: '1'}
        paths:
          /pets:
            get:
              operationId: listPets
              responses:
                '200':
                  description: The pets.
                  content: {application/json: {schema: {$ref: '\(reference)'}}}
        components:
          schemas:
        \(schemas)
        """
    }

    func generate(_ yaml: String) throws(GenerationError) -> String {
        try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/test.yaml").files.map(\.contents)
            .joined()
    }

    /// `#pet` names the schema whose anchor is `pet`: before, it read as a pointer to the
    /// whole document, and the answer became untyped JSON without a word.
    @Test(arguments: ["$anchor", "$dynamicAnchor"])
    func anAnchorNamesItsSchema(keyword: String) throws {
        let text = try generate(
            Self.description(
                answer: "#pet",
                schemas: """
                        Pet:
                          \(keyword): pet
                          type: object
                          properties: {name: {type: string}}
                    """))
        #expect(text.contains("public func listPets() async throws(Courier.ServiceError) -> Pet {"))
        #expect(!text.contains("Courier.JSONValue\n"), "no schema reads as untyped JSON")
    }

    /// A schema's `$id` names it from anywhere, and is the base URI of the references in it:
    /// `#/$defs/Tag` is a pointer into that schema, and `owner` a sibling URI.
    @Test func aSchemaIsNamedByItsIDAndItsReferencesResolveAgainstIt() throws {
        let text = try generate(
            Self.description(
                answer: "https://example.com/schemas/pet",
                schemas: """
                        Pet:
                          $id: https://example.com/schemas/pet
                          type: object
                          properties:
                            name: {type: string}
                            tag: {$ref: '#/$defs/Tag'}
                            owner: {$ref: owner}
                            parent: {$ref: '#'}
                          $defs:
                            Tag: {type: object, properties: {label: {type: string}}}
                        Owner:
                          $id: https://example.com/schemas/owner
                          type: object
                          properties: {id: {type: integer}}
                        Tag: {type: string}
                    """))
        #expect(text.contains("public func listPets() async throws(Courier.ServiceError) -> Pet {"))
        #expect(text.contains("public var owner: Owner?"))
        #expect(text.contains("public var parent: Pet?"), "`#` within `Pet` is `Pet`")
        // Pet's own `Tag`, an object, not the document's `Tag`, a string.
        #expect(text.contains("public var label: Swift.String?"))
        #expect(!text.contains("public var tag: Swift.String?"))
    }

    /// A pointer written for the document inside a schema with an `$id`, which finds nothing
    /// within that schema as JSON Schema 2020-12 reads it, is read the 3.0 way, with a warning.
    @Test func aPointerOnlyTheDocumentAnswersIsReadThereWithAWarning() throws {
        let output = try Generator(moduleName: "TestAPI").generate(
            text: Self.description(
                answer: "#/components/schemas/Pet",
                schemas: """
                        Pet:
                          $id: https://example.com/schemas/pet
                          type: object
                          properties: {owner: {$ref: '#/components/schemas/Owner'}}
                        Owner: {type: object, properties: {id: {type: integer}}}
                    """), displayPath: "Specs/test.yaml")
        #expect(output.files.map(\.contents).joined().contains("public var owner: Owner?"))
        let warning = try #require(output.warnings.first { $0.message.contains("points to nothing within") })
        #expect(warning.pointer == "#/components/schemas/Pet/properties/owner")
        #expect(warning.message.contains("#/components/schemas/Pet, whose `$id` (https://example.com/schemas/pet)"))
    }

    /// `$dynamicRef`'s target depends on how the value is reached (a generic's parameter):
    /// not followed, the value is kept whole as free-form JSON, with a warning.
    @Test func aDynamicReferenceIsFreeFormWithAWarning() throws {
        let output = try Generator(moduleName: "TestAPI").generate(
            text: Self.description(
                answer: "#/components/schemas/StringList",
                schemas: """
                        List:
                          $id: https://example.com/list
                          type: array
                          items: {$dynamicRef: '#item'}
                          $defs: {item: {$dynamicAnchor: item, not: true}}
                        StringList:
                          $id: https://example.com/strings
                          $ref: list
                          $defs: {string: {$dynamicAnchor: item, type: string}}
                    """), displayPath: "Specs/test.yaml")
        #expect(output.files.map(\.contents).joined().contains("public typealias List = [Courier.JSONValue]"))
        let warning = try #require(output.warnings.first { $0.message.contains("$dynamicRef") })
        #expect(warning.pointer == "#/components/schemas/List/items")
    }

    /// A discriminator's mapping value with a scheme (`urn:example:cat`) is a URI reference, not
    /// a component's name: its tag was the schema's name (`Cat`), so a `cat` was no cat.
    @Test func aDiscriminatorMappingValueWithASchemeIsAReference() throws {
        let text = try generate(
            Self.description(
                answer: "#/components/schemas/Pet",
                schemas: """
                        Pet:
                          oneOf: [{$ref: 'urn:example:cat'}, {$ref: '#/components/schemas/Dog'}]
                          discriminator: {propertyName: kind, mapping: {cat: 'urn:example:cat', dog: Dog}}
                        Cat:
                          $id: urn:example:cat
                          type: object
                          required: [kind]
                          properties: {kind: {type: string}, meows: {type: boolean}}
                        Dog:
                          type: object
                          required: [kind]
                          properties: {kind: {type: string}, barks: {type: boolean}}
                    """))
        #expect(text.contains(#"properties: "kind meows", constants: ["kind": ["cat"]]"#))
        #expect(text.contains(#"properties: "barks kind", constants: ["kind": ["dog"]]"#))
    }

    /// JSON Schema reads schemas only under the keywords it knows: an object with an `$id` in
    /// the value of an unknown keyword, an extension or an example names nothing, so the
    /// schema that declares the same `$id` is the one it names. Before, the look-alike counted,
    /// and the reference named two schemas: an error (JSON-Schema-Test-Suite's
    /// `optional/unknownKeyword.json`).
    @Test(arguments: [
        "array_of_schemas: [{$id: 'https://example.com/schemas/pet', type: 'null'}]",
        "object_of_schemas: {foo: {$id: 'https://example.com/schemas/pet', type: integer}}",
        "not: {array_of_schemas: [{$id: 'https://example.com/schemas/pet', type: integer}]}",
        "x-original: {$id: 'https://example.com/schemas/pet', type: integer}",
        "example: {$id: 'https://example.com/schemas/pet', type: integer}",
        "discriminator: {propertyName: kind, x-schema: {$id: 'https://example.com/schemas/pet'}}",
    ])
    func anIDOutsideTheKeywordsOfSchemasNamesNothing(lookAlike: String) throws {
        let text = try generate(
            Self.description(
                answer: "https://example.com/schemas/pet",
                schemas: """
                        Holder:
                          type: object
                          properties: {kind: {type: string}}
                          \(lookAlike)
                        Pet:
                          $id: https://example.com/schemas/pet
                          type: object
                          properties: {name: {type: string}}
                    """))
        #expect(text.contains("public func listPets() async throws(Courier.ServiceError) -> Pet {"))
    }

    /// The same look-alike where a schema stands is a second declaration of the `$id`: the
    /// reference names two schemas, an error.
    @Test(arguments: [
        "$defs: {copy: {$id: 'https://example.com/schemas/pet', type: integer}}",
        "properties: {copy: {$id: 'https://example.com/schemas/pet', type: integer}}",
        "not: {anyOf: [{$id: 'https://example.com/schemas/pet', type: integer}]}",
        "dependencies: {kind: {$id: 'https://example.com/schemas/pet', type: integer}}",
    ])
    func anIDWhereASchemaStandsCounts(declaration: String) {
        #expect(throws: GenerationError.self) {
            try generate(
                Self.description(
                    answer: "https://example.com/schemas/pet",
                    schemas: """
                            Holder:
                              type: object
                              \(declaration)
                            Pet:
                              $id: https://example.com/schemas/pet
                              type: object
                              properties: {name: {type: string}}
                        """))
        }
    }

    /// OpenAPI 3.0's schemas have no `$id`: a pointer beside one is the document's.
    @Test func openAPI30ReadsNoID() throws {
        let text = try generate(
            Self.description(
                version: "3.0.3", answer: "#/components/schemas/Pet",
                schemas: """
                        Pet:
                          $id: https://example.com/schemas/pet
                          type: object
                          properties: {owner: {$ref: '#/components/schemas/Owner'}}
                        Owner: {type: object, properties: {id: {type: integer}}}
                    """))
        #expect(text.contains("public var owner: Owner?"))
    }

    /// A 3.2 description's `$self` is the base URI of its references, which name files at the
    /// same places relative to the description's own file: relative, absolute, above its
    /// folder, and without the file's extension. One schema reached two ways is one type.
    @Test func selfPlacesTheFilesItsReferencesName() throws {
        let description = """
            openapi: 3.2.0
            $self: https://example.com/api/openapi
            info: {title: T, version: '1'}
            paths:
              /pets:
                get:
                  operationId: listPets
                  responses:
                    '200':
                      description: The pets.
                      content: {application/json: {schema: {$ref: 'schemas/pet#/Pet'}}}
                    default:
                      description: An error.
                      content: {application/json: {schema: {$ref: '../common/errors.yaml#/Problem'}}}
              /owners:
                get:
                  operationId: listOwners
                  responses:
                    '200':
                      description: The owners.
                      content: {application/json: {schema: {$ref: 'https://example.com/api/schemas/pet.yaml#/Owner'}}}
            """
        let output = try generateFromFiles([
            ("api/openapi.yaml", description),
            (
                "api/schemas/pet.yaml",
                "Pet: {type: object, properties: {owner: {$ref: '#/Owner'}}}\nOwner: {type: object, properties: {id: {type: integer}}}\n"
            ),
            ("common/errors.yaml", "Problem: {type: object, properties: {detail: {type: string}}}\n"),
        ])
        let text = output.files.map(\.contents).joined()
        #expect(text.contains("public func listPets() async throws(Courier.ServiceError) -> Pet {"))
        #expect(text.contains("public func listOwners() async throws(Courier.ServiceError) -> Owner {"))
        #expect(text.contains("public var detail: Swift.String?"))
        #expect(output.files.filter { $0.path.hasSuffix("Owner.swift") }.count == 1)
    }

    /// A reference a description's identifiers cannot answer is an error at the reference,
    /// never another schema.
    @Test(
        arguments: [
            (
                Self.description(answer: "#pets", schemas: "    Pet: {$anchor: pet, type: object}"),
                "no schema there has `$anchor: pets`"
            ),
            (
                Self.description(version: "3.0.3", answer: "#pet", schemas: "    Pet: {$anchor: pet, type: object}"),
                "OpenAPI 3.0 schemas have no `$anchor`"
            ),
            (
                Self.description(answer: "https://example.com/schemas/cat", schemas: "    Pet: {type: object}"),
                "Remote references (https://example.com/schemas/cat) are not fetched"
            ),
            // A relative reference within a schema with an `$id` is resolved against it.
            (
                Self.description(
                    answer: "https://example.com/schemas/pet",
                    schemas: "    Pet: {$id: 'https://example.com/schemas/pet', properties: {tag: {$ref: 'tag.yaml'}}}"),
                "declares https://example.com/schemas/tag.yaml, resolved against the base URI where it stands "
                    + "(https://example.com/schemas/pet),"
            ),
            // `#` is the whole description where no `$id` makes it a schema's.
            (
                Self.description(answer: "#", schemas: "    Pet: {type: object}"),
                "The reference # names a whole OpenAPI description, not one of its objects."
            ),
            // An example is data: an `$id` in it names nothing.
            (
                Self.description(
                    answer: "https://example.com/schemas/cat",
                    schemas: "    Pet: {type: object, example: {$id: 'https://example.com/schemas/cat'}}"),
                "are not fetched"
            ),
            (
                Self.description(
                    answer: "https://example.com/schemas/pet",
                    schemas: """
                            Pet: {$id: 'https://example.com/schemas/pet', type: object}
                            Cat: {$id: 'https://example.com/schemas/pet', type: string}
                        """),
                "#/components/schemas/Pet and #/components/schemas/Cat both declare https://example.com/schemas/pet"
            ),
        ].map { (Snippet($0), $1) })
    func aReferenceNothingAnswersIsAnError(yaml: Snippet, message: String) {
        let yaml = yaml.text
        do {
            let text = try generate(yaml)
            Issue.record("Expected an error, generated \(text.count) characters")
        } catch {
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("Specs/test.yaml:"), "\(error)")
            #expect(error.location.line > 1, "\(error)")
        }
    }
}
