#!/usr/bin/env python3
"""How fast generated models decode Stripe's own fixtures, as their types and as the unions that
list them, with this checkout's generator and runtime against an earlier revision's, side by side
in one run (release builds, alternating rounds).

    python3 Scripts/union-decoding.py                   # against e89ddbe (first-match unions)
    python3 Scripts/union-decoding.py --baseline REV --rounds 5
    python3 Scripts/union-decoding.py --work /tmp/courier-union-bench-XXXX   # keeps that run's baseline
    python3 Scripts/union-decoding.py --instructions     # adds instruction counts (needs valgrind)

It exports REV with `git archive`, builds its `courier`, generates `Specs/stripe.json` with both
generators into two temporary packages, each with an executable that decodes every payload check
of `Tests/GeneratedClientTests/Examples/StripeAPIExamples.swift` (222 of them) a number of times,
and prints MB/s for each. The checks' JSON is the same for both; only the generated code and the
runtime differ. Each decodes as its client does: with Courier's own JSON decoder
(`JSONDecoding.decode`) where the revision has one, with Foundation's `JSONDecoder` before. Needs Linux or macOS, python3, git and the Swift toolchain; takes several minutes.
"""
import argparse, os, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "Tests", "GeneratedClientTests", "Examples", "StripeAPIExamples.swift")

PACKAGE = """// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "UnionBench", platforms: [.macOS(.v13)],
    dependencies: [.package(path: "{courier}")],
    targets: [
        .target(name: "StripeAPI", dependencies: [.product(name: "Courier", package: "{name}")], path: "Sources/StripeAPI"),
        .executableTarget(name: "Bench", dependencies: ["StripeAPI", .product(name: "Courier", package: "{name}")], path: "Sources/Bench"),
    ],
    swiftLanguageModes: [.v6])
"""

MAIN = """import Foundation
import StripeAPI
{import}

struct Check {
    let data: Data
    let decode: @Sendable (Data, JSONDecoder) throws -> Void
}

func check<T: Decodable>(_ type: T.Type, _ json: String) -> Check {
    Check(data: Data(json.utf8)) { data, decoder in _ = try {decode} }
}

let checks: [Check] = [
{checks}
]

let decoder = JSONDecoder()
let rounds = Int(CommandLine.arguments.dropFirst().first ?? "200") ?? 200
var bytes = 0
var failures = 0
for check in checks { do { try check.decode(check.data, decoder) } catch { failures += 1 } }
let start = DispatchTime.now().uptimeNanoseconds
for _ in 0..<rounds {
    for check in checks {
        do { try check.decode(check.data, decoder) } catch {}
        bytes += check.data.count
    }
}
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
print("RESULT \\(Double(bytes) / seconds / 1_000_000) \\(failures) \\(checks.count)")
"""


def run(arguments, cwd, **kwargs):
    return subprocess.run(arguments, cwd=cwd, check=True, **kwargs)


def checks_source():
    text = open(EXAMPLES).read()
    pattern = re.compile(r'(StripeAPI\.[A-Za-z0-9_]+)\.self, name: "payload [^"]*",\s*json: (#+)"(.*?)"\2')
    lines = [f"    check({m.group(1)}.self, {m.group(2)}\"{m.group(3)}\"{m.group(2)})," for m in pattern.finditer(text)]
    return "\n".join(lines), len(lines)


