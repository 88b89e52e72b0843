#!/usr/bin/env python3
"""What real servers sent, as recorded by an API's own SDK tests: many SDKs record their tests'
HTTP exchanges with vcrpy (Python) or go-vcr as YAML cassettes, `interactions` of a `request`
(method, URI, body) and a `response` (status, headers, body); PyGithub keeps them as text
(`tests/ReplayData/*.txt`: per exchange the scheme, method, host, port, path, request headers,
request body, status, response headers and response body, a line each); github3.py keeps them
as Betamax cassettes (`tests/cassettes/*.json`: `http_interactions`, bodies as text or base64). This matches each
exchange to its operation in the API's description (the request's path against the
description's path templates, and the method) and checks each JSON body whose schema is a
component schema, or a list of one, as `real-payloads.py` checks its random ones: the
response's by the schema its status (or `default`) names, the request's by its request body's,
each item of a list on its own; decoded with the type Courier generates, encoded again and
compared (`DescriptionExample.check()`).

    python3 Scripts/cassette-payloads.py DESCRIPTION CASSETTES [--prefix /api] [--keep DIR]

Datadog's Python client carries such cassettes in its source distribution on PyPI
(`datadog-api-client`, `tests/v1/cassettes`, `tests/v2/cassettes`) beside the descriptions they
were recorded against (`.generator/schemas/v1/openapi.yaml`, `v2`):

    python3 Scripts/cassette-payloads.py datadog_api_client-2.62.0/.generator/schemas/v1/openapi.yaml \\
        datadog_api_client-2.62.0/tests/v1/cassettes

PyGithub's source distribution (`PyGithub` on PyPI) carries GitHub's answers since 2012, to
check against a description of GitHub's REST API (`../shared/specs/github-api.github.com-2022-07.json`):

    python3 Scripts/cassette-payloads.py ../shared/specs/github-api.github.com-2022-07.json \\
        pygithub-2.10.0/tests/ReplayData --since 2022-07-01

github3.py's (`github3.py` on PyPI, `tests/cassettes`) are Betamax cassettes of GitHub's answers
from 2013 on:

    python3 Scripts/cassette-payloads.py ../shared/specs/github-api.github.com-2022-07.json \\
        github3.py-4.0.1/tests/cassettes

Prints how many interactions matched an operation, how many bodies were checked and why the
others were not (not JSON, an inline schema, an undescribed status), then each finding (a body
that does not decode, or decodes and encodes again with a value changed or dropped, or in
another union case than its tag names); exits 1 if there is one. A body kept whole with values
the description does not list (an enum's value added since, an object of a kind no union lists)
is what a server may send: it is printed with where those values are, and is not a finding;
nor is a union's `undocumented` for a body that its own schema does not read (that error is).
Needs python3, PyYAML and the Swift toolchain.
"""
import argparse, ast, base64, collections, datetime, email.utils, gzip, importlib.util, json, os, re, sys
from urllib.parse import urlsplit

import yaml

from check_package import check_rounds, courier_binary

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("real_payloads", os.path.join(SCRIPTS, "real-payloads.py"))
real_payloads = importlib.util.module_from_spec(spec)
spec.loader.exec_module(real_payloads)


