#!/usr/bin/env python3
"""A delivery fleet in Litestar and msgspec, for `Scripts/server-payloads.py`: the description
as Litestar writes it (OpenAPI 3.1) and answers as msgspec encodes them. msgspec's own kinds of
values: structs tagged by a string field (vehicles, by `kind`) and by an integer one (events,
by `code`), a generic page, a map of untagged scalars (`meta`: booleans, integers and floats,
whole ones written `2.0`, and text), tuples, sets, decimals (as text), durations, dates and
aware times, literals and enums, defaults and optional values, beside a dataclass, an attrs
class and a `TypedDict`. The values are random, from a fixed seed.

    python3 -m venv /tmp/litestar && /tmp/litestar/bin/pip install litestar msgspec uvicorn attrs
    /tmp/litestar/bin/python Scripts/server-payloads/litestar_fleet.py --port 8092 &
    curl -s http://127.0.0.1:8092/schema/openapi.json -o /tmp/fleet.json
    python3 Scripts/server-payloads.py --base http://127.0.0.1:8092 --description /tmp/fleet.json
"""
import argparse, dataclasses, datetime as dt, decimal, enum, random, uuid
from typing import Generic, Literal, Optional, TypedDict, TypeVar, Union

import attrs
import msgspec
import uvicorn
from litestar import Litestar, get
from litestar.exceptions import NotFoundException

T = TypeVar("T")


class Status(str, enum.Enum):
    PENDING = "pending"
    IN_TRANSIT = "in_transit"
    DELIVERED = "delivered"


class Point(msgspec.Struct):
    lat: float
    lon: float


class Truck(msgspec.Struct, tag="truck", tag_field="kind"):
    id: uuid.UUID
    capacity_kg: float
    axles: int


class Drone(msgspec.Struct, tag="drone", tag_field="kind"):
    id: uuid.UUID
    max_altitude_m: float
    battery: float
    home: Optional[Point] = None


class Bike(msgspec.Struct, tag="bike", tag_field="kind"):
    id: uuid.UUID
    cargo: bool = False


Vehicle = Union[Truck, Drone, Bike]


class Ping(msgspec.Struct, tag=1, tag_field="code"):
    vehicle: uuid.UUID
    at: dt.datetime
    position: Point


class Alert(msgspec.Struct, tag=2, tag_field="code"):
    vehicle: uuid.UUID
    at: dt.datetime
    message: str
    severity: Literal["low", "high"] = "low"


Event = Union[Ping, Alert]


class Shipment(msgspec.Struct):
    id: uuid.UUID
    status: Status
    weight_kg: decimal.Decimal
    created: dt.datetime
    route: list[Point]
    dimensions: tuple[float, float, float]
    tags: set[str]
    meta: dict[str, Union[bool, int, float, str]]
    eta: dt.timedelta
    deliver_by: Optional[dt.date] = None
    vehicle: Optional[Vehicle] = None
    notes: str = ""


class Page(msgspec.Struct, Generic[T]):
    items: list[T]
    total: int
    next_offset: Optional[int] = None


class Address(TypedDict):
    street: str
    city: str
    postcode: str


@dataclasses.dataclass
class Depot:
    name: str
    address: Address
    opens: dt.time
    docks: int = 2


@attrs.define
class Driver:
    id: int
    name: str
    licences: list[str]
    rating: Optional[float] = None


