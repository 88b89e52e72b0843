#!/usr/bin/env bash
# Compares the public API of Courier and CourierTesting with the last release tag's
# (`swift package diagnose-api-breaking-changes`): a change that breaks it fails, so that it is
# a decision (a new version, its CHANGELOG entry and tag), not an accident. Run by .ci/run;
# skipped, saying so, in a clone without tags.
set -euo pipefail
cd "$(dirname "$0")/.."
tag="$(git describe --tags --abbrev=0 --match '[0-9]*.[0-9]*.[0-9]*' 2>/dev/null || true)"
if [ -z "$tag" ]; then
    echo "No release tag in this clone: no API to compare with."
    exit 0
fi
echo "Comparing the public API with release $tag."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
swift package diagnose-api-breaking-changes "$tag" --products Courier CourierTesting >"$log" 2>&1 || status=$?
grep -v '^\[[0-9]*/[0-9]*\]' "$log" || true
exit "$status"
