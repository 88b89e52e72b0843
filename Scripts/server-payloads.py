#!/usr/bin/env python3
"""What a running server answers, checked against the Swift that Courier generates from its
OpenAPI description.

Calls every operation of the description that only reads: each `GET`, and each `POST` whose path
matches `--post` (a server's search endpoints, such as `/flows/filter`). Operations without path
parameters go first; the objects they answer fill the path parameters of the others: each
parameter from the objects that the path before it answered, a page's items among them
(`/tenants/t/collections/{collection_id}` from `/tenants/t/collections`, `/flows/{id}` from
`/flows/filter`; `{id}` or `{pk}`, `{…_id}`, `{…_identifier}` by the object's own key or `id`,
`{…_name}` by its `name`), and only where that path answered nothing, from the objects that the
operations under the same first path segment, past `api` and a version, or ending in the same
segment, returned (`/prompt_versions/{id}` from `versions` when nothing under `prompt_versions`
answered); `--parameter NAME=VALUE` gives a parameter one value everywhere (a tenant). Each JSON answer is kept under the component
schema its 2xx response names (an object written out in the operation, such as a list's
envelope, is named first, `Answer_get_api_v1_chart`, and checked whole; each item of a list of
them, and each property of an object written out in the response that names one; of a union of named schemas, the one whose constant
properties, its tag, the answer has), and every answer is decoded with that schema's generated type and with
every union that lists the schema, encoded again and compared (`DescriptionExample.check()`):
no error, no key lost, every tagged value in its own case.

    python3 Scripts/server-payloads.py --base http://127.0.0.1:4200/api --description /tmp/prefect.json \\
        --post '/(filter|count|paginate|history)$|^/ui/' --bodies Scripts/server-payloads/prefect.json

`--bodies FILE` gives the query or body an operation needs, by path template: a JSON object of
`{"query": "...", "body": ...}`, in which the strings `$ids:SEGMENT` (the ids of the objects
answered under that first path segment), `$first:SEGMENT` (the first of them, within a string)
and `$hours:N` (now plus N hours, in RFC 3339) are filled in. `--header "NAME: VALUE"` is sent with every call (a token). `--overlay FILE` applies an OpenAPI Overlay to the description
before anything else (`courier dump --overlay`; Superset's mends its description). `--keep DIR` keeps the
package and `payloads.json`. Prints each finding, and each
call that failed, and exits 1 on any finding. Needs python3 and the Swift toolchain.
"""
import argparse, collections, datetime, json, os, re, subprocess, sys, tempfile, urllib.error, urllib.parse, urllib.request

from check_package import check_rounds, courier_binary


class Server:
    def __init__(self, base, headers):
        self.base = base.rstrip("/")
        self.headers = headers
        self.calls = []

    def call(self, method, path, body=None):
        """The status and decoded JSON of one call; `None` for a body that is not JSON."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", "Accept": "application/json",
                                                  **self.headers})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                status, text = response.status, response.read()
                media = response.headers.get("Content-Type") or ""
        except urllib.error.HTTPError as error:
            status, text, media = error.code, b"", ""
        except OSError as error:
            status, text, media = f"failed: {error}", b"", ""
        self.calls.append((method, path, status))
        if not isinstance(status, int) or not 200 <= status < 300 or "json" not in media or not text:
            return status, None
        return status, json.loads(text)


def schema_name(schema):
    reference = schema.get("$ref") if isinstance(schema, dict) else None
    return reference.rsplit("/", 1)[-1] if reference and reference.startswith("#/components/schemas/") else None


def segment(template):
    """The first segment of a path template past `api` and a version (`/api/v1/chart/{pk}`: `chart`)."""
    parts = [part for part in template.strip("/").split("/") if part]
    while len(parts) > 1 and (parts[0] == "api" or re.fullmatch(r"v\d+(\.\d+)*", parts[0])):
        parts = parts[1:]
    return parts[0] if parts else ""


def last_segment(template):
    """The last segment of a path template that is not a parameter (`/tasks/{id}/annotations/`: `annotations`)."""
    parts = [part for part in template.strip("/").split("/") if part and not part.startswith("{")]
    return parts[-1] if parts else ""


def parameter_value(item, parameter):
    """An object's value for a path parameter: its own key, else its `id` for `{pk}`, `{…_id}` or
    `{…_identifier}`, else its `name` for `{…_name}`."""
    value = item.get("id" if parameter == "pk" else parameter)
    if value is None and parameter.endswith(("_id", "_pk", "_identifier")):
        value = item.get("id")
    if value is None and parameter.endswith("_name"):
        value = item.get("name")
    return value


def success_schema(operation):
    """The JSON schema of an operation's first 2xx response, if it has one."""
    for status, response in sorted(operation.get("responses", {}).items()):
        if status.startswith("2"):
            media = response.get("content", {}).get("application/json")
            if media and "schema" in media:
                return media["schema"]
    return None


