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
chmod 755 "$work"  # nginx workers run as an unprivileged user
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$work/www" "$work/logs"
cat > "$work/www/user.json" <<'JSON'
{"id":1,"name":"Ada Lovelace","email":"ada@example.com","createdAt":"2026-11-21T12:15:00.123Z"}
JSON
cat > "$work/nginx.conf" <<CONF
worker_processes 1;
daemon on;
pid $work/nginx.pid;
error_log $work/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_requests 1000000;
  types { application/json json; }
  server {
    listen 127.0.0.1:$port;
    root $work/www;
  }
}
CONF
"$NGINX" -c "$work/nginx.conf" -p "$work"
trap 'kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; rm -rf "$work"' EXIT

swift build --package-path Benchmarks -c release --product CourierBenchmark >/dev/null
${WRAP:-} "$(swift build --package-path Benchmarks -c release --show-bin-path)/CourierBenchmark" \
  --url "http://127.0.0.1:$port/user.json" "$@"
