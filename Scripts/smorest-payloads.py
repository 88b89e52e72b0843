#!/usr/bin/env python3
"""Payloads that a Flask server built with flask-smorest and marshmallow sends and takes, checked
against the Swift that Courier generates from the OpenAPI description flask-smorest writes for it.

`Scripts/smorest_tickets.py` is a ticket tracker written with Flask, flask-smorest and
marshmallow: fields that may be null (OpenAPI 3.0's `nullable`), dump-only and load-only fields,
enums by name and by value (the latter described without a `type`), nested schemas, maps, dates,
times, UUIDs, free-form values, defaults, a nested schema that may be null (which apispec writes
as `anyOf` of a nullable object and the reference), pages told by the `X-Pagination` header, and
flask-smorest's error body. This script asks flask-smorest (apispec) for the description (OpenAPI
3.0.3) and the service for its payloads: random tickets and comments are created through the
service's handlers with Flask's test client, so each answer body is what marshmallow dumps and
Flask writes, each request body is one the service accepted (a create, and a partial update), and
each error body is flask-smorest's own (a 404, and a 422 with marshmallow's messages). Each
payload is decoded with the generated type of its schema and with every union that lists it,
encoded again and compared (`DescriptionExample.check()`).

    python3 -m venv /tmp/smorest && /tmp/smorest/bin/pip install flask-smorest
    /tmp/smorest/bin/python Scripts/smorest-payloads.py --rounds 20 --seed 3
    /tmp/smorest/bin/python Scripts/smorest-payloads.py --live   # also against the running service
    /tmp/smorest/bin/python Scripts/smorest-payloads.py --write   # Specs/tickets.json and its payloads

Without `--write`, the committed `Specs/tickets.json` must be what flask-smorest writes. With it,
the description and a few rounds of payloads (seed 1) are written to `Specs/tickets.json` and
`Tests/GeneratedClientTests/Payloads/tickets.json`, which `swift test` checks (`TicketsTests`).
With `--live` the script also runs the service (Werkzeug's server) and calls it with the generated
client. Exits 1 on any finding.
"""
import argparse, datetime as dt, json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_package import (ROOT, RandomValues, check_rounds, courier_binary, framework_parser, framework_rounds, live_checks,
                           live_findings, started_service)

try:
    import smorest_tickets as service
except ImportError as error:
    sys.exit(f"{error.name} is missing: run this with a Python that has flask-smorest (see the top of this file)")

DESCRIPTION = os.path.join(ROOT, "Specs", "tickets.json")
PAYLOADS = os.path.join(ROOT, "Tests", "GeneratedClientTests", "Payloads", "tickets.json")
COMMITTED_ROUNDS = 5
WORDS = ["printer", "Ünicode", "login", "Čapek", "crash", "on", "the", "日本", "billing", "O'Brien", "slow"]
STATES = ["OPEN", "IN_PROGRESS", "CLOSED"]


