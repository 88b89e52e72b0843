# Sourced by the benchmark scripts: NGINX names the nginx binary, installed from Debian's packages
# when missing (needs root, as on the CI machines).
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "Installing nginx-light…" >&2
  apt-get install -y nginx-light >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y nginx-light >/dev/null; }
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
