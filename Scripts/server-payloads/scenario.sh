#!/usr/bin/env bash
# Uses a running server through the Swift client Courier generates from its live description,
# as an app would: `Scripts/server-payloads/NAME-scenario.swift` is the app (Phoenix's and
# Prefect's are here; start and fill the server as `NAME-populate.py` says), beside
# `scenario-support.swift` (the transport, `check`, the exit status). It runs twice:
# recording every exchange to a HAR file (CourierTesting's `HTTPArchiveTransport`), then
# replaying that file without the network, where every check must pass again. Prints one line
# per check and exits 1 on any failure. Needs the Swift toolchain and curl.
#
#     bash Scripts/server-payloads/scenario.sh phoenix    # http://127.0.0.1:6006, /openapi.json
#     bash Scripts/server-payloads/scenario.sh prefect    # http://127.0.0.1:4200/api, /api/openapi.json
#     bash Scripts/server-payloads/scenario.sh zenml      # http://127.0.0.1:8237, /openapi.json
#     bash Scripts/server-payloads/scenario.sh superset   # http://127.0.0.1:8088, /api/v1/_openapi
#     bash Scripts/server-payloads/scenario.sh nautobot   # http://127.0.0.1:8080/api, /api/swagger.json
#
# Phoenix's creates a prompt with metadata whose whole numbers must come back as numbers
# (`2.0`), whose version nests tagged unions (a chat template with text, tool-call and
# tool-result parts, Anthropic's parameters with thinking enabled), and reads it back by its id
# (base64, with `=`) and by its name, pages through the prompts two at a time, asks for the
# annotations of three spans (a repeated query parameter), reads a dataset as CSV and JSON Lines
# text, uploads datasets as a multipart CSV file and as JSON rows (two overloads of one
# operation) and reads their examples back, meets a 404 and a 422 with the server's messages, and deletes the prompt. Prefect's
# sends variables whose values are a union of integers and numbers (a whole number must reach
# the server as a number) and an automation whose compound trigger nests a sequence and whose
# actions include two that differ only by their tag, and a deployment with a schedule of each
# kind (interval, cron, RRule: an untagged union), to a server that refuses any undeclared key,
# reads each back in its own case, filters flow runs by state (`any_`) newest first, and meets a
# 404 and a 422 in Prefect's own error shape. ZenML's logs in with a form body (its description
# declares no security scheme: a middleware sends the token), reads its UTC times without an
# offset by saying so (`.rfc3339(assumingTimeZone:)`), lists runs newest first and two at a time
# up to the page's `total_pages` (a page past it is a 400), filters them by status, reads a step's
# logged metadata (an untagged union of every JSON kind), and makes, renames, recolours and
# deletes a tag. Superset's is generated from its description mended by `superset-overlay.yaml`:
# it logs in with JSON, lists charts by name two at a time (the query is JSON in `q`), filters
# them by kind, reads each chart's owners and dashboards (lists, as mended), a dashboard's charts,
# a database's dashboards with their metadata as JSON text, annotations in UTC, and makes, finds,
# reads and deletes a tag. Nautobot's, generated from its description mended by
# `nautobot-overlay.yaml`, sends its token through the generated middleware, walks its devices
# two at a time by the pages' `next` links, finds two by name (a repeated query parameter), makes,
# changes by a PATCH of one key, reads and deletes a tag, meets a 404 and a 400, connects a cable
# whose status it names by id (a union of a UUID and an integer) and reads the interface's trace
# (each end in the case its `object_type` names) and its peer (the description's own
# discriminated union), deletes the cable, reads a prefix's free addresses, and walks them by an
# `offset` the server ignores, which stops at the second page with an error.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
name="${1:?usage: scenario.sh phoenix|prefect|zenml|superset|nautobot}"
overlay=() fetch=()
case "$name" in
phoenix) module=Phoenix description=http://127.0.0.1:6006/openapi.json ;;
prefect) module=Prefect description=http://127.0.0.1:4200/api/openapi.json ;;
zenml) module=ZenML description=http://127.0.0.1:8237/openapi.json ;;
superset)
    module=Superset description=http://127.0.0.1:8088/api/v1/_openapi
    overlay=(--overlay "$root/Scripts/server-payloads/superset-overlay.yaml")
    token="$(python3 "$root/Scripts/server-payloads/superset-populate.py")"
    fetch=(-H "Authorization: Bearer $token")
    ;;
nautobot)
    module=Nautobot description=http://127.0.0.1:8080/api/swagger.json
    overlay=(--overlay "$root/Scripts/server-payloads/nautobot-overlay.yaml")
    fetch=(-H "Authorization: Token 0123456789abcdef0123456789abcdef01234567")
    ;;
*) echo "no scenario named $name" >&2; exit 2 ;;
esac
work="$(mktemp -d "${TMPDIR:-/tmp}/courier-scenario.XXXXXX")"
trap 'rm -rf "$work"' EXIT

ln -s "$root" "$work/courier"
mkdir -p "$work/client/Sources/${module}Scenario"
curl -sf "${fetch[@]}" "$description" -o "$work/description.json"
(cd "$root" && swift build --product courier >/dev/null && .build/debug/courier generate "$work/description.json" \
    --output "$work/client/Sources/${module}API" "${overlay[@]}")
cp "$root/Scripts/server-payloads/$name-scenario.swift" "$work/client/Sources/${module}Scenario/main.swift"
cp "$root/Scripts/server-payloads/scenario-support.swift" "$work/client/Sources/${module}Scenario/Support.swift"
cat > "$work/client/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "scenario",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: "../courier")],
    targets: [
        .target(name: "${module}API", dependencies: [.product(name: "Courier", package: "courier")]),
        .executableTarget(
            name: "${module}Scenario",
            dependencies: [
                "${module}API", .product(name: "Courier", package: "courier"),
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
"$work/client/.build/debug/${module}Scenario" record "$work/exchanges.har"
echo "Replayed from $(grep -c '"startedDateTime"' "$work/exchanges.har") recorded exchanges, without the network:"
"$work/client/.build/debug/${module}Scenario" replay "$work/exchanges.har"
