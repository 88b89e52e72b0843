import Foundation
import Testing

/// Every Swift sample in README.md, `Documentation/`, the DocC articles and the documentation
/// comments of Courier, CourierTesting and the AsyncHTTPClient transport is text that a test target compiles: found verbatim
/// (its indentation aside) in one of `sampleFiles`, with its `import` lines among that file's
/// imports. A sample that cannot compile on its own (a manifest excerpt) is preceded by
/// `<!-- not compiled: reason -->`; one that `Scripts/consumer-package.sh` builds as a file of a
/// fresh package by `<!-- consumer package: path -->`.
@Suite struct DocumentationSamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The files that hold the README's samples, each compiled by a test target.
    static let sampleFiles = [
        "Tests/CourierTests/Documentation/ReadmeSamples.swift",
        "Tests/CourierTests/Documentation/DocCSamples.swift",
        "Tests/GeneratedClientTests/ReadmeGeneratedSamples.swift",
        "Transports/courier-async-http-client/Tests/CourierAsyncHTTPClientTests/ReadmeSamples.swift",
    ]

    struct Sample: CustomTestStringConvertible, Sendable {
        var line: Int
        var lines: [String]
        var file = "README.md"
        var testDescription: String { "\(file):\(line): \(lines.first { !$0.isEmpty } ?? "")" }
    }

    /// The documents whose Swift samples must compile: Markdown pages, DocC articles, and the
    /// sources whose documentation comments hold samples.
    static let documents =
        ["README.md", "Documentation/Runtime.md", "Documentation/Generator.md"]
        + ["Sources/Courier", "Sources/CourierTesting", "Transports/courier-async-http-client/Sources"]
        .flatMap(files(under:))

    /// The documents' Swift samples that must compile.
    static let samples: [Sample] = documents.flatMap { samples(in: $0) }

    /// The DocC articles and Swift sources under a folder that hold samples, as paths from the root.
    static func files(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".md") || $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
            .filter { file in
                let text = (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
                return text.contains(file.hasSuffix(".swift") ? "/// ```swift" : "```swift")
            }
    }

    static func samples(in file: String) -> [Sample] {
        guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
            return []
        }
        var lines = text.components(separatedBy: "\n")
        if file.hasSuffix(".swift") {
            // A documentation comment's text; other lines end a sample.
            lines = lines.map { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("///") else { return "\u{0}" }
                return String(trimmed.dropFirst(trimmed.hasPrefix("/// ") ? 4 : 3))
            }
        }
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

    @Test func docCommentSamplesAreFound() {
        // The sources' samples are found at all (a change to the comment syntax would lose them).
        #expect(Self.documents.filter { $0.hasSuffix(".swift") }.count >= 20)
    }

    @Test(arguments: samples)
    func sampleIsCompiledByATest(_ sample: Sample) throws {
        let imports = sample.lines.filter { $0.hasPrefix("import ") }
            .map { $0.components(separatedBy: "//")[0].trimmingCharacters(in: .whitespaces) }
        let code = sample.lines.filter { !$0.hasPrefix("import ") }
        // A manifest is found in the README's consumer package, which `Scripts/consumer-package.sh` builds.
        if Self.consumerPackageBlocks.contains(where: { Self.contains($0, sample.lines.drop { $0.isEmpty }) }) {
            return
        }
        let found = try Self.sampleFiles.contains { path in
            let url = Self.root.appendingPathComponent(path)
            let source = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            return imports.allSatisfy(source.contains) && Self.contains(source, code.drop { $0.isEmpty })
        }
        #expect(found, "Not found verbatim in \(Self.sampleFiles.joined(separator: ", "))")
    }

    /// The README's blocks that `Scripts/consumer-package.sh` writes into a fresh package and builds.
    static let consumerPackageBlocks: [[String]] = {
        let text = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        let lines = text.components(separatedBy: "\n")
        return lines.indices.compactMap { index in
            guard lines[index].hasPrefix("<!-- consumer package:"), index + 1 < lines.count,
                lines[index + 1] == "```swift"
            else { return nil }
            let end = lines[(index + 2)...].firstIndex(of: "```") ?? lines.count
            return Array(lines[(index + 2)..<end])
        }
    }()

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
