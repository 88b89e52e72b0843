/// Writes model declarations: structs, forward-compatible enums, unions and aliases.
struct ModelRenderer {
    let access: String
    /// How error bodies conform to `ServerErrorBody`.
    let errorBodies: ErrorBodyConformances
    /// Every declaration, so that a value named by an alias is coded as what it stands for.
    let declarations: DeclarationIndex

    /// What a type is for coding: its aliases followed throughout (`Timestamp` is a `Date`,
    /// which a union case must read through the decoder's container, not `Date(from:)`).
    private func coded(_ type: SwiftType) -> SwiftType { declarations.resolvedThroughout(type) }

    /// The expression that decodes a union's case of a type from the union's decoder.
    private func decoding(_ type: SwiftType) -> String {
        // A number a `Double` would round goes to another variant that keeps it, if any.
        switch coded(type) {
        case .double: return "Courier.UnionVariant.decodeDouble(from: decoder)"
        case .array(.double): return "Courier.UnionVariant.decodeDoubles(from: decoder)"
        case .dictionary(.double): return "Courier.UnionVariant.decodeDoubleValues(from: decoder)"
        default: break
        }
        if coded(type).isCodedByContainer {
            return "Courier.UnionVariant.decodeValue(\(type.code).self, from: decoder)"
        }
        return "\(type.code)(from: decoder)"
    }

    func render(_ declaration: Declaration, into writer: inout SwiftWriter) {
        switch declaration {
        case .structure(let model): renderStruct(model, into: &writer)
        case .enumeration(let model): renderEnum(model, into: &writer)
        case .union(let model): renderUnion(model, into: &writer)
        case .alias(let model) where model.isRecursive: renderRecursiveAlias(model, into: &writer)
        case .alias(let model):
            writer.doc(model.documentation)
            writer.line("\(access) typealias \(model.name) = \(model.target.code)")
        case .errorUnion(let model): renderErrorUnion(model, into: &writer)
        case .multipartForm(let model): renderMultipartForm(model, into: &writer)
        case .responseUnion(let model): renderResponseUnion(model, into: &writer)
        }
        if let message = errorBodies.declared[declaration.name] {
            renderErrorConformance(declaration.name, message: message, into: &writer)
        }
    }

    /// Whether a type conforms to `ServerErrorBody` in the generated code.
    func conformsToErrorBody(_ name: String) -> Bool { errorBodies.conforming.contains(name) }

    private func storedType(_ property: PropertyModel) -> String {
        let base = property.isBoxed ? "Courier.Indirect<\(property.type.code)>" : property.type.code
        return property.isOptional ? base + "?" : base
    }

    private func publicType(_ property: PropertyModel) -> String {
        property.isOptional ? property.type.code + "?" : property.type.code
    }

    /// A deprecated type is marked in its documentation: an `@available(*, deprecated)` type
    /// would warn wherever other generated declarations mention it.
    private func deprecationNote(_ documentation: String?, _ deprecated: Bool) -> String? {
        guard deprecated else { return documentation }
        return (documentation.map { $0 + "\n\n" } ?? "") + "- Warning: Deprecated in the API description."
    }

    private func renderStruct(_ model: StructModel, into writer: inout SwiftWriter) {
        writer.doc(deprecationNote(model.documentation, model.isDeprecated))
        writer.block("\(access) struct \(model.name): Swift.Codable, Swift.Hashable, Swift.Sendable") { writer in
            for property in model.properties {
                writer.doc(property.documentation)
                if property.isDeprecated { writer.line("@available(*, deprecated)") }
                let name = Naming.escaped(property.swiftName)
                if property.isBoxed {
                    writer.block("\(access) var \(name): \(publicType(property))") { writer in
                        if property.isOptional {
                            writer.line("get { _\(property.swiftName)?.value }")
                            writer.line("set { _\(property.swiftName) = newValue.map(Courier.Indirect.init) }")
                        } else {
                            writer.line("get { _\(property.swiftName).value }")
                            writer.line("set { _\(property.swiftName) = Courier.Indirect(newValue) }")
                        }
                    }
                    writer.line("private var _\(property.swiftName): \(storedType(property))")
                } else if property.isDeprecated {
                    writer.block("\(access) var \(name): \(publicType(property))") { writer in
                        writer.line("get { _\(property.swiftName) }")
                        writer.line("set { _\(property.swiftName) = newValue }")
                    }
                    writer.line("private var _\(property.swiftName): \(storedType(property))")
                } else {
                    writer.line("\(access) var \(name): \(storedType(property))")
                }
            }
            if let additional = model.additionalProperties {
                writer.line(
                    model.allowsUndeclaredKeys
                        ? "/// Keys the schema does not declare, with their values."
                        : "/// Keys the schema does not declare and allows none of, kept if a server sends them.")
                writer.line("\(access) var additionalProperties: [Swift.String: \(additional.code)]")
            }
            for variant in model.variants {
                writer.line(
                    "/// The alternative (`\(variant.keyword)`) this value also matches, decoded from the same JSON object."
                )
                writer.line("\(access) var \(Naming.escaped(variant.swiftName)): \(variant.type.code)")
            }
            if model.properties.contains(where: \.tracksNull) {
                // Never a property's storage, which is `_` and a member name (never `_…` but `_self`).
                writer.line(
                    model.offersSetNull
                        ? "/// The optional keys that go as `null`: read as `null`, or set with ``setNull(_:)``."
                        : "/// The optional keys read as `null`, written as `null` again.")
                writer.line("private var \(Self.explicitNulls) = Courier.ExplicitNulls()")
            }
            writer.line()
            renderInitializer(model, into: &writer)
            if model.offersSetNull {
                writer.line()
                renderSetNull(model, into: &writer)
            }
            writer.line()
            renderDecoding(model, into: &writer)
            writer.line()
            renderEncoding(model, into: &writer)
        }
    }

