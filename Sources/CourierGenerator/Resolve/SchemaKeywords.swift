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
