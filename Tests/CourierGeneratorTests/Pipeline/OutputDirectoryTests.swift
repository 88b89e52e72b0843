import CourierGenerator
import CourierTestSupport
import Foundation
import Testing

@Suite(.onComputeThreads) struct OutputDirectoryTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writeReplacesTheFolderAndCheckReportsDifferences() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = OutputDirectory(url: root.appendingPathComponent("Generated/API"))
        let first = [
            GeneratedFile(path: "A.swift", contents: "a"), GeneratedFile(path: "Models/B.swift", contents: "b"),
        ]
        #expect(
            output.difference(from: first) == .init(added: ["A.swift", "Models/B.swift"], changed: [], removed: []))
        try output.write(first)
        #expect(output.difference(from: first).isEmpty)

        let second = [GeneratedFile(path: "A.swift", contents: "a2"), GeneratedFile(path: "C.swift", contents: "c")]
        let difference = output.difference(from: second)
        #expect(difference == .init(added: ["C.swift"], changed: ["A.swift"], removed: ["Models/B.swift"]))
        #expect(difference.summary == "+ C.swift\n~ A.swift\n- Models/B.swift")
        try output.write(second)
        #expect(output.difference(from: second).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output.url.appendingPathComponent("Models/B.swift").path))
        // No staging or backup folders are left behind.
        let siblings = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Generated").path)
        #expect(siblings == ["API"])
    }

    @Test func aFailedWriteLeavesThePreviousOutput() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = OutputDirectory(url: root.appendingPathComponent("API"))
        try output.write([GeneratedFile(path: "A.swift", contents: "kept")])
        // A file path that cannot be created: a file where a folder must go.
        let impossible = [
            GeneratedFile(path: "A.swift", contents: "new"), GeneratedFile(path: "A.swift/B.swift", contents: "x"),
        ]
        #expect(throws: (any Error).self) { try output.write(impossible) }
        let kept = try String(contentsOf: output.url.appendingPathComponent("A.swift"), encoding: .utf8)
        #expect(kept == "kept")
    }

    @Test func referencesToOtherFilesResolveRelativeToTheSpec() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("shared"), withIntermediateDirectories: true)
        try """
        openapi: 3.1.0
        info: {title: Split, version: "1"}
        paths:
          /pets:
            get:
              operationId: listPets
              responses:
                "200": {$ref: 'shared/responses.yaml#/PetList'}
        """.write(to: root.appendingPathComponent("api.yaml"), atomically: true, encoding: .utf8)
        try """
        PetList:
          description: Pets
          content:
            application/json:
              schema: {type: array, items: {$ref: 'models.json#/Pet'}}
        """.write(to: root.appendingPathComponent("shared/responses.yaml"), atomically: true, encoding: .utf8)
        try ##"{"Pet": {"type": "object", "properties": {"name": {"type": "string"}, "friend": {"$ref": "#/Pet"}}}}"##
            .write(to: root.appendingPathComponent("shared/models.json"), atomically: true, encoding: .utf8)
        let output = try Generator(moduleName: "SplitAPI").generate(
            specFile: root.appendingPathComponent("api.yaml"), displayPath: "Specs/api.yaml")
        let pet = try #require(output.files.first { $0.path == "Models/Pet.swift" })
        #expect(pet.contents.contains("public var name: Swift.String?"))
        #expect(pet.contents.contains("private var _friend: Courier.Indirect<Pet>?"))
        let operations = try #require(output.files.first { $0.path == "Operations/Split+Default.swift" })
        #expect(operations.contents.contains("-> Courier.Endpoint<[Pet]>"))
    }

    @Test func errorsInReferencedFilesNameThatFile() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try "openapi: 3.1.0\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: 'b.yaml#/B'}\n"
            .write(to: root.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try "B: [unclosed\n".write(to: root.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try Generator(moduleName: "X").generate(
                specFile: root.appendingPathComponent("a.yaml"), displayPath: "Specs/a.yaml")
            Issue.record("Expected an error")
        } catch {
            #expect(error.location.file == "Specs/b.yaml")
            #expect(error.location.line == 1)
        }
    }
}