    private func renderInitializer(_ model: StructModel, into writer: inout SwiftWriter) {
        let constants = model.properties.filter { $0.constantExpression != nil }
        if constants.isEmpty {
            writer.line("/// Creates a value with every property.")
        } else {
            let quoted = constants.map { "`\($0.jsonName)`" }
            let names =
                quoted.count == 1
                ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
            writer.line(
                constants.count == 1
                    ? "/// Creates a value; \(names), which the description allows one value for, is filled in."
                    : "/// Creates a value; \(names), which the description allows one value each for, are filled in."
            )
        }
        var parameters: [String] = model.properties.filter { $0.constantExpression == nil }.map { property in
            let name = Naming.escaped(property.swiftName)
            if property.isOptional { return "\(name): \(publicType(property)) = nil" }
            if let value = property.defaultExpression ?? property.tagDefault {
                return "\(name): \(publicType(property)) = \(value)"
            }
            return "\(name): \(publicType(property))"
        }
        for variant in model.variants {
            parameters.append("\(Naming.escaped(variant.swiftName)): \(variant.type.code)")
        }
        if let additional = model.additionalProperties {
            parameters.append("additionalProperties: [Swift.String: \(additional.code)] = [:]")
        }
        writer.block("\(access) init(\(parameters.joined(separator: ", ")))") { writer in
            for property in model.properties {
                let name = Naming.escaped(property.swiftName)
                let value = property.constantExpression ?? name
                if property.isBoxed {
                    let wrap =
                        property.isOptional && property.constantExpression == nil
                        ? "\(value).map(Courier.Indirect.init)" : "Courier.Indirect(\(value))"
                    writer.line("self._\(property.swiftName) = \(wrap)")
                } else if property.isDeprecated {
                    writer.line("self._\(property.swiftName) = \(value)")
                } else {
                    writer.line("self.\(name) = \(value)")
                }
            }
            for variant in model.variants {
                let name = Naming.escaped(variant.swiftName)
                writer.line("self.\(name) = \(name)")
            }
            if model.additionalProperties != nil { writer.line("self.additionalProperties = additionalProperties") }
        }
    }

    /// The key of a property in its JSON object, by name. Keys are `AnyCodingKey`s made from
    /// literals, not a `CodingKeys` enum per struct: the compiler builds one shared key type
    /// instead of an enum, its conformances and its string switches for every struct (a sixth of
    /// a debug build). Properties are read and written with `decodeValue(_:at:)` and its siblings,
    /// one function each rather than the twenty-odd overloads of `decode(_:forKey:)`, which the
    /// compiler would weigh at every line (a fifteenth of a debug build of Stripe's module).
    private func key(_ property: PropertyModel) -> String {
        Naming.stringLiteral(property.jsonName)
    }

    /// The stored property holding the keys read as `null`.
    private static let explicitNulls = "__explicitNulls"

    /// The keys a sent value can send as `null`, and the method that does: a server that merges
    /// what it is sent (`PATCH`) reads a key's `null` as "clear this value", and its absence as
    /// "keep it".
    private func renderSetNull(_ model: StructModel, into writer: inout SwiftWriter) {
        let properties = model.properties.filter(\.canBeSentAsNull)
        writer.line("/// The optional keys that may be sent as `null`, with ``setNull(_:)``.")
        writer.block(
            "\(access) enum NullableKey: Swift.Hashable, Swift.Sendable"
        ) { writer in
            // No raw values: a key named `rawValue` or `allCases` would clash with the conformance's own.
            for property in properties {
                let text = property.jsonName.replacingOccurrences(of: "`", with: "'").split(whereSeparator: \.isNewline)
                writer.line("/// The `\(text.joined(separator: " "))` key.")
                writer.line("case \(Naming.escaped(property.swiftName))")
            }
        }
        writer.line()
        writer.line("/// Sets the property of `key` to `nil` and sends the key as `null`, as a server that merges")
        writer.line("/// what it is sent (`PATCH`) reads as \"clear this value\". A property that is `nil` otherwise")
        writer.line("/// is left out (\"keep it\"); setting the property again sends its value.")
        writer.block("\(access) mutating func setNull(_ key: NullableKey)") { writer in
            writer.switchBlock("key") { writer in
                for property in properties {
                    writer.line("case .\(Naming.escaped(property.swiftName)):")
                    writer.indented { writer in
                        writer.line("self.\(Naming.escaped(property.storageName)) = nil")
                        writer.line("self.\(Self.explicitNulls).insert(\(key(property)))")
                    }
                }
            }
        }
    }