def fleet(seed):
    """Random vehicles, shipments, events, depots and drivers."""
    rng = random.Random(seed)
    ident = lambda: uuid.UUID(int=rng.getrandbits(128), version=4)
    whole_or_not = lambda low, high: float(rng.randint(low, high)) if rng.random() < 0.5 else round(rng.uniform(low, high), 2)
    point = lambda: Point(lat=whole_or_not(-80, 80), lon=whole_or_not(-170, 170))
    moment = lambda: dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc) + dt.timedelta(seconds=rng.randint(0, 10**7))
    vehicles = []
    for index in range(9):
        kind = index % 3
        if kind == 0:
            vehicles.append(Truck(id=ident(), capacity_kg=whole_or_not(1000, 40000), axles=rng.randint(2, 5)))
        elif kind == 1:
            vehicles.append(Drone(id=ident(), max_altitude_m=whole_or_not(50, 500), battery=rng.choice([1.0, 0.5, 0.25]),
                                  home=point() if rng.random() < 0.5 else None))
        else:
            vehicles.append(Bike(id=ident(), cargo=rng.random() < 0.5))
    shipments = []
    for index in range(12):
        meta = {}
        for key in rng.sample(["fragile", "count", "ratio", "note", "cold", "level"], rng.randint(0, 5)):
            meta[key] = rng.choice([True, False, rng.randint(-5, 5), float(rng.randint(0, 9)), round(rng.random(), 3),
                                    rng.choice(["a", "", "ünï"])])
        shipments.append(Shipment(
            id=ident(), status=rng.choice(list(Status)),
            weight_kg=decimal.Decimal(rng.choice(["0.1", "2", "12.50", "1000.005"])), created=moment(),
            route=[point() for _ in range(rng.randint(0, 3))],
            dimensions=(whole_or_not(1, 9), whole_or_not(1, 9), whole_or_not(1, 9)),
            tags=set(rng.sample(["eu", "express", "bulk", "night"], rng.randint(0, 3))), meta=meta,
            eta=dt.timedelta(hours=rng.randint(0, 72), minutes=rng.choice([0, 15, 30])),
            deliver_by=(moment().date() if rng.random() < 0.5 else None),
            vehicle=(rng.choice(vehicles) if rng.random() < 0.7 else None),
            notes=rng.choice(["", "leave at door", "call first"])))
    events = []
    for index in range(10):
        vehicle = rng.choice(vehicles).id
        if rng.random() < 0.5:
            events.append(Ping(vehicle=vehicle, at=moment(), position=point()))
        else:
            events.append(Alert(vehicle=vehicle, at=moment(), message=rng.choice(["low battery", "delay"]),
                                severity=rng.choice(["low", "high"])))
    depots = [Depot(name=name, address={"street": f"{rng.randint(1, 99)} Quay", "city": city, "postcode": f"{rng.randint(1000, 9999)}"},
                    opens=dt.time(rng.randint(5, 9), rng.choice([0, 30])), docks=rng.randint(1, 6))
              for name, city in [("north", "Oslo"), ("south", "Málaga")]]
    drivers = [Driver(id=index + 1, name=rng.choice(["Ada", "Bo", "Chen"]), licences=rng.sample(["B", "C", "CE", "A"], 2),
                      rating=rng.choice([None, 4.0, 4.5, 5.0])) for index in range(4)]
    return vehicles, shipments, events, depots, drivers


def found(items, attribute, value, kind):
    """The item whose `attribute` is `value`, else a 404."""
    for item in items:
        if getattr(item, attribute) == value:
            return item
    raise NotFoundException(f"No {kind} {value}")


def application(seed):
    vehicles, shipments, events, depots, drivers = fleet(seed)

    @get("/shipments")
    async def list_shipments(offset: int = 0, limit: int = 5) -> Page[Shipment]:
        end = offset + limit
        return Page(items=shipments[offset:end], total=len(shipments), next_offset=end if end < len(shipments) else None)

    @get("/shipments/{shipment_id:uuid}")
    async def get_shipment(shipment_id: uuid.UUID) -> Shipment:
        return found(shipments, "id", shipment_id, "shipment")

    @get("/vehicles")
    async def list_vehicles() -> list[Vehicle]:
        return vehicles

    @get("/vehicles/{vehicle_id:uuid}")
    async def get_vehicle(vehicle_id: uuid.UUID) -> Vehicle:
        return found(vehicles, "id", vehicle_id, "vehicle")

    @get("/events")
    async def list_events() -> list[Event]:
        return events

    @get("/depots")
    async def list_depots() -> list[Depot]:
        return depots

    @get("/depots/{name:str}")
    async def get_depot(name: str) -> Depot:
        return found(depots, "name", name, "depot")

    @get("/drivers")
    async def list_drivers() -> list[Driver]:
        return drivers

    return Litestar([list_shipments, get_shipment, list_vehicles, get_vehicle, list_events, list_depots, get_depot,
                     list_drivers])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=8092)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    uvicorn.run(application(arguments.seed), host="127.0.0.1", port=arguments.port, log_level="warning")
