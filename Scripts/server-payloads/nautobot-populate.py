#!/usr/bin/env python3
"""Connects cables in a local Nautobot server, for `Scripts/server-payloads.py`: Nautobot's own
test data (`nautobot-server generate_test_data`: locations, racks, devices and their ports,
prefixes and addresses, circuits, jobs and their results, dynamic groups…) has no cable, so no
trace or cable path has anything in it. This adds cables between interfaces of different
devices, from a front port to an interface and from a console port to a console server port.
Running it again adds none (it stops when its first cable is there).

    python3 -m venv /tmp/nb-venv && /tmp/nb-venv/bin/pip install nautobot==3.2.7 factory-boy
    apt-get install -y postgresql redis-server && pg_ctlcluster 15 main start && redis-server --daemonize yes
    su postgres -c "psql -c \\"CREATE USER nautobot WITH PASSWORD 'nautobot' SUPERUSER\\" \\
        -c 'CREATE DATABASE nautobot OWNER nautobot'"
    export NAUTOBOT_ROOT=/tmp/nb-home NAUTOBOT_DB_USER=nautobot NAUTOBOT_DB_PASSWORD=nautobot \\
        NAUTOBOT_INSTALLATION_METRICS_ENABLED=False NAUTOBOT_ALLOWED_HOSTS='*'
    nautobot-server init && nautobot-server post_upgrade
    nautobot-server generate_test_data --seed courier --flush --no-input
    echo 'from nautobot.users.models import User, Token
    u = User.objects.create_superuser("admin", password="admin")
    Token.objects.create(user=u, key="0123456789abcdef0123456789abcdef01234567")' | nautobot-server nbshell
    nautobot-server runserver 127.0.0.1:8080 --noreload --insecure &
    python3 Scripts/server-payloads/nautobot-populate.py 0123456789abcdef0123456789abcdef01234567
    curl -s -H 'Authorization: Token 0123…' http://127.0.0.1:8080/api/swagger.json -o /tmp/nautobot.json
    python3 Scripts/server-payloads.py --base http://127.0.0.1:8080/api --description /tmp/nautobot.json \\
        --header 'Authorization: Token 0123…' --overlay Scripts/server-payloads/nautobot-overlay.yaml
    bash Scripts/server-payloads/scenario.sh nautobot

Nautobot 3.2.7's description (drf-spectacular's) differs from what its server answers: IP
addresses as base64 bytes, `computed_fields` as always sent, `notes_url` as never `null`, counts
where the server leaves them out (a new tag's `tagged_items`), and sixteen operations (cable
traces, a port's paths, a location's stats, a job's variables, a job result's logs, a prefix's
free addresses, a group's members) as answering something else.
Courier refuses each with a decoding error that names the key; `nautobot-overlay.yaml`, an
OpenAPI Overlay, mends them.
"""
import sys

from api_calls import call

BASE = "http://127.0.0.1:8080/api"


def main():
    headers = {"Authorization": f"Token {sys.argv[1]}", "Accept": "application/json"}

    def get(path):
        return (call(BASE, "GET", path, headers=headers) or {}).get("results", [])

    def connect(kind_a, a, kind_b, b, label):
        answer = call(BASE, "POST", "/dcim/cables/", {
            "termination_a_type": kind_a, "termination_a_id": a, "termination_b_type": kind_b,
            "termination_b_id": b, "status": status, "label": label}, headers=headers)
        print("cable", label, "connected" if answer else "refused")

    statuses = get("/extras/statuses/?content_types=dcim.cable&limit=1")
    if not statuses:
        sys.exit("No status applies to cables: run `nautobot-server generate_test_data` first.")
    status = statuses[0]["id"]
    if get("/dcim/cables/?label=courier-0"):
        print("cables already connected")
        return
    free = {}  # device id -> its interfaces without a cable
    for interface in get("/dcim/interfaces/?limit=400&depth=0"):
        if interface.get("device") and not interface.get("cable"):
            free.setdefault(interface["device"]["id"], []).append(interface["id"])
    devices = [device for device, interfaces in free.items() if len(interfaces) >= 2]
    for index in range(min(3, len(devices) - 1)):
        connect("dcim.interface", free[devices[index]].pop(), "dcim.interface", free[devices[index + 1]].pop(),
                f"courier-{index}")
    front_ports = [port for port in get("/dcim/front-ports/?limit=50&depth=0") if not port.get("cable")]
    if front_ports and devices and free[devices[-1]]:
        connect("dcim.frontport", front_ports[0]["id"], "dcim.interface", free[devices[-1]].pop(), "courier-front")
    console_ports = [port for port in get("/dcim/console-ports/?limit=50&depth=0") if not port.get("cable")]
    server_ports = [port for port in get("/dcim/console-server-ports/?limit=50&depth=0") if not port.get("cable")]
    if console_ports and server_ports:
        connect("dcim.consoleport", console_ports[0]["id"], "dcim.consoleserverport", server_ports[0]["id"],
                "courier-console")


if __name__ == "__main__":
    main()
