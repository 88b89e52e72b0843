/// Makes identical inline types one type.
///
/// Real descriptions repeat the same inline schema many times: Stripe's request bodies repeat an
/// address, `{"requested": boolean}`, the empty string that clears a field, the `"list"` object
/// marker, hundreds of times each. Each inline declaration whose shape (everything but its name
/// and its own documentation) equals another's becomes a `typealias` of that one. Every name the
/// generator gave stays, so callers' code reads the same, and the compiler builds, type-checks
/// and emits one type where it built hundreds: two thirds of Stripe's 4,539 types are aliases.
///
/// Only inline types share (named after where their schema appears); a type the description
/// names in `components/schemas` stays a type of its own. Error bodies share only with error
/// bodies: they gain a `ServerErrorBody` conformance (on the type that stays), and their
/// `message` may be adjusted for it.
enum InlineTypeSharing {
    /// The declarations, each inline duplicate replaced by an alias of the type it repeats.
    ///
    /// Shapes compare the types of members after sharing, so two structs whose properties are
    /// different but identical inline enums become one too; sharing repeats until nothing changes.
    /// The type that stays is the one with the shortest name (then the first in alphabetical
    /// order), so the result does not depend on the order of the description's paths.
    static func share(_ declarations: [PlacedDeclaration], errorBodies: Set<String>) -> [PlacedDeclaration] {
        var sharedAs: [String: String] = [:]
        func resolved(_ name: String) -> String {
            var name = name
            while let next = sharedAs[name] { name = next }
            return name
        }
        while true {
            var groups: [String: [String]] = [:]
            for placed in declarations where placed.isInline {
                let name = placed.declaration.name
                guard sharedAs[name] == nil, let shape = shape(of: placed.declaration, resolving: resolved) else {
                    continue
                }
                groups[(errorBodies.contains(name) ? "error body" : "") + shape, default: []].append(name)
            }
            var changed = false
            for names in groups.values where names.count > 1 {
                let keeper = names.min { ($0.count, $0) < ($1.count, $1) }!
                for name in names where name != keeper {
                    sharedAs[name] = keeper
                    changed = true
                }
            }
            if !changed { break }
        }
        guard !sharedAs.isEmpty else { return declarations }
        return declarations.map { placed in
            let name = placed.declaration.name
            guard sharedAs[name] != nil else { return placed }
            var placed = placed
            placed.declaration = .alias(
                AliasModel(
                    name: name, documentation: placed.declaration.documentation, target: .named(resolved(name))))
            return placed
        }
    }

    /// A text that two declarations share exactly when they would generate the same type under
    /// different names; `nil` for the kinds that never share.
    private static func shape(of declaration: Declaration, resolving resolved: (String) -> String) -> String? {
        func code(_ type: SwiftType?) -> String {
            switch type {
            case nil: ""
            case .named(let name): resolved(name)
            case .builtin(let name): name
            case .array(let element): "[" + code(element) + "]"
            case .dictionary(let value): "[:" + code(value) + "]"
            case .optional(let wrapped): code(wrapped) + "?"
            }
        }
        let separator = "\u{1F}"
        switch declaration {
        case .structure(let model):
            var fields = [
                "struct", "\(model.isDeprecated)", code(model.additionalProperties),
                "\(model.undeclaredKeysAreDescribed)", "\(model.allowsUndeclaredKeys)",
            ]
            for property in model.properties {
                fields += [
                    property.jsonName, property.swiftName, code(property.type), "\(property.isOptional)",
                    "\(property.isRequired)", "\(property.encodesNull)", property.constant?.jsonLiteral ?? "",
                    property.defaultNode.map { "\($0.value)" } ?? "",
                    "\(property.isDeprecated)", "\(property.isBoxed)",
                    property.documentation ?? "",
                ]
            }
            for variant in model.variants { fields += [variant.swiftName, code(variant.type), variant.keyword] }
            return fields.joined(separator: separator)
        case .enumeration(let model):
            var fields = ["enum", "\(model.isDeprecated)", code(model.rawType), "\(model.takesAnyString)"]
            for enumCase in model.cases { fields += [enumCase.name, enumCase.literal, enumCase.documentation ?? ""] }
            return fields.joined(separator: separator)
        case .union(let model):
            var fields = [
                "union", "\(model.isDeprecated)", model.discriminator ?? "", "\(model.allowsSeveral)",
                model.defaultCase.map(String.init) ?? "",
            ]
            for unionCase in model.cases {
                fields += [unionCase.name, code(unionCase.type), unionCase.discriminatorValues.joined(separator: ",")]
            }
            return fields.joined(separator: separator)
        case .alias, .errorUnion, .multipartForm, .responseUnion:
            return nil
        }
    }
}
