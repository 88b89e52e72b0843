#!/usr/bin/env bash
# Builds a fresh package made only of the README's "consumer package" blocks (its Package.swift
# and Sources/App/main.swift), with the README's dependency line pointed at this checkout, as a
# new user would after reading "Add it to your package". The test target the manifest declares
# gets one file that imports CourierTesting. Run by .ci/run; needs the Swift toolchain.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/courier-consumer.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The dependency's identity is its folder's name: "courier", as the README's URL gives it.
ln -s "$root" "$work/courier"
mkdir -p "$work/App"
python3 - "$root/README.md" "$work/App" <<'PY'
import os, re, sys
readme, target = sys.argv[1], sys.argv[2]
lines = open(readme, encoding="utf-8").read().split("\n")
written = []
for index, line in enumerate(lines):
    match = re.fullmatch(r"<!-- consumer package: (\S+) -->", line.strip())
    if not match:
        continue
    start = index + 1
    assert lines[start] == "```swift", f"README.md:{start + 1}: a consumer package block must follow its marker"
    end = lines.index("```", start + 1)
    text = "\n".join(lines[start + 1:end]) + "\n"
    if match.group(1) == "Package.swift":
        url = r'\.package\(url: "https://github\.com/your-org/courier\.git", from: "[0-9.]+"\)'
        assert re.search(url, text), "README.md: the manifest no longer depends on Courier as the script expects"
        text = re.sub(url, '.package(path: "../courier")', text)
    path = os.path.join(target, match.group(1))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, "w", encoding="utf-8").write(text)
    written.append(match.group(1))
assert {"Package.swift", "Sources/App/main.swift"} <= set(written), f"README.md has only {written}"
os.makedirs(os.path.join(target, "Tests", "AppTests"), exist_ok=True)
open(os.path.join(target, "Tests", "AppTests", "AppTests.swift"), "w").write(
    "import CourierTesting\nimport Testing\n\n@Test func aStubTransportIsAvailable() {\n    _ = StubTransport()\n}\n")
print("consumer package from README.md:", ", ".join(written))
PY
cd "$work/App"
swift build --build-tests -Xswiftc -warnings-as-errors
echo "The README's consumer package builds."
