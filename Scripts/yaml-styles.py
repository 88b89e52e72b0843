#!/usr/bin/env python3
"""Checks that a description written in YAML, in any of the styles YAML allows, generates the same
Swift as the same description in JSON: Courier's YAML reader is its own, and real descriptions
are written by hand and by many emitters. Each description given is read by `courier dump`, then
written again by PyYAML in six styles, each generated and compared with the JSON's output:

- block style at 40 columns, so that long texts are folded over several plain lines;
- flow style (`{a: [1, 2]}`) at 70 columns, with non-ASCII text escaped;
- every scalar double-quoted at 50 columns (escapes, and lines continued with `\\`);
- every scalar single-quoted at 50 columns (`''` inside, folded lines);
- multi-line texts as literal blocks (`|`, `|-`, `|+`), the way hand-written descriptions write
  long descriptions;
- every object or list that occurs again written once with an anchor (`&id001`) and then as
  its alias (`*id001`), as hand-written descriptions share parameters and responses.

    python3 Scripts/yaml-styles.py                      # Specs/ and ../shared/specs, where present
    python3 Scripts/yaml-styles.py Specs/showcase.json  # the given descriptions

Needs python3 with PyYAML (a development tool, not the test suite's: `apt-get install
python3-yaml`) and the Swift toolchain; exits 1 if any output differs, and prints the first lines
of each difference.
"""
import argparse, difflib, json, os, subprocess, sys, tempfile

from check_package import ROOT, courier_binary, description_files, generated_files


try:
    import yaml
except ImportError:
    sys.exit("yaml-styles.py needs PyYAML (python3-yaml)")


class LiteralText(str):
    """A text written as a literal block."""


def literal_block(dumper, text):
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style="|")


class LiteralDumper(yaml.SafeDumper):
    pass


LiteralDumper.add_representer(LiteralText, literal_block)


def with_literal_blocks(node):
    if isinstance(node, dict):
        return {key: with_literal_blocks(value) for key, value in node.items()}
    if isinstance(node, list):
        return [with_literal_blocks(value) for value in node]
    # A literal block cannot hold a tab or a carriage return, nor end a line with a space.
    if isinstance(node, str) and "\n" in node and not any(c in node for c in "\t\r") \
            and not any(line.endswith(" ") for line in node.split("\n")):
        return LiteralText(node)
    return node


def shared(node, seen=None):
    """The document with each object or list that occurs again as the same Python object, which
    PyYAML writes once with an anchor and then as an alias."""
    seen = {} if seen is None else seen
    if isinstance(node, dict):
        node = {key: shared(value, seen) for key, value in node.items()}
    elif isinstance(node, list):
        node = [shared(value, seen) for value in node]
    else:
        return node
    return seen.setdefault(json.dumps(node, sort_keys=True), node)


STYLES = {
    "block": lambda d: yaml.safe_dump(d, sort_keys=False, width=40, allow_unicode=True),
    "flow": lambda d: yaml.safe_dump(d, sort_keys=False, default_flow_style=True, width=70, allow_unicode=False),
    "double-quoted": lambda d: yaml.safe_dump(d, sort_keys=False, default_style='"', width=50, allow_unicode=True),
    "single-quoted": lambda d: yaml.safe_dump(d, sort_keys=False, default_style="'", width=50, allow_unicode=True),
    "literal": lambda d: yaml.dump(with_literal_blocks(d), Dumper=LiteralDumper, sort_keys=False, width=1000,
                                   allow_unicode=True),
    "anchors": lambda d: yaml.safe_dump(shared(d), sort_keys=False, width=1000, allow_unicode=True),
}


def generate(courier, source, output):
    generated = subprocess.run([courier, "generate", source, "--output", output, "--module", "API", "--quiet"],
                               capture_output=True, text=True)
    if generated.returncode != 0:
        return None, generated.stderr.strip()[:500]
    return generated_files(output), None


def compare(courier, spec, work):
    dumped = subprocess.run([courier, "dump", spec], capture_output=True, text=True)
    if dumped.returncode != 0:
        return [f"not read: {dumped.stderr.strip()}"]
    source = os.path.join(work, "description.json")
    with open(source, "w") as f:
        f.write(dumped.stdout)
    expected, error = generate(courier, source, os.path.join(work, "json"))
    if error:
        return [f"not generated: {error}"]
    document = json.loads(dumped.stdout)
    findings = []
    for style, write in STYLES.items():
        source = os.path.join(work, f"{style}.yaml")
        with open(source, "w") as f:
            f.write(write(document))
        actual, error = generate(courier, source, os.path.join(work, style))
        if error:
            findings.append(f"{style}: not generated: {error}")
            continue
        differences = []
        for name in sorted(set(expected) | set(actual)):
            if expected.get(name) != actual.get(name):
                diff = difflib.unified_diff(expected.get(name, []), actual.get(name, []), f"json/{name}",
                                            f"{style}/{name}", lineterm="", n=1)
                differences.append("\n".join(list(diff)[:12]))
        if differences:
            findings.append(f"{style}: {len(differences)} files differ\n" + "\n".join(differences[:3]))
    return findings


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("specs", nargs="*", help="descriptions (default: Specs/ and ../shared/specs)")
    args = parser.parse_args()
    specs = args.specs or description_files()
    courier = courier_binary()
    failed = False
    for spec in specs:
        with tempfile.TemporaryDirectory(prefix="courier-yaml-styles-") as work:
            findings = compare(courier, spec, work)
        print(f"{os.path.relpath(spec, ROOT)}: " + ("same in every style" if not findings else "\n  ".join(findings)))
        failed = failed or bool(findings)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
