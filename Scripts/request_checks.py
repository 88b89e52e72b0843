"""The check that requests built with generated endpoints carry every argument as OpenAPI's
styles write it, for `random-schemas.py`.

`RequestChecks` picks random valid arguments for the operations `random_operations.py` writes,
writes Swift that builds each request with the generated `Endpoints` factory and sends it to a
`StubTransport`, which records it, and then reads each argument back from the recorded request
(path segments, query items, headers, the cookie, a form body, a multipart body's parts, files
among them) as a server that follows RFC 6570
and OpenAPI's style tables would, splitting the raw text at the separators before decoding it.
An argument that comes back different is a finding. Cases that a style cannot tell apart (a
space inside a `spaceDelimited` value, a comma in a header value, an empty path segment) are
left out.
"""
import datetime, email.parser, email.policy, json, re
from urllib.parse import unquote, unquote_plus, urlsplit
from json_schema_values import DATE_TIME

UUID_TEXT = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")


def swift_raw_string(text):
    """A Swift raw string literal for any text."""
    hashes = "#"
    while f'"{hashes}' in text:
        hashes += "#"
    return f'{hashes}"{text}"{hashes}'


def split_arguments(text):
    """Splits a Swift parameter list at its top-level commas."""
    parts, depth, current = [], 0, ""
    for char in text:
        if char in "([<":
            depth += 1
        elif char in ")]>":
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip():
        parts.append(current.strip())
    return parts


# The kinds of request body in the order the generator prefers them, with the label of the body
# argument of an overload that sends the kind.
BODY_KINDS = [("application/json", "json"), ("application/x-www-form-urlencoded", "form"),
              ("multipart/form-data", "multipart"), ("text/plain", "text"), ("application/octet-stream", "bytes")]


def body_label(spec, media):
    """The label of the body argument that sends `media` to the operation: `body` for the kind
    the main method sends (the first the operation offers in the generator's order), else the
    kind's (`multipart`), or `None` without a body."""
    if media is None:
        return None
    offered = [kind for kind in BODY_KINDS if kind[0] in spec["body"]["content"]]
    if offered[0][0] == media:
        return "body"
    label = dict(BODY_KINDS)[media]
    taken = {p["name"] for p in spec["parameters"]}
    return label + "Body" if label in taken else label


def generated_methods(source):
    """The generated API methods by their `- Remark: HTTP METHOD /path` line and the label of
    their body argument (`None` without one): the Swift name and each argument's label, type and
    description (`P3`, `BODY`), in order. The first method for a path and label is the plain one
    (download and stream variants follow it)."""
    methods = {}
    lines = source.splitlines()
    for index, line in enumerate(lines):
        match = re.match(r"\s*/// - Remark: HTTP (\w+) (\S+)$", line)
        if not match or index + 1 >= len(lines):
            continue
        signature = lines[index + 1]
        found = re.match(r"\s*public func (`?\w+`?)\((.*)\) async throws", signature)
        if not found:
            continue
        descriptions = {}
        back = index - 1
        while back >= 0 and lines[back].strip().startswith("///"):
            item = re.match(r"\s*///   - (`?\w+`?): (P\d+|BODY)$", lines[back])
            if item:
                descriptions[item.group(1).strip("`")] = item.group(2)
            back -= 1
        arguments = []
        for part in split_arguments(found.group(2)):
            head, _, rest = part.partition(": ")
            kind = rest.split(" = ")[0].strip()
            words = head.split()
            label, name = (words[0], words[1]) if len(words) == 2 else (words[0], words[0])
            arguments.append({"label": label, "name": name.strip("`"), "type": kind,
                              "description": descriptions.get(name.strip("`"))})
        label = next((a["label"].strip("`") for a in arguments if a["description"] == "BODY"), None)
        methods.setdefault((match.group(1), match.group(2), label), {"name": found.group(1), "arguments": arguments})
    return methods


def generated_forms(source):
    """The generated multipart form types (`struct …Form: Swift.Sendable`) and their
    initializer's arguments, in order."""
    forms = {}
    for match in re.finditer(r"public struct (\w+): Swift\.Sendable \{.*?public init\((.*?)\) \{", source, re.S):
        arguments = []
        for part in split_arguments(match.group(2)):
            head, _, rest = part.partition(": ")
            arguments.append({"label": head.strip(), "type": rest.split(" = ")[0].strip()})
        forms[match.group(1)] = arguments
    return forms



def free_form(schema):
    """Whether a schema takes any value, as the generator reads it (a `JSONValue`): `{}`, or one
    that only constrains and annotates (`allOf: [{}, {minLength: 0}]`)."""
    if not isinstance(schema, dict):
        return schema is True
    shaping = {"type", "$ref", "properties", "additionalProperties", "items", "prefixItems", "enum", "const",
               "oneOf", "anyOf", "not", "format", "nullable"}
    return not shaping & set(schema) and all(free_form(part) for part in schema.get("allOf", []))


