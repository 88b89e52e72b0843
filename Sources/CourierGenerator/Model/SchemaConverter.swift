import Foundation

/// Turns JSON Schemas (OpenAPI 3.0, 3.1 and 3.2) into Swift declarations.
///
/// Every `$ref` target becomes a named type, generated once, so recursive schemas are just
/// types that refer to themselves. Inline object, enum and union schemas get stable names
/// built from where they appear (`Pet` + `owner` → `PetOwner`).
final class SchemaConverter {
    typealias Located = DocumentSet.Located

    let documents: DocumentSet
    private(set) var declarations: [PlacedDeclaration] = []
    private(set) var warnings: [GenerationWarning] = []
    private let typeNames: TypeNames
    /// Named types for `$ref` targets, by reference.
    private var referenced: [DocumentSet.Reference: String] = [:]
    private var pending: [(DocumentSet.Reference, Located, String)] = []
    /// The file (under `Models/`) that inline declarations go to while a schema is converted:
    /// its named schema's, or the operation's given to ``type(for:name:file:)``.
    private var file = ""
    /// The examples the schemas give, with the types they decode into (see ``recordExamples(of:type:)``).
    private(set) var examples: [ExampleModel] = []
    private var recordedExamples: Set<String> = []
    /// The names of generated string and integer enums.
    private(set) var enumNames: Set<String> = []
    private var enumModels: [String: EnumModel] = [:]

    /// The case names an earlier pass gave variants declared inline, by where each is
    /// (``InlineVariantNames``): their types are named after them.
    private let inlineVariantNames: [DocumentSet.Reference: String]
    /// For each union, by name, where each of its variants declared inline is (`nil` for the
    /// others), kept for ``InlineVariantNames`` where sharing makes the union an alias.
    private(set) var inlineVariantLocations: [String: [DocumentSet.Reference?]] = [:]
    /// Each union's schema by the union's name, where a warning about the union points.
    private var unionSchemas: [String: Located] = [:]

    /// The unions of server-sent events' data told apart by the events' names (where the events
    /// are described): they list a schema once for each event that carries it.
    var unionsByEventName: Set<DocumentSet.Reference> = []

    init(documents: DocumentSet, typeNames: TypeNames, inlineVariantNames: [DocumentSet.Reference: String] = [:]) {
        self.documents = documents
        self.typeNames = typeNames
        self.inlineVariantNames = inlineVariantNames
    }

    func warn(_ message: String, _ at: Located) {
        warnings.append(GenerationWarning(message: message, pointer: at.pointer, location: at.node.location))
    }

    // MARK: Components

    /// The Swift name a schema of `components/schemas` asks for (before a clash makes it unique).
    static func typeName(ofComponent key: String) -> String {
        Naming.typeName(Naming.withoutRepeatedSegments(key))
    }

    /// Names every schema in `components/schemas` first, so they keep their own names.
    /// - Parameter preferredNames: type names for some of them, by key, in place of their keys'.
    func registerComponents(preferredNames: [String: String] = [:]) throws(GenerationError) {
        for (key, schema) in documents.root.child("components")?.entries("schemas") ?? [] {
            let reference = DocumentSet.Reference(file: documents.root.file, pointer: schema.pointer)
            let name = typeNames.claim(preferredNames[key] ?? Self.typeName(ofComponent: key))
            referenced[reference] = name
            pending.append((reference, schema, name))
            var parents: [DocumentSet.Reference] = []
            for part in schema.items("allOf") {
                if let parent = try documents.reference(of: part) { parents.append(parent) }
            }
            inheritance.record(reference, extends: parents, addsToThem: try addsToItsParts(schema))
        }
    }

    /// Converts every named schema, including ones reached only through `$ref`.
    func convertPending() throws(GenerationError) {
        var index = 0
        while index < pending.count {
            let (_, schema, name) = pending[index]
            index += 1
            let previous = file
            file = name
            if let union = try polymorphicUnion(schema, at: pending[index - 1].0, name: name) {
                declare(.union(union), inline: false)
                file = previous
                continue
            }
            if let union = try unionOfExtensions(schema, at: pending[index - 1].0, name: name) {
                declare(.union(union), inline: false)
                recordExamples(of: schema, type: .named(name))
                file = previous
                continue
            }
            let declaredBefore = declarations.count
            let (type, _) = try convert(schema, name: name, exactName: true)
            if type != .json { recordExamples(of: schema, type: .named(name)) }
            // A schema that is only a reference to itself (`C: {$ref: C}`, `allOf: [{$ref: C}]`)
            // declares nothing: an alias of itself, which the pass over recursive aliases reports.
            let referencesOnlyItself =
                type == .named(name) && !declarations[declaredBefore...].contains { $0.declaration.name == name }
            if type != .named(name) || referencesOnlyItself {
                let target = type
                let documentation = Self.documentation(schema)
                declarations.append(
                    PlacedDeclaration(
                        declaration: .alias(AliasModel(name: name, documentation: documentation, target: target)),
                        file: name))
            }
            file = previous
        }
    }

    // MARK: Schemas

    /// The Swift type for a schema, declaring types as needed; `nullable` when `null` is allowed.
    /// - Parameters:
    ///   - schema: The schema.
    ///   - name: The name of the type it declares, if it declares one (numbered if taken).
    ///   - file: The file (under `Models/`) its inline declarations go to.
    func type(for schema: Located, name: String, file: String) throws(GenerationError) -> (
        SwiftType, nullable: Bool
    ) {
        let previous = self.file
        self.file = file
        defer { self.file = previous }
        return try convert(schema, name: name, exactName: false)
    }

    private func namedType(for reference: DocumentSet.Reference, from: Located) throws(GenerationError) -> SwiftType {
        if let name = referenced[reference] { return .named(name) }
        let target = try documents.resolve(reference, from: from)
        let token = reference.pointer.split(separator: "/").last.map { JSONPointer.unescape(String($0)) } ?? "Schema"
        let base =
            token == "#"
            ? Naming.typeName(reference.file.deletingPathExtension().lastPathComponent) : Naming.typeName(token)
        let name = typeNames.claim(base)
        referenced[reference] = name
        pending.append((reference, target, name))
        return .named(name)
    }

    /// Records the examples a schema gives (`example`, and each of JSON Schema's `examples`) with
    /// the type they decode into, named by where they are; each once.
    /// - Parameters:
    ///   - schema: The schema.
    ///   - type: The type they decode into.
    ///   - union: The name of a union they are checked as besides their own type (the polymorphic
    ///     parent of the schema that gives them), which names the checks apart.
    private func recordExamples(of schema: Located, type: SwiftType, asPartOf union: String? = nil) {
        var found: [Located] = []
        if let example = schema.child("example") { found.append(example) }
        if schema.node["examples"]?.sequence != nil { found += schema.items("examples") }
        let suffix = union.map { " as " + $0 } ?? ""
        for value in found
        where recordedExamples.insert(value.file.absoluteString + "#" + value.pointer + suffix).inserted {
            examples.append(ExampleModel(name: value.pointer + suffix, value: value.node, type: type))
        }
    }

    /// Whether the schema a reference names allows `null` itself (OpenAPI 3.0's `nullable: true`,
    /// 3.1's `type: [object, "null"]`, a `null` alternative or enum value): a property that
    /// refers to it is then optional, as GitHub's `nullable-simple-user` needs.
    private func targetAllowsNull(_ reference: DocumentSet.Reference, from: Located, depth: Int = 0)
        throws(GenerationError) -> Bool
    {
        if let known = nullableTargets[reference] { return known }
        let cutBefore = nullabilityWasCut
        nullabilityWasCut = false
        nullableTargets[reference] = false  // A reference cycle allows null only if some schema on it says so.
        let allowsNull = try schemaAllowsNull(try documents.resolve(reference, from: from), depth: depth + 1)
        // A `false` that a cut-off search gave may be wrong another time: it is not kept.
        nullableTargets[reference] = allowsNull || !nullabilityWasCut ? allowsNull : nil
        nullabilityWasCut = nullabilityWasCut || cutBefore
        return allowsNull
    }

    /// Whether a schema allows `null`: by OpenAPI 3.0's `nullable: true`, 3.1's `type: [x,
    /// "null"]`, a `null` enum value or constant, an alternative (`oneOf`, `anyOf`) that allows
    /// it, the schema a `$ref` names, or an `allOf` whose every part allows it (a part that only
    /// annotates or constrains, `{maxLength: 5}`, does; one with `nullable: true` makes the whole
    /// nullable, as OpenAPI 3.0 descriptions write it). The search stops 32 schemas deep, since a
    /// chain of thousands of `allOf`s is valid and the stack is not (it then says no).
    private func schemaAllowsNull(_ schema: Located, depth: Int = 0) throws(GenerationError) -> Bool {
        guard schema.node.mapping != nil else { return false }
        let types = try typeList(schema)
        if Self.allowsOnlyNull(schema) || schema.node["nullable"]?.bool == true || types.contains("null")
            || (schema.node["enum"]?.sequence?.contains(where: \.isNull) ?? false)
            || (schema.node["const"]?.isNull ?? false)
        {
            return true
        }
        guard depth < 32 else {
            nullabilityWasCut = true
            return false
        }
        if let reference = try documents.reference(of: schema) {
            return try targetAllowsNull(reference, from: schema, depth: depth)
        }
        for alternative in schema.items("oneOf") + schema.items("anyOf")
        where try schemaAllowsNull(alternative, depth: depth + 1) {
            return true
        }
        var describingParts = 0
        for part in schema.items("allOf") {
            if try isAnnotationOnly(part) {
                if part.node["nullable"]?.bool == true { return true }
            } else if try !isConstraintOnly(part) {
                guard try schemaAllowsNull(part, depth: depth + 1) else { return false }
                describingParts += 1
            }
        }
        return describingParts > 0
    }

    /// Whether a search for `null` stopped at its depth since the last `targetAllowsNull` began.
    private var nullabilityWasCut = false

    private var nullableTargets: [DocumentSet.Reference: Bool] = [:]

    /// The Swift name of a schema in the root document's `components/schemas`.
    func componentTypeName(_ key: String) -> String? {
        referenced[
            DocumentSet.Reference(file: documents.root.file, pointer: "#/components/schemas/" + JSONPointer.escape(key))
        ]
    }

    private func claim(_ name: String, exact: Bool) -> String {
        exact ? name : typeNames.claim(Naming.shortened(Naming.typeName(name)))
    }