class Operations:
    """The description's operations by method, each path template as a pattern."""

    def __init__(self, document, prefix):
        self.document = document
        self.templates = []
        for template, item in (document.get("paths") or {}).items():
            pattern = re.escape(prefix + template)
            pattern = re.sub(r"\\\{[^/]+?\\\}", "[^/]+", pattern)
            # A template with fewer placeholders is the more specific (`/users/me` before `/users/{id}`).
            self.templates.append((template.count("{"), re.compile(pattern + "$"), item))
        self.templates.sort(key=lambda entry: entry[0])

    def find(self, method, path):
        for _, pattern, item in self.templates:
            if pattern.match(path) and isinstance(item, dict) and method.lower() in item:
                return item[method.lower()]
        return None

    def component(self, content):
        """The component schema a JSON content's schema refers to, and whether the content is a
        list of them (`{type: array, items: {$ref: …}}`), or `(None, False)`."""
        for media_type, entry in (content or {}).items():
            if "json" in media_type and isinstance(entry, dict):
                schema = entry.get("schema") or {}
                is_list = schema.get("type") == "array" and isinstance(schema.get("items"), dict)
                reference = (schema["items"] if is_list else schema).get("$ref", "")
                if reference.startswith("#/components/schemas/"):
                    return reference.rsplit("/", 1)[1].replace("~1", "/").replace("~0", "~"), is_list
                return None, False
        return None, False


def response_schema(operations, operation, status):
    """`((schema, is_list), None)` for the response the operation describes for `status`, or
    `((None, False), why not)`."""
    responses = operation.get("responses") or {}
    response = responses.get(str(status)) or responses.get(f"{str(status)[0]}XX") or responses.get("default")
    if response is None:
        return (None, False), "a status the operation does not describe"
    if "$ref" in response:
        response = resolve(operations.document, response["$ref"])
    schema, is_list = operations.component(response.get("content"))
    return (schema, is_list), None if schema else "no component schema for the status"


def resolve(document, reference):
    node = document
    for part in reference.lstrip("#/").split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def body_text(body):
    if isinstance(body, dict):
        body = body.get("string")
    if isinstance(body, bytes):
        body = body.decode("utf-8", errors="replace")
    return body or ""


def headers(message):
    return {key.lower(): value[0] if isinstance(value, list) else value
            for key, value in (message.get("headers") or {}).items()}


def recorded(folder):
    """Each exchange recorded under `folder`: `(method, uri, request, response)`, the messages as
    `{"headers", "body"}` (lowercase header names), the response with its `status` too."""
    for directory, _, names in sorted(os.walk(folder)):
        for name in sorted(names):
            path = os.path.join(directory, name)
            if name.endswith((".yaml", ".yml")):
                with open(path) as f:
                    cassette = yaml.safe_load(f)
                for interaction in (cassette or {}).get("interactions") or []:
                    request, response = interaction["request"], interaction["response"]
                    yield (request["method"], request["uri"],
                           {"headers": headers(request), "body": body_text(request.get("body"))},
                           {"headers": headers(response), "body": body_text(response.get("body")),
                            "status": response["status"]["code"]})
            elif name.endswith(".txt"):
                yield from replay_data(path)
            elif name.endswith(".json"):
                yield from betamax(path)


