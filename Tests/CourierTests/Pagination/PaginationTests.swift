import CourierTestSupport
import Foundation
import Testing

@testable import Courier

/// Every pagination strategy against the loopback server's paged lists (`/pages/STYLE/NS`):
/// whole lists of every length, a page that fails, cancellation between pages, and the
/// maximum-pages guard. Each test has a namespace of its own, whose requests the server counts.
@Suite struct PaginationTests {
    let server = TestServer.shared

    struct Item: Decodable, Sendable, Equatable {
        var id: String
        var n: Int
    }
    struct CursorPage: Decodable, Sendable {
        var data: [Item]
        var hasMore: Bool
        enum CodingKeys: String, CodingKey {
            case data
            case hasMore = "has_more"
        }
    }
    struct NextPage: Decodable, Sendable {
        var items: [Item]
        var next: String?
    }
    struct NumberedPage: Decodable, Sendable { var items: [Item] }
    struct CountedPage: Decodable, Sendable {
        var items: [Item]
        var totalPages: Int
        enum CodingKeys: String, CodingKey {
            case items
            case totalPages = "total_pages"
        }
    }
    struct OffsetPage: Decodable, Sendable {
        var items: [Item]
        var totalCount: Int
        enum CodingKeys: String, CodingKey {
            case items
            case totalCount = "total_count"
        }
    }

    /// One way an API pages its lists: how to read all of a list's items, `limit` a page.
    struct Strategy: Sendable, CustomTestStringConvertible {
        let name: String
        let read:
            @Sendable (APIClient, _ namespace: String, _ total: Int, _ extra: [QueryItem], _ maximumPages: Int)
                -> Pages<JSONValue, Item>.Items
        var testDescription: String { name }
    }

    /// Decodes a page as `Page` through `JSONValue`, so that every strategy has one sequence type.
    static func strategy<Page: Decodable & Sendable>(
        _ name: String, style: String, _ page: Page.Type, query: [QueryItem],
        _ make: @escaping @Sendable (@escaping @Sendable (JSONValue) -> Page) -> Pagination<JSONValue, Item>
    ) -> Strategy {
        Strategy(name: name) { client, namespace, total, extra, maximumPages in
            let decode: @Sendable (JSONValue) -> Page = { value in
                // The value came from JSON: it always encodes, and decodes as the page.
                let data = (try? JSONEncoder().encode(value)) ?? Data()
                return try! JSONDecoder().decode(Page.self, from: data)
            }
            let endpoint = Endpoint<JSONValue>.get("/pages/\(style)/\(namespace)", query: query + extra)
                .query("total", total)
            return client.pages(endpoint, make(decode), maximumPages: maximumPages).items
        }
    }

    static let strategies: [Strategy] = [
        strategy("Link header (GitHub)", style: "link", [Item].self, query: [.init(name: "per_page", value: "3")]) {
            decode in .linkHeader { decode($0) }
        },
        strategy(
            "cursor from the last item (Stripe)", style: "cursor", CursorPage.self,
            query: [.init(name: "limit", value: "3")]
        ) {
            decode in
            .cursor(
                "starting_after", items: { decode($0).data }, hasMore: { decode($0).hasMore },
                cursor: { decode($0).data.last?.id })
        },
        strategy(
            "next URL in the body (Spotify)", style: "next", NextPage.self, query: [.init(name: "limit", value: "3")]
        ) {
            decode in .nextURL(items: { decode($0).items }, next: { decode($0).next })
        },
        strategy(
            "next path in the body (Twilio)", style: "next", NextPage.self,
            query: [.init(name: "limit", value: "3"), .init(name: "relative", value: "1")]
        ) { decode in .nextURL(items: { decode($0).items }, next: { decode($0).next }) },
        strategy("page numbers", style: "number", NumberedPage.self, query: [.init(name: "size", value: "3")]) {
            decode in .pageNumber(items: { decode($0).items })
        },
        // A page past the last is a 400, so the walk must stop at the page count.
        strategy(
            "page numbers up to a page count (ZenML)", style: "counted", CountedPage.self,
            query: [.init(name: "size", value: "3")]
        ) {
            decode in .pageNumber(items: { decode($0).items }, pageCount: { decode($0).totalPages })
        },
        strategy(
            "offset with a total (Box)", style: "offset", OffsetPage.self, query: [.init(name: "limit", value: "3")]
        ) {
            decode in .offset(items: { decode($0).items }, total: { decode($0).totalCount })
        },
    ]

    func hits(_ style: String, _ namespace: String) async throws -> Int {
        struct Hits: Decodable { var hits: Int }
        return try await server.client().send(
            Endpoint<Hits>.get("/__hits").query("path", "/pages/\(style)/\(namespace)").option(.notCoalesced)
        ).hits
    }

