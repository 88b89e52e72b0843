/// Which schemas of `components/schemas` extend which through `allOf`: the schemas a reference
/// to a parent with a `discriminator` may hold (OpenAPI's polymorphism).
///
/// Only schemas that add to the parent count (another `allOf` part, or properties of their own):
/// one that only names or annotates the parent (`allOf: [$ref: Pet]`) is the parent itself, and
/// listing it would make the parent's union hold itself.
struct SchemaInheritance {
    /// For each schema, in the description's order, the schemas whose `allOf` refers to it directly.
    private var extendedBy: [DocumentSet.Reference: [DocumentSet.Reference]] = [:]

    /// Notes that a schema extends the schemas its `allOf` refers to directly.
    mutating func record(_ child: DocumentSet.Reference, extends parents: [DocumentSet.Reference]) {
        for parent in parents where parent != child && !(extendedBy[parent]?.contains(child) ?? false) {
            extendedBy[parent, default: []].append(child)
        }
    }

    /// The schemas that extend a schema, directly or through others, nearest first.
    func descendants(of reference: DocumentSet.Reference) -> [DocumentSet.Reference] {
        var found: [DocumentSet.Reference] = []
        var seen: Set<DocumentSet.Reference> = [reference]
        var next = 0
        var queue = [reference]
        while next < queue.count {
            let current = queue[next]
            next += 1
            for child in extendedBy[current] ?? [] where seen.insert(child).inserted {
                found.append(child)
                queue.append(child)
            }
        }
        return found
    }
}
