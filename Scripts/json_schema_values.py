"""What JSON Schema's types and date-time format accept, for the scripts that check generated code
with payloads (random-schemas.py, real-payloads.py) and the requests it sends (request_checks.py),
and how Courier reads OpenAPI 3.0's `nullable` where JSON Schema gives it no meaning."""
import re

# RFC 3339's date-time, as JSON Schema's `date-time` format takes it (`T` or a space between).
DATE_TIME = re.compile(r"^\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d:\d\d(\.\d+)?([Zz]|[+-]\d\d:\d\d)$")


def has_type(kind, value):
    """Whether a JSON value (as `json` loads it) has one of JSON Schema's types; an integer may be
    written with a zero fraction (`3.0`). A type name JSON Schema does not have allows anything."""
    return {
        "null": value is None,
        "boolean": isinstance(value, bool),
        "integer": (isinstance(value, int) and not isinstance(value, bool))
                   or (isinstance(value, float) and value.is_integer()),
        "number": isinstance(value, (int, float)) and not isinstance(value, bool),
        "string": isinstance(value, str),
        "array": isinstance(value, list),
        "object": isinstance(value, dict),
    }.get(kind, True)


# The keywords that annotate a value without saying what it is.
ANNOTATIONS = {"nullable", "title", "description", "example", "examples", "deprecated", "readOnly", "writeOnly",
               "default", "externalDocs"}


def nullable_any_object(schema):
    """Whether a schema is any object or `null` and says nothing more (`{type: object, nullable:
    true}`, `{type: [object, "null"]}`, annotations at most): beside alternatives that are all
    objects, Courier reads it as `null` (how OpenAPI.NET and apispec make a reference nullable in
    OpenAPI 3.0: `anyOf: [{type: object, nullable: true}, {$ref: T}]`), though strictly it takes
    any object."""
    if not isinstance(schema, dict):
        return False
    types = schema.get("type")
    types = types if isinstance(types, list) else [types]
    return ([t for t in types if t != "null"] == ["object"] and (schema.get("nullable") is True or "null" in types)
            and set(schema) <= ANNOTATIONS | {"type"})


def says_only_nullable(schema):
    """Whether a schema says `nullable: true` and nothing that shapes a value (annotations at
    most): Courier reads it as `null` where it stands as an `allOf` part or a `oneOf`/`anyOf`
    alternative (`anyOf: [{$ref: T}, {nullable: true}]`, schemars' `Option<T>`), though a
    `nullable` without a `type` has no effect in OpenAPI 3.0.3."""
    return isinstance(schema, dict) and schema.get("nullable") is True and set(schema) <= ANNOTATIONS


# The keywords that, beside a `$ref`, make a schema more than the one it refers to.
REFERENCE_SHAPING = {"properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "items",
                     "prefixItems", "allOf", "oneOf", "anyOf"}
_DATA = {"example", "examples", "default", "const", "enum", "value", "dataValue"}
_NAMED = {"properties", "patternProperties", "$defs", "definitions", "schemas", "dependentSchemas"}


def reference_siblings_as_parts(document):
    """The document as Courier reads it (`ReferenceSiblings`): from OpenAPI 3.1, a schema's `$ref`
    beside keywords that shape the value is one more of its `allOf` parts (JSON Schema 2020-12);
    3.0 ignores a `$ref`'s siblings, and its documents are returned as they are."""
    if str(document.get("openapi", "")).startswith(("3.0", "2")):
        return document

    def rewritten(node, names_keys=False):
        if isinstance(node, list):
            return [rewritten(item) for item in node]
        if not isinstance(node, dict):
            return node
        result = {}
        for key, value in node.items():
            if not names_keys and (key in _DATA or str(key).startswith("x-")):
                result[key] = value
            else:
                result[key] = rewritten(value, not names_keys and key in _NAMED)
        if not names_keys and isinstance(result.get("$ref"), str) and REFERENCE_SHAPING & set(result):
            reference = {"$ref": result.pop("$ref")}
            result["allOf"] = list(result.get("allOf", [])) + [reference]
        return result

    return rewritten(document)