class Collector:
    def __init__(self, server, description, post, bodies, fixed=None):
        self.server = server
        self.description = description
        self.post = re.compile(post) if post else None
        self.bodies = bodies
        self.fixed = fixed or {}  # path parameter -> the value every path gets
        self.seen = collections.defaultdict(list)  # first path segment -> objects answered
        self.answered = collections.defaultdict(list)  # path called (without its query) -> objects answered
        self.payloads = collections.defaultdict(list)  # schema name -> payloads

    def keep(self, schema, value, segments, path=None):
        """Keeps an answer under its schema's name, or each item of a list under the item's, and
        its objects as the objects of the path segments it was answered under."""
        if value is None or not isinstance(schema, dict):
            return
        name = schema_name(schema)
        if name and name.startswith(ANSWER):
            # An answer written out in its operation, named here: kept whole, and each of its
            # properties that names a type kept too, as before it had a name.
            self.payloads[name].append(value)
            self.keep(self.description["components"]["schemas"][name], value, segments, path)
        elif name:
            self.payloads[name].append(value)
            # A page's items (`results`, `items`, `data`…), or a list's, are objects of the segment too.
            if isinstance(value, dict):
                objects = [value] + [item for entry in value.values() if isinstance(entry, list)
                                     for item in entry[:25] if isinstance(item, dict)]
            else:
                objects = [item for item in value[:25] if isinstance(item, dict)] if isinstance(value, list) else []
            for segment in segments:
                self.seen[segment].extend(objects)
            if path is not None:
                self.answered[path.rstrip("/")].extend(objects)
        elif schema.get("type") == "array" and isinstance(value, list) and isinstance(schema.get("items"), dict) and (
                schema_name(schema["items"]) or "anyOf" in schema["items"] or "oneOf" in schema["items"]):
            for item in value[:25]:
                self.keep(schema["items"], item, segments, path)
        elif "anyOf" in schema or "oneOf" in schema:
            # A schema with one named alternative beside `null` says which type an answer is; so
            # does the one named alternative whose constant properties (a tag) the answer has.
            named = [part for part in schema.get("anyOf", schema.get("oneOf")) if schema_name(part)]
            others = [part for part in schema.get("anyOf", schema.get("oneOf")) if not schema_name(part)]
            if len(named) == 1 and all(part.get("type") == "null" for part in others):
                self.keep(named[0], value, segments, path)
            elif isinstance(value, dict):
                tagged = [part for part in named if self.tags(part) and all(
                    key in value and value[key] == constant for key, constant in self.tags(part).items())]
                if len(tagged) == 1:
                    self.keep(tagged[0], value, segments, path)
        elif isinstance(schema.get("properties"), dict) and isinstance(value, dict):
            # An object written out in the response (a list's envelope): its properties that name a type.
            for name, property_schema in schema["properties"].items():
                self.keep(property_schema, value.get(name), segments, path)

    def tags(self, reference):
        """The properties of a referenced object schema that have one value (`const`, or an enum
        of one), with that value."""
        schema = self.description.get("components", {}).get("schemas", {}).get(schema_name(reference), {})
        constants = {}
        for key, property_schema in schema.get("properties", {}).items():
            if not isinstance(property_schema, dict):
                continue
            if "const" in property_schema:
                constants[key] = property_schema["const"]
            elif isinstance(property_schema.get("enum"), list) and len(property_schema["enum"]) == 1:
                constants[key] = property_schema["enum"][0]
        return constants

    def filled(self, text):
        """`$ids:SEGMENT` and `$hours:N` filled in, in a string or anywhere in a JSON value."""
        if isinstance(text, list):
            return [self.filled(item) for item in text]
        if isinstance(text, dict):
            return {key: self.filled(value) for key, value in text.items()}
        if not isinstance(text, str):
            return text
        if text.startswith("$ids:"):
            return [item["id"] for item in self.seen.get(text[5:], []) if "id" in item][:10]
        if text.startswith("$hours:"):
            moment = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=float(text[7:]))
            return moment.isoformat()
        return re.sub(r"\$first:(\w+)", lambda m: next(
            (str(item["id"]) for item in self.seen.get(m.group(1), []) if "id" in item), ""), text)

    def targets(self, template):
        """The paths to call for a path template: itself without parameters, else those that
        `nested_targets` fills in from the objects the path before each parameter answered, and
        only where that finds none, one per object (of the first few answered under its first
        segment) that has a value for every parameter."""
        parameters = re.findall(r"{([^}]+)}", template)
        if not parameters:
            return [template]
        nested = self.nested_targets(template.rstrip("/").split("/"), 0, "")
        if nested:
            return list(dict.fromkeys(path + "/" if template.endswith("/") else path for path in nested))
        paths = []
        first = segment(template)
        # `/prompt_versions/{id}` from what `/prompts/{id}/versions` answered, when nothing else did.
        for item in (self.seen.get(first) or self.seen.get(first.rsplit("_", 1)[-1], []))[:6]:
            values = {}
            for parameter in parameters:
                if parameter in self.fixed:
                    values[parameter] = self.fixed[parameter]
                    continue
                # `{id}` (or `{pk}`, a primary key), `{name}`, `{slug}`…: the object's own.
                value = parameter_value(item, parameter)
                if isinstance(value, (str, int)):
                    values[parameter] = str(value)
            if len(values) == len(parameters):
                path = template
                for parameter, value in values.items():
                    path = path.replace("{" + parameter + "}", urllib.parse.quote(value, safe=""))
                paths.append(path)
        return list(dict.fromkeys(paths))

    def nested_targets(self, parts, index, prefix):
        """Paths for a template's `parts` from `index` on, after `prefix` (the parts before, filled
        in): a parameter takes a `--parameter` value, else the values of the first few objects
        answered by the path it follows (`/tenants/t/collections/{collection_id}` from what
        `/tenants/t/collections` answered), so that each nested parameter belongs to its parent."""
        if index == len(parts):
            return [prefix]
        part = parts[index]
        match = re.fullmatch(r"{([^}]+)}", part)
        if not match:
            return self.nested_targets(parts, index + 1, f"{prefix}/{part}" if index else part)
        parameter = match.group(1)
        if parameter in self.fixed:
            values = [self.fixed[parameter]]
        else:
            candidates = [item for path, items in self.answered.items()
                          if path == prefix or path.startswith(prefix + "/") and path.count("/") == prefix.count("/") + 1
                          for item in items]
            values = list(dict.fromkeys(str(value) for value in (parameter_value(item, parameter) for item in candidates)
                                        if isinstance(value, (str, int))))[:3]
        return [path for value in values
                for path in self.nested_targets(parts, index + 1, f"{prefix}/{urllib.parse.quote(value, safe='')}")]

    def run(self):
        paths = self.description.get("paths", {})
        ordered = sorted(paths.items(), key=lambda item: ("{" in item[0], item[0]))
        # Without parameters, with them, and those without once more: some need ids that only the
        # answers of operations sorted after them give.
        for with_parameters in (False, True, False):
            for template, item in ordered:
                if ("{" in template) != with_parameters:
                    continue
                for method in ("get", "post"):
                    operation = item.get(method)
                    if not operation or (method == "post" and not (self.post and self.post.search(template))):
                        continue
                    schema = success_schema(operation)
                    if schema is None:
                        continue
                    extra = self.bodies.get(template, {})
                    for path in self.targets(template):
                        query = self.filled(extra.get("query", ""))
                        body = self.filled(extra.get("body", {})) if method == "post" else None
                        _, value = self.server.call(method.upper(), path + (f"?{query}" if query else ""), body)
                        # `/tasks/{id}/annotations/` answers annotations: `/annotations/{id}` can use them.
                        self.keep(schema, value, {segment(template), last_segment(template)}, path)

    def rounds(self):
        """Payloads as rounds of one payload per schema, as `check_rounds` takes them."""
        longest = max((len(values) for values in self.payloads.values()), default=0)
        return [{name: values[index] for name, values in self.payloads.items() if index < len(values)}
                for index in range(longest)]


