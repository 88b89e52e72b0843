import CourierGenerator
import CourierTestSupport
import Testing

/// Identical inline schemas share one type; every name stays, as an alias.
@Suite(.onComputeThreads) struct InlineTypeSharingTests {
    func generate(_ yaml: String) throws -> [String: String] {
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/test.yaml")
        return Dictionary(uniqueKeysWithValues: output.files.map { ($0.path, $0.contents) })
    }

    /// Every generated file's text, in path order.
    func allText(_ files: [String: String]) -> String {
        files.keys.sorted().map { files[$0]! }.joined(separator: "\n")
    }

    func spec(_ schemas: [String], paths: String = "{}") -> String {
        (["openapi: 3.1.0", "info: {title: Test, version: \"1\"}", "paths: \(paths)", "components:", "  schemas:"]
            + schemas.map { "    " + $0 }).joined(separator: "\n")
    }

    static let address = "{type: object, required: [city], properties: {city: {type: string}, zip: {type: string}}}"

    @Test func twoIdenticalInlineObjectsAreOneStructAndAnAlias() throws {
        let text = allText(
            try generate(
                spec([
                    "Shipment:", "  type: object", "  properties:",
                    "    origin: \(Self.address)",
                    "    destination:",
                    "      description: Where it goes.",
                    "      type: object", "      required: [city]",
                    "      properties: {city: {type: string}, zip: {type: string}}",
                ])))
        // The shorter name stays the type; the other becomes an alias, with its own documentation.
        #expect(text.contains("public struct ShipmentOrigin: Swift.Codable, Swift.Hashable, Swift.Sendable {"))
        #expect(text.contains("/// Where it goes.\npublic typealias ShipmentDestination = ShipmentOrigin\n"))
        #expect(!text.contains("struct ShipmentDestination"))
        #expect(text.contains("public var destination: ShipmentDestination?"))
    }

    /// Two structs whose properties are different but identical inline enums share too: sharing
    /// compares the types after sharing, and repeats until nothing changes.
    @Test func sharingReachesTheTypesThatContainSharedTypes() throws {
        let card = "{type: object, properties: {brand: {type: string, enum: [visa, amex]}}}"
        let text = allText(
            try generate(
                spec(["Wallet:", "  type: object", "  properties:", "    first: \(card)", "    second: \(card)"])))
        #expect(text.contains("public enum WalletFirstBrand:"))
        #expect(text.contains("public typealias WalletSecondBrand = WalletFirstBrand"))
        #expect(text.contains("public struct WalletFirst:"))
        #expect(text.contains("public typealias WalletSecond = WalletFirst"))
    }

    /// Shapes that differ in anything generated (a key, optionality, a default, a property's
    /// documentation, an enum's values) stay apart.
    @Test(arguments: [
        "{type: object, required: [city], properties: {city: {type: string}, postcode: {type: string}}}",
        "{type: object, properties: {city: {type: string}, zip: {type: string}}}",
        "{type: object, required: [city], properties: {city: {type: string, default: Paris}, zip: {type: string}}}",
        "{type: object, required: [city], properties: {city: {type: string, description: Town.}, zip: {type: string}}}",
        "{type: object, required: [city], properties: {city: {type: string}, zip: {type: integer}}}",
        // Closed: documented as allowing no other key, and not kept at all where only sent.
        "{type: object, additionalProperties: false, required: [city], properties: {city: {type: string}, zip: {type: string}}}",
    ])
    func differentShapesStayApart(other: String) throws {
        let text = allText(
            try generate(
                spec([
                    "Shipment:", "  type: object", "  properties:", "    origin: \(Self.address)",
                    "    destination: \(other)",
                ])))
        #expect(text.contains("public struct ShipmentOrigin:"))
        #expect(text.contains("public struct ShipmentDestination:"))
        #expect(!text.contains("typealias"))
    }

    /// Two unions of the same variants stay apart when one takes untagged objects as a variant
    /// (OpenAPI 3.2's `discriminator.defaultMapping`) and the other does not.
    @Test func unionsWithDifferentDefaultVariantsStayApart() throws {
        let pets = "[{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]"
        let text = allText(
            try generate(
                spec([
                    "Cat: {type: object, required: [kind], properties: {kind: {type: string}}}",
                    "Dog: {type: object, required: [kind], properties: {kind: {type: string}}}",
                    "Home:", "  type: object", "  properties:",
                    "    first: {oneOf: \(pets), discriminator: {propertyName: kind, defaultMapping: Cat}}",
                    "    second: {oneOf: \(pets), discriminator: {propertyName: kind}}",
                ]).replacingOccurrences(of: "openapi: 3.1.0", with: "openapi: 3.2.0")))
        #expect(text.contains("public indirect enum HomeFirst:"))
        #expect(text.contains("public indirect enum HomeSecond:"))
        #expect(!text.contains("typealias"))
    }

    @Test func enumsWithDifferentValuesStayApart() throws {
        let text = allText(
            try generate(
                spec([
                    "Light:", "  type: object", "  properties:",
                    "    color: {type: string, enum: [red, green]}",
                    "    shade: {type: string, enum: [red, blue]}",
                    "    tone: {type: string, enum: [red, green]}",
                ])))
        // The shorter name stays the type.
        #expect(text.contains("public enum LightTone:"))
        #expect(text.contains("public enum LightShade:"))
        #expect(text.contains("public typealias LightColor = LightTone"))
    }

