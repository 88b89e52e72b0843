#!/usr/bin/env python3
"""Checks the generator against OpenAPI's semantics with descriptions it has never seen: writes
random component schemas (objects, enums, nullable values, formats, type lists, tuples, arrays,
maps, maps and arrays of themselves, `oneOf` and `anyOf` inline and nested, with a discriminator, a `const` tag or none,
polymorphic parents and other `allOf` extensions, in OpenAPI 3.1 some written as a `$ref` beside
the extension's keywords), and for each schema random payloads that are
valid by JSON Schema's rules, checked by a small validator here. A payload that only one `oneOf`
variant accepts must land in that variant's case, read as Courier documents it where JSON Schema
is stricter than authors mean (`null` for an optional key, a key added to a closed schema, a
closed `allOf` part). Each payload is decoded with the generated type, encoded again and
compared (`DescriptionExample.check()`), so that a payload that fails to decode, a value read
differently, a key lost or a wrong case shows. Each description also has random operations
(`--operations`, `random_operations.py`, `request_checks.py`): parameters in every location, style and shape, with
names that collide once made Swift names or with the generated code's own; request bodies of
every kind, forms and multipart with `encoding` entries; several responses, events and binary
ones. They must compile, and for each a few random valid arguments (`--requests`) are passed to
its generated `Endpoints` factory, the request is recorded by a `StubTransport`, and every
argument is read back from the path, query, headers, cookie and form body as RFC 6570 and
OpenAPI's style tables write it: an argument that comes back different is a finding.

    python3 Scripts/random-schemas.py                    # seeds 1 to 5
    python3 Scripts/random-schemas.py --seeds 7,8 --schemas 60 --payloads 20
    python3 Scripts/random-schemas.py --keep /tmp/rs     # keep the package to look at a finding

The descriptions alternate between OpenAPI 3.0 (`nullable`) and 3.1 (type lists); the 3.1 ones
name their schemas by `$anchor` (seeds 1, 7, …), by `$id` (3, 9, …) or by JSON pointer (5, 11, …),
the schemas and payloads the same. Needs python3
and the Swift toolchain; prints each finding with its seed, schema and payload, and exits 1 if
there is any.
"""
import argparse, base64, json, os, random, re, shutil, subprocess, sys, tempfile, uuid, zlib

from check_package import checks_main, courier_binary, write_package
from json_schema_values import DATE_TIME, has_type, nullable_any_object, says_only_nullable
from schema_identifiers import identified
from random_operations import Operations
from request_checks import RequestChecks, generated_forms, generated_methods

CAPTURE = """import Courier
import CourierTesting
import Foundation

/// An argument of a generated factory, decoded as the client decodes JSON.
func argument<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .rfc3339
    return try decoder.decode(T.self, from: Data(json.utf8))
}

/// Sends the endpoint to a transport that records it, and prints the request it received.
func capture<Response>(_ id: String, _ make: () throws -> Endpoint<Response>) async {
    let endpoint: Endpoint<Response>
    do { endpoint = try make() } catch { return }  // arguments the Swift types cannot hold
    let transport = StubTransport()
    let client = APIClient(configuration: .init(baseURL: URL(string: "http://example.test")!, transport: transport))
    var record: [String: Any] = ["id": id]
    do {
        _ = try await client.send(endpoint)
    } catch {
        if transport.requests.isEmpty { record["error"] = "\\(error)" }
    }
    if let request = transport.requests.last {
        record["url"] = request.url.absoluteString
        record["headers"] = request.headers.map { [$0.name, $0.value] }
        var body = Data()
        if let chunks = request.body {
            do { for try await chunk in chunks { body.append(chunk) } } catch { record["error"] = "\\(error)" }
        }
        record["body"] = String(decoding: body, as: UTF8.self)
    }
    let data = try! JSONSerialization.data(withJSONObject: record)
    print("REQUEST " + String(decoding: data, as: UTF8.self))
}
"""



