#!/usr/bin/env python3
"""Random payloads for the schemas of real API descriptions: for each schema in
`components/schemas`, payloads that are valid by JSON Schema's rules (checked by a validator
here, which reads the keywords real descriptions use), each decoded with the type Courier
generates for the schema and with every union that lists it, then encoded again
(`DescriptionExample.check()`). A payload must decode, keep every key and value, and land in its
own schema's case of each union: a payload is only offered to a union where the discriminator
names its schema or no other member of the union accepts it (so that the case is the schema's by
OpenAPI's rules, not by a guess).

Where `Scripts/example-checks.py` checks the few examples a description gives, this checks every
schema, with values the authors did not write: empty objects, missing optional keys, `null`s,
every enum value, undeclared keys.

    python3 Scripts/real-payloads.py                          # the JSON descriptions in ../shared/specs
    python3 Scripts/real-payloads.py --only github --rounds 4 --seed 7
    python3 Scripts/real-payloads.py --specs /tmp/specs       # another folder (YAML needs PyYAML)

Prints each finding (`--keep DIR` keeps the package and each round's payloads, to look at one)
and exits 1 if there is any, or if a description does not generate or compile. Needs python3 and
the Swift toolchain; each description's module is built once, with every round's payloads.
"""
import argparse, base64, json, os, random, re, sys, uuid

from check_package import check_rounds, courier_binary
from json_schema_values import (DATE_TIME, has_type, nullable_any_object, reference_siblings_as_parts,
                                says_only_nullable)

SPECS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "shared", "specs")

PREFIX = "#/components/schemas/"


