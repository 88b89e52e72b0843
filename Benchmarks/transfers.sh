#!/usr/bin/env bash
# Memory and throughput of large transfers: starts nginx on a free loopback port with a 1 GB file
# to download and a location that accepts (and discards) uploads, then runs the release-mode
# TransferBenchmark, which measures each transfer in a process of its own and prints, side by
# side, its throughput and how much it raised peak memory.
#
#     bash Benchmarks/transfers.sh [--size-mb 1024] [--rounds 3] [--only stream]
set -euo pipefail
cd "$(dirname "$0")/.."

source Benchmarks/nginx.sh

size_mb=1024
passed=()
while [ $# -gt 0 ]; do
  case "$1" in
    --size-mb) size_mb=$2; shift 2 ;;
    --rounds|--only) passed+=("$1" "$2"); shift 2 ;;
    *) echo "Unknown argument $1" >&2; exit 2 ;;
  esac
done

work=$(mktemp -d)
port=$(free_port)
mkdir -p "$work/www" "$work/files"
# A real file of random-looking bytes (not sparse), so that reading it costs what a real one does.
head -c $((size_mb * 1024 * 1024)) /dev/urandom > "$work/www/big.bin"
# Each measured process moves this one first, the same way, to warm up.
head -c $((16 * 1024 * 1024)) /dev/urandom > "$work/www/small.bin"
start_nginx "$work" "$port" "application/octet-stream bin;"
# Uploads go to the test server, which reads and hashes every byte before it answers (nginx
# would answer early and let a client stop sending).
upload_port=$(free_port)
# The server exits when its standard input closes: here, when this script ends.
exec 3> >(python3 Tests/Server/server.py --port "$upload_port" >/dev/null 2>&1)
trap 'kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; rm -rf "$work"' EXIT
sleep 1

swift build --package-path Benchmarks -c release --product TransferBenchmark >/dev/null
"$(swift build --package-path Benchmarks -c release --show-bin-path)/TransferBenchmark" \
  --base "http://127.0.0.1:$port" --uploads "http://127.0.0.1:$upload_port" --file "$work/www/big.bin" --small-file "$work/www/small.bin" --scratch "$work/files" "${passed[@]}"
