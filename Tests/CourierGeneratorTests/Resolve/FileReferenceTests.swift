import CourierTestSupport
import Foundation
import Testing

@testable import CourierGenerator

/// Writes `files` (relative paths and texts) into a new folder and generates the first.
func generateFromFiles(_ files: [(String, String)]) throws -> Generator.Output {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-refs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return try Generator(moduleName: "TestAPI").generate(
        specFile: folder.appendingPathComponent(files[0].0), displayPath: files[0].0)
}

/// References into other files, as descriptions split into a file per path item write them.
@Suite(.onComputeThreads) struct FileReferenceTests {
    static let pathItem = """
        get:
          operationId: listAccounts
          responses:
            '200':
              description: The accounts.
              content: {application/json: {schema: {type: array, items: {type: string}}}}
        """

    /// `paths/accounts.yaml#/` names the key "" by JSON Pointer's rules; written for a whole
    /// file, as schemathesis' test description and JSON Schema's resolvers read it, it is the
    /// file, where the file has no such key.
    @Test(arguments: ["paths/accounts.yaml#/", "paths/accounts.yaml#", "paths/accounts.yaml"])
    func aReferenceToAFileSRootIsTheFile(reference: String) throws {
        let output = try generateFromFiles([
            (
                "main.yaml",
                "openapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths:\n  /accounts:\n    $ref: '\(reference)'\n"
            ),
            ("paths/accounts.yaml", Self.pathItem),
        ])
        let text = output.files.map(\.contents).joined()
        #expect(text.contains("public func listAccounts() async throws(Courier.ServiceError) -> [Swift.String]"))
    }

    /// Where the file has a key "", the pointer names it, as JSON Pointer says.
    @Test func aFileWithAnEmptyKeyIsReadByIt() throws {
        let indented = Self.pathItem.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        let output = try generateFromFiles([
            (
                "main.yaml",
                "openapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths:\n  /accounts:\n    $ref: 'items.yaml#/'\n"
            ),
            ("items.yaml", "'':\n\(indented)\n"),
        ])
        #expect(output.files.map(\.contents).joined().contains("public func listAccounts()"))
    }
}
