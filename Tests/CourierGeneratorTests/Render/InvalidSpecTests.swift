import CourierGenerator
import CourierTestSupport
import Testing

/// Invalid specs fail with the file position and the JSON pointer of the problem.
@Suite(.onComputeThreads) struct InvalidSpecTests {
    @Test(arguments: [
        // Not OpenAPI 3.
        ("swagger: '2.0'\ninfo: {}\n", "1:1", "#", "Swagger 2.0 is not supported"),
        ("info: {}\n", "1:1", "#", "Missing \"openapi\""),
        ("openapi: 2.5.0\n", "1:10", "#/openapi", "OpenAPI 2.5.0 is not supported"),
        // A dangling reference.
        (
            "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      responses:\n        '200': {$ref: '#/components/responses/Missing'}\n",
            "6:16", "#/paths/~1a/get/responses/200", "points to nothing"
        ),
        // A missing file.
        (
            "openapi: 3.0.0\ncomponents:\n  schemas:\n    A: {$ref: 'other.yaml#/B'}\npaths: {}\n",
            "4:8", "#/components/schemas/A", "does not exist"
        ),
        // A path that does not begin with "/" (an `x-` key beside the paths is an extension).
        (
            "openapi: 3.0.0\npaths:\n  x-note: {a: 1}\n  users:\n    get:\n      responses: {'204': {description: x}}\n",
            "5:5", "#/paths/users", "A path must begin with \"/\" (\"/users\")"
        ),
        // A parameter without a name.
        (
            "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      parameters: [{in: query}]\n      responses: {}\n",
            "5:20", "#/paths/~1a/get/parameters/0", "needs \"name\" and \"in\""
        ),
        // A reference cycle between parameters.
        (
            "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      parameters: [{$ref: '#/components/parameters/P'}]\n      responses: {}\ncomponents:\n  parameters:\n    P: {$ref: '#/components/parameters/Q'}\n    Q: {$ref: '#/components/parameters/P'}\n",
            "5:20", "#/paths/~1a/get/parameters/0", "is a cycle"
        ),
        // `security` that is not a list of requirement objects.
        (
            "openapi: 3.0.0\nsecurity: bearer\npaths: {}\n", "2:11", "#/security",
            "must be a list of security requirement objects"
        ),
        (
            "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      security: [bearer]\n      responses: {}\n", "5:17",
            "#/paths/~1a/get/security", "must map scheme names to scopes"
        ),
        // A schema that is not an object.
        (
            "openapi: 3.0.0\npaths: {}\ncomponents:\n  schemas:\n    A: 42\n", "5:8", "#/components/schemas/A",
            "Expected a schema object"
        ),
        // An unknown type.
        (
            "openapi: 3.0.0\npaths: {}\ncomponents:\n  schemas:\n    A: {type: decimal}\n", "5:8",
            "#/components/schemas/A", "Unknown schema type \"decimal\": a type is one of \"string\", \"number\""
        ),
        // Another language's name for a type (Mistral's `type: bool`): the type it means is suggested.
        (
            "openapi: 3.1.0\npaths: {}\ncomponents:\n  schemas:\n    A: {properties: {prefix: {type: bool}}}\n",
            "5:30", "#/components/schemas/A/properties/prefix", "and \"null\" (\"boolean\"?)."
        ),
        // Objects of the wrong kind: a description's structure, as OpenAPI gives it.
        (
            "openapi: 3.0.0\ninfo: {title: P, version: '1'}\npaths: 5\n", "3:8", "#/paths",
            "`paths` must be a mapping, found a number"
        ),
        (
            "openapi: 3.0.0\ninfo: {title: P, version: '1'}\npaths:\n  /a: 5\n", "4:7", "#/paths/~1a",
            "A path item must be a mapping"
        ),
        (
            "openapi: 3.0.0\ninfo: {title: P, version: '1'}\npaths:\n  /a:\n    get: 5\n", "5:10", "#/paths/~1a/get",
            "`get` must be an operation object (a mapping), found a number"
        ),
        (
            "openapi: 3.0.0\ninfo: {title: P, version: '1'}\npaths:\n  /a:\n    get:\n      parameters: 5\n      responses: {}\n",
            "6:19", "#/paths/~1a/get/parameters", "`parameters` must be a list"
        ),
        (
            "openapi: 3.0.0\ninfo: {title: P, version: '1'}\npaths:\n  /a:\n    get:\n      responses: 5\n", "6:18",
            "#/paths/~1a/get/responses", "`responses` must be a mapping"
        ),
        (
            "openapi: 3.0.0\ninfo: {title: P, version: '1'}\npaths:\n  /a:\n    get:\n      responses: {'200': 5}\n",
            "6:26", "#/paths/~1a/get/responses/200", "A response must be a mapping"
        ),
        (
            "openapi: 3.0.0\ninfo: {title: P, version: '1'}\npaths:\n  /a:\n    get:\n      responses: {'200': {description: x, content: {application/json: 5}}}\n",
            "6:71", "#/paths/~1a/get/responses/200/content/application~1json", "A media type object must be a mapping"
        ),
        (
            "openapi: 3.0.0\ninfo: {title: P, version: '1'}\npaths:\n  /a:\n    post:\n      requestBody: {content: 5}\n      responses: {}\n",
            "6:30", "#/paths/~1a/post/requestBody/content", "`content` must be a mapping"
        ),
        (
            "openapi: 3.0.0\ninfo: {title: P, version: '1'}\nservers: [{url: 5}]\npaths: {}\n", "3:17",
            "#/servers/0/url", "`url` must be a string"
        ),
        (
            "openapi: 3.0.0\ninfo: {title: P, version: '1'}\npaths: {}\ncomponents: {schemas: 5}\n", "4:23",
            "#/components/schemas", "`schemas` must be a mapping"
        ),
        (
            "openapi: 3.0.0\ninfo: {title: P, version: '1'}\npaths:\n  /a:\n    get:\n      operationId: [a]\n      responses: {}\n",
            "6:20", "#/paths/~1a/get/operationId", "`operationId` must be a string, found a sequence"
        ),
        (
            "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      parameters: [{name: q, in: query, explode: 'yes', schema: {type: string}}]\n      responses: {}\n",
            "5:50", "#/paths/~1a/get/parameters/0/explode", "`explode` must be a boolean, found a string"
        ),
        // Keywords that decide a schema's type, with a value of the wrong kind.
        (
            "openapi: 3.1.0\npaths: {}\ncomponents:\n  schemas:\n    A: {allOf: {$ref: '#/components/schemas/B'}}\n",
            "5:16",
            "#/components/schemas/A/allOf", "`allOf` must be a list, found a mapping"
        ),
        (
            "openapi: 3.0.0\npaths: {}\ncomponents:\n  schemas:\n    A: {type: object, properties: [name]}\n", "5:35",
            "#/components/schemas/A/properties", "`properties` must be a mapping, found a sequence"
        ),
        (
            "openapi: 3.0.0\npaths: {}\ncomponents:\n  schemas:\n    A: {type: string, enum: red}\n", "5:29",
            "#/components/schemas/A/enum", "`enum` must be a list, found a string"
        ),
        (
            "openapi: 3.0.0\npaths: {}\ncomponents:\n  schemas:\n    A: {oneOf: [{type: string}], discriminator: kind}\n",
            "5:49", "#/components/schemas/A/discriminator", "`discriminator` must be a mapping, found a string"
        ),
        (
            "openapi: 3.0.0\npaths: {}\ncomponents:\n  schemas:\n    A: {oneOf: [{type: object}], discriminator: {mapping: {}}}\n",
            "5:49", "#/components/schemas/A/discriminator", "must name its `propertyName`"
        ),
        (
            "openapi: 3.0.0\npaths: {}\ncomponents:\n  schemas:\n    A: {type: object, required: [200]}\n", "5:34",
            "#/components/schemas/A/required/0", "quote one that YAML reads otherwise"
        ),
        // A discriminator mapping to nothing, on a schema others extend.
        (
            "openapi: 3.0.0\npaths: {}\ncomponents:\n  schemas:\n    A:\n      properties: {kind: {type: string}}\n      discriminator: {propertyName: kind, mapping: {x: Nope}}\n    B: {allOf: [{$ref: '#/components/schemas/A'}, {properties: {b: {type: string}}}]}\n",
            "7:56", "#/components/schemas/A/discriminator/mapping/x", "points to nothing"
        ),
        // Vendor extensions that name Swift code with something that is not a Swift name.
        (
            "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      x-courier-name: 'list)x('\n      responses: {}\n",
            "5:23", "#/paths/~1a/get/x-courier-name", "must be a Swift function name"
        ),
        (
            "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      x-courier-name: 'two words'\n      responses: {}\n",
            "5:23", "#/paths/~1a/get/x-courier-name", "found \"two words\""
        ),
        (
            "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      parameters: [{name: q, in: query, x-courier-label: 'a b'}]\n      responses: {}\n",
            "5:58", "#/paths/~1a/get/parameters/0/x-courier-label", "must be an argument label"
        ),
        (
            "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      parameters: [{name: q, in: query, x-courier-name: 7}]\n      responses: {}\n",
            "5:57", "#/paths/~1a/get/parameters/0/x-courier-name", "found a number"
        ),
        // Broken YAML reports the reader's position.
        ("openapi: 3.0.0\npaths: {a: [}\n", "2:13", "#", "Expected a value"),
        // Remote references are refused.
        (
            "openapi: 3.0.0\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: 'https://example.com/s.yaml'}\n", "5:8",
            "#/components/schemas/A", "Remote references"
        ),
    ])
    func failsWithPosition(yaml: Snippet, position: String, pointer: String, message: String) {
        let yaml = yaml.text
        do {
            let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/bad.yaml")
            Issue.record("Expected an error, generated \(output.files.count) files")
        } catch {
            #expect("\(error.location.line):\(error.location.column)" == position, "\(error)")
            #expect(error.pointer == pointer, "\(error)")
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("Specs/bad.yaml:\(position): error: "))
        }
    }

    /// A description seldom has one dangling reference only: the error names the others with
    /// their positions, but not a `$ref` in an example or an extension, which is data.
    @Test func aDanglingReferenceNamesTheOthers() {
        let yaml = """
            openapi: 3.0.0
            paths:
              /a:
                get:
                  responses:
                    '200':
                      description: A
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Missing'}
                          example: {$ref: '#/components/schemas/AlsoData'}
            components:
              schemas:
                B: {type: object, properties: {c: {$ref: '#/components/schemas/Gone'}}}
                C:
                  type: array
                  x-note: {$ref: '#/components/schemas/Extension'}
                  items: {$ref: '#/components/schemas/C%20Missing'}
                D: {$ref: '#/components/schemas/B'}
            """
        do {
            let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/bad.yaml")
            Issue.record("Expected an error, generated \(output.files.count) files")
        } catch {
            // The operation's is met first; the others are named in the order they stand.
            #expect(
                error.message
                    == "The reference #/components/schemas/Missing points to nothing: there is no \"Missing\". "
                    + "2 other references point to nothing: #/components/schemas/Gone (14:39), "
                    + "#/components/schemas/C%20Missing (18:14).", "\(error)")
            #expect(error.pointer == "#/paths/~1a/get/responses/200/content/application~1json/schema")
        }
    }

    /// Swagger 2.0's `required: true` on a property is passed over with a warning where it
    /// stands, once though the schemas that extend it convert it again: the property is
    /// optional, which decodes whether the key is sent or not.
    @Test func aRequiredThatIsNotAListIsPassedOverWithAWarning() throws {
        let yaml = """
            openapi: 3.0.0
            paths: {}
            components:
              schemas:
                A: {type: object, properties: {name: {type: string, required: true}}}
                B: {allOf: [$ref: '#/components/schemas/A', {properties: {b: {type: string}}}]}
                C: {allOf: [$ref: '#/components/schemas/A', {properties: {c: {type: string}}}]}
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/bad.yaml")
        #expect(output.warnings.map(\.pointer) == ["#/components/schemas/A/properties/name/required"])
        let warning = output.warnings.first?.description ?? ""
        #expect(warning.hasPrefix("Specs/bad.yaml:5:67: warning: `required` must be"), "\(warning)")
        #expect(output.files.contains { $0.contents.contains("public var name: Swift.String?") })
    }

    /// A path parameter the path does not name would be an argument sent nowhere: it is left
    /// out, with a warning where it is declared.
    @Test func aPathParameterThePathDoesNotNameIsLeftOut() throws {
        let yaml = """
            openapi: 3.0.0
            paths:
              /a/{id}:
                parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                get:
                  operationId: getA
                  parameters: [{name: other, in: path, required: true, schema: {type: string}}]
                  responses: {'204': {description: x}}
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/bad.yaml")
        #expect(output.warnings.map(\.pointer) == ["#/paths/~1a~1{id}/get/parameters/0"])
        #expect(output.warnings.first?.message.contains("\"other\" is not in the path /a/{id}") == true)
        #expect(output.files.contains { $0.contents.contains("public func getA(id: Swift.String) async") })
    }

    /// A path parameter whose name is misspelled (`ie` for `{id}`) is both: left out, and its
    /// placeholder a required string, each with a warning. (Found by `Scripts/fuzz.sh generator`:
    /// the left-out parameter's key stayed behind, and the placeholder's parameter was inserted
    /// past the end of the list, which stopped the generator.)
    @Test func aMisspelledPathParameterIsLeftOutAndItsPlaceholderIsAString() throws {
        let yaml = """
            openapi: 3.0.0
            paths:
              /loans/{id}/:
                patch:
                  operationId: updateLoan
                  parameters:
                    - {name: ie, in: path, required: true, schema: {type: integer}}
                    - {name: dryRun, in: query, schema: {type: boolean}}
                  responses: {'204': {description: x}}
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/bad.yaml")
        #expect(
            output.warnings.map(\.pointer) == [
                "#/paths/~1loans~1{id}~1/patch/parameters/0", "#/paths/~1loans~1{id}~1/patch",
            ])
        let text = output.files.map(\.contents).joined()
        #expect(text.contains("public func updateLoan(id: Swift.String, dryRun: Swift.Bool? = nil) async"), "\(text)")
    }

    /// OpenAPI 3.2's parameter for the whole query may have no name (datamodel-code-generator's
    /// test descriptions write none): its properties are the query items, and its argument is
    /// `query`. (It was refused as a parameter without a name.)
    @Test func aQuerystringParameterWithoutANameIsTheQueryArgument() throws {
        let yaml = """
            openapi: 3.2.0
            paths:
              /events:
                get:
                  operationId: listEvents
                  parameters:
                    - in: querystring
                      content:
                        application/x-www-form-urlencoded:
                          schema: {type: object, properties: {status: {type: string}}}
                  responses: {'204': {description: x}}
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/test.yaml")
        let text = output.files.map(\.contents).joined()
        #expect(text.contains("public func listEvents(query: ListEventsQuery? = nil) async"), "\(text)")
        #expect(text.contains("Courier.QueryItem.formObject(\"query\", query, explode: true)"), "\(text)")
    }

    /// A placeholder no parameter describes is still part of the URL: it is a required string,
    /// with a warning at the operation (it was an error, which stopped the whole client).
    @Test func aPlaceholderNoParameterDescribesIsARequiredString() throws {
        let yaml = """
            openapi: 3.0.0
            paths:
              /users/{user}/items/{item}:
                get:
                  operationId: getItem
                  parameters: [{name: item, in: path, required: true, schema: {type: integer}}]
                  responses: {'204': {description: x}}
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/bad.yaml")
        #expect(output.warnings.map(\.pointer) == ["#/paths/~1users~1{user}~1items~1{item}/get"])
        let warning = output.warnings.first?.description ?? ""
        #expect(
            warning.hasPrefix("Specs/bad.yaml:5:7: warning: The path has {user} but no path parameter"), "\(warning)")
        let text = output.files.map(\.contents).joined()
        #expect(text.contains("public func getItem(user: Swift.String, item: Swift.Int) async"), "\(text)")
    }
    /// A `oneOf` that lists one schema twice (Ory Kratos' settings body lists its OpenID Connect
    /// method twice) has one case for it, with a warning at the second entry: a second case of
    /// the same type would never be decoded. Events of a stream that carry data of one schema
    /// keep a case each, told apart by the event's name.
    @Test(arguments: ["oneOf", "anyOf"])
    func aSchemaListedTwiceInAUnionIsOneCase(keyword: String) throws {
        let yaml = """
            openapi: 3.0.0
            paths: {}
            components:
              schemas:
                Body:
                  discriminator: {propertyName: method, mapping: {password: '#/components/schemas/Password', oidc: '#/components/schemas/Oidc'}}
                  \(keyword): [$ref: '#/components/schemas/Password', $ref: '#/components/schemas/Oidc', $ref: '#/components/schemas/Oidc']
                Password: {type: object, required: [method], properties: {method: {type: string}, password: {type: string}}}
                Oidc: {type: object, required: [method], properties: {method: {type: string}, provider: {type: string}}}
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/kratos.yaml")
        #expect(output.warnings.map(\.pointer) == ["#/components/schemas/Body/\(keyword)/2"])
        let warning = output.warnings.first?.description ?? ""
        #expect(
            warning.hasPrefix(
                "Specs/kratos.yaml:7:\(keyword.count + 84): warning: `\(keyword)` lists `#/components/schemas/Oidc` more than once"
            ),
            "\(warning)")
        let body = output.files.first { $0.path.hasSuffix("Body.swift") }?.contents ?? ""
        #expect(body.contains("case oidc(Oidc)"), "\(body)")
        #expect(!body.contains("case oidc2"), "\(body)")
        #expect(body.contains(#"constants: ["method": ["oidc"]]"#), "\(body)")
    }
    /// A default of another kind than the property's type (utoipa writes `default: "false"` for a
    /// boolean) is documented as written, with a warning at the default; a default of an allowed
    /// kind (an integer for a number, `null` for a nullable property) warns nothing.
    @Test(arguments: [
        ("{type: boolean, default: 'false'}", "a string, not a boolean"),
        ("{type: integer, default: '20'}", "a string, not an integer"),
        ("{type: [string, 'null'], default: 3}", "an integer, not one of string, null"),
        ("{type: array, items: {type: string}, default: none}", "a string, not an array"),
        ("{type: number, default: 1}", nil),
        ("{type: integer, default: 2.0}", nil),
        ("{type: string, nullable: true, default: null}", nil),
        ("{default: 'x'}", nil),
    ])
    func aDefaultOfAnotherKindIsDocumentedWithAWarning(schema: String, warning: String?) throws {
        let yaml = """
            openapi: 3.0.0
            paths: {}
            components:
              schemas:
                A: {type: object, properties: {value: \(schema)}}
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/utoipa.yaml")
        if let warning {
            #expect(output.warnings.map(\.pointer) == ["#/components/schemas/A/properties/value/default"])
            #expect(
                output.warnings.first?.message == "The default is \(warning); it is documented as written.",
                "\(output.warnings)")
        } else {
            #expect(output.warnings.isEmpty, "\(output.warnings)")
        }
        #expect(output.files.contains { $0.contents.contains("The server's default: `") })
    }
}
