#!/usr/bin/env python3
"""How fast courier's own JSON and YAML readers read large descriptions, pretty or minified.

    python3 Scripts/reader-speed.py

Builds the courier generator in release, then runs `courier read` three times on each of: the
GitHub, Stripe and Twilio descriptions in ../shared/specs, a minified copy of GitHub's (the whole
description on one line) and a 400 KB YAML flow sequence on one line, and prints the best rate of
each. The target is at least 50 MB/s for any description, minified or not.
"""
import json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPECS = os.path.join(os.path.dirname(ROOT), "shared", "specs")


def main():
    print("Building the courier generator (release)…", file=sys.stderr)
    subprocess.run(["swift", "build", "-c", "release", "--product", "courier"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(
        subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                       capture_output=True, text=True).stdout.strip(), "courier")
    work = tempfile.mkdtemp()
    github = os.path.join(SPECS, "github-api.github.com-2022-07.json")
    minified = os.path.join(work, "github-minified.json")
    with open(github) as source, open(minified, "w") as target:
        json.dump(json.load(source), target, separators=(",", ":"))
    flow = os.path.join(work, "flow-one-line.yaml")
    with open(flow, "w") as target:
        target.write("openapi: 3.0.0\nx-list: [" + ", ".join(str(i) for i in range(70000)) + "]\n")
    files = [
        ("GitHub (JSON, pretty)", github),
        ("GitHub (JSON, minified: one line)", minified),
        ("Stripe (JSON)", os.path.join(SPECS, "stripe-spec3-2022-04.json")),
        ("Twilio (YAML)", os.path.join(SPECS, "twilio_api_v2010.yaml")),
        ("YAML flow sequence on one line", flow),
    ]
    print("description | size | best read | rate")
    print("--- | --- | --- | ---")
    for name, path in files:
        best = None
        for _ in range(3):
            output = subprocess.run([binary, "read", path], capture_output=True, text=True, check=True).stdout
            seconds = float(re.search(r"read in ([0-9.]+) s", output).group(1))
            best = seconds if best is None else min(best, seconds)
        size = os.path.getsize(path)
        print(f"{name} | {size / 1e6:.1f} MB | {best * 1000:.0f} ms | {size / best / 1e6:.0f} MB/s")


if __name__ == "__main__":
    main()
