#!/usr/bin/env bash
# Memory and throughput of large transfers: starts nginx on a free loopback port with a 1 GB file
# to download and a location that accepts (and discards) uploads, then runs the release-mode
# TransferBenchmark, which measures each transfer in a process of its own and prints, side by
# side, its throughput and how much it raised peak memory.
#
#     bash Benchmarks/transfers.sh [--size-mb 1024]
set -euo pipefail
cd "$(dirname "$0")/.."

source Benchmarks/nginx.sh

size_mb=1024
if [ "${1:-}" = "--size-mb" ]; then size_mb=$2; fi

work=$(mktemp -d)
chmod 755 "$work"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$work/www" "$work/logs" "$work/files"
# A real file of random-looking bytes (not sparse), so that reading it costs what a real one does.
head -c $((size_mb * 1024 * 1024)) /dev/urandom > "$work/www/big.bin"
cat > "$work/nginx.conf" <<CONF
worker_processes 1;
daemon on;
pid $work/nginx.pid;
error_log $work/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/logs;
  types { application/octet-stream bin; }
  server {
    listen 127.0.0.1:$port;
    root $work/www;
    client_max_body_size 0;
    location = /upload { return 200 '{"ok":true}'; }
  }
}
CONF
"$NGINX" -c "$work/nginx.conf" -p "$work"
trap 'kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; rm -rf "$work"' EXIT

swift build --package-path Benchmarks -c release --product TransferBenchmark >/dev/null
"$(swift build --package-path Benchmarks -c release --show-bin-path)/TransferBenchmark" \
  --base "http://127.0.0.1:$port" --file "$work/www/big.bin" --scratch "$work/files"
