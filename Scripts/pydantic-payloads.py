#!/usr/bin/env python3
"""Payloads that a FastAPI server sends and takes, checked against the Swift that Courier
generates from the OpenAPI description FastAPI writes for it.

`Scripts/fastapi_service.py` is a parcel-delivery service written with FastAPI and Pydantic 2.
This script asks the service itself for its description (OpenAPI 3.1 as Pydantic writes JSON
Schema) and for its payloads: random values of its models (built by polyfactory) go through the
service's handlers with FastAPI's test client, so each answer body is what the server sends
(Pydantic's serializer: decimals as text, naive date-times, durations, bytes as text, aliases,
computed fields), each request body is one the server accepted (sent whole, without `null`s,
without unset or default values), and each validation failure is FastAPI's own 422 body. Each
payload is decoded with the generated type of its schema and with every union that lists it,
encoded again and compared (`DescriptionExample.check()`).

    python3 -m venv /tmp/fastapi && /tmp/fastapi/bin/pip install fastapi polyfactory httpx
    /tmp/fastapi/bin/python Scripts/pydantic-payloads.py --rounds 20 --seed 3
    /tmp/fastapi/bin/python Scripts/pydantic-payloads.py --write   # Specs/parcels.json and its payloads

Without `--write`, the committed `Specs/parcels.json` must be what FastAPI writes. With it, the
description and a few rounds of payloads (seed 1) are written to `Specs/parcels.json` and
`Tests/GeneratedClientTests/Payloads/parcels.json`, which `swift test` checks (`ParcelsTests`),
so the test suite needs neither Python packages nor this script. Exits 1 on any finding.
"""
import argparse, json, os, random, shutil, subprocess, sys, tempfile, uuid, warnings
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_package import ROOT, checks_main, courier_binary, write_package

warnings.filterwarnings("ignore", message=".*httpx.*")
try:
    from fastapi.testclient import TestClient
    from polyfactory.factories.pydantic_factory import ModelFactory
    from pydantic import TypeAdapter
except ImportError as error:
    sys.exit(f"{error.name} is missing: run this with a Python that has fastapi, polyfactory and httpx "
             "(see the top of this file)")

import fastapi_service as service

DESCRIPTION = os.path.join(ROOT, "Specs", "parcels.json")
PAYLOADS = os.path.join(ROOT, "Tests", "GeneratedClientTests", "Payloads", "parcels.json")
COMMITTED_ROUNDS = 3


