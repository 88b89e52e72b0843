#!/usr/bin/env python3
"""Payloads that a Django REST framework server sends and takes, checked against the Swift that
Courier generates from the OpenAPI description drf-spectacular writes for it.

`Scripts/drf_library/` is a lending library written with Django and Django REST framework:
model serializers, viewsets and a router, page-number, limit-offset and cursor pagination, choice
fields that may be blank or null, decimals, durations, JSON fields, read-only and method fields,
nested serializers and a polymorphic search result. This script asks drf-spectacular for the
description (OpenAPI 3.0.3, requests and responses described apart) and the service for its
payloads: random books, authors and loans are stored (SQLite in memory), and each list, object and
search answer is what the framework renders; each request body is one it accepted (a create, and
a partial update with some of the fields). Each payload is decoded with the generated type of its
schema and with every union that lists it, encoded again and compared
(`DescriptionExample.check()`).

    python3 -m venv /tmp/drf && /tmp/drf/bin/pip install django djangorestframework drf-spectacular
    /tmp/drf/bin/python Scripts/drf-payloads.py --rounds 20 --seed 3
    /tmp/drf/bin/python Scripts/drf-payloads.py --live   # also against the running service
    /tmp/drf/bin/python Scripts/drf-payloads.py --write   # Specs/library.yaml and its payloads

Without `--write`, the committed `Specs/library.yaml` must be what drf-spectacular writes. With
it, the description and a few rounds of payloads (seed 1) are written to `Specs/library.yaml`
and `Tests/GeneratedClientTests/Payloads/library.json`, which `swift test` checks
(`LibraryTests`). With `--live` the script also runs the service (Django's WSGI application on
Werkzeug's server, which Flask brings: `pip install flask`) and calls it with the generated client.
Exits 1 on any finding.
"""
import argparse, datetime as dt, json, os, sys, uuid
from decimal import Decimal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_package import (ROOT, RandomValues, check_rounds, courier_binary, framework_parser, framework_rounds,
                           live_checks, live_findings, started_service)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "drf_library.settings")
try:
    import django
    django.setup()
    from django.core.management import call_command
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.renderers import OpenApiYamlRenderer
    from rest_framework.test import APIClient
except ImportError as error:
    sys.exit(f"{error.name} is missing: run this with a Python that has django, djangorestframework and "
             "drf-spectacular (see the top of this file)")

from drf_library.models import Author, Book, Loan

DESCRIPTION = os.path.join(ROOT, "Specs", "library.yaml")
PAYLOADS = os.path.join(ROOT, "Tests", "GeneratedClientTests", "Payloads", "library.json")
COMMITTED_ROUNDS = 3
WORDS = ["river", "Ünter", "night", "Čapek", "garden", "of", "the", "日本", "letters", "salt", "O'Brien"]


