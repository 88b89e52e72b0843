#!/usr/bin/env python3
"""Courier's loopback test server (Python 3 standard library only).

Started by the Swift test suite: `python3 server.py --port 0` binds a free port on 127.0.0.1,
prints `PORT <n>` on standard output, and exits when its standard input closes (so it never
outlives the test process).

Routes (every method unless noted):
  /echo[/...]                      JSON: method, path, query, headers, body (text), bodyBase64, and
                                   clientPort (the connection's port on the client's side)
  /status/<code>?format=F          that status; F = json {"message","code"} | oauth
                                   {"error","error_description"} | problem (RFC 9457) | marshmallow,
                                   rails, drf (validation errors by field, as each writes them) | html |
                                   text (one line) | string (a JSON string) | trace (a stack
                                   trace as text) | empty | envelope {"error": {...}};
                                   &challenge=C adds the header WWW-Authenticate: C
  /basic-auth                      200 {"token": "basic"} with the Basic credentials ada:secret,
                                   else 401 with WWW-Authenticate: Basic realm="api"
  /successful-error                200 with {"error": {"message", "code"}}
  /user, /users                    a sample user / list of users as JSON
  /version                         a JSON string, with escapes: "1.2.3 \"beta\" \u00e9"
  /slow?seconds=S                  answers after S seconds; with gate=ID, once /stream/release?id=ID
                                   is called (at most 30 s), noting whether the client closed the
                                   connection first (/stream/progress?id=ID&closed=1 tells)
  /large?bytes=N                   N bytes of JSON (one long string value)
  /pages/STYLE/NS?total=T&...      a paged list of T items {"id": "item_<i>", "n": i}, each style as
                                   an API pages it: link (GitHub: page, per_page, Link header),
                                   cursor (Stripe: limit, starting_after; data, has_more), next
                                   (Spotify: offset, limit; items, next URL, or a path with
                                   relative=1), number (page, size; items), offset (offset, limit;
                                   items, total_count), links (JSON:API and Laravel: offset,
                                   limit; data, links.next URL), slack (cursor, limit; members,
                                   response_metadata.next_cursor, "" on the last page); fail=N
                                   makes page N a 500, stuck=1 answers the first page every time
                                   (see pages())
  POST /notes                      201 {"id": 7, "text"} for a body {"text"}; 400 when the body
                                   sends the id, which is read-only
  POST /v1/customers                a customer made from the form body as Stripe reads one: nested
                                   names in brackets (metadata[key]=v, expand[]=x); a hash sent as
                                   one value (metadata={...}) is Stripe's 400 "Invalid hash"
  GET /v1/customers?limit=L&starting_after=ID
                                   Stripe's customer list, as Stripe pages it (data, has_more, url;
                                   limit, default 10; starting_after), over 7 customers made from
                                   Stripe's own fixture (Tests/GeneratedClientTests/Payloads), with
                                   ids cus_0 to cus_6 and emails; `email=E` filters as Stripe does
  /parcels, /parcels/ID            the parcel service of Scripts/fastapi_service.py as FastAPI
                                   answers (the recorded payloads in
                                   Tests/GeneratedClientTests/Payloads/parcels.json): POST a parcel
                                   (201 with defaults filled in, or FastAPI's 422 for a missing
                                   field or a negative weight), GET one (404 Problem for the nil
                                   UUID, 422 for an id that is no UUID), GET the page (422 for an
                                   unknown status), POST /parcels/ID/photos (multipart: the receipt
                                   of the parts photo, thumbnail, extras and caption); any other
                                   path below is FastAPI's 404 {"detail": "Not Found"}
  /reports/ID                      a report as JSON {"id", "title", "pages"} or as PDF bytes, as
                                   the request's Accept prefers (q-values, type/*, */*: RFC 9110
                                   §12.5.1); 406 when it takes neither. ID "missing" is a 404
                                   application/problem+json, or 406 when Accept does not take it
  /reports/ID/summary              the report's summary as text/plain, negotiated the same way
  /gzip?users=N                    a JSON list of N users, gzip-compressed (Content-Encoding:
                                   gzip) when the request's Accept-Encoding allows gzip; the
                                   header X-Compressed says which
  /stall?seconds=S                 sends the head and half of a 64-byte body, then waits S seconds
                                   before the rest (a stalled body); gate=ID as for /slow
  /malformed                       200, application/json, broken JSON
  /truncated                       declares Content-Length 1000, sends 100 bytes, closes
  /html                            200 text/html page
  /wrong-type                      200 text/plain body that is not JSON
  /no-content                      204
  /empty-json                      200, application/json, no body
  /redirect?status=S&to=URL        redirect with status S (default 302) to URL
  /loop                            302 to itself, forever
  /cookie/set                      200 with Set-Cookie: session=abc
  /text?charset=C                  text body in charset C
  /__hits?path=P                   how many requests reached path P (query ignored)
  /stream/...                      streaming bodies, uploads and multipart: see streaming.py

Resilience routes, each in its own namespace NS so concurrent tests never share state:
  POST /auth/NS/refresh?delay=S    body {"refresh_token": "good" | "bad"}: issues a new access
                                   token after S seconds (default 0.2), or 401 for "bad"; counts calls
  GET  /auth/NS/protected[/...]    200 with the token when `Authorization: Bearer <valid>`,
                                   else 401 {"error": "invalid_token"}; counts both
  POST /auth/NS/expire             invalidates every access token of NS
  GET  /auth/NS/stats              {"refreshes", "successes", "unauthorized"}
  ANY  /flaky/NS?failures=N&status=S   answers S (default 503) N times, then 200 {"attempt": n}
  GET  /coalesce/NS?delay=S        answers after S seconds (gate=ID as for /slow); /coalesce/NS/stats
                                   counts calls
"""
import argparse
import base64
import gzip
import json
import os
import re
import sys
import threading
import uuid
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, parse_qsl, urlsplit

