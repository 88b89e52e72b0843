/// The value a struct's discriminator property takes, offered as its initializer's default
/// argument: `Bird(name: "Zazu")` rather than `Bird(species: "Bird", name: "Zazu")`.
///
/// OpenAPI gives each schema a discriminated union lists one value of the discriminator (the
/// mapping's, else the schema's name), and a value built with another would be sent as the
/// wrong variant. Where every union that lists a struct gives it the same one value, and its
/// property is a plain string or integer (a one-value enum or `const` is filled in anyway), that
/// value is the initializer's default. Decoding still requires the key.
enum DiscriminatorDefaults {
    /// Sets ``PropertyModel/tagDefault`` on the discriminator properties it applies to.
    static func apply(_ declarations: inout [PlacedDeclaration]) {
        let known = DeclarationIndex(declarations)
        // Struct name → discriminator key → the values each union that lists it gives it.
        var values: [String: [String: [[String]]]] = [:]
        for placed in declarations {
            guard case .union(let union) = placed.declaration, let key = union.discriminator else { continue }
            for unionCase in union.cases {
                guard case .named(let name) = known.resolved(unionCase.type), case .structure = known[name] else {
                    continue
                }
                values[name, default: [:]][key, default: []].append(unionCase.discriminatorValues)
            }
        }
        for index in declarations.indices {
            guard case .structure(var model) = declarations[index].declaration,
                let keys = values[model.name]
            else { continue }
            var changed = false
            for position in model.properties.indices {
                let property = model.properties[position]
                // One value, the same in every union (a mapping may give a schema several).
                guard let given = keys[property.jsonName], let value = given.first?.first,
                    given.allSatisfy({ $0 == [value] }),
                    !property.isOptional, property.constantExpression == nil, property.defaultExpression == nil
                else { continue }
                if property.type == .string {
                    model.properties[position].tagDefault = Naming.stringLiteral(value)
                } else if SwiftType.integers.contains(property.type),
                    let number = Int(value)
                {
                    // An integer tag (`mapping: {"2": Button}` on `type: integer`) is that number.
                    model.properties[position].tagDefault = String(number)
                } else {
                    continue
                }
                changed = true
            }
            if changed { declarations[index].declaration = .structure(model) }
        }
    }
}
