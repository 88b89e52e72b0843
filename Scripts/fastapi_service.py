"""A parcel-delivery service written with FastAPI and Pydantic 2, the way Python back ends are
written, so that its OpenAPI description and its payloads are the ones those libraries produce:
`Scripts/pydantic-payloads.py` writes the description to `Specs/parcels.json` and checks
payloads that Pydantic serializes against the Swift that Courier generates from it.

The models use what Pydantic offers and real services use: unions tagged by a `Literal` field
(nested, and with a callable discriminator), unions told apart by shape alone, optional and
nullable fields, string and integer enums, dates, times, durations, decimals, UUIDs, URLs, IP
addresses, bytes, sets, tuples, maps with typed keys, generic pages, recursive trees, aliases,
closed and open models, root models, computed fields and separate input and output schemas.
"""
from __future__ import annotations

import datetime as dt
import enum
import ipaddress
import uuid
from decimal import Decimal
from typing import Annotated, Any, Generic, Literal, Optional, TypeVar, Union

from fastapi import FastAPI, File, Form, Query, UploadFile
from fastapi.responses import JSONResponse
from pydantic import (
    AnyUrl,
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    JsonValue,
    RootModel,
    SecretStr,
    Tag,
    computed_field,
)
from pydantic.alias_generators import to_camel


class ParcelStatus(str, enum.Enum):
    """Where a parcel is."""

    created = "created"
    in_transit = "in-transit"
    out_for_delivery = "out_for_delivery"
    delivered = "delivered"
    returned = "returned"
    lost = "LOST"


class Priority(enum.IntEnum):
    """How soon a parcel must arrive: 1 is the soonest."""

    express = 1
    standard = 2
    economy = 3


class Money(BaseModel):
    """An amount in a currency: Pydantic sends a `Decimal` as text (`"12.50"`)."""

    amount: Decimal
    currency: Annotated[str, Field(pattern=r"^[A-Z]{3}$")]


class Coordinates(RootModel[tuple[float, float]]):
    """Latitude and longitude, as a pair."""


class Address(BaseModel):
    model_config = ConfigDict(extra="forbid")

    lines: Annotated[list[str], Field(min_length=1, max_length=4)]
    city: str
    postal_code: Optional[str] = None
    country: Annotated[str, Field(min_length=2, max_length=2)]
    location: Optional[Coordinates] = None


# Payment methods: a union tagged by `kind`, one member of which holds a union of its own tagged
# by `network`.


class Visa(BaseModel):
    network: Literal["visa"]
    last4: Annotated[str, Field(pattern=r"^\d{4}$")]


class Mastercard(BaseModel):
    network: Literal["mastercard"]
    last4: Annotated[str, Field(pattern=r"^\d{4}$")]
    debit: bool = False


class Card(BaseModel):
    kind: Literal["card"]
    brand: Annotated[Union[Visa, Mastercard], Field(discriminator="network")]
    expires: dt.date


class BankTransfer(BaseModel):
    kind: Literal["bank_transfer"]
    iban: str
    bic: Optional[str] = None


class Invoice(BaseModel):
    kind: Literal["invoice"]
    due_in: dt.timedelta
    purchase_order: Optional[str]


PaymentMethod = Annotated[Union[Card, BankTransfer, Invoice], Field(discriminator="kind")]


# Tracking events: a union with a callable discriminator (a `Tag` per member), which Pydantic
# describes as a `oneOf` without a `discriminator`.


class Scan(BaseModel):
    at: AwareDatetime
    facility: str
    scanner_ip: Optional[ipaddress.IPv4Address] = None


class DeliveryAttempt(BaseModel):
    at: AwareDatetime
    succeeded: bool
    signature: Optional[bytes] = None
    photo: Optional[AnyUrl] = None


class Delay(BaseModel):
    at: AwareDatetime
    reason: str
    expected_delay: dt.timedelta


