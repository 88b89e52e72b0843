#!/usr/bin/env bash
# Compares the public API of Courier and CourierTesting with the release the checkout is on
# (`swift package diagnose-api-breaking-changes`): a change that breaks it fails, so that it is
# a decision (a new version, its CHANGELOG entry), not an accident. Run by .ci/run.
#
# The release is the commit that set `CourierInfo.version` to its current value: a breaking
# change bumps the version in the same commit, which becomes the new baseline. A release tag
# for that version, where the clone has one, is used instead (it may sit on a later commit
# that only amended the release). The history decides, so a clone without tags checks too.
set -euo pipefail
cd "$(dirname "$0")/.."
info=Sources/Courier/Support/CourierInfo.swift
version="$(sed -n 's/.*package static let version = "\(.*\)".*/\1/p' "$info")"
if [ -z "$version" ]; then
    echo "api-breakage: no 'package static let version' in $info" >&2
    exit 1
fi
baseline=""
for tag in "$version" "v$version"; do
    if git rev-parse -q --verify "refs/tags/$tag^{commit}" >/dev/null; then
        baseline="$tag"
        break
    fi
done
if [ -z "$baseline" ]; then
    baseline="$(git log -1 --format=%H -G"package static let version = \"$version\"" -- "$info")"
fi
if [ -z "$baseline" ]; then
    echo "api-breakage: no commit in this clone's history sets version $version" >&2
    echo "(a shallow clone? fetch the history, e.g. git fetch --unshallow)" >&2
    exit 1
fi
echo "Comparing the public API with release $version ($baseline)."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
swift package diagnose-api-breaking-changes "$baseline" --products Courier CourierTesting >"$log" 2>&1 || status=$?
grep -v '^\[[0-9]*/[0-9]*\]' "$log" || true
exit "$status"