class Description:
    """A description's schemas: a validator and a payload writer for them."""

    def __init__(self, document, rng):
        document = reference_siblings_as_parts(document)
        self.document = document
        self.rng = rng
        self.schemas = document.get("components", {}).get("schemas", {})
        self.visiting = set()  # (schema, value) pairs being validated, by identity
        # Schema name → the unions that list it (keyword, members, discriminator, and the name
        # they list it by: its own, or another name for it, as `B: {allOf: [$ref: A]}` is for A).
        self.listings = {}
        self.collect_unions(document)
        # A polymorphic parent (a schema with a discriminator and no `oneOf`/`anyOf`) → the schemas
        # that extend it through `allOf`, at any depth.
        self.descendants = {}
        for name, schema in self.schemas.items():
            for parent in self.polymorphic_ancestors(schema):
                self.descendants.setdefault(parent, []).append(name)

    # The description

    def collect_unions(self, node):
        if isinstance(node, dict):
            for keyword in ("oneOf", "anyOf"):
                members = node.get(keyword)
                if isinstance(members, list):
                    for member in members:
                        name = self.reference_name(member)
                        target = self.aliased(name)
                        # A union among its own alternatives is not a case of itself.
                        if name is not None and self.schemas.get(target) is not node:
                            self.listings.setdefault(target, []).append(
                                (keyword, members, node.get("discriminator"), name))
            # A polymorphic parent's mapping lists its variants too, whether or not they extend it.
            discriminator = node.get("discriminator")
            if (isinstance(discriminator, dict) and isinstance(discriminator.get("mapping"), dict)
                    and not node.get("oneOf") and not node.get("anyOf")):
                members = [{"$ref": target if target.startswith("#") else PREFIX + target}
                           for target in discriminator["mapping"].values() if isinstance(target, str)]
                for member in members:
                    name = self.reference_name(member)
                    if name in self.schemas and self.schemas[name] is not node:
                        self.listings.setdefault(name, []).append(("mapping", members, discriminator, name))
            for value in node.values():
                self.collect_unions(value)
        elif isinstance(node, list):
            for value in node:
                self.collect_unions(value)

    @staticmethod
    def reference_name(schema):
        if isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and schema["$ref"].startswith(PREFIX):
            return schema["$ref"][len(PREFIX):].replace("~1", "/").replace("~0", "~")
        return None

    ANNOTATIONS = {"description", "title", "example", "examples", "deprecated", "externalDocs"}

    def aliased(self, name):
        """The schema a schema is only another name for (`$ref`, or `allOf` of one reference,
        with annotations only beside it, as Courier writes a type alias for it), else itself."""
        for _ in range(32):
            schema = self.schemas.get(name)
            if not isinstance(schema, dict):
                return name
            parts = schema.get("allOf")
            only = {key for key in schema if not key.startswith("x-")} - self.ANNOTATIONS
            if only == {"$ref"}:
                target = self.reference_name(schema)
            elif only == {"allOf"} and isinstance(parts, list) and len(parts) == 1:
                target = self.reference_name(parts[0])
            else:
                return name
            if target is None or target not in self.schemas or target == name:
                return name
            name = target
        return name

    def resolve(self, schema):
        for _ in range(32):
            name = self.reference_name(schema)
            if name is not None and name in self.schemas:
                schema = self.schemas[name]
                continue
            target = self.pointed(schema)
            if target is None:
                return schema
            schema = target
        return schema

    def pointed(self, schema):
        """What a `$ref` into this document that is not a component schema's name points to
        (`#/components/schemas/Parent/properties/id`), or `None`."""
        reference = schema.get("$ref") if isinstance(schema, dict) else None
        if not isinstance(reference, str) or not reference.startswith("#/"):
            return None
        node = self.document
        for token in reference[2:].split("/"):
            token = token.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict) and token in node:
                node = node[token]
            elif isinstance(node, dict) and token.isdigit() and int(token) in node:
                node = node[int(token)]  # YAML's integer keys, which JSON pointers spell as text
            elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
                node = node[int(token)]
            else:
                return None
        return node

    def tag(self, discriminator, name):
        """The value a discriminator has for a schema: its mapping's, else the schema's own
        constant for the property, else its `x-ms-discriminator-value` (AutoRest's), else the
        schema's name."""
        for value, target in (discriminator.get("mapping") or {}).items():
            if target == PREFIX + name or target == name:
                return value
        # The variant's own constant for the property is what the wire carries, as Courier reads it.
        constant = self.declared_constant({"$ref": PREFIX + name}, discriminator.get("propertyName"))
        if constant is not None and isinstance(constant[0], str):
            return constant[0]
        own = self.schemas.get(name)
        if isinstance(own, dict) and isinstance(own.get("x-ms-discriminator-value"), str):
            return own["x-ms-discriminator-value"]
        return name

    def chosen_member(self, schema, value):
        """The `oneOf` alternative whose discriminator value the object carries, if any."""
        discriminator = schema.get("discriminator")
        if not (schema.get("oneOf") and isinstance(discriminator, dict) and isinstance(value, dict)):
            return None
        tag = value.get(discriminator.get("propertyName"))
        for member in schema["oneOf"]:
            name = self.reference_name(member)
            if name is not None and tag == self.tag(discriminator, name):
                return member
        return None

    @staticmethod
    def distinct(members):
        """A `oneOf`'s alternatives, a reference listed again left out."""
        seen, result = [], []
        for member in members:
            key = member.get("$ref") if isinstance(member, dict) else None
            if key is not None and key in seen:
                continue
            seen.append(key)
            result.append(member)
        return result

    # Validation

    def only_null(self, alternative):
        """Whether a `oneOf`/`anyOf` alternative allows `null` alone: `{type: "null"}`, or one that
        only says `nullable: true` (schemars' `Option<T>`: `anyOf: [T, {nullable: true}]`), as
        Courier reads it."""
        alternative = self.resolve(alternative)
        if not isinstance(alternative, dict):
            return False
        return says_only_nullable(alternative) or self.types_of(alternative) == ["null"]

    def null_alternatives(self, members):
        """The alternatives of a `oneOf`/`anyOf` that allow `null` alone as Courier reads them
        (`only_null`), and, beside alternatives that are all objects, those that are any object
        or `null` and say nothing more (`nullable_any_object`)."""
        resolved = [self.resolve(member) for member in members]
        placeholders = [m for m, r in zip(members, resolved) if nullable_any_object(r)]
        others = [r for r in resolved if not nullable_any_object(r)]
        objects = others and all(isinstance(r, dict) and (r.get("type") == "object" or "properties" in r)
                                 for r in others)
        return [m for m in members if self.only_null(m) or (objects and m in placeholders)]

    def valid_alternative(self, alternative, value, depth, members):
        if self.only_null(alternative) or alternative in self.null_alternatives(members):
            return value is None
        return self.valid(alternative, value, depth)

    @staticmethod
    def types_of(schema):
        types = schema.get("type")
        # YAML's null in a list of types (`[array, null]`) means "null", as Courier reads it.
        types = ["null" if kind is None else kind for kind in types] if isinstance(types, list) else (
            [types] if types else [])
        if schema.get("nullable") is True and types:
            types.append("null")
        return types

    def valid(self, schema, value, depth=0):
        """Whether the value is valid by JSON Schema (and OpenAPI 3.0's `nullable`). Keywords it
        does not read count as met, which only ever keeps a payload from a union's check."""
        if depth > 64:
            return True
        schema = self.resolve(schema)
        # A union that meets itself again at the same value (`Item: oneOf: [Item, …]`) accepts
        # nothing that way: only its other alternatives count, as Courier decodes it.
        entry = (id(schema), id(value))
        if entry in self.visiting:
            return False
        self.visiting.add(entry)
        try:
            return self.valid_here(schema, value, depth)
        finally:
            self.visiting.discard(entry)

    def valid_here(self, schema, value, depth):
        if schema is True or schema == {}:
            return True
        if schema is False or not isinstance(schema, dict):
            return schema is not False
        if value is None and schema.get("nullable") is True:
            return True
        types = self.types_of(schema)
        if types and not any(has_type(kind, value) for kind in types):
            return False
        if "enum" in schema and not any(value == item and type(value) is type(item) or
                                        (isinstance(value, (int, float)) and not isinstance(value, bool)
                                         and isinstance(item, (int, float)) and not isinstance(item, bool)
                                         and value == item) for item in schema["enum"]):
            return False
        if "const" in schema and value != schema["const"]:
            return False
        # A part of `allOf` that is a polymorphic parent may list this schema among its own
        # alternatives (`Cat: allOf: [Pet, …]`, `Pet: oneOf: [Cat, …]`): Courier merges the parts
        # of such a schema rather than decoding them again, so the way back is no loop there,
        # unless the schema is only another name for its one part.
        parts = schema.get("allOf", [])
        visiting = self.visiting
        if not (len(parts) == 1 and set(schema) <= {"allOf", "description", "title"}):
            self.visiting = set()
        try:
            if not all(self.valid(part, value, depth + 1) for part in parts):
                return False
        finally:
            self.visiting = visiting
        if schema.get("anyOf") and not any(self.valid_alternative(part, value, depth + 1, schema["anyOf"])
                                           for part in schema["anyOf"]):
            return False
        chosen = self.chosen_member(schema, value)
        if chosen is not None:
            # OpenAPI: the discriminator's value names the alternative the value is validated
            # against (the others may accept it too where their tag is a plain string).
            if not self.valid(chosen, value, depth + 1):
                return False
        elif schema.get("oneOf") and sum(self.valid_alternative(part, value, depth + 1, schema["oneOf"])
                                         for part in self.distinct(schema["oneOf"])) != 1:
            # A schema listed twice (Ory Kratos' `oneOf: [Password, Oidc, Oidc]`) is one
            # alternative, as Courier reads it (with a warning).
            return False
        if isinstance(schema.get("not"), dict) and self.valid(schema["not"], value, depth + 1):
            return False
        if isinstance(value, str):
            fmt = schema.get("format")
            if fmt == "date-time" and not DATE_TIME.match(value):
                return False
            if fmt == "date" and not re.match(r"^\d{4}-\d\d-\d\d$", value):
                return False
            if fmt == "uuid":
                try:
                    uuid.UUID(value)
                except ValueError:
                    return False
            if len(value) < schema.get("minLength", 0) or len(value) > schema.get("maxLength", len(value)):
                return False
            if "pattern" in schema:
                try:
                    if not re.search(schema["pattern"], value):
                        return False
                except re.error:
                    pass
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if "minimum" in schema and value < schema["minimum"]:
                return False
            if "maximum" in schema and value > schema["maximum"]:
                return False
        if isinstance(value, list):
            if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", len(value)):
                return False
            # JSON Schema 2020-12's tuples: `prefixItems` by position, `items` for the rest.
            prefix = schema.get("prefixItems") or []
            if not all(self.valid(item_schema, item, depth + 1) for item_schema, item in zip(prefix, value)):
                return False
            items = schema.get("items")
            rest = value[len(prefix):]
            if items is False and rest:
                return False
            if isinstance(items, dict) and not all(self.valid(items, item, depth + 1) for item in rest):
                return False
        if isinstance(value, dict):
            properties = schema.get("properties") or {}
            if any(key not in value for key in schema.get("required", [])):
                return False
            extra = schema.get("additionalProperties")
            for key, item in value.items():
                if key in properties:
                    if not self.valid(properties[key], item, depth + 1):
                        return False
                elif extra is False:
                    return False
                elif isinstance(extra, dict) and not self.valid(extra, item, depth + 1):
                    return False
        return True

    # Payloads

    def string(self, schema):
        r = self.rng
        fmt = "byte" if schema.get("contentEncoding") == "base64" else schema.get("format")
        if fmt == "date-time":
            return r.choice(["2024-02-29T23:59:59Z", "2026-11-27T01:02:03.5+01:00", "1999-12-31T00:00:00.123456-07:30"])
        if fmt == "date":
            return r.choice(["2024-02-29", "1970-01-01"])
        if fmt == "uuid":
            return str(uuid.UUID(int=r.getrandbits(128)))
        if fmt in ("uri", "url"):
            return r.choice(["https://example.com/a?b=c#d", "https://example.com/%7Euser", "urn:isbn:0451450523"])
        if fmt in ("byte", "binary"):  # JSON carries bytes as base64, as Courier reads `binary` too
            return base64.b64encode(bytes(r.randrange(256) for _ in range(r.randint(0, 6)))).decode()
        if fmt == "email":
            return "someone@example.com"
        for key in ("example", "default"):
            if isinstance(schema.get(key), str) and self.valid(schema, schema[key]):
                return schema[key]
        candidates = ["", "a", "text with spaces", "ünïcode ✓", "line\nbreak", "42", "null", "abc_123"]
        r.shuffle(candidates)
        for candidate in candidates:
            if self.valid(dict(schema, format=None), candidate):
                return candidate
        return candidates[0]

    def number(self, schema, integer):
        r = self.rng
        low, high = schema.get("minimum"), schema.get("maximum")
        if integer:
            choices = [0, 1, -1, 42, 2**31 - 1, 2**53 + 1] if schema.get("format") != "int32" else [0, 1, -1, 2**31 - 1]
        elif schema.get("format") in ("decimal", "decimal128"):
            # A fixed-point decimal (money): no exponent past what a decimal type holds.
            choices = [0, 1.5, -2.25, 0.1, 3, 123456.789, 19.99]
        else:
            choices = [0, 1.5, -2.25, 0.1, 1e300, 3, 123456.789]
        choices = [c for c in choices if (low is None or c >= low) and (high is None or c <= high)]
        if not choices:
            return low if low is not None else high
        return r.choice(choices)

    def merged(self, schema):
        """An `allOf` of objects as one object schema: properties and required keys together,
        and each other keyword of the parts kept for the validator."""
        merged = {k: v for k, v in schema.items() if k != "allOf"}
        properties = dict(merged.get("properties") or {})
        required = list(merged.get("required", []))
        closed = merged.get("additionalProperties") is False
        for part in schema["allOf"]:
            part = self.resolve(part)
            if not isinstance(part, dict):
                continue
            if "allOf" in part:
                part = self.merged(part)
            for key, value in (part.get("properties") or {}).items():
                properties[key] = {"allOf": [properties[key], value]} if key in properties else value
            required += [key for key in part.get("required", []) if key not in required]
            closed = closed or part.get("additionalProperties") is False
            for keyword in ("oneOf", "anyOf", "discriminator", "type"):
                if keyword in part and keyword not in merged:
                    merged[keyword] = part[keyword]
            # A number that another part says is an integer is an integer (GitHub's workflow
            # job declares `run_id` a number in one part and an integer in the other).
            if merged.get("type") == "number" and part.get("type") == "integer":
                merged["type"] = "integer"
        merged["properties"] = properties
        merged["required"] = required
        if closed:
            merged["x-closed"] = True
        return merged

    def payload(self, schema, depth=0):
        """A random value for the schema; `None` may also be a value, so failures raise."""
        r = self.rng
        if depth > 14:
            raise ValueError("too deep")
        name = self.reference_name(schema)
        if name in self.descendants and r.random() < 0.7:
            # A polymorphic parent's value is itself or any schema that extends it.
            member = r.choice(self.descendants[name])
            return self.payload({"$ref": PREFIX + member.replace("~", "~0").replace("/", "~1")}, depth + 1)
        schema = self.resolve(schema)
        if schema is True or schema == {} or not isinstance(schema, dict):
            return r.choice([1, "text", None, True, [1, "a"], {"k": [None]}, 2.5])
        if "const" in schema:
            return schema["const"]
        if "enum" in schema:
            return r.choice(schema["enum"])
        types = self.types_of(schema)
        if "null" in types and r.random() < 0.15:
            return None
        if "allOf" in schema:
            parts = [self.resolve(part) for part in schema["allOf"]]
            if any(isinstance(p, dict) and (p.get("type") == "object" or "properties" in p or "allOf" in p)
                   for p in parts):
                value = self.payload(self.merged(schema), depth + 1)
                self.set_tags(schema, name, value)
                return value
            describing = [p for p in parts if isinstance(p, dict) and set(p) & {"type", "enum", "const", "$ref",
                                                                                "oneOf", "anyOf", "items"}]
            if describing:
                # A part that fixes the value (`{const: horse}`) decides it; else one that says
                # integer where another says number (a value both accept is one); else the first.
                fixed = [p for p in describing if "const" in p or "enum" in p]
                integers = [p for p in describing if p.get("type") == "integer"]
                return self.payload((fixed or integers or describing)[0], depth + 1)
        for keyword in ("oneOf", "anyOf"):
            # An empty list is invalid JSON Schema; Courier ignores it (Discord's enums without values).
            if schema.get(keyword):
                null = self.null_alternatives(schema[keyword])
                members = [m for m in schema[keyword] if m not in null] or schema[keyword]
                member = r.choice(members)
                value = self.payload(member, depth + 1)
                discriminator = schema.get("discriminator")
                member_name = self.reference_name(member)
                if discriminator and member_name and isinstance(value, dict):
                    value[discriminator["propertyName"]] = self.tag(discriminator, member_name)
                if "properties" in schema and isinstance(value, dict):
                    own = self.payload({k: v for k, v in schema.items() if k not in ("oneOf", "anyOf")}, depth + 1)
                    if isinstance(own, dict):
                        value = {**own, **value}
                return value
        kinds = [kind for kind in types if kind != "null"] or (
            ["object"] if "properties" in schema or "additionalProperties" in schema
            else ["array"] if "items" in schema or "prefixItems" in schema
            else ["string"])
        kind = r.choice(kinds)
        if kind == "string":
            return self.string(schema)
        if kind in ("integer", "number"):
            return self.number(schema, kind == "integer")
        if kind == "boolean":
            return r.random() < 0.5
        if kind == "array":
            items = schema.get("items", {})
            prefix = schema.get("prefixItems") or []
            low = schema.get("minItems", 0)
            high = max(low, min(schema.get("maxItems", 3), 3 if depth < 4 else low))
            count = r.randint(low, high)
            if items is False:
                count = min(count, len(prefix))
            return [self.payload(prefix[index] if index < len(prefix) else items, depth + 1) for index in range(count)]
        value = {}
        properties = schema.get("properties") or {}
        required = schema.get("required", [])
        for key, property_schema in properties.items():
            if key in required or (depth < 4 and r.random() < 0.5):
                value[key] = self.payload(property_schema, depth + 1)
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and depth < 4:
            for key in r.sample(["k1", "other", "Ünï"], r.randint(0, 2)):
                value[key] = self.payload(extra, depth + 1)
        elif extra is None and not schema.get("x-closed") and r.random() < 0.3:
            value.setdefault("added_later", r.choice([1, "text", None, [1, 2], {"nested": True}]))
        self.set_tags(schema, name, value)
        return value

    @staticmethod
    def declared_discriminator(schema):
        """A schema's discriminator: its own, else that of an inline part of its `allOf` (where
        Microsoft Graph declares an intermediate parent's), as the generator reads it."""
        if not isinstance(schema, dict):
            return None
        if isinstance(schema.get("discriminator"), dict):
            return schema["discriminator"]
        for part in schema.get("allOf", []):
            if isinstance(part, dict) and "$ref" not in part and isinstance(part.get("discriminator"), dict):
                return None if "oneOf" in part or "anyOf" in part else part["discriminator"]
        return None

    def is_polymorphic_parent(self, schema):
        return self.declared_discriminator(schema) is not None and not ("oneOf" in schema or "anyOf" in schema)

    def polymorphic_ancestors(self, schema, depth=0):
        """The names of the polymorphic parents a schema extends through `allOf`, through
        schemas that only name another (`allOf: [{$ref: Parent}]`) and grandparents."""
        names = []
        if not isinstance(schema, dict) or depth > 16:
            return names
        for part in schema.get("allOf", []):
            name = self.reference_name(part)
            if name is None or name not in self.schemas:
                continue
            target = self.schemas[name]
            if self.is_polymorphic_parent(target):
                names.append(name)
            names += [n for n in self.polymorphic_ancestors(target, depth + 1) if n not in names]
        return names

    def set_tags(self, schema, name, value):
        """A polymorphic parent's payload, and that of a schema extending one, carries the
        parent's tag for the schema, as OpenAPI requires."""
        if not isinstance(value, dict) or name is None:
            return
        parents = ([name] if self.is_polymorphic_parent(schema) else []) + self.polymorphic_ancestors(schema)
        for parent in parents:
            discriminator = self.declared_discriminator(self.schemas[parent])
            key = discriminator["propertyName"]
            mapped = [tag for tag, target in (discriminator.get("mapping") or {}).items()
                      if target in (PREFIX + name, name)]
            if mapped or not self.declares_constant(schema, key):
                # The mapping's value, else the schema's own (`x-ms-discriminator-value`, else its
                # name); a constant the schema gives the property itself (`species: {const:
                # horse}`) is already in the payload.
                value[key] = mapped[0] if mapped else self.tag({}, name)

    def member_tag(self, discriminator, member):
        """The tag of a union's member: a named schema's, or an inline one's own constant."""
        name = self.reference_name(member)
        if name is not None:
            return self.tag(discriminator, name)
        constant = self.declared_constant(member, discriminator.get("propertyName"))
        return constant[0] if constant is not None else None

    def declares_constant(self, schema, key, depth=0):
        """Whether a schema, or a part of it, gives the property one value (`const`, `enum`)."""
        return self.declared_constant(schema, key, depth) is not None

    def declared_constant(self, schema, key, depth=0):
        """The one value a schema, or a part of it, gives the property (`const`, `enum`), in a
        list, else `None`."""
        schema = self.resolve(schema)
        if not isinstance(schema, dict) or depth > 16:
            return None
        own = self.resolve((schema.get("properties") or {}).get(key, {}))
        if isinstance(own, dict) and "const" in own:
            return [own["const"]]
        if isinstance(own, dict) and isinstance(own.get("enum"), list) and len(own["enum"]) == 1:
            return own["enum"]
        for part in schema.get("allOf", []):
            found = self.declared_constant(part, key, depth + 1)
            if found is not None:
                return found
        return None

    def checked_payload(self, name):
        """A payload of the schema that is valid for it and lands in its own case of each union
        that lists it by OpenAPI's rules, or `None` after a few tries."""
        reference = {"$ref": PREFIX + name.replace("~", "~0").replace("/", "~1")}
        for _ in range(8):
            try:
                value = self.payload(reference)
            except (ValueError, RecursionError, KeyError, TypeError):
                continue
            if isinstance(value, dict):
                # A member of a union with a discriminator carries the tag the union gives it
                # (`method: password`), where its own schema leaves the property free
                # (`{type: string}`): else no payload of it would land in its own case.
                for _, _, discriminator, listed in self.listings.get(self.aliased(name), []):
                    if isinstance(discriminator, dict) and isinstance(discriminator.get("propertyName"), str):
                        value[discriminator["propertyName"]] = self.tag(discriminator, listed)
            if not self.valid(reference, value) or not self.unambiguous(name, value):
                continue
            return value
        return None

    def payload_rounds(self, rounds):
        """`rounds` objects of a checked payload for each schema that has one, keyed by its name."""
        result = []
        for _ in range(rounds):
            payloads = {}
            for name in sorted(self.schemas):
                value = self.checked_payload(name)
                if value is not None:
                    payloads[name] = value
            result.append(payloads)
        return result

    def unambiguous(self, name, value):
        for _, members, discriminator, listed in self.listings.get(self.aliased(name), []):
            if discriminator and isinstance(value, dict):
                tag = value.get(discriminator.get("propertyName"))
                if tag != self.tag(discriminator, listed):
                    return False
                if not any(self.member_tag(discriminator, member) == tag for member in members
                           if self.reference_name(member) != listed):
                    continue
                # Another member has the same tag: the members' shapes must tell them apart.
            for member in members:
                if self.reference_name(member) != listed and self.valid(member, value):
                    return False
        return True


