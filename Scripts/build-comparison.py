#!/usr/bin/env python3
"""Builds one description's generated module with an earlier revision's generator and runtime
and with this checkout's, alternating, and prints each debug build's time and peak memory (of
the whole process tree), with only the generated module rebuilt.

    python3 Scripts/build-comparison.py SPEC [ROUNDS] [--baseline REV]
    python3 Scripts/build-comparison.py Specs/stripe.json 2 --baseline e89ddbe

The earlier revision is exported with `git archive` and its generator built (debug). Needs
Linux, python3, git and the Swift toolchain; several minutes per round for Stripe.
"""
import argparse, importlib.util, os, shutil, subprocess, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("rs", os.path.join(ROOT, "Scripts", "real-specs.py"))
rs = importlib.util.module_from_spec(spec); spec.loader.exec_module(rs)
parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("spec")
parser.add_argument("rounds", nargs="?", type=int, default=2)
parser.add_argument("--baseline", default="e89ddbe")
args = parser.parse_args()
SPEC = os.path.abspath(args.spec)
rounds = args.rounds
W = tempfile.mkdtemp(prefix="courier-build-comparison-")
base = os.path.join(W, "courier-baseline")
os.makedirs(base)
archive = subprocess.run(["git", "archive", args.baseline], cwd=ROOT, check=True, capture_output=True).stdout
subprocess.run(["tar", "-x", "-C", base], input=archive, check=True)
for root in (base, ROOT):
    subprocess.run(["swift", "build", "--product", "courier"], cwd=root, check=True, capture_output=True)
pairs = {"before": (base, "courier-baseline"), "after": (ROOT, os.path.basename(ROOT))}
for name, (root, ident) in pairs.items():
    pkg = os.path.join(W, name)
    shutil.rmtree(pkg, ignore_errors=True)
    os.makedirs(os.path.join(pkg, "Sources"))
    open(os.path.join(pkg, "Package.swift"), "w").write(f'''// swift-tools-version: 6.0
import PackageDescription
let package = Package(name: "B{name}", platforms: [.macOS(.v13)],
    dependencies: [.package(path: "{root}")],
    targets: [.target(name: "API", dependencies: [.product(name: "Courier", package: "{ident}")], path: "Sources/API")],
    swiftLanguageModes: [.v6])
''')
    gen = os.path.join(root, ".build", "debug", "courier")
    r = subprocess.run([gen, "generate", SPEC, "--output", os.path.join(pkg, "Sources", "API"), "--module", "API", "--quiet"], capture_output=True, text=True)
    lines = sum(len(open(os.path.join(d, f)).readlines()) for d, _, fs in os.walk(os.path.join(pkg, "Sources", "API")) for f in fs)
    print(name, "generated", r.returncode, lines, "lines", flush=True)
    subprocess.run(["swift", "build", "--target", "Courier"], cwd=pkg, capture_output=True)
for i in range(rounds):
    for name in pairs:
        pkg = os.path.join(W, name)
        for d, _, fs in os.walk(os.path.join(pkg, "Sources", "API")):
            for f in fs: os.utime(os.path.join(d, f))
        code, out, secs, peak = rs.run_measured(["swift", "build", "--target", "API"], pkg)
        print(f"{name}: {secs:.1f} s, peak {peak:.0f} MB, exit {code}", flush=True)