    private func convert(_ schema: Located, name: String, exactName: Bool) throws(GenerationError) -> (
        SwiftType, nullable: Bool
    ) {
        if case .bool(let allowed) = schema.node.value {
            // `true` allows anything; `false` allows nothing, which still decodes as free-form.
            if !allowed { warn("A schema of `false` allows no value; generated as a free-form JSON value.", schema) }
            return (.json, false)
        }
        guard schema.node.mapping != nil else {
            throw documents.error("Expected a schema object, found \(schema.node.kindName).", schema)
        }
        try checkKeywordShapes(schema)
        if let reference = try documents.reference(of: schema) {
            let targetNullable = try targetAllowsNull(reference, from: schema)
            return (
                try namedType(for: reference, from: schema), schema.node["nullable"]?.bool == true || targetNullable
            )
        }
        if let either = try intOrString(schema) { return try convert(either, name: name, exactName: exactName) }
        let types = try typeList(schema)
        var nullable = types.contains("null") || schema.node["nullable"]?.bool == true
        let documentation = Self.documentation(schema)
        let deprecated = schema.node["deprecated"]?.bool == true

        if let allOf = schema.child("allOf")?.node.sequence, !allOf.isEmpty {
            // Parts that only annotate (`{example: …}`, `{description: …}`) change no type.
            var parts: [Located] = []
            var annotating: [Located] = []
            for part in schema.items("allOf") {
                if try isAnnotationOnly(part) { annotating.append(part) } else { parts.append(part) }
            }
            if parts.isEmpty && annotating.count == 1 {
                parts = annotating
            } else if annotating.contains(where: { $0.node["nullable"]?.bool == true }) {
                nullable = true
            }
            var hasOwnShape =
                schema.node["properties"] != nil || schema.node["oneOf"] != nil || schema.node["anyOf"] != nil
            if hasOwnShape, schema.node["properties"] == nil, !parts.isEmpty {
                // A `oneOf` or `anyOf` of values that are not objects, beside parts that are not
                // objects either, only narrows the value the parts describe: `{allOf: [$ref:
                // Color], oneOf: [{const: red}, {const: blue}]}` (as OpenAPI 3.1 reads `{$ref:
                // Color, oneOf: […]}`) is a `Color`, not an object.
                var objects = 0
                for part in parts + schema.items("oneOf") + schema.items("anyOf") where try isObjectSchema(part) {
                    objects += 1
                }
                hasOwnShape = objects > 0
            }
            // Several parts that only annotate (`allOf: [{}, {description: …}, {example: …}]`, as
            // Box writes free-form values) constrain nothing: the schema's own keywords say what
            // the value is, below.
            if parts.count == 1 && !hasOwnShape {
                let (type, innerNullable) = try convert(parts[0], name: name, exactName: exactName)
                return (type, nullable || innerNullable)
            }
            // A value that is not an object (`allOf: [{type: string}, {maxLength: 5}]`): the
            // parts that only constrain it (`maxLength`, `minimum`) leave the type to the one
            // that describes it, or to the schema's own `type`. Several that each describe it
            // are kept as JSON.
            var describesAnObject = true
            if !hasOwnShape, schema.node["type"].map({ $0.string != "object" }) ?? true {
                var objectParts = 0
                for part in parts where try isObjectSchema(part) { objectParts += 1 }
                if objectParts == 0 {
                    describesAnObject = false
                    var describing: [Located] = []
                    for part in parts where try !isConstraintOnly(part) { describing.append(part) }
                    describing = try withoutRestatedTypes(describing)
                    if describing.count == 1 {
                        let (type, innerNullable) = try convert(describing[0], name: name, exactName: exactName)
                        return (type, nullable || innerNullable)
                    }
                    if describing.count > 1 {
                        warn(
                            "`allOf` combines \(describing.count) schemas that are not objects; generated as a free-form JSON value.",
                            schema)
                        return (.json, true)
                    }
                }
            }
            if describesAnObject && (!parts.isEmpty || hasOwnShape) {
                let model = try makeStruct(
                    name: claim(name, exact: exactName), parts: parts + (hasOwnShape ? [schema] : []),
                    documentation: documentation, deprecated: deprecated)
                declare(.structure(model), inline: !exactName)
                return (.named(model.name), nullable)
            }
        }

        for keyword in ["oneOf", "anyOf"] {
            guard schema.child(keyword)?.node.sequence != nil else { continue }
            var variants: [Located] = []
            var nullObjects = 0
            for variant in schema.items(keyword) {
                if try allowsOnlyNull(variant) {
                    nullable = true
                } else {
                    // An alternative that allows null as well (`{type: [string, "null"], enum:
                    // [on, off, null]}`) makes the union's value optional; its case holds the rest.
                    if try schemaAllowsNull(variant) { nullable = true }
                    if try isNullableAnyObject(variant) { nullObjects += 1 }
                    variants.append(variant)
                }
            }
            if nullObjects > 0, nullObjects < variants.count {
                // `anyOf: [{$ref: Recipient}, {type: object, nullable: true}]`: how OpenAPI 3.0
                // descriptions (OpenAPI.NET's, for every reference in Microsoft Graph) make a
                // reference nullable, since `nullable` beside `$ref` is ignored. Beside objects
                // only, the free-form object says that the value may be `null`: it is the other
                // alternatives, optional (in a `oneOf`, it could only hold objects they don't).
                var others: [Located] = []
                var allObjects = true
                for variant in variants where try !isNullableAnyObject(variant) {
                    if try !isObjectSchema(variant) { allObjects = false }
                    others.append(variant)
                }
                if allObjects { variants = others }
            }
            if schema.items(keyword).isEmpty {
                // JSON Schema requires at least one alternative; an empty list (Discord's enums
                // whose values are not published) says nothing, so the schema's other keywords do.
                warn("`\(keyword)` lists no alternatives; ignored.", schema)
                continue
            }
            if variants.isEmpty { return (.json, true) }
            if schema.node["properties"] == nil, let constants = try constantAlternatives(variants) {
                // `oneOf: [{const: 1, title: GUILD_TEXT, description: …}, …]`: JSON Schema's way of
                // documenting each value of an enum. It is that enum, not a union of one-value
                // enums (each of which would also take any other value as its own).
                let enumName = claim(name, exact: exactName)
                let values = constants.map(\.value)
                let integer = values.allSatisfy { if case .integer = $0.value { true } else { false } }
                let model = makeEnum(
                    enumName, values, documentation, deprecated, integer: integer,
                    caseNames: constants.map(\.title), caseDocumentation: constants.map(\.documentation))
                declare(.enumeration(model), inline: !exactName)
                if constants.count < variants.count { anyStringTypes.append(.named(enumName)) }
                return (.named(enumName), nullable)
            }
            if variants.count == 1, schema.node["properties"] == nil {
                let (type, innerNullable) = try convert(variants[0], name: name, exactName: exactName)
                return (type, nullable || innerNullable)
            }
            if schema.node["properties"] == nil, var known = try knownValuesOfAnyString(variants) {
                // `anyOf: [{type: string}, {enum: [a, b]}]`, the usual way to write "one of these,
                // or another string": Courier's string enums already take other strings (as
                // `undocumented`), so the enum alone is the value, `.a` rather than `.case2(.a)`.
                // An inline enum without words of its own takes the union's.
                if try documents.reference(of: known) == nil, Self.documentation(known) == nil,
                    var mapping = known.node.mapping
                {
                    for key in ["title", "description"] {
                        if let text = schema.node[key] { mapping.append(key, text) }
                    }
                    known.node = Node(.mapping(mapping), at: known.node.location)
                }
                let (type, innerNullable) = try convert(known, name: name, exactName: exactName)
                anyStringTypes.append(type)
                return (type, nullable || innerNullable)
            }
            if schema.node["properties"] != nil {
                // The properties, and the alternative the same object also matches.
                let model = try makeStruct(
                    name: claim(name, exact: exactName), parts: [schema], documentation: documentation,
                    deprecated: deprecated)
                declare(.structure(model), inline: !exactName)
                return (.named(model.name), nullable)
            }
            let unionName = claim(name, exact: exactName)
            let model = try makeUnion(
                name: unionName, variants: variants, schema: schema, documentation: documentation,
                deprecated: deprecated, allowsSeveral: keyword == "anyOf")
            declare(.union(model), inline: !exactName)
            return (.named(unionName), nullable)
        }

        var enumValues = schema.node["enum"]?.sequence
        if enumValues == nil, let constant = schema.node["const"] { enumValues = [constant] }
        if let values = enumValues {
            let nonNull = values.filter { !$0.isNull }
            if nonNull.count < values.count { nullable = true }
            if !nonNull.isEmpty, nonNull.allSatisfy({ $0.string != nil }) {
                let enumName = claim(name, exact: exactName)
                declare(
                    .enumeration(
                        makeEnum(
                            enumName, nonNull, documentation, deprecated, integer: false,
                            caseNames: Self.enumCaseNames(schema, values: values),
                            caseDocumentation: Self.enumCaseDocumentation(schema, values: values))),
                    inline: !exactName)
                return (.named(enumName), nullable)
            }
            if !nonNull.isEmpty, nonNull.allSatisfy({ if case .integer = $0.value { true } else { false } }),
                types.isEmpty || types.contains("integer")
            {
                let enumName = claim(name, exact: exactName)
                declare(
                    .enumeration(
                        makeEnum(
                            enumName, nonNull, documentation, deprecated, integer: true,
                            caseNames: Self.enumCaseNames(schema, values: values),
                            caseDocumentation: Self.enumCaseDocumentation(schema, values: values))),
                    inline: !exactName)
                return (.named(enumName), nullable)
            }
        }

        let concrete = types.filter { $0 != "null" }
        var kind: String
        if let number = numberReadFromText(schema, types: concrete) {
            // A number that may also be read from its text: ASP.NET's `int` is `type: [integer,
            // string]` with a digits `pattern` (or, in 3.0, the pattern and format with no type).
            // The value is the number; Courier's decoders take its text too.
            kind = number
        } else if concrete.count > 1 {
            let unionName = claim(name, exact: exactName)
            let model = try makeUnion(
                name: unionName, variants: Self.variantsByType(schema, types: concrete), schema: schema,
                documentation: documentation, deprecated: deprecated, allowsSeveral: false)
            declare(.union(model), inline: !exactName)
            return (.named(unionName), nullable)
        } else if let only = concrete.first {
            kind = only
        } else if schema.node["properties"] != nil || schema.node["additionalProperties"] != nil {
            kind = "object"
        } else if schema.node["items"] != nil {
            kind = "array"
        } else {
            if let target = schema.node["$dynamicRef"]?.string {
                // Its target depends on the schemas the value is reached through (JSON Schema's
                // dynamic scope), as a generic's parameter does.
                warn(
                    "`$dynamicRef: \(target)` is not followed; generated as a free-form JSON value, which keeps the "
                        + "value whole.", schema)
            }
            return (.json, nullable)
        }
        let format = schema.node["format"]?.string
        if kind == "number", let format, ["int32", "int64", "uint64"].contains(format) {
            // A number whose format is an integer's (`type: number, format: int64`, as OData's
            // descriptions write Edm.Int64: JSON Schema's integers are numbers) is that integer;
            // a `Double` would round one past 2^53.
            kind = "integer"
        }
        switch kind {
        case "string":
            switch format {
            case "date-time": return (.builtin("Foundation.Date"), nullable)
            case "uuid": return (.builtin("Foundation.UUID"), nullable)
            case "uri", "url": return (.builtin("Foundation.URL"), nullable)
            case "byte": return (.data, nullable)
            // Raw octets (`binary`, or 3.1's `contentMediaType` alone) have no JSON form: in a
            // JSON value they are text in an encoding the description does not name (Pydantic's
            // `bytes` are UTF-8), so they stay the text; base64 would read some text as the
            // wrong bytes. Multipart files and binary bodies take bytes where they are decided.
            // OpenAPI 3.1 writes base64 text as `contentEncoding: base64`.
            default: return (schema.node["contentEncoding"]?.string == "base64" ? .data : .string, nullable)
            }
        case "integer":
            switch format {
            case "int32": return (.builtin("Swift.Int32"), nullable)
            case "int64": return (.builtin("Swift.Int64"), nullable)
            // Values past `Int.max` are valid `uint64`s (IDs, hashes, counters).
            case "uint64": return (.builtin("Swift.UInt64"), nullable)
            default: return (.int, nullable)
            }
        case "number":
            // A fixed-point decimal (money, in .NET's descriptions) keeps every digit it is sent,
            // which a `Double` would round past 15 or so.
            if format == "decimal" || format == "decimal128" { return (.decimal, nullable) }
            // `float` too: a `Double` holds every `Float` exactly, and the digits of servers that
            // declare `float` and send a double (`123456.789`), which a `Float` would round.
            return (.double, nullable)
        case "boolean":
            return (.bool, nullable)
        case "array":
            guard let items = try Self.elementSchema(schema) else { return (.array(.json), nullable) }
            let (element, elementNullable) = try convert(items, name: name + "Item", exactName: false)
            // `JSONValue` holds `null` itself.
            return (.array(elementNullable && element != .json ? .optional(element) : element), nullable)
        case "object":
            let properties = schema.child("properties")?.node.mapping
            if properties == nil || properties!.count == 0 {
                if let additional = schema.child("additionalProperties") {
                    let patterns = schema.entries("patternProperties").map(\.1)
                    if case .bool(let allowed) = additional.node.value {
                        if allowed { return (.dictionary(.json), nullable) }
                    } else if try !Self.describesEveryUndeclaredKey(additional, patterns: patterns, in: documents) {
                        return (.dictionary(.json), nullable)
                    } else {
                        let (value, valueNullable) = try convert(additional, name: name + "Value", exactName: false)
                        return (.dictionary(valueNullable && value != .json ? .optional(value) : value), nullable)
                    }
                } else {
                    return (.dictionary(.json), nullable)
                }
            }
            let model = try makeStruct(
                name: claim(name, exact: exactName), parts: [schema], documentation: documentation,
                deprecated: deprecated)
            declare(.structure(model), inline: !exactName)
            return (.named(model.name), nullable)
        default:
            var message =
                "Unknown schema type \"\(kind)\": a type is one of \"string\", \"number\", "
                + "\"integer\", \"boolean\", \"array\", \"object\" and \"null\""
            if let meant = Self.typesMeant[kind.lowercased()] { message += " (\"\(meant)\"?)" }
            throw documents.error(message + ".", schema)
        }
    }