    private func renderDecoding(_ model: StructModel, into writer: inout SwiftWriter) {
        writer.line(
            !model.variants.isEmpty
                ? "/// Decodes the properties, then the alternatives from the same object."
                : "/// Decodes the value from a JSON object.")
        writer.block("\(access) init(from decoder: any Swift.Decoder) throws") { writer in
            if model.properties.isEmpty && model.additionalProperties == nil {
                writer.line("_ = try Courier.UnionVariant.objectContainer(decoder)")
            } else {
                writer.line("let container = try Courier.UnionVariant.objectContainer(decoder)")
            }
            for property in model.properties {
                let stored = property.isBoxed ? "Courier.Indirect<\(property.type.code)>" : property.type.code
                let target = "self.\(Naming.escaped(property.storageName))"
                let decode = coded(property.type).holdsNestedURLs ? "decodeURLs" : "decodeValue"
                if let value = property.defaultExpression {
                    // A required key with a default: a server that leaves it out means the
                    // default; a `null` is an error, as for any required key.
                    let fallback = property.isBoxed ? "Courier.Indirect(\(value))" : value
                    writer.line(
                        decode == "decodeValue"
                            ? "\(target) = try container.decodeValue(\(stored).self, at: \(key(property)), ifMissing: \(fallback))"
                            : "\(target) = container.contains(Courier.AnyCodingKey(\(key(property)))) ? try container.\(decode)(\(stored).self, at: \(key(property))) : \(fallback)"
                    )
                } else if property.isOptional {
                    writer.line("\(target) = try container.\(decode)IfPresent(\(stored).self, at: \(key(property)))")
                } else {
                    writer.line("\(target) = try container.\(decode)(\(stored).self, at: \(key(property)))")
                }
            }
            let tracksNulls = model.properties.contains(where: \.tracksNull)
            // The declared keys read as `null`, noted as the undeclared ones are listed.
            let nulls = tracksNulls ? ", nulls: &self.\(Self.explicitNulls)" : ""
            let listsUndeclaredKeys =
                model.additionalProperties == .json && !model.undeclaredKeysAreDescribed && !model.properties.isEmpty
            if listsUndeclaredKeys {
                // Keys JSON Schema allows without describing them: one call, cheaper to compile than a switch per struct.
                let names = model.properties.map(\.jsonName)
                writer.line(
                    Naming.isSpaceSeparable(names)
                        // Inline: a static property per struct costs the compiler a declaration,
                        // accessors and a one-time initializer each.
                        ? "self.additionalProperties = try container.undeclaredValues(declaredNames: \(Naming.stringLiteral(names.joined(separator: " ")))\(nulls))"
                        : "self.additionalProperties = try container.undeclaredValues(declared: Self._declaredKeys\(nulls))"
                )
            } else if let additional = model.additionalProperties {
                writer.line("var additionalProperties: [Swift.String: \(additional.code)] = [:]")
                let decode =
                    coded(additional).holdsNestedURLs
                    ? "additionalProperties[key.stringValue] = try container.decodeURLs(\(additional.code).self, at: key.stringValue)"
                    : "additionalProperties[key.stringValue] = try container.decode(\(additional.code).self, forKey: key)"
                writer.block("for key in container.allKeys") { writer in
                    if model.properties.isEmpty {
                        writer.line(decode)
                    } else {
                        // Declared keys are skipped by a switch on literals: nothing is built per decode.
                        let declared = model.properties.map { Naming.stringLiteral($0.jsonName) }
                        writer.switchBlock("key.stringValue") { writer in
                            writer.line("case \(declared.joined(separator: ", ")): continue")
                            writer.line("default: \(decode)")
                        }
                    }
                }
                writer.line("self.additionalProperties = additionalProperties")
            }
            if tracksNulls && !listsUndeclaredKeys {
                // One pass over the object, rather than a second lookup for each `nil`.
                writer.line("self.\(Self.explicitNulls) = try Courier.ExplicitNulls(of: container, decoder: decoder)")
            }
            let ownKeys = model.properties.map { Naming.stringLiteral($0.jsonName) }.joined(separator: ", ")
            for variant in model.variants {
                let decode = "try \(variant.type.code)(from: decoder)"
                writer.line(
                    "self.\(Naming.escaped(variant.swiftName)) = "
                        + (ownKeys.isEmpty
                            ? decode : "try Courier.EnclosingKeys.decode([\(ownKeys)], decoder: decoder) { \(decode) }")
                )
            }
        }
        if model.additionalProperties == .json && !model.undeclaredKeysAreDescribed && !model.properties.isEmpty
            && !Naming.isSpaceSeparable(model.properties.map(\.jsonName))
        {
            // Names the inline literal cannot hold (empty, or with a space): built once, not per decode.
            let declared = Naming.keyNamesLiteral(model.properties.map(\.jsonName))
            writer.line()
            writer.line("/// The keys the schema declares; the others are kept in `additionalProperties`.")
            writer.line("private static let _declaredKeys: Courier.KeyNames = \(declared)")
        }
    }

