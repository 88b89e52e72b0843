import Foundation

/// The URIs one document gives itself and its schemas, by which a `$ref` may name them instead
/// of by file and JSON pointer: OpenAPI 3.2's `$self`, and from OpenAPI 3.1 on, JSON Schema
/// 2020-12's `$id`, `$anchor` and `$dynamicAnchor`.
///
/// A `$ref` is a URI reference, resolved against the base URI where it stands: the document's
/// `$self`, else the file it was read from, then each enclosing schema's `$id` in turn. So in a
/// schema with `$id: https://example.com/schemas/pet`, `#/$defs/tag` is a pointer into that
/// schema, not into the document, and `#pet` names the schema whose `$anchor` is `pet`.
struct SchemaIdentifiers {
    /// The document's own base URI: its `$self`, resolved against its file, else its file.
    let documentBase: URL
    /// The URI the document's root answers to besides its file (its root schema's `$id`, else
    /// its `$self`), from which a relative reference to another document is mapped to a file.
    private(set) var identity: URL?
    /// Each URI (without fragment) the document or one of its schemas declares, with the
    /// pointer to the node it names; the document's file names its root.
    private(set) var resources: [String: String] = [:]
    /// Each `uri#name` of an `$anchor` or `$dynamicAnchor`, with the pointer to its schema.
    private(set) var anchors: [String: String] = [:]
    /// The URIs and `uri#name`s that two schemas declare, with the pointer of the second: a
    /// reference to one names neither for sure.
    private(set) var declaredTwice: [String: String] = [:]
    /// Whether a schema of the document has an `$id`, so that a reference's base URI depends on
    /// where it stands.
    private(set) var hasSchemaIDs = false

    /// Reads the identifiers of a document.
    /// - Parameters:
    ///   - document: The document as read.
    ///   - file: The file it was read from.
    ///   - readsSchemaIdentifiers: Whether its schemas are JSON Schema 2020-12's (OpenAPI 3.1
    ///     on), whose `$id` and anchors count; OpenAPI 3.0's schemas have neither.
    init(of document: Node, file: URL, readsSchemaIdentifiers: Bool) {
        let fileKey = Self.key(file)
        var base = file
        // `$self` belongs to an OpenAPI Object of version 3.2 or later.
        if let version = document["openapi"]?.string, Self.readsSelf(version: version),
            let text = document["$self"]?.string, let url = Self.resolve(text, against: file)
        {
            base = url
            identity = url
        }
        documentBase = base
        resources[fileKey] = "#"
        resources[Self.key(base)] = "#"
        guard readsSchemaIdentifiers else { return }
        indexSchemas(document, names: Array(Set([fileKey, Self.key(base)])).sorted())
    }

    /// Walks the document, without recursion (documents may nest deeply), recording each `$id`
    /// and anchor with the URIs of the schema resource it stands in.
    private mutating func indexSchemas(_ document: Node, names rootNames: [String]) {
        struct Pending {
            var node: Node
            /// The node's place in `steps`, from which its pointer is built when needed.
            var step: Int
            var base: URL
            /// The URIs of the schema resource the node stands in.
            var names: [String]
            /// Where the node stands: whether an `$id` of it counts.
            var place: SchemaPlace
        }
        // The way to each node visited, as its parent's step and its own token: most nodes
        // declare nothing, and need no pointer of their own.
        var steps: [(parent: Int, token: String)] = [(-1, "")]
        func pointer(_ step: Int) -> String {
            var tokens: [String] = []
            var step = step
            while step > 0 {
                tokens.append(steps[step].token)
                step = steps[step].parent
            }
            return "#" + tokens.reversed().map { "/" + JSONPointer.escape($0) }.joined()
        }
        func isContainer(_ node: Node) -> Bool { node.mapping != nil || node.sequence != nil }
        var pending = [Pending(node: document, step: 0, base: documentBase, names: rootNames, place: .anywhere)]
        while let current = pending.popLast() {
            if let items = current.node.sequence {
                for (index, item) in items.enumerated().reversed() where isContainer(item) {
                    steps.append((current.step, String(index)))
                    pending.append(
                        Pending(
                            node: item, step: steps.count - 1, base: current.base, names: current.names,
                            place: current.place.child(String(index), inList: true)))
                }
                continue
            }
            guard let mapping = current.node.mapping else { continue }
            var base = current.base
            var names = current.names
            if current.place.mayHoldSchema {
                let isRoot = current.step == 0
                if let id = mapping["$id"]?.string {
                    if id.hasPrefix("#") {
                        // JSON Schema draft 7's way of writing an anchor, which bundled
                        // descriptions converted from it still use.
                        record(anchor: String(id.dropFirst()), in: names, at: pointer(current.step))
                    } else if let url = Self.resolve(id, against: base), Self.key(url) != Self.key(base) {
                        // (An `$id` that resolves to the base it stands in, `""`, starts nothing new.)
                        base = url
                        let key = Self.key(url)
                        names = isRoot ? names + [key] : [key]
                        Self.declare(key, at: pointer(current.step), in: &resources, twice: &declaredTwice)
                        hasSchemaIDs = true
                        if isRoot { identity = url }
                    }
                }
                for keyword in ["$anchor", "$dynamicAnchor"] {
                    if let name = mapping[keyword]?.string {
                        record(anchor: name, in: names, at: pointer(current.step))
                    }
                }
            }
            // Reversed onto the stack, so that schemas are visited in document order.
            for (key, value) in mapping.entries.reversed() where isContainer(value) {
                let place = current.place.child(key)
                if place == .none { continue }
                steps.append((current.step, key))
                pending.append(Pending(node: value, step: steps.count - 1, base: base, names: names, place: place))
            }
        }
    }

