/// Works out, for every union, what identifies each variant in a payload before it is decoded
/// (a `Courier.UnionVariant`): the kinds of JSON value it accepts and, for objects, the keys it
/// requires and declares and the values its tag properties allow.
///
/// The evidence comes from the schemas' own semantics, never from names: a discriminator's
/// values (its mapping, the variant's `const`, or the schema name), `const` and one-value enum
/// properties, enums' listed values, `required` and `properties`. It is a model-stage pass, run
/// once every declaration is known, because a variant's type may be converted after its union.
enum UnionEvidence {
    /// Fills in each union case's evidence and whether the union has a catch-all case.
    static func resolve(_ declarations: inout [PlacedDeclaration]) {
        let known = DeclarationIndex(declarations)
        let resolver = Resolver(declarations: known)
        for index in declarations.indices {
            guard case .union(var model) = declarations[index].declaration else { continue }
            var acceptsObjects = false
            var hasFreeVariant = false
            var shapes: [Shape] = []
            for caseIndex in model.cases.indices {
                var shape = resolver.shape(of: model.cases[caseIndex].type)
                if let discriminator = model.discriminator, shape.kinds.contains("object"),
                    !model.cases[caseIndex].discriminatorValues.isEmpty
                {
                    // The discriminator's values are the variant's, whatever its property allows.
                    // A mapping's keys are text; where the property is an integer (an enum of
                    // numbers, as .NET writes `$type: 1`), the payload carries the number.
                    let integerTag = resolver.holdsInteger(model.cases[caseIndex].type, at: discriminator)
                    shape.constants[discriminator] = model.cases[caseIndex].discriminatorValues.map { value in
                        integerTag ? Int(value).map(ConstantValue.integer) ?? .string(value) : .string(value)
                    }
                    shape.openTags[discriminator] = nil
                }
                acceptsObjects = acceptsObjects || shape.kinds.contains("object")
                hasFreeVariant = hasFreeVariant || shape.isFree
                shapes.append(shape)
            }
            // With one variant that takes objects, nothing is weighed against another: only what
            // rules it out (its tags' constants, its required keys) is read, so the rest is left
            // out of the table (Stripe's hundreds of expandable fields repeat their type's keys).
            let objectVariants = shapes.indices.filter { shapes[$0].kinds.contains("object") }
            if objectVariants.count == 1 {
                shapes[objectVariants[0]].properties = []
                shapes[objectVariants[0]].openTags = [:]
                shapes[objectVariants[0]].keepsUndeclaredKeys = false
                shapes[objectVariants[0]].missingAllowed = []
            }
            // A format counts where it tells variants apart: a property that another object
            // variant declares without it (a UUID here, any text there), a string variant beside
            // another. Elsewhere it is left out, so that no text is checked for nothing.
            let formats = shapes.map(\.formats)
            for caseIndex in shapes.indices {
                shapes[caseIndex].formats = formats[caseIndex].filter { key, format in
                    objectVariants.contains { other in
                        other != caseIndex && shapes[other].properties.contains(key) && formats[other][key] != format
                    }
                }
            }
            let stringVariants = shapes.indices.filter { shapes[$0].kinds.contains("string") }
            for caseIndex in shapes.indices where stringVariants.count < 2 || shapes[caseIndex].knownValues != nil {
                shapes[caseIndex].format = nil
            }
            // With several array variants (`[Int]` and `[Double]`), each says what its elements
            // are, so that whole numbers go to the integers (a double rounds those above 2^53).
            let arrayVariants = shapes.indices.filter { shapes[$0].kinds == ["array"] }
            if arrayVariants.count < 2 {
                for caseIndex in arrayVariants { shapes[caseIndex].elementKinds = nil }
            }
            for caseIndex in model.cases.indices { model.cases[caseIndex].evidence = shapes[caseIndex].expression }
            nameInlineCasesByTheirTag(&model, shapes: shapes)
            model.stringLiteral = stringLiteral(model, shapes: shapes, declarations: known)
            model.hasCatchAll = acceptsObjects && !hasFreeVariant
            model.isText = model.cases.allSatisfy { unionCase in
                let kinds = resolver.shape(of: unionCase.type).kinds
                return !kinds.isEmpty && kinds.isSubset(of: ["string", "integer", "number", "boolean"])
            }
            declarations[index].declaration = .union(model)
        }
    }