class Tracker(RandomValues):
    """Random tickets and comments, and the bodies the service sends and accepts."""

    def __init__(self, seed):
        super().__init__(seed, WORDS)
        service.TICKETS.clear()
        service.COUNTER[0] = 0
        service.now = self.moment  # the seed's moments, not now
        self.app, self.api = service.create_app()
        self.client = self.app.test_client()

    def person(self):
        person = {"name": self.words(1, 2)}
        for key, value in (("email", self.rng.choice([None, "ada@example.com", "o.brien+tickets@example.org"])),
                           ("homepage", self.rng.choice([None, "https://example.com/~ada?tab=1", "http://x.example"]))):
            if self.rng.random() < 0.6:
                person[key] = value
        return person

    def ticket_request(self):
        ticket = {"title": self.words(), "reporter": self.person()}
        optional = {
            "description": self.rng.choice([None, self.words(3, 8)]),
            "state": self.rng.choice(STATES),
            "priority": self.rng.choice([1, 2, 3]),
            "assignees": [self.person() for _ in range(self.rng.randint(0, 2))],
            "labels": [self.rng.choice(WORDS) for _ in range(self.rng.randint(0, 3))],
            "estimate_hours": self.rng.choice([None, self.rng.randint(0, 40), round(self.rng.uniform(0, 40), 2)]),
            "progress": self.rng.choice([0, 1, round(self.rng.random(), 3)]),
            "due_on": self.rng.choice([None, (dt.date(2020, 1, 1) + dt.timedelta(days=self.rng.randint(0, 3000))).isoformat()]),
            "reminder_at": self.rng.choice([None, f"{self.rng.randint(0, 23):02}:{self.rng.randint(0, 59):02}:00"]),
            "custom_fields": {self.rng.choice(WORDS): self.json_value() for _ in range(self.rng.randint(0, 3))},
            "secret_token": self.words(1, 1),
            "archived": self.rng.random() < 0.3,
        }
        ticket.update({key: value for key, value in optional.items() if self.rng.random() < 0.7})
        return ticket

    def call(self, method, path, body=None, status=200):
        answer = getattr(self.client, method)(path, json=body) if body is not None else \
            getattr(self.client, method)(path)
        if answer.status_code != status:
            raise SystemExit(f"{method.upper()} {path} answered {answer.status_code}, not {status}: "
                             f"{answer.data[:800]!r}")
        return answer

    def round(self):
        """One payload of each schema the service describes, keyed by its component name."""
        payloads = {}
        created = None
        for _ in range(self.rng.randint(1, 4)):
            ticket = self.ticket_request()
            payloads["Ticket"] = ticket  # a request body the service accepted
            created = self.call("post", "/tickets/", ticket, status=201).get_json()
            for _ in range(self.rng.randint(0, 2)):
                comment = {"author": self.person(), "text": self.words(2, 6)}
                if self.rng.random() < 0.5:
                    comment["reactions"] = {self.rng.choice(["+1", "heart", "eyes"]): self.rng.randint(0, 9)}
                payloads["Comment"] = comment
                self.call("post", f"/tickets/{created['id']}/comments", comment, status=201)
        patch = {key: value for key, value in self.ticket_request().items() if self.rng.random() < 0.4}
        payloads["TicketPatch"] = patch
        self.call("patch", f"/tickets/{created['id']}", patch)
        if self.rng.random() < 0.5:  # a ticket some watch
            service.TICKETS[created["id"]]["watchers"] = {self.rng.choice(WORDS): self.person()}
        # The answers: Ticket and Comment as the service sends them, in rounds of their own.
        answers = {"Ticket": self.call("get", f"/tickets/{self.rng.choice(sorted(service.TICKETS))}").get_json()}
        commented = sorted(key for key, ticket in service.TICKETS.items() if ticket["comments"])
        if commented:
            answers["Comment"] = self.call("get", f"/tickets/{self.rng.choice(commented)}").get_json()["comments"][0]
        page = self.call("get", f"/tickets/?page_size=2&page={self.rng.randint(1, 2)}")
        payloads["PaginationMetadata"] = json.loads(page.headers["X-Pagination"])
        payloads["Stats"] = self.call("get", "/tickets/stats").get_json()
        payloads["Error"] = self.rng.choice([
            self.call("get", "/tickets/999999", status=404).get_json(),
            self.call("post", "/tickets/", {"title": "", "progress": 7}, status=422).get_json(),
            self.call("get", "/tickets/?state=lost", status=422).get_json(),
        ])
        return [payloads, answers]


