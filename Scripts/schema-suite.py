#!/usr/bin/env python3
"""JSON-Schema-Test-Suite's cases as API descriptions: each case's schema becomes the component
schema `Value` of an OpenAPI 3.1 description (whose schemas are JSON Schema 2020-12), and each
value the suite says the schema accepts is decoded with the type Courier generates for it,
encoded again and compared (`DescriptionExample.check()`), as `corpus-payloads.py` checks
payloads. Where the random payload scripts check the generator against the constructs their
authors thought of, this checks it against the ones JSON Schema's own authors wrote down: about
400 schemas, 940 values, from `type` lists and `$ref` to `$id`, `$anchor`, `$defs`,
`prefixItems`, `patternProperties` and `unevaluatedProperties`.

    python3 Scripts/schema-suite.py
    python3 Scripts/schema-suite.py --suite /tmp/JSON-Schema-Test-Suite/tests/draft2020-12 --keep /tmp/suite

The suite's copy is in `Tests/CourierGeneratorTests/Conformance/JSON-Schema-Test-Suite` (MIT).
A schema without `$id` gets one, so that its `#/$defs/…` references name its own definitions
as they do in the suite (in a description, `#` is the description). Three kinds of value are
left out: the top-level `null` of a schema that allows it (a nullable schema's type is made
optional where it is used, `Value?`, and these checks decode `Value`), the values a case only
rejects, and in `optional/format` every value that is not a string (each such schema is a
string with the format there: an API describes a date as `{type: string, format: date-time}`).

Every value must decode and encode again whole; a value changed or dropped without an error is
always a finding. A few cases are refused on purpose, each value with an error that names it,
and are listed below with the reason (`REFUSED`): a listed case whose values now all decode is
a finding too, so that the list stays true. A description may fail to generate only with an
error that has its position, and only where it refers to another document (the suite's
`remotes`, which the generator does not fetch) or is listed in `NOT_GENERATED`.

Exits 1 on any finding. Needs python3 and the Swift toolchain; about two minutes.
"""
import argparse, importlib.util, json, os, re, sys

from check_package import ROOT, courier_binary, work_folder

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("corpus_payloads", os.path.join(SCRIPTS, "corpus-payloads.py"))
corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus)

SUITE = os.path.join(ROOT, "Tests", "CourierGeneratorTests", "Conformance", "JSON-Schema-Test-Suite", "draft2020-12")

AN_OBJECT = ("a schema without `type` whose keywords are an object's (`properties`, `required`, "
             "`additionalProperties`) is an object, as API descriptions mean it; JSON Schema also accepts "
             "any value that is not an object, and such a value is an error that names it")
AN_ARRAY = ("a schema without `type` whose keyword is an array's (`items`) is an array; JSON Schema also "
            "accepts any value that is not an array, and such a value is an error that names it")
BEYOND_INT = ("an integer is an `Int`: one beyond 64 bits is an error that names it, never a rounded "
              "value (a `format: uint64` integer is a `UInt64`)")

# Cases (file#index) whose valid values the generated type refuses, on purpose, with the reason.
REFUSED = {
    "additionalProperties.json#0": AN_OBJECT,
    "properties.json#0": AN_OBJECT,
    "properties.json#5": AN_OBJECT,
    "required.json#0": AN_OBJECT,
    "ref.json#0": AN_OBJECT,
    "ref.json#20": AN_OBJECT,
    "items.json#0": AN_ARRAY,
    "optional/bignum.json#0": BEYOND_INT,
    "optional/float-overflow.json#0": BEYOND_INT,
}

# Cases (file#index) that do not generate, besides those that refer to other documents, with
# the reason.
NOT_GENERATED: dict[str, str] = {}


