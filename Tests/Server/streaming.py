"""Streaming routes of Courier's loopback test server (see server.py), standard library only.

  GET  /stream/chunks?count=N&size=S&delay=D   chunked body: N chunks of S bytes (chunk i holds
                                               the byte i % 256), D seconds apart
  GET  /stream/bytes?bytes=N&id=ID&rate=R      N bytes (byte i is i % 251) with Content-Length,
                                               written 64 KB at a time, at most R bytes a second
                                               if given; records progress under ID
  GET  /stream/bytes-sha256?bytes=N            the SHA-256 of that body, {"sha256"}
  GET  /stream/progress?id=ID&closed=1         {"written", "closed", "held"}: bytes /stream/bytes has written
                                               for ID, and whether the client closed the
                                               connection first; with closed=1 the answer waits
                                               (at most 45 s) until the body has stopped; for an
                                               answer held by a gate (/stream/chunks, and
                                               server.py's /slow, /stall and /coalesce, with
                                               gate=ID), whether the client closed the
                                               connection while it was held, and whether it is
                                               held now
  GET  /stream/release?id=ID                   releases what waits for gate ID
  GET  /stream/sse?events=N&delay=D&crlf=1&done=1&cut=1  (also at /stream/sse-items)
                                               N server-sent events whose data is
                                               {"index": i, "text": "event i"}, with comments, ids,
                                               a retry field and one event's data over two lines;
                                               CRLF line ends with crlf=1; a final "data: [DONE]"
                                               with done=1; with cut=1 the connection drops in the
                                               middle of one more event
  GET  /stream/sse-named                       (also at /stream/sse-named/schema)
                                               server-sent events named by what they report, two
                                               of them with data of one shape: job.started and
                                               job.finished {"index", "text"}, job.failed
                                               {"reason"}, then job.paused {"index", "text"}, a
                                               name the description does not list; with
                                               fail=true an error event {"title", "detail"}
                                               follows the first
  GET  /stream/sse-line?bytes=N&id=ID&format=F "data: " and N bytes with no line end, then one
                                               more byte every 10 ms until the client closes the
                                               connection (at most 120 s); progress and closing
                                               recorded under ID, as for /stream/bytes; with
                                               format=jsonl or json-seq, the start of a JSON line
                                               or record instead, with that content type
  GET  /stream/jsonl?count=N                   JSON Lines, CRLF and LF mixed, a blank line included
  ANY  /stream/ticks?count=N&format=F          N ticks {"index", "text"} as JSON Lines or as
                                               server-sent events, as the request's Accept prefers
                                               (406 when it takes neither); format=jsonl, sse or
                                               json-seq answers in that format whatever the Accept;
                                               X-Method names the request's method
  GET  /stream/json-seq?count=N                RFC 7464 JSON text sequence
  GET  /stream/fail                            500 {"message", "code"} before any body byte
  ANY  /stream/upload                          reads the body (Content-Length or chunked) and
                                               answers {"sha256", "bytes", "chunked", "content_type"}
  POST /stream/reply                          {"input", "stream"}: a JSON reply, or with "stream": true
                                               (also at /stream/reply/any, which reads "prompt" too)
                                               server-sent deltas; "reject" and "overload" fail
  ANY  /stream/multipart                       parses a multipart/form-data body with the email
                                               package and answers {"parts": [{"name", "filename",
                                               "content_type", "size", "sha256", "text"}]}

With strict=1, /stream/sse, /stream/jsonl, /stream/json-seq and /stream/bytes answer 406 (JSON
{"message", "code"}) when the request's Accept does not take their media type, as a server that
chooses by Accept does (server.py's negotiate).
"""
import email.parser
import email.policy
import hashlib
import json
import select
import socket
import threading
import time

PROGRESS = {}  # id -> bytes written by /stream/bytes
CLOSED = {}  # id -> True when the client closed the connection before the end, False at the end
PROGRESS_LOCK = threading.Condition()
HELD = set()  # ids of the answers hold() is holding
GATES = {}  # id -> threading.Event, set by /stream/release
GATES_LOCK = threading.Lock()


def gate(ident):
    """The event an answer held for gate ID waits for (set by /stream/release?id=ID)."""
    with GATES_LOCK:
        return GATES.setdefault(ident, threading.Event())


def hold(connection, ident):
    """Waits until gate ID is released (at most 30 s), watching the connection meanwhile. Notes
    under ID whether the client closed the connection first (read by /stream/progress), and
    returns that."""
    released = gate(ident)
    give_up = time.monotonic() + 30
    closed = False
    with PROGRESS_LOCK:
        HELD.add(ident)
    while not released.wait(0.02) and time.monotonic() < give_up:
        if client_closed(connection):
            closed = True
            break
    with PROGRESS_LOCK:
        HELD.discard(ident)
    record_closed(ident, closed)
    return closed