    /// The JSON Schema types that names of other languages' types written as a `type` mean
    /// (Mistral's description writes `type: bool`), suggested in the error.
    private static let typesMeant: [String: String] = [
        "bool": "boolean", "int": "integer", "int32": "integer", "int64": "integer", "long": "integer",
        "float": "number", "double": "number", "decimal": "number", "str": "string", "text": "string",
        "date": "string", "datetime": "string", "date-time": "string", "uuid": "string", "binary": "string",
        "list": "array", "dict": "object", "map": "object",
    ]

    /// Adds a declaration to the file being converted. `inline` declarations are named after
    /// where their schema appears, not by the description, so identical ones may share a type.
    /// Tags the cases of a union of server-sent events' data by the names of the events that
    /// carry them, and names each case after its first event (`thread.run.created` →
    /// `threadRunCreated`): two events may carry data of one type.
    /// - Parameters:
    ///   - name: The union's name.
    ///   - eventNames: Each case's event names, in the order of the cases.
    /// - Returns: Whether the union was found and tagged.
    @discardableResult
    func tagUnion(_ name: String, byEventNames eventNames: [[String]]) -> Bool {
        for position in declarations.indices {
            guard case .union(var model) = declarations[position].declaration, model.name == name,
                model.cases.count == eventNames.count, model.discriminator == nil
            else { continue }
            var names = UniqueNames(reserved: ["undocumented"])
            for index in model.cases.indices {
                model.cases[index].name = names.claim(Naming.memberName(eventNames[index][0]))
            }
            model.eventNames = eventNames
            declarations[position].declaration = .union(model)
            return true
        }
        return false
    }

    private func declare(_ declaration: Declaration, inline: Bool) {
        declarations.append(
            PlacedDeclaration(declaration: declaration, file: fileName(declaration.name), isInline: inline))
    }

    private func fileName(_ declared: String) -> String {
        file.isEmpty ? declared : file
    }

    /// Kubernetes' `int-or-string` (its `IntOrString`, written `type: string, format:
    /// int-or-string`) as what it holds, `type: [integer, string]`: servers send `"targetPort":
    /// 8080` as well as `"http"`, and a string alone failed on the number. `nil` for other
    /// schemas, for one without `type: string` (a custom resource's
    /// `x-kubernetes-int-or-string: true` alone is free-form, which keeps either), and for one
    /// that lists its alternatives (`oneOf: [{type: integer}, {type: string}]`, as Kubernetes'
    /// own OpenAPI 3 documents do).
    private func intOrString(_ schema: Located) throws(GenerationError) -> Located? {
        guard let mapping = schema.node.mapping, schema.node["format"]?.string == "int-or-string",
            schema.node["oneOf"] == nil, schema.node["anyOf"] == nil, schema.node["allOf"] == nil
        else { return nil }
        let types = try typeList(schema)
        guard types.contains("string"), types.allSatisfy({ $0 == "string" || $0 == "null" }) else { return nil }
        var rewritten = Mapping()
        for (key, value) in mapping.entries where !["type", "format", "x-kubernetes-int-or-string"].contains(key) {
            rewritten.append(key, value)
        }
        let location = schema.node.location
        let kinds = ["integer", "string"] + (types.contains("null") ? ["null"] : [])
        rewritten.append("type", Node(.sequence(kinds.map { Node(.string($0), at: location) }), at: location))
        return Located(node: Node(.mapping(rewritten), at: location), file: schema.file, pointer: schema.pointer)
    }

    private func typeList(_ schema: Located) throws(GenerationError) -> [String] {
        guard let type = schema.node["type"] else { return [] }
        if let list = type.sequence {
            // `type: [string, null]` in YAML lists null itself, not the string "null": JSON
            // Schema refuses it, but what it means is plain, and it is common.
            if list.contains(where: { !$0.isNull && $0.string == nil }) {
                throw documents.error("Each entry of `type` must be a string.", schema.child("type")!)
            }
        } else if type.string == nil {
            throw documents.error(
                "`type` must be a string or a list of strings, found \(type.kindName).", schema.child("type")!)
        }
        return Self.typeNames(schema.node)
    }

    /// The types a schema's `type` names, unchecked (``typeList(_:)`` checks them): the one it
    /// names, or each of its list (3.1's `[string, "null"]`; a YAML null in the list is `"null"`).
    static func typeNames(_ node: Node) -> [String] {
        guard let type = node["type"] else { return [] }
        if let single = type.string { return [single] }
        return type.sequence?.compactMap { $0.isNull ? "null" : $0.string } ?? []
    }

    static func documentation(_ schema: Located) -> String? {
        let title = schema.node["title"]?.string
        let description = schema.node["description"]?.string
        switch (title, description) {
        case (let title?, let description?) where title != description: return title + "\n\n" + description
        case (_, let description?): return description
        case (let title?, nil): return title
        default: return nil
        }
    }

    /// The one schema every element of an array has: its `items`; or, for JSON Schema 2020-12's
    /// tuples, the schema each of `prefixItems` and `items` (which describes the elements after
    /// them) are alike. `nil` when the elements may differ: the array holds `JSONValue`s.
    private static func elementSchema(_ schema: Located) throws(GenerationError) -> Located? {
        let items = schema.child("items")
        let positions = schema.items("prefixItems")
        guard !positions.isEmpty else { return items }
        var schemas = positions
        if let items {
            if case .bool(false) = items.node.value {} else { schemas.append(items) }
        } else if (schema.node["maxItems"]?.number).map({ $0 > Double(positions.count) }) ?? true {
            return nil  // More elements may follow, of any kind.
        }
        let first = schemas[0].node.canonicalJSON
        return schemas.allSatisfy { $0.node.canonicalJSON == first } ? schemas[0] : nil
    }

    /// The keywords of a schema that apply to a value of each JSON type, for a schema that
    /// allows several (`type: [integer, string]`).
    private static let keywordsByType: [String: Set<String>] = [
        "string": ["format", "contentEncoding", "contentMediaType"],
        "integer": ["format"],
        "number": ["format"],
        "array": ["items", "prefixItems"],
        "object": ["properties", "additionalProperties", "required", "patternProperties"],
    ]

    /// A schema that allows several types (JSON Schema's `type: [integer, string]`) as one
    /// schema per type, each with the keywords that apply to it, for a union with a case per
    /// type. They keep the schema's place, so that what they hold is named by where it is.
    private static func variantsByType(_ schema: Located, types: [String]) -> [Located] {
        types.map { kind in
            var mapping = Mapping()
            let applies = keywordsByType[kind] ?? []
            for (key, value) in schema.node.mapping?.entries ?? [] where applies.contains(key) {
                mapping.append(key, value)
            }
            mapping.append("type", Node(.string(kind), at: schema.node["type"]?.location ?? schema.node.location))
            return Located(
                node: Node(.mapping(mapping), at: schema.node.location), file: schema.file, pointer: schema.pointer)
        }
    }

    // MARK: Declarations

    /// Of a property that two parts of one object declare, the declaration its type follows: the
    /// later, as a later part refines an earlier, but the integer where one says integer and the
    /// other only number, since a value both accept is an integer. (GitHub's workflow job declares
    /// `runner_id` an integer in one part and a number in the next: a `Double` would round an ID
    /// past 2^53 without a word.)
    private func redeclared(_ earlier: Located, _ later: Located) throws(GenerationError) -> Located {
        let earlierTypes = Self.typeNames(try documents.dereference(earlier).node)
        let laterTypes = Self.typeNames(try documents.dereference(later).node)
        if earlierTypes.contains("integer") && laterTypes.contains("number") && !laterTypes.contains("integer") {
            return earlier
        }
        // A later declaration that only constrains values of the kinds it applies to (`items:
        // {minLength: 1}`, `minItems`, `additionalProperties`) or annotates does not say what the
        // value is: `items` beside an earlier `anyOf: [array, string]` leaves strings allowed.
        if try documents.reference(of: later) == nil, let keys = later.node.mapping?.keys,
            keys.allSatisfy({ Self.constraintKeywords.contains($0) || $0.hasPrefix("x-") })
        {
            return earlier
        }
        return later
    }

    /// Whether an object's `additionalProperties` schema is the schema of every key it does not
    /// declare: JSON Schema gives a key that one of its `patternProperties` matches to that
    /// pattern's schema instead, so where a pattern's schema is another, such keys' values may be
    /// of either (and are kept as JSON).
    private static func describesEveryUndeclaredKey(
        _ additional: Located, patterns: [Located], in documents: DocumentSet
    ) throws(GenerationError) -> Bool {
        let reference = try documents.reference(of: additional)
        for pattern in patterns {
            let patternReference = try documents.reference(of: pattern)
            if reference != nil || patternReference != nil {
                guard reference == patternReference else { return false }
            } else if pattern.file != additional.file || !pattern.node.hasSameValue(as: additional.node) {
                return false
            }
        }
        return true
    }

    /// Keywords that constrain a value only where it is of the kind they apply to, or annotate it.
    private static let constraintKeywords: Set<String> = [
        "items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains",
        "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "multipleOf", "minProperties", "maxProperties", "propertyNames", "additionalProperties",
        "patternProperties", "required", "dependentRequired", "title", "description", "example", "examples",
        "deprecated", "externalDocs",
    ]

