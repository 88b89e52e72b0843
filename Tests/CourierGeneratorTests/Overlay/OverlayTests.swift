import CourierGenerator
import CourierTestSupport
import Foundation
import Testing

/// OpenAPI Overlays (1.0 and 1.1) applied to a description: what each action does, the errors a
/// wrong overlay gets (with its file and line), and a module generated with one.
@Suite struct OverlayTests {
    static let description = """
        openapi: 3.0.3
        info: {title: Shop, version: "1"}
        tags: [{name: items}]
        paths:
          /items:
            get:
              operationId: listItems
              tags: [items]
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/ItemList'}
          /legacy:
            get:
              operationId: legacy
              responses: {"204": {description: gone}}
        components:
          schemas:
            ItemList:
              type: object
              properties:
                owners: {$ref: '#/components/schemas/Owner'}
                count: {type: integer, example: "12"}
            Owner:
              type: object
              required: [id]
              properties:
                id: {type: integer}
        """

    func applied(_ overlay: String, version: String = "1.0.0") throws -> (Node, [ReadWarning]) {
        var document = try DocumentReader.read(Array(Self.description.utf8), file: "shop.yaml")
        let text = "overlay: \(version)\ninfo: {title: Fixes, version: '1'}\nactions:\n" + overlay
        let overlay = try Overlay(DocumentReader.read(Array(text.utf8), file: "fixes.yaml"))
        var warnings: [ReadWarning] = []
        try overlay.apply(to: &document, warnings: &warnings)
        return (document, warnings)
    }

    struct Change: CustomTestStringConvertible, Sendable {
        var what: String
        var actions: String
        var version = "1.0.0"
        /// A JSONPath query and the canonical JSON of what it selects afterwards.
        var query: String
        var expected: [String]
        var testDescription: String { what }
    }

