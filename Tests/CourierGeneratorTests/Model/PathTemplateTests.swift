import CourierTestSupport
import Testing

@testable import CourierGenerator

/// An operation's path template is split once, in the model stage; the renderer writes the pieces.
@Suite(.onComputeThreads) struct PathTemplateTests {
    @Test(arguments: [
        ("/pets", [APIConverter.TemplatePiece.text("/pets")]),
        ("/pets/{petId}", [.text("/pets/"), .placeholder("petId")]),
        ("/files/{name}.{ext}", [.text("/files/"), .placeholder("name"), .text("."), .placeholder("ext")]),
        ("{a}{b}", [.placeholder("a"), .placeholder("b")]),
        // A brace never closed, or closed without opening, is text.
        ("/a/{open", [.text("/a/{open")]),
        ("/a}/{b}", [.text("/a}/"), .placeholder("b")]),
    ])
    func templatesSplitIntoTextAndPlaceholders(path: String, expected: [APIConverter.TemplatePiece]) {
        #expect(APIConverter.templatePieces(path) == expected)
    }

    @Test func eachPlaceholderIsFilledByItsParameterWhateverTheArgumentOrder() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: Test, version: "1"}
            paths:
              /files/{name}.{ext}/{ids}:
                get:
                  operationId: getFile
                  parameters:
                    - {name: limit, in: query, schema: {type: integer}}
                    - {name: ids, in: path, required: true, schema: {type: array, items: {type: integer}}}
                    - {name: ext, in: path, required: true, schema: {type: string}}
                    - {name: name, in: path, required: true, schema: {type: string}}
                  responses:
                    '204': {description: done}
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/test.yaml")
        let text = output.files.map(\.contents).joined(separator: "\n")
        #expect(
            text.contains(
                #"path: "/files/\(name).\(ext)/\(list: ids, prefix: "", separator: ",")""#))
        #expect(
            text.contains(
                "public func getFile(ids: [Swift.Int], ext: Swift.String, name: Swift.String, limit: Swift.Int? = nil)")
        )
    }

    /// `label` and `matrix` are path styles: a path parameter is written in them, and a query
    /// parameter that names one is warned about and sent as a form.
    @Test func labelAndMatrixArePathStyles() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: Test, version: "1"}
            paths:
              /a/{x}/{y}:
                get:
                  operationId: styles
                  parameters:
                    - {name: x, in: path, required: true, style: label, explode: true, schema: {type: array, items: {type: string}}}
                    - {name: y, in: path, required: true, style: matrix, schema: {type: integer}}
                    - {name: q, in: query, style: matrix, schema: {type: string}}
                  responses:
                    '204': {description: done}
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/test.yaml")
        let text = output.files.map(\.contents).joined(separator: "\n")
        #expect(text.contains(#"path: "/a/\(list: x, prefix: ".", separator: ".")/;y=\(y)""#))
        #expect(
            output.warnings.map(\.message) == [
                "The parameter style \"matrix\" is for path parameters only; \"q\" is sent in the default style."
            ])
    }
}