    /// Merges the object parts (one schema, or the members of `allOf`) into one struct.
    private func makeStruct(name: String, parts: [Located], documentation: String?, deprecated: Bool)
        throws(GenerationError)
        -> StructModel
    {
        var propertySchemas: [(String, Located)] = []
        var required: Set<String> = []
        var additional: Located?
        // The schemas of `patternProperties`: a key a pattern matches is not `additional`'s.
        var patterns: [Located] = []
        /// `additionalProperties: false`: undeclared keys are not allowed, so none are kept.
        var closed = false
        var seenReferences: Set<DocumentSet.Reference> = []
        // Parts with `oneOf`/`anyOf`, once each (the schema itself may be among the parts too),
        // with the reference that named the part, if one did.
        var alternatives: [(keyword: String, part: Located, reference: DocumentSet.Reference?)] = []
        var seenAlternatives: Set<String> = []
        /// The part a chain of references names, or `nil` when one of them was collected before.
        func resolved(_ part: Located) throws(GenerationError) -> (part: Located, reference: DocumentSet.Reference?)? {
            var part = part
            var lastReference: DocumentSet.Reference?
            while let reference = try documents.reference(of: part) {
                guard seenReferences.insert(reference).inserted else { return nil }
                part = try documents.resolve(reference, from: part)
                lastReference = reference
            }
            return (part, lastReference)
        }
        /// Takes a part's own properties, requirements and alternatives.
        func absorb(_ part: Located, lastReference: DocumentSet.Reference?) throws(GenerationError) {
            for (key, property) in part.entries("properties") {
                if let index = propertySchemas.firstIndex(where: { $0.0 == key }) {
                    propertySchemas[index].1 = try redeclared(propertySchemas[index].1, property)
                } else {
                    propertySchemas.append((key, property))
                }
            }
            for item in part.node["required"]?.sequence ?? [] {
                if let key = item.string { required.insert(key) }
            }
            patterns += part.entries("patternProperties").map(\.1)
            if let extra = part.child("additionalProperties") {
                if case .bool(let allowed) = extra.node.value {
                    closed = closed || !allowed
                } else {
                    additional = extra
                }
            }
            for keyword in ["oneOf", "anyOf"] where part.node[keyword]?.sequence != nil {
                // A parent whose alternatives extend it (`Pet: {oneOf: [Cat, Dog]}` beside
                // `Cat: allOf: [Pet, …]`, as springdoc writes Jackson's subtypes) lists its
                // extensions: one takes the parent's properties, not that choice, which would
                // hold the extension again, without end.
                if let lastReference, try listsExtensions(part, keyword, of: lastReference) { continue }
                if seenAlternatives.insert(part.file.absoluteString + "#" + part.pointer + "/" + keyword).inserted {
                    alternatives.append((keyword, part, lastReference))
                }
            }
        }
        // Each part's `allOf` members before its own keywords, depth first, with a stack of our own:
        // a chain of thousands of `allOf`s is valid, and recursion would run out of stack.
        var pending: [(part: Located, reference: DocumentSet.Reference?, members: [Located], next: Int)] = []
        func push(_ part: Located) throws(GenerationError) {
            guard let (part, reference) = try resolved(part) else { return }
            pending.append((part, reference, part.items("allOf"), 0))
        }
        for part in parts {
            try push(part)
            while let top = pending.last {
                if top.next < top.members.count {
                    pending[pending.count - 1].next += 1
                    try push(top.members[top.next])
                } else {
                    pending.removeLast()
                    try absorb(top.part, lastReference: top.reference)
                }
            }
        }

        // Keys an object does not declare are kept (as JSON) so that encoding a value again
        // loses nothing: JSON Schema allows them unless `additionalProperties` is false, and a
        // server that sends them where it is false (a field added since the description was
        // written) would otherwise lose them silently. A struct with a `variant` member leaves
        // them to the alternative it holds, which decodes the same object.
        var hasVariantMember = false
        for (keyword, part, _) in alternatives {
            let (usable, notAnObject) = try memberAlternatives(keyword, of: part)
            hasVariantMember = hasVariantMember || (notAnObject == nil && !usable.isEmpty)
        }
        let keepsUndeclaredKeys = additional != nil || !hasVariantMember
        // `setNull` is a method of sent structs with keys that may be `null` (`SentOnlyStructs`).
        var names = UniqueNames(reserved: keepsUndeclaredKeys ? ["additionalProperties", "setNull"] : ["setNull"])
        var properties: [PropertyModel] = []
        for (key, propertySchema) in propertySchemas {
            let (type, nullable) = try convert(propertySchema, name: name + Naming.typeName(key), exactName: false)
            // A `writeOnly` property is required in requests only: responses leave it out, so it
            // is optional here, where the same type decodes them.
            let isWriteOnly = propertySchema.node["writeOnly"]?.bool == true
            let isRequired = required.contains(key) && !isWriteOnly
            // A default is the server's: documented, never written on the wire by us.
            var documentation = Self.documentation(propertySchema)
            if let note = try defaultNote(propertySchema) {
                documentation = (documentation.map { $0 + "\n\n" } ?? "") + note
            }
            if isWriteOnly && required.contains(key) {
                documentation =
                    (documentation.map { $0 + "\n\n" } ?? "")
                    + "Required in requests; responses leave it out (`writeOnly`)."
            }
            let isOptional = !isRequired || nullable
            var property = PropertyModel(
                jsonName: key, swiftName: names.claim(Naming.memberName(key)), type: type,
                isOptional: isOptional, isRequired: isRequired, isNullable: nullable,
                constant: nullable ? nil : try constantValue(propertySchema),
                defaultNode: isOptional ? nil : try defaultNode(propertySchema), documentation: documentation,
                isDeprecated: propertySchema.node["deprecated"]?.bool == true)
            let readOnlyTarget = try documents.dereference(propertySchema).node["readOnly"]?.bool == true
            property.isReadOnly = propertySchema.node["readOnly"]?.bool == true || readOnlyTarget
            if type != .json { recordExamples(of: propertySchema, type: property.isOptional ? .optional(type) : type) }
            properties.append(property)
        }
        var additionalType: SwiftType?
        if let additional, try Self.describesEveryUndeclaredKey(additional, patterns: patterns, in: documents) {
            let (value, valueNullable) = try convert(additional, name: name + "AdditionalProperty", exactName: false)
            additionalType = valueNullable && value != .json ? .optional(value) : value
        } else if keepsUndeclaredKeys {
            additionalType = .json
        }
        var variants: [VariantMember] = []
        for (keyword, part, reference) in alternatives {
            if let member = try variantMember(keyword, of: part, named: reference, in: name, names: &names) {
                variants.append(member)
            }
        }
        return StructModel(
            name: name, documentation: documentation, isDeprecated: deprecated, properties: properties,
            additionalProperties: additionalType, undeclaredKeysAreDescribed: additional != nil,
            allowsUndeclaredKeys: !closed || additional != nil, variants: variants)
    }

    /// The union a schema with properties means when its `oneOf` (or `anyOf`) lists only schemas
    /// that extend it through `allOf` (`Pet: {properties: {petType}, oneOf: [Cat, Dog]}` beside
    /// `Cat: allOf: [Pet, …]`, as springdoc writes Jackson's subtypes): each alternative already
    /// has the properties, so the schema is the choice between them, told apart by its
    /// discriminator. `nil` otherwise.
    private func unionOfExtensions(_ schema: Located, at reference: DocumentSet.Reference, name: String)
        throws(GenerationError) -> UnionModel?
    {
        guard schema.node["properties"] != nil || schema.node["allOf"] != nil else { return nil }
        for keyword in ["oneOf", "anyOf"] where schema.node[keyword]?.sequence != nil {
            var variants: [Located] = []
            for variant in schema.items(keyword) where try !allowsOnlyNull(variant) { variants.append(variant) }
            let extensions = inheritance.descendantReferences(of: reference)
            var allExtend = !variants.isEmpty
            for variant in variants {
                guard let target = try documents.reference(of: variant), extensions.contains(target) else {
                    allExtend = false
                    break
                }
            }
            guard allExtend else { continue }
            return try makeUnion(
                name: name, variants: variants, schema: schema, documentation: Self.documentation(schema),
                deprecated: schema.node["deprecated"]?.bool == true, allowsSeveral: keyword == "anyOf")
        }
        return nil
    }

    /// Whether a schema's `oneOf`/`anyOf` lists schemas that extend it through `allOf` (named,
    /// or declared inline).
    private func listsExtensions(_ part: Located, _ keyword: String, of reference: DocumentSet.Reference)
        throws(GenerationError) -> Bool
    {
        let extensions = inheritance.descendantReferences(of: reference)
        for item in part.items(keyword) {
            if let target = try documents.reference(of: item) {
                if extensions.contains(target) { return true }
            } else {
                for member in item.items("allOf") where try documents.reference(of: member) == reference {
                    return true
                }
            }
        }
        return false
    }

    /// The member holding the `oneOf`/`anyOf` alternative a struct's JSON object also matches.
    ///
    /// Alternatives that only constrain the object (`required`, `not` …) add nothing to decode
    /// and are left out; so are `null`s. Alternatives that are not objects cannot share the
    /// object with the properties: they are left out with a warning. When the part is a named
    /// schema that is only the union (`allOf: [Base, $ref: Shape]`) and every alternative is
    /// kept, the member is that schema's type rather than a copy of it.
    private func variantMember(
        _ keyword: String, of part: Located, named reference: DocumentSet.Reference?, in structName: String,
        names: inout UniqueNames
    ) throws(GenerationError) -> VariantMember? {
        let (usable, notAnObject) = try memberAlternatives(keyword, of: part)
        if let notAnObject {
            warn(
                "An alternative of \(keyword) beside object properties is not an object; the \(keyword) is not generated.",
                notAnObject)
            return nil
        }
        guard !usable.isEmpty else { return nil }
        let memberName = structName + "Variant"
        let type: SwiftType
        if let reference, usable.count == part.items(keyword).count, isOnlyAUnion(part) {
            type = try namedType(for: reference, from: part)
        } else if usable.count == 1 {
            type = try convert(usable[0], name: memberName, exactName: false).0
        } else {
            let unionName = claim(memberName, exact: false)
            let union = try makeUnion(
                name: unionName, variants: usable, schema: part, documentation: nil, deprecated: false,
                allowsSeveral: keyword == "anyOf")
            declare(.union(union), inline: true)
            type = .named(unionName)
        }
        return VariantMember(swiftName: names.claim("variant"), type: type, keyword: keyword)
    }

    /// The alternatives of a `oneOf`/`anyOf` beside object properties that a `variant` member
    /// decodes: not `null`, not those that only constrain the object; and the first that is not
    /// an object, if one is, since then there is no member.
    private func memberAlternatives(_ keyword: String, of part: Located) throws(GenerationError) -> (
        usable: [Located], notAnObject: Located?
    ) {
        var usable: [Located] = []
        for variant in part.items(keyword) {
            if try allowsOnlyNull(variant) { continue }
            if try isConstraintOnly(variant) { continue }
            guard try isObjectSchema(variant) else { return (usable, variant) }
            usable.append(variant)
        }
        return (usable, nil)
    }

    /// The one alternative of a `oneOf` or `anyOf` beside `null` (`anyOf: [{type: string,
    /// contentMediaType: …}, {type: "null"}]`, as Pydantic writes an optional file), resolved;
    /// any other schema as it is.
    func withoutNullAlternative(_ schema: Located) throws(GenerationError) -> Located {
        let resolved = try documents.dereference(schema)
        guard isOnlyAUnion(resolved), resolved.node["nullable"] == nil else { return resolved }
        let keyword = resolved.node["oneOf"] != nil ? "oneOf" : "anyOf"
        var others: [Located] = []
        for alternative in resolved.items(keyword) where try !allowsOnlyNull(alternative) {
            others.append(alternative)
        }
        guard others.count == 1, others.count < resolved.items(keyword).count else { return resolved }
        return try documents.dereference(others[0])
    }

    /// Whether a schema is any object or `null` and says nothing more (`{type: object, nullable:
    /// true}`, `{type: [object, "null"]}`, with annotations at most).
    private func isNullableAnyObject(_ schema: Located) throws(GenerationError) -> Bool {
        guard try documents.reference(of: schema) == nil, let mapping = schema.node.mapping else { return false }
        let types = try typeList(schema)
        guard types.filter({ $0 != "null" }) == ["object"],
            types.contains("null") || schema.node["nullable"]?.bool == true
        else { return false }
        return mapping.entries.allSatisfy {
            $0.0 == "type" || Self.annotationKeywords.contains($0.0) || $0.0.hasPrefix("x-")
        }
    }

    /// Whether a schema allows `null` and nothing else (`type: "null"`, `enum: [null]`, `const:
    /// null`), itself or through the schemas `$ref`s name (drf-spectacular's `NullEnum`, listed
    /// beside every nullable choice field's enum): as a union's alternative it adds no case, and
    /// makes the union's value optional.
    ///
    /// So does an alternative that only says `nullable: true` (with annotations at most):
    /// `anyOf: [{$ref: Filter}, {nullable: true}]` is how schemars writes Rust's
    /// `Option<Filter>` in OpenAPI 3.0 (Qdrant's description has hundreds). Strictly, a
    /// `nullable` without a `type` beside it has no effect and the alternative would take any
    /// value; read so, every such property was a union of its type and any JSON value.
    private func allowsOnlyNull(_ alternative: Located, depth: Int = 0) throws(GenerationError) -> Bool {
        if Self.allowsOnlyNull(alternative) { return true }
        if alternative.node["nullable"]?.bool == true, alternative.node["type"] == nil,
            try isAnnotationOnly(alternative)
        {
            return true
        }
        guard depth < 32, let reference = try documents.reference(of: alternative) else { return false }
        return try allowsOnlyNull(try documents.resolve(reference, from: alternative), depth: depth + 1)
    }