    /// A schema the description names keeps a type of its own, even when another has its shape.
    @Test func namedSchemasAreNeverShared() throws {
        let text = allText(
            try generate(spec(["Origin: \(Self.address)", "Destination: \(Self.address)", "Home: \(Self.address)"])))
        #expect(text.contains("public struct Origin:"))
        #expect(text.contains("public struct Destination:"))
        #expect(text.contains("public struct Home:"))
        #expect(!text.contains("typealias"))
    }

    /// An inline schema the same as a named one still becomes its own type: only inline types
    /// share, with each other.
    @Test func anInlineSchemaDoesNotBecomeANamedOne() throws {
        let text = allText(
            try generate(
                spec([
                    "Address: \(Self.address)", "Shipment:", "  type: object", "  properties:",
                    "    origin: \(Self.address)",
                ])))
        #expect(text.contains("public struct Address:"))
        #expect(text.contains("public struct ShipmentOrigin:"))
    }

    /// The type that stays does not depend on the order of the paths: the same output either way.
    @Test func theOutputDoesNotDependOnTheOrderOfThePaths() throws {
        func paths(_ order: [String]) -> String {
            let operations = order.map { name in
                "/\(name): {post: {operationId: \(name), requestBody: {content: {application/json: {schema: \(Self.address)}}}, responses: {'204': {description: ok}}}}"
            }
            return "{" + operations.joined(separator: ", ") + "}"
        }
        let forwards = try generate(spec([], paths: paths(["ship", "return", "exchange"])))
        let backwards = try generate(spec([], paths: paths(["exchange", "return", "ship"])))
        #expect(forwards.filter { $0.key.hasPrefix("Models/") } == backwards.filter { $0.key.hasPrefix("Models/") })
        let text = allText(forwards)
        #expect(text.contains("public struct ShipRequest:"))
        #expect(text.contains("public typealias ReturnRequest = ShipRequest"))
        #expect(text.contains("public typealias ExchangeRequest = ShipRequest"))
    }

    /// Error bodies share only with error bodies, and the conformance to `ServerErrorBody` is
    /// declared once, on the type that stays.
    @Test func errorBodiesShareOnlyWithErrorBodies() throws {
        let problem = "{type: object, properties: {message: {type: string}}}"
        func operation(_ name: String) -> String {
            "/\(name): {post: {operationId: \(name), requestBody: {content: {application/json: {schema: \(problem)}}}, "
                + "responses: {'200': {description: ok}, '400': {description: bad, content: {application/json: {schema: \(problem)}}}}}}"
        }
        let text = allText(
            try generate(spec([], paths: "{" + ["a", "b"].map(operation).joined(separator: ", ") + "}")))
        #expect(text.contains("public struct AError400:"))
        #expect(text.contains("public typealias BError400 = AError400"))
        #expect(text.components(separatedBy: ": Courier.ServerErrorBody").count == 2, "\(text)")
        // Both operations decode their error body: the alias conforms through the type it names.
        #expect(text.contains("endpoint.errorBodyType = AError400.self"))
        #expect(text.contains("endpoint.errorBodyType = BError400.self"))
        // The request bodies have the same shape, but are not error bodies: a type of their own.
        #expect(text.contains("public struct ARequest:"))
        #expect(text.contains("public typealias BRequest = ARequest"))
    }

    /// The types an operation declares share one file, named after it, under `Models/Operations/`.
    @Test func anOperationsTypesShareAFile() throws {
        let files = try generate(
            spec(
                [],
                paths: """
                    {/ship: {post: {operationId: ship, parameters: [{name: speed, in: query, schema: {type: string, enum: [slow, fast]}}], \
                    requestBody: {content: {application/json: {schema: {type: object, properties: {to: \(Self.address)}}}}}, \
                    responses: {'204': {description: ok}}}}}
                    """))
        let types = try #require(files["Models/Operations/ShipTypes.swift"])
        for name in ["ShipSpeed", "ShipRequest", "ShipRequestTo"] {
            #expect(types.contains("public \(name == "ShipSpeed" ? "enum" : "struct") \(name):"))
        }
        #expect(
            files.keys.sorted() == ["Models/Operations/ShipTypes.swift", "Operations/Test+Default.swift", "Test.swift"])
    }

    /// A union's variants declared inline are named by position, as their types are, unless
    /// their JSON kind is theirs alone (the array, whose type is named after it; not the object,
    /// beside `Pet`).
    @Test func inlineVariantsAreNamedByPositionOrTheirOwnKind() throws {
        let text = allText(
            try generate(
                spec([
                    "Pet: {type: object, properties: {name: {type: string}}}",
                    "Choice:", "  oneOf:", "    - {$ref: '#/components/schemas/Pet'}", "    - {type: string}",
                    "    - {type: object, properties: {code: {type: integer}}}",
                    "    - {type: array, items: {type: object, properties: {id: {type: integer}}}}",
                ])))
        #expect(text.contains("    case pet(Pet)\n"))
        #expect(text.contains("    case string(Swift.String)\n"))
        #expect(text.contains("    case case3(ChoiceCase3)\n"))
        #expect(text.contains("    case array([ChoiceArrayItem])\n"))
    }
}