from streaming import StreamingRoutes, hold, multipart_parts

STRIPE_FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "GeneratedClientTests", "Payloads",
                               "stripe-fixtures3-2022-04.json")

PARCELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "GeneratedClientTests", "Payloads",
                       "parcels.json")
# What the parcel service (Scripts/fastapi_service.py) requires of a parcel, fills in and accepts.
PARCEL_REQUIRED = ["id", "status", "sender", "recipient", "weightGrams", "payment", "createdAt"]
PARCEL_DEFAULTS = {"priority": 2, "dimensions": None, "declaredValue": None, "events": [], "labels": [],
                   "reference": None, "deliveryWindow": None, "metadata": {}}
PARCEL_STATUSES = ["created", "in-transit", "out_for_delivery", "delivered", "returned", "LOST"]

HITS = {}
HITS_LOCK = threading.Lock()

# Resilience state, per namespace, guarded by STATE_LOCK.
STATE_LOCK = threading.Lock()
AUTH = {}      # ns -> {"valid": set, "next": int, "refreshes": int, "successes": int, "unauthorized": int}
FLAKY = {}     # ns -> attempts so far
COALESCE = {}  # ns -> calls


def auth_state(ns):
    return AUTH.setdefault(ns, {"valid": set(), "next": 0, "refreshes": 0, "successes": 0, "unauthorized": 0})

USER = {
    "id": 1,
    "name": "Ada Lovelace",
    "email": "ada@example.com",
    "createdAt": "2026-11-21T12:15:00.123Z",
}

ERROR_BODIES = {
    "json": lambda code: {"message": f"Request failed with {code}", "code": f"E{code}"},
    "oauth": lambda code: {"error": "invalid_grant", "error_description": "The refresh token has expired."},
    "problem": lambda code: {"type": "about:blank", "title": "Out of credit", "detail": "Your balance is 30."},
    "envelope": lambda code: {"error": {"message": "Quota exceeded", "code": "quota"}},
    # Validation errors by field: flask-smorest's (marshmallow's, by where the field was sent),
    # Rails' and Django REST framework's.
    "marshmallow": lambda code: {"code": code, "status": "Unprocessable Entity",
                                 "errors": {"json": {"reporter": {"name": ["Missing data for required field."]},
                                                     "title": ["Shorter than minimum length 1."]}}},
    "rails": lambda code: {"errors": {"email": ["can't be blank", "is invalid"]}},
    "drf": lambda code: {"title": ["This field may not be blank."], "isbn": ["This field is required."]},
}