def event_kind(value: Any) -> str:
    if isinstance(value, dict):
        if "facility" in value:
            return "scan"
        if "succeeded" in value:
            return "attempt"
        return "delay"
    if isinstance(value, Scan):
        return "scan"
    if isinstance(value, DeliveryAttempt):
        return "attempt"
    return "delay"


TrackingEvent = Annotated[
    Union[Annotated[Scan, Tag("scan")], Annotated[DeliveryAttempt, Tag("attempt")], Annotated[Delay, Tag("delay")]],
    Discriminator(event_kind),
]


class Dimensions(BaseModel):
    """Sizes in centimetres, as integers or with decimals."""

    length: Union[int, float]
    width: Union[int, float]
    height: Union[int, float]


class Parcel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    id: uuid.UUID
    status: ParcelStatus
    priority: Priority = Priority.standard
    sender: Address
    recipient: Address
    weight_grams: Annotated[int, Field(ge=0)]
    dimensions: Optional[Dimensions] = None
    declared_value: Optional[Money] = None
    payment: PaymentMethod
    events: list[TrackingEvent] = []
    labels: set[str] = set()
    reference: Union[int, str, None] = None
    created_at: AwareDatetime
    delivery_window: Optional[tuple[dt.time, dt.time]] = None
    metadata: dict[str, JsonValue] = {}

    @computed_field
    @property
    def event_count(self) -> int:
        return len(self.events)


class Category(BaseModel):
    """A tree of categories, as deep as it goes."""

    name: str
    children: list[Category] = []
    parent: Optional[Category] = None


class Label(BaseModel):
    """A label as the printer takes it: the type is sent as `@type`."""

    model_config = ConfigDict(extra="allow")

    type_: Annotated[Literal["zpl", "pdf", "png"], Field(alias="@type")]
    data: bytes
    dpi: Optional[Annotated[int, Field(multiple_of=100)]] = 300


class Rate(BaseModel):
    carrier: str
    price: Money
    transit_days: tuple[int, ...]
    guaranteed: Optional[bool]


class Quote(BaseModel):
    rates_by_priority: dict[Priority, list[Rate]]
    rates_by_country: dict[str, Rate]
    surcharges: dict[str, Decimal] = {}
    valid_until: AwareDatetime


Item = TypeVar("Item")


class Page(BaseModel, Generic[Item]):
    items: list[Item]
    next_cursor: Optional[str] = None
    total: Optional[int] = None


class ProblemField(BaseModel):
    field: str
    problem: str


class Problem(BaseModel):
    """An error body after RFC 9457."""

    type: AnyUrl = AnyUrl("about:blank")
    title: str
    status: int
    detail: Optional[str] = None
    fields: list[ProblemField] = []


class Webhook(BaseModel):
    url: AnyUrl
    events: frozenset[ParcelStatus]
    secret: Optional[str] = None
    headers: dict[str, str] = {}
    active: bool = True
    retry_policy: Union[Literal["none", "linear", "exponential"], int] = "exponential"
    filters: Optional[dict[str, Union[str, list[str]]]] = None


class Stats(BaseModel):
    counts: dict[ParcelStatus, int]
    by_day: dict[dt.date, int]
    mean_transit: Optional[dt.timedelta]
    ratio: float
    anything: Any = None
    nothing: None = None


# Customers: people and companies told apart by the keys they may have (closed models), and
# pricing rules as a recursive tree tagged by `op`, with an integer-tagged version.