class Schemas:
    """Random component schemas, and valid payloads for them."""

    def __init__(self, rng, count, openapi31):
        self.rng = rng
        self.openapi31 = openapi31
        self.components = {}
        self.union_names = set()
        self.object_names = []
        self.polymorphic = {}  # a parent's name → the schemas that extend it
        for index in range(count):
            name = f"Shape{index}"
            self.components[name] = self.named_schema(name, index)

    # Schemas

    def nullable(self, schema):
        if self.openapi31:
            if "oneOf" in schema:
                # `null` in the type list would be refused by every constant alternative.
                return {"oneOf": [schema, {"type": "null"}]}
            if "type" in schema and "enum" not in schema:
                types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
                return dict(schema, type=types + ([] if "null" in types else ["null"]))
            if "$ref" in schema:
                return {"oneOf": [schema, {"type": "null"}]}
            return None
        if "$ref" in schema and self.object_like(schema) and self.rng.random() < 0.5:
            # Microsoft Graph's way (OpenAPI.NET's): beside the reference, any object or null.
            return {self.rng.choice(["anyOf", "oneOf"]): [schema, {"type": "object", "nullable": True}]}
        if "$ref" in schema and self.rng.random() < 0.3:
            # schemars' way (Rust's `Option<T>`, Qdrant's): beside the reference, only `nullable`.
            return {"anyOf": [schema, {"nullable": True}]}
        if "$ref" in schema:
            return {"allOf": [schema], "nullable": True}
        return dict(schema, nullable=True)

    def courier_object(self, schema, depth=0):
        """Whether Courier's generator reads a schema as an object (its `isObjectSchema`)."""
        schema = self.resolve(schema)
        if depth > 32:
            return False
        if isinstance(schema.get("type"), str):
            return schema["type"] == "object"
        if "properties" in schema or "additionalProperties" in schema:
            return True
        if any(self.courier_object(part, depth + 1) for part in schema.get("allOf", [])):
            return True
        for keyword in ("oneOf", "anyOf"):
            if keyword in schema:
                members = [m for m in schema[keyword] if m.get("type") != "null"]
                return bool(members) and all(self.courier_object(m, depth + 1) for m in members)
        return False

    def nullable_alternatives(self, members):
        """The alternatives Courier reads beside an alternative that only says `nullable: true`
        (the value is one of them, or null), or beside one that is any object or null when they
        are all objects, else None."""
        only_null = [m for m in members if says_only_nullable(m)]
        if only_null and len(only_null) < len(members):
            return [m for m in members if m not in only_null]
        placeholders = [m for m in members if nullable_any_object(m)]
        others = [m for m in members if not nullable_any_object(m)]
        if placeholders and others and all(self.courier_object(m) for m in others):
            return others
        return None

    def scalar(self):
        r = self.rng
        if r.random() < 0.05:
            if self.openapi31:
                return {"type": ["string", "null"], "enum": ["on", "off", None]}
            return {"type": "string", "enum": ["on", "off", None], "nullable": True}
        if r.random() < 0.05:
            return {"type": "integer", "default": 7}
        if r.random() < 0.04:
            # A value that is not an object, with a part that only constrains it (every value
            # written here meets it): the type is the describing part's.
            base = self.scalar()
            constraint = {"multipleOf": 1} if base.get("type") == "integer" else {"minLength": 0}
            return {"allOf": [base, constraint] if r.random() < 0.5 else [constraint, base]}
        return r.choice([
            {"type": "string"},
            {"type": "string", "format": "date-time"},
            {"type": "string", "format": "uuid"},
            {"type": "string", "format": "uri"},
            {"type": "string", "format": "byte"},
            {"type": "string", "format": "date"},
            {"type": "number", "format": "float"},
            {"type": "number", "format": "decimal"},
            {"type": "integer", "format": "int32"},
            {"type": "string", "enum": r.sample(["red", "green", "blue", "Red", "x-y", "1"], r.randint(1, 4))},
            {"type": "integer"},
            {"type": "integer", "format": "int64"},
            {"type": "integer", "format": "uint64"},
            {"type": "integer", "enum": r.sample([0, 1, 2, 10, -3], r.randint(1, 3))},
            # An enum whose values are each an alternative with a title (Discord's enums).
            {"type": "integer", "oneOf": [{"title": "GUILD_TEXT", **self.constant(0)},
                                          {"title": "DM", "description": "A direct message.", **self.constant(1)},
                                          {"title": "Voice", **self.constant(-3)}][:r.randint(1, 3)]},
            {"type": "string", "oneOf": [{"title": "SHIELD", **self.constant("shield")},
                                         {"title": "ZEROES", **self.constant("0000")}][:r.randint(1, 2)]},
            {"type": "number"},
            {"type": "boolean"},
        ] + ([
            {"type": ["integer", "string"]},
            {"type": ["boolean", "number", "null"]},
            {"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}], "items": {"type": "number"}},
            {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]},
            {"type": "object", "additionalProperties": True},
            {},
        ] if self.openapi31 else []))

    def value_schema(self, depth):
        r = self.rng
        roll = r.random()
        if depth > 2 or roll < 0.5:
            schema = self.scalar()
        elif roll < 0.6 and self.object_names:
            schema = {"$ref": "#/components/schemas/" + r.choice(self.object_names)}
        elif roll < 0.65 and self.union_names:
            schema = {"$ref": "#/components/schemas/" + r.choice(sorted(self.union_names))}
        elif roll < 0.7 and len(self.object_names) >= 2:
            # An inline union: Stripe's expandable field (an ID or the object), or two objects.
            first, second = self.rng.sample(self.object_names, 2)
            members = [{"$ref": "#/components/schemas/" + first}]
            members.append({"type": "string"} if r.random() < 0.5 else {"$ref": "#/components/schemas/" + second})
            schema = {"oneOf" if r.random() < 0.5 else "anyOf": members}
        elif roll < 0.8:
            schema = {"type": "array", "items": self.value_schema(depth + 1)}
        elif roll < 0.9:
            schema = {"type": "object", "additionalProperties": self.value_schema(depth + 1)}
        else:
            schema = self.object_schema(depth + 1)
        if r.random() < 0.2:
            schema = self.nullable(schema) or schema
        return schema

    KEYS = ["id", "name", "kind", "count", "created_at", "items", "meta", "value", "label", "url", "self", "default",
            "@type", "Type", "init", "additionalProperties"]
    EXTENSION_KEYS = ["note", "extra_count", "ext-id", "flag", "ext_items"]

    def object_schema(self, depth, tag=None, keys=KEYS, closable=True):
        r = self.rng
        keys = r.sample(keys, r.randint(1, min(5, len(keys))))
        properties = {key: self.value_schema(depth) for key in keys}
        required = [key for key in keys if r.random() < 0.5]
        schema = {"type": "object", "properties": properties}
        if tag:
            key, value = tag
            properties[key] = {"type": "string", "enum": [value]} if r.random() < 0.5 else {"type": "string"}
            required.append(key)
        if required:
            schema["required"] = sorted(set(required))
        if closable and r.random() < 0.15:
            schema["additionalProperties"] = False
        return schema

    def named_schema(self, name, index):
        r = self.rng
        roll = r.random()
        objects = self.object_names
        if index >= 4 and r.random() < 0.06:
            return self.recursive_collection(name)
        if index < 4 or roll < 0.45 or len(objects) < 3:
            schema = self.object_schema(0)
            if r.random() < 0.2:  # recursive, through an optional array
                schema["properties"]["children"] = {"type": "array", "items": {"$ref": "#/components/schemas/" + name}}
            self.object_names.append(name)
            return schema
        if roll < 0.55:
            parent = r.choice(objects)
            # Keys of its own, and open: JSON Schema applies `additionalProperties: false` in one
            # `allOf` part to that part's properties only, which no generator (nor author) means.
            # Keys the parent does not declare: a key that both declare with different types
            # allows no value, which no description means.
            taken = self.declared_keys({"$ref": "#/components/schemas/" + parent})
            keys = [key for key in self.EXTENSION_KEYS if key not in taken] + [f"more_{index}"]
            extension = self.object_schema(1, keys=keys, closable=False)
            self.object_names.append(name)
            return {"allOf": [{"$ref": "#/components/schemas/" + parent}, extension]}
        if roll < 0.62:
            # Objects told apart by a property with one value (Stripe's `object`), no discriminator.
            variants = []
            for position in range(r.randint(2, 4)):
                variant = f"{name}Tagged{position}"
                value = r.choice(["card", "bank_account", "source", "x-y", "Card"]) + str(position)
                tag = {"const": value} if self.openapi31 and r.random() < 0.5 else {"type": "string", "enum": [value]}
                schema = self.object_schema(1)
                schema["properties"]["object"] = tag
                schema["required"] = sorted(set(schema.get("required", []) + ["object"]))
                self.components[variant] = schema
                variants.append(variant)
            self.union_names.add(name)
            return {"oneOf" if r.random() < 0.7 else "anyOf": [{"$ref": "#/components/schemas/" + v} for v in variants]}
        if roll < 0.7:
            # OpenAPI's polymorphism: a parent with a discriminator, extended through `allOf`.
            parent = self.object_schema(0)
            parent["properties"]["pet_type"] = {"type": "string"}
            parent["required"] = sorted(set(parent.get("required", []) + ["pet_type"]))
            parent.pop("additionalProperties", None)
            parent["discriminator"] = {"propertyName": "pet_type"}
            children = [f"{name}Child{position}" for position in range(r.randint(1, 3))]
            if r.random() < 0.5:
                parent["discriminator"]["mapping"] = {f"kind{p}": "#/components/schemas/" + c
                                                      for p, c in enumerate(children)}
            for child in children:
                self.components[child] = {"allOf": [
                    {"$ref": "#/components/schemas/" + name},
                    self.object_schema(1, keys=self.EXTENSION_KEYS, closable=False)]}
            self.polymorphic[name] = children
            self.union_names.add(name)
            return parent
        if roll < 0.8:
            # A union of objects; with a discriminator, the variants are written again with the tag.
            variants = r.sample(objects, r.randint(2, min(4, len(objects))))
            plain_unions = sorted(u for u in self.union_names if u not in self.polymorphic)
            if plain_unions and r.random() < 0.3:  # a union inside a union
                variants[-1] = r.choice(plain_unions)
            keyword = "oneOf" if r.random() < 0.7 else "anyOf"
            self.union_names.add(name)
            if r.random() < 0.5:
                tagged = []
                for position, variant in enumerate(variants):
                    tagged_name = f"{name}Variant{position}"
                    self.components[tagged_name] = {"allOf": [
                        {"$ref": "#/components/schemas/" + variant},
                        {"type": "object", "properties": {"type": {"type": "string"}}, "required": ["type"]}]}
                    tagged.append(tagged_name)
                discriminator = {"propertyName": "type"}
                if r.random() < 0.5:
                    discriminator["mapping"] = {f"t{p}": "#/components/schemas/" + v for p, v in enumerate(tagged)}
                return {keyword: [{"$ref": "#/components/schemas/" + v} for v in tagged],
                        "discriminator": discriminator}
            return {keyword: [{"$ref": "#/components/schemas/" + v} for v in variants]}
        # A union of scalars, arrays and objects.
        members = [self.scalar() for _ in range(r.randint(1, 3))]
        if r.random() < 0.5:
            members.append({"type": "array", "items": self.scalar()})
        if r.random() < 0.5:
            members.append({"$ref": "#/components/schemas/" + r.choice(objects)})
            # Not with a free-form alternative: an object whose one-value property proves the
            # other, but which that one does not accept, is its error, not a free-form value.
            members = [member for member in members if member != {}] or members
        self.union_names.add(name)
        return {"oneOf" if r.random() < 0.7 else "anyOf": members}

    def recursive_collection(self, name):
        """A collection of itself: a map or array of the schema, directly or through a second
        schema (`Outline: [OutlineLevel]`, `OutlineLevel: {additionalProperties: Outline}`)."""
        r = self.rng
        own = {"$ref": "#/components/schemas/" + name}
        shape = r.choice(["map", "array", "array of maps", "map of arrays"])
        if shape == "map":
            return {"type": "object", "additionalProperties": own}
        if shape == "array":
            return {"type": "array", "items": own}
        if shape == "map of arrays":
            return {"type": "object", "additionalProperties": {"type": "array", "items": own}}
        self.components[name + "Level"] = {"type": "object", "additionalProperties": own}
        return {"type": "array", "items": {"$ref": "#/components/schemas/" + name + "Level"}}

    def resolve(self, schema):
        while "$ref" in schema:
            schema = self.components[schema["$ref"].rsplit("/", 1)[1]]
        return schema

    # Validation (the subset of JSON Schema the schemas above use)

    def declared_keys(self, schema):
        """The keys a schema declares, with those of its `allOf` parts."""
        schema = self.resolve(schema)
        keys = set(schema.get("properties", {}))
        for part in schema.get("allOf", []):
            keys |= self.declared_keys(part)
        return keys

    def constant(self, value):
        """One allowed value: `const` in OpenAPI 3.1, a one-value `enum` in 3.0."""
        return {"const": value} if self.openapi31 else {"enum": [value]}

    @staticmethod
    def constraint_only(schema):
        """Whether a schema only constrains a value (`minLength`, `not`) without describing one."""
        describing = {"type", "properties", "additionalProperties", "items", "enum", "const", "allOf", "oneOf",
                      "anyOf", "$ref", "prefixItems"}
        return not describing & set(schema)

    def object_like(self, schema):
        """Whether a schema describes an object (after a `$ref`)."""
        schema = self.resolve(schema)
        return schema.get("type") == "object" or "properties" in schema or "allOf" in schema

    def valid(self, schema, value, lenient=False, as_parent=False, siblings=frozenset()):
        """Whether the value is valid; `lenient` reads it as Courier does (`null` for an optional
        key is no value, an undeclared key in a closed schema is one added later), and
        `as_parent` reads a polymorphic parent as its own shape (as an `allOf` part). An `allOf`
        part's `additionalProperties: false` allows its siblings' keys (`siblings`), as every
        generator and author reads it, where JSON Schema applies it to the part's own alone."""
        if "$ref" in schema and not as_parent and isinstance(value, dict):
            name = schema["$ref"].rsplit("/", 1)[1]
            if name in self.polymorphic:
                member = self.polymorphic_member(name, value.get("pet_type"))
                if member is None:
                    return False
                if member != name:
                    return self.valid({"$ref": "#/components/schemas/" + member}, value, lenient)
                return self.valid(schema, value, lenient, as_parent=True)
        schema = self.resolve(schema)
        if schema.get("nullable") and value is None:
            return True
        # A part of several extends it; an `allOf` of one only names it (a nullable reference).
        extends = len(schema.get("allOf", [])) > 1
        keys = frozenset(self.declared_keys(schema)) if "allOf" in schema else frozenset()
        if "allOf" in schema and not all(self.valid(part, value, lenient, extends, keys) for part in schema["allOf"]):
            return False
        if "discriminator" in schema and ("oneOf" in schema or "anyOf" in schema) and isinstance(value, dict):
            # OpenAPI: the discriminator's value names the member; a value that names none is invalid.
            tagged = self.tagged_member(schema, value)
            return tagged is not None and self.valid(tagged, value, lenient)
        for keyword in ("oneOf", "anyOf"):
            others = self.nullable_alternatives(schema.get(keyword, []))
            if others is not None:
                # Courier reads the free-form object beside objects as "may be null".
                schema = dict(schema, **{keyword: others})
                if value is None:
                    return True
        if "oneOf" in schema:
            matches = sum(self.valid(part, value, lenient) for part in schema["oneOf"])
            # Read leniently, two alternatives a value matches (the same enum twice) do not rule it out.
            if matches == 0 or (matches > 1 and not lenient):
                return False
        if "anyOf" in schema and not any(self.valid(part, value, lenient) for part in schema["anyOf"]):
            return False
        if "const" in schema and not (value == schema["const"] and type(value) is type(schema["const"])):
            return False
        if "enum" in schema and not any(value == item and type(value) is type(item) for item in schema["enum"]):
            return False
        types = schema.get("type")
        if types is not None:
            types = types if isinstance(types, list) else [types]
            if not any(has_type(kind, value) for kind in types):
                return False
        fmt = schema.get("format")
        if isinstance(value, str) and fmt == "date-time" and not DATE_TIME.match(value):
            return False
        if isinstance(value, str) and fmt == "byte":
            try:
                base64.b64decode(value, validate=True)
            except ValueError:
                return False
        if isinstance(value, str) and fmt == "date" and not re.match(r"^\d{4}-\d\d-\d\d$", value):
            return False
        if isinstance(value, str) and fmt == "uri" and not re.match(r"^[a-z][a-z0-9+.-]*:\S*$", value):
            return False
        if fmt == "int32" and isinstance(value, int) and not -2**31 <= value < 2**31:
            return False
        if fmt == "uint64" and isinstance(value, (int, float)) and not 0 <= value < 2**64:
            return False
        if fmt == "float" and isinstance(value, float) and abs(value) > 3.4e38:
            return False
        if fmt == "decimal" and isinstance(value, float) and abs(value) > 1e38:
            return False  # past what a decimal type holds (money is never near it)
        if isinstance(value, str) and fmt == "uuid":
            try:
                uuid.UUID(value)
            except ValueError:
                return False
        if isinstance(value, list):
            prefix = schema.get("prefixItems", [])
            if not all(self.valid(item_schema, item, lenient) for item_schema, item in zip(prefix, value)):
                return False
            if "items" in schema and not all(self.valid(schema["items"], item, lenient) for item in value[len(prefix):]):
                return False
        if isinstance(value, dict):
            properties = schema.get("properties", {})
            if any(key not in value for key in schema.get("required", [])):
                return False
            for key, item in value.items():
                if lenient and key in properties and item is None and key not in schema.get("required", []):
                    continue  # Courier reads `null` for an optional key as no value, whatever its schema
                if key in properties:
                    if not self.valid(properties[key], item, lenient):
                        return False
                elif schema.get("additionalProperties") is False and key not in siblings and not lenient:
                    # Courier keeps a key a closed schema does not declare: a field added later.
                    return False
                elif isinstance(schema.get("additionalProperties"), dict):
                    if not self.valid(schema["additionalProperties"], item, lenient):
                        return False
        return True

    # Payloads

    def string(self, fmt):
        r = self.rng
        if fmt == "date-time":
            fraction = r.choice(["", ".5", ".123", ".123456"])
            offset = r.choice(["Z", "+02:00", "-07:30", "z"])
            return f"20{r.randint(10, 39)}-0{r.randint(1, 9)}-1{r.randint(0, 9)}T1{r.randint(0, 9)}:3{r.randint(0, 9)}:" \
                   f"0{r.randint(0, 9)}{fraction}{offset}"
        if fmt == "byte":
            return base64.b64encode(bytes(r.randrange(256) for _ in range(r.randint(0, 7)))).decode()
        if fmt == "date":
            return f"20{r.randint(10, 39)}-0{r.randint(1, 9)}-{r.randint(10, 28)}"
        if fmt == "uri":
            return r.choice(["https://example.com/a?b=c#d", "http://[::1]:8080/", "mailto:someone@example.com",
                             "https://example.com/%7Euser", "urn:isbn:0451450523", "https://例え.jp/パス",
                             "https://example.com/a%20b"])
        if fmt == "uuid":
            text = str(uuid.UUID(int=r.getrandbits(128)))
            return text.upper() if r.random() < 0.3 else text
        return r.choice(["", "a", "hello world", "ünïcode ✓", "line\nbreak", "quote \" and \\", "𝄞", "null",
                         "true", "42", "2024-01-01T00:00:00Z", "red"])

    def payload(self, schema, depth=0, as_parent=False):
        """A random value for the schema, or None when one was not found (the caller retries)."""
        r = self.rng
        if "$ref" in schema and not as_parent:
            name = schema["$ref"].rsplit("/", 1)[1]
            if name in self.polymorphic:
                member = r.choice([name] + self.polymorphic[name])
                value = self.payload({"$ref": "#/components/schemas/" + member}, depth, as_parent=member == name)
                if isinstance(value, dict):
                    value["pet_type"] = self.polymorphic_tag(name, member)
                return value
        schema = self.resolve(schema)
        types = schema.get("type")
        types = types if isinstance(types, list) else ([types] if types else [])
        if types == ["null"] or ((schema.get("nullable") or "null" in types) and r.random() < 0.25):
            return None
        if "allOf" in schema:
            value = {}
            describing = [part for part in schema["allOf"] if not self.constraint_only(part)]
            if len(describing) == 1 and len(schema["allOf"]) > 1 and not self.object_like(describing[0]):
                return self.payload(describing[0], depth + 1)
            for part in schema["allOf"]:
                piece = self.payload(part, depth + 1, as_parent=len(schema["allOf"]) > 1)
                if not isinstance(piece, dict):
                    return piece if len(schema["allOf"]) == 1 else None
                value.update(piece)
            return value
        for keyword in ("oneOf", "anyOf"):
            if keyword in schema:
                others = self.nullable_alternatives(schema[keyword])
                if others is not None and r.random() < 0.25:
                    return None
                member = r.choice(others or schema[keyword])
                value = self.payload(member, depth + 1)
                if "discriminator" in schema and isinstance(value, dict):
                    value["type"] = self.tag(schema, member)
                return value
        if "const" in schema:
            return schema["const"]
        if "enum" in schema:
            return r.choice(schema["enum"])
        if not schema:  # any value
            return r.choice([1, "text", None, True, [1, "a"], {"k": [None]}, 2.5])
        kinds = [kind for kind in types if kind != "null"] or ["object"]
        kind = r.choice(kinds)
        if kind == "string":
            return self.string(schema.get("format"))
        if kind == "integer" and schema.get("format") == "int32":
            return r.choice([0, 1, -1, 2**31 - 1, -(2**31)])
        if kind == "integer" and schema.get("format") == "uint64":
            return r.choice([0, 1, 2**63 - 1, 2**63, 2**64 - 1])
        if kind == "number" and schema.get("format") == "float":
            return r.choice([0, 1.5, -2.25, 0.5, 3])
        if kind == "number" and schema.get("format") == "decimal":
            return r.choice([0, 1.5, -2.25, 0.1, 3, 123456.789, 19.99, 2**53 + 1])
        if kind == "integer" and r.random() < 0.05:
            return 3.0  # JSON Schema's integer: a number with a zero fraction
        if kind == "integer":
            return r.choice([0, 1, -1, 42, 2**31, -(2**31) - 1, 2**53 + 1, 2**63 - 1, -(2**63)])
        if kind == "number":
            return r.choice([0, 1.5, -2.25, 0.1, 1e300, 3, 123456.789, -0.5, 2**53])
        if kind == "boolean":
            return r.random() < 0.5
        if kind == "array":
            if "prefixItems" in schema:
                head = [self.payload(item, depth + 1) for item in schema["prefixItems"]]
                rest = schema.get("items")
                return head + ([self.payload(rest, depth + 1) for _ in range(r.randint(0, 2))] if rest else [])
            return [self.payload(schema["items"], depth + 1) for _ in range(r.randint(0, 3 if depth < 3 else 0))]
        value = {}
        properties = schema.get("properties", {})
        if isinstance(schema.get("additionalProperties"), dict):
            for key in r.sample(["k1", "other", "Ünï", "type"], r.randint(0, 2 if depth < 3 else 0)):
                value[key] = self.payload(schema["additionalProperties"], depth + 1)
        for key, property_schema in properties.items():
            if key in schema.get("required", []) or (depth < 3 and r.random() < 0.6):
                value[key] = self.payload(property_schema, depth + 1)
        if schema.get("additionalProperties") is None and r.random() < 0.3:
            value[r.choice(["extra", "added_later", "x"])] = r.choice([1, "text", None, [1, 2], {"nested": True}])
        return value

    def polymorphic_tag(self, parent, member):
        """The discriminator value of a polymorphic parent's member: its mapping's, else its name."""
        for value, reference in self.components[parent]["discriminator"].get("mapping", {}).items():
            if reference.rsplit("/", 1)[1] == member:
                return value
        return member

    def polymorphic_member(self, parent, tag):
        """The member of a polymorphic parent a discriminator value names, if one."""
        for member in [parent] + self.polymorphic[parent]:
            if self.polymorphic_tag(parent, member) == tag:
                return member
        return None

    def tagged_member(self, schema, value):
        """The member a discriminator's value chooses, as OpenAPI says it does."""
        if "discriminator" not in schema or not isinstance(value, dict):
            return None
        tag = value.get("type")
        for member in schema.get("oneOf", []) + schema.get("anyOf", []):
            if self.tag(schema, member) == tag:
                return member
        return None

    def tag(self, union, member):
        """The discriminator value a payload of `member` carries: the mapping's, else its name."""
        target = member["$ref"]
        for value, reference in union["discriminator"].get("mapping", {}).items():
            if reference == target:
                return value
        return target.rsplit("/", 1)[1]

    def expected_case(self, name, value):
        """The case a payload of a `oneOf` union of named schemas must land in, if one."""
        schema = self.components[name]
        if name in self.polymorphic and isinstance(value, dict):
            member = self.polymorphic_member(name, value.get("pet_type"))
            if member is None:
                return None
            return member[0].lower() + member[1:] + ("Base" if member == name else "")
        tagged = self.tagged_member(schema, value)
        if tagged is not None:
            target = tagged["$ref"].rsplit("/", 1)[1]
            return target[0].lower() + target[1:]
        members = schema.get("oneOf")
        # A `oneOf` of one schema is that schema, not a union.
        if not members or len(members) < 2 or not all("$ref" in member for member in members):
            return None
        matching = [member for member in members if self.valid(member, value, lenient=True)]
        if len(matching) != 1:
            return None
        target = matching[0]["$ref"].rsplit("/", 1)[1]
        return target[0].lower() + target[1:]


