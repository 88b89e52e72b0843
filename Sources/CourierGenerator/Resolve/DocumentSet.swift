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
    /// Each document's `$self`, `$id`s and anchors (see ``SchemaIdentifiers``).
    private var identifiers: [URL: SchemaIdentifiers] = [:]
    /// What each URI (without fragment) any document read so far declares names.
    private var resources: [String: Reference] = [:]
    /// What each `uri#name` of an `$anchor` or `$dynamicAnchor` names.
    private var anchors: [String: Reference] = [:]
    /// The URIs and `uri#name`s two schemas declare, with both.
    private var declaredTwice: [String: (Reference, Reference)] = [:]
    /// Whether a schema in any file read so far has an `$id`: rarely, so most references skip
    /// looking their file up.
    private var someSchemaHasAnID = false
    /// What each reference that needed resolving beyond a pointer resolved to.
    private var resolvedReferences: [Place: Reference] = [:]
    /// What the readers passed over in every file read so far.
    private(set) var readWarnings: [ReadWarning] = []
    /// References read otherwise than the description's version says, and why.
    private(set) var warnings: [GenerationWarning] = []
    /// Whether the description's schemas are JSON Schema 2020-12's (OpenAPI 3.1 on), in every
    /// file it refers to as well: a `$ref` counts beside other keywords (``ReferenceSiblings``),
    /// and `$id` and anchors name schemas (``SchemaIdentifiers``).
    private let readsJSONSchema: Bool

    /// Reads a description and the files it refers to as they are needed.
    /// - Parameters:
    ///   - rootFile: The description.
    ///   - displayPath: How it is named in errors.
    ///   - overlays: Changes to make to the description's own document first, in order.
    init(rootFile: URL, displayPath: String, overlays: [Overlay] = []) throws(GenerationError) {
        let file = rootFile.standardizedFileURL
        rootDirectory = file.deletingLastPathComponent()
        displayBase = (displayPath as NSString).deletingLastPathComponent
        var node: Node
        do {
            node = try DocumentReader.read(contentsOf: file, displayPath: displayPath, warnings: &readWarnings)
        } catch {
            throw GenerationError(error)
        }
        for overlay in overlays { try overlay.apply(to: &node, warnings: &readWarnings) }
        readsJSONSchema = ReferenceSiblings.applies(toVersion: node["openapi"]?.string)
        if readsJSONSchema { node = ReferenceSiblings.rewritten(node) }
        root = Located(node: node, file: file, pointer: "#")
        add(node, file: file)
    }

    /// Builds a set from an in-memory document, for tests.
    init(node: Node, file: URL, readWarnings: [ReadWarning] = []) {
        self.readWarnings = readWarnings
        rootDirectory = file.deletingLastPathComponent()
        displayBase = ""
        readsJSONSchema = ReferenceSiblings.applies(toVersion: node["openapi"]?.string)
        let node = readsJSONSchema ? ReferenceSiblings.rewritten(node) : node
        root = Located(node: node, file: file, pointer: "#")
        add(node, file: file)
    }

    func error(_ message: String, _ at: Located) -> GenerationError {
        GenerationError(message, pointer: at.pointer, location: at.node.location)
    }

    /// A parsed `$ref`.
    struct Reference: Hashable {
        var file: URL
        var pointer: String
    }

    /// Where a node's `$ref` points, as the file and JSON pointer of its target, so that two
    /// references to one schema are equal however they are written (by pointer, by `$id`, by
    /// `$anchor`); `nil` for a node without one.
    func reference(of located: Located) throws(GenerationError) -> Reference? {
        guard let ref = located.node["$ref"] else { return nil }
        guard let text = ref.string else {
            throw error("$ref must be a string.", located)
        }
        let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let written = parts.count > 1 ? String(parts[1]) : ""
        let fragment = written.removingPercentEncoding ?? written
        let isPointer = fragment.isEmpty || fragment.hasPrefix("/")
        // What nearly every description writes: a pointer into a document without `$id`s.
        if path.isEmpty, isPointer, !someSchemaHasAnID || identifiers[located.file]?.hasSchemaIDs != true {
            return Reference(file: located.file, pointer: "#" + fragment)
        }
        // The rest is resolved once for each place it stands: the passes ask again and again.
        let place = Place(file: located.file, pointer: located.pointer, reference: text)
        if let known = resolvedReferences[place] { return known }
        let resolved = try reference(text, path: path, fragment: fragment, from: located)
        resolvedReferences[place] = resolved
        return resolved
    }

    /// A `$ref` and where it stands, by which the base URI it is resolved against is known.
    private struct Place: Hashable {
        var file: URL
        var pointer: String
        var reference: String
    }

    /// Where a reference that names a URI, or a document with `$id`s, points.
    private func reference(_ text: String, path: String, fragment: String, from located: Located)
        throws(GenerationError) -> Reference
    {
        let isPointer = fragment.isEmpty || fragment.hasPrefix("/")
        let (uri, resource) = try self.resource(named: path, from: located, text: text)
        if isPointer {
            let target = Reference(file: resource.file, pointer: resource.pointer + fragment)
            if path.isEmpty, resource.pointer != "#", (try? resolve(target, from: located)) == nil,
                (try? resolve(Reference(file: located.file, pointer: "#" + fragment), from: located)) != nil
            {
                // Written the 3.0 way, for the document: so it is read, with a warning, since
                // nothing else could be meant.
                warnings.append(
                    GenerationWarning(
                        message: "The reference \(text) points to nothing within the schema at \(display(resource)), "
                            + "whose `$id` (\(uri)) JSON Schema 2020-12 resolves it against; read as a pointer into "
                            + "the document, as OpenAPI 3.0 reads it. Name the target by its `$id` or `$anchor` for "
                            + "tools that read it strictly.",
                        pointer: located.pointer, location: located.node.location))
                return Reference(file: located.file, pointer: "#" + fragment)
            }
            return target
        }
        guard readsJSONSchema else {
            throw error(
                "The reference \(text) names no JSON pointer (`#/…`); OpenAPI 3.0 schemas have no `$anchor`.",
                located)
        }
        try checkDeclaredOnce(uri + "#" + fragment, by: text, from: located)
        guard let anchor = anchors[uri + "#" + fragment] else {
            throw error("The reference \(text) points to nothing: no schema there has `$anchor: \(fragment)`.", located)
        }
        return anchor
    }

    /// The document or schema a `$ref`'s URI (without fragment) names, resolved against the base
    /// URI where the reference stands, with that URI: one a document read so far declares (its
    /// file, its `$self`, a schema's `$id`), else a file, loaded.
    private func resource(named path: String, from located: Located, text: String) throws(GenerationError) -> (
        uri: String, resource: Reference
    ) {
        let document = documents[located.file] ?? root.node
        let known = identifiers[located.file]
        let base = known?.base(at: located.pointer, in: document) ?? located.file
        let target: URL
        if path.isEmpty {
            target = base
        } else if base.isFileURL, !Self.hasScheme(path) {
            target = URL(fileURLWithPath: path, relativeTo: base.deletingLastPathComponent()).standardizedFileURL
        } else if let url = SchemaIdentifiers.resolve(path, against: base) {
            target = url
        } else {
            throw error("The reference \(text) is not a URI reference.", located)
        }
        let uri = SchemaIdentifiers.key(target)
        try checkDeclaredOnce(uri, by: text, from: located)
        if let found = resources[uri] { return (uri, found) }
        let file: URL
        if let mapped = known?.localFile(for: target, documentFile: located.file) {
            file = mapped
        } else if target.isFileURL {
            file = URL(fileURLWithPath: target.path).standardizedFileURL
        } else if readsJSONSchema {
            let resolved =
                path == uri ? "" : ", resolved against the base URI where it stands (\(base.absoluteString)),"
            throw error(
                "Remote references (\(text)) are not fetched, and no document or schema read so far declares "
                    + "\(uri)\(resolved) as its `$self` or `$id`; download the file and refer to it by path.", located)
        } else {
            throw error(
                "Remote references (\(text)) are not supported; download the file and refer to it by path.", located)
        }
        _ = try load(file, from: located)
        return (uri, resources[uri] ?? Reference(file: file, pointer: "#"))
    }

    /// Throws when two schemas declare the `$id` or anchor a reference names.
    private func checkDeclaredOnce(_ identifier: String, by text: String, from located: Located) throws(GenerationError)
    {
        guard let (first, second) = declaredTwice[identifier] else { return }
        throw error(
            "The reference \(text) names two schemas: \(display(first)) and \(display(second)) both declare \(identifier).",
            located)
    }

    /// Whether a reference starts with a URI scheme (`https:`, `urn:`), not a path.
    static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":"), let first = reference.first, first.isASCII, first.isLetter
        else { return false }
        return reference[..<colon].allSatisfy {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".")
        }
    }

    /// The node a reference points to.
    func resolve(_ reference: Reference, from: Located) throws(GenerationError) -> Located {
        let document = try load(reference.file, from: from)
        var current = Located(node: document, file: reference.file, pointer: "#")
        let tokens = reference.pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        // `file.yaml#/` names the key "" by JSON Pointer's rules, but descriptions that split a
        // path item into a file of its own write it for the whole file, as JSON Schema's
        // resolvers (Python's jsonschema among them) read it: so it is, where there is no such key.
        if tokens.count == 1, tokens.first == "", current.child("") == nil { return try notWholeDescription(current) }
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
        return try notWholeDescription(current)

        /// A reference names one object of a description (a schema, a path item), never a
        /// whole description, which would be read as one of them.
        func notWholeDescription(_ target: Located) throws(GenerationError) -> Located {
            guard target.pointer == "#", target.node["openapi"] != nil else { return target }
            throw error(
                "The reference \(display(reference)) names a whole OpenAPI description, not one of its objects.", from)
        }
    }

    /// The references within the root document (`#/…`) that point to nothing, in the order they
    /// stand, each with the node that holds it. Data (``SchemaKeywords/data``: `example`,
    /// `default`, an Example Object's `value`, …) and extensions (`x-…`) are not searched: a
    /// `$ref` there is a value.
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
                !key.hasPrefix("x-") && !SchemaKeywords.data.contains(key)
            }.map(\.1)
        }
        return dangling
    }

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
            if readsJSONSchema { document = ReferenceSiblings.rewritten(document) }
            add(document, file: file)
            return document
        } catch {
            throw GenerationError(error)
        }
    }

    /// Keeps a document read, with the URIs it declares.
    private func add(_ document: Node, file: URL) {
        documents[file] = document
        let declared = SchemaIdentifiers(of: document, file: file, readsSchemaIdentifiers: readsJSONSchema)
        identifiers[file] = declared
        someSchemaHasAnID = someSchemaHasAnID || declared.hasSchemaIDs
        func merge(_ identifier: String, _ pointer: String, into known: inout [String: Reference]) {
            let reference = Reference(file: file, pointer: pointer)
            if let earlier = known[identifier] {
                if earlier != reference, declaredTwice[identifier] == nil {
                    declaredTwice[identifier] = (earlier, reference)
                }
            } else {
                known[identifier] = reference
            }
        }
        for (uri, pointer) in declared.resources { merge(uri, pointer, into: &resources) }
        for (name, pointer) in declared.anchors { merge(name, pointer, into: &anchors) }
        for (identifier, pointer) in declared.declaredTwice where declaredTwice[identifier] == nil {
            let first = declared.resources[identifier] ?? declared.anchors[identifier] ?? "#"
            declaredTwice[identifier] = (Reference(file: file, pointer: first), Reference(file: file, pointer: pointer))
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