    /// Names a variant declared inline (`case1`, after its position) by the value of its only
    /// constant tag instead, where no other variant has it (`.text`, `.imageURL`), or by its own
    /// one value (`.now` for `{enum: [now]}`, `.empty` for Stripe's `{enum: [""]}`), else by its
    /// `title` (Stripe's `range_query_specs`: `.rangeQuerySpecs`), else by the one schema it
    /// extends (`allOf: [{$ref: Chunk}, {…}]`: `.chunk`), else by its only key where it requires it
    /// (`{Circle: {…}}`: `.circle`), else by its JSON kind when no other variant has it
    /// (`.object`, `.array`, `.string`), where that makes a name no other case has.
    private static func nameInlineCasesByTheirTag(_ model: inout UnionModel, shapes: [Shape]) {
        let kindNames = [
            "object": "object", "array": "array", "string": "string", "integer": "int", "number": "number",
            "boolean": "bool",
        ]
        var taken = Set(model.cases.map(\.name))
        taken.insert("undocumented")
        for index in model.cases.indices {
            let name = model.cases[index].name
            guard name.hasPrefix("case"), Int(name.dropFirst(4)) != nil else { continue }
            // The only tag whose value is text: a flag beside it (`deleted: true`) names nothing.
            let textTags = shapes[index].constants.filter { _, values in
                if case .string = values.first { return true } else { return false }
            }
            // The names the variant's evidence gives, in order of preference. `none` is passed
            // over: `.none(…)` reads as no value at all, and where an optional of the union is
            // expected Swift takes `.none` for `nil` (Stripe's options object whose one tag is
            // `setup_future_usage: none` is named by its title instead).
            var candidates: [String] = []
            // A tag names the variant only where it is the variant's own: two variants of one tag
            // (Text Generation Inference's chunk and final completion, both `text_completion`)
            // are told apart by their keys, and neither is named after it.
            if textTags.count == 1, let (key, values) = textTags.first, values.count == 1,
                case .string(let text) = values[0], !text.isEmpty,
                !shapes.indices.contains(where: { other in
                    other != index && shapes[other].constants[key]?.contains(values[0]) == true
                })
            {
                candidates.append(Naming.memberName(text))
            }
            if let values = shapes[index].knownValues, values.count == 1, case .string(let text) = values[0] {
                candidates.append(text.isEmpty ? "empty" : Naming.memberName(text))
            }
            if let title = model.cases[index].title, !title.isEmpty, title.count <= 40 {
                // A short name, not a sentence: longer titles keep the position.
                candidates.append(Naming.memberName(title))
            }
            if let base = model.cases[index].extends {
                // The one schema it extends (`allOf: [{$ref: Chunk}, {…}]`): `.chunk`.
                candidates.append(Naming.memberName(base))
            }
            if shapes[index].kinds == ["object"], shapes[index].properties.count == 1,
                let key = shapes[index].properties.first, shapes[index].required == [key]
            {
                // An object of one key it requires, which names the variant: serde's externally
                // tagged enums (`{"Circle": {"radius": 1}}`, as utoipa and schemars describe
                // Rust's enums) are `.circle(…)`.
                candidates.append(Naming.memberName(key))
            }
            if shapes[index].kinds.count == 1, let kind = shapes[index].kinds.first,
                let kindName = kindNames[kind], shapes.filter({ $0.kinds.contains(kind) }).count == 1
            {
                // The only variant of its JSON kind: Stripe's list beside `""` is `.array`.
                candidates.append(kindName)
            }
            guard let candidate = candidates.first(where: { $0 != "none" }), !candidate.isEmpty,
                !taken.contains(candidate)
            else { continue }
            taken.remove(name)
            taken.insert(candidate)
            model.cases[index].name = candidate
        }
    }