    /// The keywords whose value is a list: of schemas, or of values.
    private static let listKeywords = ["allOf", "oneOf", "anyOf", "prefixItems", "enum"]
    /// The keywords whose value is a mapping: of names to schemas, or the discriminator's fields.
    private static let mappingKeywords = ["properties", "patternProperties", "dependentSchemas", "discriminator"]

    /// Checks the kind of value of the keywords that decide a schema's type: one of another kind
    /// (`allOf: {$ref: …}`, `properties: [name]`) is an error where it stands, since passing over
    /// it would generate a type other than the one the author meant, with nothing to say so. A
    /// `required` that is not a list (Swagger 2.0's `required: true` on a property) is passed
    /// over with a warning: the key is then optional, which decodes whether it is sent or not.
    private func checkKeywordShapes(_ schema: Located) throws(GenerationError) {
        for (keywords, kind) in [(Self.listKeywords, DescriptionShape.Kind.list), (Self.mappingKeywords, .mapping)] {
            for keyword in keywords {
                guard let value = schema.child(keyword) else { continue }
                try DescriptionShape.expect(value, named: keyword, toBe: kind, in: documents)
            }
        }
        if let discriminator = schema.child("discriminator") {
            guard let property = discriminator.child("propertyName") else {
                throw documents.error("A discriminator must name its `propertyName`.", discriminator)
            }
            if property.node.string == nil {
                throw documents.error(
                    "A discriminator's `propertyName` must be a string, found \(property.node.kindName).", property)
            }
        }
        if let required = schema.child("required") {
            if let names = required.node.sequence {
                for (index, name) in names.enumerated() where name.string == nil {
                    // YAML reads `required: [200]` as a number: the name is text, quoted.
                    throw documents.error(
                        "Each entry of `required` must be a property name (a string; quote one that YAML reads otherwise, as `'200'`), found \(name.kindName).",
                        required.item(index)!)
                }
            } else {
                warn(
                    "`required` must be a list of property names, found \(required.node.kindName); ignored. (OpenAPI 3 lists them on the object: `required: [name]`.)",
                    required)
            }
        }
    }

    /// Whether a schema itself allows `null` and nothing else, not looking through `$ref`.
    private static func allowsOnlyNull(_ schema: Located) -> Bool {
        schema.node["type"]?.string == "null"
            || (schema.node["enum"]?.sequence.map { !$0.isEmpty && $0.allSatisfy(\.isNull) } ?? false)
            || (schema.node["const"]?.isNull ?? false)
    }

    /// Whether a schema is a `oneOf` or `anyOf` and nothing else that shapes its value: no
    /// properties, no `allOf`, not both keywords, not nullable.
    private func isOnlyAUnion(_ schema: Located) -> Bool {
        guard let mapping = schema.node.mapping else { return false }
        let unionKeywords = mapping.entries.filter { $0.key == "oneOf" || $0.key == "anyOf" }.count
        let typeIsObject = schema.node["type"] == nil || schema.node["type"]?.string == "object"
        return unionKeywords == 1 && typeIsObject
            && !mapping.entries.contains { Self.valueShapingKeywords.contains($0.key) }
    }

    /// Keywords besides `type`, `oneOf` and `anyOf` that shape a schema's value.
    private static let valueShapingKeywords: Set<String> = [
        "properties", "additionalProperties", "allOf", "items", "enum", "const", "nullable", "patternProperties",
    ]

    /// Whether a schema only annotates a value (`example`, `description`, `x-…` extensions):
    /// as an `allOf` member, it changes nothing about the type.
    private func isAnnotationOnly(_ schema: Located) throws(GenerationError) -> Bool {
        guard try documents.reference(of: schema) == nil, let mapping = schema.node.mapping else { return false }
        return mapping.entries.allSatisfy { Self.annotationKeywords.contains($0.0) || $0.0.hasPrefix("x-") }
    }

    /// The keywords that annotate a value without saying what it is.
    private static let annotationKeywords: Set<String> = [
        "description", "title", "example", "examples", "deprecated", "readOnly", "writeOnly", "nullable",
        "externalDocs", "$comment", "xml",
    ]

    /// Whether a schema only constrains a value (which keys are required, what it must not be)
    /// without describing one: `{required: [a]}`, `{not: …}`.
    private func isConstraintOnly(_ schema: Located) throws(GenerationError) -> Bool {
        guard try documents.reference(of: schema) == nil, let mapping = schema.node.mapping else { return false }
        return !mapping.entries.contains { Self.describingKeywords.contains($0.0) }
    }

    /// The keywords that say what a value is, as opposed to constraining or annotating it.
    private static let describingKeywords: Set<String> = [
        "type", "properties", "additionalProperties", "items", "enum", "const", "allOf", "oneOf", "anyOf",
        "patternProperties",
    ]

    /// The schema a `$ref` chain ends at (at most 32 links), or the schema itself.
    private func followingReferences(_ schema: Located) throws(GenerationError) -> Located {
        var schema = schema
        var hops = 0
        while let reference = try documents.reference(of: schema), hops < 32 {
            schema = try documents.resolve(reference, from: schema)
            hops += 1
        }
        return schema
    }

    /// Of two alternatives, a string enum of several values and any string (text without a
    /// format that makes it another Swift type), the enum; `nil` for any other alternatives.
    private func knownValuesOfAnyString(_ variants: [Located]) throws(GenerationError) -> Located? {
        guard variants.count == 2 else { return nil }
        func isStringEnum(_ variant: Located) throws(GenerationError) -> Bool {
            let schema = try followingReferences(variant)
            // One value beside any string is a special value (Stripe's `""` that unsets a field,
            // `auto`), not a list of known ones: the string stays a case of its own.
            guard let values = schema.node["enum"]?.sequence, values.filter({ !$0.isNull }).count > 1,
                values.allSatisfy({ $0.isNull || $0.string != nil })
            else { return false }
            return try typeList(schema).allSatisfy { $0 == "string" || $0 == "null" }
        }
        for (known, any) in [(variants[0], variants[1]), (variants[1], variants[0])] where try isStringEnum(known) {
            if try isAnyString(try followingReferences(any)) { return known }
        }
        return nil
    }

    /// `allOf` parts without those that only restate another's type: in `allOf: [{type: string,
    /// format: date-time}, {type: string}]` or `allOf: [{$ref: Kind}, {type: string}]` the plain
    /// `{type: string}` adds nothing to the value the other describes, so that one is the type.
    private func withoutRestatedTypes(_ parts: [Located]) throws(GenerationError) -> [Located] {
        var kept = parts
        var index = 0
        while index < kept.count, kept.count > 1 {
            let part = kept[index]
            var restated = false
            if try documents.reference(of: part) == nil, let mapping = part.node.mapping,
                mapping.entries.filter({ Self.describingKeywords.contains($0.0) }).map(\.0) == ["type"],
                part.node["format"] == nil
            {
                let types = Set(try typeList(part))
                for (otherIndex, other) in kept.enumerated() where otherIndex != index {
                    let otherTypes = Set(try typeList(try followingReferences(other)))
                    if !otherTypes.isEmpty && otherTypes.isSubset(of: types) {
                        restated = true
                        break
                    }
                }
            }
            if restated { kept.remove(at: index) } else { index += 1 }
        }
        return kept
    }

    /// Whether a schema describes a JSON object (following `$ref`s and compositions).
    private func isObjectSchema(_ schema: Located, depth: Int = 0) throws(GenerationError) -> Bool {
        guard depth < 32 else { return false }
        let schema = try followingReferences(schema)
        if let type = schema.node["type"]?.string { return type == "object" }
        if schema.node["properties"] != nil || schema.node["additionalProperties"] != nil { return true }
        for part in schema.items("allOf") where try isObjectSchema(part, depth: depth + 1) { return true }
        for keyword in ["oneOf", "anyOf"] where schema.node[keyword] != nil {
            let members = schema.items(keyword).filter { $0.node["type"]?.string != "null" }
            var all = !members.isEmpty
            for member in members where try !isObjectSchema(member, depth: depth + 1) { all = false }
            return all
        }
        return false
    }

    /// The names a description gives an enum's values, one for each value but `null`, in their
    /// order: `x-enum-varnames` (OpenAPI Generator's, Go's generators'), `x-enumNames` (NSwag's,
    /// for .NET's numeric enums) or the `name`s of AutoRest's `x-ms-enum` values. `nil` when
    /// there are none, or not one per value.
    private static func enumCaseNames(_ schema: Located, values: [Node]) -> [String?]? {
        enumValueAnnotations(schema, values: values, lists: ["x-enum-varnames", "x-enumNames"], field: "name")
    }

    /// The words a description gives each of an enum's values, one for each value but `null`:
    /// `x-enum-descriptions` (OpenAPI Generator's) or `x-enumDescriptions`, or the
    /// `description`s of AutoRest's `x-ms-enum` values.
    private static func enumCaseDocumentation(_ schema: Located, values: [Node]) -> [String?]? {
        enumValueAnnotations(
            schema, values: values, lists: ["x-enum-descriptions", "x-enumDescriptions"], field: "description")
    }

    /// One annotation per value but `null`: from the first of `lists` that has one per value
    /// (in the values' order), else from `x-ms-enum`'s `values`, each matched by its `value`.
    private static func enumValueAnnotations(_ schema: Located, values: [Node], lists: [String], field: String)
        -> [String?]?
    {
        for key in lists {
            guard let annotations = schema.node[key]?.sequence, annotations.count == values.count else { continue }
            return zip(values, annotations).filter { !$0.0.isNull }.map { $0.1.string }
        }
        guard let entries = schema.node["x-ms-enum"]?["values"]?.sequence else { return nil }
        func text(_ node: Node?) -> String? {
            switch node?.value {
            case .string(let text)?: text
            case .integer(let number)?: String(number)
            default: nil
            }
        }
        let annotations = values.filter { !$0.isNull }.map { value in
            entries.first { text($0["value"]) == text(value) }?[field]?.string
        }
        return annotations.contains { $0 != nil } ? annotations : nil
    }

    /// The alternatives of a `oneOf` or `anyOf` that are each one constant (a `const`, or an
    /// `enum` of one value) with nothing but annotations beside it, as JSON Schema documents each
    /// value of an enum: each value with its `title` and its words. All strings, or all integers;
    /// among strings, one alternative may be any string (the listed values are the known ones).
    /// `nil` for any other alternatives.
    private func constantAlternatives(_ variants: [Located]) throws(GenerationError) -> [(
        value: Node, title: String?, documentation: String?
    )]? {
        let allowed: Set<String> = [
            "const", "enum", "type", "format", "title", "description", "deprecated", "example", "examples",
            "$comment", "externalDocs",
        ]
        var constants: [(value: Node, title: String?, documentation: String?)] = []
        var anyString = false
        for variant in variants {
            let schema = try followingReferences(variant)
            guard let mapping = schema.node.mapping else { return nil }
            if !anyString, try isAnyString(schema) {
                anyString = true
                continue
            }
            guard mapping.entries.allSatisfy({ allowed.contains($0.0) || $0.0.hasPrefix("x-") }) else { return nil }
            let value: Node
            if let constant = schema.node["const"], schema.node["enum"] == nil {
                value = constant
            } else if let values = schema.node["enum"]?.sequence, values.count == 1, schema.node["const"] == nil {
                value = values[0]
            } else {
                return nil
            }
            let title = schema.node["title"]?.string
            let description = schema.node["description"]?.string
            let words = [title, description == title ? nil : description].compactMap { $0 }
            constants.append((value, title, words.isEmpty ? nil : words.joined(separator: "\n\n")))
        }
        let values = constants.map(\.value)
        let strings = values.allSatisfy { $0.string != nil }
        let integers = values.allSatisfy { if case .integer = $0.value { true } else { false } }
        // One value beside any string is a special value (Stripe's `""` that unsets a field),
        // not a list of known ones: that stays a union (``knownValuesOfAnyString(_:)``).
        guard !constants.isEmpty, strings || (integers && !anyString), !anyString || constants.count > 1 else {
            return nil
        }
        return constants
    }

