#!/usr/bin/env python3
"""Generates and compiles every real API description in ../shared/specs, and reports per spec:
generated or not, warnings (constructs skipped or simplified), operations, lines, generation
time and peak memory, and the debug build time and peak memory of the generated module.

    python3 Scripts/real-specs.py                      # every spec, generate and build
    python3 Scripts/real-specs.py --only github,box    # the speed benchmark of issue 3
    python3 Scripts/real-specs.py --no-build           # generation only

Peak build memory is the largest total resident memory of the whole build process tree
(sampled every 50 ms from /proc), not just its largest process. Needs Linux and python3.
"""
import argparse, collections, os, re, shutil, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPECS = os.path.join(os.path.dirname(ROOT), "shared", "specs")


def tree_rss_kb(pid):
    """Total resident memory of a process and all its descendants, in KB."""
    children = collections.defaultdict(list)
    rss = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            children[int(fields[1])].append(int(entry))
            with open(f"/proc/{entry}/statm") as f:
                rss[int(entry)] = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
        except (OSError, IndexError, ValueError):
            continue
    total, stack = 0, [pid]
    while stack:
        current = stack.pop()
        total += rss.get(current, 0)
        stack.extend(children.get(current, []))
    return total


def run_measured(command, cwd):
    """Runs a command; returns (exit code, output, seconds, peak tree RSS in MB)."""
    start = time.monotonic()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    peak = [0]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], tree_rss_kb(process.pid))
            done.wait(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    output, _ = process.communicate()
    done.set()
    sampler.join()
    return process.returncode, output, time.monotonic() - start, peak[0] / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="comma-separated substrings of spec file names")
    parser.add_argument("--no-build", action="store_true", help="generate only")
    parser.add_argument("--keep", action="store_true", help="keep the scratch packages")
    parser.add_argument("--specs", default=SPECS, help="the folder of descriptions (default: ../shared/specs)")
    args = parser.parse_args()
    if not os.path.isdir(args.specs):
        parser.error(f"no folder of descriptions at {args.specs} (give one with --specs)")

    print("Building the courier generator (release)…", flush=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "courier"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    courier = os.path.join(ROOT, ".build", "release", "courier")
    # Stripe's fixtures file sits beside the descriptions: example objects, not a description.
    specs = sorted(f for f in os.listdir(args.specs) if f.endswith((".json", ".yaml", ".yml")) and "fixtures" not in f)
    if args.only:
        wanted = args.only.split(",")
        specs = [s for s in specs if any(w in s for w in wanted)]

    scratch = tempfile.mkdtemp(prefix="courier-real-specs-")
    rows, skipped, failures = [], collections.Counter(), 0
    for spec in specs:
        package = os.path.join(scratch, re.sub(r"[^A-Za-z0-9]", "_", spec))
        output = os.path.join(package, "Sources", "API")
        os.makedirs(os.path.dirname(output))
        code, text, seconds, memory = run_measured(
            ["/usr/bin/env", courier, "generate", os.path.join(args.specs, spec), "--output", output, "--module", "API"], package)
        warnings = [line for line in text.splitlines() if ": warning: " in line]
        for line in warnings:
            message = line.split(": warning: ", 1)[1].rsplit(" (at ", 1)[0]
            skipped[re.sub(r"\"[^\"]*\"|[A-Z]+ /\S*", "…", message)] += 1
        if code != 0:
            failures += 1
            rows.append((spec, "FAILED", len(warnings), "-", "-", f"{seconds:.2f}", f"{memory:.0f}", "-", "-"))
            print(text.strip().splitlines()[-1] if text.strip() else "generation failed", file=sys.stderr)
            continue
        summary = re.search(r"(\d+) operations, (\d+) types, (\d+) files, (\d+) lines", text)
        operations, lines = (summary.group(1), summary.group(4)) if summary else ("?", "?")
        build_time = build_memory = "-"
        status = "generated"
        if not args.no_build:
            with open(os.path.join(package, "Package.swift"), "w") as f:
                f.write(f"""// swift-tools-version: 6.0
import PackageDescription
let package = Package(name: "RealSpec", platforms: [.macOS(.v12)],
    dependencies: [.package(path: "{ROOT}")],
    targets: [.target(name: "API", dependencies: [.product(name: "Courier", package: "{os.path.basename(ROOT)}")], path: "Sources/API")],
    swiftLanguageModes: [.v6])
""")
            # Build Courier first so the figures are the generated module's alone.
            subprocess.run(["swift", "build", "--target", "Courier"], cwd=package, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            code, text, seconds_build, memory_build = run_measured(["swift", "build", "--target", "API"], package)
            compiler_warnings = len(set(l for l in text.splitlines() if "warning:" in l and "/Sources/API/" in l))
            if code != 0:
                failures += 1
                status = "BUILD FAILED"
                errors = [l for l in text.splitlines() if "error:" in l][:5]
                print(f"{spec}:\n  " + "\n  ".join(errors), file=sys.stderr)
            else:
                status = "compiled" + (f" ({compiler_warnings} compiler warnings)" if compiler_warnings else "")
                if compiler_warnings:
                    failures += 1
            build_time, build_memory = f"{seconds_build:.1f}", f"{memory_build:.0f}"
        rows.append((spec, status, len(warnings), operations, lines, f"{seconds:.2f}", f"{memory:.0f}", build_time, build_memory))
        print(" | ".join(str(c) for c in rows[-1]), flush=True)

    header = ("spec", "result", "generator warnings", "operations", "lines", "generate s", "generate MB",
              "debug build s", "debug build peak MB")
    print("\n" + " | ".join(header))
    print(" | ".join("---" for _ in header))
    for row in rows:
        print(" | ".join(str(c) for c in row))
    if skipped:
        print("\nConstructs skipped or simplified (generator warnings, by kind):")
        for message, count in skipped.most_common():
            print(f"  {count:4d} × {message}")
    if not args.keep:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"\n{len(rows) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