class Library(RandomValues):
    """Random books, authors and loans, and the bodies the service renders and accepts."""

    def __init__(self, seed):
        super().__init__(seed, WORDS)
        call_command("migrate", run_syncdb=True, verbosity=0)
        self.client = APIClient()
        self.isbn = 9780000000000

    def stored_json(self):
        """A JSON field's value: anything but `null`, which the field refuses (its description,
        `{}`, allows it)."""
        value = None
        while value is None:
            value = self.json_value()
        return value

    def next_isbn(self):
        self.isbn += self.rng.randint(1, 1000)
        return str(self.isbn)

    def stock(self):
        """Stores a few more authors, books and loans."""
        authors = [Author.objects.create(name=self.words(1, 3), born=self.maybe(self.date()),
                                         website=self.rng.choice(["", "https://example.com/a?b=1"]))
                   for _ in range(self.rng.randint(1, 3))]
        for _ in range(self.rng.randint(1, 4)):
            book = Book.objects.create(
                uuid=uuid.UUID(int=self.rng.getrandbits(128), version=4), title=self.words(), isbn=self.next_isbn(),
                status=self.rng.choice([None, "", "draft", "published", "out-of-print"]),
                genre=self.rng.choice([1, 2, 3]),
                price=self.maybe(Decimal(self.rng.randint(0, 99999)) / 100),
                pages=self.rng.randint(0, 2000), published_on=self.maybe(self.date()),
                metadata=self.rng.choice([{}, self.stored_json(), {"series": self.words(), "volume": 2}]),
                rating=self.maybe(round(self.rng.uniform(0, 5), 2)))
            book.authors.set(self.rng.sample(authors, self.rng.randint(0, len(authors))))
            Book.objects.filter(pk=book.pk).update(created_at=self.moment())  # not now, the seed's
            for _ in range(self.rng.randint(0, 3)):
                Loan.objects.create(
                    book=book, borrower=self.words(1, 2), due=self.moment(), returned_at=self.maybe(self.moment()),
                    extension=self.maybe(dt.timedelta(days=self.rng.randint(0, 30), seconds=self.rng.randint(0, 86399),
                                                      microseconds=self.rng.choice([0, 5]))),
                    state=self.rng.choice(["open", "returned", "lost"]))

    def any_id(self, model):
        return self.rng.choice(sorted(model.objects.values_list("id", flat=True)))

    def call(self, method, path, body=None, status=200):
        answer = getattr(self.client, method)(path, body, format="json") if body is not None else \
            getattr(self.client, method)(path)
        if answer.status_code != status:
            raise SystemExit(f"{method.upper()} {path} answered {answer.status_code}, not {status}: "
                             f"{answer.content[:800]!r}")
        return json.loads(answer.content) if answer.content else None

    def book_request(self):
        body = {"title": self.words(), "isbn": self.next_isbn(), "genre": self.rng.choice([1, 2, 3]),
                "pages": self.rng.randint(0, 2000),
                "authors": [self.any_id(Author)]}
        optional = {"status": self.rng.choice([None, "", "draft", "published", "out-of-print"]),
                    "price": self.rng.choice([None, f"{self.rng.randint(0, 999999) / 100:.2f}"]),
                    "published_on": self.rng.choice([None, self.date().isoformat()]),
                    "metadata": self.stored_json()}
        body.update({key: value for key, value in optional.items() if self.rng.random() < 0.7})
        return body

    def loan_request(self, book):
        body = {"book": book, "borrower": self.words(1, 2), "due": self.moment().isoformat()}
        optional = {"returned_at": self.rng.choice([None, self.moment().isoformat()]),
                    "extension": self.rng.choice([None, "3 02:00:00", "P1DT2H30M", "00:45:00.000005"]),
                    "state": self.rng.choice(["open", "returned", "lost"])}
        body.update({key: value for key, value in optional.items() if self.rng.random() < 0.7})
        return body

    @staticmethod
    def some(rng, body, required=()):
        """Some of a body's fields, as a partial update sends them."""
        return {key: value for key, value in body.items() if key not in required and rng.random() < 0.5}

    def round(self):
        """One payload of each schema the service describes, keyed by its component name."""
        self.stock()
        payloads = {}
        pages = (Book.objects.count() + 2) // 3
        books = self.call("get", f"/api/books/?page={self.rng.randint(1, pages)}")
        payloads["PaginatedBookList"] = books
        payloads["Book"] = self.call("get", f"/api/books/{self.any_id(Book)}/")
        payloads["PaginatedAuthorList"] = self.call("get", f"/api/authors/?limit=2&offset={self.rng.randint(0, 3)}")
        payloads["Author"] = self.call("get", f"/api/authors/{self.any_id(Author)}/")
        loans = self.call("get", "/api/loans/")
        if loans["next"] and self.rng.random() < 0.5:
            loans = self.call("get", loans["next"].replace("http://testserver", ""))
        payloads["PaginatedLoanList"] = loans
        if Loan.objects.exists():
            payloads["Loan"] = self.call("get", f"/api/loans/{self.any_id(Loan)}/")
        hits = self.call("get", f"/api/search/?q={self.rng.choice('aeiorsnt')}")
        for hit in hits:
            payloads["BookHit" if hit["kind"] == "book" else "AuthorHit"] = hit
        book = self.book_request()
        payloads["BookRequest"] = book
        created = self.call("post", "/api/books/", book, status=201)
        patch = self.some(self.rng, self.book_request())
        patch.pop("isbn", None)
        payloads["PatchedBookRequest"] = patch
        self.call("patch", f"/api/books/{created['id']}/", patch)
        author = {"name": self.words(1, 3)}
        author.update({key: value for key, value in (("born", self.rng.choice([None, self.date().isoformat()])),
                                                     ("website", self.rng.choice(["", "https://example.org/x"])))
                       if self.rng.random() < 0.6})
        payloads["AuthorRequest"] = author
        self.call("post", "/api/authors/", author, status=201)
        payloads["PatchedAuthorRequest"] = self.some(self.rng, author)
        loan = self.loan_request(created["id"])
        payloads["LoanRequest"] = loan
        made = self.call("post", "/api/loans/", loan, status=201)
        payloads["PatchedLoanRequest"] = self.some(self.rng, self.loan_request(created["id"]))
        self.call("patch", f"/api/loans/{made['id']}/", payloads["PatchedLoanRequest"])
        payloads["StatusEnum"] = self.rng.choice(["draft", "published", "out-of-print"])
        payloads["GenreEnum"] = self.rng.choice([1, 2, 3])
        payloads["StateEnum"] = self.rng.choice(["open", "returned", "lost"])
        payloads["BlankEnum"] = ""
        payloads["NullEnum"] = None
        return payloads


