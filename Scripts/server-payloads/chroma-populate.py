#!/usr/bin/env python3
"""Fills a Chroma server through its API, for `Scripts/server-payloads.py`: three collections (one
with metadata of each kind, an HNSW configuration and a whole float and a 54-bit integer in its
metadata, one bare, one with a known embedding function), each with records that have
embeddings, documents (one `null`, one outside ASCII), URIs and metadata of every value kind a
record takes: booleans, integers, floats written `2.0`, text, and lists of each.

    python3 -m venv /tmp/chroma && /tmp/chroma/bin/pip install chromadb    # 1.5.9 here
    /tmp/chroma/bin/chroma run --path /tmp/chroma-data --port 8091 &
    python3 Scripts/server-payloads/chroma-populate.py
    curl -s http://127.0.0.1:8091/openapi.json -o /tmp/chroma.json
    python3 Scripts/server-payloads.py --base http://127.0.0.1:8091 --description /tmp/chroma.json \\
        --parameter tenant=default_tenant --parameter tenant_name=default_tenant \\
        --parameter database=default_database --post '/(get|query)$' --bodies Scripts/server-payloads/chroma.json

(A collection's own metadata takes no lists: Chroma 1.5.9's local server stops answering with
"Array metadata values are written to embedding_metadata_array" when given one.)
"""
import json

import api_calls

BASE = "http://127.0.0.1:8091/api/v2/tenants/default_tenant/databases/default_database"


def call(method, path, body=None, files=None):
    return api_calls.call(BASE, method, path, body, files=files)


def main():
    collections = [
        call("POST", "/collections", {
            "name": "articles", "metadata": {"topic": "news", "year": 2026, "score": 0.5, "public": True},
            "configuration": {"hnsw": {"space": "cosine", "ef_construction": 100}}}),
        call("POST", "/collections", {"name": "plain"}),
        call("POST", "/collections", {
            "name": "configured", "metadata": {"whole": 1.0, "big": 9007199254740993},
            "configuration": {"embedding_function": {"type": "known", "name": "default", "config": {}}}}),
    ]
    for collection in collections:
        identifier = collection["id"]
        call("POST", f"/collections/{identifier}/add", {
            "ids": ["r1", "r2", "r3", "r4"],
            "embeddings": [[0.1, 0.2, 0.3], [0.3, 0.2, 0.1], [1.0, 0.0, 0.0], [0.0, 1.0, 0.25]],
            "documents": ["first café ☕", None, "third", "fourth"],
            "metadatas": [{"kind": "a", "n": 1, "x": 1.5, "ok": True, "list": ["u", "v"]}, None,
                          {"n": 2, "x": 2.0, "ok": False, "nums": [3, 4]}, {"floats": [0.5, 1.0], "bools": [True]}],
            "uris": ["https://example.com/1", None, None, "s3://bucket/4"]})
        call("POST", f"/collections/{identifier}/upsert",
             {"ids": ["r5"], "embeddings": [[0.5, 0.5, 0.5]], "metadatas": [{"empty": "", "wholes": [1.0, 2.0]}]})
    print(json.dumps([collection["id"] for collection in collections]))


if __name__ == "__main__":
    main()
