package import Foundation

/// Reads an API description from JSON or YAML.
package enum DocumentReader {
    /// Reads a file, choosing JSON or YAML by its extension (or, without one, by its content).
    /// - Parameters:
    ///   - url: The file.
    ///   - displayPath: The path to print in errors; by default the file's path.
    /// - Returns: The root node.
    /// - Throws: ``ReadError`` with the file position of the problem.
    package static func read(contentsOf url: URL, displayPath: String? = nil) throws(ReadError) -> Node {
        var warnings: [ReadWarning] = []
        return try read(contentsOf: url, displayPath: displayPath, warnings: &warnings)
    }

    /// Reads a file as ``read(contentsOf:displayPath:)`` does, adding what the reader passed
    /// over (a YAML tag it does not apply) to `warnings`.
    package static func read(contentsOf url: URL, displayPath: String? = nil, warnings: inout [ReadWarning])
        throws(ReadError) -> Node
    {
        let path = displayPath ?? url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ReadError(
                "The file cannot be read: \(error.localizedDescription)",
                at: SourceLocation(file: path, line: 1, column: 1))
        }
        return try read([UInt8](data), file: path, format: Format(path: url.path), warnings: &warnings)
    }

    /// The syntax of a document.
    package enum Format: Sendable {
        /// JSON (RFC 8259).
        case json
        /// YAML 1.2.
        case yaml
        /// Decide from the first character: `{` or `[` means JSON.
        case detect

        init(path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "json": self = .json
            case "yaml", "yml": self = .yaml
            default: self = .detect
            }
        }
    }

    /// Reads a document from bytes.
    /// - Parameters:
    ///   - bytes: The document's UTF-8 bytes.
    ///   - file: The path to print in errors.
    ///   - format: The syntax.
    /// - Returns: The root node.
    /// - Throws: ``ReadError`` with the position of the problem.
    package static func read(_ bytes: [UInt8], file: String, format: Format = .detect) throws(ReadError) -> Node {
        var warnings: [ReadWarning] = []
        return try read(bytes, file: file, format: format, warnings: &warnings)
    }

    /// Reads a document from bytes as ``read(_:file:format:)`` does, adding what the reader
    /// passed over to `warnings`.
    package static func read(_ bytes: [UInt8], file: String, format: Format = .detect, warnings: inout [ReadWarning])
        throws(ReadError) -> Node
    {
        guard bytes.count <= SourceLocation.Source.maximumSize else {
            throw ReadError(
                "The file is larger than 4 GiB, more than a description can be.",
                at: SourceLocation(file: file, line: 1, column: 1))
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw ReadError("The file is not valid UTF-8.", at: SourceLocation(file: file, line: 1, column: 1))
        }
        var format = format
        if format == .detect {
            let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            format = first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .yaml
        }
        // The readers recurse once per level of nesting.
        let (node, passedOver) = try StackGuard.withDeepStack { () throws(ReadError) in
            var passedOver: [ReadWarning] = []
            let node =
                format == .json
                ? try JSONReader.read(bytes, file: file) : try YAMLReader.read(bytes, file: file, warnings: &passedOver)
            return (node, passedOver)
        }
        warnings += passedOver
        return node
    }
}

extension Node {
    /// The node as plain JSON text with sorted keys, for tests and debugging.
    package var canonicalJSON: String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .double(let number):
            if number.isNaN { return "\"NaN\"" }
            if number.isInfinite { return number > 0 ? "\"Infinity\"" : "\"-Infinity\"" }
            if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
            return String(number)
        case .largeInteger(let text): return text
        case .string(let text):
            return doubleQuoted(text) { $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : nil }
        case .sequence(let items): return "[" + items.map(\.canonicalJSON).joined(separator: ",") + "]"
        case .mapping(let mapping):
            let pairs = mapping.entries.sorted { $0.0 < $1.0 }
            return "{"
                + pairs.map { Node(.string($0.0), at: $0.1.location).canonicalJSON + ":" + $0.1.canonicalJSON }
                .joined(separator: ",") + "}"
        }
    }
}