    /// Whether a schema is any string: text without a format or encoding that makes it another
    /// Swift type, and no other describing keyword.
    private func isAnyString(_ schema: Located) throws(GenerationError) -> Bool {
        guard let mapping = schema.node.mapping, try typeList(schema).filter({ $0 != "null" }) == ["string"],
            !["date-time", "uuid", "uri", "url", "byte", "binary"].contains(schema.node["format"]?.string ?? ""),
            schema.node["contentEncoding"] == nil
        else { return false }
        return mapping.entries.filter { Self.describingKeywords.contains($0.0) }.map(\.0) == ["type"]
    }

    /// An enum case's name: `none` is `_none`, since `.none` where an optional of the enum is
    /// expected means `nil` (`PaymentOptions(setupFutureUsage: .none)` would leave the value out
    /// rather than send `"none"`; the compiler only warns).
    private static func enumCaseName(_ name: String) -> String {
        name == "none" ? "_none" : name
    }

    private func makeEnum(
        _ name: String, _ values: [Node], _ documentation: String?, _ deprecated: Bool, integer: Bool,
        caseNames: [String?]? = nil, caseDocumentation: [String?]? = nil
    ) -> EnumModel {
        var names = UniqueNames(reserved: ["undocumented"])
        var cases: [EnumModel.Case] = []
        var seen: Set<String> = []
        // Each string value's name, chosen with the others in view (signs that tell values apart).
        let textNames = Naming.memberNames(values.map { $0.string ?? "" })
        for (index, value) in values.enumerated() {
            let words = caseDocumentation?[index] ?? nil
            if integer, case .integer(let number) = value.value {
                guard seen.insert(String(number)).inserted else { continue }
                var caseName = number < 0 ? "valueMinus\(-number)" : "value\(number)"
                // A name the description gives, where it makes an identifier (`Square` → `square`).
                if let given = caseNames?[index] ?? nil, Naming.isIdentifier(Naming.memberName(given)) {
                    caseName = Naming.memberName(given)
                }
                cases.append(
                    .init(
                        name: names.claim(Self.enumCaseName(caseName)), literal: String(number), raw: String(number),
                        documentation: words)
                )
            } else if let text = value.string {
                guard seen.insert(text).inserted else { continue }
                var base = text.isEmpty ? "empty" : textNames[index]
                // A value that makes no name of its own (`0000`) takes the one the description
                // gives it; other strings are named as they are sent.
                if !Naming.isIdentifier(base) || base.hasPrefix("_"), let given = caseNames?[index] ?? nil,
                    Naming.isIdentifier(Naming.memberName(given)), !Naming.memberName(given).hasPrefix("_")
                {
                    base = Naming.memberName(given)
                }
                cases.append(
                    .init(
                        name: names.claim(Self.enumCaseName(base)), literal: Naming.stringLiteral(text), raw: text,
                        documentation: words)
                )
            }
        }
        let model = EnumModel(
            name: name, documentation: documentation, isDeprecated: deprecated,
            rawType: integer ? .int : .string, cases: cases)
        enumNames.insert(name)
        enumModels[name] = model
        return model
    }

    private func makeUnion(
        name: String, variants: [Located], schema: Located, documentation: String?, deprecated: Bool,
        allowsSeveral: Bool
    )
        throws(GenerationError) -> UnionModel
    {
        let discriminator = schema.node["discriminator"]?["propertyName"]?.string
        let mapping = try discriminatorMapping(of: schema)
        var names = UniqueNames(reserved: ["undocumented"])
        var cases: [UnionModel.Case] = []
        var references: [DocumentSet.Reference?] = []
        var locations: [DocumentSet.Reference?] = []
        for (index, variant) in variants.enumerated() {
            let reference = try documents.reference(of: variant)
            if let reference, references.contains(reference),
                !unionsByEventName.contains(DocumentSet.Reference(file: schema.file, pointer: schema.pointer))
            {
                // `oneOf: [Password, Oidc, Oidc]` (Ory Kratos' settings body): one schema is one
                // variant. A second case of the same type would never be decoded, and by JSON
                // Schema's rules no value could match `oneOf` at all.
                let keyword = allowsSeveral ? "anyOf" : "oneOf"
                let text = variant.node["$ref"]?.string ?? ""
                warn("`\(keyword)` lists `\(text)` more than once; it is one variant.", variant)
                continue
            }
            references.append(reference)
            // A variant declared here is named after its position (`PetCase1`), or after its
            // case where an earlier pass named the case (`PetCat`, ``InlineVariantNames``).
            let location = DocumentSet.Reference(file: variant.file, pointer: variant.pointer)
            var variantName = name + "Case\(index + 1)"
            var namedByCase = false
            if reference == nil, let caseName = inlineVariantNames[location] {
                // The positional name as it would be shortened, with the case's words for its
                // position: where that fits in a type name unshortened, and no other type has it.
                let position = "Case\(index + 1)"
                let positional = Naming.shortened(Naming.typeName(variantName))
                let words = caseName.filter { $0 != "`" }
                let candidate =
                    String(positional.dropLast(position.count)) + words.prefix(1).uppercased() + words.dropFirst()
                if positional.hasSuffix(position), candidate.count <= Naming.typeNameLimit,
                    Naming.typeName(candidate) == candidate, !typeNames.isTaken(candidate)
                {
                    variantName = candidate
                    namedByCase = true
                }
            }
            let (type, _) = try convert(variant, name: variantName, exactName: false)
            if discriminator == nil, reference == nil, cases.contains(where: { $0.type == type }),
                !type.mentionsName(withPrefix: variantName)
            {
                // Two schemas that are one Swift type (pydantic's `list` and `set`, an array and
                // one of unique items, both `[JSONValue]`): the value lands in the first case
                // always, so a second would be a case no value reaches.
                references.removeLast()
                continue
            }
            // The mapping's values; else the variant's own `const` (or one-value enum) for the
            // property, which is what the wire carries; else, as the specification says, the
            // schema's name.
            var values: [String] = []
            if let discriminator {
                if let reference { values = mapping.filter { $0.1 == reference }.map(\.0) }
                if values.isEmpty, let constant = try constantValue(ofProperty: discriminator, in: variant) {
                    values = [constant.raw]
                }
                if values.isEmpty, let reference {
                    values = [try implicitDiscriminatorValue(of: reference, from: variant)]
                }
            }
            // A variant declared here is named by its position, as its type is (`case1`), not
            // by repeating the union's name; other variants by their type (`customer`, `string`).
            // (Its type's name may be shortened: compared as claimed.)
            let declaredHere =
                reference == nil
                && (namedByCase || type.mentionsName(withPrefix: variantName)
                    || type.mentionsName(withPrefix: Naming.shortened(Naming.typeName(variantName))))
            var extends: String?
            if declaredHere {
                var parents: [DocumentSet.Reference] = []
                for part in variant.items("allOf") {
                    if let parent = try documents.reference(of: part) { parents.append(parent) }
                }
                if parents.count == 1 { extends = referenced[parents[0]] }
            }
            cases.append(
                UnionModel.Case(
                    name: names.claim(declaredHere ? "case\(index + 1)" : caseName(for: type)), type: type,
                    discriminatorValues: values, title: declaredHere ? variant.node["title"]?.string : nil,
                    extends: extends))
            locations.append(declaredHere ? location : nil)
        }
        if discriminator != nil, cases.contains(where: { $0.discriminatorValues.isEmpty }) {
            warn(
                "Inline variants without a constant discriminator value are chosen by their keys, not by the discriminator.",
                schema)
        }
        var model = UnionModel(
            name: name, documentation: documentation, isDeprecated: deprecated, cases: cases,
            discriminator: discriminator, allowsSeveral: allowsSeveral)
        inlineVariantLocations[name] = locations
        unionSchemas[name] = schema
        if discriminator != nil, let entry = schema.child("discriminator")?.child("defaultMapping") {
            // OpenAPI 3.2: the variant of an object whose tag is missing or names no variant.
            let target =
                try referenceSchema(named: entry).map { located throws(GenerationError) in
                    try documents.reference(of: located)
                } ?? nil
            model.defaultCase = target.flatMap { target in references.firstIndex { $0 == target } }
            if model.defaultCase == nil {
                warn("The defaultMapping names no variant of this union; it is left out.", entry)
            }
        }
        return model
    }

    /// The discriminator value of a schema that no mapping names: its `x-ms-discriminator-value`
    /// (AutoRest's descriptions give each subtype its tag so, `#Microsoft.Media.JpgImage`), else,
    /// as OpenAPI says, the schema's name.
    func implicitDiscriminatorValue(of reference: DocumentSet.Reference, from schema: Located)
        throws(GenerationError) -> String
    {
        if let value = try documents.resolve(reference, from: schema).node["x-ms-discriminator-value"]?.string {
            return value
        }
        return reference.pointer.split(separator: "/").last.map { JSONPointer.unescape(String($0)) } ?? ""
    }

    /// A discriminator's mapping value (a URI reference or a bare schema name) as a schema that
    /// refers to its target, where the value stands: a value with a `#`, a `/` or a scheme
    /// (`#/…`, `pet.yaml#/Pet`, `urn:example:pet`) is a URI reference, any other a schema name.
    private func referenceSchema(named target: Located) -> Located? {
        guard let text = target.node.string else { return nil }
        let isReference = text.contains("#") || text.contains("/") || DocumentSet.hasScheme(text)
        let refText = isReference ? text : "#/components/schemas/\(text)"
        var reference = Mapping()
        reference.append("$ref", Node(.string(refText), at: target.node.location))
        return Located(
            node: Node(.mapping(reference), at: target.node.location), file: target.file, pointer: target.pointer)
    }

    /// The schema that holds a schema's `discriminator`: the schema, else an inline part of its
    /// `allOf`. Microsoft Graph's descriptions declare an intermediate parent's discriminator there
    /// (`directoryObject: allOf: [$ref: entity, {properties: …, discriminator: …}]`); the part is
    /// the schema's own definition, which nothing else can refer to.
    private func declaredDiscriminator(_ schema: Located) throws(GenerationError) -> Located? {
        if schema.node["discriminator"] != nil { return schema }
        for part in schema.items("allOf") where part.node["discriminator"] != nil {
            if try documents.reference(of: part) == nil { return part }
        }
        return nil
    }

    /// The values that the discriminators of a schema's `allOf` ancestors, for the same property,
    /// map to it: where `entity` maps `#microsoft.graph.directoryObject` to `directoryObject`, a
    /// `directoryObject` so tagged is that schema's own value in its own union too.
    private func valuesMapped(
        to reference: DocumentSet.Reference, byAncestorsOf schema: Located, property: String
    ) throws(GenerationError) -> [String] {
        var values: [String] = []
        var seen: Set<DocumentSet.Reference> = [reference]
        var queue = [schema]
        while let current = queue.popLast() {
            for part in current.items("allOf") {
                guard let parent = try documents.reference(of: part), seen.insert(parent).inserted else { continue }
                let resolved = try documents.resolve(parent, from: part)
                if let holder = try declaredDiscriminator(resolved),
                    holder.node["discriminator"]?["propertyName"]?.string == property
                {
                    for (value, target, _) in try discriminatorMapping(of: holder)
                    where target == reference && !values.contains(value) {
                        values.append(value)
                    }
                }
                queue.append(resolved)
            }
        }
        return values
    }