    /// The items a walk hands out before it throws, and what it throws (an issue if it does not).
    func itemsBeforeFailure(_ items: Pages<JSONValue, Item>.Items) async -> (seen: [Int], error: ServiceError?) {
        var seen: [Int] = []
        let error = await #expect(throws: ServiceError.self) {
            for try await item in items { seen.append(item.n) }
        }
        return (seen, error)
    }

    let styleOf = [
        "Link header (GitHub)": "link", "cursor from the last item (Stripe)": "cursor",
        "next URL in the body (Spotify)": "next", "next path in the body (Twilio)": "next",
        "page numbers": "number", "page numbers up to a page count (ZenML)": "counted",
        "offset with a total (Box)": "offset",
    ]

    @Test(arguments: strategies, [0, 1, 3, 7, 10])
    func everyItemArrivesInOrder(strategy: Strategy, total: Int) async throws {
        let items = strategy.read(server.client(), UUID().uuidString, total, [], 100)
        var seen: [Int] = []
        for try await item in items { seen.append(item.n) }
        #expect(seen == Array(0..<total))
    }

    @Test(arguments: strategies)
    func aPageThatFailsThrowsAfterTheItemsBeforeIt(strategy: Strategy) async throws {
        let items = strategy.read(server.client(), UUID().uuidString, 9, [.init(name: "fail", value: "2")], 100)
        let (seen, error) = await itemsBeforeFailure(items)
        #expect(seen == [0, 1, 2])
        guard case .server(let failure) = error else {
            Issue.record("Expected the failing page's server error, got \(String(describing: error))")
            return
        }
        #expect(failure.status == 500)
        // The failure's request names the page that failed.
        #expect(failure.request.url.query?.isEmpty == false)
        #expect(failure.message == "page 2 failed")
    }

    @Test(arguments: strategies)
    func leavingOrCancellingBetweenPagesSendsNoFurtherRequest(strategy: Strategy) async throws {
        let namespace = UUID().uuidString
        var iterator = strategy.read(server.client(), namespace, 9, [], 100).makeAsyncIterator()
        for expected in 0..<3 { #expect(try await iterator.next()?.n == expected) }
        #expect(try await hits(styleOf[strategy.name]!, namespace) == 1, "Only the first page is fetched")

        // A task cancelled between pages asks for nothing more.
        let (pageRead, signal) = AsyncStream.makeStream(of: Void.self)
        let (proceed, go) = AsyncStream.makeStream(of: Void.self)
        let reader = Task {
            var items = strategy.read(server.client(), namespace, 9, [], 100).makeAsyncIterator()
            for _ in 0..<3 { _ = try await items.next() }
            signal.yield()
            for await _ in proceed { break }
            _ = try await items.next()
        }
        for await _ in pageRead { break }
        reader.cancel()
        go.yield()
        let result = await reader.result
        #expect(throws: ServiceError.self) { try result.get() }
        #expect(try await hits(styleOf[strategy.name]!, namespace) == 2, "A cancelled loop fetched another page")
    }

    @Test(arguments: strategies)
    func theMaximumNumberOfPagesIsAGuard(strategy: Strategy) async throws {
        let namespace = UUID().uuidString
        let items = strategy.read(server.client(), namespace, 30, [], 2)
        let (seen, error) = await itemsBeforeFailure(items)
        #expect(seen == Array(0..<6))
        guard case .invalidRequest(let invalid) = error else {
            Issue.record("Expected the guard's error, got \(String(describing: error))")
            return
        }
        #expect("\(invalid)".contains("more than 2 pages"))
        #expect(try await hits(styleOf[strategy.name]!, namespace) == 2)
    }

    /// A server that ignores the paging parameter answers the first page again: the walk stops
    /// with an error at the second page rather than repeat the first page's items.
    @Test(arguments: strategies)
    func aServerThatAnswersTheSamePageAgainIsAnError(strategy: Strategy) async throws {
        let namespace = UUID().uuidString
        let items = strategy.read(server.client(), namespace, 9, [.init(name: "stuck", value: "1")], 100)
        let (seen, error) = await itemsBeforeFailure(items)
        #expect(seen == [0, 1, 2])
        guard case .invalidRequest(let invalid) = error else {
            Issue.record("Expected the repeated page's error, got \(String(describing: error))")
            return
        }
        #expect("\(invalid)".contains("Page 2 is the same as page 1"))
        #expect(try await hits(styleOf[strategy.name]!, namespace) == 2)
    }

    @Test func linkHeadersAreReadByTheStandard() {
        let header =
            #"<https://api.github.com/repos?page=3>; rel="prev last", <https://api.github.com/repos?page=2>; rel=next"#
        let response = Response(
            value: JSONValue.null,
            request: TransportRequest(method: .get, url: URL(string: "https://api.github.com/repos")!),
            http: TransportResponse(status: 200, headers: ["Link": header]),
            startedAt: Date(), duration: .zero)
        let next = Pagination<JSONValue, Item>.linkHeader { _ in [] }.next(response, .get("/repos"))
        #expect(next?.path == .absolute(URL(string: "https://api.github.com/repos?page=2")!))
    }
}