    private func renderEncoding(_ model: StructModel, into writer: inout SwiftWriter) {
        writer.line(
            !model.variants.isEmpty
                ? "/// Encodes the alternatives, then the properties, into one object."
                : model.additionalProperties != nil
                    ? "/// Encodes the value as a JSON object, with any additional properties."
                    : "/// Encodes the value as a JSON object.")
        writer.block("\(access) func encode(to encoder: any Swift.Encoder) throws") { writer in
            // The alternatives first: the struct's own properties win where keys overlap.
            for variant in model.variants {
                writer.line("try self.\(Naming.escaped(variant.swiftName)).encode(to: encoder)")
            }
            if model.properties.isEmpty && model.additionalProperties == nil {
                // An empty object, not nothing (which JSONEncoder refuses at the top level).
                if model.variants.isEmpty { writer.line("_ = encoder.container(keyedBy: Courier.AnyCodingKey.self)") }
                return
            }
            writer.line("var container = encoder.container(keyedBy: Courier.AnyCodingKey.self)")
            for property in model.properties {
                // A required key whose value may be null is written as `null`; an optional one is
                // left out, unless it was read as `null`.
                let encode = coded(property.type).holdsNestedURLs ? "encodeURLs" : "encodeValue"
                let method = property.isOptional && !property.encodesNull ? "\(encode)IfPresent" : encode
                let nulls = property.tracksNull ? ", nulls: self.\(Self.explicitNulls)" : ""
                writer.line(
                    "try container.\(method)(self.\(Naming.escaped(property.storageName)), at: \(key(property))\(nulls))"
                )
            }
            if model.additionalProperties != nil {
                // One call rather than a loop and a sort per struct: less for the compiler to build.
                writer.line("try container.encodeUndeclared(self.additionalProperties)")
            }
        }
    }

    // MARK: Recursive aliases

    /// A schema that is a collection of itself (`Tree: {additionalProperties: {$ref: Tree}}`):
    /// a struct holding the collection, coded as the collection, since Swift refuses a type
    /// alias that refers to itself.
    private func renderRecursiveAlias(_ model: AliasModel, into writer: inout SwiftWriter) {
        let target = model.target.code
        writer.doc(model.documentation)
        writer.block("\(access) struct \(model.name): Swift.Codable, Swift.Hashable, Swift.Sendable") { writer in
            writer.line("/// The value, as the description's schema gives it.")
            writer.line("\(access) var value: \(target)")
            writer.line()
            writer.line("/// Creates a value.")
            writer.line("\(access) init(_ value: \(target)) { self.value = value }")
            writer.line()
            writer.line("/// Decodes the value as its schema describes it.")
            writer.block("\(access) init(from decoder: any Swift.Decoder) throws") { writer in
                writer.line("value = try Courier.UnionVariant.decodeValue(\(target).self, from: decoder)")
            }
            writer.line()
            writer.line("/// Encodes the value.")
            writer.block("\(access) func encode(to encoder: any Swift.Encoder) throws") { writer in
                writer.line("try Courier.UnionVariant.encodeValue(value, to: encoder)")
            }
        }
    }

    // MARK: Enums

    private func renderEnum(_ model: EnumModel, into writer: inout SwiftWriter) {
        let raw = model.rawType.code
        let documentation = deprecationNote(model.documentation, model.isDeprecated)
        writer.doc(documentation)
        if documentation != nil { writer.line("///") }
        if model.takesAnyString {
            writer.line("/// The description allows any other string too: it is ``undocumented(_:)``, and a")
            writer.line("/// string literal makes either (`\"my-value\"`).")
        } else {
            writer.line("/// Values the description does not list decode as ``undocumented(_:)``, so a server")
            writer.line("/// that adds a value does not break decoding.")
        }
        let literal = model.takesAnyString ? ", Swift.ExpressibleByStringLiteral" : ""
        writer.block(
            "\(access) enum \(model.name): Swift.Codable, Swift.Hashable, Swift.Sendable, Swift.RawRepresentable, Swift.CustomStringConvertible, Courier.QueryValue\(literal)"
        ) { writer in
            for enumCase in model.cases {
                let value =
                    enumCase.raw.isEmpty
                    ? "The empty string." : "`\(enumCase.raw.replacingOccurrences(of: "`", with: "'"))`"
                if let words = enumCase.documentation {
                    writer.doc(value + ": " + words)
                } else {
                    writer.line("/// " + value)
                }
                writer.line("case \(Naming.escaped(enumCase.name))")
            }
            writer.line("/// A value this version of the API description does not list.")
            writer.line("case undocumented(\(raw))")
            writer.line()
            writer.line("/// Creates a value from its raw value; unknown values become ``undocumented(_:)``.")
            writer.block("\(access) init(rawValue: \(raw))") { writer in
                writer.switchBlock("rawValue") { writer in
                    for enumCase in model.cases {
                        writer.line("case \(enumCase.literal): self = .\(Naming.escaped(enumCase.name))")
                    }
                    writer.line("default: self = .undocumented(rawValue)")
                }
            }
            writer.line()
            writer.line("/// The value as sent on the wire.")
            writer.block("\(access) var rawValue: \(raw)") { writer in
                writer.switchBlock("self") { writer in
                    for enumCase in model.cases {
                        writer.line("case .\(Naming.escaped(enumCase.name)): \(enumCase.literal)")
                    }
                    writer.line("case .undocumented(let value): value")
                }
            }
            if model.takesAnyString {
                writer.line()
                writer.line("/// The listed value the text names, else ``undocumented(_:)`` with the text.")
                writer.line("\(access) init(stringLiteral value: Swift.String) { self.init(rawValue: value) }")
            }
            writer.line()
            writer.line("/// The raw value as text.")
            writer.line(
                "\(access) var description: Swift.String { \(raw == "Swift.String" ? "rawValue" : "Swift.String(rawValue)") }"
            )
            writer.line()
            writer.line("/// Decodes the raw value, accepting values the description does not list.")
            writer.block("\(access) init(from decoder: any Swift.Decoder) throws") { writer in
                writer.line("self.init(rawValue: try decoder.singleValueContainer().decode(\(raw).self))")
            }
            writer.line()
            writer.line("/// Encodes the raw value.")
            writer.block("\(access) func encode(to encoder: any Swift.Encoder) throws") { writer in
                writer.line("var container = encoder.singleValueContainer()")
                writer.line("try container.encode(rawValue)")
            }
        }
    }