def package(work, name, courier_root, generator, checks):
    folder = os.path.join(work, name)
    os.makedirs(os.path.join(folder, "Sources", "Bench"))
    with open(os.path.join(folder, "Package.swift"), "w") as f:
        f.write(PACKAGE.replace("{courier}", courier_root).replace("{name}", os.path.basename(courier_root)))
    with open(os.path.join(folder, "Sources", "Bench", "main.swift"), "w") as f:
        # The way the revision's client decodes a response.
        own = os.path.exists(os.path.join(courier_root, "Sources", "Courier", "JSONDecoding", "JSONDecoding.swift"))
        f.write(MAIN.replace("{checks}", checks)
                .replace("{import}", "@_spi(Generated) import Courier" if own else "import Courier")
                .replace("{decode}", "JSONDecoding.decode(T.self, from: data, options: decoder)" if own
                         else "decoder.decode(T.self, from: data)"))
    run([generator, "generate", os.path.join(ROOT, "Specs", "stripe.json"), "--output",
         os.path.join(folder, "Sources", "StripeAPI"), "--module", "StripeAPI", "--quiet"], cwd=folder,
        stdout=subprocess.DEVNULL)
    print(f"{name}: building in release…", file=sys.stderr)
    started = time.time()
    run(["swift", "build", "-c", "release", "--product", "Bench"], cwd=folder, stdout=subprocess.DEVNULL)
    print(f"{name}: built in {time.time() - started:.0f} s", file=sys.stderr)
    return folder


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default="e89ddbe", help="the earlier revision (default: e89ddbe)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs of each build")
    parser.add_argument("--work", help="a folder of an earlier run: its baseline build is kept, this checkout's rebuilt")
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions per pass with valgrind's callgrind (repeatable, unlike time)")
    args = parser.parse_args()
    checks, count = checks_source()
    bin_of = lambda root: subprocess.run(["swift", "build", "--show-bin-path"], cwd=root, check=True,
                                         capture_output=True, text=True).stdout.strip()
    work = args.work or tempfile.mkdtemp(prefix="courier-union-bench-")
    base = os.path.join(work, "courier-baseline")
    if args.work and os.path.exists(os.path.join(work, "before", ".build", "release", "Bench")):
        before = os.path.join(work, "before")
    else:
        os.makedirs(base, exist_ok=True)
        archive = subprocess.run(["git", "archive", args.baseline], cwd=ROOT, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", base], input=archive, check=True)
        print(f"baseline {args.baseline}: building its generator…", file=sys.stderr)
        run(["swift", "build", "--product", "courier"], cwd=base, stdout=subprocess.DEVNULL)
        before = package(work, "before", base, os.path.join(bin_of(base), "courier"), checks)
    # A copy of this checkout, so that editing it while the benchmark builds changes nothing.
    current = os.path.join(work, "courier-current")
    shutil.rmtree(current, ignore_errors=True)
    shutil.copytree(ROOT, current, symlinks=True, ignore=shutil.ignore_patterns(".build", ".git"))
    run(["swift", "build", "--product", "courier"], cwd=current, stdout=subprocess.DEVNULL)
    shutil.rmtree(os.path.join(work, "after"), ignore_errors=True)
    after = package(work, "after", current, os.path.join(bin_of(current), "courier"), checks)
    results = {"before": [], "after": []}
    failures = {}
    for _ in range(args.rounds):
        for name, folder in (("before", before), ("after", after)):
            output = subprocess.run([os.path.join(folder, ".build", "release", "Bench"), "200"], check=True,
                                    capture_output=True, text=True).stdout
            rate, failed, total = output.split("RESULT ")[1].split()
            results[name].append(float(rate))
            failures[name] = (int(failed), int(total))
    print(f"Stripe fixtures decoded as their types and as the unions that list them ({count} checks, 200 passes each run)")
    print("build | MB/s, each run | median | checks that fail to decode")
    print("--- | --- | --- | ---")
    for name, label in (("before", f"{args.baseline} (first-match unions)"), ("after", "this checkout (evidence)")):
        rates = sorted(results[name])
        print(f"{label} | {', '.join(f'{r:.1f}' for r in results[name])} | {rates[len(rates) // 2]:.1f} | "
              f"{failures[name][0]} of {failures[name][1]}")
    if args.instructions:
        print()
        print("build | instructions per pass (callgrind: 40 passes less 20) | relative to the baseline")
        print("--- | --- | ---")
        counts = {name: instructions_per_pass(os.path.join(folder, ".build", "release", "Bench"))
                  for name, folder in (("before", before), ("after", after))}
        for name, label in (("before", args.baseline), ("after", "this checkout")):
            print(f"{label} | {counts[name] / 1e6:.1f} M | {counts[name] / counts['before']:.3f}")


def instructions_per_pass(binary):
    """Instructions of one pass over the checks: two runs under callgrind, differenced, so that
    start-up and the first (warming) pass cancel out."""
    totals = []
    for passes in (20, 40):
        result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary, str(passes)],
                                check=True, capture_output=True, text=True)
        refs = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
        totals.append(int(refs.group(1).replace(",", "")))
    return (totals[1] - totals[0]) / 20


if __name__ == "__main__":
    main()