    /// How a union whose text is a string or string enums takes a string literal: the first enum
    /// that lists the value, else the string case (else the first enum, as its `undocumented`
    /// value). Variants that take no text (objects, numbers, lists) do not stand in the way: a
    /// tool choice of `"auto"`, `"none"` or an object is written `"none"`. A variant that takes
    /// other text (a date, a UUID, a free-form value) does: the literal could be one of those.
    private static func stringLiteral(_ model: UnionModel, shapes: [Shape], declarations: DeclarationIndex)
        -> UnionModel.StringLiteralModel?
    {
        var plainCase: String?
        var enums: [(unionCase: String, type: String, cases: [String])] = []
        for (unionCase, shape) in zip(model.cases, shapes) {
            if case .enumeration(let enumModel)? = declarations.declaration(of: unionCase.type),
                enumModel.rawType == .string
            {
                enums.append((unionCase.name, unionCase.type.code, enumModel.cases.map(\.name)))
            } else if declarations.resolved(unionCase.type) == .builtin("Swift.String"), plainCase == nil {
                plainCase = unionCase.name
            } else if shape.kinds.contains("string") || shape.isFree || shape.kinds.isEmpty {
                return nil
            }
        }
        guard !enums.isEmpty || plainCase != nil, model.cases.count > 1 else { return nil }
        return UnionModel.StringLiteralModel(plainCase: plainCase, enums: enums)
    }

    /// A variant's evidence while it is worked out.
    struct Shape {
        /// `Courier.UnionVariant.Kinds` members, by name.
        var kinds: Set<String> = []
        var isObjectVariant = false
        var required: [String] = []
        /// Required keys the variant's type reads without (`UnionVariant.allowingMissing(_:)`).
        var missingAllowed: [String] = []
        var properties: Set<String> = []
        var constants: [String: [ConstantValue]] = [:]
        var openTags: [String: [ConstantValue]] = [:]
        /// Properties whose text has a format (`UnionVariant.TextFormat` members, by name).
        var formats: [String: String] = [:]
        /// A string variant's format.
        var format: String?
        var keepsUndeclaredKeys = false
        var knownValues: [ConstantValue]?
        /// For an array, the kinds of its elements.
        var elementKinds: Set<String>?
        var isFree: Bool { kinds == Self.any }

        static let any: Set<String> = ["object", "string", "integer", "number", "boolean", "array"]

        /// The `Courier.UnionVariant` expression.
        var expression: String {
            func literal(_ values: [ConstantValue]) -> String {
                "[" + values.map(\.jsonLiteral).joined(separator: ", ") + "]"
            }
            func dictionary(_ tags: [String: [ConstantValue]]) -> String {
                "["
                    + tags.sorted { $0.key < $1.key }.map { Naming.stringLiteral($0.key) + ": " + literal($0.value) }
                    .joined(separator: ", ") + "]"
            }
            if isObjectVariant {
                var arguments: [String] = []
                if !required.isEmpty {
                    arguments.append("required: " + Naming.keyNamesLiteral(required))
                }
                if !properties.isEmpty {
                    arguments.append("properties: " + Naming.keyNamesLiteral(properties.sorted()))
                }
                if !constants.isEmpty { arguments.append("constants: " + dictionary(constants)) }
                if !openTags.isEmpty { arguments.append("openTags: " + dictionary(openTags)) }
                if !formats.isEmpty {
                    arguments.append(
                        "formats: ["
                            + formats.sorted { $0.key < $1.key }.map { Naming.stringLiteral($0.key) + ": ." + $0.value }
                            .joined(separator: ", ") + "]")
                }
                if keepsUndeclaredKeys { arguments.append("keepsUndeclaredKeys: true") }
                let object = ".object(" + arguments.joined(separator: ", ") + ")"
                return missingAllowed.isEmpty
                    ? object : object + ".allowingMissing(" + Naming.keyNamesLiteral(missingAllowed) + ")"
            }
            func kindsCode(_ kinds: Set<String>) -> String {
                kinds == Self.any
                    ? ".any" : "[" + Self.order.filter(kinds.contains).map { "." + $0 }.joined(separator: ", ") + "]"
            }
            if let knownValues { return ".value(\(kindsCode(kinds)), knownValues: \(literal(knownValues)))" }
            if let elementKinds { return ".value(\(kindsCode(kinds)), elements: \(kindsCode(elementKinds)))" }
            if let format { return ".value(\(kindsCode(kinds)), format: .\(format))" }
            if kinds.contains("object") && !isFree && !properties.isEmpty {
                // A union of objects and other values: its objects' keys count for it.
                return ".value(\(kindsCode(kinds)), properties: \(Naming.keyNamesLiteral(properties.sorted())))"
            }
            return ".value(\(kindsCode(kinds)))"
        }

