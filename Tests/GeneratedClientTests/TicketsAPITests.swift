import Courier
import CourierTesting
import Foundation
import Testing
import TicketsAPI

/// The client generated from the description flask-smorest writes for a Flask and marshmallow
/// service (`Specs/tickets.json`, from `Scripts/smorest_tickets.py`), answered with what that
/// service sent (`Payloads/tickets.json`): its tickets, its pages and its errors.
@Suite struct TicketsAPITests {
    /// A recorded payload (`Payloads/tickets.json`): the first of `schema` whose text contains
    /// `containing`.
    static func recorded(_ schema: String, containing: String = "") throws -> String {
        let example = TicketsAPIExamples.all.first {
            ($0.name == "payload \(schema)" || $0.name.hasPrefix("payload \(schema) (round"))
                && $0.json.contains(containing)
        }
        return try #require(example).json
    }

    /// Ticket answers as the service sent them (JSON text), numbered 1 to `count`.
    static func tickets(_ count: Int) throws -> [String] {
        let answer = try JSONSerialization.jsonObject(with: Data(recorded("Ticket", containing: "created_at").utf8))
        let ticket = try #require(answer as? [String: Any])
        return try (1...count).map { number in
            String(
                decoding: try JSONSerialization.data(withJSONObject: ticket.merging(["id": number]) { $1 }),
                as: UTF8.self)
        }
    }

    /// flask-smorest's 422 gives no message of its own, only marshmallow's by field (sorted by
    /// name): the failure's message is the first, with where the field was sent.
    @Test func aValidationErrorSaysWhichFieldIsWrong() async throws {
        let body = try Self.recorded("Error", containing: #""json""#)
        let transport = StubTransport()
        transport.stub(.post, "/tickets/", with: .status(422, body: Data(body.utf8), contentType: "application/json"))
        let api = Tickets(baseURL: URL(string: "https://tickets.example")!) { $0.transport = transport }
        do {
            _ = try await api.postTickets(body: Ticket(title: "", reporter: Person(name: "Ada"), progress: 7))
            Issue.record("Expected the 422")
        } catch .server(let failure) {
            #expect(failure.status == 422)
            #expect(failure.message == "json.progress: Must be greater than or equal to 0 and less than or equal to 1.")
            let error = try #require(failure.body as? ErrorModel)
            #expect(error.code == 422 && error.status == "Unprocessable Entity" && error.errors?["json"] != nil)
        }
    }

    @Test func aMissingTicketIsA404WithTheServersMessage() async throws {
        let transport = StubTransport()
        transport.stub(
            .get, "/tickets/999999",
            with: .status(
                404, body: Data(try Self.recorded("Error", containing: "404").utf8), contentType: "application/json"))
        let api = Tickets(baseURL: URL(string: "https://tickets.example")!) { $0.transport = transport }
        await #expect {
            try await api.getTicketsByTicketID(ticketID: 999_999)
        } throws: { error in
            guard case .server(let failure) = error as? ServiceError else { return false }
            return failure.status == 404 && failure.message == "Ticket 999999 does not exist."
        }
    }

    /// flask-smorest answers a page past the last with an empty list (and tells the pages in its
    /// `X-Pagination` header, which the item sequence does not need): every ticket arrives once,
    /// in order, and the pages are asked for up to the first empty one. (A short page is not
    /// taken for the last: a server that caps the page size below the one asked for sends only
    /// short pages.)
    @Test(arguments: [0, 2, 3, 7])
    func theItemSequenceWalksFlaskSmorestsPages(total: Int) async throws {
        let all = try total == 0 ? [] : Self.tickets(total)
        let transport = StubTransport()
        let pagesAsked = Pages()
        transport.stub(
            .get, "/tickets/",
            with: .handler { request in
                let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                let page = Int(query.first { $0.name == "page" }?.value ?? "1") ?? 1
                let size = Int(query.first { $0.name == "page_size" }?.value ?? "3") ?? 3
                await pagesAsked.add(page)
                let slice = Array(all.dropFirst((page - 1) * size).prefix(size))
                return TransportResponse(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(("[" + slice.joined(separator: ",") + "]").utf8))
            })
        let api = Tickets(baseURL: URL(string: "https://tickets.example")!) { $0.transport = transport }
        var ids: [Int] = []
        for try await ticket in api.getTicketsItems(pageSize: 3) { ids.append(ticket.id ?? -1) }
        #expect(ids == Array((1...max(total, 1)).prefix(total)))
        #expect(await pagesAsked.pages == Array(1...((total + 2) / 3 + 1)))
    }

    actor Pages {
        private(set) var pages: [Int] = []
        func add(_ page: Int) { pages.append(page) }
    }
}