def cases(suite):
    """Each case of the suite with values to check: `(key, schema, values)`, the key being the
    file's path inside the suite and the case's index (`optional/bignum.json#0`), the values
    the `(description, data)` of the tests the case's schema accepts."""
    found = []
    for directory, _, names in sorted(os.walk(suite)):
        for name in sorted(names):
            if not name.endswith(".json"):
                continue
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, suite).replace(os.sep, "/")
            is_format = relative.startswith("optional/format/")
            with open(path) as f:
                for index, case in enumerate(json.load(f)):
                    schema = case["schema"]
                    if is_format and isinstance(schema, dict):
                        schema = dict(schema, type="string")
                    values = [(test["description"], test["data"]) for test in case["tests"]
                              if test["valid"] and test["data"] is not None
                              and (not is_format or isinstance(test["data"], str))]
                    if values:
                        found.append((f"{relative}#{index}", schema, values))
    return found


def description(key, schema):
    """The OpenAPI 3.1 description whose component schema `Value` is the case's schema."""
    if isinstance(schema, dict) and "$id" not in schema:
        schema = dict(schema, **{"$id": "https://courier.invalid/" + key.replace("#", "/")})
    return {"openapi": "3.1.0", "info": {"title": key, "version": "1"}, "paths": {},
            "components": {"schemas": {"Value": schema}}}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--suite", default=SUITE, help="the suite's draft2020-12 folder (default: the copy in Tests)")
    parser.add_argument("--keep", help="build the package in this folder and keep it")
    args = parser.parse_args()
    courier = courier_binary()
    with work_folder(args.keep, "courier-schema-suite-") as work:
        folder = os.path.join(work, "descriptions")
        os.makedirs(folder)
        entries, by_module, relative_of = [], {}, {}
        for key, schema, values in cases(args.suite):
            relative = re.sub(r"\.json#", "-", key) + ".json"
            path = os.path.join(folder, relative.replace("/", "_"))
            with open(path, "w") as f:
                json.dump(description(key, schema), f, indent=1, ensure_ascii=False)
            entries.append((relative, path, [{"Value": data} for _, data in values]))
            by_module[corpus.module_name(relative)] = (key, values)
            relative_of[key] = relative
        package = os.path.join(work, "package")
        # `check_corpus` prints each description that does not generate; the reasons are sorted below.
        count, findings, not_generated, crashed = corpus.check_corpus(entries, courier, package)
        problems = [f"the generator crashed on {relative}" for relative in crashed]
        for key, relative in relative_of.items():
            error = not_generated.get(relative)
            # An error the generator gives has its position (`file:line:column: error: `).
            positioned = error is not None and re.search(r":\d+:\d+: error: ", error)
            if error is None or relative in crashed:
                continue
            if not positioned:
                problems.append(f"{key} did not generate, and the error has no position: {error}")
            elif key not in NOT_GENERATED and "Remote references" not in error:
                problems.append(f"{key} did not generate: {error}")
        for key in NOT_GENERATED:
            if key in relative_of and relative_of[key] not in not_generated:
                problems.append(f"{key} is listed as not generated, but it generates: take it off NOT_GENERATED")
        refused = {}
        for module, line in findings:
            key, values = by_module[module]
            round_number = re.match(r"payload Value(?: \(round (\d+)\))?: ", line)
            test, data = values[int(round_number.group(1) or 1) - 1] if round_number else ("?", None)
            changed = line.split(": ", 1)[-1].startswith("changed ")
            if key in REFUSED and not changed:
                refused[key] = refused.get(key, 0) + 1
                continue
            problems.append(f"{key} \"{test}\" {json.dumps(data)[:200]}: {line.split(': ', 1)[-1][:400]}")
        for key in REFUSED:
            if key not in refused and key in relative_of:
                problems.append(f"{key} is listed as refused, but each of its values decodes: take it off REFUSED")
        for reason in dict.fromkeys(REFUSED.values()):
            listed = [f"{key} ({refused[key]})" for key, said in sorted(REFUSED.items()) if said == reason and key in refused]
            if listed:
                print(f"refused, as listed: {', '.join(listed)}: {reason}")
        for problem in problems:
            print("FINDING " + problem)
        print(f"{len(entries)} cases, {count} values checked, {sum(refused.values())} refused as listed, "
              f"{len(problems)} findings")
        sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