        static let order = ["object", "string", "integer", "number", "boolean", "array"]
    }

    private struct Resolver {
        let declarations: DeclarationIndex

        func shape(of type: SwiftType, depth: Int = 0) -> Shape {
            var shape = Shape()
            guard depth < 16 else {
                shape.kinds = Shape.any
                return shape
            }
            switch type {
            case .optional(let wrapped):
                return self.shape(of: wrapped, depth: depth + 1)
            case .array(let element):
                shape.kinds = ["array"]
                shape.elementKinds = self.shape(of: element, depth: depth + 1).kinds
            case .dictionary:
                shape.kinds = ["object"]
                shape.keepsUndeclaredKeys = true
            case .builtin(let name):
                switch name {
                case "Swift.String", "Foundation.Date", "Foundation.UUID", "Foundation.URL", "Foundation.Data":
                    shape.kinds = ["string"]
                    shape.format = textFormat(of: type)
                case "Swift.Int", "Swift.Int32", "Swift.Int64", "Swift.UInt64": shape.kinds = ["integer"]
                case "Swift.Double", "Swift.Float", "Foundation.Decimal": shape.kinds = ["number"]
                case "Swift.Bool": shape.kinds = ["boolean"]
                default: shape.kinds = Shape.any
                }
            case .named(let name):
                switch declarations[name] {
                case .structure(let model):
                    shape.kinds = ["object"]
                    shape.isObjectVariant = true
                    // Only the keys the variant's decoder cannot do without rule it out: a
                    // variant is never refused a payload its own type reads. The other required
                    // keys only count against it when missing.
                    shape.required = model.properties.filter(\.mustBeInPayload).map(\.jsonName)
                    shape.missingAllowed = model.properties.filter { $0.isRequired && !$0.mustBeInPayload }
                        .map(\.jsonName)
                    shape.properties = Set(model.properties.map(\.jsonName))
                    shape.keepsUndeclaredKeys = model.undeclaredKeysAreDescribed
                    for property in model.properties {
                        if let constant = property.constant {
                            shape.constants[property.jsonName] = [constant]
                        } else if let values = enumValues(property.type), !values.isEmpty {
                            shape.openTags[property.jsonName] = values
                        } else if let format = textFormat(of: property.type) {
                            shape.formats[property.jsonName] = format
                        }
                    }
                    // The alternatives decoded from the same object declare keys too.
                    for variant in model.variants {
                        let nested = self.shape(of: variant.type, depth: depth + 1)
                        shape.properties.formUnion(nested.properties)
                        shape.keepsUndeclaredKeys = shape.keepsUndeclaredKeys || nested.keepsUndeclaredKeys
                    }
                case .enumeration(let model):
                    shape.kinds = [model.rawType == .int ? "integer" : "string"]
                    shape.knownValues = model.cases.map { enumCase in
                        model.rawType == .int ? .integer(Int(enumCase.raw) ?? 0) : .string(enumCase.raw)
                    }
                case .union(let model):
                    // A union within a union: any kind its variants accept, and any key they declare.
                    let nestedShapes = model.cases.map { self.shape(of: $0.type, depth: depth + 1) }
                    for nested in nestedShapes {
                        shape.kinds.formUnion(nested.kinds)
                        shape.properties.formUnion(nested.properties)
                    }
                    if shape.kinds.contains("object") {
                        shape.isObjectVariant = !shape.isFree
                        shape.keepsUndeclaredKeys = true
                    }
                    if shape.isObjectVariant && shape.kinds != ["object"] {
                        // Not only objects: described by kinds alone.
                        shape.isObjectVariant = false
                    }
                    if shape.isObjectVariant && nestedShapes.allSatisfy(\.isObjectVariant) {
                        describeAlternatives(of: model, nestedShapes, in: &shape)
                    }
                case .alias(let model):
                    return self.shape(of: model.target, depth: depth + 1)
                default:
                    shape.kinds = Shape.any
                }
            }
            return shape
        }