    private mutating func record(anchor: String, in names: [String], at pointer: String) {
        for name in names { Self.declare(name + "#" + anchor, at: pointer, in: &anchors, twice: &declaredTwice) }
    }

    /// Records what `identifier` names, unless a schema declared it before: then it is kept as
    /// declared twice.
    private static func declare(
        _ identifier: String, at pointer: String, in declared: inout [String: String], twice: inout [String: String]
    ) {
        if let earlier = declared[identifier] {
            if earlier != pointer, twice[identifier] == nil { twice[identifier] = pointer }
        } else {
            declared[identifier] = pointer
        }
    }

    /// The base URI a `$ref` at `pointer` is resolved against: the document's, changed by the
    /// `$id` of each schema on the way from the root.
    func base(at pointer: String, in document: Node) -> URL {
        var base = documentBase
        guard hasSchemaIDs else { return base }
        var node = document
        var place = SchemaPlace.anywhere
        func enter(_ node: Node) {
            guard place.mayHoldSchema else { return }
            if let id = node.mapping?["$id"]?.string, !id.hasPrefix("#"), let url = Self.resolve(id, against: base) {
                base = url
            }
        }
        enter(node)
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = JSONPointer.unescape(String(token))
            if let next = node.mapping?[key] {
                node = next
                place = place.child(key)
            } else if let index = Int(key), let items = node.sequence, items.indices.contains(index) {
                node = items[index]
                place = place.child(key, inList: true)
            } else {
                break
            }
            enter(node)
        }
        return base
    }

    /// The file a URI names that no document read so far declares, where it is under this
    /// document's ``identity``: the same place relative to the document's own file, as
    /// descriptions are laid out where they are published (with `.yaml`, `.yml` or `.json`
    /// added to a name without one, when only such a file exists).
    func localFile(for target: URL, documentFile file: URL) -> URL? {
        guard let identity, identity.scheme == target.scheme, identity.host == target.host,
            identity.port == target.port
        else { return nil }
        let directory = identity.hasDirectoryPath ? identity.pathComponents : Array(identity.pathComponents.dropLast())
        let destination = target.pathComponents
        var common = 0
        while common < directory.count, common < destination.count, directory[common] == destination[common] {
            common += 1
        }
        let steps = Array(repeating: "..", count: directory.count - common) + destination[common...]
        guard !steps.isEmpty else { return nil }
        let candidate = URL(
            fileURLWithPath: steps.joined(separator: "/"), relativeTo: file.deletingLastPathComponent()
        ).standardizedFileURL
        if candidate.pathExtension.isEmpty, !FileManager.default.fileExists(atPath: candidate.path) {
            for suffix in ["yaml", "yml", "json"] {
                let named = candidate.appendingPathExtension(suffix)
                if FileManager.default.fileExists(atPath: named.path) { return named }
            }
        }
        return candidate
    }

    /// Whether an OpenAPI version has `$self` (3.2 and later 3.x).
    static func readsSelf(version: String) -> Bool {
        let parts = version.split(separator: ".")
        guard parts.count >= 2, parts[0] == "3", let minor = Int(parts[1]) else { return false }
        return minor >= 2
    }

    /// A URI reference resolved against a base, with `.` and `..` segments removed.
    static func resolve(_ reference: String, against base: URL) -> URL? {
        URL(string: reference, relativeTo: base)?.absoluteURL.standardized
    }

    /// A URI without its fragment, as resources are looked up by.
    static func key(_ url: URL) -> String {
        let text = url.isFileURL ? url.standardizedFileURL.absoluteString : url.absoluteString
        return text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text
    }
}
