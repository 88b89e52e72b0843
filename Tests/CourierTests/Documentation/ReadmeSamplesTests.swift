import Foundation
import Testing

/// Every Swift sample in README.md and `Documentation/` is text that a test target compiles:
/// found verbatim (its indentation aside) in one of `sampleFiles`, with its `import` lines among
/// that file's imports. A sample that cannot compile on its own (a manifest excerpt) is preceded
/// by `<!-- not compiled: reason -->`; one that `Scripts/consumer-package.sh` builds as a file
/// of a fresh package by `<!-- consumer package: path -->`.
@Suite struct ReadmeSamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The files that hold the README's samples, each compiled by a test target.
    static let sampleFiles = [
        "Tests/CourierTests/Documentation/ReadmeSamples.swift",
        "Tests/GeneratedClientTests/ReadmeGeneratedSamples.swift",
        "Transports/courier-async-http-client/Tests/CourierAsyncHTTPClientTests/ReadmeSamples.swift",
    ]

    struct Sample: CustomTestStringConvertible, Sendable {
        var line: Int
        var lines: [String]
        var file = "README.md"
        var testDescription: String { "\(file):\(line): \(lines.first { !$0.isEmpty } ?? "")" }
    }

    /// The documents whose Swift samples must compile.
    static let documents = ["README.md", "Documentation/Runtime.md", "Documentation/Generator.md"]

    /// The documents' Swift samples that must compile.
    static let samples: [Sample] = documents.flatMap { samples(in: $0) }

    static func samples(in file: String) -> [Sample] {
        guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
            return []
        }
        let lines = text.components(separatedBy: "\n")
        var samples: [Sample] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index] == "```swift" else { continue }
            let previous = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            let end = lines[(index + 1)...].firstIndex(of: "```") ?? lines.count
            if !previous.hasPrefix("<!-- not compiled:") && !previous.hasPrefix("<!-- consumer package:") {
                samples.append(Sample(line: index + 2, lines: Array(lines[(index + 1)..<end]), file: file))
            }
            index = end
        }
        return samples
    }

    @Test(arguments: documents)
    func everyDocumentHasSamples(_ file: String) {
        #expect(Self.samples(in: file).count >= (file == "README.md" ? 10 : 1))
    }

    @Test(arguments: samples)
    func sampleIsCompiledByATest(_ sample: Sample) throws {
        let imports = sample.lines.filter { $0.hasPrefix("import ") }
            .map { $0.components(separatedBy: "//")[0].trimmingCharacters(in: .whitespaces) }
        let code = sample.lines.filter { !$0.hasPrefix("import ") }
        let found = try Self.sampleFiles.contains { path in
            let url = Self.root.appendingPathComponent(path)
            let source = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            return imports.allSatisfy(source.contains) && Self.contains(source, code.drop { $0.isEmpty })
        }
        #expect(found, "Not found verbatim in \(Self.sampleFiles.joined(separator: ", "))")
    }

    /// Whether `lines` appear in `source` one after another, each behind the same indentation.
    static func contains(_ source: [String], _ lines: ArraySlice<String>) -> Bool {
        guard let first = lines.first else { return true }
        for start in source.indices where source[start].hasSuffix(first) {
            let indent = source[start].dropLast(first.count)
            guard indent.allSatisfy({ $0 == " " }), start + lines.count <= source.count else { continue }
            let matches = zip(source[start...], lines).allSatisfy { line, expected in
                expected.isEmpty ? line.trimmingCharacters(in: .whitespaces).isEmpty : line == indent + expected
            }
            if matches { return true }
        }
        return false
    }
}