class Handler(StreamingRoutes, BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "CourierTestServer/1.0"

    def log_message(self, *args):
        pass

    def _route(self):
        parts = urlsplit(self.path)
        self.route_path = parts.path
        self.query = parse_qs(parts.query, keep_blank_values=True)
        self.raw_query = parts.query
        if parts.path.startswith("/stream/"):
            return self.streaming(parts.path)  # reads the body itself, if at all
        length = int(self.headers.get("Content-Length") or 0)
        self.body = self.rfile.read(length) if length else b""
        with HITS_LOCK:
            HITS[parts.path] = HITS.get(parts.path, 0) + 1
        path = parts.path
        if path == "/echo" or path.startswith("/echo/"):
            return self.echo()
        if path.startswith("/status/"):
            return self.status(int(path.split("/")[2]))
        if path.startswith("/pages/"):
            return self.pages(path.split("/")[2])
        if path == "/v1/customers" and self.command == "POST":
            return self.stripe_create_customer()
        if path == "/v1/customers":
            return self.stripe_customers()
        if path.startswith("/reports/"):
            return self.report(path.split("/")[2], summary=path.endswith("/summary"))
        if path.startswith("/jobs/"):
            return self.job(path.split("/")[2])
        if path.startswith("/auth/"):
            return self.auth(path.split("/"))
        if path.startswith("/flaky/"):
            return self.flaky(path.split("/")[2])
        if path.startswith("/coalesce/"):
            return self.coalesce(path.split("/"))
        if path == "/parcels" or path.startswith("/parcels/"):
            return self.parcels(path.split("/")[2:])
        if path == "/freight":
            return self.polymorphic_body()
        if path == "/notes" and self.command == "POST":
            return self.create_note()
        handler = {
            "/successful-error": lambda: self.json(200, ERROR_BODIES["envelope"](200)),
            "/user": lambda: self.json(200, USER),
            "/version": lambda: self.json(200, "1.2.3 \"beta\" é"),
            "/users": lambda: self.json(200, [USER, dict(USER, id=2, name="Alan Turing", email=None)]),
            "/slow": self.slow,
            "/large": self.large,
            "/gzip": self.gzip_users,
            "/stall": self.stall,
            "/malformed": lambda: self.send(200, b'{"id": 1, "name": "Ada', "application/json"),
            "/truncated": self.truncated,
            "/html": lambda: self.send(200, b"<html><body>Welcome</body></html>", "text/html; charset=utf-8"),
            "/wrong-type": lambda: self.send(200, b"plain words", "text/plain"),
            "/no-content": lambda: self.send(204, b"", None),
            "/empty-json": lambda: self.send(200, b"", "application/json"),
            "/redirect": self.redirect,
            "/loop": lambda: self.send(302, b"", None, [("Location", "/loop")]),
            "/cookie/set": lambda: self.send(200, b"{}", "application/json", [("Set-Cookie", "session=abc; Path=/")]),
            "/text": self.text,
            "/basic-auth": self.basic_auth,
            "/__hits": lambda: self.json(200, {"hits": HITS.get(self.query.get("path", [""])[0], 0)}),
        }.get(path)
        if handler is None:
            return self.json(404, {"message": f"No route for {path}", "code": "not_found"})
        return handler()

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = do_QUERY = do_PURGE = do_SUBSCRIBE = _route

    def do_HEAD(self):
        self.route_path = urlsplit(self.path).path
        with HITS_LOCK:
            HITS[self.route_path] = HITS.get(self.route_path, 0) + 1
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "42")
        self.end_headers()

    # Responses

    def send(self, status, body, content_type, extra_headers=()):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in extra_headers:
            self.send_header(name, value)
        if status != 204:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body and status != 204:
            self.wfile.write(body)

    def json(self, status, value, extra_headers=()):
        self.send(status, json.dumps(value).encode(), "application/json", extra_headers)

    def create_note(self):
        try:
            note = json.loads(self.body or b"null")
        except ValueError:
            note = None
        if not isinstance(note, dict) or not isinstance(note.get("text"), str):
            return self.json(400, {"message": "A note needs its text", "code": "invalid"})
        if "id" in note:
            return self.json(400, {"message": "id is read-only", "code": "read_only"})
        return self.json(201, {"id": 7, "text": note["text"]})

    def echo(self):
        try:
            text = self.body.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        self.json(200, {
            "method": self.command,
            "path": self.route_path,
            "rawPath": self.path.split("?", 1)[0],
            "rawQuery": self.raw_query,
            "query": {k: v for k, v in self.query.items()},
            # Repeated fields joined as one list (RFC 9110 §5.3), so that none is lost.
            "headers": {k.lower(): ", ".join(self.headers.get_all(k)) for k in dict.fromkeys(self.headers.keys())},
            "body": text,
            "bodyBase64": base64.b64encode(self.body).decode(),
            # The client's port: one per connection, so a test can tell whether calls share one.
            "clientPort": self.client_address[1],
        })

    def polymorphic_body(self):
        """Reads the body as ASP.NET Core's System.Text.Json reads a polymorphic type: `$type`
        counts only as the first member of its object; anywhere else the body is rejected with
        the problem details ASP.NET Core sends. A body it reads is answered as it was sent."""
        def members(pairs):
            if any(name == "$type" for name, _ in pairs[1:]):
                raise ValueError("$type")
            return dict(pairs)
        try:
            value = json.loads(self.body, object_pairs_hook=members)
        except ValueError:
            return self.send(400, json.dumps({
                "type": "https://tools.ietf.org/html/rfc9110#section-15.5.1",
                "title": "One or more validation errors occurred.",
                "status": 400,
                "errors": {"$": [
                    "The metadata property is either not supported by the type or is not the first "
                    "property in the deserialized JSON object. Path: $.$type"
                ]},
            }).encode(), "application/problem+json")
        return self.json(200, value)

    def job(self, outcome):
        """A job whose outcome decides the status and the body: 200 done, 202 queued, 204 none,
        201 (a status the Showcase description does not list)."""
        if outcome == "done":
            return self.json(200, {"id": "j1", "result": "ok"})
        if outcome == "queued":
            return self.json(202, {"ticket": 7})
        if outcome == "none":
            return self.send(204, b"", None)
        return self.json(201, {"unlisted": True})

    def status(self, code):
        fmt = self.query.get("format", ["json"])[0]
        extra = [("X-Request-Id", "req-123")]
        if code in (301, 302, 303, 307, 308):
            extra.append(("Location", "/echo"))
        if "challenge" in self.query:
            extra.append(("WWW-Authenticate", self.query["challenge"][0]))
        if fmt in ERROR_BODIES:
            return self.json(code, ERROR_BODIES[fmt](code), extra)
        if fmt == "html":
            return self.send(code, b"<html><body><h1>502 Bad Gateway</h1></body></html>", "text/html", extra)
        if fmt == "text":
            return self.send(code, b"Service temporarily unavailable\n", "text/plain; charset=utf-8", extra)
        if fmt == "string":
            return self.send(code, json.dumps("The id \"x\" is invalid.").encode(), "application/json", extra)
        if fmt == "trace":
            trace = "java.lang.IllegalStateException: boom\n\tat com.example.Api.handle(Api.java:42)\n"
            return self.send(code, trace.encode(), "text/plain", extra)
        return self.send(code, b"", None, extra)

    def auth(self, parts):
        ns, action = parts[2], parts[3] if len(parts) > 3 else ""
        if action == "refresh":
            with STATE_LOCK:
                state = auth_state(ns)
                state["refreshes"] += 1
            try:
                token = json.loads(self.body or b"{}").get("refresh_token")
            except ValueError:
                token = None
            if self.wait_or_hold(float(self.query.get("delay", ["0.2"])[0])):
                return None
            if token != "good":
                return self.json(401, {"error": "invalid_grant", "error_description": "The refresh token is invalid."})
            with STATE_LOCK:
                state["next"] += 1
                access = f"{ns}-token-{state['next']}"
                state["valid"].add(access)
            return self.json(200, {"access_token": access, "refresh_token": "good", "expires_in": 3600})
        if action == "expire":
            with STATE_LOCK:
                auth_state(ns)["valid"].clear()
            return self.send(204, b"", None)
        if action == "stats":
            with STATE_LOCK:
                state = auth_state(ns)
                return self.json(200, {k: state[k] for k in ("refreshes", "successes", "unauthorized")})
        if action == "seed":
            # Registers a token as valid: /auth/NS/seed?token=T
            with STATE_LOCK:
                auth_state(ns)["valid"].add(self.query.get("token", [""])[0])
            return self.send(204, b"", None)
        header = self.headers.get("Authorization") or ""
        token = header[7:] if header.startswith("Bearer ") else None
        with STATE_LOCK:
            state = auth_state(ns)
            ok = token in state["valid"]
            state["successes" if ok else "unauthorized"] += 1
        if not ok:
            return self.json(401, {"error": "invalid_token", "error_description": "The access token expired."},
                             [("WWW-Authenticate", 'Bearer error="invalid_token"')])
        return self.json(200, {"token": token})

    def basic_auth(self):
        expected = "Basic " + base64.b64encode(b"ada:secret").decode()
        if self.headers.get("Authorization") == expected:
            return self.json(200, {"token": "basic"})
        return self.json(401, ERROR_BODIES["json"](401), [("WWW-Authenticate", 'Basic realm="api"')])

    def flaky(self, ns):
        failures = int(self.query.get("failures", ["2"])[0])
        status = int(self.query.get("status", ["503"])[0])
        with STATE_LOCK:
            FLAKY[ns] = FLAKY.get(ns, 0) + 1
            attempt = FLAKY[ns]
        if attempt <= failures:
            extra = []
            if "retry_after" in self.query:
                extra.append(("Retry-After", self.query["retry_after"][0]))
            return self.json(status, {"message": f"Attempt {attempt} failed", "code": "flaky"}, extra)
        return self.json(200, {"attempt": attempt})

    def coalesce(self, parts):
        ns = parts[2]
        if len(parts) > 3 and parts[3] == "stats":
            with STATE_LOCK:
                return self.json(200, {"calls": COALESCE.get(ns, 0)})
        with STATE_LOCK:
            COALESCE[ns] = COALESCE.get(ns, 0) + 1
        if not self.wait_or_hold(float(self.query.get("delay", ["0.3"])[0])):
            self.json(200, USER)

    def pages(self, style):
        q = lambda name, default: self.query.get(name, [default])[0]
        total = int(q("total", "0"))
        items = [{"id": f"item_{i}", "n": i} for i in range(total)]
        base = f"http://{self.headers.get('Host')}{self.route_path}"
        if style == "link":
            page, size = int(q("page", "1")), int(q("per_page", "3"))
            start, number = (page - 1) * size, page
        elif style == "cursor":
            size = int(q("limit", "3"))
            after = q("starting_after", "")
            start = next((i + 1 for i, item in enumerate(items) if item["id"] == after), 0)
            number = start // size + 1
        elif style in ("number", "counted"):
            size = int(q("size", "3"))
            number = int(q("page", "1"))
            start = (number - 1) * size
            pages = (total + size - 1) // size
            if style == "counted" and number > max(1, pages):
                # As ZenML answers a page past the last.
                return self.json(400, {"detail": ["ValueError", f"Invalid page {number}. The maximum page value "
                                                                f"therefore is {pages}."]})
        elif style == "slack":
            # Slack's cursors are opaque: the next index, base64-encoded.
            size = int(q("limit", "3"))
            cursor = q("cursor", "")
            start = int(base64.b64decode(cursor).decode().split(":")[1]) if cursor else 0
            number = start // size + 1
        else:  # next, offset, links, azure
            size, start = int(q("limit", "3")), int(q("offset", "0"))
            number = start // size + 1
        if q("fail", "") == str(number):
            return self.json(500, {"message": f"page {number} failed", "code": "page_failed"})
        if q("stuck", ""):
            # A server that ignores the paging parameter answers the first page every time, as
            # Nautobot's free addresses of a prefix ignore `offset`.
            start, number = 0, 1
        chunk = items[start:start + size]
        more = start + size < total
        carried = (f"&fail={q('fail', '')}" if q("fail", "") else "") + ("&stuck=1" if q("stuck", "") else "")
        if style == "link":
            links = []
            if more:
                links.append(f'<{base}?page={page + 1}&per_page={size}&total={total}{carried}>; rel="next"')
            links.append(f'<{base}?page={max(1, (total + size - 1) // size)}&per_page={size}&total={total}>; rel="last"')
            return self.json(200, chunk, [("Link", ", ".join(links))])
        if style == "cursor":
            return self.json(200, {"object": "list", "data": chunk, "has_more": more})
        if style == "number":
            return self.json(200, {"items": chunk})
        if style == "counted":
            return self.json(200, {"index": number, "total_pages": pages, "items": chunk})
        if style == "slack":
            cursor = base64.b64encode(f"next:{start + size}".encode()).decode() if more else ""
            return self.json(200, {"ok": True, "members": chunk, "response_metadata": {"next_cursor": cursor}})
        if style == "links":
            following = f"{base}?offset={start + size}&limit={size}&total={total}{carried}" if more else None
            return self.json(200, {"data": chunk, "links": {"next": following, "prev": None}, "meta": {"total": total}})
        if style == "azure":
            # Azure Batch's page: the items in `value`, the next page's URL in `odata.nextLink`.
            page = {"value": chunk}
            if more:
                page["odata.nextLink"] = f"{base}?offset={start + size}&limit={size}&total={total}{carried}"
            return self.json(200, page)
        if style == "next":
            following = None
            if more:
                query = f"offset={start + size}&limit={size}&total={total}{carried}" + (
                    "&relative=1" if q("relative", "") else "")
                following = (self.route_path if q("relative", "") else base) + "?" + query
            return self.json(200, {"items": chunk, "next": following})
        return self.json(200, {"items": chunk, "total_count": total})

    def parcels(self, rest):
        """Answers as the FastAPI service of Scripts/fastapi_service.py does, with its recorded
        payloads, and FastAPI's validation failures as it words them (an id that is no UUID with
        the message for one of the wrong length)."""
        with open(PARCELS) as f:
            recorded = json.load(f)[0]

        def invalid(*errors):
            return self.json(422, {"detail": list(errors)})

        if not rest and self.command == "POST":
            try:
                body = json.loads(self.body)
            except ValueError as error:
                return invalid({"type": "json_invalid", "loc": ["body", error.pos], "msg": "JSON decode error",
                                "input": {}, "ctx": {"error": error.msg}})
            missing = [key for key in PARCEL_REQUIRED if key not in body]
            if missing:
                return invalid(*({"type": "missing", "loc": ["body", key], "msg": "Field required", "input": body}
                                 for key in missing))
            weight = body["weightGrams"]
            if isinstance(weight, int) and weight < 0:
                return invalid({"type": "greater_than_equal", "loc": ["body", "weightGrams"],
                                "msg": "Input should be greater than or equal to 0", "input": weight,
                                "ctx": {"ge": 0}})
            parcel = dict(PARCEL_DEFAULTS, **body)
            parcel["eventCount"] = len(parcel["events"])
            return self.json(201, parcel)
        if not rest:
            for index, status in enumerate(self.query.get("status", [])):
                if status not in PARCEL_STATUSES:
                    expected = ", ".join(f"'{s}'" for s in PARCEL_STATUSES[:-1]) + f" or '{PARCEL_STATUSES[-1]}'"
                    return invalid({"type": "enum", "loc": ["query", "status", index],
                                    "msg": f"Input should be {expected}", "input": status,
                                    "ctx": {"expected": expected}})
            return self.json(200, recorded["Page_Parcel_"])
        if len(rest) == 2 and rest[1] == "photos" and self.command == "POST":
            return self.parcel_photos(rest[0])
        if len(rest) > 1 or self.command != "GET":
            return self.json(404 if len(rest) > 1 else 405, {"detail": "Not Found" if len(rest) > 1 else "Method Not Allowed"})
        try:
            parcel_id = uuid.UUID(rest[0])
        except ValueError:
            reason = f"invalid length: found {len(rest[0])}"
            return invalid({"type": "uuid_parsing", "loc": ["path", "parcel_id"],
                            "msg": f"Input should be a valid UUID, {reason}", "input": rest[0],
                            "ctx": {"error": reason}})
        if parcel_id.int == 0:
            return self.json(404, recorded["Problem"])
        return self.json(200, dict(recorded["Parcel-Output"], id=str(parcel_id)))

    def parcel_photos(self, parcel_id):
        """Reads a photo upload as the parcel service does (FastAPI's `UploadFile` parts `photo`,
        `thumbnail` and `extras`, the form field `caption`) and answers its receipt."""
        parts, _ = multipart_parts(self.headers.get("Content-Type"), self.body)
        if parts is None:
            return self.json(422, {"detail": [{"type": "missing", "loc": ["body", "photo"], "msg": "Field required",
                                               "input": None}]})

        def received(part):
            return {"filename": part["filename"], "content_type": part["content_type"], "size": part["size"]}

        named = lambda name: [part for part in parts if part["name"] == name]
        if not named("photo") or named("photo")[0]["filename"] is None:
            return self.json(422, {"detail": [{"type": "missing", "loc": ["body", "photo"], "msg": "Field required",
                                               "input": None}]})
        caption = named("caption")[0]["payload"].decode() if named("caption") else ""
        thumbnail = named("thumbnail")
        return self.json(201, {"parcel_id": parcel_id, "caption": caption, "photo": received(named("photo")[0]),
                               "thumbnail": received(thumbnail[0]) if thumbnail else None,
                               "extras": [received(part) for part in named("extras")]})

    def stripe_customers(self):
        with open(STRIPE_FIXTURES) as f:
            fixture = json.load(f)["resources"]["customer"]
        customers = [dict(fixture, id=f"cus_{i}", email=f"customer{i}@example.com", name=f"Customer {i}",
                          metadata={"index": str(i)}) for i in range(7)]
        q = lambda name, default: self.query.get(name, [default])[0]
        if q("email", ""):
            customers = [c for c in customers if c["email"] == q("email", "")]
        limit = int(q("limit", "10"))
        after = q("starting_after", "")
        start = next((i + 1 for i, c in enumerate(customers) if c["id"] == after), 0)
        chunk = customers[start:start + limit]
        return self.json(200, {"object": "list", "data": chunk, "has_more": start + limit < len(customers),
                               "url": "/v1/customers"})

    def stripe_create_customer(self):
        # Stripe reads a form body as Rack does: `a[b]=1` nests, `a[]=1` appends to a list.
        fields = {}
        for name, value in parse_qsl(self.body.decode(), keep_blank_values=True):
            keys = [name.split("[", 1)[0]] + re.findall(r"\[([^\]]*)\]", name)
            target = fields
            for index, key in enumerate(keys[:-1]):
                default = [] if keys[index + 1] == "" else {}
                target = target.setdefault(key, default) if isinstance(target, dict) else target
            if keys[-1] == "" and isinstance(target, list):
                target.append(value)
            elif isinstance(target, dict):
                target[keys[-1]] = value
        for name in ("metadata", "address", "shipping", "invoice_settings"):
            if isinstance(fields.get(name), str) and fields[name] != "":
                return self.json(400, {"error": {"type": "invalid_request_error", "param": name,
                                                 "message": "Invalid hash"}})
        with open(STRIPE_FIXTURES) as f:
            customer = json.load(f)["resources"]["customer"]
        customer.update({key: fields[key] for key in ("email", "name", "metadata", "address") if key in fields})
        customer["preferred_locales"] = fields.get("preferred_locales", [])
        return self.json(200, customer)

    def negotiate(self, offered):
        """The offered media type the request's Accept prefers, as a server that chooses by
        Accept does (RFC 9110 §12.5.1): each type's quality is that of the most specific range
        matching it (type/subtype, then type/*, then */*), the highest quality wins, ties go to
        the order offered; `None` when Accept takes none (the server then answers 406). No Accept
        takes anything."""
        header = self.headers.get("Accept")
        if header is None:
            return offered[0]
        ranges = []
        for part in header.split(","):
            fields = [field.strip() for field in part.split(";")]
            quality = 1.0
            for field in fields[1:]:
                if field.lower().startswith("q="):
                    try:
                        quality = float(field[2:])
                    except ValueError:
                        quality = 0.0
            if fields[0]:
                ranges.append((fields[0].lower(), quality))
        best, best_quality = None, 0.0
        for media_type in offered:
            specificity, quality = -1, 0.0
            for media_range, range_quality in ranges:
                if media_range == media_type:
                    rank = 2
                elif media_range.endswith("/*") and media_type.startswith(media_range[:-1]):
                    rank = 1
                elif media_range == "*/*":
                    rank = 0
                else:
                    continue
                if rank > specificity:
                    specificity, quality = rank, range_quality
            if quality > best_quality:
                best, best_quality = media_type, quality
        return best

    def report(self, ident, summary=False):
        if ident == "missing":
            if self.negotiate(["application/problem+json"]) is None:
                return self.send(406, b"", "text/plain")
            problem = {"title": "Not Found", "detail": "No report missing"}
            return self.send(404, json.dumps(problem).encode(), "application/problem+json")
        offered = ["text/plain"] if summary else ["application/json", "application/pdf"]
        chosen = self.negotiate(offered)
        if chosen is None:
            return self.send(406, b"", "text/plain")
        if chosen == "text/plain":
            return self.send(200, b"Third quarter: 12 pages", "text/plain; charset=utf-8")
        if chosen == "application/pdf":
            return self.send(200, b"%PDF-1.4\n% report " + ident.encode() + b"\n%%EOF\n", "application/pdf")
        return self.json(200, {"id": ident, "title": "Third quarter", "pages": 12})

    def gzip_users(self):
        count = int(self.query.get("users", ["100"])[0])
        body = json.dumps([dict(USER, id=i) for i in range(count)]).encode()
        accepted = self.headers.get("Accept-Encoding") or ""
        if "gzip" in accepted.lower():
            return self.send(200, gzip.compress(body), "application/json",
                             [("Content-Encoding", "gzip"), ("X-Compressed", "1")])
        return self.send(200, body, "application/json", [("X-Compressed", "0")])

    def slow(self):
        if not self.wait_or_hold(float(self.query.get("seconds", ["5"])[0])):
            self.json(200, USER)

    def wait_or_hold(self, seconds):
        """Waits `seconds`, or with gate=ID until the gate is released (see streaming.hold).
        Returns whether the client closed the connection meanwhile (the answer is then dropped)."""
        ident = self.query.get("gate", [""])[0]
        if not ident:
            time.sleep(seconds)
            return False
        if hold(self.connection, ident):
            self.close_connection = True
            return True
        return False

    def large(self):
        size = int(self.query.get("bytes", [str(10 * 1024 * 1024)])[0])
        filler = "x" * max(0, size - len('{"data":""}'))
        self.send(200, ('{"data":"%s"}' % filler).encode(), "application/json")

    def stall(self):
        body = b'{"data":"' + b"z" * 53 + b'"}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body[:32])
        self.wfile.flush()
        if not self.wait_or_hold(float(self.query.get("seconds", ["5"])[0])):
            self.wfile.write(body[32:])

    def truncated(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "1000")
        self.end_headers()
        self.wfile.write(b'{"data":"' + b"y" * 91)
        self.wfile.flush()
        self.close_connection = True

    def redirect(self):
        status = int(self.query.get("status", ["302"])[0])
        target = self.query.get("to", ["/echo"])[0]
        self.send(status, b"", None, [("Location", target)])

    def text(self):
        charset = self.query.get("charset", ["utf-8"])[0]
        self.send(200, "Grüße".encode(charset), f"text/plain; charset={charset}")


class QuietServer(ThreadingHTTPServer):
    """Says nothing when a client goes away mid-response (a cancelled or timed-out request is
    expected in the tests), so real failures stand out in the test output."""

    daemon_threads = True
    request_queue_size = 256  # the suite opens many connections at once

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    server = QuietServer(("127.0.0.1", args.port), Handler)
    print(f"PORT {server.server_address[1]}", flush=True)

    def watch_stdin():
        # Exit when the parent closes our standard input, so the server never outlives it.
        try:
            while sys.stdin.buffer.read(1):
                pass
        finally:
            os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