    /// The values a schema's `discriminator` maps to schemas, in order, with the schema each
    /// names and the entry (as a `$ref`, to resolve it from).
    func discriminatorMapping(of schema: Located) throws(GenerationError) -> [(
        value: String, target: DocumentSet.Reference, entry: Located
    )] {
        var mapping: [(String, DocumentSet.Reference, Located)] = []
        for (value, target) in schema.child("discriminator")?.entries("mapping") ?? [] {
            if let located = referenceSchema(named: target), let reference = try documents.reference(of: located) {
                mapping.append((value, reference, located))
            }
        }
        return mapping
    }

    // MARK: Polymorphism through allOf

    /// Which component schemas extend which through `allOf`.
    private var inheritance = SchemaInheritance()

    /// Whether each `pattern` takes only numbers (`integer ` or `number ` and the pattern), as
    /// ``numberReadFromText(_:types:)`` found it.
    private var numbersOnlyPatterns: [String: Bool] = [:]

    /// Whether a schema adds to what its `allOf` parts describe (another part, or keywords of
    /// its own that shape its value) rather than only naming or annotating one of them.
    private func addsToItsParts(_ schema: Located) throws(GenerationError) -> Bool {
        var shapingParts = 0
        for part in schema.items("allOf") where try !isAnnotationOnly(part) { shapingParts += 1 }
        return shapingParts >= 2
            || ["properties", "additionalProperties", "oneOf", "anyOf"].contains { schema.node[$0] != nil }
    }

    /// The union a reference to a schema means when the schema declares a `discriminator`
    /// without `oneOf` or `anyOf` and other schemas extend it through `allOf` (or its mapping
    /// names them): OpenAPI's polymorphism, where "all schemas comprising the parent schema in
    /// an `allOf` construct may be used as an alternate schema". Each extending schema is a case,
    /// told apart by the discriminator's value (its mapping, else the schema's `const` for the
    /// property, else its name); the schema's own properties are a `…Base` struct, the case for
    /// its own name. `nil` when no schema extends it: a plain struct.
    private func polymorphicUnion(_ schema: Located, at reference: DocumentSet.Reference, name: String)
        throws(GenerationError) -> UnionModel?
    {
        guard let holder = try declaredDiscriminator(schema),
            let property = holder.node["discriminator"]?["propertyName"]?.string,
            schema.node["oneOf"] == nil, schema.node["anyOf"] == nil, holder.node["oneOf"] == nil,
            holder.node["anyOf"] == nil
        else { return nil }
        let mapping = try discriminatorMapping(of: holder)
        let inheritedValues = try valuesMapped(to: reference, byAncestorsOf: schema, property: property)
        // A value mapped to a schema that only names this one is this schema's own value.
        var mapped: [(value: String, target: DocumentSet.Reference)] = []
        for (value, target, entry) in mapping {
            var effective = target
            if target != reference, try onlyNames(reference, documents.resolve(target, from: entry)) {
                effective = reference
            }
            mapped.append((value, effective))
        }
        let descendants = inheritance.descendants(of: reference)
        var variants = descendants.filter(\.isExtension).map(\.reference)
        for (_, target) in mapped where target != reference && !variants.contains(target) {
            variants.append(target)
        }
        guard !variants.isEmpty else { return nil }
        func implicitValue(_ reference: DocumentSet.Reference) throws(GenerationError) -> String {
            try implicitDiscriminatorValue(of: reference, from: schema)
        }
        /// A schema's values: the mapping's, else its `const` for the property, else its name
        /// (which a mapping of the schema itself replaces); and the names of the schemas that
        /// only name it (`Reptile: allOf: [$ref: Pet]`) and have no mapping of their own.
        func values(of target: DocumentSet.Reference) throws(GenerationError) -> [String] {
            var values = mapped.filter { $0.target == target }.map(\.value)
            if target == reference { values += inheritedValues.filter { !values.contains($0) } }
            if target != reference && values.isEmpty,
                let constant = try constantValue(ofProperty: property, in: documents.resolve(target, from: schema))
            {
                values = [constant.raw]
            }
            let nameIsMapped =
                target == reference
                ? mapping.contains { $0.target == target } || !inheritedValues.isEmpty : !values.isEmpty
            if !nameIsMapped { values.append(try implicitValue(target)) }
            for name in descendants where !name.isExtension && name.caseOf == target {
                guard !mapping.contains(where: { $0.target == name.reference }) else { continue }
                values.append(try implicitValue(name.reference))
            }
            return values
        }
        var names = UniqueNames(reserved: ["undocumented"])
        var cases: [UnionModel.Case] = []
        var claimed: Set<String> = []
        for variant in variants {
            let values = try values(of: variant)
            claimed.formUnion(values)
            let type = try namedType(for: variant, from: schema)
            cases.append(
                UnionModel.Case(name: names.claim(caseName(for: type)), type: type, discriminatorValues: values))
        }
        let ownValues = try values(of: reference).filter { !claimed.contains($0) }
        let documentation = Self.documentation(schema)
        let deprecated = schema.node["deprecated"]?.bool == true
        let baseName = typeNames.claim(name + "Base")
        let baseNote =
            "The properties every `\(name)` has: the value whose `\(property)` names `\(name)` itself, not a schema that extends it."
        let base = try makeStruct(
            name: baseName, parts: [schema], documentation: documentation.map { $0 + "\n\n" + baseNote } ?? baseNote,
            deprecated: deprecated)
        declare(.structure(base), inline: false)
        if !ownValues.isEmpty {
            let type = SwiftType.named(baseName)
            cases.append(
                UnionModel.Case(name: names.claim(caseName(for: type)), type: type, discriminatorValues: ownValues))
        }
        let union = UnionModel(
            name: name,
            documentation: (documentation.map { $0 + "\n\n" } ?? "")
                + "`\(name)` itself or a schema that extends it through `allOf`, told apart by `\(property)`.",
            isDeprecated: deprecated, cases: cases, discriminator: property, allowsSeveral: false)
        // The parent's and its extensions' examples, checked as the union too (each expected in
        // the case its tag names: `expectingTaggedCases`).
        recordExamples(of: schema, type: .named(name), asPartOf: name)
        for variant in variants {
            recordExamples(of: try documents.resolve(variant, from: schema), type: .named(name), asPartOf: name)
        }
        return union
    }

    /// Whether a schema only names `target`: a `$ref` to it, or an `allOf` whose one part that
    /// shapes the value does, with nothing of its own, followed through other such names.
    private func onlyNames(_ target: DocumentSet.Reference, _ schema: Located) throws(GenerationError) -> Bool {
        var current = schema
        for _ in 0..<64 {
            if let reference = try documents.reference(of: current) {
                if reference == target { return true }
                current = try documents.resolve(reference, from: current)
                continue
            }
            guard try !addsToItsParts(current) else { return false }
            var shaping: [Located] = []
            for part in current.items("allOf") where try !isAnnotationOnly(part) { shaping.append(part) }
            guard shaping.count == 1 else { return false }
            current = shaping[0]
        }
        return false
    }

    /// `integer` or `number` when a schema describes a number that a string of its digits may
    /// stand for: its types are that kind and `string`, with a `pattern` that takes only numbers
    /// (`^-?(?:0|[1-9]\\d*)$`), or it has no type but a number's `format` (`int32`, `double`) and
    /// such a pattern. Any other string would be a different value: such a schema stays a union
    /// (and one with no type and no pattern a `JSONValue`).
    func numberReadFromText(_ schema: Located, types: [String]) -> String? {
        let pattern = schema.node["pattern"]?.string
        func takesOnlyNumbers(integers: Bool) -> Bool {
            guard let pattern else { return false }
            // A description repeats one pattern on every number (ASP.NET's): each is tried once.
            let key = (integers ? "integer " : "number ") + pattern
            if let known = numbersOnlyPatterns[key] { return known }
            var result = false
            if let expression = try? NSRegularExpression(pattern: pattern) {
                func matches(_ text: String) -> Bool {
                    expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                }
                let numbers = integers ? ["0", "7", "-42", "2147483647"] : ["0", "-42", "1.5", "0.25"]
                result = numbers.allSatisfy(matches) && !["", "a", "1a", "one", "1 2", "--1"].contains(where: matches)
            }
            numbersOnlyPatterns[key] = result
            return result
        }
        switch Set(types) {
        case ["integer", "string"]: return takesOnlyNumbers(integers: true) ? "integer" : nil
        case ["number", "string"]: return takesOnlyNumbers(integers: false) ? "number" : nil
        case []:
            switch schema.node["format"]?.string {
            case "int32", "int64", "uint64": return takesOnlyNumbers(integers: true) ? "integer" : nil
            case "float", "double", "decimal": return takesOnlyNumbers(integers: false) ? "number" : nil
            default: return nil
            }
        default: return nil
        }
    }

    private func caseName(for type: SwiftType) -> String {
        switch type {
        case .named(let name): Naming.memberName(name)
        case .builtin(let name): Naming.memberName(String(name.split(separator: ".").last ?? "value"))
        case .array(let element): caseName(for: element) + "Array"
        case .dictionary(let value): caseName(for: value) + "Dictionary"
        case .optional(let wrapped): caseName(for: wrapped)
        }
    }

    // MARK: Defaults and constants

    /// A schema's `default`, following one `$ref`.
    private func defaultNode(_ schema: Located) throws(GenerationError) -> Node? {
        if let node = schema.node["default"] { return node }
        guard let reference = try documents.reference(of: schema) else { return nil }
        return try documents.resolve(reference, from: schema).node["default"]
    }

    /// A schema's `default` as a sentence for its documentation, following one `$ref`.
    private func defaultNote(_ schema: Located) throws(GenerationError) -> String? {
        try warnAboutDefaultOfAnotherKind(schema)
        let text: String
        switch try defaultNode(schema)?.value {
        case .string(let value): text = Naming.stringLiteral(value)
        case .integer(let number): text = String(number)
        case .largeInteger(let digits): text = digits
        case .double(let number): text = String(number)
        case .bool(let flag): text = String(flag)
        case .null: text = "null"
        case .sequence(let items) where items.isEmpty: text = "[]"
        default: return nil
        }
        return "The server's default: `\(text)`."
    }

    /// Warns where a schema's own `default` is not of a kind its `type` allows (utoipa writes
    /// `type: boolean, default: "false"`): it is documented as written, so the description's
    /// author should hear of it.
    private func warnAboutDefaultOfAnotherKind(_ schema: Located) throws(GenerationError) {
        guard let located = schema.child("default") else { return }
        let types = try typeList(schema)
        guard !types.isEmpty else { return }
        let kind: String
        switch located.node.value {
        case .string: kind = "string"
        case .integer, .largeInteger: kind = types.contains("number") ? "number" : "integer"
        case .double(let number):
            kind = number == number.rounded() && types.contains("integer") ? "integer" : "number"
        case .bool: kind = "boolean"
        case .null: kind = schema.node["nullable"]?.bool == true ? types[0] : "null"
        case .sequence: kind = "array"
        case .mapping: kind = "object"
        }
        guard !types.contains(kind) else { return }
        func withArticle(_ word: String) -> String { ("aeiou".contains(word.prefix(1)) ? "an " : "a ") + word }
        let allowed = types.count == 1 ? withArticle(types[0]) : "one of " + types.joined(separator: ", ")
        warn("The default is \(withArticle(kind)), not \(allowed); it is documented as written.", located)
    }

    /// The single value a schema allows (`const`, or an `enum` of one value), following
    /// `$ref`s and `allOf` parts; `nil` when it allows more, or a value that is not a string,
    /// integer or boolean.
    func constantValue(_ schema: Located, depth: Int = 0) throws(GenerationError) -> ConstantValue? {
        guard depth < 16, schema.node.mapping != nil else { return nil }
        if let reference = try documents.reference(of: schema) {
            return try constantValue(documents.resolve(reference, from: schema), depth: depth + 1)
        }
        var values: [Node]? = schema.node["enum"]?.sequence
        if values == nil, let constant = schema.node["const"] { values = [constant] }
        if let values {
            guard values.count == 1 else { return nil }
            switch values[0].value {
            case .string(let text): return .string(text)
            case .integer(let number): return .integer(number)
            case .bool(let flag): return .boolean(flag)
            default: return nil
            }
        }
        for part in schema.items("allOf") {
            if let value = try constantValue(part, depth: depth + 1) { return value }
        }
        return nil
    }

