/// The declarations of a run by name, and what a type names once its aliases are followed:
/// the model-stage passes that run after every type is known look types up through it.
struct DeclarationIndex {
    private var byName: [String: Declaration] = [:]

    init(_ declarations: [PlacedDeclaration]) {
        for placed in declarations { byName[placed.declaration.name] = placed.declaration }
    }

    /// The declaration named `name`, as declared (an alias stays an alias).
    subscript(name: String) -> Declaration? { byName[name] }

    /// The type with its aliases followed: `.named` of the declaration it ends at, or the
    /// builtin or collection an alias stands for. A recursive alias is a struct of its own, so
    /// it ends there.
    func resolved(_ type: SwiftType) -> SwiftType {
        var type = type
        var hops = 0
        while case .named(let name) = type, case .alias(let alias)? = byName[name], !alias.isRecursive, hops < 64 {
            type = alias.target
            hops += 1
        }
        return type
    }

    /// The type with its aliases followed inside arrays, dictionaries and optionals too:
    /// `[String: Link]` where `Link` is a URL is `[String: Foundation.URL]`. How a value is
    /// coded depends on what it is, not on the name it is given.
    func resolvedThroughout(_ type: SwiftType, depth: Int = 0) -> SwiftType {
        guard depth < 64 else { return type }
        switch resolved(type) {
        case .array(let element): return .array(resolvedThroughout(element, depth: depth + 1))
        case .dictionary(let value): return .dictionary(resolvedThroughout(value, depth: depth + 1))
        case .optional(let wrapped): return .optional(resolvedThroughout(wrapped, depth: depth + 1))
        case let other: return other
        }
    }

    /// The declaration a type names, with its aliases followed.
    func declaration(of type: SwiftType) -> Declaration? {
        guard case .named(let name) = resolved(type) else { return nil }
        return byName[name]
    }
}
