#!/usr/bin/env bash
# Uses a running Arize Phoenix server through the Swift client Courier generates from its live
# description, as an app would (after `phoenix-populate.py`; see its header for the server):
# creates a prompt with metadata whose whole numbers must come back as numbers (`2.0`), whose
# version nests tagged unions (a chat template with text, tool-call and
# tool-result parts, Anthropic's parameters with thinking enabled) and reads it back by its id
# (base64, with `=`) and by its name, pages through the prompts two at a time, asks for the
# annotations of three spans (a repeated query parameter), reads a dataset as CSV and JSON Lines
# text, meets a 404 and a 422 with the server's messages, and deletes the prompt. It runs twice:
# recording every exchange to a HAR file (CourierTesting's `HTTPArchiveTransport`), then
# replaying that file without the network, where every check must pass again. Prints one line
# per check and exits 1 on any failure. Needs the Swift toolchain and curl.
#
#     bash Scripts/server-payloads/phoenix-scenario.sh [http://127.0.0.1:6006]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
base="${1:-http://127.0.0.1:6006}"
work="$(mktemp -d "${TMPDIR:-/tmp}/courier-phoenix.XXXXXX")"
trap 'rm -rf "$work"' EXIT

ln -s "$root" "$work/courier"
mkdir -p "$work/client/Sources/PhoenixScenario"
curl -sf "$base/openapi.json" -o "$work/phoenix.json"
(cd "$root" && swift build --product courier >/dev/null && .build/debug/courier generate "$work/phoenix.json" \
    --output "$work/client/Sources/PhoenixAPI")
sed "s|http://127.0.0.1:6006|$base|" "$root/Scripts/server-payloads/phoenix-scenario.swift" \
    > "$work/client/Sources/PhoenixScenario/main.swift"
cat > "$work/client/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "phoenix-client",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: "../courier")],
    targets: [
        .target(name: "PhoenixAPI", dependencies: [.product(name: "Courier", package: "courier")]),
        .executableTarget(
            name: "PhoenixScenario",
            dependencies: [
                "PhoenixAPI", .product(name: "Courier", package: "courier"),
                .product(name: "CourierTesting", package: "courier"),
            ]),
    ]
)
SWIFT
if ! built="$(cd "$work/client" && swift build -Xswiftc -warnings-as-errors 2>&1)"; then
    echo "$built" | grep -E "error|warning" >&2
    exit 1
fi
echo "Live, recording:"
"$work/client/.build/debug/PhoenixScenario" record "$work/phoenix.har"
echo "Replayed from $(grep -c '"startedDateTime"' "$work/phoenix.har") recorded exchanges, without the network:"
"$work/client/.build/debug/PhoenixScenario" replay "$work/phoenix.har"
