"""A ticket tracker written with Flask, flask-smorest and marshmallow (see smorest-payloads.py).

Uses what marshmallow schemas and apispec's description of them offer: fields that may be null
(OpenAPI 3.0's `nullable`), dump-only and load-only fields (`readOnly`, `writeOnly`), enums by
name and by value, nested schemas and lists of them, maps, dates, times, UUIDs, e-mail
addresses and URLs, free-form values, defaults, a schema partly required, pages described by
flask-smorest's `X-Pagination` header, and flask-smorest's error bodies.
"""
import datetime as dt
import enum
import uuid

from flask import Flask
from flask.views import MethodView
from flask_smorest import Api, Blueprint, Page, abort
from marshmallow import EXCLUDE, Schema, fields, validate


class Priority(enum.IntEnum):
    LOW = 1
    NORMAL = 2
    URGENT = 3


class State(enum.Enum):
    OPEN = "open"
    IN_PROGRESS = "in progress"
    CLOSED = "closed"


class PersonSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1))
    email = fields.Email(allow_none=True)
    homepage = fields.URL(load_default=None, allow_none=True)


class CommentSchema(Schema):
    id = fields.UUID(dump_only=True)
    author = fields.Nested(PersonSchema, required=True)
    text = fields.String(required=True)
    posted_at = fields.AwareDateTime(dump_only=True)
    reactions = fields.Dict(keys=fields.String(), values=fields.Integer(), load_default=dict)


class TicketSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    id = fields.Integer(dump_only=True)
    title = fields.String(required=True, validate=validate.Length(min=1, max=200))
    description = fields.String(allow_none=True)
    state = fields.Enum(State, load_default=State.OPEN)
    priority = fields.Enum(Priority, by_value=True, load_default=Priority.NORMAL)
    reporter = fields.Nested(PersonSchema, required=True)
    assignees = fields.List(fields.Nested(PersonSchema), load_default=list)
    labels = fields.List(fields.String(), load_default=list)
    estimate_hours = fields.Float(allow_none=True)
    progress = fields.Float(validate=validate.Range(min=0, max=1))
    due_on = fields.Date(allow_none=True)
    reminder_at = fields.Time(allow_none=True)
    created_at = fields.AwareDateTime(dump_only=True)
    updated_at = fields.AwareDateTime(dump_only=True, allow_none=True)
    custom_fields = fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True), load_default=dict)
    watchers = fields.Dict(keys=fields.String(), values=fields.Nested(PersonSchema), dump_only=True)
    comments = fields.List(fields.Nested(CommentSchema), dump_only=True)
    secret_token = fields.String(load_only=True)
    archived = fields.Boolean(dump_default=False, load_default=False)


class TicketQuerySchema(Schema):
    state = fields.Enum(State)
    label = fields.List(fields.String())
    # A query's values are text: by value, they are read as integers (`by_value=True` would compare
    # the text "2" with the values and refuse it).
    priority_at_least = fields.Enum(Priority, by_value=fields.Integer)


class TicketPatchSchema(TicketSchema):
    """A partial update: what a ticket has, none of it required."""

    class Meta:
        unknown = EXCLUDE

    title = fields.String(validate=validate.Length(min=1, max=200))
    reporter = fields.Nested(PersonSchema)


class StatsSchema(Schema):
    by_state = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    mean_progress = fields.Float(allow_none=True, required=True)
    busiest = fields.Nested(PersonSchema, allow_none=True, required=True)
    total_estimate_hours = fields.Float(required=True)


TICKETS = {}
COUNTER = [0]


def now():
    """The moment a ticket or comment is created or changed (the payload script gives its seed's)."""
    return dt.datetime.now(dt.timezone.utc)


class TicketPage(Page):
    """flask-smorest's pages over a list kept in memory."""

    @property
    def item_count(self):
        return len(self.collection)


def create_app():
    app = Flask("tickets")
    app.config.update(API_TITLE="Tickets", API_VERSION="1.0.0", OPENAPI_VERSION="3.0.3", TESTING=True)
    api = Api(app)
    blp = Blueprint("tickets", "tickets", url_prefix="/tickets", description="Tickets and their comments")

    @blp.route("/")
    class Tickets(MethodView):
        @blp.arguments(TicketQuerySchema, location="query")
        @blp.response(200, TicketSchema(many=True))
        @blp.paginate(TicketPage, page_size=3)
        def get(self, query):
            """Lists tickets, a page at a time."""
            found = [t for t in TICKETS.values()
                     if ("state" not in query or t["state"] == query["state"])
                     and all(label in t["labels"] for label in query.get("label", []))
                     and ("priority_at_least" not in query or t["priority"] >= query["priority_at_least"])]
            return found

        @blp.arguments(TicketSchema)
        @blp.response(201, TicketSchema)
        def post(self, ticket):
            """Opens a ticket."""
            COUNTER[0] += 1
            ticket.pop("secret_token", None)
            ticket.update(id=COUNTER[0], created_at=now(), updated_at=None, watchers={}, comments=[])
            TICKETS[ticket["id"]] = ticket
            return ticket

    @blp.route("/<int:ticket_id>")
    class TicketByID(MethodView):
        @blp.response(200, TicketSchema)
        def get(self, ticket_id):
            """Reads a ticket."""
            return find(ticket_id)

        @blp.arguments(TicketPatchSchema(partial=True))
        @blp.response(200, TicketSchema)
        def patch(self, changes, ticket_id):
            """Changes some of a ticket's fields."""
            ticket = find(ticket_id)
            changes.pop("secret_token", None)
            ticket.update(changes)
            ticket["updated_at"] = now()
            return ticket

        @blp.response(204)
        def delete(self, ticket_id):
            """Deletes a ticket."""
            find(ticket_id)
            del TICKETS[ticket_id]

    @blp.route("/<int:ticket_id>/comments")
    class Comments(MethodView):
        @blp.arguments(CommentSchema)
        @blp.response(201, CommentSchema)
        def post(self, comment, ticket_id):
            """Comments on a ticket."""
            ticket = find(ticket_id)
            comment.update(id=uuid.UUID(int=len(ticket["comments"]) + 1000 * ticket_id, version=4), posted_at=now())
            ticket["comments"].append(comment)
            return comment

    @blp.route("/stats")
    class Stats(MethodView):
        @blp.response(200, StatsSchema)
        def get(self):
            """Counts tickets by state, with their mean progress and estimate."""
            tickets = list(TICKETS.values())
            by_state = {}
            for ticket in tickets:
                by_state[ticket["state"].value] = by_state.get(ticket["state"].value, 0) + 1
            progress = [t["progress"] for t in tickets if "progress" in t]
            names = [p["name"] for t in tickets for p in t["assignees"]]
            busiest = max(sorted(set(names)), key=names.count) if names else None  # ties: by name
            return {"by_state": by_state, "mean_progress": sum(progress) / len(progress) if progress else None,
                    "busiest": next((p for t in tickets for p in t["assignees"] if p["name"] == busiest), None),
                    "total_estimate_hours": sum(t.get("estimate_hours") or 0 for t in tickets)}

    def find(ticket_id):
        if ticket_id not in TICKETS:
            abort(404, message=f"Ticket {ticket_id} does not exist.")
        return TICKETS[ticket_id]

    api.register_blueprint(blp)
    return app, api