class RequestChecks:
    """Random arguments for the operations, the Swift that records the requests they make, and
    the check of each recorded request."""

    def __init__(self, rng, schemas, specs, per_operation):
        self.rng = rng
        self.schemas = schemas
        self.cases = []  # (case id, operation spec, {description: value}, body value or absent)
        for spec in specs:
            for number in range(per_operation):
                values = {}
                for parameter in spec["parameters"]:
                    schema = parameter["schema"] if "schema" in parameter else \
                        parameter["content"]["application/json"]["schema"]
                    if not parameter.get("required") and rng.random() < 0.3:
                        continue
                    value = self.valid_value(schema)
                    if value is not Ellipsis:
                        values[parameter["description"]] = value
                body, media = Ellipsis, None
                if spec["body"]:
                    content = spec["body"]["content"]
                    media = rng.choice(list(content))
                    entry = content[media]
                    if media in ("application/json", "application/x-www-form-urlencoded"):
                        body = self.valid_value(entry["schema"])
                    elif media == "multipart/form-data":
                        body = self.multipart_value(entry["schema"])
                    elif media == "text/plain":
                        body = rng.choice(["", "plain", "two words\nand a line", "ünïcode ✓ 🚀", "a,b\r\n1,2\r\n"])
                self.cases.append((f"{spec['method']} {spec['path']} #{number}", spec, values, body, media))

    def multipart_value(self, schema):
        """Values for a multipart form's properties, in the schema's order; a file is its text."""
        values = {}
        for key, property_schema in schema["properties"].items():
            if key == "file":
                values[key] = FILE_TEXT
            elif key == "files":
                if self.rng.random() < 0.7:
                    values[key] = [FILE_TEXT] * self.rng.randint(1, 2)
            elif key in schema.get("required", []) or self.rng.random() < 0.7:
                value = self.valid_value(property_schema)
                if value is Ellipsis:
                    return Ellipsis
                values[key] = value
        return values

    def valid_value(self, schema):
        for _ in range(20):
            value = self.schemas.payload(schema)
            if self.schemas.valid(schema, value):
                return value
        return Ellipsis

    def swift(self, api_type, methods, forms):
        """`Requests.swift`: one `capture` call per case, building the endpoint with the
        generated factory from arguments decoded from JSON (a multipart form from its fields,
        `forms` giving each form type's initializer arguments in order)."""
        lines = ["import API", "import Courier", "import Foundation", "", "func recordRequests() async {"]
        for case_id, spec, values, body, media in self.cases:
            method = methods.get((spec["method"], spec["path"], body_label(spec, media)))
            if method is None:
                continue
            arguments = []
            for argument in method["arguments"]:
                description = argument["description"]
                if description == "BODY":
                    value = body
                else:
                    value = values.get(description, Ellipsis)
                if value is Ellipsis:
                    if argument["type"].endswith("?"):
                        continue
                    arguments = None
                    break
                if argument["type"].startswith("Courier.StreamedBody"):
                    arguments = None
                    break
                label = "" if argument["label"] == "_" else argument["label"].strip("`") + ": "
                form = forms.get(argument["type"].rstrip("?"))
                if description == "BODY" and form is not None:
                    expression = self.form_expression(argument["type"].rstrip("?"), form, spec, media, value)
                    if expression is None:
                        arguments = None
                        break
                    arguments.append(label + expression)
                    continue
                text = json.dumps(value, ensure_ascii=False)
                arguments.append(f"{label}try argument(({argument['type']}).self, {swift_raw_string(text)})")
            if arguments is None:
                continue
            lines.append(f"    await capture({swift_raw_string(case_id)}) {{")
            lines.append(f"        try {api_type}.Endpoints.{method['name']}({', '.join(arguments)})")
            lines.append("    }")
        lines.append("}")
        return "\n".join(lines) + "\n"

    def form_expression(self, type_name, form_arguments, spec, media, values):
        """The Swift that makes a multipart form: files from their text, other fields decoded."""
        schema = spec["body"]["content"][media]["schema"]
        if not isinstance(values, dict) or len(form_arguments) != len(schema["properties"]):
            return None
        arguments = []
        for argument, key in zip(form_arguments, schema["properties"]):
            if key not in values:
                if not argument["type"].endswith("?"):
                    return None
                continue
            file = f'MultipartFile(data: Data({FILE_SWIFT}.utf8), filename: "a.txt", ' \
                   f'contentType: "text/plain")'
            if key == "file":
                expression = file
            elif key == "files":
                expression = "[" + ", ".join([file] * len(values[key])) + "]"
            else:
                text = json.dumps(values[key], ensure_ascii=False)
                expression = f"try argument(({argument['type']}).self, {swift_raw_string(text)})"
            arguments.append(f"{argument['label']}: {expression}")
        return f"{type_name}({', '.join(arguments)})"

    def check(self, recorded):
        """The findings for the recorded requests (`{case id: request}`)."""
        findings = []
        for case_id, spec, values, body, media in self.cases:
            request = recorded.get(case_id)
            if request is None:
                continue
            if "error" in request:
                if not any(self.unsendable(spec, values)):
                    findings.append(f"{case_id}: not sent: {request['error']}")
                continue
            for problem in self.problems(spec, values, body, media, request):
                findings.append(f"{case_id}: {problem} (request {request['url']} {request['headers']})")
        return findings

    def unsendable(self, spec, values):
        """Whether a header or cookie cannot be sent at all: a name that is not an HTTP token, a
        value with a line break or beyond ASCII. The client refuses it, as it should."""
        for parameter in spec["parameters"]:
            if parameter["in"] == "header" and not re.match(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$", parameter["name"]):
                yield True
            if parameter["in"] in ("header", "cookie") and parameter["description"] in values:
                text = json.dumps(values[parameter["description"]], ensure_ascii=False)
                yield any(ord(c) > 126 for c in text) or "\\n" in text

    # Reading a request back

    def problems(self, spec, values, body, media, request):
        url = urlsplit(request["url"])
        segments = url.path.split("/")
        template = spec["path"].split("/")
        query = [tuple(pair.split("=", 1)) if "=" in pair else (pair, None) for pair in url.query.split("&") if pair]
        headers = {}
        for name, value in request["headers"]:
            headers.setdefault(name.lower(), []).append(value)
        # Item names other query parameters may send: their names, and the keys of the objects
        # that `form` (or any style but deepObject) explodes into items of their own.
        query_names = []
        for p in spec["parameters"]:
            if p["in"] != "query":
                continue
            query_names.append(p["name"])
            value = values.get(p["description"])
            style = p.get("style", "form")
            if isinstance(value, dict) and style != "deepObject" and p.get("explode", style == "form"):
                query_names += [key for key in value]
            if isinstance(value, dict) and style == "deepObject":
                query_names += [f"{p['name']}[{key}]" for key in value]  # the top-level keys' items
        for parameter in spec["parameters"]:
            name, location = parameter["name"], parameter["in"]
            value = values.get(parameter["description"], Ellipsis)
            content = "content" in parameter
            style = parameter.get("style") or ("form" if location in ("query", "cookie") else "simple")
            explode = parameter.get("explode", style == "form")
            expected = None if value is Ellipsis else value
            if value is None and content and location in ("query", "header", "cookie"):
                # JSON's `null` given to a parameter with JSON content: a type that holds it (a
                # free-form value, a union with a free-form case) sends its JSON, `null`; an
                # optional one sends nothing.
                sent = self.sent_texts(location, name, query, headers)
                if sent not in ([], ["null"]):
                    yield f"{location} {name!r} null: sent {sent}, expected nothing or JSON's null"
                continue
            try:
                if location == "path":
                    index = template.index("{" + name + "}")
                    problem = self.path(segments[index], name, expected, style, explode, content)
                elif location == "query":
                    others = list(query_names)
                    others.remove(name)
                    if isinstance(expected, dict) and style != "deepObject" and explode:
                        for key in expected:
                            others.remove(key)
                    if isinstance(expected, dict) and style == "deepObject":
                        for key in expected:
                            others.remove(f"{name}[{key}]")
                    problem = self.query(query, name, expected, style, explode, content, others,
                                         parameter.get("allowReserved", False))
                elif location == "header":
                    problem = self.header(headers.get(name.lower()), expected, explode, content)
                else:
                    problem = self.cookie(headers.get("cookie"), name, expected, content)
            except Ambiguous:
                continue
            if problem:
                yield f"{location} {name!r} ({style}, explode {explode}) {json.dumps(expected)}: {problem}"
        if media is not None and body is not Ellipsis and body is not None:
            # The method (or overload) for the kind sends that kind. (JSON's `null` given to an
            # optional body is `nil`: no body.)
            content_type = next((v for n, v in request["headers"] if n.lower() == "content-type"), "")
            if content_type.split(";")[0].strip().lower() != media:
                yield f"body sent as {content_type!r}, expected {media}"
        if body is not Ellipsis and spec["body"]:
            entry = spec["body"]["content"][media]
            if media == "text/plain" and request.get("body", "") != body:
                yield f"text body {request.get('body')!r}, expected {body!r}"
            if media == "application/x-www-form-urlencoded" and isinstance(body, dict):
                yield from self.form(request.get("body") or "", body, entry.get("encoding", {}))
            if media == "multipart/form-data" and isinstance(body, dict):
                content_type = next((v for n, v in request["headers"] if n.lower() == "content-type"), "")
                yield from self.multipart(content_type, request.get("body") or "", body, entry.get("encoding", {}),
                                          entry.get("schema", {}).get("properties", {}))

    @staticmethod
    def sent_texts(location, name, query, headers):
        """The decoded texts sent for a parameter's name in the query, a header or a cookie."""
        if location == "query":
            return [unquote(v or "") for n, v in query if unquote(n) == name]
        if location == "header":
            return headers.get(name.lower(), [])
        return RequestChecks.cookie_values(headers.get("cookie"), name)

    @staticmethod
    def cookie_values(lines, name):
        """The values of the cookies named `name` in `Cookie` header lines, as sent."""
        pairs = [pair.strip().split("=", 1) for line in (lines or []) for pair in line.split(";") if pair.strip()]
        return [pair[1] if len(pair) > 1 else "" for pair in pairs if pair[0] == name]

    def path(self, segment, name, expected, style, explode, content):
        if expected is None or expected == [] or expected == {} or expected == "" or not segment:
            raise Ambiguous()
        if content:
            return compare(json.loads(unquote(segment)), expected)
        if style == "label" and explode and kind(expected) == "object" and any(
                "." in (t if isinstance(t, str) else json.dumps(t)) for pair in expected.items() for t in pair):
            raise Ambiguous()  # a dot inside a key or value, between dots
        first = {"simple": "", "label": ".", "matrix": ";"}[style]
        if not segment.startswith(first):
            return f"segment {segment!r} does not start with {first!r}"
        rest = segment[len(first):]
        separator = {"simple": ",", "label": "." if explode else ",", "matrix": ";" if explode else ","}[style]
        shape = kind(expected)
        if style == "matrix" and not (explode and shape == "object"):
            if explode and shape == "list":
                parts = rest.split(";")
                if any(not part.startswith(name + "=") for part in parts):
                    return f"matrix items {parts} are not all named {name!r}"
                return self.list_back([part.split("=", 1)[1] for part in parts], expected, separator)
            prefix = name
            if rest == prefix and expected == "":
                return None
            if not rest.startswith(prefix + "="):
                return f"matrix {rest!r} is not named {name!r}"
            rest = rest[len(prefix) + 1:]
            separator = ","
        if shape == "scalar":
            if style == "label" and "." in rest and explode:
                raise Ambiguous()
            return compare_text(unquote(rest), expected)
        if shape == "list":
            return self.list_back(rest.split(separator), expected, separator)
        return self.object_back(rest.split(separator), expected, pairs_with="=" if explode else ",")

    def list_back(self, raw_items, expected, separator):
        items = [item for item in expected if item is not None]
        texts = [item if isinstance(item, str) else json.dumps(item) for item in items]
        # A number may be written with a fraction (`3.0`), which a dot between values splits.
        if any(text == "" or (separator == "." and ("." in text or not isinstance(item, str)))
               for text, item in zip(texts, items)):
            raise Ambiguous()
        return compare_each([unquote(item) for item in raw_items], items)

    def object_back(self, raw_items, expected, pairs_with):
        fields = {k: v for k, v in expected.items() if v is not None}
        found = {}
        if pairs_with == ",":
            if len(raw_items) % 2:
                return f"odd number of key and value items {raw_items}"
            for key, text in zip(raw_items[0::2], raw_items[1::2]):
                found[unquote(key)] = unquote(text)
        else:
            for item in raw_items:
                if "=" not in item:
                    return f"{item!r} is not key=value"
                key, text = item.split("=", 1)
                found[unquote(key)] = unquote(text)
        if sorted(found) != sorted(fields):
            return f"keys {sorted(found)}, expected {sorted(fields)}"
        for key, item in fields.items():
            problem = compare_text(found[key], item)
            if problem:
                return f"{key}: {problem}"
        return None

    # The reserved characters a value with `allowReserved` keeps unencoded (those a query gives
    # no meaning of its own), as their percent-encoded triples.
    KEPT_RESERVED = re.compile(r"%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)", re.IGNORECASE)

    def query(self, items, name, expected, style, explode, content, others, allow_reserved=False):
        encoded_name = name
        mine = [(n, v) for n, v in items if unquote(n) == encoded_name]
        if name in others:
            raise Ambiguous()  # another parameter, or a key of an exploded object, sends this name too
        if style == "deepObject" and any(other.startswith(name + "[") for other in others):
            raise Ambiguous()  # another parameter's name (`filter[name]`) is an item this object may send
        if allow_reserved and expected is not None:
            # Reserved characters go as they are, and so does text that reads as a percent-encoded
            # triple (RFC 6570's reserved expansion): a server cannot tell `%7E` from `~`, nor a
            # comma inside a value from one between values.
            texts = [t if isinstance(t, str) else json.dumps(t) for t in flatten(expected)]
            # A URL's text as Foundation escapes it (`/パス` is `/%E3%83%91%E3%82%B9`) too.
            if any(re.search(r"%[0-9A-Fa-f]{2}", t) for t in texts + [foundation_url(t) for t in texts]):
                raise Ambiguous()
            # What a list or object in one item sends between its commas: scalars and keys as
            # they are, a nested list or object as its JSON text (commas and all).
            sent = [json.dumps(t, separators=(",", ":")) if isinstance(t, (list, dict)) else str(t)
                    for t in (expected if isinstance(expected, list)
                              else [x for pair in expected.items() for x in pair] if isinstance(expected, dict)
                              else [])]
            if kind(expected) != "scalar" and any("," in t for t in sent):
                raise Ambiguous()
            fields = expected if isinstance(expected, dict) and explode and style != "deepObject" else {}
            raws = [v or "" for n, v in items
                    if unquote(n) == name
                    # A deep object's items (`filter[name]`), unless another parameter is so named.
                    or (unquote(n).startswith(name + "[") and unquote(n) not in others)
                    or (unquote(n) in fields and unquote(n) not in others)]
            encoded = [v for v in raws if self.KEPT_RESERVED.search(v)]
            if encoded:
                return f"allowReserved, but reserved characters are encoded: {encoded}"
        if content:
            if expected is None:
                return None if not mine else f"sent {mine} for no value"
            if len(mine) != 1:
                return f"{len(mine)} items, expected 1"
            return compare(json.loads(unquote(mine[0][1] or "")), expected)
        shape = kind(expected)
        if style == "deepObject":
            deep = [(unquote(n), v) for n, v in items if unquote(n) == name or unquote(n).startswith(name + "[")]
            return self.deep_back(deep, name, expected)
        if shape == "object" and explode:  # every style but deepObject explodes an object as form does
            fields = {k: v for k, v in expected.items() if v is not None}
            if any(key in others or key == name for key in fields):
                raise Ambiguous()
            return self.form_fields(items, fields)
        if expected is None or (shape in ("list", "object") and not drop_nulls(expected)):
            return None if not mine else f"sent {mine} for no value"
        if shape == "scalar":
            if len(mine) != 1:
                return f"{len(mine)} items {mine}, expected 1"
            return compare_text(unquote(mine[0][1] or ""), expected)
        if shape == "list" and explode:  # spaceDelimited and pipeDelimited explode as form does
            items_expected = [item for item in expected if item is not None]
            if any(item == "" for item in items_expected):
                raise Ambiguous()
            return compare_each([unquote(v or "") for _, v in mine], items_expected)
        if len(mine) != 1:
            return f"{len(mine)} items {mine}, expected 1"
        raw = mine[0][1] or ""
        delimiter = {"form": ",", "spaceDelimited": "%20", "pipeDelimited": "%7C"}[style]
        if style != "form" and self.contains_delimiter(expected, {"spaceDelimited": " ", "pipeDelimited": "|"}[style]):
            raise Ambiguous()
        parts = re.split(re.escape(delimiter), raw, flags=re.IGNORECASE)
        if shape == "list":
            return self.list_back(parts, expected, ",")
        return self.object_back(parts, expected, pairs_with=",")

    @staticmethod
    def contains_delimiter(value, delimiter):
        texts = value if isinstance(value, list) else [t for pair in value.items() for t in pair]
        return any(delimiter in (t if isinstance(t, str) else json.dumps(t)) for t in texts)

    def form_fields(self, items, fields, plus=False):
        decode = unquote_plus if plus else unquote
        for key, item in fields.items():
            mine = [decode(v or "") for n, v in items if decode(n) == key]
            if isinstance(item, list):
                problem = compare_each(mine, [element for element in item if element is not None])
                if problem:
                    return f"{key}: {problem}"
            elif len(mine) != 1:
                return f"{key}: {len(mine)} items {mine}, expected 1"
            else:
                problem = compare_text(mine[0], item)
                if problem:
                    return f"{key}: {problem}"
        return None

    def deep_back(self, items, name, expected, plus=False):
        """Reads `name[a][b]=v` and `name[]=v` items back into a value and compares it with
        the expected one, from which nulls and empty containers (which send nothing) are gone."""
        decode = unquote_plus if plus else unquote
        wanted = prune(expected)
        if wanted is None:
            return None if not items else f"sent {items} for no value"
        return compare_loose(deep_value([(item_name, decode(raw or "")) for item_name, raw in items], name), wanted)

    def header(self, values, expected, explode, content):
        if content and expected is not None:
            return compare(json.loads(", ".join(values)), expected) if values else "not sent"
        if expected is None or (kind(expected) != "scalar" and not drop_nulls(expected)):
            return None if not values else f"sent {values} for no value"
        if not values:
            return "not sent"
        text = ", ".join(values)
        shape = kind(expected)
        if shape == "scalar":
            if isinstance(expected, str) and (expected != expected.strip() or "," in expected):
                raise Ambiguous()
            return compare_text(text, expected)
        if self.contains_delimiter(expected if shape == "list" else drop_nulls(expected), ","):
            raise Ambiguous()
        if any(isinstance(v, str) and (v == "" or v != v.strip()) for v in
               (expected if shape == "list" else expected.values())):
            raise Ambiguous()
        parts = text.split(",")
        if shape == "list":
            return self.list_back([quote_free(p) for p in parts], expected, ",")
        return self.object_back([quote_free(p) for p in parts], expected, pairs_with="=" if explode else ",")

    def cookie(self, values, name, expected, content):
        mine = self.cookie_values(values, name)
        if content and expected is not None:
            return compare(json.loads(mine[0]), expected) if len(mine) == 1 else f"{len(mine)} cookies named {name!r}"
        if expected is None or (kind(expected) != "scalar" and not drop_nulls(expected)):
            return None if not mine else f"sent {mine} for no value"
        if len(mine) != 1:
            return f"{len(mine)} cookies named {name!r}"
        text = mine[0]
        if any(c in json.dumps(expected, ensure_ascii=False) for c in ";,") or \
                (isinstance(expected, str) and expected != expected.strip()):
            raise Ambiguous()
        shape = kind(expected)
        if shape == "scalar":
            return compare_text(text, expected)
        parts = text.split(",")
        if shape == "list":
            return self.list_back([quote_free(p) for p in parts], expected, ",")
        return self.object_back([quote_free(p) for p in parts], expected, pairs_with=",")

    def form(self, text, body, encodings):
        items = [tuple(pair.split("=", 1)) if "=" in pair else (pair, None) for pair in text.split("&") if pair]
        # The keys of objects exploded into fields of their own, which may repeat other names.
        exploded = {}
        for key, value in body.items():
            entry = encodings.get(key, {})
            style = entry.get("style", "form")
            if isinstance(value, dict) and ("style" in entry or "explode" in entry) and style != "deepObject" \
                    and entry.get("explode", style == "form"):
                exploded[key] = set(value)
        for key, value in body.items():
            if any(key in keys for other, keys in exploded.items() if other != key):
                continue  # another property's exploded keys send this name too
            entry = encodings.get(key, {})
            styled = "style" in entry or "explode" in entry
            style = entry.get("style", "form")
            explode = entry.get("explode", style == "form")
            mine = [(unquote_plus(n), v) for n, v in items if unquote_plus(n) == key]
            try:
                if not styled:
                    problem = self.form_default(mine, value)
                elif style == "deepObject":
                    deep = [(unquote_plus(n), v) for n, v in items
                            if unquote_plus(n) == key or unquote_plus(n).startswith(key + "[")]
                    problem = self.deep_back(deep, key, value, plus=True)
                elif kind(value) == "object" and explode:
                    fields = {k: v for k, v in value.items() if v is not None}
                    if any(k in body and k != key or k == key for k in fields) or any(
                            k in keys for other, keys in exploded.items() if other != key for k in fields):
                        raise Ambiguous()  # another field, or another exploded object's key, sends it too
                    problem = self.form_fields(items, fields, plus=True)
                else:
                    problem = self.form_list(mine, value, style, explode)
            except Ambiguous:
                continue
            if problem:
                yield f"form field {key!r} ({entry or 'default'}) {json.dumps(value)}: {problem} (body {text!r})"

    def form_default(self, mine, value):
        """A property the `encoding` does not style: a list repeated, anything else one item,
        an object as its JSON text."""
        if value is None:
            return None if not mine else f"sent {mine} for null"
        if isinstance(value, list):
            return compare_each([unquote_plus(raw or "") for _, raw in mine], [v for v in value if v is not None])
        if len(mine) != 1:
            return f"{len(mine)} items, expected 1"
        return compare_text(unquote_plus(mine[0][1] or ""), value)

    def form_list(self, mine, value, style, explode, raw=False):
        """A form field (or, `raw`, a multipart field, not percent-encoded) in a list style."""
        if raw:
            # A `+` in a part is itself, not a space (`1e+300`).
            mine = [(name, quote_free(payload).replace("+", "%2B").replace(" ", "%20").replace("|", "%7C"))
                    for name, payload in mine]
        shape = kind(value)
        if value is None or (shape != "scalar" and not drop_nulls(value)):
            return None if not mine else f"sent {mine} for no value"
        if shape == "scalar":
            if len(mine) != 1:
                return f"{len(mine)} items, expected 1"
            return compare_text(unquote_plus(mine[0][1] or ""), value)
        if shape == "list" and explode:
            return self.form_default(mine, value)
        if len(mine) != 1:
            return f"{len(mine)} items, expected 1"
        raw = mine[0][1] or ""
        delimiter = {"form": ",", "spaceDelimited": "%20", "pipeDelimited": "%7C"}[style]
        if style != "form" and self.contains_delimiter(value, {"spaceDelimited": " ", "pipeDelimited": "|"}[style]):
            raise Ambiguous()
        if style == "spaceDelimited":
            raw = raw.replace("+", "%20")
        parts = [part.replace("+", "%20") for part in re.split(re.escape(delimiter), raw, flags=re.IGNORECASE)]
        if shape == "list":
            return self.list_back(parts, value, ",")
        return self.object_back(parts, value, pairs_with=",")


    def multipart(self, content_type, text, body, encodings, properties):
        """Reads a multipart body's parts back: a file as its bytes, a field whose `encoding`
        entry gives a style as that style's text parts, others as text or JSON parts (which of
        the two depends on the Swift type; either is read)."""
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            f"Content-Type: {content_type}\r\n\r\n".encode() + text.encode())
        if not message.is_multipart():
            yield f"multipart body is not multipart ({content_type!r})"
            return
        parts = [(part.get_param("name", header="content-disposition"), part.get_filename(),
                  part.get_payload(decode=True).decode("utf-8", "replace")) for part in message.iter_parts()]
        styled = {}
        for key, value in body.items():
            entry = encodings.get(key, {})
            if key in ("file", "files"):
                mine = [part for part in parts if part[0] == key]
                expected = [value] if key == "file" else value
                if [(filename, payload) for _, filename, payload in mine] != [("a.txt", v) for v in expected]:
                    yield f"multipart files {key!r}: {mine}"
                continue
            if "style" in entry or "explode" in entry:
                styled[key] = (value, entry)
                continue
            mine = [payload for name, _, payload in parts if name == key]
            # A list is a part per element (`null` left out, or sent as JSON's `null`), or one
            # JSON part when the Swift type does not know it is a list (a free-form value).
            if value is None:
                # Left out; a free-form value (`{}`) may be JSON's `null`, which its type holds.
                candidates = [[], [None]] if free_form(properties.get(key)) else [[]]
            elif isinstance(value, list):
                candidates = [[v for v in value if v is not None], value, [value]]
            else:
                candidates = [[value]]
            if not any(len(mine) == len(expected) and all(
                    not compare_text(payload, item) or json_equal(payload, item)
                    for payload, item in zip(mine, expected)) for expected in candidates):
                yield f"multipart field {key!r} {json.dumps(value)}: parts {mine}"
        for key, (value, entry) in styled.items():
            style = entry.get("style", "form")
            explode = entry.get("explode", style == "form")
            names = [key] if not (isinstance(value, dict) and explode and style != "deepObject") else list(value)
            if any(n in body and n != key for n in names) or any(
                    n in other_value for other, (other_value, other_entry) in styled.items()
                    if other != key and isinstance(other_value, dict) for n in names):
                continue  # an exploded key that is also a field of its own, or another object's key
            mine = [(name, payload) for name, _, payload in parts
                    if name == key or (name or "").startswith(key + "[") or name in names]
            try:
                if style == "deepObject":
                    problem = compare_loose(deep_value(mine, key), prune(value)) if prune(value) is not None \
                        else (f"sent {mine} for no value" if mine else None)
                elif isinstance(value, dict) and explode:
                    fields = drop_nulls(value)
                    problem = self.form_fields([(n, quote_free(p)) for n, p in mine], fields)
                elif style == "form" and value is not None and self.contains_delimiter(
                        value if isinstance(value, (list, dict)) else [value], ","):
                    continue  # a comma inside a value, between commas: multipart text is not encoded
                else:
                    problem = self.form_list(mine, value, style, explode, raw=True)
            except Ambiguous:
                continue
            if problem:
                yield f"multipart field {key!r} ({entry}) {json.dumps(value)}: {problem} (parts {mine})"


