package import Foundation

/// An OpenAPI Overlay (1.0 or 1.1): changes to make to a description before generating from it,
/// kept apart from the description so that a newer copy of it can be dropped in and the same
/// changes made again.
///
/// ```yaml
/// overlay: 1.0.0
/// info: {title: Superset's fixes, version: 1.0.0}
/// actions:
///   - target: $.components.schemas['ChartRestApi.get_list'].properties.dashboards
///     remove: true
///   - target: $.components.schemas['ChartRestApi.get_list'].properties
///     update:
///       dashboards: {type: array, items: {$ref: '#/components/schemas/ChartRestApi.get_list.Dashboard'}}
/// ```
///
/// Each action's `target` is a JSONPath query (``JSONPath``) run against the description as the
/// earlier actions left it. `remove: true` removes every node it selects; else `update` is merged
/// into each (an object's members recursively: a member only in the update is added, a scalar
/// replaces a scalar, a list is appended to a list, an object merged with an object), or appended
/// to a selected list; `copy` (1.1) merges the one node its query selects in the same way. A
/// target that selects nothing is a warning, since it often means the description was fixed.
package struct Overlay: Sendable {
    /// One change.
    struct Action: Sendable {
        var target: JSONPath
        var remove: Bool
        var update: Node?
        var copy: JSONPath?
        /// Where the action is, for errors and warnings.
        var location: SourceLocation
        var pointer: String
    }

    /// The overlay's title, from `info`.
    package var title: String
    var actions: [Action]

    /// Reads an overlay document.
    /// - Parameter node: The document, as read from JSON or YAML.
    /// - Throws: ``GenerationError`` naming what is missing or wrong, and where.
    package init(_ node: Node) throws(GenerationError) {
        func fail(_ message: String, _ pointer: String, _ at: Node) -> GenerationError {
            GenerationError(message, pointer: pointer, location: at.location)
        }
        guard node.mapping != nil else {
            throw fail("An overlay is a mapping with `overlay`, `info` and `actions`.", "#", node)
        }
        guard let version = node["overlay"]?.string else {
            throw fail("An overlay names its version: `overlay: 1.0.0`.", "#", node)
        }
        guard version.hasPrefix("1.0.") || version.hasPrefix("1.1.") else {
            throw fail(
                "Overlay \(version) is not one Courier reads: it reads versions 1.0 and 1.1.", "#/overlay",
                node["overlay"]!)
        }
        guard let info = node["info"], let title = info["title"]?.string, info["version"]?.string != nil else {
            throw fail("An overlay's `info` needs a `title` and a `version`.", "#/info", node["info"] ?? node)
        }
        guard let list = node["actions"]?.sequence, !list.isEmpty else {
            throw fail("An overlay needs a list of `actions`, at least one.", "#/actions", node["actions"] ?? node)
        }
        self.title = title
        actions = []
        for (index, action) in list.enumerated() {
            let pointer = "#/actions/\(index)"
            guard action.mapping != nil else {
                throw fail("An action is a mapping with a `target`.", pointer, action)
            }
            func path(_ key: String) throws(GenerationError) -> JSONPath? {
                guard let text = action[key] else { return nil }
                guard let string = text.string else {
                    throw fail(
                        "An action's `\(key)` is a JSONPath query, such as `$.paths`.", "\(pointer)/\(key)", text)
                }
                do {
                    return try JSONPath(string)
                } catch {
                    throw fail("The \(key) `\(string)` is not a JSONPath query: \(error)", "\(pointer)/\(key)", text)
                }
            }
            guard let target = try path("target") else { throw fail("An action needs a `target`.", pointer, action) }
            let remove = action["remove"]
            if let remove, remove.bool == nil {
                throw fail("An action's `remove` is `true` or `false`.", "\(pointer)/remove", remove)
            }
            let copy = try path("copy")
            if copy != nil, version.hasPrefix("1.0.") {
                throw fail("`copy` is Overlay 1.1's: say `overlay: 1.1.0`.", "\(pointer)/copy", action["copy"]!)
            }
            if remove?.bool != true, action["update"] == nil, copy == nil {
                throw fail("An action needs `update`, `copy` or `remove: true`.", pointer, action)
            }
            if action["update"] != nil, copy != nil {
                throw fail("An action has `update` or `copy`, not both.", pointer, action)
            }
            actions.append(
                Action(
                    target: target, remove: remove?.bool ?? false, update: action["update"], copy: copy,
                    location: action.location, pointer: pointer))
        }
    }

    /// Reads an overlay file (JSON or YAML).
    /// - Parameters:
    ///   - url: The file.
    ///   - displayPath: How the file is named in errors.
    /// - Throws: ``GenerationError`` for a file that cannot be read or is no overlay.
    package init(contentsOf url: URL, displayPath: String) throws(GenerationError) {
        let node: Node
        do {
            node = try DocumentReader.read(contentsOf: url, displayPath: displayPath)
        } catch {
            throw GenerationError(error)
        }
        try self.init(node)
    }

    /// Makes the overlay's changes to a description.
    /// - Parameters:
    ///   - document: The description's root.
    ///   - warnings: Where an action that selects nothing is reported.
    /// - Throws: ``GenerationError`` at the action that cannot be applied: an update that does
    ///   not fit what it targets, a `copy` that selects other than one node, removing the root.
    package func apply(to document: inout Node, warnings: inout [ReadWarning]) throws(GenerationError) {
        // Queries, merges and changes recurse once per level of the description (512 at most).
        try StackGuard.withDeepStack { () throws(GenerationError) in
            try applyActions(to: &document, warnings: &warnings)
        }
    }

    private func applyActions(to document: inout Node, warnings: inout [ReadWarning]) throws(GenerationError) {
        for action in actions {
            var seen: Set<[JSONPath.Step]> = []
            let paths = action.target.select(in: document).filter { seen.insert($0).inserted }
            if paths.isEmpty {
                warnings.append(
                    ReadWarning(
                        message: "The overlay \"\(title)\"'s action \(action.pointer) selects nothing: "
                            + "\(action.target.text).",
                        location: action.location))
                continue
            }
            if action.remove {
                // Deepest and last first, so that removing one does not move another.
                for path in paths.sorted(by: Self.precedes).reversed() {
                    guard !path.isEmpty else {
                        throw GenerationError(
                            "An overlay cannot remove the whole description.", pointer: action.pointer,
                            location: action.location)
                    }
                    Self.remove(path, from: &document)
                }
                continue
            }
            let update: Node
            if let copy = action.copy {
                let sources = copy.select(in: document)
                guard sources.count == 1 else {
                    throw GenerationError(
                        "An action's `copy` must select one node; \(copy.text) selects \(sources.count).",
                        pointer: action.pointer + "/copy", location: action.location)
                }
                update = document.descendant(at: sources[0])!
            } else {
                update = action.update!
            }
            for path in paths {
                try Self.modify(path, in: &document) { (target) throws(GenerationError) in
                    switch target.value {
                    case .mapping:
                        guard update.mapping != nil else {
                            throw GenerationError(
                                "The action updates an object (\(Self.display(path))) with \(update.kindName): "
                                    + "an object's update is an object of the members to merge.",
                                pointer: action.pointer, location: action.location)
                        }
                        try Self.merge(update, into: &target, at: path, action: action)
                    case .sequence(var items):
                        items.append(update)
                        target.value = .sequence(items)
                    default:
                        throw GenerationError(
                            "The action's target \(Self.display(path)) is \(target.kindName); to change it, target "
                                + "the object that holds it and update that member.",
                            pointer: action.pointer, location: action.location)
                    }
                }
            }
        }
    }

    /// Overlay 1.1's merge: members only in the update are added; a scalar replaces a scalar,
    /// a list is appended to a list, an object is merged into an object; anything else does not fit.
    private static func merge(_ update: Node, into target: inout Node, at path: [JSONPath.Step], action: Action)
        throws(GenerationError)
    {
        guard var mapping = target.mapping, let members = update.mapping else { return }
        for (key, value) in members.entries {
            guard var existing = mapping[key] else {
                mapping.set(key, value)
                continue
            }
            switch (existing.value, value.value) {
            case (.mapping, .mapping):
                try merge(value, into: &existing, at: path + [.key(key)], action: action)
            case (.sequence(let items), .sequence(let more)):
                existing.value = .sequence(items + more)
            case (.mapping, _), (.sequence, _), (_, .mapping), (_, .sequence):
                throw GenerationError(
                    "The action's update gives \(display(path + [.key(key)])) \(value.kindName) where the "
                        + "description has \(existing.kindName); remove it first in an action of its own.",
                    pointer: action.pointer, location: action.copy == nil ? value.location : action.location)
            default:
                existing = value
            }
            mapping.set(key, existing)
        }
        target.value = .mapping(mapping)
    }

    /// `$['components']['schemas']['Pet']`, a node's normalized path.
    static func display(_ path: [JSONPath.Step]) -> String {
        "$" + path.map(\.description).joined()
    }

    /// A total order of paths in which an ancestor comes before its descendants and an item
    /// before the later items of its list.
    private static func precedes(_ a: [JSONPath.Step], _ b: [JSONPath.Step]) -> Bool {
        for (x, y) in zip(a, b) where x != y {
            switch (x, y) {
            case (.index(let i), .index(let j)): return i < j
            case (.key(let k), .key(let l)): return k < l
            case (.key, .index): return true
            case (.index, .key): return false
            }
        }
        return a.count < b.count
    }

    private static func modify(
        _ path: [JSONPath.Step], in node: inout Node, _ change: (inout Node) throws(GenerationError) -> Void
    ) throws(GenerationError) {
        guard let step = path.first else { return try change(&node) }
        let rest = Array(path.dropFirst())
        switch (step, node.value) {
        case (.key(let key), .mapping(var mapping)):
            guard var child = mapping[key] else { return }
            // Let go of the mapping's storage, and of the child's, so that each is changed in
            // place rather than copied at every level.
            node.value = .null
            mapping.set(key, Node(.null, at: child.location))
            defer {
                mapping.set(key, child)
                node.value = .mapping(mapping)
            }
            try modify(rest, in: &child, change)
        case (.index(let index), .sequence(var items)) where items.indices.contains(index):
            node.value = .null
            defer { node.value = .sequence(items) }
            try modify(rest, in: &items[index], change)
        default:
            return
        }
    }

    private static func remove(_ path: [JSONPath.Step], from document: inout Node) {
        let parent = Array(path.dropLast())
        try? modify(parent, in: &document) { holder in
            switch (path.last!, holder.value) {
            case (.key(let key), .mapping(var mapping)):
                mapping.remove(key)
                holder.value = .mapping(mapping)
            case (.index(let index), .sequence(var items)) where items.indices.contains(index):
                items.remove(at: index)
                holder.value = .sequence(items)
            default:
                break
            }
        }
    }
}