class Payloads:
    """Random values of the service's models, and the bodies its handlers send and take."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        ModelFactory.seed_random(seed)
        self.factories = {}
        self.client = TestClient(service.app, raise_server_exceptions=True)
        service.sampler = self.value

    def factory(self, model):
        if model not in self.factories:
            self.factories[model] = ModelFactory.create_factory(model, __allow_none_optionals__=True)
        return self.factories[model]

    def model(self, model):
        return self.factory(model).build()

    def value(self, kind):
        """A random value of `kind`: a model, a generic page of models or a list of events."""
        if kind == list[service.TrackingEvent]:
            members = [service.Scan, service.DeliveryAttempt, service.Delay]
            return [self.model(self.rng.choice(members)) for _ in range(self.rng.randint(0, 4))]
        return self.model(kind)

    def request_body(self, model):
        """A model's JSON as a client may send it: whole, without `null`s, without unset fields
        or without the fields that have their default value."""
        value = self.model(model)
        body = self.dumped(model, value, self.rng.choice(["whole", "exclude_none", "exclude_unset", "exclude_defaults"]))
        try:
            model.model_validate_json(json.dumps(body))  # Without its `null`s, a body may lack a required key.
        except ValueError:
            return self.dumped(model, value, "whole")
        return body

    @staticmethod
    def as_input(model, body):
        """A body with the names the model reads where they differ from those it writes."""
        for name, field in model.model_fields.items():
            written = field.serialization_alias or field.alias or name
            if isinstance(field.validation_alias, str) and written in body:
                body[field.validation_alias] = body.pop(written)
        return body

    def dumped(self, model, value, how):
        if how == "whole":
            return self.as_input(model, value.model_dump(mode="json", by_alias=True, exclude_computed_fields=True))
        if how == "exclude_unset":
            unset = [name for name, field in model.model_fields.items() if not field.is_required()]
            keep = {name for name in model.model_fields if name not in unset or self.rng.random() < 0.5}
            value = model.model_validate_json(json.dumps(
                self.as_input(model, value.model_dump(mode="json", include=keep, by_alias=True))))
            return self.as_input(model, value.model_dump(mode="json", by_alias=True, exclude_unset=True,
                                                         exclude_computed_fields=True))
        return self.as_input(model, value.model_dump(mode="json", by_alias=True, exclude_none=how == "exclude_none",
                                                     exclude_defaults=how == "exclude_defaults",
                                                     exclude_computed_fields=True))

    def call(self, method, path, body=None, status=200):
        answer = self.client.request(method, path, json=body)
        if answer.status_code != status:
            raise SystemExit(f"{method} {path} answered {answer.status_code}, not {status}: {answer.text[:800]}")
        return answer.json()

    def round(self):
        """One payload of each schema the service describes, keyed by its component name."""
        payloads = {}
        parcel = self.request_body(service.Parcel)
        payloads["Parcel-Input"] = parcel
        payloads["Parcel-Output"] = self.call("POST", "/parcels", parcel, status=201)
        payloads["Page_Parcel_"] = self.call("GET", "/parcels?status=created&status=LOST&limit=5")
        another = self.call("GET", f"/parcels/{uuid.UUID(int=self.rng.getrandbits(128) | 1)}")
        payloads["Problem"] = self.call("GET", f"/parcels/{uuid.UUID(int=0)}", status=404)
        broken = dict(parcel)
        del broken[self.rng.choice(["id", "status", "sender", "payment", "createdAt"])]
        broken["weightGrams"] = self.rng.choice([-1, "heavy", None, 1.5])
        failure = self.call("POST", "/parcels", broken, status=422)
        payloads["HTTPValidationError"] = failure
        payloads["ValidationError"] = self.rng.choice(failure["detail"])
        events = []
        while not events:
            events = self.call("GET", f"/parcels/{another['id']}/events")
        for event in events:
            name = {"facility": "Scan", "succeeded": "DeliveryAttempt"}.get(
                next((key for key in ("facility", "succeeded") if key in event), None), "Delay")
            payloads[name] = event
        label = self.request_body(service.Label)
        label.update({f"x-{self.rng.randint(1, 99)}": self.rng.choice([1, "two", [3], {"four": None}])})
        payloads["Label"] = self.call("POST", "/labels", label)
        body = {name: self.request_body(model) for name, model in
                (("sender", service.Address), ("recipient", service.Address), ("dimensions", service.Dimensions))}
        payloads["Body_quote_quotes_post"] = body
        payloads["Quote"] = self.call("POST", "/quotes", body)
        payloads["Page_Category_"] = self.call("GET", "/categories")
        webhook = self.request_body(service.Webhook)
        payloads["Webhook"] = self.call("PUT", "/webhooks/shipping", webhook)
        payloads["Stats"] = self.call("GET", "/stats")
        customer = self.request_body(service.Customer)
        payloads["Customer-Input"] = customer
        payloads["Customer-Output"] = self.rng.choice(
            [self.call("POST", "/customers", customer, status=201), self.call("GET", "/customers/7")])
        for name in ("Person", "Company"):
            payloads[name] = self.model(getattr(service, name)).model_dump(mode="json", by_alias=True)
        for name in ("TariffV1", "TariffV2", "Constant", "Sum", "Scaled", "Capped"):
            value = self.model(getattr(service, name))
            payloads[name + "-Output"] = value.model_dump(mode="json", by_alias=True)
            payloads[name + "-Input"] = self.request_body(getattr(service, name))
        for name, model in (("Address", service.Address), ("Dimensions", service.Dimensions),
                            ("Card", service.Card), ("BankTransfer", service.BankTransfer),
                            ("Invoice", service.Invoice), ("Visa", service.Visa),
                            ("Mastercard", service.Mastercard), ("Rate", service.Rate),
                            ("Category", service.Category), ("ProblemField", service.ProblemField)):
            payloads[name] = self.model(model).model_dump(mode="json", by_alias=True)
        money = self.model(service.Money)
        payloads["Money-Output"] = money.model_dump(mode="json")
        payloads["Money-Input"] = self.rng.choice([money.model_dump(mode="json"),
                                                   {"amount": float(money.amount), "currency": money.currency}])
        payloads["Coordinates"] = TypeAdapter(service.Coordinates).dump_python(
            self.model(service.Address).location or service.Coordinates((51.5, -0.12)), mode="json")
        payloads["ParcelStatus"] = self.rng.choice(list(service.ParcelStatus)).value
        payloads["Priority"] = self.rng.choice(list(service.Priority)).value
        payloads["JsonValue"] = self.rng.choice([None, 1, 2.5, "text", [1, "a", None], {"a": {"b": [True]}}])
        return payloads


def description():
    return service.app.openapi()


def check(rounds, courier, keep):
    """Generates the module from the committed description with `rounds` and checks them."""
    work = keep or tempfile.mkdtemp(prefix="courier-pydantic-payloads-")
    if keep:
        shutil.rmtree(keep, ignore_errors=True)
    try:
        write_package(work, "PydanticPayloads", "")
        payload_file = os.path.join(work, "payloads.json")
        with open(payload_file, "w") as f:
            json.dump(rounds, f, indent=1)
        examples = os.path.join(work, "Sources", "Check", "Examples.swift")
        generated = subprocess.run(
            [courier, "generate", DESCRIPTION, "--output", os.path.join(work, "Sources", "API"), "--module", "API",
             "--examples", examples, "--payloads", payload_file], capture_output=True, text=True)
        if generated.returncode != 0:
            print(f"not generated\n{generated.stderr[-3000:]}")
            return 1
        if generated.stderr.strip():
            print(generated.stderr.strip())
        with open(os.path.join(work, "Sources", "Check", "main.swift"), "w") as f:
            f.write(checks_main("APIExamples.all.filter { $0.name.hasPrefix(\"payload \") }"))
        built = subprocess.run(["swift", "build", "--product", "Check"], cwd=work, capture_output=True, text=True)
        if built.returncode != 0:
            print("did not compile\n" + built.stdout[-3000:] + built.stderr[-3000:])
            return 1
        run = subprocess.run([os.path.join(work, ".build", "debug", "Check")], capture_output=True, text=True)
        for line in run.stdout.splitlines():
            if line.startswith("FINDING"):
                print("  " + line[:700])
        summary = [line for line in run.stdout.splitlines() if line.startswith("SUMMARY ")]
        if not summary:
            print(f"crashed\n{run.stderr[-2000:]}")
            return 1
        count, findings = summary[0].split()[1:]
        print(f"{len(rounds)} rounds: {count} checks, {findings} findings")
        return int(findings)
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=10, help="payloads of each schema (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true",
                        help=f"write the description and {COMMITTED_ROUNDS} rounds of payloads (seed 1)")
    parser.add_argument("--keep", help="build in this folder and keep it")
    args = parser.parse_args()
    written = json.dumps(description(), indent=1, ensure_ascii=False) + "\n"
    if args.write:
        with open(DESCRIPTION, "w") as f:
            f.write(written)
        payloads = Payloads(1)
        with open(PAYLOADS, "w") as f:
            json.dump([payloads.round() for _ in range(COMMITTED_ROUNDS)], f, indent=1, ensure_ascii=False)
            f.write("\n")
        print(f"wrote {os.path.relpath(DESCRIPTION, ROOT)} and {COMMITTED_ROUNDS} rounds of payloads "
              f"to {os.path.relpath(PAYLOADS, ROOT)}")
        return
    with open(DESCRIPTION) as f:
        if f.read() != written:
            sys.exit(f"{os.path.relpath(DESCRIPTION, ROOT)} is not what FastAPI writes now: run with --write")
    payloads = Payloads(args.seed)
    rounds = [payloads.round() for _ in range(args.rounds)]
    sys.exit(1 if check(rounds, courier_binary(), args.keep) else 0)


if __name__ == "__main__":
    main()
