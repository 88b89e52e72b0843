import Testing

@testable import CourierGenerator

/// What the generator's model tests read from its output: a description of component schemas
/// alone, written in the test, and the Swift it generates for one of them.
enum GeneratedSources {
    /// A description without operations whose component schemas are `schemas`: YAML lines
    /// written as they stand under `schemas:`, from the first column.
    static func description(version: String, schemas: String) -> String {
        """
        openapi: \(version)
        info: {title: Test, version: "1"}
        paths: {}
        components:
          schemas:
        \(schemas.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
        """
    }

    /// The file the generator writes for a type of a description given as text.
    static func source(ofType name: String, in yaml: String) throws -> String {
        try source(
            ofType: name, in: Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/test.yaml"))
    }

    /// The file the generator wrote for a type (`Models/<name>.swift`).
    static func source(ofType name: String, in output: Generator.Output) throws -> String {
        try #require(output.files.first { $0.path.hasSuffix("/\(name).swift") }, "no file for \(name)").contents
    }

    /// The first line of `source` that holds `fragment`, without its indentation.
    static func line(containing fragment: String, in source: String) throws -> String {
        let line = try #require(
            source.split(separator: "\n").first { $0.contains(fragment) }, "no line with \(fragment)")
        return line.trimmingCharacters(in: .whitespaces)
    }
}
