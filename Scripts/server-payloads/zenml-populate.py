#!/usr/bin/env python3
"""Fills a local ZenML server through ZenML's own client, for `Scripts/server-payloads.py`: two
runs of a two-step pipeline with a model, tags, metadata of every JSON kind logged by its steps
(integers, floats, booleans, lists, nested objects), artifacts and their versions, a pipeline
whose step fails, a secret, a tag with a colour and a service account.

    python3 -m venv /tmp/zen && /tmp/zen/bin/pip install "zenml[server]"    # 0.98.0 here
    export ZENML_CONFIG_PATH=/tmp/zen-home/config ZENML_LOCAL_STORES_PATH=/tmp/zen-home/stores \\
        ZENML_ANALYTICS_OPT_IN=false
    /tmp/zen/bin/zenml login --local --port 8237      # SQLite; a user `default` with no password
    /tmp/zen/bin/python Scripts/server-payloads/zenml-populate.py
    curl -s http://127.0.0.1:8237/openapi.json -o /tmp/zenml.json
    TOKEN=$(curl -s -X POST http://127.0.0.1:8237/api/v1/login -d 'username=default&password=' |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["access_token"])')
    python3 Scripts/server-payloads.py --base http://127.0.0.1:8237 --description /tmp/zenml.json \\
        --header "Authorization: Bearer $TOKEN" --utc-without-offset

ZenML writes its date-times in UTC without an offset (`2026-12-07T19:32:56.080343`), which
Courier refuses unless the client reads them in a time zone of its choosing; hence
`--utc-without-offset`.
"""
from typing import Annotated, Dict, List, Tuple

from zenml import Model, log_metadata, pipeline, step
from zenml.client import Client
from zenml.exceptions import EntityExistsError


@step
def load(n: int = 3) -> Annotated[List[Dict[str, float]], "rows"]:
    rows = [{"x": float(i), "y": i * 2.5} for i in range(n)]
    log_metadata(metadata={"rows": n, "ratio": 2.5, "whole": 2.0, "ok": True, "tags": ["a", "b"],
                           "nested": {"k": [1, 2.0, None]}})
    return rows


@step
def train(rows: List[Dict[str, float]], lr: float = 0.01) -> Tuple[Annotated[float, "loss"], Annotated[str, "report"]]:
    log_metadata(metadata={"lr": lr, "epochs": 2})
    return sum(row["y"] for row in rows) / len(rows), "done ✓"


@step
def flaky() -> int:
    raise RuntimeError("this step fails on purpose")


@pipeline(model=Model(name="swift-model", description="made by Courier's check", tags=["courier"]),
          tags=["demo", "courier"])
def training(n: int = 3):
    train(load(n=n))


@pipeline(enable_cache=False)
def failing():
    flaky()


if __name__ == "__main__":
    training(n=4)
    training.with_options(run_name="second_{date}_{time}")(n=2)
    try:
        failing()
    except Exception as error:
        print("failed as expected:", type(error).__name__)
    client = Client()
    for create in (lambda: client.create_secret("courier-secret", values={"token": "s3cr3t"}),
                   lambda: client.create_tag("release", color="green"),
                   lambda: client.create_service_account("courier-bot", description="a bot")):
        try:
            create()
        except EntityExistsError:
            pass  # from an earlier run