# A file's contents: a line break and a line like a boundary, which must not end the part.
FILE_TEXT = "file contents ✓\r\n--not a boundary"
FILE_SWIFT = '"file contents ✓\\r\\n--not a boundary"'


def json_equal(text, value):
    try:
        return compare(json.loads(text), value) is None
    except ValueError:
        return False


def deep_value(items, name):
    """The value `name[a][b]=v` and `name[]=v` parts (or items, decoded) spell."""
    root = {}
    for item_name, leaf in items:
        keys = re.findall(r"\[([^\]]*)\]", item_name[len(name):])
        if any("[" in key or "]" in key for key in keys):
            raise Ambiguous()
        target, path = root, [name] + keys
        for position, key in enumerate(path[:-1]):
            if isinstance(target, list):
                raise Ambiguous()  # a list inside a list: not described by deepObject
            target = target.setdefault(key, [] if path[position + 1] == "" else {})
        if isinstance(target, list):
            target.append(leaf)
        else:
            target[path[-1]] = leaf
    return root.get(name)


class Ambiguous(Exception):
    """The style cannot tell this value apart from another: not checked."""


def kind(value):
    return "list" if isinstance(value, list) else "object" if isinstance(value, dict) else "scalar"


def flatten(value):
    """The scalars of a value and the keys of its objects, at any depth."""
    if isinstance(value, list):
        return [t for v in value for t in flatten(v)]
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in [k] + flatten(v)]
    return [] if value is None else [value]


