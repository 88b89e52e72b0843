import Foundation

/// The root spec and every file it references, loaded once each, with `$ref` resolution.
final class DocumentSet {
    /// A node together with the file it belongs to and its JSON pointer.
    struct Located {
        var node: Node
        var file: URL
        var pointer: String

        func child(_ key: String) -> Located? {
            node[key].map { Located(node: $0, file: file, pointer: pointer + "/" + JSONPointer.escape(key)) }
        }

        func item(_ index: Int) -> Located? {
            guard let items = node.sequence, index < items.count else { return nil }
            return Located(node: items[index], file: file, pointer: pointer + "/\(index)")
        }

        /// The entries of a mapping child, located.
        /// The entries of this node itself, when it is a mapping.
        var ownEntries: [(String, Located)] {
            guard let mapping = node.mapping else { return [] }
            return mapping.entries.map {
                ($0.0, Located(node: $0.1, file: file, pointer: pointer + "/" + JSONPointer.escape($0.0)))
            }
        }

        func entries(_ key: String) -> [(String, Located)] {
            guard let child = child(key), let mapping = child.node.mapping else { return [] }
            return mapping.entries.map {
                ($0.0, Located(node: $0.1, file: file, pointer: child.pointer + "/" + JSONPointer.escape($0.0)))
            }
        }

        /// The items of a sequence child, located.
        func items(_ key: String) -> [Located] {
            guard let child = child(key), let items = child.node.sequence else { return [] }
            return items.indices.map { Located(node: items[$0], file: file, pointer: child.pointer + "/\($0)") }
        }
    }

    let root: Located
    let rootDirectory: URL
    private let displayBase: String
    private var documents: [URL: Node] = [:]
    /// What the readers passed over in every file read so far.
    private(set) var readWarnings: [ReadWarning] = []
    /// Whether the description's version reads a schema's `$ref` beside its other keywords
    /// (OpenAPI 3.1 on, ``ReferenceSiblings``), in every file it refers to as well.
    private let readsReferenceSiblings: Bool

    init(rootFile: URL, displayPath: String) throws(ReadError) {
        let file = rootFile.standardizedFileURL
        rootDirectory = file.deletingLastPathComponent()
        displayBase = (displayPath as NSString).deletingLastPathComponent
        var node = try DocumentReader.read(contentsOf: file, displayPath: displayPath, warnings: &readWarnings)
        readsReferenceSiblings = ReferenceSiblings.applies(toVersion: node["openapi"]?.string)
        if readsReferenceSiblings { node = ReferenceSiblings.rewritten(node) }
        documents[file] = node
        root = Located(node: node, file: file, pointer: "#")
    }

    /// Builds a set from an in-memory document, for tests.
    init(node: Node, file: URL, readWarnings: [ReadWarning] = []) {
        self.readWarnings = readWarnings
        rootDirectory = file.deletingLastPathComponent()
        displayBase = ""
        readsReferenceSiblings = ReferenceSiblings.applies(toVersion: node["openapi"]?.string)
        let node = readsReferenceSiblings ? ReferenceSiblings.rewritten(node) : node
        documents[file] = node
        root = Located(node: node, file: file, pointer: "#")
    }

    func error(_ message: String, _ at: Located) -> GenerationError {
        GenerationError(message, pointer: at.pointer, location: at.node.location)
    }

    /// A parsed `$ref`.
    struct Reference: Hashable {
        var file: URL
        var pointer: String
    }

    func reference(of located: Located) throws(GenerationError) -> Reference? {
        guard let ref = located.node["$ref"] else { return nil }
        guard let text = ref.string else {
            throw error("$ref must be a string.", located)
        }
        let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        let file: URL
        if path.isEmpty {
            file = located.file
        } else if path.hasPrefix("http://") || path.hasPrefix("https://") {
            throw error(
                "Remote references (\(text)) are not supported; download the file and refer to it by path.", located)
        } else {
            file = URL(fileURLWithPath: path, relativeTo: located.file.deletingLastPathComponent()).standardizedFileURL
        }
        return Reference(file: file, pointer: "#" + (fragment.removingPercentEncoding ?? fragment))
    }