LIVE_CHECKS = live_checks("LIBRARY_URL", r"""
// The generated client against the service itself (`--live`): each request body of the rounds
// (authors, books, loans, and partial updates of each) sent to its handler, which must accept it
// and answer with the same values, with the ids of what this service stored; the reads, page by
// page in each of the three kinds of pages; a 400 and a 404 as failures with their messages.
    var authors: [Int] = []
    for author in try bodies("AuthorRequest", as: AuthorRequest.self) {
        await live("authorsCreate") {
            let answer = try await api.authorsCreate(body: author)
            try unchanged("the author", author, answer)
            authors.append(answer.id)
        }
    }
    var books: [Int] = []
    for var book in try bodies("BookRequest", as: BookRequest.self) {
        book.authors = Array(authors.prefix(book.authors.count))  // this service's authors
        await live("booksCreate") {
            let answer = try await api.booksCreate(body: book)
            try unchanged("the book", book, answer)
            books.append(answer.id)
        }
    }
    guard let book = books.last, let author = authors.last else { throw Mismatch(description: "nothing was created") }
    for var patch in try bodies("PatchedBookRequest", as: PatchedBookRequest.self) {
        patch.authors = patch.authors.map { Array(authors.prefix($0.count)) }
        await live("booksPartialUpdate") {
            try unchanged("the patched book", patch, try await api.booksPartialUpdate(id: book, body: patch))
        }
    }
    for patch in try bodies("PatchedAuthorRequest", as: PatchedAuthorRequest.self) {
        await live("authorsPartialUpdate") {
            try unchanged("the patched author", patch, try await api.authorsPartialUpdate(id: author, body: patch))
        }
    }
    var loans: [Int] = []
    for var loan in try bodies("LoanRequest", as: LoanRequest.self) {
        loan.book = book
        await live("loansCreate") {
            let answer = try await api.loansCreate(body: loan)
            // Django writes a duration back in its own form (`P1DT2H30M` as `1 02:30:00`).
            try unchanged("the loan", try without("extension", loan), try without("extension", answer))
            try expect((answer.extension == nil) == (loan.extension == nil), "extension \(String(describing: answer.extension))")
            loans.append(answer.id)
        }
    }
    for var patch in try bodies("PatchedLoanRequest", as: PatchedLoanRequest.self) {
        if patch.book != nil { patch.book = book }
        guard let loan = loans.last else { break }
        await live("loansPartialUpdate") {
            let answer = try await api.loansPartialUpdate(id: loan, body: patch)
            try unchanged("the patched loan", try without("extension", patch), try without("extension", answer))
        }
    }
    await live("reads") {
        try expect(try await api.booksRetrieve(id: book).id == book, "the book")
        var ids: [Int] = []
        for try await book in api.booksListItems() { ids.append(book.id) }
        try expect(ids.sorted() == books.sorted(), "the books \(ids), not \(books)")
        ids = []
        for try await author in api.authorsListItems(limit: 2) { ids.append(author.id) }
        try expect(ids.sorted() == authors.sorted(), "the authors \(ids), not \(authors)")
        ids = []
        for try await loan in api.loansListItems() { ids.append(loan.id) }
        try expect(ids.sorted() == loans.sorted(), "the loans \(ids), not \(loans)")
        let hits = try await api.searchList()
        try expect(hits.count == books.count + authors.count, "\(hits.count) hits")
    }
    await live("a validation failure") {
        let found = await failure { () async throws(ServiceError) in
            _ = try await api.authorsCreate(body: AuthorRequest(name: ""))
        }
        try expect(found?.status == 400 && found?.message == "name: This field may not be blank.",
            "not Django REST framework's 400: \(String(describing: found))")
    }
    await live("a missing book") {
        let found = await failure { () async throws(ServiceError) in _ = try await api.booksRetrieve(id: 999_999) }
        try expect(found?.status == 404 && found?.message == "No Book matches the given query.",
            "\(String(describing: found))")
    }
""")


def serve(port):
    """Runs the service on the port (Django's WSGI application on Werkzeug's server, one request
    at a time, so that the database in memory is the same for each), until killed."""
    import logging
    from django.core.wsgi import get_wsgi_application
    from werkzeug.serving import run_simple
    call_command("migrate", run_syncdb=True, verbosity=0)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    run_simple("127.0.0.1", port, get_wsgi_application(), threaded=False)


def description():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return OpenApiYamlRenderer().render(schema, renderer_context={}).decode()


def rounds(seed, count):
    library = Library(seed)
    return [library.round() for _ in range(count)]


def main():
    parser = framework_parser(__doc__, COMMITTED_ROUNDS)
    parser.add_argument("--live", action="store_true", help="also run the service and call it with the generated client")
    parser.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        return serve(args.serve)
    checked = framework_rounds(args, description(), DESCRIPTION, PAYLOADS, rounds, COMMITTED_ROUNDS, "drf-spectacular")
    if checked is None:
        return
    process, url = started_service(__file__, args.seed) if args.live else (None, None)
    try:
        findings, output = check_rounds(
            DESCRIPTION, checked, courier_binary(), args.keep, "DRFPayloads", after=LIVE_CHECKS,
            environment={"LIBRARY_URL": url} if url else None, imports="import Courier\nimport Foundation\n")
        if url and output:
            findings += live_findings(output)
        sys.exit(1 if findings else 0)
    finally:
        if process:
            process.kill()


if __name__ == "__main__":
    main()
