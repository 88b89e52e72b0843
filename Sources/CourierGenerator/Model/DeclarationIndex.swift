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

    /// The declaration a type names, with its aliases followed.
    func declaration(of type: SwiftType) -> Declaration? {
        guard case .named(let name) = resolved(type) else { return nil }
        return byName[name]
    }
}
