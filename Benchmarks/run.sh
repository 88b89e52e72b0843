#!/usr/bin/env bash
# Starts nginx on a free loopback port serving a small static JSON file, then runs the
# release-mode benchmark (the nested package in Benchmarks/) that compares bare URLSession,
# Courier over URLSession, raw AsyncHTTPClient and Courier over AsyncHTTPClient in one
# interleaved run.
#
#     bash Benchmarks/run.sh [--requests N] [--rounds N] [--concurrency 1,32] [--only NAME]
#
# WRAP="perf record -g" runs the benchmark under a profiler.
#
# nginx is installed from Debian's packages when missing (needs root, as on the CI machines).
set -euo pipefail
cd "$(dirname "$0")/.."

source Benchmarks/nginx.sh

work=$(mktemp -d)
port=$(free_port)
mkdir -p "$work/www"
cat > "$work/www/user.json" <<'JSON'
{"id":1,"name":"Ada Lovelace","email":"ada@example.com","createdAt":"2026-11-21T12:15:00.123Z"}
JSON
start_nginx "$work" "$port" "application/json json;"
trap 'kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; rm -rf "$work"' EXIT

swift build --package-path Benchmarks -c release --product CourierBenchmark >/dev/null
${WRAP:-} "$(swift build --package-path Benchmarks -c release --show-bin-path)/CourierBenchmark" \
  --url "http://127.0.0.1:$port/user.json" "$@"