def drop_nulls(value):
    if isinstance(value, list):
        return [v for v in value if v is not None]
    return {k: v for k, v in value.items() if v is not None}


def prune(value):
    """What a deepObject expansion keeps: no nulls, no empty lists or objects."""
    if isinstance(value, list):
        items = [prune(v) for v in value]
        items = [v for v in items if v is not None]
        if any(isinstance(v, (list, dict)) for v in items):
            raise Ambiguous()  # lists of containers: not described by deepObject
        return items or None
    if isinstance(value, dict):
        fields = {k: prune(v) for k, v in value.items()}
        fields = {k: v for k, v in fields.items() if v is not None}
        return fields or None
    return value


def quote_free(text):
    """Header and cookie text is not percent-encoded: protect a `%` before `unquote`."""
    return text.replace("%", "%25")


def compare_each(found, expected):
    """Compares the texts of a list's values with the values, in order."""
    if len(found) != len(expected):
        return f"{len(found)} values {found}, expected {len(expected)}"
    for text, item in zip(found, expected):
        problem = compare_text(text, item)
        if problem:
            return problem
    return None


def compare_text(text, expected):
    """Compares one value's text with the value it should carry."""
    if expected is None:
        return f"{text!r} for null"
    if isinstance(expected, (dict, list)):
        try:
            return compare(json.loads(text), expected)
        except ValueError:
            return f"{text!r} is not the JSON of {expected!r}"
    if isinstance(expected, bool):
        return None if text == ("true" if expected else "false") else f"{text!r}, expected {expected}"
    if isinstance(expected, (int, float)):
        try:
            return None if float(text) == float(expected) and (not isinstance(expected, int) or
                                                              int(float(text)) == expected or
                                                              text.lstrip("-").isdigit() and int(text) == expected) \
                else f"{text!r}, expected {expected}"
        except ValueError:
            return f"{text!r}, expected {expected}"
    if text == expected or same_instant(text, expected) or (UUID_TEXT.match(expected) and text == expected.lower()):
        return None
    if text == foundation_url(expected):
        return None  # A URL Foundation reads only by escaping it (a name beyond ASCII) is sent as read.
    return f"{text!r}, expected {expected!r}"


