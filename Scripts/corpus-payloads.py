#!/usr/bin/env python3
"""Random payloads for the schemas of many small API descriptions at once: every description in
a folder (and its subfolders) is generated into a module of one package, which is built once,
and each schema's payloads are checked as `real-payloads.py` checks them (decoded into the
schema's type and every union that lists it, encoded again, compared). Where `real-payloads.py`
builds a package per description, this builds hundreds of small ones in a few minutes: a
generator's test suite, such as datamodel-code-generator's `tests/data/openapi` (from its
source distribution on PyPI), is a corpus of the odd constructs real descriptions hold.

    python3 Scripts/corpus-payloads.py /tmp/corpus
    python3 Scripts/corpus-payloads.py /tmp/corpus --rounds 3 --seed 2 --keep /tmp/corpus-package

A description that refers into other files (or by `$dynamicRef`) is generated and compiled, but
gets no payloads: the payload writer follows references within one document only.

Prints, for each description, whether it did not generate (with the generator's error: an
invalid description must fail with its position, and no description may crash the generator),
then each finding with its module's name, and a summary. Exits 1 when the package does not
build, the checks crash, or there is a finding. Needs python3, PyYAML for YAML descriptions,
and the Swift toolchain.
"""
import argparse, importlib.util, json, os, random, re, shutil, subprocess, sys

from check_package import ROOT, checks_main, courier_binary, work_folder

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("real_payloads", os.path.join(SCRIPTS, "real-payloads.py"))
real_payloads = importlib.util.module_from_spec(spec)
spec.loader.exec_module(real_payloads)

MANIFEST = """// swift-tools-version: 6.0
import PackageDescription
let courier: Target.Dependency = .product(name: "Courier", package: "{name}")
let package = Package(
    name: "Corpus", platforms: [.macOS(.v13)],
    dependencies: [.package(path: "{root}")],
    targets: [
{targets}
        .executableTarget(
            name: "Check",
            dependencies: [{modules}, .product(name: "CourierTesting", package: "{name}")],
            path: "Sources/Check"),
    ],
    swiftLanguageModes: [.v6])
"""

def descriptions(folder):
    """Each OpenAPI 3 description under `folder`, by path, with its document."""
    found = []
    for directory, _, names in sorted(os.walk(folder)):
        for name in sorted(names):
            if not name.endswith((".json", ".yaml", ".yml")):
                continue
            path = os.path.join(directory, name)
            document = readable(path)
            if isinstance(document, dict) and str(document.get("openapi", "")).startswith("3"):
                found.append((path, document))
    return found


def readable(path):
    """The document, or a stand-in where Python cannot read it (JSON with a trailing comma, YAML
    PyYAML refuses) but it says it is OpenAPI 3: the generator still has its say on it."""
    try:
        return real_payloads.load(path)
    except Exception:
        with open(path, errors="replace") as f:
            return {"openapi": "3"} if re.search(r'"?openapi"?\s*:\s*["\']?3', f.read()) else None


def refers_elsewhere(node):
    """Whether the document refers into another file or by a `$dynamicRef`/anchor, which the
    payload writer does not follow: such a description is generated and compiled only."""
    if isinstance(node, dict):
        reference = node.get("$ref")
        if isinstance(reference, str) and not reference.startswith("#/"):
            return True
        if "$dynamicRef" in node:
            return True
        return any(refers_elsewhere(value) for value in node.values())
    if isinstance(node, list):
        return any(refers_elsewhere(value) for value in node)
    return False


def payload_rounds(document, name, rounds, seed):
    """`rounds` objects of payloads keyed by schema name, or `None` where the description's
    schemas cannot be walked (the generator then has its say on it alone)."""
    schemas = document.get("components", {}).get("schemas") if isinstance(document.get("components"), dict) else None
    if not isinstance(schemas, dict) or not schemas or refers_elsewhere(document):
        return []
    try:
        return real_payloads.Description(document, random.Random(f"{seed}/{name}")).payload_rounds(rounds)
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError):
        return None


def module_name(relative):
    """The Swift module a description at `relative` (a path inside the corpus) is generated into."""
    return "M_" + re.sub(r"[^A-Za-z0-9]", "_", relative.rsplit(".", 1)[0])


