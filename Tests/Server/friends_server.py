#!/usr/bin/env python3
"""The Friends API's three servers (auth, API, analytics), in memory, Python 3 standard library only.

    python3 friends_server.py [--token-ttl SECONDS]

Binds three free ports on 127.0.0.1 and prints one line:
    PORTS auth=<port> api=<port> analytics=<port>
then serves until its standard input closes (so it never outlives the process that started it).
Seeded users (password is the lower-case first name): 1 Ada Lovelace, 2 Alan Turing, 3 Grace
Hopper, 4 Edsger Dijkstra, 5 Barbara Liskov, 6 Donald Knuth. Ada's friends: 2, 3, 4.

Errors follow the spec: the auth server answers {"error", "error_description"}, the API server
{"message", "code", "details"}. Test hooks: POST /__expire on the API server invalidates every
access token; GET /__stats on any server returns counters; /slow?seconds=S on the API server
answers the current user after S seconds. With gate=ID, /slow and any API route (`delay=S`
otherwise) hold their answer until GET /__release?id=ID (at most 30 s; GET /__held?id=ID says
whether it is held now), as the test server's gates do (streaming.hold).
"""
import argparse
import json
import os
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from streaming import HELD, PROGRESS_LOCK, gate, hold

LOCK = threading.Lock()
NAMES = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth"]
USERS = {
    i + 1: {
        "id": i + 1,
        "name": name,
        "email": name.split()[0].lower() + "@example.com",
        "avatar_url": f"https://avatars.example.com/{i + 1}.png",
        "created_at": f"2026-0{i + 1}-15T09:30:00.{i}25Z",
    }
    for i, name in enumerate(NAMES)
}
# Knuth keeps his address to himself.
USERS[6]["email"] = None
PASSWORDS = {u["email"] or "donald@example.com": (uid, u["name"].split()[0].lower()) for uid, u in USERS.items()}
FRIENDS = {1: [2, 3, 4], 2: [1], 3: [1, 5], 4: [1], 5: [3], 6: []}
GROUPS = {uid: [] for uid in USERS}
ACCESS = {}   # token -> (user id, expiry)
REFRESH = {}  # token -> user id
STATS = {"logins": 0, "refreshes": 0, "api_calls": 0, "unauthorized": 0, "events": 0, "slow_calls": 0}
TOKEN_TTL = 300


