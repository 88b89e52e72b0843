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