class Person(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    birthday: Optional[dt.date] = None


class Company(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    vat_id: str
    founded: Union[dt.date, int, None] = None


class Constant(BaseModel):
    op: Literal["const"]
    value: Decimal


class Sum(BaseModel):
    op: Literal["sum"]
    terms: list[Rule]


class Scaled(BaseModel):
    op: Literal["scale"]
    factor: float
    rule: Rule


class Capped(BaseModel):
    op: Literal["cap"]
    rule: Rule
    at_most: Optional[Rule] = None


Rule = Annotated[Union[Constant, Sum, Scaled, Capped], Field(discriminator="op")]


class TariffV1(BaseModel):
    version: Literal[1]
    flat_rate: Decimal


class TariffV2(BaseModel):
    version: Literal[2]
    rule: Rule
    currency: str = "EUR"


class Customer(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    id: Annotated[int, Field(gt=0)]
    who: Union[Person, Company]
    tariff: Annotated[Union[TariffV1, TariffV2], Field(discriminator="version")]
    tags: list[Optional[str]] = []
    limits: dict[str, Optional[int]] = {}
    contact: Union[uuid.UUID, str, None] = None
    account_code: Annotated[str, Field(validation_alias="accountCode", serialization_alias="account_code")]
    flags: tuple[bool, str, int] = (False, "", 0)
    api_key: Optional[SecretStr] = None
    kind: Literal[1, "one", None] = None


class FileInfo(BaseModel):
    """A file the service received: what its part said, and how many bytes it held."""

    filename: Optional[str]
    content_type: Optional[str]
    size: int


class PhotoReceipt(BaseModel):
    parcel_id: uuid.UUID
    caption: str
    photo: FileInfo
    thumbnail: Optional[FileInfo] = None
    extras: list[FileInfo] = []


def sampler(kind: Any) -> Any:
    """Builds the value a handler answers with; `pydantic-payloads.py` replaces it with one that
    builds random values of `kind`."""
    raise LookupError(f"no sample of {kind}: set fastapi_service.sampler")


def sample(kind: Any) -> Any:
    return sampler(kind)


app = FastAPI(title="Parcels", version="1.0.0", servers=[{"url": "https://parcels.example.com"}])


@app.post("/parcels", status_code=201)
def create_parcel(parcel: Parcel) -> Parcel:
    return parcel


@app.get("/parcels")
def list_parcels(
    status: Annotated[Optional[list[ParcelStatus]], Query()] = None,
    cursor: Optional[str] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
) -> Page[Parcel]:
    return sample(Page[Parcel])


@app.get("/parcels/{parcel_id}", response_model=Parcel, responses={404: {"model": Problem}})
def get_parcel(parcel_id: uuid.UUID) -> Any:
    if parcel_id.int == 0:
        return JSONResponse(sample(Problem).model_dump(mode="json"), status_code=404)
    return sample(Parcel)


async def received(upload: UploadFile) -> FileInfo:
    return FileInfo(filename=upload.filename, content_type=upload.content_type, size=len(await upload.read()))


@app.post("/parcels/{parcel_id}/photos", status_code=201)
async def upload_photo(
    parcel_id: uuid.UUID,
    photo: UploadFile,
    caption: Annotated[str, Form()] = "",
    thumbnail: Optional[UploadFile] = None,
    extras: Annotated[list[UploadFile], File()] = [],
) -> PhotoReceipt:
    return PhotoReceipt(
        parcel_id=parcel_id,
        caption=caption,
        photo=await received(photo),
        thumbnail=await received(thumbnail) if thumbnail else None,
        extras=[await received(extra) for extra in extras],
    )


@app.get("/parcels/{parcel_id}/events")
def parcel_events(parcel_id: uuid.UUID) -> list[TrackingEvent]:
    return sample(list[TrackingEvent])


@app.post("/labels")
def print_label(label: Label) -> Label:
    return label


@app.post("/quotes")
def quote(sender: Address, recipient: Address, dimensions: Dimensions) -> Quote:
    return sample(Quote)


@app.get("/categories")
def categories() -> Page[Category]:
    return sample(Page[Category])


@app.put("/webhooks/{name}")
def put_webhook(name: str, webhook: Webhook) -> Webhook:
    return webhook


@app.post("/customers", status_code=201)
def create_customer(customer: Customer) -> Customer:
    return customer


@app.get("/customers/{customer_id}")
def get_customer(customer_id: int) -> Customer:
    return sample(Customer)


@app.get("/stats")
def stats(since: Optional[dt.date] = None) -> Stats:
    return sample(Stats)
