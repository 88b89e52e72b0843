#!/usr/bin/env bash
# Builds the DocC documentation of Courier and CourierTesting with the toolchain's docc, from
# symbol graphs the compiler emits (no package dependency), with warnings as errors, so that a
# broken symbol link or article reference fails. Then checks that every public symbol has a
# documentation comment. Output: .build/docs/<Module>.doccarchive. Run by .ci/run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
out="$root/.build/docs"
graphs="$out/symbol-graphs"
rm -rf "$graphs"
mkdir -p "$graphs"
# A scratch path of its own: the symbol-graph flags would otherwise rebuild the main build.
# Built afresh each time, since graphs are written only when a module is compiled.
rm -rf "$out/build"
swift build --scratch-path "$out/build" --target CourierTesting \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" | tail -1
for module in Courier CourierTesting; do
    mkdir -p "$graphs/$module"
    mv "$graphs/$module".symbols.json "$graphs/$module"/
    for extension in "$graphs/$module"@*.symbols.json; do
        [ -e "$extension" ] && mv "$extension" "$graphs/$module"/
    done
    rm -rf "$out/$module.doccarchive"
    docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.courier.$module" \
        --warnings-as-errors --output-path "$out/$module.doccarchive" >/dev/null
    echo "$module: $out/$module.doccarchive"
done
python3 Scripts/documentation-coverage.py "$graphs/Courier" "$graphs/CourierTesting"
