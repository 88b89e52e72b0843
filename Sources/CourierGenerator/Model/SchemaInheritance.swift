/// Which schemas of `components/schemas` extend which through `allOf`: the schemas a reference
/// to a parent with a `discriminator` may hold (OpenAPI's polymorphism).
///
/// Only schemas that add to the parent count (another `allOf` part, or properties of their own):
/// one that only names or annotates the parent (`allOf: [$ref: Pet]`) is the parent itself, and
/// listing it would make the parent's union hold itself. The schemas that extend such a name
/// extend the parent, though (`Lizard: allOf: [$ref: Reptile, …]` where `Reptile` only names `Pet`).
struct SchemaInheritance {
    /// For each schema, in the description's order, the schemas whose `allOf` refers to it directly.
    private var extendedBy: [DocumentSet.Reference: [DocumentSet.Reference]] = [:]
    /// The schemas that add to what their `allOf` parts describe.
    private var extending: Set<DocumentSet.Reference> = []

    /// Notes that a schema's `allOf` refers to other schemas directly.
    /// - Parameters:
    ///   - child: The schema.
    ///   - parents: The schemas its `allOf` refers to.
    ///   - addsToThem: Whether it adds to them, or only names or annotates one.
    mutating func record(_ child: DocumentSet.Reference, extends parents: [DocumentSet.Reference], addsToThem: Bool) {
        if addsToThem { extending.insert(child) }
        for parent in parents where parent != child && !(extendedBy[parent]?.contains(child) ?? false) {
            extendedBy[parent, default: []].append(child)
        }
    }

    /// A schema reached from a parent through `allOf`.
    struct Descendant: Equatable {
        /// Where it is.
        var reference: DocumentSet.Reference
        /// The schema whose case holds its values: itself when it adds to its parts; else (it
        /// only names one) that of the schema it names, the parent's own for a name of the parent.
        var caseOf: DocumentSet.Reference
        /// Whether it adds to its parts, and so is a case of its own.
        var isExtension: Bool { caseOf == reference }
    }

    /// The schemas that extend a schema or name it, directly or through others, nearest first.
    func descendants(of root: DocumentSet.Reference) -> [Descendant] {
        var found: [Descendant] = []
        var seen: Set<DocumentSet.Reference> = [root]
        var next = 0
        var queue: [(reference: DocumentSet.Reference, caseOf: DocumentSet.Reference)] = [(root, root)]
        while next < queue.count {
            let current = queue[next]
            next += 1
            for child in extendedBy[current.reference] ?? [] where seen.insert(child).inserted {
                let descendant = Descendant(
                    reference: child, caseOf: extending.contains(child) ? child : current.caseOf)
                found.append(descendant)
                queue.append((child, descendant.caseOf))
            }
        }
        return found
    }

    /// Where the schemas that extend a schema or name it are, directly or through others.
    func descendantReferences(of root: DocumentSet.Reference) -> Set<DocumentSet.Reference> {
        Set(descendants(of: root).map(\.reference))
    }
}
