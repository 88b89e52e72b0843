#!/usr/bin/env bash
# Builds a fresh package made only of the README's "consumer package" blocks (its Package.swift
# and Sources/App/main.swift), with the README's dependency line pointed at this checkout, as a
# new user would after reading "Add it to your package". The test target the manifest declares
# gets one file that imports CourierTesting. Then it follows "Generate a client": the manifest
# the README names in Specs/courier.yaml (with Specs/petstore.yaml), `swift run courier
# generate-all` in the package, the README's target for the module added to the manifest, and
# its sample call built as a second executable. Run by .ci/run; needs the Swift toolchain.
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
    if match.group(1) == "targets":  # added to the manifest once the module is generated
        open(os.path.join(target, ".targets"), "w", encoding="utf-8").write(text)
        written.append("targets")
        continue
    if match.group(1) == "Package.swift":
        url = r'\.package\(url: "https://github\.com/your-org/courier\.git", from: "[0-9.]+"\)'
        assert re.search(url, text), "README.md: the manifest no longer depends on Courier as the script expects"
        text = re.sub(url, '.package(path: "../courier")', text)
    # A file that imports the generated module waits for it too.
    path = os.path.join(target, (".later/" if "import PetstoreAPI" in text else "") + match.group(1))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, "w", encoding="utf-8").write(text)
    written.append(match.group(1))
assert {"Package.swift", "Sources/App/main.swift", "targets", "Sources/Petstore/main.swift"} <= set(written), \
    f"README.md has only {written}"
manifest = re.search(r"`(modules: \[\{spec: petstore\.yaml, module: PetstoreAPI\}\])`", "\n".join(lines))
assert manifest, "README.md no longer names the module in Specs/courier.yaml as the script expects"
os.makedirs(os.path.join(target, "Specs"), exist_ok=True)
open(os.path.join(target, "Specs", "courier.yaml"), "w", encoding="utf-8").write(manifest.group(1) + "\n")
os.makedirs(os.path.join(target, "Tests", "AppTests"), exist_ok=True)
open(os.path.join(target, "Tests", "AppTests", "AppTests.swift"), "w").write(
    "import CourierTesting\nimport Testing\n\n@Test func aStubTransportIsAvailable() {\n    _ = StubTransport()\n}\n")
print("consumer package from README.md:", ", ".join(written))
PY
cd "$work/App"
swift build --build-tests -Xswiftc -warnings-as-errors
echo "The README's consumer package builds."

# "Generate a client from an OpenAPI description", in the same package.
cp "$root/Specs/petstore.yaml" Specs/
swift run courier generate-all
test -f Sources/Generated/PetstoreAPI/Petstore.swift
cp -R .later/Sources/. Sources/
python3 - Package.swift .targets <<'PY'
import sys
manifest, targets = sys.argv[1], sys.argv[2]
text = open(manifest, encoding="utf-8").read()
block = "".join("        " + line + "\n" for line in open(targets, encoding="utf-8").read().splitlines())
block += '        .executableTarget(name: "Petstore", dependencies: ["PetstoreAPI"]),\n'
assert text.count("    targets: [\n") == 1, "the README's manifest no longer has one `targets: [` line"
open(manifest, "w", encoding="utf-8").write(text.replace("    targets: [\n", "    targets: [\n" + block))
PY
swift build --build-tests -Xswiftc -warnings-as-errors
test -x "$(swift build --show-bin-path)/Petstore"
echo "A client generated in the consumer package builds, with the README's target and call."
