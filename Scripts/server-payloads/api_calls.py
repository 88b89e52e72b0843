"""One JSON call to a server's API, for the scripts here that fill a server before
`Scripts/server-payloads.py` reads it."""
import json, sys, urllib.error, urllib.request, uuid


def call(base, method, path, body=None, headers=None, files=None):
    """The decoded answer of one call, or `None` for an error (printed to stderr). `files` (file
    name: bytes) are sent as a multipart form's `file` parts, else `body` as JSON."""
    headers = dict(headers or {})
    if files:
        boundary = uuid.uuid4().hex
        parts = [f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
                 f"Content-Type: application/octet-stream\r\n\r\n".encode() + content + b"\r\n"
                 for name, content in files.items()]
        data = b"".join(parts) + f"--{boundary}--\r\n".encode()
        headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
    else:
        data = json.dumps(body).encode() if body is not None else None
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            text = response.read()
            return json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        print(method, path, error.code, error.read()[:300], file=sys.stderr)
        return None