    /// The node a reference points to.
    func resolve(_ reference: Reference, from: Located) throws(GenerationError) -> Located {
        let document = try load(reference.file, from: from)
        var current = Located(node: document, file: reference.file, pointer: "#")
        let tokens = reference.pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        // `file.yaml#/` names the key "" by JSON Pointer's rules, but descriptions that split a
        // path item into a file of its own write it for the whole file, as JSON Schema's
        // resolvers (Python's jsonschema among them) read it: so it is, where there is no such key.
        if tokens.count == 1, tokens.first == "", current.child("") == nil { return current }
        for token in tokens {
            let key = JSONPointer.unescape(String(token))
            if let next = current.child(key) {
                current = next
            } else if let index = Int(key), let next = current.item(index) {
                current = next
            } else {
                throw error("The reference \(display(reference)) points to nothing: there is no \"\(key)\".", from)
            }
        }
        return current
    }

    /// The references within the root document (`#/…`) that point to nothing, in the order they
    /// stand, each with the node that holds it. Literal values (`example`, `examples`,
    /// `default`, `enum`, `const`) and extensions (`x-…`) are not searched: a `$ref` there is data.
    func danglingLocalReferences() -> [(holder: Located, reference: String)] {
        var dangling: [(holder: Located, reference: String)] = []
        // Depth first, in document order, without recursion: a document may nest deeply.
        var pending = [root]
        while let located = pending.popLast() {
            if let text = located.node["$ref"]?.string, text.hasPrefix("#/"),
                let reference = try? reference(of: located), (try? resolve(reference, from: located)) == nil
            {
                dangling.append((located, text))
            }
            if let items = located.node.sequence {
                pending += items.indices.reversed().map {
                    Located(node: items[$0], file: located.file, pointer: located.pointer + "/\($0)")
                }
            }
            pending += located.ownEntries.reversed().filter { key, _ in
                !key.hasPrefix("x-") && !Self.literalKeys.contains(key)
            }.map(\.1)
        }
        return dangling
    }

    /// The keys whose values are data, never references.
    private static let literalKeys: Set<String> = ["example", "examples", "default", "enum", "const"]

    /// Follows `$ref` until a node without one (for parameters, responses, bodies, headers).
    func dereference(_ located: Located) throws(GenerationError) -> Located {
        var current = located
        var seen: Set<Reference> = []
        while let reference = try reference(of: current) {
            guard seen.insert(reference).inserted else {
                throw error("The reference \(display(reference)) is a cycle.", located)
            }
            current = try resolve(reference, from: current)
        }
        return current
    }

    func display(_ reference: Reference) -> String {
        let file = reference.file == root.file ? "" : relativePath(reference.file)
        return file + reference.pointer
    }

    func relativePath(_ file: URL) -> String {
        let base = rootDirectory.path.hasSuffix("/") ? rootDirectory.path : rootDirectory.path + "/"
        return file.path.hasPrefix(base) ? String(file.path.dropFirst(base.count)) : file.path
    }

    private func load(_ file: URL, from: Located) throws(GenerationError) -> Node {
        if let document = documents[file] { return document }
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw error("The referenced file \(relativePath(file)) does not exist.", from)
        }
        do {
            let display = displayBase.isEmpty ? relativePath(file) : displayBase + "/" + relativePath(file)
            var document = try DocumentReader.read(contentsOf: file, displayPath: display, warnings: &readWarnings)
            if readsReferenceSiblings { document = ReferenceSiblings.rewritten(document) }
            documents[file] = document
            return document
        } catch {
            throw GenerationError(error)
        }
    }
}

/// RFC 6901 JSON pointer escaping.
enum JSONPointer {
    static func escape(_ token: String) -> String {
        // Most keys have neither: Foundation's search is the slow part of locating each node.
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    static func unescape(_ token: String) -> String {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return token }
        return token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
}
