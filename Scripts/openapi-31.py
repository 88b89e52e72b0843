#!/usr/bin/env python3
"""Checks that an OpenAPI 3.0 description and the same description in OpenAPI 3.1 generate the
same Swift. Each 3.0 description given is read by `courier dump` (so YAML works too), converted
to 3.1 as the OpenAPI Initiative's migration guide says, and both are generated; the two outputs
must be identical but for their header line, since they describe the same API.

    python3 Scripts/openapi-31.py                       # Specs/ and ../shared/specs, where present
    python3 Scripts/openapi-31.py Specs/stripe.json     # the given descriptions

The conversion (https://www.openapis.org/blog/2021/02/16/migrating-from-openapi-3-0-to-3-1-0):
- `nullable: true` beside `type` becomes a type list with `"null"` (and `null` joins an `enum`);
  an `allOf` part that only says `nullable: true` makes the whole schema nullable, and a
  `oneOf`/`anyOf` alternative that only says it is `{type: "null"}`, as Courier reads 3.0;
  beside `oneOf`/`anyOf` a `{type: "null"}` alternative; beside a `$ref`, `allOf`, an object's
  `properties`, `items` or an `enum` without a type, `anyOf: [the schema, {type: "null"}]`.
  A `nullable` with nothing it could apply to has no effect in 3.0.3 and is dropped.
- A `$ref`'s siblings that shape the value (`properties`, `items`, `allOf`, …) are dropped: 3.0
  ignores them, and 3.1 would apply them.
- A schema's `example` becomes `examples: [example]`.
- Boolean `exclusiveMinimum`/`exclusiveMaximum` become the bound itself.
- `format: byte` and `format: base64` become `contentEncoding: base64`.
- A non-JSON media type whose schema is binary text (`type: string, format: binary`) has no
  schema (`application/octet-stream: {}`); a binary property of a multipart or form body is
  `contentMediaType: application/octet-stream`.

The 3.1 description is also generated with its component schemas named by `$anchor`, then by
`$id` (`schema_identifiers.py`), every reference to them rewritten so; both must generate the
same Swift again. Descriptions already in 3.1 are skipped. Needs python3 and the Swift toolchain; exits 1 if any
pair differs, and prints the first lines of each difference.
"""
import argparse, difflib, json, os, subprocess, sys, tempfile

from check_package import ROOT, courier_binary, description_files, generated_files
from json_schema_values import says_only_nullable
from schema_identifiers import identified

COMPOSITIONS = ("allOf", "oneOf", "anyOf")
REFERENCE_SHAPING = ("properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "items",
                     "prefixItems", "allOf", "oneOf", "anyOf")
NULLABLE_WRAPPED = ("$ref", "allOf", "properties", "items", "enum", "additionalProperties")


def is_binary(schema):
    return isinstance(schema, dict) and schema.get("type") == "string" and schema.get("format") == "binary"


def convert_schema(schema, in_form=False):
    """Returns the 3.1 form of a 3.0 schema object (a new object; the argument is not changed)."""
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        # 3.0 ignores a `$ref`'s siblings; 3.1 applies those that shape the value, as an `allOf`
        # part would. They are left out, so that the schema means in 3.1 what it meant.
        schema = {key: value for key, value in schema.items() if key not in REFERENCE_SHAPING}
    if isinstance(schema.get("allOf"), list) and any(says_only_nullable(part) for part in schema["allOf"]):
        # `allOf: [{$ref: X}, {nullable: true}]` (OpenAI's way): a part that only says the value
        # may be null makes the whole value nullable, as Courier reads 3.0, where strictly a
        # `nullable` without a `type` beside it has no effect.
        parts = [{k: v for k, v in part.items() if k != "nullable"} if says_only_nullable(part) else part
                 for part in schema["allOf"]]
        schema = dict(schema, allOf=parts, nullable=True)
    result = {}
    for key, value in schema.items():
        if key in ("properties", "patternProperties") and isinstance(value, dict):
            value = {name: convert_schema(child, in_form) for name, child in value.items()}
        elif key in ("items", "additionalProperties", "not") and isinstance(value, dict):
            value = convert_schema(value, in_form and key == "items")
        elif key in ("oneOf", "anyOf") and isinstance(value, list):
            # An alternative that only says `nullable: true` (schemars' `Option<T>`: `anyOf:
            # [{$ref: T}, {nullable: true}]`) is `null`, as Courier reads 3.0.
            value = [dict({k: v for k, v in child.items() if k != "nullable"}, type="null")
                     if says_only_nullable(child) else convert_schema(child, in_form) for child in value]
        elif key in COMPOSITIONS and isinstance(value, list):
            value = [convert_schema(child, in_form) for child in value]
        result[key] = value
    if "example" in result:
        result["examples"] = [result.pop("example")]
    for bound in ("minimum", "maximum"):
        flag = "exclusive" + bound.capitalize()
        if isinstance(result.get(flag), bool):
            if result.pop(flag) and bound in result:
                result[flag] = result.pop(bound)
    if result.get("type") == "string" and result.get("format") in ("byte", "base64"):
        del result["format"]
        result["contentEncoding"] = "base64"
    if in_form and is_binary(result):
        del result["format"]
        result["contentMediaType"] = "application/octet-stream"
    if not result.pop("nullable", False):
        return result
    if "type" in result:
        result["type"] = [result["type"], "null"]
        if "enum" in result and None not in result["enum"]:
            result["enum"] = result["enum"] + [None]
        return result
    for key in ("oneOf", "anyOf"):
        if key in result:
            result[key] = result[key] + [{"type": "null"}]
            return result
    if not any(key in result for key in NULLABLE_WRAPPED):
        return result
    annotations = ("title", "description", "readOnly", "writeOnly", "deprecated", "default", "examples")
    outer = {key: value for key, value in result.items() if key in annotations}
    inner = {key: value for key, value in result.items() if key not in annotations}
    if "enum" in inner and None not in inner["enum"]:
        inner["enum"] = inner["enum"] + [None]
    outer["anyOf"] = [inner, {"type": "null"}]
    return outer


