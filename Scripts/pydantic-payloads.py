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

    python3 -m venv /tmp/fastapi && /tmp/fastapi/bin/pip install fastapi polyfactory httpx python-multipart uvicorn
    /tmp/fastapi/bin/python Scripts/pydantic-payloads.py --rounds 20 --seed 3
    /tmp/fastapi/bin/python Scripts/pydantic-payloads.py --live  # also against the running service (uvicorn)
    /tmp/fastapi/bin/python Scripts/pydantic-payloads.py --write   # Specs/parcels.json and its payloads

Without `--write`, the committed `Specs/parcels.json` must be what FastAPI writes. With it, the
description and a few rounds of payloads (seed 1) are written to `Specs/parcels.json` and
`Tests/GeneratedClientTests/Payloads/parcels.json`, which `swift test` checks (`ParcelsTests`),
so the test suite needs neither Python packages nor this script. Exits 1 on any finding.
"""
import argparse, datetime as dt, json, os, random, sys, uuid, warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_package import (ROOT, check_rounds, courier_binary, framework_parser, framework_rounds, live_checks,
                           live_findings, started_service)

warnings.filterwarnings("ignore", message=".*httpx.*")
try:
    from fastapi.testclient import TestClient
    from polyfactory.factories.pydantic_factory import ModelFactory
    from pydantic import AwareDatetime, TypeAdapter
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
        # Faker's dates and times are relative to now; these are the seed's alone.
        ModelFactory.add_provider(dt.datetime, self.moment)
        ModelFactory.add_provider(AwareDatetime, self.moment)
        ModelFactory.add_provider(dt.date, lambda: self.moment().date())
        ModelFactory.add_provider(dt.time, lambda: self.moment().time())
        ModelFactory.add_provider(dt.timedelta, lambda: dt.timedelta(seconds=self.rng.randint(0, 10**6),
                                                                     microseconds=self.rng.choice([0, 500_000])))
        self.factories = {}
        self.client = TestClient(service.app, raise_server_exceptions=True)
        service.sampler = self.value

    def moment(self):
        return dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc) + dt.timedelta(
            seconds=self.rng.randint(0, 2_000_000_000), microseconds=self.rng.choice([0, self.rng.randint(0, 999_999)]))

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
        files = [("photo", (f"photo{self.rng.randint(1, 9)}.jpg", self.rng.randbytes(self.rng.randint(0, 3000)),
                            "image/jpeg"))]
        if self.rng.random() < 0.5:
            files.append(("thumbnail", ("thumbnail.png", self.rng.randbytes(64), "image/png")))
        for index in range(self.rng.randint(0, 2)):
            files.append(("extras", (f"scan {index}.pdf", self.rng.randbytes(100), "application/pdf")))
        form = {"caption": self.rng.choice(["", "At the door", "Später"])} if self.rng.random() < 0.7 else {}
        answer = self.client.post(f"/parcels/{another['id']}/photos", files=files, data=form)
        if answer.status_code != 201:
            raise SystemExit(f"POST /parcels/…/photos answered {answer.status_code}: {answer.text[:800]}")
        payloads["PhotoReceipt"] = answer.json()
        payloads["FileInfo"] = answer.json()["photo"]
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


LIVE_CHECKS = live_checks("PARCELS_URL", r"""
// The generated client against the service itself (`--live`): each request body of the rounds
// sent to its handler, which must accept it and answer with the same values; a photo uploaded
// as multipart parts; every read; FastAPI's 422 and the service's 404 as failures with messages.
    for parcel in try bodies("Parcel-Input", as: ParcelInput.self) {
        await live("createParcel") {
            let answer = try await api.createParcel(body: parcel)
            try unchanged("the parcel", parcel, answer)
            try expect(answer.eventCount == parcel.events?.count ?? 0, "eventCount \(answer.eventCount)")
        }
    }
    for customer in try bodies("Customer-Input", as: CustomerInput.self) {
        await live("createCustomer") {
            var sent = try JSONDecoder().decode(JSONValue.self, from: encoder.encode(customer))
            // Read as `accountCode`, written as `account_code`; a secret is written masked.
            if case .object(var fields) = sent {
                fields["account_code"] = fields.removeValue(forKey: "accountCode")
                if fields["api_key"] != nil, fields["api_key"] != .null { fields["api_key"] = "**********" }
                sent = .object(fields)
            }
            try unchanged("the customer", sent, try await api.createCustomer(body: customer))
        }
    }
    for label in try bodies("Label", as: Label.self) {
        await live("printLabel") { try unchanged("the label", label, try await api.printLabel(body: label)) }
    }
    for webhook in try bodies("Webhook", as: Webhook.self) {
        await live("putWebhook") {
            let answer = try await api.putWebhook(name: "shipping events+ü", body: webhook)
            // A set comes back in its own order.
            try expect(Set(answer.events) == Set(webhook.events), "events \(answer.events)")
            var sent = webhook
            sent.events = answer.events
            try unchanged("the webhook", sent, answer)
        }
    }
    for body in try bodies("Body_quote_quotes_post", as: QuoteBody.self) {
        await live("quote") { _ = try await api.quote(body: body) }
    }
    await live("uploadPhoto") {
        let photo = Data((0..<3000).map { UInt8($0 % 251) })
        let form = UploadPhotoForm(
            photo: MultipartFile(data: photo, filename: "door.jpg", contentType: "image/jpeg"), caption: "Später",
            thumbnail: MultipartFile(data: Data(count: 64), filename: "thumbnail.png", contentType: "image/png"),
            extras: [
                MultipartFile(data: Data("a".utf8), filename: "scan 1.pdf", contentType: "application/pdf"),
                MultipartFile(data: Data(), filename: "empty.bin", contentType: "application/octet-stream"),
            ])
        let id = UUID()
        let receipt = try await api.uploadPhoto(parcelID: id, body: form)
        try expect(receipt.parcelID == id && receipt.caption == "Später" && receipt.photo.size == 3000
            && receipt.photo.filename == "door.jpg" && receipt.photo.contentType == "image/jpeg"
            && receipt.thumbnail?.size == 64 && receipt.extras?.map(\.filename) == ["scan 1.pdf", "empty.bin"]
            && receipt.extras?.map(\.size) == [1, 0], "the service received other parts: \(receipt)")
        let bare = try await api.uploadPhoto(
            parcelID: id, body: UploadPhotoForm(photo: MultipartFile(data: Data("x".utf8), filename: "x.jpg")))
        try expect(bare.thumbnail == nil && bare.extras ?? [] == [] && bare.caption == "", "\(bare)")
    }
    await live("reads") {
        _ = try await api.getParcel(parcelID: UUID())
        _ = try await api.listParcels(status: [.created, .lost, .inTransit], limit: 5)
        _ = try await api.parcelEvents(parcelID: UUID())
        _ = try await api.categories()
        _ = try await api.getCustomer(customerID: 3)
        _ = try await api.stats(since: "2024-01-01")
        var count = 0
        for try await _ in api.listParcelsItems(status: [.delivered]) {
            count += 1
            if count == 3 { break }
        }
    }
    await live("a validation failure") {
        guard var parcel = try bodies("Parcel-Input", as: ParcelInput.self).first else { return }
        parcel.weightGrams = -1
        var failure: ServerFailure?
        do throws(ServiceError) { _ = try await api.createParcel(body: parcel) } catch .server(let server) {
            failure = server
        }
        try expect(failure?.status == 422 && failure?.message == "Input should be greater than or equal to 0",
            "not FastAPI's 422: \(String(describing: failure))")
    }
    await live("a problem") {
        var failure: ServerFailure?
        do throws(ServiceError) {
            _ = try await api.getParcel(parcelID: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        } catch .server(let server) {
            failure = server
        }
        guard case .status404(let problem)? = failure?.body(as: GetParcelErrorBody.self) else {
            throw Mismatch(description: "not the 404's Problem: \(String(describing: failure))")
        }
        try expect(failure?.message == problem.detail ?? problem.title, "\(String(describing: failure))")
    }
""")


def description():
    return service.app.openapi()


def serve(port, seed):
    """Runs the service on the port (its reads answer random values), until killed."""
    import uvicorn
    Payloads(seed)
    uvicorn.run(service.app, host="127.0.0.1", port=port, log_level="warning")


def check(rounds, courier, keep, live_url=None):
    """Generates the module from the committed description with `rounds` and checks them; with
    `live_url`, also calls the service there with the generated client."""
    findings, output = check_rounds(
        DESCRIPTION, rounds, courier, keep, "PydanticPayloads", after=LIVE_CHECKS,
        environment={"PARCELS_URL": live_url} if live_url else None, imports="import Courier\nimport Foundation\n")
    if not live_url or not output:
        return findings
    return findings + live_findings(output)


def rounds(seed, count):
    payloads = Payloads(seed)
    return [payloads.round() for _ in range(count)]


def main():
    parser = framework_parser(__doc__, COMMITTED_ROUNDS)
    parser.add_argument("--live", action="store_true",
                        help="also run the service (needs uvicorn) and call it with the generated client")
    parser.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        return serve(args.serve, args.seed)
    written = json.dumps(description(), indent=1, ensure_ascii=False) + "\n"
    checked = framework_rounds(args, written, DESCRIPTION, PAYLOADS, rounds, COMMITTED_ROUNDS, "FastAPI")
    if checked is None:
        return
    process, url = started_service(__file__, args.seed) if args.live else (None, None)
    try:
        sys.exit(1 if check(checked, courier_binary(), args.keep, url) else 0)
    finally:
        if process:
            process.kill()


if __name__ == "__main__":
    main()
