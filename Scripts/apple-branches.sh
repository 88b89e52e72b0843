#!/usr/bin/env bash
# Type-checks, on Linux, the code of Courier that only Apple platforms compile: a copy of
# Sources/Courier with its platform conditions turned around (`canImport(FoundationNetworking)`
# and `os(Linux)` false), checked against Linux's Foundation. A mistake in those branches
# (a misspelt name, a wrong type, a missing `await`) then fails here rather than first on a
# user's Mac. The few Apple APIs that Linux's Foundation lacks or declares otherwise are listed
# in `apple_only`, or declared below with Apple's signatures; any other error fails. The branches that need Apple's own modules
# (`canImport(Darwin)`, `canImport(Security)`: a thread's id, the keychain) are not checked.
# Run by .ci/run; skipped where FoundationNetworking does not exist (on Apple platforms, which
# compile those branches themselves).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -s)" != "Linux" ]; then
    echo "apple-branches: not on Linux; the branches compile natively here"
    exit 0
fi

# Errors that only mean that Linux's Foundation differs from Apple's, not that the code is wrong.
apple_only=(
    "'waitsForConnectivity' is a get-only property"
)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R Sources/Courier "$work/Courier"
rm -rf "$work/Courier/Courier.docc"
find "$work/Courier" -name '*.swift' -print0 | xargs -0 sed -i \
    -e 's/canImport(FoundationNetworking)/COURIER_CHECKS_APPLE_BRANCHES_ON_LINUX/g' \
    -e 's/os(Linux)/COURIER_CHECKS_APPLE_BRANCHES_ON_LINUX/g'
# What Apple's Foundation holds, Linux's keeps in FoundationNetworking.
echo '@_exported import FoundationNetworking' > "$work/Courier/FoundationNetworking+Apple.swift"
# What Apple's Foundation declares and Linux's lacks, declared as Apple's SDK does, so that the
# code that uses it is checked against those signatures.
cat > "$work/Courier/AppleOnlyDeclarations.swift" <<'SWIFT'
import Foundation
typealias AutoreleasingUnsafeMutablePointer<Pointee> = UnsafeMutablePointer<Pointee>
typealias CFWriteStream = OutputStream
extension Stream {
    class func getBoundStreams(
        withBufferSize bufferSize: Int, inputStream: AutoreleasingUnsafeMutablePointer<InputStream?>?,
        outputStream: AutoreleasingUnsafeMutablePointer<OutputStream?>?
    ) { fatalError() }
}
func CFWriteStreamSetDispatchQueue(_ stream: CFWriteStream!, _ q: DispatchQueue!) { fatalError() }
SWIFT

files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(find "$work/Courier" -name '*.swift' -print0 | sort -z)
set +e
swiftc -typecheck -module-name Courier -package-name courier -swift-version 6 "${files[@]}" > "$work/log" 2>&1
set -e

errors="$(grep -E '^[^ ].*: error: ' "$work/log" || true)"
unexpected="$errors"
for known in "${apple_only[@]}"; do
    unexpected="$(printf '%s\n' "$unexpected" | grep -vF -- "$known" || true)"
done
unexpected="$(printf '%s\n' "$unexpected" | sed '/^$/d')"
if [ -n "$unexpected" ]; then
    echo "apple-branches: Courier's Apple-only code does not type-check:" >&2
    sed "s|$work/Courier/|Sources/Courier/|g" "$work/log" >&2
    exit 1
fi
known_count="$(printf '%s\n' "$errors" | sed '/^$/d' | wc -l)"
echo "apple-branches: Courier's Apple-only branches type-check ($known_count known difference of Linux's Foundation)"