def issue_tokens(user_id):
    access, refresh = "at-" + uuid.uuid4().hex, "rt-" + uuid.uuid4().hex
    ACCESS[access] = (user_id, time.time() + TOKEN_TTL)
    REFRESH[refresh] = user_id
    return {"access_token": access, "refresh_token": refresh, "expires_in": TOKEN_TTL, "token_type": "Bearer"}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "FriendsServer/1.0"
    role = "api"

    def log_message(self, *args):
        pass

    def send_json(self, status, value=None, headers=()):
        body = b"" if value is None else json.dumps(value).encode()
        self.send_response(status)
        if value is not None:
            self.send_header("Content-Type", "application/json")
        for name, header in headers:
            self.send_header(name, header)
        if status != 204:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body and status != 204:
            self.wfile.write(body)

    def read_json(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            return json.loads(raw or b"{}")
        except ValueError:
            return None

    def handle_any(self):
        parts = urlsplit(self.path)
        self.route = parts.path
        self.query = parse_qs(parts.query)
        self.body = self.read_json()
        if self.route == "/__stats":
            with LOCK:
                return self.send_json(200, dict(STATS))
        if self.route == "/__release":
            gate(self.query.get("id", [""])[0]).set()
            return self.send_json(200, {})
        if self.route == "/__held":
            with PROGRESS_LOCK:
                return self.send_json(200, {"held": self.query.get("id", [""])[0] in HELD})
        getattr(self, "handle_" + self.role)()

    do_GET = do_POST = do_PUT = do_DELETE = handle_any

    # Auth server

    def oauth_error(self, status, error, description):
        self.send_json(status, {"error": error, "error_description": description})

    def handle_auth(self):
        body = self.body
        if self.command != "POST" or not isinstance(body, dict):
            return self.oauth_error(400, "invalid_request", "Expected a JSON body.")
        if self.route == "/auth/login":
            with LOCK:
                STATS["logins"] += 1
                account = PASSWORDS.get(str(body.get("email", "")).lower())
                if not account or account[1] != body.get("password"):
                    return self.oauth_error(401, "invalid_grant", "The email or password is incorrect.")
                return self.send_json(200, issue_tokens(account[0]))
        if self.route == "/auth/refresh":
            time.sleep(0.1)
            with LOCK:
                STATS["refreshes"] += 1
                user_id = REFRESH.pop(str(body.get("refresh_token", "")), None)
                if user_id is None:
                    return self.oauth_error(401, "invalid_grant", "The refresh token is invalid or expired.")
                return self.send_json(200, issue_tokens(user_id))
        if self.route == "/auth/logout":
            with LOCK:
                REFRESH.pop(str(body.get("refresh_token", "")), None)
            return self.send_json(204)
        return self.oauth_error(404, "not_found", f"No route for {self.route}.")

    # API server

    def api_error(self, status, message, code, details=None):
        value = {"message": message, "code": code}
        if details is not None:
            value["details"] = details
        self.send_json(status, value)

    def handle_api(self):
        if self.route == "/__expire" and self.command == "POST":
            with LOCK:
                ACCESS.clear()
            return self.send_json(204)
        header = self.headers.get("Authorization") or ""
        with LOCK:
            STATS["api_calls"] += 1
            entry = ACCESS.get(header[7:]) if header.startswith("Bearer ") else None
            if entry is None or entry[1] < time.time():
                STATS["unauthorized"] += 1
                entry = None
        if entry is None:
            return self.api_error(401, "Your session has expired. Please log in again.", "unauthorized")
        me = entry[0]
        route, method = self.route, self.command
        if not route.startswith("/v1/"):
            return self.api_error(404, f"No route for {route}.", "not_found")
        segments = route[len("/v1/"):].split("/")
        with LOCK:
            if segments == ["slow"]:
                STATS["slow_calls"] += 1
        if "gate" in self.query:
            # Test hook: /slow and any API route wait for their gate to be released.
            if hold(self.connection, self.query["gate"][0]):
                self.close_connection = True
                return None
            if segments == ["slow"]:
                return self.send_json(200, USERS[me])
        elif segments == ["slow"]:
            time.sleep(float(self.query.get("seconds", ["2"])[0]))
            return self.send_json(200, USERS[me])
        elif "delay" in self.query:
            # Test hook: any API route answers after `delay` seconds.
            time.sleep(float(self.query["delay"][0]))
        with LOCK:
            return self.api_route(me, segments, method)

    def api_route(self, me, segments, method):
        body = self.body if isinstance(self.body, dict) else {}
        if segments == ["me"] and method == "GET":
            headers = [("X-Request-ID", self.headers["X-Request-ID"])] if self.headers.get("X-Request-ID") else []
            return self.send_json(200, USERS[me], headers)
        if len(segments) == 2 and segments[0] == "users" and method == "GET":
            user = USERS.get(int(segments[1])) if segments[1].isdigit() else None
            if not user:
                return self.api_error(404, f"There is no user {segments[1]}.", "user_not_found", {"id": segments[1]})
            return self.send_json(200, user)
        if len(segments) == 3 and segments[0] == "users" and segments[2] == "friends" and method == "GET":
            user_id = int(segments[1]) if segments[1].isdigit() else -1
            if user_id not in USERS:
                return self.api_error(404, f"There is no user {segments[1]}.", "user_not_found")
            page = max(1, int(self.query.get("page", ["1"])[0]))
            per_page = min(100, max(1, int(self.query.get("per_page", ["20"])[0])))
            friends = FRIENDS[user_id]
            chunk = friends[(page - 1) * per_page: page * per_page]
            headers = [("X-Next-Page", str(page + 1))] if page * per_page < len(friends) else []
            return self.send_json(200, [USERS[f] for f in chunk], headers)
        if segments == ["me", "friends"] and method == "POST":
            user_id = body.get("user_id")
            if user_id not in USERS or user_id == me:
                return self.api_error(404, f"There is no user {user_id}.", "user_not_found")
            if user_id in FRIENDS[me]:
                return self.api_error(409, f"You are already friends with {USERS[user_id]['name']}.", "already_friends")
            FRIENDS[me].append(user_id)
            FRIENDS[user_id].append(me)
            return self.send_json(201, USERS[user_id])
        if len(segments) == 3 and segments[:2] == ["me", "friends"] and method == "DELETE":
            user_id = int(segments[2]) if segments[2].isdigit() else -1
            if user_id not in FRIENDS[me]:
                return self.api_error(404, f"User {segments[2]} is not your friend.", "not_a_friend")
            FRIENDS[me].remove(user_id)
            FRIENDS[user_id].remove(me)
            return self.send_json(204)
        if segments == ["me", "groups"] and method == "GET":
            return self.send_json(200, GROUPS[me])
        if segments == ["me", "groups"] and method == "POST":
            name = str(body.get("name", "")).strip()
            if not name:
                return self.api_error(422, "A group needs a name.", "invalid_group", {"field": "name"})
            group = {"id": str(uuid.uuid4()), "name": name, "member_ids": []}
            if body.get("color"):
                group["color"] = body["color"]
            GROUPS[me].append(group)
            return self.send_json(201, group)
        if len(segments) == 4 and segments[:2] == ["me", "groups"] and segments[3] == "members" and method == "PUT":
            group = next((g for g in GROUPS[me] if g["id"] == segments[2]), None)
            if group is None:
                return self.api_error(404, "There is no such group.", "group_not_found")
            ids = body.get("user_ids") or []
            strangers = [i for i in ids if i not in FRIENDS[me]]
            if strangers:
                return self.api_error(422, "Only friends can be put in a group.", "not_friends", {"user_ids": strangers})
            group["member_ids"] = ids
            return self.send_json(200, group)
        if segments == ["me", "status"] and method == "POST":
            text = str(body.get("text", ""))
            if len(text) > 140:
                # A "successful error": the status is 200, the body reports the failure.
                return self.send_json(200, {"error": {"message": "A status can be at most 140 characters.", "code": "too_long"}})
            return self.send_json(200, {"id": int(time.time() * 1000) % 100000, "text": text, "posted_at": "2026-11-21T12:00:00Z"})
        return self.api_error(404, f"No route for {method} /v1/{'/'.join(segments)}.", "not_found")

    # Analytics server

    def handle_analytics(self):
        if self.route != "/events" or self.command != "POST" or not isinstance(self.body, dict):
            return self.send_json(400, {"message": "Expected POST /events with a JSON body.", "code": "bad_request"})
        events = self.body.get("events")
        if not isinstance(events, list):
            return self.send_json(400, {"message": "`events` must be a list.", "code": "bad_request"})
        with LOCK:
            STATS["events"] += len(events)
        return self.send_json(202)


class QuietServer(ThreadingHTTPServer):
    """Says nothing when a client goes away mid-response (the demos and tests cancel requests),
    so real failures stand out."""

    daemon_threads = True
    request_queue_size = 256

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def serve(role):
    handler = type(role.title() + "Handler", (Handler,), {"role": role})
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


def main():
    global TOKEN_TTL
    parser = argparse.ArgumentParser()
    parser.add_argument("--token-ttl", type=int, default=300)
    TOKEN_TTL = parser.parse_args().token_ttl
    ports = {role: serve(role) for role in ("auth", "api", "analytics")}
    print("PORTS " + " ".join(f"{role}={port}" for role, port in ports.items()), flush=True)
    try:
        while sys.stdin.buffer.read(1):
            pass
    finally:
        os._exit(0)


if __name__ == "__main__":
    main()