ANSWER = "Answer_"


def with_answers_named(description):
    """The description with each operation's 2xx JSON answer that is an object written out in
    the operation (a list's envelope, as Superset writes every list) moved to
    `components/schemas` under a name of its own (`Answer_get_api_v1_chart`), so that its answers
    are kept and checked as those of a named schema are. The generated types decode the same.
    Left as it is where a reference points into `paths`, which moving a schema would break."""
    if '"#/paths/' in json.dumps(description):
        return description
    schemas = description.setdefault("components", {}).setdefault("schemas", {})
    for template, item in description.get("paths", {}).items():
        for method in ("get", "post"):
            operation = item.get(method) if isinstance(item, dict) else None
            for status, response in (operation or {}).get("responses", {}).items():
                media = (response.get("content") or {}).get("application/json") if isinstance(response, dict) else None
                schema = media.get("schema") if isinstance(media, dict) else None
                if not status.startswith("2") or not isinstance(schema, dict) or "$ref" in schema \
                        or not isinstance(schema.get("properties"), dict):
                    continue
                name = ANSWER + re.sub(r"[^A-Za-z0-9]+", "_", f"{method}_{template}").rstrip("_")
                while name in schemas:
                    name += "_"
                schemas[name] = schema
                media["schema"] = {"$ref": f"#/components/schemas/{name}"}
    return description


