"""Rewrites an OpenAPI 3.1 description so that its component schemas are named by `$anchor` or
by `$id` instead of by JSON pointer, the same schemas either way: `random-schemas.py` and
`openapi-31.py` check that the generator reads both as it reads pointers."""
import re

from json_schema_values import _DATA as DATA_KEYWORDS, _NAMED as NAMED_SCHEMAS

SCHEMA_PREFIX = "#/components/schemas/"
ID_PREFIX = "https://example.com/schemas/"
ANCHOR_NAME = re.compile(r"[A-Za-z_][-A-Za-z0-9._]*")


def identified(spec, mode):
    """The description with its schemas named as OpenAPI 3.1 also may: `anchor` gives each
    component schema an `$anchor` and writes every reference to it as `#Name`; `id` gives each
    an `$id` and writes every reference, discriminator mappings included, as that URI (which
    also makes each schema the base of the references in it). The same schemas either way, so
    every payload must decode as before."""
    if mode == "pointer" or not isinstance(spec.get("components", {}).get("schemas"), dict):
        return spec
    schemas = spec.get("components", {}).get("schemas", {})
    # Only names an anchor may take (JSON Schema's plain names, which a URI's path takes as they
    # are too); the others keep their pointers.
    named = {name for name in schemas if ANCHOR_NAME.fullmatch(name)}

    def target(reference):
        name = reference[len(SCHEMA_PREFIX):]
        return ("#" + name) if mode == "anchor" else (ID_PREFIX + name)

    def names_schema(reference):
        return (isinstance(reference, str) and reference.startswith(SCHEMA_PREFIX)
                and reference[len(SCHEMA_PREFIX):] in named)

    def walk(node, names_keys=False):
        if isinstance(node, list):
            return [walk(item) for item in node]
        if not isinstance(node, dict):
            return node
        out = {}
        for key, value in node.items():
            if names_keys:
                out[key] = walk(value)
            elif key == "$ref" and names_schema(value):
                out[key] = target(value)
            elif key == "discriminator" and isinstance(value, dict) and isinstance(value.get("mapping"), dict):
                out[key] = {**value, "mapping": {tag: target(name) if names_schema(name) else name
                                                 for tag, name in value["mapping"].items()}}
            elif key in DATA_KEYWORDS or key.startswith("x-"):
                out[key] = value
            else:
                out[key] = walk(value, names_keys=key in NAMED_SCHEMAS)
        return out

    written_spec = walk(spec)
    keyword, identifier = ("$anchor", lambda name: name) if mode == "anchor" else ("$id", lambda name: ID_PREFIX + name)
    written_spec["components"]["schemas"] = {
        name: {keyword: identifier(name), **schema} if isinstance(schema, dict) and name in named else schema
        for name, schema in written_spec["components"]["schemas"].items()}
    return written_spec
