#!/usr/bin/env bash
# Fuzzes Courier's parsers of untrusted text with libFuzzer and AddressSanitizer:
#
#     bash Scripts/fuzz.sh json [seconds]        # the JSON decoder, against Foundation's
#     bash Scripts/fuzz.sh documents [seconds]   # the generator's YAML and JSON readers
#
# Seeds come from the conformance suites in Tests/. Inputs that crash, disagree or hang are
# written to the work folder the script prints. Needs the Swift toolchain on Linux; not run by CI.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="${1:?json or documents}"
seconds="${2:-300}"
work="$(mktemp -d "${TMPDIR:-/tmp}/courier-fuzz-$target.XXXXXX")"
mkdir -p "$work/corpus"
flags=(-parse-as-library -O -sanitize=fuzzer,address -enable-upcoming-feature InternalImportsByDefault)
conformance="$root/Tests/CourierGeneratorTests/Conformance"
case "$target" in
  json)
    cp "$conformance"/JSONTestSuite/test_parsing/*.json "$work/corpus/"
    swiftc "${flags[@]}" -module-name Courier -package-name courier \
      $(find "$root/Sources/Courier" -name '*.swift') "$root/Scripts/Fuzz/JSONDecoderFuzz.swift" -o "$work/fuzz"
    max_len=400  # deeper nesting overflows Foundation's recursive scanner under AddressSanitizer
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
  *) echo "usage: bash Scripts/fuzz.sh json|documents [seconds]" >&2; exit 2 ;;
esac
echo "fuzzing $target for $seconds s in $work"
cd "$work"
SWIFT_BACKTRACE=enable=no ./fuzz corpus -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
  -rss_limit_mb=4096 -print_final_stats=1