NAIVE_DATE_TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$")


def with_utc_offsets(value):
    """The value with `Z` after each date-time that has no offset: the instant a client that
    reads such times as UTC (`.rfc3339(assumingTimeZone:)`) decodes, written so that the check's
    default decoder reads the same one."""
    if isinstance(value, dict):
        return {key: with_utc_offsets(item) for key, item in value.items()}
    if isinstance(value, list):
        return [with_utc_offsets(item) for item in value]
    if isinstance(value, str) and NAIVE_DATE_TIME.match(value):
        return value + "Z"
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="the server's base URL, as the paths continue it")
    parser.add_argument("--description", required=True, help="the server's OpenAPI description (a JSON file)")
    parser.add_argument("--post", help="a regular expression for the paths whose POST only reads")
    parser.add_argument("--bodies", help="a JSON file of queries and bodies by path template")
    parser.add_argument("--header", action="append", default=[], help="NAME: VALUE, sent with every call")
    parser.add_argument("--parameter", action="append", default=[],
                        help="NAME=VALUE, the value of a path parameter in every path (a tenant)")
    parser.add_argument("--utc-without-offset", action="store_true",
                        help="the server writes UTC date-times without an offset (ZenML): each is checked as "
                             "that instant, as `.rfc3339(assumingTimeZone:)` with UTC reads it")
    parser.add_argument("--overlay", action="append", default=[],
                        help="an OpenAPI Overlay to apply to the description before generating (repeatable)")
    parser.add_argument("--keep", help="build in this folder and keep it")
    args = parser.parse_args()
    courier = courier_binary()
    if args.overlay:
        dumped = subprocess.run([courier, "dump", args.description]
                                + [argument for overlay in args.overlay for argument in ("--overlay", overlay)],
                                capture_output=True, text=True)
        if dumped.returncode != 0:
            print(dumped.stderr)
            return 1
        description = json.loads(dumped.stdout)
    else:
        with open(args.description) as f:
            description = json.load(f)
    description = with_answers_named(description)
    bodies = {}
    if args.bodies:
        with open(args.bodies) as f:
            bodies = json.load(f)
    headers = dict(header.split(":", 1) for header in args.header)
    server = Server(args.base, {name.strip(): value.strip() for name, value in headers.items()})
    fixed = dict(parameter.split("=", 1) for parameter in args.parameter)
    collector = Collector(server, description, args.post, bodies, fixed)
    collector.run()
    rounds = collector.rounds()
    if args.utc_without_offset:
        rounds = with_utc_offsets(rounds)
    answered = sum(1 for _, _, status in server.calls if isinstance(status, int) and 200 <= status < 300)
    count = sum(len(values) for values in collector.payloads.values())
    print(f"{len(server.calls)} calls, {answered} answered with a 2xx status: "
          f"{count} payloads of {len(collector.payloads)} schemas")
    for method, path, status in server.calls:
        if not (isinstance(status, int) and 200 <= status < 300):
            print(f"  {method} {path}: {status}")
    if not rounds:
        print("nothing to check")
        return 1
    with tempfile.TemporaryDirectory() as folder:
        checked = os.path.join(folder, "description.json")
        with open(checked, "w") as f:
            json.dump(description, f)
        findings, _ = check_rounds(checked, rounds, courier, args.keep, "serverpayloads", quiet=True)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