        /// What a union of objects within a union says of its objects as one variant: the keys
        /// every alternative requires, and the values of its tag, which count for it as an enum's
        /// known values do (Courier's `openTags`): its discriminator's values, or those of a key
        /// every alternative holds constant. Without them, an object tagged for the inner union
        /// (`{"type": "Circle", "value": 1}`) went to a sibling variant whose enum knew its `value`,
        /// and was then ambiguous (random-schemas seed 326 at sixty schemas).
        private func describeAlternatives(of model: UnionModel, _ alternatives: [Shape], in shape: inout Shape) {
            guard let first = alternatives.first else { return }
            shape.required = first.required.filter { key in alternatives.allSatisfy { $0.required.contains(key) } }
            if let discriminator = model.discriminator, model.cases.allSatisfy({ !$0.discriminatorValues.isEmpty }) {
                shape.openTags[discriminator] = model.cases.flatMap(\.discriminatorValues).map { .string($0) }
            }
            for key in first.constants.keys.sorted() where shape.openTags[key] == nil {
                guard alternatives.allSatisfy({ $0.constants[key] != nil }) else { continue }
                var values: [ConstantValue] = []
                for value in alternatives.flatMap({ $0.constants[key] ?? [] }) where !values.contains(value) {
                    values.append(value)
                }
                shape.openTags[key] = values
            }
        }

        /// The `UnionVariant.TextFormat` of the Swift types whose text has one.
        static let textFormats = ["Foundation.Date": "dateTime", "Foundation.UUID": "uuid", "Foundation.URL": "uri"]

        /// The `UnionVariant.TextFormat` of a type, following optionals and aliases: what
        /// `shape(of:).format` says, without working out the shape of a struct's every property
        /// (which, property within property, took Stripe's generation from 1.5 s to 50).
        private func textFormat(of type: SwiftType, depth: Int = 0) -> String? {
            guard depth < 16 else { return nil }
            switch type {
            case .optional(let wrapped): return textFormat(of: wrapped, depth: depth + 1)
            case .builtin(let name): return Self.textFormats[name]
            case .named(let name):
                if case .alias(let model) = declarations[name] { return textFormat(of: model.target, depth: depth + 1) }
                return nil
            default: return nil
            }
        }

        /// Whether the struct `type` names holds an integer at `key` (a number, or an enum of
        /// numbers).
        func holdsInteger(_ type: SwiftType, at key: String) -> Bool {
            guard case .structure(let model) = declarations.declaration(of: type),
                let property = model.properties.first(where: { $0.jsonName == key })
            else { return false }
            return shape(of: property.type).kinds == ["integer"]
        }

        /// The values an enum type lists, following aliases.
        private func enumValues(_ type: SwiftType, depth: Int = 0) -> [ConstantValue]? {
            guard depth < 16, case .named(let name) = type else { return nil }
            switch declarations[name] {
            case .enumeration(let model):
                return model.cases.map { enumCase in
                    model.rawType == .int ? .integer(Int(enumCase.raw) ?? 0) : .string(enumCase.raw)
                }
            case .alias(let model): return enumValues(model.target, depth: depth + 1)
            default: return nil
            }
        }
    }
}