def compare(found, expected):
    """Compares a JSON value read back with the expected one, dates and UUIDs as values."""
    return compare_loose(found, expected, texts=False)


def compare_loose(found, expected, texts=True):
    """Compares structurally; with `texts`, the found leaves are text to compare with the
    expected scalars (a query's or a form's), else JSON values."""
    if isinstance(expected, dict):
        if not isinstance(found, dict):
            return f"{found!r}, expected an object {expected!r}"
        # An optional key that is `null` is left out (Generator.md), so `null` and absent agree.
        wanted = {k: v for k, v in expected.items() if v is not None}
        found = {k: v for k, v in found.items() if v is not None}
        if sorted(found) != sorted(wanted):
            return f"keys {sorted(found)}, expected {sorted(wanted)}"
        for key in wanted:
            problem = compare_loose(found[key], wanted[key], texts)
            if problem:
                return f"{key}: {problem}"
        return None
    if isinstance(expected, list):
        if not isinstance(found, list) or len(found) != len(expected):
            return f"{found!r}, expected {expected!r}"
        for item, wanted in zip(found, expected):
            problem = compare_loose(item, wanted, texts)
            if problem:
                return problem
        return None
    if texts:
        return compare_text(found, expected) if isinstance(found, str) else f"{found!r}, expected {expected!r}"
    if isinstance(expected, str) and isinstance(found, str):
        return compare_text(found, expected)
    if isinstance(expected, (int, float)) and not isinstance(expected, bool) and isinstance(found, (int, float)):
        return None if float(found) == float(expected) else f"{found!r}, expected {expected!r}"
    return None if found == expected else f"{found!r}, expected {expected!r}"


def foundation_url(text):
    """The text Foundation's `URL(string:)` makes of a URL with a name or path beyond ASCII."""
    parts = urlsplit(text)
    if not parts.hostname or text.isascii():
        return text
    host = parts.hostname.encode("idna").decode()
    path = "".join(c if c.isascii() else "".join("%%%02X" % b for b in c.encode()) for c in parts.path)
    return f"{parts.scheme}://{host}{path}" + (f"?{parts.query}" if parts.query else "")


def same_instant(text, expected):
    if not (isinstance(expected, str) and DATE_TIME.match(expected) and DATE_TIME.match(text)):
        return False

    def parse(value):
        value = value.replace("z", "Z").replace("t", "T")
        return datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))

    return abs((parse(text) - parse(expected)).total_seconds()) < 0.001