def check_corpus(entries, courier, work):
    """Generates each description of `entries` (`(relative, path, rounds)`: its path inside the
    corpus, its file, and a list of payload rounds or none) into a module of one package in
    `work`, builds it and checks every payload. Prints each description that did not generate;
    returns `(checks, findings, not_generated, crashed)`: the findings as `(module, line)`, the
    first line of the generator's error for each description that did not generate (by its
    relative path), and those of them that ended the generator with another status than an
    error's. Exits 1 when the package does not build or the checks crash."""
    os.makedirs(os.path.join(work, "Sources", "Check"))
    os.makedirs(os.path.join(work, "payloads"))
    modules, not_generated, crashed, unchecked = [], {}, [], 0
    for relative, path, rounds in entries:
        module = module_name(relative)
        unchecked += 0 if rounds else 1
        command = [courier, "generate", path, "--output", os.path.join(work, "Sources", module),
                   "--module", module, "--quiet"]
        if rounds:
            payload_file = os.path.join(work, "payloads", module + ".json")
            with open(payload_file, "w") as f:
                json.dump(rounds, f)
            command += ["--examples", os.path.join(work, "Sources", "Check", module + "Examples.swift"),
                        "--payloads", payload_file]
        generated = subprocess.run(command, capture_output=True, text=True)
        if generated.returncode != 0:
            error = generated.stderr.strip().splitlines()
            not_generated[relative] = error[0] if error else f"exit {generated.returncode}"
            print(f"not generated: {relative}: {not_generated[relative]}")
            if generated.returncode != 1:
                crashed.append(relative)
                print(f"FINDING {relative}: the generator ended with {generated.returncode}, not an error")
            shutil.rmtree(os.path.join(work, "Sources", module), ignore_errors=True)
            examples = os.path.join(work, "Sources", "Check", module + "Examples.swift")
            if os.path.exists(examples):
                os.remove(examples)
            continue
        modules.append((module, bool(rounds)))
    targets = "".join(f'        .target(name: "{m}", dependencies: [courier], path: "Sources/{m}"),\n'
                      for m, _ in modules)
    with open(os.path.join(work, "Package.swift"), "w") as f:
        f.write(MANIFEST.format(name=os.path.basename(ROOT), root=ROOT, targets=targets,
                                modules=", ".join(f'"{m}"' for m, _ in modules)))
    with open(os.path.join(work, "Sources", "Check", "main.swift"), "w") as f:
        groups = ", ".join(f'("{m} ", {m}Examples.all)' for m, checked in modules if checked)
        f.write(checks_main(
            f"([{groups}] as [(String, [DescriptionExample])]).flatMap {{ group in group.1.filter {{ $0.name.hasPrefix(\"payload \") }}.map {{ (group.0, $0) }} }}",
            module=None, labelled=True))
    print(f"{len(modules)} descriptions generated, {len(not_generated)} not; {unchecked} without payloads "
          "(no schemas, or references the payload writer does not follow); building…", flush=True)
    built = subprocess.run(["swift", "build", "--product", "Check"], cwd=work, capture_output=True, text=True)
    if built.returncode != 0:
        errors = [line for line in built.stdout.splitlines() if "error:" in line]
        print("did not compile\n" + "\n".join(errors[:40]))
        sys.exit(1)
    run = subprocess.run([os.path.join(work, ".build", "debug", "Check")], capture_output=True, text=True)
    findings = [tuple(line.split(" ", 2)[1:]) for line in run.stdout.splitlines() if line.startswith("FINDING")]
    summary = [line for line in run.stdout.splitlines() if line.startswith("SUMMARY ")]
    if not summary:
        print(f"crashed (exit {run.returncode})\n{run.stderr[-2000:]}")
        sys.exit(1)
    return int(summary[0].split()[1]), findings, not_generated, crashed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", help="a folder of descriptions, read with its subfolders")
    parser.add_argument("--rounds", type=int, default=2, help="payloads per schema (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", help="build the package in this folder and keep it")
    args = parser.parse_args()
    courier = courier_binary()
    with work_folder(args.keep, "courier-corpus-") as work:
        entries = []
        for path, document in descriptions(args.folder):
            relative = os.path.relpath(path, args.folder)
            entries.append((relative, path, payload_rounds(document, relative, args.rounds, args.seed)))
        count, findings, _, crashed = check_corpus(entries, courier, work)
        for module, line in findings:
            print(f"  FINDING {module} {line}"[:702])
        print(f"{count} checks, {len(findings)} findings, {len(crashed)} generator crashes")
        sys.exit(1 if findings or crashed else 0)


if __name__ == "__main__":
    main()