    /// The single value a variant's `property` allows, looked up through `$ref`s and `allOf`.
    private func constantValue(ofProperty property: String, in variant: Located, depth: Int = 0) throws(GenerationError)
        -> ConstantValue?
    {
        guard depth < 16, variant.node.mapping != nil else { return nil }
        if let reference = try documents.reference(of: variant) {
            return try constantValue(
                ofProperty: property, in: documents.resolve(reference, from: variant), depth: depth + 1)
        }
        for (key, schema) in variant.entries("properties") where key == property {
            if let value = try constantValue(schema) { return value }
        }
        for part in variant.items("allOf") {
            if let value = try constantValue(ofProperty: property, in: part, depth: depth + 1) { return value }
        }
        return nil
    }

    /// Writes each constant property's value, and each required property's default, as a Swift
    /// expression of its type, once every enum is converted; a property whose type cannot express
    /// its constant is left an argument.
    func resolveConstants() {
        var aliases: [String: SwiftType] = [:]
        for placed in declarations {
            if case .alias(let model) = placed.declaration { aliases[model.name] = model.target }
        }
        func expression(_ constant: ConstantValue, _ type: SwiftType) -> String? {
            switch (type, constant) {
            case (.builtin("Swift.String"), .string(let text)): return Naming.stringLiteral(text)
            case (.builtin("Swift.Int"), .integer(let number)), (.builtin("Swift.Int64"), .integer(let number)),
                (.builtin("Swift.Int32"), .integer(let number)):
                return String(number)
            case (.builtin("Swift.UInt64"), .integer(let number)): return number >= 0 ? String(number) : nil
            case (.builtin("Swift.Bool"), .boolean(let flag)): return String(flag)
            case (.named(let name), _):
                if let model = enumModels[name] {
                    return model.cases.first { $0.raw == constant.raw }.map { "." + Naming.escaped($0.name) }
                }
                if let target = aliases[name] { return expression(constant, target) }
                return nil
            default: return nil
            }
        }
        for index in declarations.indices {
            guard case .structure(var model) = declarations[index].declaration,
                model.properties.contains(where: { $0.constant != nil || $0.defaultNode != nil })
            else { continue }
            for propertyIndex in model.properties.indices {
                let type = model.properties[propertyIndex].type
                if let constant = model.properties[propertyIndex].constant {
                    // Qualified by its type: an optional property's `.none` would be `Optional.none`.
                    model.properties[propertyIndex].constantExpression = expression(constant, type).map {
                        if case .named(let name) = type, $0.hasPrefix(".") { return name + $0 }
                        return $0
                    }
                }
                if let node = model.properties[propertyIndex].defaultNode {
                    model.properties[propertyIndex].defaultExpression = defaultExpression(node, type)
                }
            }
            declarations[index].declaration = .structure(model)
        }

        func defaultExpression(_ node: Node, _ type: SwiftType) -> String? {
            switch (type, node.value) {
            case (.named, .string(let text)): return expression(.string(text), type)
            case (.named, .integer(let number)): return expression(.integer(number), type)
            case (.builtin("Swift.String"), .string(let text)): return Naming.stringLiteral(text)
            case (.builtin("Swift.Int"), .integer(let number)), (.builtin("Swift.Int64"), .integer(let number)),
                (.builtin("Swift.Int32"), .integer(let number)), (.builtin("Swift.Double"), .integer(let number)),
                (.builtin("Swift.Float"), .integer(let number)):
                return String(number)
            case (.builtin("Swift.UInt64"), .integer(let number)): return number >= 0 ? String(number) : nil
            case (.builtin("Swift.Double"), .double(let number)), (.builtin("Swift.Float"), .double(let number)):
                return number.isFinite ? String(number) : nil
            case (.builtin("Foundation.Decimal"), .integer(let number)): return String(number)
            case (.builtin("Foundation.Decimal"), .double(let number)):
                // The shortest text that reads back as the number the description wrote.
                return number.isFinite ? "Foundation.Decimal(string: \"\(number)\")!" : nil
            case (.builtin("Swift.Bool"), .bool(let flag)): return flag ? "true" : "false"
            case (.array, .sequence(let items)) where items.isEmpty: return "[]"
            default: return nil
            }
        }
    }

    /// Turns each inline declaration that repeats another into an alias of it
    /// (``InlineTypeSharing``); error bodies share only with error bodies.
    func shareIdenticalInlineTypes(errorBodies: Set<String>) {
        declarations = InlineTypeSharing.share(declarations, errorBodies: errorBodies)
    }

    // MARK: Recursion

    /// Marks the aliases whose target mentions themselves, directly or through other aliases
    /// (`Tree = [String: Tree]`, `List = [Pair]` with `Pair = [List]`), so that each is written
    /// as a struct: one per cycle, the first by name, which is enough to break it.
    ///
    /// Aliases that reach themselves through references alone, with no collection between
    /// (`A: {$ref: B}` beside `B: {$ref: A}`, `C: {$ref: C}`), describe no value: JSON Schema
    /// leaves such a loop undefined, and a struct holding itself would have no size. Each is a
    /// free-form JSON value, with a warning.
    /// The types of `anyOf: [{type: string}, {enum: [...]}]` values: enums, or aliases of them.
    private var anyStringTypes: [SwiftType] = []

    /// Marks the enums that stand for "a listed value or any string" (``anyStringTypes``), once
    /// every declaration is known (a `$ref`'d enum may be declared after the value that uses it).
    func markEnumsTakingAnyString() {
        let index = DeclarationIndex(declarations)
        var names: Set<String> = []
        for type in anyStringTypes {
            if case .named(let name) = index.resolved(type) { names.insert(name) }
        }
        for position in declarations.indices {
            guard case .enumeration(var model) = declarations[position].declaration, names.contains(model.name)
            else { continue }
            model.takesAnyString = true
            declarations[position].declaration = .enumeration(model)
        }
    }

    func wrapRecursiveAliases() {
        var aliases: [String: Int] = [:]
        for (index, placed) in declarations.enumerated() {
            if case .alias(let model) = placed.declaration { aliases[model.name] = index }
        }
        func target(_ name: String) -> SwiftType? {
            guard let index = aliases[name], case .alias(let model) = declarations[index].declaration else {
                return nil
            }
            return model.target
        }
        func reachesItself(_ name: String, _ edges: (String) -> [String]) -> Bool {
            Self.reaches(name, from: edges(name), edges: edges)
        }
        func referenceOnly(_ name: String) -> [String] {
            switch target(name) {
            case .named(let next)?, .optional(.named(let next))?: aliases[next] != nil ? [next] : []
            default: []
            }
        }
        let schemas = Dictionary(pending.map { ($0.2, $0.1) }, uniquingKeysWith: { first, _ in first })
        for name in aliases.keys.sorted() where reachesItself(name, referenceOnly) {
            guard let index = aliases[name], case .alias(var model) = declarations[index].declaration else { continue }
            model.target = .json
            declarations[index].declaration = .alias(model)
            if let schema = schemas[name] {
                warn(
                    "The schema refers only to itself and describes no value; generated as a free-form JSON value.",
                    schema)
            }
        }
        var wrapped: Set<String> = []
        func edges(_ name: String) -> [String] {
            (target(name)?.namedTypes ?? []).filter { aliases[$0] != nil && !wrapped.contains($0) }
        }
        for name in aliases.keys.sorted() where reachesItself(name, edges) {
            guard let index = aliases[name], case .alias(var model) = declarations[index].declaration else { continue }
            model.isRecursive = true
            declarations[index].declaration = .alias(model)
            wrapped.insert(name)
        }
    }

    /// Marks each union case whose type leads back to its own union through unions, aliases and
    /// optionals only, which decode the same value (`Item: oneOf: [Item, Reference]`, or `A:
    /// oneOf: [B, …]` with `B: oneOf: [A, …]`), and warns about it. Decoding such a case would
    /// decode the same union from the same value again, without end; the generated code guards
    /// it so that it fails where it meets its own union again (`UnionVariant.decodeLeadingBack`),
    /// which by JSON Schema's rules loses no value: the way back accepts only what the union's
    /// other variants do.
    func markVariantsLeadingBack() {
        var index: [String: Int] = [:]
        for (position, placed) in declarations.enumerated() { index[placed.declaration.name] = position }
        func sameValue(_ type: SwiftType) -> [String] {
            switch type {
            case .named(let name): [name]
            case .optional(let wrapped): sameValue(wrapped)
            default: []
            }
        }
        func edges(_ name: String) -> [String] {
            guard let position = index[name] else { return [] }
            switch declarations[position].declaration {
            case .alias(let model): return sameValue(model.target)
            case .union(let model): return model.cases.flatMap { sameValue($0.type) }
            default: return []
            }
        }
        for position in declarations.indices {
            guard case .union(var model) = declarations[position].declaration else { continue }
            var marked: [String] = []
            for caseIndex in model.cases.indices
            where Self.reaches(model.name, from: sameValue(model.cases[caseIndex].type), edges: edges) {
                model.cases[caseIndex].leadsBack = true
                marked.append(model.cases[caseIndex].name.filter { $0 != "`" })
            }
            guard !marked.isEmpty else { continue }
            declarations[position].declaration = .union(model)
            if let schema = unionSchemas[model.name] {
                let keyword = model.allowsSeveral ? "anyOf" : "oneOf"
                warn(
                    "`\(keyword)` leads back to this union through unions only (case \(marked.joined(separator: ", "))): "
                        + "a value reaches it again without being read, so that way accepts nothing the other "
                        + "alternatives do not; decoding fails there rather than recursing.",
                    schema)
            }
        }
    }

    /// Whether `goal` is among `starts` or the names their `edges` lead to, searched with a
    /// stack of our own (a chain of declarations may be long).
    private static func reaches(_ goal: String, from starts: [String], edges: (String) -> [String]) -> Bool {
        var stack = starts
        var visited: Set<String> = []
        while let next = stack.popLast() {
            if next == goal { return true }
            guard visited.insert(next).inserted else { continue }
            stack.append(contentsOf: edges(next))
        }
        return false
    }

    /// Marks properties that make a struct contain itself, so they are stored out of line.
    func boxRecursiveProperties() {
        var structs: [String: Int] = [:]
        var aliases: [String: SwiftType] = [:]
        for (index, placed) in declarations.enumerated() {
            switch placed.declaration {
            case .structure(let model): structs[model.name] = index
            case .alias(let model): aliases[model.name] = model.target
            default: break
            }
        }
        func directStruct(_ type: SwiftType) -> String? {
            guard case .named(var name) = type else { return nil }
            var hops = 0
            while let target = aliases[name], case .named(let next) = target, hops < 64 {
                name = next
                hops += 1
            }
            return structs[name] != nil ? name : nil
        }
        func edges(_ name: String) -> [String] {
            guard let index = structs[name], case .structure(let model) = declarations[index].declaration else {
                return []
            }
            return model.properties.filter { !$0.isBoxed }.compactMap { directStruct($0.type) }
                + model.variants.compactMap { directStruct($0.type) }
        }
        func reaches(_ start: String, _ goal: String) -> Bool {
            Self.reaches(goal, from: [start], edges: edges)
        }
        for name in structs.keys.sorted() {
            guard let index = structs[name], case .structure(var model) = declarations[index].declaration else {
                continue
            }
            var changed = false
            for propertyIndex in model.properties.indices {
                guard let target = directStruct(model.properties[propertyIndex].type), reaches(target, name) else {
                    continue
                }
                model.properties[propertyIndex].isBoxed = true
                changed = true
                // Update the stored model before checking the next property, so one box per cycle suffices.
                declarations[index].declaration = .structure(model)
            }
            if changed { declarations[index].declaration = .structure(model) }
        }
    }
}