    // MARK: Unions

    private func renderUnion(_ model: UnionModel, into writer: inout SwiftWriter) {
        writer.doc(deprecationNote(model.documentation, model.isDeprecated))
        writer.block(
            "\(access) indirect enum \(model.name): Swift.Codable, Swift.Hashable, Swift.Sendable, Swift.CustomStringConvertible\(model.isText ? ", Courier.QueryValue" : "")"
        ) { writer in
            for (index, unionCase) in model.cases.enumerated() {
                let tags = unionCase.discriminatorValues.map { "`\($0)`" }.joined(separator: ", ")
                let events = model.eventNames.indices.contains(index) ? model.eventNames[index] : []
                let eventNote =
                    events.isEmpty
                    ? "" : ", the data of \(events.map { "`\($0)`" }.joined(separator: ", ")) events"
                writer.line(
                    "/// A `\(unionCase.type.code)`\(model.discriminator.map { tags.isEmpty ? "" : " (`\($0)`: \(tags))" } ?? "")\(eventNote)."
                )
                writer.line("case \(Naming.escaped(unionCase.name))(\(unionCase.type.code))")
            }
            if model.hasCatchAll {
                writer.line(
                    "/// An object that none of the variants this version of the API description lists accepts.")
                writer.line("case undocumented(Courier.JSONValue)")
            }
            writer.line()
            writer.line("/// Decodes the variant the value proves: by its tag properties and keys, then by its kind.")
            writer.block("\(access) init(from decoder: any Swift.Decoder) throws") { writer in
                let call =
                    "self = try Courier.UnionVariant.decode(Self._variants, from: decoder, union: \(Naming.stringLiteral(model.name))\(model.allowsSeveral ? ", allowsSeveral: true" : ""), undocumented: \(model.hasCatchAll ? "Self.undocumented" : "nil"))"
                writer.closure(call, parameters: "index") { writer in
                    writer.switchBlock("index") { writer in
                        for (index, unionCase) in model.cases.enumerated() {
                            let label = index == model.cases.count - 1 ? "default" : "case \(index)"
                            var value = decoding(unionCase.type)
                            if unionCase.leadsBack {
                                let caseName = unionCase.name.filter { $0 != "`" }
                                let variant = Naming.stringLiteral(model.name + "." + caseName)
                                value =
                                    "Courier.UnionVariant.decodeLeadingBack(\(variant), from: decoder) { try \(value) }"
                            }
                            writer.line("\(label): .\(Naming.escaped(unionCase.name))(try \(value))")
                        }
                    }
                }
            }
            writer.line()
            writer.line("/// What identifies each variant, in the order of the cases.")
            writer.line("private static let _variants: Courier.UnionVariants = _makeVariants()")
            writer.line()
            // In a function body rather than the property's initializer: the compiler's
            // module-interface job skips bodies, but type-checks every initializer.
            writer.block("private static func _makeVariants() -> Courier.UnionVariants") { writer in
                let opening: String
                if !model.eventNames.isEmpty {
                    let names = model.eventNames.map {
                        "[" + $0.map(Naming.stringLiteral).joined(separator: ", ") + "]"
                    }
                    opening = "Courier.UnionVariants(eventNames: [\(names.joined(separator: ", "))], ["
                } else {
                    opening = model.defaultCase.map { "Courier.UnionVariants(defaultVariant: \($0), [" } ?? "["
                }
                writer.line(opening)
                writer.indented { writer in
                    for unionCase in model.cases { writer.line(unionCase.evidence + ",") }
                }
                writer.line(opening == "[" ? "]" : "])")
            }
            writer.line()
            writer.line("/// The variant's value as text, as a path parameter sends it.")
            writer.block("\(access) var description: Swift.String") { writer in
                writer.switchBlock("self") { writer in
                    for unionCase in model.cases {
                        let text =
                            coded(unionCase.type).isCodedByContainer
                            ? "Courier.UnionVariant.text(of: value)" : "Swift.String(describing: value)"
                        writer.line("case .\(Naming.escaped(unionCase.name))(let value): \(text)")
                    }
                    if model.hasCatchAll {
                        writer.line("case .undocumented(let value): Swift.String(describing: value)")
                    }
                }
            }
            if model.isText {
                writer.line()
                writer.line("/// The variant's value as text, as a query item or a form part sends it.")
                writer.line("\(access) var queryValues: [Swift.String] { [description] }")
            }
            writer.line()
            writer.line("/// Encodes the variant's value.")
            writer.block("\(access) func encode(to encoder: any Swift.Encoder) throws") { writer in
                if let discriminator = model.discriminator {
                    // Some servers (System.Text.Json's `$type`) read the tag only before other keys.
                    writer.line("Courier.UnionVariant.writeTagFirst(\(Naming.stringLiteral(discriminator)))")
                }
                writer.switchBlock("self") { writer in
                    for unionCase in model.cases {
                        let encode =
                            coded(unionCase.type).isCodedByContainer
                            ? "Courier.UnionVariant.encodeValue(value, to: encoder)" : "value.encode(to: encoder)"
                        writer.line("case .\(Naming.escaped(unionCase.name))(let value): try \(encode)")
                    }
                    if model.hasCatchAll { writer.line("case .undocumented(let value): try value.encode(to: encoder)") }
                }
            }
        }
        if model.hasCatchAll { renderCatchAll(model, into: &writer) }
        if let literal = model.stringLiteral { renderStringLiteral(model, literal, into: &writer) }
    }

