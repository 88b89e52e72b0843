#!/usr/bin/env python3
"""Decodes every JSON response example of the real API descriptions in ../shared/specs with the
types Courier generates for them, and reports per description how many examples decode, how many
values came back different (a value read wrongly), how many lost a value when encoded again, and
how many left an object in a union's `undocumented` case. Prints each failure with its reason, so that a failure can be told apart as
the generator's or the description's (an example that contradicts its own schema).

    python3 Scripts/example-checks.py                       # every description that has examples
    python3 Scripts/example-checks.py --only github,museum  # a subset, by file-name fragment
    python3 Scripts/example-checks.py --specs Specs         # the descriptions in another folder

For each description it generates the module and its example checks (`courier generate
--examples`) into a temporary package with a small executable that runs
`DescriptionExample.check()` on each, builds it in debug and runs it. Needs Linux or macOS,
python3 and the Swift toolchain.
"""
import argparse, os, subprocess, sys, tempfile

from check_package import ROOT, courier_binary, write_package

SPECS = os.path.join(os.path.dirname(ROOT), "shared", "specs")

MAIN = """import CourierTesting

var failed = 0, changed = 0, dropped = 0, untyped = 0
for example in APIExamples.all {
    do {
        let result = try example.check()
        if !result.changed.isEmpty {
            changed += 1
            print("  changed: \\(example): \\(result.changed.prefix(3).map(\\.description).joined(separator: "; "))")
        }
        if !result.dropped.isEmpty {
            dropped += 1
            print("  dropped: \\(example): \\(result.dropped.prefix(3).joined(separator: ", "))")
        }
        if !result.undocumented.isEmpty || result.wrongVariant != nil {
            untyped += 1
            print("  untyped: \\(example): \\(result.wrongVariant ?? "") \\(result.undocumented.prefix(3).joined(separator: ", "))")
        }
    } catch {
        failed += 1
        print("  failed: \\(example): \\(error)")
    }
}
print("SUMMARY \\(APIExamples.all.count) \\(failed) \\(changed) \\(dropped) \\(untyped)")
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="comma-separated fragments of spec file names")
    parser.add_argument("--specs", default=SPECS, help="the folder of descriptions (default: ../shared/specs)")
    args = parser.parse_args()
    if not os.path.isdir(args.specs):
        parser.error(f"no folder of descriptions at {args.specs} (give one with --specs)")
    courier = courier_binary()
    specs = sorted(f for f in os.listdir(args.specs) if f.endswith((".json", ".yaml")))
    if args.only:
        specs = [s for s in specs if any(part in s for part in args.only.split(","))]
    rows = []
    for spec in specs:
        work = tempfile.mkdtemp(prefix="courier-examples-")
        write_package(work, "ExampleChecks", MAIN)
        generated = subprocess.run(
            [courier, "generate", os.path.join(args.specs, spec), "--output", os.path.join(work, "Sources", "API"),
             "--module", "API", "--examples", os.path.join(work, "Sources", "Check", "Examples.swift"), "--quiet"],
            capture_output=True, text=True)
        if generated.returncode != 0:
            rows.append((spec, "not generated", "", "", "", "", ""))
            continue
        with open(os.path.join(work, "Sources", "Check", "Examples.swift")) as f:
            if "examples.append(" not in f.read():
                rows.append((spec, "no examples", "", "", "", "", ""))
                continue
        print(f"{spec}: building…", file=sys.stderr)
        built = subprocess.run(["swift", "build", "--product", "Check"], cwd=work, capture_output=True, text=True)
        if built.returncode != 0:
            print(built.stdout[-3000:] + built.stderr[-3000:], file=sys.stderr)
            rows.append((spec, "did not compile", "", "", "", "", ""))
            continue
        run = subprocess.run(["swift", "run", "--skip-build", "Check"], cwd=work, capture_output=True, text=True)
        summary = [line for line in run.stdout.splitlines() if line.startswith("SUMMARY ")]
        if not summary:
            print(run.stdout[-3000:] + run.stderr[-3000:], file=sys.stderr)
            rows.append((spec, "crashed", "", "", "", "", ""))
            continue
        total, failed, changed, dropped, untyped = summary[0].split()[1:]
        print(f"{spec}:")
        for line in run.stdout.splitlines():
            if not line.startswith("SUMMARY "):
                print(line)
        rows.append((spec, "checked", total, failed, changed, dropped, untyped))
    print()
    print("description | result | examples | do not decode | values changed | with values not kept | with objects undocumented")
    print("--- | --- | --- | --- | --- | --- | ---")
    for row in rows:
        print(" | ".join(row))


if __name__ == "__main__":
    main()