def client_closed(connection):
    """Whether the client has closed (or reset) the connection: it is readable with nothing to
    read. A request that sends more (a body, another request) is not taken for closed."""
    readable, _, _ = select.select([connection], [], [], 0)
    if not readable:
        return False
    try:
        return connection.recv(1, socket.MSG_PEEK) == b""
    except OSError:
        return True


def record_progress(ident, written):
    """Notes how much a body recorded under ID has written (nothing without an ID)."""
    if ident:
        with PROGRESS_LOCK:
            PROGRESS[ident] = written


def record_closed(ident, closed):
    """Notes that a body recorded under ID has stopped, and whether the client closed it first."""
    if ident:
        with PROGRESS_LOCK:
            CLOSED[ident] = closed
            PROGRESS_LOCK.notify_all()


def pattern(start, count):
    """Bytes start..start+count of the /stream/bytes body (byte i is i % 251)."""
    offset = start % 251
    block = bytes(range(251)) * ((count + offset) // 251 + 2)
    return block[offset:offset + count]


def pattern_sha256(total):
    digest = hashlib.sha256()
    written = 0
    while written < total:
        piece = pattern(written, min(1 << 20, total - written))
        digest.update(piece)
        written += len(piece)
    return digest.hexdigest()


def multipart_parts(content_type, raw):
    """The parts of a multipart/form-data body, read with the email package: each part's name,
    filename, disposition, content type, size, SHA-256, text (when short UTF-8) and payload; and the
    defects found. `None` for the parts when the body is not multipart."""
    head = f"Content-Type: {content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + raw)
    if not message.is_multipart():
        return None, []
    parts = []
    for part in message.iter_parts():
        payload = part.get_payload(decode=True) or b""
        try:
            text = payload.decode("utf-8") if len(payload) < 4096 else None
        except UnicodeDecodeError:
            text = None  # bytes that are not text
        parts.append({
            "name": utf8(part.get_param("name", header="content-disposition")),
            "filename": utf8(part.get_param("filename", header="content-disposition")),
            "disposition": utf8(str(part.get("Content-Disposition"))),
            "content_type": part.get("Content-Type"),
            "size": len(payload),
            "sha256": hashlib.sha256(payload).hexdigest(),
            "text": text,
            "payload": payload,
        })
    return parts, [str(defect) for defect in message.defects]


class StreamingRoutes:
    """Mixed into the server's handler; `self.query` is parsed, the body is not read yet."""

    # What each route sends, for `strict=1`.
    MEDIA_TYPES = {"/stream/sse": "text/event-stream", "/stream/jsonl": "application/x-ndjson",
                   "/stream/json-seq": "application/json-seq", "/stream/bytes": "application/octet-stream"}

    def streaming(self, path):
        q = lambda name, default: self.query.get(name, [default])[0]
        if q("strict", "0") == "1" and path in self.MEDIA_TYPES and self.negotiate([self.MEDIA_TYPES[path]]) is None:
            return self.json(406, {"message": f"Accept does not take {self.MEDIA_TYPES[path]}", "code": "not_acceptable"})
        if path == "/stream/chunks":
            return self.stream_chunks(
                int(q("count", "4")), int(q("size", "16")), float(q("delay", "0")), q("gate", ""))
        if path == "/stream/release":
            gate(q("id", "")).set()
            return self.json(200, {"released": q("id", "")})
        if path == "/stream/bytes":
            return self.stream_bytes(int(q("bytes", "0")), q("id", ""), float(q("rate", "0")))
        if path == "/stream/bytes-sha256":
            return self.json(200, {"sha256": pattern_sha256(int(q("bytes", "0")))})
        if path == "/stream/progress":
            ident = q("id", "")
            with PROGRESS_LOCK:
                if q("closed", "0") == "1":
                    PROGRESS_LOCK.wait_for(lambda: ident in CLOSED, timeout=45)
                return self.json(200, {"written": PROGRESS.get(ident, 0), "closed": CLOSED.get(ident),
                                       "held": ident in HELD})
        if path in ("/stream/sse", "/stream/sse-items"):
            return self.stream_sse(
                int(q("events", "3")), float(q("delay", "0")), q("crlf", "0") == "1", q("done", "0") == "1",
                q("cut", "0") == "1")
        if path in ("/stream/sse-named", "/stream/sse-named/schema"):
            events = [("job.started", {"index": 0, "text": "started"}), ("job.finished", {"index": 1, "text": "finished"}),
                      ("job.failed", {"reason": "out of disk"}), ("job.paused", {"index": 2, "text": "paused"})]
            if q("fail", "") == "true":
                events.insert(1, ("error", {"title": "Job failed", "detail": "The job runner stopped"}))
            body = "".join(f"event: {name}\ndata: {json.dumps(data)}\n\n" for name, data in events)
            return self.send(200, body.encode(), "text/event-stream")
        if path == "/stream/sse-line":
            return self.stream_sse_line(int(q("bytes", "0")), q("id", ""), q("format", "sse"))
        if path == "/stream/jsonl":
            count = int(q("count", "3"))
            lines = [json.dumps({"index": i, "text": f"line {i}"}) + ("\r\n" if i % 2 else "\n") for i in range(count)]
            lines.insert(1, "\n")
            return self.send(200, "".join(lines).encode(), "application/x-ndjson")
        if path == "/stream/ticks":
            return self.stream_ticks(int(q("count", "3")), q("format", ""))
        if path == "/stream/json-seq":
            count = int(q("count", "3"))
            records = ["\x1e" + json.dumps({"index": i, "text": f"record {i}"}) + "\n" for i in range(count)]
            return self.send(200, "".join(records).encode(), "application/json-seq")
        if path in ("/stream/reply", "/stream/reply/any"):
            return self.stream_reply()
        if path == "/stream/fail":
            self.read_request_body()
            return self.json(500, {"message": "The stream could not start", "code": "stream_failed"})
        if path == "/stream/upload":
            return self.stream_upload()
        if path == "/stream/multipart":
            return self.stream_multipart()
        return self.json(404, {"message": f"No route for {path}", "code": "not_found"})

    def stream_ticks(self, count, forced):
        formats = {"jsonl": "application/jsonl", "sse": "text/event-stream", "json-seq": "application/json-seq"}
        media_type = formats.get(forced) or self.negotiate(["application/jsonl", "text/event-stream"])
        if media_type is None:
            return self.json(406, {"message": "Accept takes neither JSON Lines nor events", "code": "not_acceptable"})
        ticks = [json.dumps({"index": i, "text": f"tick {i}"}) for i in range(count)]
        if media_type == "text/event-stream":
            body = "".join(f"event: tick\ndata: {tick}\n\n" for tick in ticks)
        elif media_type == "application/json-seq":
            body = "".join(f"\x1e{tick}\n" for tick in ticks)
        else:
            body = "".join(f"{tick}\n" for tick in ticks)
        return self.send(200, body.encode(), media_type, [("X-Method", self.command)])

    # Request bodies

    def read_request_body(self, sink=None):
        """Reads the body, Content-Length or chunked, passing each piece to sink.
        Returns (total bytes, whether it was chunked)."""
        sink = sink or (lambda piece: None)
        total = 0
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass  # trailers
                    return total, True
                remaining = size
                while remaining:
                    piece = self.rfile.read(min(remaining, 1 << 20))
                    if not piece:
                        raise ConnectionError("body cut short")
                    sink(piece)
                    total += len(piece)
                    remaining -= len(piece)
                self.rfile.readline()
        declared = int(self.headers.get("Content-Length") or 0)
        remaining = declared
        while remaining:
            piece = self.rfile.read(min(remaining, 1 << 20))
            if not piece:
                # Said on standard error, so that a client that stalls mid-upload shows how far
                # its body got (see the URLSession upload stall in Documentation/Runtime.md).
                raise ConnectionError(f"body cut short after {total} of {declared} bytes")
            sink(piece)
            total += len(piece)
            remaining -= len(piece)
        return total, False

    def stream_upload(self):
        digest = hashlib.sha256()
        total, chunked = self.read_request_body(digest.update)
        self.json(200, {"sha256": digest.hexdigest(), "bytes": total, "chunked": chunked,
                        "content_type": self.headers.get("Content-Type")})

    def stream_multipart(self):
        pieces = []
        self.read_request_body(pieces.append)
        parts, defects = multipart_parts(self.headers.get("Content-Type"), b"".join(pieces))
        if parts is None:
            return self.json(400, {"message": "Not a multipart body", "code": "not_multipart"})
        self.json(200, {"parts": [{key: value for key, value in part.items() if key != "payload"} for part in parts],
                        "defects": defects})

    def stream_reply(self):
        """A reply to {"input", "stream"}, shaped like chat APIs': one JSON body unless the request
        sets "stream": true, then server-sent events of deltas and [DONE]. The input "reject"
        answers 200 with a JSON error body even so; "overload" sends an error event mid-stream."""
        pieces = []
        self.read_request_body(pieces.append)
        request = json.loads(b"".join(pieces) or b"{}")
        text = f"echo: {request.get('input', request.get('prompt', ''))}"
        if request.get("input") == "reject":
            return self.json(200, {"error": {"message": "The input was rejected", "type": "invalid_request_error"}})
        if request.get("stream") is not True:
            return self.json(200, {"text": text, "streamed": False})
        self.start_chunked("text/event-stream")
        for word in text.split(" "):
            self.write_chunk(f"data: {json.dumps({'delta': word})}\n\n".encode())
            if request.get("input") == "overload":
                error = {"error": {"message": "The server is overloaded", "type": "server_error"}}
                self.write_chunk(f"data: {json.dumps(error)}\n\n".encode())
                break
        self.write_chunk(b"data: [DONE]\n\n")
        self.end_chunked()

    # Response bodies

    def start_chunked(self, content_type):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()

    def write_chunk(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def end_chunked(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def drop_connection(self):
        """Ends the connection without finishing the body: the client sees a transfer error."""
        self.wfile.flush()
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def stream_chunks(self, count, size, delay, gate_id):
        """`count` chunks of `size` bytes, the i-th all i; with a gate, the rest of the body waits
        after the first chunk until /stream/release?id=GATE (at most 30 s; see hold())."""
        self.start_chunked("application/octet-stream")
        for i in range(count):
            if i == 1 and gate_id and hold(self.connection, gate_id):
                self.close_connection = True
                return
            if i and delay:
                time.sleep(delay)
            self.write_chunk(bytes([i % 256]) * size)
        self.end_chunked()

    def stream_bytes(self, total, ident, rate=0):
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(total))
        self.end_headers()
        written = 0
        closed = False
        started = time.monotonic()
        try:
            while written < total:
                piece = pattern(written, min(64 * 1024, total - written))
                self.wfile.write(piece)
                written += len(piece)
                if rate:
                    ahead = written / rate - (time.monotonic() - started)
                    if ahead > 0:
                        time.sleep(ahead)
                record_progress(ident, written)
        except (BrokenPipeError, ConnectionResetError):
            closed = True
            self.close_connection = True
        record_closed(ident, closed)

    def stream_sse_line(self, total, ident, format):
        """One server-sent event line (or JSON line, or JSON text sequence record) that never
        ends: a client must stop it at its limit."""
        content_type, start = {
            "jsonl": ("application/x-ndjson", b'{"index": 0, "text": "'),
            "json-seq": ("application/json-seq", b'\x1e{"index": 0, "text": "'),
        }.get(format, ("text/event-stream", b"data: "))
        self.start_chunked(content_type)
        written = 0
        closed = False
        try:
            self.write_chunk(start)
            while written < total:
                piece = b"x" * min(64 * 1024, total - written)
                self.write_chunk(piece)
                written += len(piece)
                record_progress(ident, written)
            # Until the client closes the connection; the bound only stops a client that never
            # does (a loaded machine may take many seconds to read the line up to its limit).
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                time.sleep(0.01)
                self.write_chunk(b"x")
            self.end_chunked()
        except (BrokenPipeError, ConnectionResetError):
            closed = True
            self.close_connection = True
        record_closed(ident, closed)

    def stream_sse(self, events, delay, crlf, done, cut):
        end = "\r\n" if crlf else "\n"
        self.start_chunked("text/event-stream; charset=utf-8")
        self.write_chunk(f": a comment the client ignores{end}retry: 2500{end}{end}".encode())
        for i in range(events):
            if i and delay:
                time.sleep(delay)
            data = json.dumps({"index": i, "text": f"event {i}"})
            if i == 1:
                # One event's data over two lines: the client joins them with a line feed,
                # which JSON reads as whitespace.
                data = data.replace(", ", f",{end}data: ", 1)
            lines = f"id: {i}{end}event: tick{end}data: {data}{end}{end}" if i % 2 == 0 else f"data:{data}{end}{end}"
            self.write_chunk(lines.encode())
        if done:
            self.write_chunk(f"data: [DONE]{end}{end}".encode())
        if cut:
            # The whole events first, in a network read of their own: AsyncHTTPClient may drop
            # body bytes that arrive in the same read as the connection's failure. 0.2 s was
            # not always enough on a loaded 2-core machine (one failure in a full CI run).
            time.sleep(1.0)
            self.write_chunk(b'data: {"index": ')
            return self.drop_connection()
        self.end_chunked()


def utf8(text):
    """A header value the email package decoded as ASCII with surrogate escapes, as UTF-8."""
    if text is None:
        return None
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