def convert_media_types(content):
    for media_type, entry in content.items():
        if not isinstance(entry, dict) or "schema" not in entry:
            continue
        json_like = media_type.split(";")[0].strip().endswith(("json", "*"))
        form = media_type.startswith(("multipart/", "application/x-www-form-urlencoded"))
        if not json_like and not form and is_binary(entry["schema"]):
            del entry["schema"]
        else:
            entry["schema"] = convert_schema(entry["schema"], in_form=form)


def convert(node, key=None):
    """Converts every schema in a document (components, parameters, headers, media types)."""
    if isinstance(node, list):
        return node if key in ("example", "examples") else [convert(item) for item in node]
    if not isinstance(node, dict) or key in ("example", "examples") or str(key).startswith("x-"):
        return node  # Payloads and extensions are not schemas, whatever keys they have.
    if key == "schemas":
        return {name: convert_schema(schema) for name, schema in node.items()}
    result = {name: convert(value, name) for name, value in node.items()}
    if key == "content" and all(isinstance(value, dict) for value in result.values()):
        convert_media_types(result)
    elif isinstance(result.get("schema"), dict):
        result["schema"] = convert_schema(result["schema"])
    return result


def compare(courier, spec, work):
    dumped = subprocess.run([courier, "dump", spec], capture_output=True, text=True)
    if dumped.returncode != 0:
        return f"not read: {dumped.stderr.strip()}"
    document = json.loads(dumped.stdout)
    if not str(document.get("openapi", "")).startswith("3.0"):
        return None
    converted = convert(document)
    converted["openapi"] = "3.1.0"
    versions = {
        "3.0": document,
        "3.1": converted,
        "3.1-anchors": identified(converted, "anchor"),
        "3.1-ids": identified(converted, "id"),
    }
    paths = {}
    for version, description in versions.items():
        source = os.path.join(work, f"{version}.json")
        with open(source, "w") as f:
            if description is document:
                f.write(dumped.stdout)
            else:
                json.dump(description, f)
        output = os.path.join(work, version)
        generated = subprocess.run([courier, "generate", source, "--output", output, "--module", "API", "--quiet"],
                                   capture_output=True, text=True)
        if generated.returncode != 0:
            return f"{version} not generated: {generated.stderr.strip()[:500]}"
        paths[version] = generated_files(output)
    old = paths["3.0"]
    differences = []
    for version in list(versions)[1:]:
        new = paths[version]
        for name in sorted(set(old) | set(new)):
            if old.get(name) != new.get(name):
                diff = difflib.unified_diff(old.get(name, []), new.get(name, []), f"3.0/{name}", f"{version}/{name}",
                                            lineterm="", n=1)
                differences.append("\n".join(list(diff)[:20]))
    if differences:
        return f"{len(differences)} files differ\n" + "\n".join(differences[:5])
    return "same"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("specs", nargs="*", help="descriptions (default: Specs/ and ../shared/specs)")
    args = parser.parse_args()
    specs = args.specs or description_files()
    courier = courier_binary()
    failed = False
    for spec in specs:
        with tempfile.TemporaryDirectory(prefix="courier-openapi-31-") as work:
            outcome = compare(courier, spec, work)
        if outcome is None:
            continue
        print(f"{os.path.relpath(spec, ROOT)}: {outcome}")
        failed = failed or outcome != "same"
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