def replay_data(path):
    """The exchanges of a PyGithub replay file, ten lines each and an empty one between; a file
    that leaves that shape (a binary download's body over several lines) ends there."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    position = 0
    while position < len(lines):
        if not lines[position].strip():
            position += 1
            continue
        block = lines[position:position + 10]
        if len(block) < 10 or block[0] not in ("http", "https") or not block[7].isdigit():
            return
        scheme, method, host, port, target, request_headers, request_body, status, response_headers, body = block
        try:
            request_fields = {k.lower(): v for k, v in ast.literal_eval(request_headers).items()}
            response_fields = {k.lower(): v for k, v in ast.literal_eval(response_headers)}
        except (ValueError, SyntaxError):
            return
        yield (method, f"{scheme}://{host}{target}",
               {"headers": request_fields, "body": "" if request_body == "None" else request_body},
               {"headers": response_fields, "body": body, "status": int(status)})
        position += 11


def betamax(path):
    """The exchanges of a Betamax cassette (`http_interactions`, as github3.py records them):
    bodies as text or as base64, gzip-compressed where the message says so. A JSON file of
    another shape has none."""
    with open(path, encoding="utf-8") as f:
        try:
            cassette = json.load(f)
        except ValueError:
            return
    if not isinstance(cassette, dict):
        return
    for interaction in cassette.get("http_interactions") or []:
        request, response = interaction["request"], interaction["response"]
        yield (request["method"].upper(), request["uri"],
               {"headers": headers(request), "body": betamax_body(request)},
               {"headers": headers(response), "body": betamax_body(response),
                # (Betamax before 0.5 kept the status as `status_code`.)
                "status": (response.get("status") or {}).get("code") or response.get("status_code")})


def betamax_body(message):
    body = message.get("body") or {}
    if isinstance(body, str):  # (as the oldest cassettes keep a request's)
        return body
    if body.get("base64_string"):
        data = base64.b64decode(body["base64_string"])
        if headers(message).get("content-encoding") == "gzip" or data[:2] == b"\x1f\x8b":
            try:
                data = gzip.decompress(data)
            except (OSError, EOFError):
                return ""
        return data.decode("utf-8", errors="replace")
    return body.get("string") or ""


def recorded_on(response):
    """The day the response was sent, by its `Date` header; the first day of year 1 without one."""
    try:
        return email.utils.parsedate_to_datetime(response["headers"]["date"]).date()
    except (KeyError, TypeError, ValueError):
        return datetime.date.min


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("description")
    parser.add_argument("cassettes", help="a folder of cassettes or replay files, read with its subfolders")
    parser.add_argument("--prefix", default="", help="a path prefix the requests have and the description's paths do not")
    parser.add_argument("--since", type=datetime.date.fromisoformat,
                        help="only exchanges recorded since this day (YYYY-MM-DD, by the response's Date header): "
                             "older answers may lack what the API has added since, which the description requires")
    parser.add_argument("--keep", help="build in this folder and keep it")
    args = parser.parse_args()
    operations = Operations(real_payloads.load(args.description), args.prefix)
    payloads = collections.defaultdict(list)
    skipped = collections.Counter()
    interactions = matched = 0
    for method, uri, request, response in recorded(args.cassettes):
        interactions += 1
        if args.since and recorded_on(response) < args.since:
            skipped[f"recorded before {args.since}"] += 1
            continue
        operation = operations.find(method, urlsplit(uri).path)
        if operation is None:
            skipped["no operation for the request"] += 1
            continue
        matched += 1
        bodies = [("response", response["status"], response["headers"], response["body"])]
        if request["body"]:
            bodies.append(("request", None, request["headers"], request["body"]))
        for kind, status, fields, text in bodies:
            # PyGithub does not keep a request's content type; its bodies are JSON.
            if "json" not in fields.get("content-type", "application/json" if kind == "request" else "") \
                    or not text.strip():
                skipped[f"a {kind} body that is not JSON"] += 1
                continue
            if kind == "response":
                (schema, is_list), reason = response_schema(operations, operation, status)
            else:
                schema, is_list = operations.component((operation.get("requestBody") or {}).get("content"))
                reason = None if schema else "a request body without a component schema"
            if schema is None:
                skipped[reason] += 1
                continue
            try:
                value = json.loads(text)
            except ValueError:
                skipped[f"a {kind} body that is not valid JSON"] += 1
                continue
            if is_list and not isinstance(value, list):
                skipped[f"a {kind} body described as a list that is not one"] += 1
                continue
            # A list's items are checked one by one, each as the schema its items refer to.
            payloads[schema] += value if is_list else [value]
    count = sum(len(values) for values in payloads.values())
    print(f"{interactions} interactions, {matched} matched an operation; {count} bodies of {len(payloads)} schemas "
          "to check; not checked: " + ", ".join(f"{n} {reason}" for reason, n in skipped.most_common()), flush=True)
    rounds = [{schema: values[i] for schema, values in payloads.items() if i < len(values)}
              for i in range(max((len(values) for values in payloads.values()), default=0))]
    findings, _ = check_rounds(args.description, rounds, courier_binary(), args.keep, "Cassettes", quiet=True,
                               undocumented_allowed=True)
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
