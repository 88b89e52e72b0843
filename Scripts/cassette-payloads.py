#!/usr/bin/env python3
"""What real servers sent, as recorded by an API's own SDK tests: many SDKs record their tests'
HTTP exchanges with vcrpy (Python) or go-vcr as YAML cassettes, `interactions` of a `request`
(method, URI, body) and a `response` (status, headers, body). This matches each interaction to
its operation in the API's description (the request's path against the description's path
templates, the method) and checks each JSON body whose schema is a component schema as
`real-payloads.py` checks its random ones: the response's by the schema its status (or
`default`) names, the request's by its request body's; decoded with the type Courier generates,
encoded again and compared (`DescriptionExample.check()`).

    python3 Scripts/cassette-payloads.py DESCRIPTION CASSETTES [--prefix /api] [--keep DIR]

Datadog's Python client carries such cassettes in its source distribution on PyPI
(`datadog-api-client`, `tests/v1/cassettes`, `tests/v2/cassettes`) beside the descriptions they
were recorded against (`.generator/schemas/v1/openapi.yaml`, `v2`):

    python3 Scripts/cassette-payloads.py datadog_api_client-2.62.0/.generator/schemas/v1/openapi.yaml \\
        datadog_api_client-2.62.0/tests/v1/cassettes

Prints how many interactions matched an operation, how many bodies were checked and why the
others were not (not JSON, an inline schema, an undescribed status), then each finding (a body
that does not decode, or decodes and encodes again with a value changed or dropped, or in
another union case than its tag names); exits 1 if there is one. A body kept whole with values
the description does not list (an enum's value added since, an object of a kind no union lists)
is what a server may send: it is printed with where those values are, and is not a finding.
Needs python3, PyYAML and the Swift toolchain.
"""
import argparse, collections, json, os, re, sys
from urllib.parse import urlsplit

import yaml

from check_package import check_rounds, courier_binary


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
        """The component schema a JSON content's schema refers to, or `None`."""
        for media_type, entry in (content or {}).items():
            if "json" in media_type and isinstance(entry, dict):
                reference = (entry.get("schema") or {}).get("$ref", "")
                if reference.startswith("#/components/schemas/"):
                    return reference.rsplit("/", 1)[1].replace("~1", "/").replace("~0", "~")
                return None
        return None


def response_schema(operations, operation, status):
    responses = operation.get("responses") or {}
    response = responses.get(str(status)) or responses.get(f"{str(status)[0]}XX") or responses.get("default")
    if response is None:
        return None, "a status the operation does not describe"
    if "$ref" in response:
        response = resolve(operations.document, response["$ref"])
    schema = operations.component(response.get("content"))
    return schema, None if schema else "no component schema for the status"


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


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("description")
    parser.add_argument("cassettes", help="a folder of cassettes, read with its subfolders")
    parser.add_argument("--prefix", default="", help="a path prefix the requests have and the description's paths do not")
    parser.add_argument("--keep", help="build in this folder and keep it")
    args = parser.parse_args()
    with open(args.description) as f:
        document = yaml.safe_load(f) if args.description.endswith((".yaml", ".yml")) else json.load(f)
    operations = Operations(document, args.prefix)
    payloads = collections.defaultdict(list)
    skipped = collections.Counter()
    interactions = matched = 0
    for directory, _, names in sorted(os.walk(args.cassettes)):
        for name in sorted(names):
            if not name.endswith((".yaml", ".yml")):
                continue
            with open(os.path.join(directory, name)) as f:
                cassette = yaml.safe_load(f)
            for interaction in (cassette or {}).get("interactions") or []:
                interactions += 1
                request, response = interaction["request"], interaction["response"]
                operation = operations.find(request["method"], urlsplit(request["uri"]).path)
                if operation is None:
                    skipped["no operation for the request"] += 1
                    continue
                matched += 1
                bodies = [("response", response["status"]["code"], headers(response), body_text(response.get("body")))]
                if request.get("body"):
                    bodies.append(("request", None, headers(request), body_text(request.get("body"))))
                for kind, status, fields, text in bodies:
                    if "json" not in fields.get("content-type", "") or not text.strip():
                        skipped[f"a {kind} body that is not JSON"] += 1
                        continue
                    if kind == "response":
                        schema, reason = response_schema(operations, operation, status)
                    else:
                        schema = operations.component((operation.get("requestBody") or {}).get("content"))
                        reason = None if schema else "a request body without a component schema"
                    if schema is None:
                        skipped[reason] += 1
                        continue
                    try:
                        payloads[schema].append(json.loads(text))
                    except ValueError:
                        skipped[f"a {kind} body that is not valid JSON"] += 1
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
