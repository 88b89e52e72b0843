#!/usr/bin/env python3
"""Checks that a file is a HAR 1.2 archive as HAR readers expect it (standard library only).

    python3 har_check.py FILE [--secret TEXT ...]

Reads FILE with `json`, checks every field HAR 1.2 requires (http://www.softwareishard.com/blog/
har-12-spec/) and its type, and that no --secret text appears anywhere in the file. Prints
`OK <entries>` and exits 0, or prints each problem and exits 1.
"""
import argparse
import datetime
import json
import sys

problems = []


def need(obj, key, kind, where):
    if not isinstance(obj, dict) or key not in obj:
        problems.append(f"{where}: missing {key}")
        return None
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) or not isinstance(value, kinds):
        problems.append(f"{where}.{key}: {type(value).__name__}, expected {'/'.join(k.__name__ for k in kinds)}")
        return None
    return value


def name_values(obj, key, where):
    for index, item in enumerate(need(obj, key, list, where) or []):
        need(item, "name", str, f"{where}.{key}[{index}]")
        need(item, "value", str, f"{where}.{key}[{index}]")


def check(archive):
    log = need(archive, "log", dict, "")
    if log is None:
        return 0
    need(log, "version", str, "log")
    creator = need(log, "creator", dict, "log")
    need(creator, "name", str, "log.creator")
    need(creator, "version", str, "log.creator")
    entries = need(log, "entries", list, "log") or []
    for index, entry in enumerate(entries):
        where = f"log.entries[{index}]"
        started = need(entry, "startedDateTime", str, where)
        if started is not None:
            try:
                datetime.datetime.fromisoformat(started.replace("Z", "+00:00"))
            except ValueError:
                problems.append(f"{where}.startedDateTime: not ISO 8601: {started}")
        need(entry, "time", (int, float), where)
        need(entry, "cache", dict, where)
        timings = need(entry, "timings", dict, where)
        for key in ("send", "wait", "receive"):
            need(timings, key, (int, float), f"{where}.timings")
        request = need(entry, "request", dict, where)
        if request is not None:
            w = where + ".request"
            for key in ("method", "url", "httpVersion"):
                need(request, key, str, w)
            need(request, "cookies", list, w)
            name_values(request, "headers", w)
            name_values(request, "queryString", w)
            need(request, "headersSize", int, w)
            need(request, "bodySize", int, w)
            if "postData" in request:
                post = need(request, "postData", dict, w)
                need(post, "mimeType", str, w + ".postData")
                if "text" not in (post or {}) and "params" not in (post or {}):
                    problems.append(f"{w}.postData: neither text nor params")
        response = need(entry, "response", dict, where)
        if response is not None:
            w = where + ".response"
            need(response, "status", int, w)
            for key in ("statusText", "httpVersion", "redirectURL"):
                need(response, key, str, w)
            need(response, "cookies", list, w)
            name_values(response, "headers", w)
            need(response, "headersSize", int, w)
            need(response, "bodySize", int, w)
            content = need(response, "content", dict, w)
            need(content, "size", int, w + ".content")
            need(content, "mimeType", str, w + ".content")
            if content and "text" in content:
                need(content, "text", str, w + ".content")
            if content and "encoding" in content:
                need(content, "encoding", str, w + ".content")
    return len(entries)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--secret", action="append", default=[])
    args = parser.parse_args()
    with open(args.file, encoding="utf-8") as handle:
        text = handle.read()
    try:
        archive = json.loads(text)
    except ValueError as error:
        print(f"not JSON: {error}")
        return 1
    count = check(archive)
    for secret in args.secret:
        if secret in text:
            problems.append(f"the secret {secret!r} is in the file")
    if problems:
        print("\n".join(problems))
        return 1
    print(f"OK {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