    static let changes: [Change] = [
        Change(
            what: "a removed reference and a list in its place",
            actions: """
                - target: $.components.schemas.ItemList.properties.owners['$ref']
                  remove: true
                - target: $.components.schemas.ItemList.properties.owners
                  update: {type: array, items: {$ref: '#/components/schemas/Owner'}}
                """,
            query: "$.components.schemas.ItemList.properties.owners",
            expected: [##"{"items":{"$ref":"#/components/schemas/Owner"},"type":"array"}"##]),
        Change(
            what: "members merged: a scalar replaced, a new one added, the rest kept",
            actions: """
                - target: $.components.schemas.ItemList.properties.count
                  update: {type: string, description: Counted as text}
                """,
            query: "$.components.schemas.ItemList.properties.count",
            expected: [#"{"description":"Counted as text","example":"12","type":"string"}"#]),
        Change(
            what: "a list in an update appended to the list it meets",
            actions: """
                - target: $.components.schemas.Owner
                  update: {required: [name], properties: {name: {type: string}}}
                """,
            query: "$.components.schemas.Owner.required", expected: [#"["id","name"]"#]),
        Change(
            what: "an update of a list appends it",
            actions: """
                - target: $.tags
                  update: {name: legacy, description: Old things}
                """,
            query: "$.tags[*].name", expected: [#""items""#, #""legacy""#]),
        Change(
            what: "every node a filter selects, removed",
            actions: """
                - target: $.paths[?@.get.operationId == 'legacy']
                  remove: true
                """,
            query: "$.paths.*.get.operationId", expected: [#""listItems""#]),
        Change(
            what: "examples removed wherever they are",
            actions: """
                - target: $..example
                  remove: true
                """,
            query: "$..example", expected: []),
        Change(
            what: "items of a list removed last first, so that none moves",
            actions: """
                - target: $.components.schemas.Owner
                  update: {required: [a, b, c, d]}
                - target: $.components.schemas.Owner.required[0, 2, 4]
                  remove: true
                """,
            query: "$.components.schemas.Owner.required", expected: [#"["a","c"]"#]),
        Change(
            what: "a copy (1.1) of an object merged into the target",
            actions: """
                - target: $.components.schemas.Owner
                  copy: $.components.schemas.ItemList
                """, version: "1.1.0",
            query: "$.components.schemas.Owner.properties.*.type", expected: [#""integer""#, #""integer""#]),
    ]

    @Test(arguments: changes) func changesTheDescription(_ change: Change) throws {
        let (document, warnings) = try applied(change.actions, version: change.version)
        #expect(warnings.isEmpty)
        let path = try JSONPath(change.query)
        #expect(path.select(in: document).map { document.descendant(at: $0)!.canonicalJSON } == change.expected)
    }

    @Test func aTargetThatSelectsNothingIsAWarningAtItsAction() throws {
        let (_, warnings) = try applied(
            """
            - target: $.components.schemas.Gone
              remove: true
            """)
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.message.contains("action #/actions/0 selects nothing: $.components.schemas.Gone") == true)
        #expect(warnings.first?.location.file == "fixes.yaml")
        #expect(warnings.first?.location.line == 4)
    }

    /// A description nested as deep as the readers allow (500 levels), queried through every
    /// level and changed at each, on a test's thread: no stack overflow.
    @Test func aDeepDescriptionIsChangedAtEveryLevel() throws {
        let text = String(repeating: #"{"a":"#, count: 500) + "{}" + String(repeating: "}", count: 500)
        var document = try DocumentReader.read(Array(text.utf8), file: "deep.json")
        let overlay = try Overlay(
            DocumentReader.read(
                Array(
                    "overlay: 1.0.0\ninfo: {title: x, version: '1'}\nactions:\n  - target: $..a\n    update: {x: 1}\n"
                        .utf8),
                file: "fixes.yaml"))
        var warnings: [ReadWarning] = []
        try overlay.apply(to: &document, warnings: &warnings)
        #expect(try JSONPath("$..x").select(in: document).count == 500)
    }

    struct Wrong: CustomTestStringConvertible, Sendable {
        var overlay: String
        var message: String
        var line: Int
        var testDescription: String { message }
    }

    static let wrong: [Wrong] = [
        Wrong(
            overlay: "overlay: 2.0.0\ninfo: {title: x, version: '1'}\nactions: [{target: $, remove: true}]\n",
            message: "Overlay 2.0.0 is not one Courier reads", line: 1),
        Wrong(overlay: "info: {title: x, version: '1'}\nactions: []\n", message: "names its version", line: 1),
        Wrong(
            overlay: "overlay: 1.0.0\ninfo: {version: '1'}\nactions: [{target: $, remove: true}]\n",
            message: "`info` needs a `title` and a `version`", line: 2),
        Wrong(
            overlay: "overlay: 1.0.0\ninfo: {title: x, version: '1'}\nactions: []\n", message: "at least one", line: 3),
        Wrong(
            overlay: "overlay: 1.0.0\ninfo: {title: x, version: '1'}\nactions:\n  - description: nothing\n",
            message: "An action needs a `target`", line: 4),
        Wrong(
            overlay: "overlay: 1.0.0\ninfo: {title: x, version: '1'}\nactions:\n  - target: $.paths\n",
            message: "needs `update`, `copy` or `remove: true`", line: 4),
        Wrong(
            overlay: "overlay: 1.0.0\ninfo: {title: x, version: '1'}\nactions:\n  - target: paths\n    remove: true\n",
            message: "The target `paths` is not a JSONPath query: A query starts with `$`", line: 4),
        Wrong(
            overlay:
                "overlay: 1.0.0\ninfo: {title: x, version: '1'}\nactions:\n  - target: $.paths\n    copy: $.tags\n",
            message: "`copy` is Overlay 1.1's", line: 5),
        Wrong(
            overlay:
                "overlay: 1.0.0\ninfo: {title: x, version: '1'}\nactions:\n  - target: $.info.title\n    update: Shop 2\n",
            message: "The action's target $['info']['title'] is a string; to change it, target the object", line: 4),
        Wrong(
            overlay:
                "overlay: 1.0.0\ninfo: {title: x, version: '1'}\nactions:\n  - target: $.info\n    update: {title: [a]}\n",
            message: "gives $['info']['title'] a sequence where the description has a string", line: 5),
        Wrong(
            overlay: "overlay: 1.0.0\ninfo: {title: x, version: '1'}\nactions:\n  - target: $\n    remove: true\n",
            message: "cannot remove the whole description", line: 4),
        Wrong(
            overlay: "overlay: 1.0.0\ninfo: {title: x, version: '1'}\nactions:\n  - target: $.paths\n    update: [1]\n",
            message: "updates an object ($['paths']) with a sequence", line: 4),
        Wrong(
            overlay:
                "overlay: 1.1.0\ninfo: {title: x, version: '1'}\nactions:\n  - target: $.paths['/legacy'].get\n    copy: $.tags\n",
            message: "updates an object ($['paths']['/legacy']['get']) with a sequence", line: 4),
        Wrong(
            overlay:
                "overlay: 1.1.0\ninfo: {title: x, version: '1'}\nactions:\n  - target: $.info\n    copy: $.paths.*\n",
            message: "`copy` must select one node; $.paths.* selects 2", line: 4),
    ]

    @Test(arguments: wrong) func aWrongOverlayIsAnErrorAtItsLine(_ example: Wrong) throws {
        var document = try DocumentReader.read(Array(Self.description.utf8), file: "shop.yaml")
        var warnings: [ReadWarning] = []
        #expect {
            let overlay = try Overlay(DocumentReader.read(Array(example.overlay.utf8), file: "fixes.yaml"))
            try overlay.apply(to: &document, warnings: &warnings)
        } throws: { error in
            guard let error = error as? GenerationError else { return false }
            return error.message.contains(example.message) && error.location.file == "fixes.yaml"
                && error.location.line == example.line
        }
    }

    /// `overlays:` in the manifest and `--overlay` on the command line: the generated model has
    /// the list the overlay makes, and a broken overlay stops generation at its line.
    @Test func theManifestAndTheCommandLineApplyOverlays() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("courier-overlay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        try Self.description.write(
            to: root.appendingPathComponent("Specs/shop.yaml"), atomically: true, encoding: .utf8)
        try """
        overlay: 1.0.0
        info: {title: Shop as served, version: "1"}
        actions:
          - target: $.components.schemas.ItemList.properties.owners['$ref']
            remove: true
          - target: $.components.schemas.ItemList.properties.owners
            update: {type: array, items: {$ref: '#/components/schemas/Owner'}}
        """.write(to: root.appendingPathComponent("Specs/shop-fixes.yaml"), atomically: true, encoding: .utf8)
        try """
        overlay: 1.0.0
        info: {title: Names, version: "1"}
        actions:
          - target: $.paths['/legacy'].get
            update: {operationId: legacyItems}
        """.write(to: root.appendingPathComponent("Specs/names.yaml"), atomically: true, encoding: .utf8)
        try "modules:\n  - spec: shop.yaml\n    module: ShopAPI\n    overlays: [shop-fixes.yaml, names.yaml]\n"
            .write(to: root.appendingPathComponent("Specs/courier.yaml"), atomically: true, encoding: .utf8)
        let output = Printed()
        let tool = CommandLineTool(workingDirectory: root, printOutput: output.print, printError: output.print)
        #expect(tool.run(["generate-all"]) == 0)
        let model = try String(
            contentsOf: root.appendingPathComponent("Sources/Generated/ShopAPI/Models/ItemList.swift"), encoding: .utf8)
        #expect(model.contains("public var owners: [Owner]?"))
        let operations = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Sources/Generated/ShopAPI/Operations").path)
        let text = try operations.map {
            try String(
                contentsOf: root.appendingPathComponent("Sources/Generated/ShopAPI/Operations/\($0)"), encoding: .utf8)
        }.joined()
        #expect(text.contains("func legacyItems("))
        #expect(tool.run(["generate-all", "--check"]) == 0)

        // One overlay may be named without a list; a misspelt setting is an error that names
        // the setting it resembles, not a silently ignored key.
        try "modules:\n  - spec: shop.yaml\n    module: ShopAPI\n    overlays: shop-fixes.yaml\n"
            .write(to: root.appendingPathComponent("Specs/courier.yaml"), atomically: true, encoding: .utf8)
        #expect(tool.run(["generate-all"]) == 0)
        #expect(
            try String(
                contentsOf: root.appendingPathComponent("Sources/Generated/ShopAPI/Models/ItemList.swift"),
                encoding: .utf8) == model)
        try "modules:\n  - spec: shop.yaml\n    module: ShopAPI\n    overlay: shop-fixes.yaml\n"
            .write(to: root.appendingPathComponent("Specs/courier.yaml"), atomically: true, encoding: .utf8)
        #expect(tool.run(["generate-all"]) == 1)
        #expect(output.text.contains("Specs/courier.yaml:4:14: error: `overlay` is not a module setting ("))
        #expect(output.text.contains("Did you mean `overlays`? (at #/modules/0/overlay)"))

        try "modules:\n  - spec: shop.yaml\n    module: ShopAPI\n    overlays: [shop-fixes.yaml, names.yaml]\n"
            .write(to: root.appendingPathComponent("Specs/courier.yaml"), atomically: true, encoding: .utf8)

        let other = root.appendingPathComponent("Other/ShopAPI")
        #expect(
            tool.run([
                "generate", "Specs/shop.yaml", "--output", other.path, "--overlay", "Specs/shop-fixes.yaml",
                "--overlay", "Specs/names.yaml",
            ]) == 0)
        #expect(
            try String(contentsOf: other.appendingPathComponent("Models/ItemList.swift"), encoding: .utf8) == model)

        let dumped = Printed()
        let dumper = CommandLineTool(workingDirectory: root, printOutput: dumped.print, printError: dumped.print)
        #expect(dumper.run(["dump", "Specs/shop.yaml", "--overlay", "Specs/shop-fixes.yaml"]) == 0)
        #expect(dumped.text.contains(##""owners":{"items":{"$ref":"#/components/schemas/Owner"},"type":"array"}"##))

        try "overlay: 1.0.0\ninfo: {title: x, version: '1'}\nactions:\n  - target: $.paths[\n    remove: true\n"
            .write(to: root.appendingPathComponent("Specs/names.yaml"), atomically: true, encoding: .utf8)
        #expect(tool.run(["generate-all"]) == 1)
        #expect(output.text.contains("Specs/names.yaml:4:13: error: The target `$.paths[` is not a JSONPath query"))
    }
}
