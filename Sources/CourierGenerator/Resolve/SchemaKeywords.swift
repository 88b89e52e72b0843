/// The keywords of schemas and the objects around them that passes over a whole document
/// (``ReferenceSiblings``, ``SchemaIdentifiers``) must tell apart from the rest.
enum SchemaKeywords {
    /// The keywords whose values are data, not schemas, left as written: a schema's and an
    /// Example Object's (`value`, and OpenAPI 3.2's `dataValue`). A `$ref` or `$id` there is a value.
    static let data: Set<String> = ["example", "examples", "default", "const", "enum", "value", "dataValue"]

    /// The keywords whose values map names to schemas: their keys are names, which may be any
    /// word (a property named `default`, or `$id`).
    static let namedSchemas: Set<String> = [
        "properties", "patternProperties", "$defs", "definitions", "schemas", "dependentSchemas",
    ]

    /// The keywords of a schema whose value is a schema or a list of schemas (JSON Schema
    /// 2020-12's applicators, with the older drafts' `additionalItems`).
    static let subschemas: Set<String> = [
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "items", "prefixItems", "additionalItems",
        "contains", "additionalProperties", "unevaluatedItems", "unevaluatedProperties", "propertyNames",
        "contentSchema",
    ]
}

/// Where a node of a document stands, as far as a pass over the whole document can tell, so
/// that an `$id` is read only where a schema may stand.
///
/// JSON Schema reads schemas only under the keywords it knows: the value of a keyword it does
/// not know is not a schema, even where it looks like one, so an `$id` there names nothing.
/// Outside schemas (an OpenAPI document's own objects, the root of a file a reference names)
/// any object may be a schema.
enum SchemaPlace: Equatable {
    /// Not known to be in a schema: any object here may be one.
    case anywhere
    /// A schema, or a list of schemas.
    case schema
    /// A map of names to schemas (`properties`, `$defs`, `components/schemas`).
    case names
    /// Data, an extension's value, or a keyword a schema does not know: no schema here.
    case none

    /// Whether an object here may be a schema, whose `$id` and anchors count.
    var mayHoldSchema: Bool { self == .anywhere || self == .schema }

    /// Where the value of `key` stands, in an object here (or the elements of a list here,
    /// with `key` an index).
    func child(_ key: String, inList: Bool = false) -> SchemaPlace {
        if inList { return self }
        switch self {
        case .none: return .none
        case .names: return .schema
        case .schema:
            // (`dependencies`, of the older drafts, maps names to schemas or to lists of names.)
            if SchemaKeywords.namedSchemas.contains(key) && key != "schemas" || key == "dependencies" {
                return .names
            }
            return SchemaKeywords.subschemas.contains(key) ? .schema : .none
        case .anywhere:
            if SchemaKeywords.data.contains(key) || key.hasPrefix("x-") { return .none }
            if key == "schema" { return .schema }
            return SchemaKeywords.namedSchemas.contains(key) ? .names : .anywhere
        }
    }
}