    /// Tells the runtime which values are the catch-all case, so that a stream reads an item
    /// that is none of the variants but is the API's error body as the server's error. The
    /// protocol is Courier's `Generated` SPI, so a public union's conformance is too.
    private func renderCatchAll(_ model: UnionModel, into writer: inout SwiftWriter) {
        writer.line()
        if access == "public" { writer.line("@_spi(Generated)") }
        writer.block("extension \(model.name): Courier.CatchAllUnion") { writer in
            writer.line("/// Whether the value is ``undocumented(_:)``.")
            writer.block("\(access) var isUndocumented: Swift.Bool") { writer in
                writer.line("if case .undocumented = self { true } else { false }")
            }
        }
    }

    /// A union of a string and string enums takes a string literal (`model: "whisper-1"`) and
    /// offers the enums' known values as static members (`model: .whisper1`).
    private func renderStringLiteral(
        _ model: UnionModel, _ literal: UnionModel.StringLiteralModel, into writer: inout SwiftWriter
    ) {
        writer.line()
        writer.block("extension \(model.name): Swift.ExpressibleByStringLiteral") { writer in
            writer.line(
                literal.enums.isEmpty
                    ? "/// The text itself: `.\(literal.plainCase ?? "")(text)`."
                    : literal.plainCase == nil
                        ? "/// The variant of an enum that lists the text, else the first enum's `undocumented` text."
                        : "/// The variant of an enum that lists the text, else the text itself.")
            writer.block("\(access) init(stringLiteral value: Swift.String)") { writer in
                for entry in literal.enums {
                    // A pattern, not `!=`: a RawRepresentable enum's `==` compares raw values, so a
                    // known case equals `undocumented` with the same text.
                    writer.switchBlock("\(entry.type)(rawValue: value)") { writer in
                        writer.line("case .undocumented: break")
                        writer.line("case let known: self = .\(Naming.escaped(entry.unionCase))(known); return")
                    }
                }
                if let plain = literal.plainCase {
                    writer.line("self = .\(Naming.escaped(plain))(value)")
                } else {
                    let first = literal.enums[0]
                    writer.line("self = .\(Naming.escaped(first.unionCase))(\(first.type)(rawValue: value))")
                }
            }
            var taken = Set(model.cases.map(\.name) + ["undocumented", "description", "queryValues"])
            for entry in literal.enums {
                for enumCase in entry.cases where taken.insert(enumCase).inserted {
                    writer.line()
                    writer.line("/// `.\(entry.unionCase)(.\(enumCase))`.")
                    writer.line(
                        "\(access) static var \(Naming.escaped(enumCase)): Self { .\(Naming.escaped(entry.unionCase))(.\(Naming.escaped(enumCase))) }"
                    )
                }
            }
        }
    }

    /// `init(from:)` that tries each case's type in order and keeps the first that decodes.
    private func renderFirstMatchDecoding(
        _ cases: [(name: String, type: SwiftType)], failure: String, into writer: inout SwiftWriter
    ) {
        writer.block("\(access) init(from decoder: any Swift.Decoder) throws") { writer in
            writer.line("var lastError: (any Swift.Error)?")
            for (name, type) in cases {
                writer.line(
                    "do { self = .\(Naming.escaped(name))(try \(type.code)(from: decoder)); return } catch { lastError = error }"
                )
            }
            writer.line(
                "throw Swift.DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: \(Naming.stringLiteral(failure)), underlyingError: lastError))"
            )
        }
    }