def load(path):
    with open(path) as f:
        if path.endswith(".json"):
            return json.load(f)
        try:
            import yaml  # Only for YAML descriptions, outside the test suite.
        except ImportError:
            return None
        return yaml.safe_load(f)


def check(description, spec, path, courier, rounds, keep):
    """Generates the description's module with `rounds` payloads of each schema, builds the checks
    and runs them (in `keep`, kept, if given); returns the number of findings (a description that
    does not generate, compile or run counts as one)."""
    payload_rounds = description.payload_rounds(rounds)
    offered = sum(len(payloads) for payloads in payload_rounds)
    print(f"{spec}: {offered} payloads of {len(description.schemas)} schemas over {rounds} rounds; building…",
          flush=True)
    findings, _ = check_rounds(path, payload_rounds, courier, keep, "RealPayloads", quiet=True)
    return findings


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--specs", default=SPECS, help="the folder of descriptions (default: ../shared/specs)")
    parser.add_argument("--only", help="comma-separated fragments of file names")
    parser.add_argument("--rounds", type=int, default=3, help="payloads per schema (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", help="build in this folder and keep it, with each round's payloads")
    args = parser.parse_args()
    if not os.path.isdir(args.specs):
        parser.error(f"no folder of descriptions at {args.specs} (give one with --specs)")
    courier = courier_binary()
    specs = sorted(f for f in os.listdir(args.specs) if f.endswith((".json", ".yaml", ".yml"))
                   and "fixtures" not in f)
    if args.only:
        specs = [s for s in specs if any(part in s for part in args.only.split(","))]
    total_findings = 0
    for spec in specs:
        path = os.path.join(args.specs, spec)
        document = load(path)
        if not isinstance(document, dict) or not document.get("components", {}).get("schemas"):
            print(f"{spec}: skipped (no schemas, or YAML without PyYAML)")
            continue
        description = Description(document, random.Random(f"{args.seed}/{spec}"))
        total_findings += check(description, spec, path, courier, args.rounds, args.keep)
    sys.exit(1 if total_findings else 0)


if __name__ == "__main__":
    main()