def swift_string(text):
    out = []
    for char in text:
        if char in "\\\"":
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        elif ord(char) < 32 or ord(char) > 126:
            out.append("\\u{%x}" % ord(char))
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def written(schemas):
    """The component schemas as the description writes them. In OpenAPI 3.1, half the
    extensions `allOf: [{$ref: P}, {…}]` (chosen by name, so that a seed's schemas and payloads
    stay as they were) are written as a `$ref` beside the extension's keywords, which JSON
    Schema 2020-12 reads the same: `{$ref: P, properties: {…}}`."""
    if not schemas.openapi31:
        return schemas.components
    components = {}
    for name, schema in schemas.components.items():
        parts = schema.get("allOf") if isinstance(schema, dict) else None
        if (parts and len(schema) == 1 and len(parts) == 2 and list(parts[0]) == ["$ref"]
                and not {"$ref", "allOf"} & set(parts[1]) and zlib.crc32(name.encode()) % 2 == 0):
            components[name] = {"$ref": parts[0]["$ref"], **parts[1]}
        else:
            components[name] = schema
    return components


def identification(seed, openapi31):
    """How a seed's description names its schemas: OpenAPI 3.1 descriptions take turns between
    `$anchor`, `$id` and JSON pointers (seeds 1, 3, 5, …), 3.0 ones always use pointers."""
    return ["anchor", "id", "pointer"][(seed // 2) % 3] if openapi31 else "pointer"


def describe(seed, schemas, payloads_per_schema, operations, requests_per_operation):
    # Every schema is received (a response names it), as the payloads checked with it are: a
    # struct only ever sent, in a request body, does not keep keys it does not declare.
    every = {"type": "object", "properties": {name: {"$ref": "#/components/schemas/" + name}
                                              for name in schemas.components}}
    paths = {"/first": {"get": {"operationId": "first", "responses": {"200": {
        "description": "ok", "content": {"application/json": {"schema": every}}}}}}}
    random_operations = Operations(random.Random(seed * 7919), schemas)
    paths.update(random_operations.paths(operations))
    spec = {
        "openapi": "3.1.0" if schemas.openapi31 else "3.0.3",
        "info": {"title": f"Random {seed}", "version": "1"},
        "paths": paths,
        "components": {"schemas": written(schemas)},
    }
    spec = identified(spec, identification(seed, schemas.openapi31))
    checks = []
    for name in sorted(schemas.components, key=lambda n: (len(n), n)):
        found = 0
        for _ in range(payloads_per_schema * 20):
            if found == payloads_per_schema:
                break
            value = schemas.payload({"$ref": "#/components/schemas/" + name})
            if value is None or not schemas.valid({"$ref": "#/components/schemas/" + name}, value):
                continue
            found += 1
            text = json.dumps(value, ensure_ascii=False)
            variant = schemas.expected_case(name, value)
            checks.append(
                f'    .decoding(API.{name}.self, name: {swift_string(f"seed {seed} {name} {text}")}, '
                f'json: {swift_string(text)}, variant: {swift_string(variant) if variant else "nil"}),')
    # After the payloads, which draw from the same generator, so that a seed's payloads stay.
    requests = RequestChecks(random.Random(seed * 104729), schemas, random_operations.specs, requests_per_operation)
    return spec, checks, requests


def seed_list(text):
    """`1,4-6` as [1, 4, 5, 6], for `--seeds`."""
    seeds = []
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        try:
            seeds += list(range(int(first), int(last or first) + 1))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r} is not a seed or a range of seeds (such as 4 or 4-6)")
    return seeds


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", default="1,2,3,4,5", type=seed_list,
                        help="comma-separated seeds and ranges (1,2,3 or 1-3)")
    parser.add_argument("--schemas", type=int, default=40, help="named schemas per description")
    parser.add_argument("--payloads", type=int, default=8, help="payloads per schema")
    parser.add_argument("--operations", type=int, default=20, help="random operations per description")
    parser.add_argument("--requests", type=int, default=3, help="random requests per operation, read back")
    parser.add_argument("--keep", help="write the package here and keep it")
    args = parser.parse_args()
    courier = courier_binary()
    work = args.keep or tempfile.mkdtemp(prefix="courier-random-")
    write_package(work, "RandomSchemas", checks_main("checks", after="await recordRequests()\n"))
    total = 0
    for seed in args.seeds:
        schemas = Schemas(random.Random(seed), args.schemas, openapi31=seed % 2 == 1)
        spec, checks, requests = describe(seed, schemas, args.payloads, args.operations, args.requests)
        spec_path = os.path.join(work, f"random-{seed}.json")
        with open(spec_path, "w") as f:
            json.dump(spec, f, indent=1, ensure_ascii=False)
        api = os.path.join(work, "Sources", "API")
        shutil.rmtree(api, ignore_errors=True)
        generated = subprocess.run([courier, "generate", spec_path, "--output", api, "--module", "API", "--quiet"],
                                   capture_output=True, text=True)
        if generated.returncode != 0:
            print(f"seed {seed}: not generated\n{generated.stderr}")
            total += 1
            continue
        with open(os.path.join(work, "Sources", "Check", "Checks.swift"), "w") as f:
            f.write("import API\nimport CourierTesting\n\nlet checks: [DescriptionExample] = [\n")
            f.write("\n".join(checks) + "\n]\n")
        with open(os.path.join(work, "Sources", "Check", "Capture.swift"), "w") as f:
            f.write(CAPTURE)
        methods, forms = {}, {}
        for directory, _, names in os.walk(api):
            for name in names:
                with open(os.path.join(directory, name)) as f:
                    source = f.read()
                methods.update(generated_methods(source))
                forms.update(generated_forms(source))
        with open(os.path.join(work, "Sources", "Check", "Requests.swift"), "w") as f:
            f.write(requests.swift("APIAPI", methods, forms))
        built = subprocess.run(["swift", "build", "--product", "Check"], cwd=work, capture_output=True, text=True)
        if built.returncode != 0:
            errors = [line for line in built.stdout.splitlines() if "error:" in line]
            print(f"seed {seed}: did not compile\n" + "\n".join(errors[:20]))
            total += 1
            continue
        run = subprocess.run([os.path.join(work, ".build", "debug", "Check")], capture_output=True, text=True)
        summary = [line for line in run.stdout.splitlines() if line.startswith("SUMMARY ")]
        if not summary:
            print(f"seed {seed}: crashed\n{run.stdout[-2000:]}{run.stderr[-2000:]}")
            total += 1
            continue
        count, findings = summary[0].split()[1:]
        recorded = {}
        for line in run.stdout.splitlines():
            if line.startswith("REQUEST "):
                request = json.loads(line[len("REQUEST "):])
                recorded[request["id"]] = request
        request_findings = requests.check(recorded)
        sent = sum(1 for request in recorded.values() if "error" not in request)
        print(f"seed {seed}: {count} payloads, {findings} findings; {sent} requests, {len(request_findings)} findings")
        for line in run.stdout.splitlines():
            if line.startswith("FINDING "):
                print("  " + line[len("FINDING "):])
        for finding in request_findings:
            print("  request " + finding)
        total += int(findings) + len(request_findings)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