    // MARK: Successful responses

    private func renderResponseUnion(_ model: ResponseUnionModel, into writer: inout SwiftWriter) {
        writer.line("/// The response of `\(model.operationID)`, whose successful statuses return different bodies.")
        writer.block("\(access) enum \(model.name): Courier.ResponseDecodable, Swift.Hashable") { writer in
            for successCase in model.cases {
                let name = Naming.escaped(successCase.name)
                if let payload = successCase.payload {
                    writer.line("/// The body of a `\(successCase.status)` response.")
                    writer.line("case \(name)(\(payload.code))")
                } else {
                    writer.line("/// A `\(successCase.status)` response, without a body.")
                    writer.line("case \(name)")
                }
            }
            writer.line()
            writer.line("/// Decodes the body that the response's status calls for.")
            writer.block(
                "\(access) static func decode(from response: Courier.TransportResponse, decoder: Foundation.JSONDecoder) throws -> \(model.name)"
            ) { writer in
                writer.switchBlock("response.status") { writer in
                    for successCase in Self.exactFirst(model.cases, status: \.status) {
                        let pattern = Self.statusPattern(successCase.status)
                        let name = Naming.escaped(successCase.name)
                        switch successCase.payload {
                        case nil: writer.line("case \(pattern): return .\(name)")
                        case .builtin("Foundation.Data"):
                            writer.line("case \(pattern): return .\(name)(response.bodyData)")
                        case .builtin("Swift.String"):
                            writer.line(
                                "case \(pattern): return .\(name)(Swift.String(decoding: response.bodyData, as: Swift.UTF8.self))"
                            )
                        case let payload?:
                            writer.line(
                                "case \(pattern): return .\(name)(try Courier.JSONDecoding.decode(\(payload.code).self, from: response.bodyData, options: decoder))"
                            )
                        }
                    }
                    let listed = model.cases.map(\.status).joined(separator: ", ")
                    writer.line(
                        "default: throw Swift.DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: \"The description lists no response for status \\(response.status) (it lists \(listed)).\"))"
                    )
                }
            }
            let decodable = model.cases.compactMap { successCase in successCase.payload.map { (successCase.name, $0) } }
            writer.line()
            writer.line("/// Decodes the first body shape that matches, without the status.")
            renderFirstMatchDecoding(
                decodable, failure: "The body matches none of the described responses.", into: &writer)
        }
    }

    /// Cases for exact statuses before cases for ranges (`2XX`), which a `switch` would
    /// otherwise match first.
    private static func exactFirst<Case>(_ cases: [Case], status: (Case) -> String) -> [Case] {
        cases.filter { Int(status($0)) != nil } + cases.filter { Int(status($0)) == nil }
    }

    /// The `switch` pattern of a status: `404`, or `400..<500` for `4XX`.
    private static func statusPattern(_ status: String) -> String {
        if let code = Int(status) { return String(code) }
        let hundred = (Int(String(status.prefix(1))) ?? 2) * 100
        return "\(hundred)..<\(hundred + 100)"
    }

    // MARK: Errors

    private func renderErrorUnion(_ model: ErrorUnionModel, into writer: inout SwiftWriter) {
        writer.line("/// The error body of an operation whose error responses differ by status.")
        writer.block("\(access) enum \(model.name): Courier.ServerErrorBody") { writer in
            for errorCase in model.cases {
                writer.line("/// The body of a `\(errorCase.status)` response.")
                writer.line("case \(Naming.escaped(errorCase.name))(\(errorCase.type.code))")
            }
            writer.line()
            writer.line("/// Decodes the body that the response's status calls for.")
            writer.block(
                "\(access) static func decode(from response: Courier.TransportResponse, decoder: Foundation.JSONDecoder) throws -> \(model.name)"
            ) { writer in
                writer.switchBlock("response.status") { writer in
                    let ranged = model.cases.filter { Int($0.status) != nil || $0.status.uppercased().hasSuffix("XX") }
                    for errorCase in Self.exactFirst(ranged, status: \.status) {
                        let pattern = Self.statusPattern(errorCase.status)
                        writer.line(
                            "case \(pattern): return .\(Naming.escaped(errorCase.name))(try Courier.JSONDecoding.decode(\(errorCase.type.code).self, from: response.bodyData, options: decoder))"
                        )
                    }
                    if let other = model.cases.first(where: { $0.status == "default" }) {
                        writer.line(
                            "default: return .\(Naming.escaped(other.name))(try Courier.JSONDecoding.decode(\(other.type.code).self, from: response.bodyData, options: decoder))"
                        )
                    } else {
                        writer.line(
                            "default: throw Swift.DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: \"No error body is described for status \\(response.status).\"))"
                        )
                    }
                }
            }
            writer.line()
            writer.line("/// Decodes the first body shape that matches.")
            renderFirstMatchDecoding(
                model.cases.map { ($0.name, $0.type) }, failure: "The error body matches none of the described shapes.",
                into: &writer)
            writer.line()
            writer.line("/// The server's message from whichever body arrived.")
            writer.block("\(access) var message: Swift.String?") { writer in
                writer.switchBlock("self") { writer in
                    for errorCase in model.cases {
                        if case .named(let name) = errorCase.type, conformsToErrorBody(name) {
                            writer.line("case .\(Naming.escaped(errorCase.name))(let body): body.message")
                        } else {
                            writer.line("case .\(Naming.escaped(errorCase.name)): nil")
                        }
                    }
                }
            }
        }
    }

