# Sourced by the benchmark scripts: NGINX names the nginx binary, installed from Debian's packages
# when missing (needs root, as on the CI machines).
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "Installing nginx-light…" >&2
  apt-get install -y nginx-light >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y nginx-light >/dev/null; }
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

# A free TCP port on loopback.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# start_nginx DIR PORT TYPES: serves DIR/www on 127.0.0.1:PORT with one worker, keeping its
# configuration, logs and pid file in DIR. TYPES maps extensions to media types, as nginx's
# `types` block does (`application/json json;`). Request bodies of any size are accepted.
start_nginx() {
  local work=$1 port=$2 types=$3
  chmod 755 "$work"  # nginx workers run as an unprivileged user
  mkdir -p "$work/www" "$work/logs"
  cat > "$work/nginx.conf" <<CONF
worker_processes 1;
daemon on;
pid $work/nginx.pid;
error_log $work/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_requests 1000000;
  client_body_temp_path $work/logs;
  types { $types }
  server {
    listen 127.0.0.1:$port;
    root $work/www;
    client_max_body_size 0;
  }
}
CONF
  "$NGINX" -c "$work/nginx.conf" -p "$work"
}
