#!/usr/bin/env bash
# Fuzzes Courier's parsers of untrusted text with libFuzzer and AddressSanitizer:
#
#     bash Scripts/fuzz.sh json [seconds]        # the JSON decoder, against Foundation's
#     bash Scripts/fuzz.sh events [seconds]      # the server-sent event parser, against the standard
#     bash Scripts/fuzz.sh documents [seconds]   # the generator's YAML and JSON readers
#     bash Scripts/fuzz.sh generator [seconds]   # the whole generator, on mutated descriptions
#
# Seeds come from the conformance suites in Tests/ and the descriptions in Specs/ (the JSON
# ones minified). Inputs that crash, disagree or hang are written to the work folder the script
# prints. Compiled in the Swift 6 language mode, as the package is. Needs the Swift toolchain
# on Linux; not run by CI.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="${1:?json, events, documents or generator}"
seconds="${2:-300}"
work="$(mktemp -d "${TMPDIR:-/tmp}/courier-fuzz-$target.XXXXXX")"
mkdir -p "$work/corpus"
flags=(-swift-version 6 -parse-as-library -O -sanitize=fuzzer,address -enable-upcoming-feature InternalImportsByDefault)
runtime=$(find "$root/Sources/Courier" -name '*.swift')
generator=$(find "$root/Sources/CourierGenerator" -name '*.swift')
conformance="$root/Tests/CourierGeneratorTests/Conformance"
case "$target" in
  json)
    cp "$conformance"/JSONTestSuite/test_parsing/*.json "$work/corpus/"
    # shellcheck disable=SC2086
    swiftc "${flags[@]}" -module-name Courier -package-name courier $runtime \
      "$root/Scripts/Fuzz/JSONDecoderFuzz.swift" -o "$work/fuzz"
    max_len=400  # deeper nesting overflows Foundation's recursive scanner under AddressSanitizer
    ;;
  events)
    printf '\005data: a\nid: 1\n\nretry: 10\n\n: c\r\nevent: x\rdata: b\r\n\r\n' > "$work/corpus/fields"
    printf '\003\357\273\277data: \360\237\246\206\ndata\n\n' > "$work/corpus/utf8"
    # The tests' reference algorithm, compiled into the module it imports in the tests.
    grep -v '^@testable import Courier' "$root/Tests/CourierTests/Streaming/ServerSentEventReference.swift" \
      > "$work/ServerSentEventReference.swift"
    # shellcheck disable=SC2086
    swiftc "${flags[@]}" -module-name Courier -package-name courier $runtime "$work/ServerSentEventReference.swift" \
      "$root/Scripts/Fuzz/ServerSentEventsFuzz.swift" -o "$work/fuzz"
    max_len=256
    ;;
  generator)
    cp "$root"/Specs/*.yaml "$work/corpus/"
    # The JSON descriptions minified, so that all but Stripe's fit in max_len whole.
    python3 - "$root/Specs" "$work/corpus" <<'PY'
import json, os, sys
for name in sorted(os.listdir(sys.argv[1])):
    if name.endswith(".json"):
        with open(os.path.join(sys.argv[1], name)) as f:
            text = json.dumps(json.load(f), separators=(",", ":"))
        if len(text) <= 65536:
            with open(os.path.join(sys.argv[2], name), "w") as f:
                f.write(text)
PY
    # shellcheck disable=SC2086
    swiftc "${flags[@]}" -module-name CourierGenerator -package-name courier $generator \
      "$root/Scripts/Fuzz/GeneratorFuzz.swift" -o "$work/fuzz"
    max_len=65536
    ;;
  documents)
    index=0
    while IFS= read -r file; do
      index=$((index + 1))
      cp "$file" "$work/corpus/$index"
    done < <(find "$conformance/yaml-test-suite" -name 'in.yaml' -o -name 'in.json')
    cp "$root"/Specs/*.yaml "$work/corpus/"
    swiftc "${flags[@]}" -module-name CourierGenerator -package-name courier \
      "$root"/Sources/CourierGenerator/Read/*.swift "$root/Sources/CourierGenerator/Model/QuotedText.swift" \
      "$root/Scripts/Fuzz/DocumentReaderFuzz.swift" -o "$work/fuzz"
    max_len=4096
    ;;
  *) echo "usage: bash Scripts/fuzz.sh json|events|documents|generator [seconds]" >&2; exit 2 ;;
esac
echo "fuzzing $target for $seconds s in $work"
cd "$work"
# detect_leaks=0 for AddressSanitizer too: at exit it reports Swift's lazily made globals, which
# libFuzzer would take for a crash of the empty input after a clean run.
ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no ./fuzz corpus -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
  -rss_limit_mb=4096 -detect_leaks=0 -print_final_stats=1  # leaks: lazily made globals, never freed
