/// Reads a `$ref` beside a schema's other keywords as OpenAPI 3.1 does.
///
/// OpenAPI 3.0 took a Schema Object's `$ref` as the whole schema and its siblings as ignored.
/// From 3.1, schemas are JSON Schema 2020-12, where `$ref` applies beside the others, as one
/// more `allOf` part would: `Cat: {$ref: Pet, properties: {kind: {const: cat}}}` is a `Pet`
/// that also has `kind`. Read the 3.0 way, `Cat` and `Dog` would both be `Pet`, and a union of
/// them could not tell one from the other.
///
/// Each such schema is rewritten once, as its document is read, to what it means: its `$ref`
/// becomes the last of its `allOf` parts, so that every later pass (inheritance, unions'
/// evidence, naming) sees an ordinary `allOf` extension. The other keywords stay where they
/// are, so a pointer into the schema (`…/Cat/properties/kind`) still finds them. Only keywords
/// that give the value a shape count (`properties`, `items`, `allOf`, `oneOf`, …): beside an
/// annotation (`description`, `deprecated`, `example`) or a lone `required`, the schema is still
/// the type it refers to.
enum ReferenceSiblings {
    /// The keywords that, beside a `$ref`, make the schema more than the one it refers to.
    static let shaping: Set<String> = [
        "properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "items", "prefixItems",
        "allOf", "oneOf", "anyOf",
    ]

    /// Whether a description of this OpenAPI version reads `$ref` beside other keywords.
    static func applies(toVersion version: String?) -> Bool {
        guard let version else { return false }
        return !version.hasPrefix("3.0") && !version.hasPrefix("2")
    }

    /// The document with every schema that has a `$ref` beside shaping keywords rewritten.
    static func rewritten(_ document: Node) -> Node {
        StackGuard.withDeepStack { rewritten(document, namesKeys: false) }
    }

    private static func rewritten(_ node: Node, namesKeys: Bool) -> Node {
        switch node.value {
        case .sequence(let items):
            return Node(.sequence(items.map { rewritten($0, namesKeys: false) }), at: node.location)
        case .mapping(let mapping):
            var entries: [(key: String, value: Node)] = mapping.entries.map { key, value in
                if !namesKeys, SchemaKeywords.data.contains(key) || key.hasPrefix("x-") { return (key, value) }
                return (key, rewritten(value, namesKeys: !namesKeys && SchemaKeywords.namedSchemas.contains(key)))
            }
            if !namesKeys, let reference = mapping["$ref"], reference.string != nil,
                mapping.keys.contains(where: shaping.contains)
            {
                var part = Mapping()
                part.append("$ref", reference)
                let referencePart = Node(.mapping(part), at: reference.location)
                if let position = entries.firstIndex(where: { $0.key == "allOf" }),
                    let parts = entries[position].value.sequence
                {
                    entries[position].value = Node(
                        .sequence(parts + [referencePart]), at: entries[position].value.location)
                    entries.removeAll { $0.key == "$ref" }
                } else if let position = entries.firstIndex(where: { $0.key == "$ref" }) {
                    entries[position] = ("allOf", Node(.sequence([referencePart]), at: reference.location))
                }
            }
            var result = Mapping()
            for (key, value) in entries { result.append(key, value) }
            return Node(.mapping(result), at: node.location)
        default:
            return node
        }
    }
}