    /// A form type: its parts as properties, and the ``Courier/MultipartForm`` they are sent as.
    private func renderMultipartForm(_ model: MultipartModel, into writer: inout SwiftWriter) {
        writer.doc(model.documentation ?? "The parts of a `multipart/form-data` request body.")
        writer.block("\(access) struct \(model.name): Swift.Sendable") { writer in
            for field in model.fields {
                writer.doc(field.documentation)
                writer.line(
                    "\(access) var \(Naming.escaped(field.swiftName)): \(field.type.code)\(field.isRequired ? "" : "?")"
                )
            }
            writer.line()
            writer.doc("Creates a form.")
            let documented = model.fields.compactMap { field in
                field.documentation?.documentationLines.first.map { (field.swiftName, $0) }
            }
            if !documented.isEmpty {
                writer.line("/// - Parameters:")
                for (name, text) in documented { writer.line("///   - \(name): \(text)".trimmingTrailingWhitespace()) }
            }
            let parameters = model.fields.map { field in
                "\(Naming.escaped(field.swiftName)): \(field.type.code)\(field.isRequired ? "" : "? = nil")"
            }
            writer.block("\(access) init(\(parameters.joined(separator: ", ")))") { writer in
                for field in model.fields {
                    writer.line("self.\(Naming.escaped(field.swiftName)) = \(Naming.escaped(field.swiftName))")
                }
            }
            writer.line()
            writer.doc("The form these parts are sent as, in the order the description lists them.")
            writer.block("\(access) var multipartForm: Courier.MultipartForm") { writer in
                writer.line("var form = Courier.MultipartForm()")
                for field in model.fields {
                    let value = field.isRequired ? "self." + Naming.escaped(field.swiftName) : "value"
                    let name = Naming.stringLiteral(field.name)
                    let contentType = field.contentType.map { ", contentType: " + Naming.stringLiteral($0) } ?? ""
                    let line: String =
                        if let style = field.style {
                            "for item in Courier.QueryItem.formItems(\(name), \(value), encoding: \(style)) "
                                + "{ form.append(item.name, item.value ?? \"\") }"
                        } else {
                            switch field.kind {
                            case .file: "form.append(\(name), file: \(value)\(contentType))"
                            case .files: "for file in \(value) { form.append(\(name), file: file\(contentType)) }"
                            case .text: "form.append(\(name), values: \(value)\(contentType))"
                            case .json:
                                "form.append(\(name), json: \(value)\(field.contentType == nil ? "" : contentType))"
                            case .base64: "form.append(\(name), \(value).base64EncodedString())"
                            case .base64Each:
                                "for item in \(value) { form.append(\(name), item.base64EncodedString()) }"
                            case .jsonEach:
                                "for item in \(value) { form.append(\(name), json: item\(field.contentType == nil ? "" : contentType)) }"
                            }
                        }
                    if field.isRequired {
                        writer.line(line)
                    } else {
                        writer.line("if let value = self.\(Naming.escaped(field.swiftName)) { \(line) }")
                    }
                }
                writer.line("return form")
            }
        }
    }

    private func renderErrorConformance(
        _ name: String, message: ErrorBodyConformances.Message, into writer: inout SwiftWriter
    ) {
        writer.line()
        let expression: String
        let documentation: String
        switch message {
        case .ownProperty:
            writer.line("extension \(name): Courier.ServerErrorBody {}")
            return
        case .property(let swiftName, let jsonName):
            expression = "self." + Naming.escaped(swiftName)
            documentation = "The server's message, from `\(jsonName)`."
        case .nested(let swiftName, let jsonName, let isOptional, let isList):
            expression = "self.\(Naming.escaped(swiftName))\(isOptional ? "?" : "")\(isList ? ".first?" : "").message"
            documentation = "The server's message, from `\(jsonName)\(isList ? "[0]" : "").message`."
        case .nestedProperty(
            let swiftName, let jsonName, let isOptional, let isList, let innerSwiftName, let innerJSONName, _):
            expression =
                "self.\(Naming.escaped(swiftName))\(isOptional ? "?" : "")\(isList ? ".first?" : "")."
                + Naming.escaped(innerSwiftName)
            documentation = "The server's message, from `\(jsonName)\(isList ? "[0]" : "").\(innerJSONName)`."
        case .none:
            expression = "nil"
            documentation = "This error body carries no message field."
        }
        writer.block("extension \(name): Courier.ServerErrorBody") { writer in
            writer.line("/// \(documentation)")
            writer.line("\(access) var message: Swift.String? { \(expression) }")
        }
    }
}
