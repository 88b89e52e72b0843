import CourierGenerator
import CourierTestSupport
import Foundation
import Testing

/// Collects what the tool prints.
final class Printed: @unchecked Sendable {
    // @unchecked: `lines` is only touched under `lock`.
    private let lock = NSLock()
    private var lines: [String] = []
    var text: String { lock.withLock { lines.joined(separator: "\n") } }
    var print: @Sendable (String) -> Void { { [self] line in lock.withLock { lines.append(line) } } }
}

@Suite(.onComputeThreads) struct CommandLineToolTests {
    func workspace() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        try """
        openapi: 3.1.0
        info: {title: Mini, version: "1"}
        paths:
          /ping:
            get:
              operationId: ping
              responses: {"204": {description: ok}}
        """.write(to: url.appendingPathComponent("Specs/mini.yaml"), atomically: true, encoding: .utf8)
        try "modules:\n  - spec: mini.yaml\n    module: MiniAPI\n"
            .write(to: url.appendingPathComponent("Specs/courier.yaml"), atomically: true, encoding: .utf8)
        return url
    }

    @Test func generateAllThenCheckIsUpToDate() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = Printed()
        let tool = CommandLineTool(workingDirectory: root, printOutput: output.print, printError: output.print)
        #expect(tool.run(["generate-all"]) == 0)
        #expect(output.text.contains("MiniAPI: 1 operations"))
        #expect(
            FileManager.default.fileExists(
                atPath: root.appendingPathComponent("Sources/Generated/MiniAPI/Mini.swift").path))
        #expect(tool.run(["generate-all", "--check"]) == 0)
    }

    /// `pagination:` in the manifest is read with its locations: a setting that names an
    /// operation the description lacks stops generation at its line of `courier.yaml`.
    @Test func aPaginationSettingForAMissingOperationIsAnErrorAtItsLine() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try
            "modules:\n  - spec: mini.yaml\n    module: MiniAPI\n    pagination:\n      listPings: {style: page-number}\n"
            .write(to: root.appendingPathComponent("Specs/courier.yaml"), atomically: true, encoding: .utf8)
        let output = Printed()
        let tool = CommandLineTool(workingDirectory: root, printOutput: output.print, printError: output.print)
        #expect(tool.run(["generate-all"]) == 1)
        #expect(
            output.text.contains(
                "Specs/courier.yaml:5:18: error: `pagination` names `listPings`, which is not an operation id of the description. (at #/modules/0/pagination/listPings)"
            ), "\(output.text)")
    }

    /// `--examples` (or `examples:` in the manifest) writes the description's response examples
    /// as checks for a test target; `--check` finds them stale like the module.
    @Test func examplesAreWrittenAndChecked() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try """
        openapi: 3.1.0
        info: {title: Pets, version: "1"}
        paths:
          /pets/{id}:
            get:
              operationId: getPet
              parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Pet'}
                      examples:
                        cat: {value: {id: 1, name: "Tom \\"#1\\""}}
                        shared: {$ref: '#/components/examples/Dog'}
                "404":
                  description: missing
                  content:
                    application/json:
                      schema: {type: object, properties: {message: {type: string}}}
                      example: {message: Not found}
        components:
          schemas:
            Pet: {type: object, required: [id], properties: {id: {type: integer}, name: {type: string}}}
          examples:
            Dog: {value: {id: 2, name: Rex}}
        """.write(to: root.appendingPathComponent("Specs/pets.yaml"), atomically: true, encoding: .utf8)
        try "modules:\n  - spec: pets.yaml\n    module: PetsAPI\n    examples: ../Tests/PetsExamples.swift\n"
            .write(to: root.appendingPathComponent("Specs/courier.yaml"), atomically: true, encoding: .utf8)
        let output = Printed()
        let tool = CommandLineTool(workingDirectory: root, printOutput: output.print, printError: output.print)
        #expect(tool.run(["generate-all"]) == 0)
        #expect(output.text.contains("PetsAPI: 1 operations"))
        #expect(output.text.contains("3 examples"))
        let file = root.appendingPathComponent("Tests/PetsExamples.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("import Courier\nimport CourierTesting\nimport Foundation\nimport PetsAPI\n"))
        #expect(text.contains("enum PetsAPIExamples {"))
        #expect(text.contains(#"Pet.self, name: "GET /pets/{id} 200 (cat)","#))
        // A `"#` inside the JSON takes a raw string with more `#`.
        #expect(text.contains(###"json: ##"{"id":1,"name":"Tom \"#1\""}"##))"###))
        #expect(text.contains(#"Pet.self, name: "GET /pets/{id} 200 (shared)","#))
        #expect(text.contains(#"GetPetError404.self, name: "GET /pets/{id} 404","#))
        #expect(tool.run(["generate-all", "--check"]) == 0)
        try "// edited\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(tool.run(["generate-all", "--check"]) == 1)
        #expect(output.text.contains("PetsAPI: Tests/PetsExamples.swift is stale"))
    }

    @Test func checkFailsAndListsStaleFiles() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = Printed()
        let tool = CommandLineTool(workingDirectory: root, printOutput: output.print, printError: output.print)
        #expect(tool.run(["generate-all"]) == 0)
        let edited = root.appendingPathComponent("Sources/Generated/MiniAPI/Mini.swift")
        try "// edited by hand\n".write(to: edited, atomically: true, encoding: .utf8)
        #expect(tool.run(["generate-all", "--check"]) == 1)
        #expect(output.text.contains("MiniAPI: Sources/Generated/MiniAPI is stale"))
        #expect(output.text.contains("~ Mini.swift"))
        // --check wrote nothing.
        #expect(try String(contentsOf: edited, encoding: .utf8) == "// edited by hand\n")
    }

    @Test func readReportsTheSizeAndRateOrTheError() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = Printed()
        let tool = CommandLineTool(workingDirectory: root, printOutput: output.print, printError: output.print)
        #expect(tool.run(["read", "Specs/mini.yaml"]) == 0)
        let size =
            try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("Specs/mini.yaml").path)[
                .size] as? Int
        #expect(output.text.hasPrefix("Specs/mini.yaml: \(try #require(size)) bytes read in "))
        #expect(output.text.hasSuffix(" MB/s)"))
        try "a: [1\n".write(to: root.appendingPathComponent("Specs/bad.yaml"), atomically: true, encoding: .utf8)
        let errors = Printed()
        let failing = CommandLineTool(workingDirectory: root, printOutput: errors.print, printError: errors.print)
        #expect(failing.run(["read", "Specs/bad.yaml"]) == 1)
        #expect(errors.text.contains("Specs/bad.yaml:"))
    }

    @Test func anInvalidSpecExitsNonZeroWithItsPosition() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try "openapi: 3.1.0\npaths:\n  /a:\n    get: {responses: {'200': {$ref: '#/components/responses/Missing'}}}\n"
            .write(to: root.appendingPathComponent("Specs/bad.yaml"), atomically: true, encoding: .utf8)
        let output = Printed()
        let tool = CommandLineTool(workingDirectory: root, printOutput: output.print, printError: output.print)
        #expect(tool.run(["generate", "Specs/bad.yaml", "--output", "Sources/Generated/Bad"]) == 1)
        #expect(output.text.hasPrefix("Specs/bad.yaml:4:30: error: The reference #/components/responses/Missing"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/Generated/Bad").path))
    }

    @Test(arguments: [
        // No command.
        ([], "usage: courier"),
        // An unknown command.
        (["nonsense"], "courier: unknown command 'nonsense'."),
        // No description.
        (["generate"], "courier generate: a description file is required."),
        // No output folder.
        (["generate", "a.yaml"], "courier generate: --output <dir> is required."),
        // An option without its value.
        (["generate", "a.yaml", "--output"], "courier generate: --output needs a value."),
        // A natural guess for --module: refused, with the option meant.
        (
            ["generate", "a.yaml", "--output", "Out", "--module-name", "Foo"],
            "courier generate: unknown option '--module-name'; did you mean '--module'?"
        ),
        // An option no command has.
        (
            ["generate", "a.yaml", "--output", "Out", "--bogus-flag", "1"],
            "courier generate: unknown option '--bogus-flag'."
        ),
        // A stray argument.
        (["generate", "a.yaml", "b.yaml", "--output", "Out"], "courier generate: unexpected argument 'b.yaml'."),
        // The same option twice.
        (
            ["generate", "a.yaml", "--output", "A", "--output", "B"],
            "courier generate: --output is given more than once."
        ),
        // A flag of another command.
        (["generate-all", "--output", "Out"], "courier generate-all: unknown option '--output'."),
        (["generate-all", "extra"], "courier generate-all: unexpected argument 'extra'."),
        (["dump"], "courier dump: a description file is required."),
        (["read", "a.yaml", "--check"], "courier read: unknown option '--check'."),
    ])
    func usageErrorsNameTheProblemAndExitTwo(arguments: [String], message: String) throws {
        let output = Printed()
        let tool = CommandLineTool(
            workingDirectory: FileManager.default.temporaryDirectory, printOutput: output.print,
            printError: output.print)
        #expect(tool.run(arguments) == 2)
        #expect(output.text.hasPrefix(message), "\(output.text)")
        #expect(output.text.contains("usage: courier"))
    }

    @Test(arguments: [
        ["--help"], ["generate", "--help"], ["generate-all", "-h"], ["dump", "--help"], ["read", "--help"],
    ])
    func everyCommandHasHelp(arguments: [String]) throws {
        let output = Printed()
        let tool = CommandLineTool(
            workingDirectory: FileManager.default.temporaryDirectory, printOutput: output.print,
            printError: output.print)
        #expect(tool.run(arguments) == 0)
        #expect(output.text.hasPrefix("usage: courier"))
    }

    /// `--name=value` is the same as `--name value`.
    @Test func optionsTakeAnEqualsSign() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = Printed()
        let tool = CommandLineTool(workingDirectory: root, printOutput: output.print, printError: output.print)
        #expect(tool.run(["generate", "Specs/mini.yaml", "--output=Sources/Generated/Mini", "--module=MiniAPI"]) == 0)
        #expect(output.text.contains("MiniAPI: 1 operations"))
    }
}