LIVE_CHECKS = live_checks("TICKETS_URL", r"""
// The generated client against the service itself (`--live`): each request body of the rounds
// (tickets, comments, partial updates) sent to its handler, which must accept it and answer
// with the same values (but the write-only token); the reads, a page at a time and item by item;
// flask-smorest's 404 and 422s (of a body and of a query) as failures with their messages.
    var created: [Int] = []
    for ticket in try bodies("Ticket", as: Ticket.self) where ticket.id == nil {
        await live("postTickets") {
            let answer = try await api.postTickets(body: ticket)
            try unchanged("the ticket", try without("secret_token", ticket), answer)  // write-only
            try expect(answer.secretToken == nil && answer.comments == [], "\(answer)")
            created.append(try answer.id ?? { throw Mismatch(description: "no id") }())
        }
    }
    guard let ticketID = created.last else { throw Mismatch(description: "no ticket was created") }
    for comment in try bodies("Comment", as: Comment.self) where comment.id == nil {
        await live("postTicketsByTicketIDComments") {
            let answer = try await api.postTicketsByTicketIDComments(ticketID: ticketID, body: comment)
            try unchanged("the comment", comment, answer)
            try expect(answer.id != nil && answer.postedAt != nil, "\(answer)")
        }
    }
    for patch in try bodies("TicketPatch", as: TicketPatch.self) {
        await live("patchTicketsByTicketID") {
            try unchanged("the patched ticket", try without("secret_token", patch), try await api.patchTicketsByTicketID(ticketID: ticketID, body: patch))
        }
    }
    await live("reads") {
        let ticket = try await api.getTicketsByTicketID(ticketID: ticketID)
        try expect(ticket.id == ticketID, "\(ticket)")
        let page = try await api.getTickets(page: 1, pageSize: 2)
        try expect(page.count == min(2, created.count), "a page of \(page.count)")
        var ids: [Int] = []
        for try await ticket in api.getTicketsItems(pageSize: 2) { ids.append(ticket.id ?? -1) }
        try expect(ids == created, "the items \(ids), not \(created)")
        let open = try await api.getTickets(state: .open, priorityAtLeast: .value2, pageSize: 100)
        try expect(open.allSatisfy { $0.state == .open && ($0.priority?.rawValue ?? 2) >= 2 }, "\(open)")
        if let label = ticket.labels?.first {
            let labelled = try await api.getTickets(label: [label], pageSize: 100)
            try expect(labelled.contains { $0.id == ticketID }, "no ticket labelled \(label)")
        }
        let stats = try await api.getTicketsStats()
        try expect(stats.byState.values.reduce(0, +) == created.count, "\(stats)")
    }
    await live("a validation failure") {
        let found = await failure { () async throws(ServiceError) in _ = try await api.postTickets(body: Ticket(title: "", reporter: Person(name: "Ada"), progress: 7)) }
        try expect(found?.status == 422
            && found?.message == "json.progress: Must be greater than or equal to 0 and less than or equal to 1.",
            "not flask-smorest's 422: \(String(describing: found))")
    }
    await live("a query's validation failure") {
        let found = await failure { () async throws(ServiceError) in _ = try await api.getTickets(state: .undocumented("LOST")) }
        try expect(found?.status == 422 && found?.message == "query.state: Must be one of: OPEN, IN_PROGRESS, CLOSED.",
            "not flask-smorest's 422: \(String(describing: found))")
    }
    await live("a missing ticket") {
        let found = await failure { () async throws(ServiceError) in _ = try await api.getTicketsByTicketID(ticketID: 999_999) }
        try expect(found?.status == 404 && found?.message == "Ticket 999999 does not exist.", "\(String(describing: found))")
    }
""")


def description():
    _, api = service.create_app()
    return json.dumps(api.spec.to_dict(), indent=2, ensure_ascii=False) + "\n"


def rounds(seed, count):
    tracker = Tracker(seed)
    return [payloads for _ in range(count) for payloads in tracker.round()]


def serve(port):
    """Runs the service on the port with Werkzeug's server, until killed."""
    import logging
    from werkzeug.serving import run_simple
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    app, _ = service.create_app()
    run_simple("127.0.0.1", port, app, threaded=True)


def main():
    parser = framework_parser(__doc__, COMMITTED_ROUNDS)
    parser.add_argument("--live", action="store_true", help="also run the service and call it with the generated client")
    parser.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        return serve(args.serve)
    checked = framework_rounds(args, description(), DESCRIPTION, PAYLOADS, rounds, COMMITTED_ROUNDS, "flask-smorest")
    if checked is None:
        return
    process, url = started_service(__file__, args.seed) if args.live else (None, None)
    try:
        findings, output = check_rounds(
            DESCRIPTION, checked, courier_binary(), args.keep, "SmorestPayloads", after=LIVE_CHECKS,
            environment={"TICKETS_URL": url} if url else None, imports="import Courier\nimport Foundation\n")
        if url and output:
            findings += live_findings(output)
        sys.exit(1 if findings else 0)
    finally:
        if process:
            process.kill()


if __name__ == "__main__":
    main()
