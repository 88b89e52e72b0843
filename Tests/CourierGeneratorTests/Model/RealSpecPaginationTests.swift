import CourierTestSupport
import Foundation
import Testing

@testable import CourierGenerator

/// Which list operations of real public descriptions get an item sequence, and how they page,
/// pinned so that a change to detection is a decision. The descriptions are copies in
/// `RealSpecs/` (see its README); Stripe's, the sixth, is pinned by
/// `PaginationDetectionTests.stripesListsArePinned`.
///
/// Each generation takes seconds of CPU: they run one at a time, off the threads that run tasks,
/// so that the timing-sensitive tests alongside keep their threads and a core.
@Suite(.serialized, .onComputeThreads) struct RealSpecPaginationTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        /// The file in `RealSpecs/`.
        var file: String
        /// How many item sequences each strategy gives (`linkHeader`, `cursor`, …).
        var strategies: [String: Int]
        /// One operation's item sequence, and the pagination it is generated with.
        var example: (method: String, pagination: String)

        var testDescription: String { file }
    }

    static let expectations: [Expectation] = [
        // GitHub: `Link` headers on most lists, `page` numbers on the rest.
        Expectation(
            file: "github-api.github.com-2022-07.json", strategies: ["linkHeader": 159, "pageNumber": 44],
            example: (
                "reposListForOrgItems",
                "Courier.Pagination<[MinimalRepository], MinimalRepository>.linkHeader(items: { $0 })"
            )),
        // Box: `marker` and `next_marker`; offsets up to an `int64` total, where an operation
        // offers both (its marker needs `usemarker`); `entries` beside an `order` array.
        Expectation(
            file: "box-openapi.json", strategies: ["cursor": 37, "offset": 13],
            example: (
                "getFoldersIDItemsItems",
                #"Courier.Pagination<Items, Item>.offset("offset", items: { $0.entries ?? [] }, total: { $0.totalCount.map { Int(clamping: $0) } })"#
            )),
        // Twilio: the `next_page_uri` path.
        Expectation(
            file: "twilio_api_v2010.yaml", strategies: ["nextURL": 60],
            example: (
                "listAccountItems",
                "Courier.Pagination<ListAccountResponse, APIV2010Account>.nextURL(items: { $0.accounts ?? [] }, next: { $0.nextPageURI?.absoluteString })"
            )),
        // Spotify: the `next` URL.
        Expectation(
            file: "spotify-fixed.yaml", strategies: ["nextURL": 16],
            example: (
                "getAListOfCurrentUsersPlaylistsItems",
                "Courier.Pagination<PagingPlaylistObject, SimplifiedPlaylistObject>.nextURL(items: { $0.items }, next: { $0.next })"
            )),
        // Discourse: `page` numbers on bare arrays.
        Expectation(
            file: "discourse-openapi.json", strategies: ["pageNumber": 3],
            example: (
                "adminListUsersItems",
                #"Courier.Pagination<[AdminListUsersResponseItem], AdminListUsersResponseItem>.pageNumber("page", items: { $0 })"#
            )),
    ]

    @Test(arguments: expectations)
    func theItemSequencesArePinned(_ expectation: Expectation) throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "RealSpecs")
        let output = try Generator(moduleName: "RealAPI").generate(
            specFile: folder.appending(path: expectation.file), displayPath: "RealSpecs/\(expectation.file)")
        let operations = output.files.filter { $0.path.hasPrefix("Operations/") }.map(\.contents).joined()
        var strategies: [String: Int] = [:]
        for line in operations.split(separator: "\n") where line.contains("client.pages(") {
            let strategy = try #require(line.firstMatch(of: /\>\.(\w+)\(/)?.output.1)
            strategies[String(strategy), default: 0] += 1
        }
        #expect(strategies == expectation.strategies)
        let lines = operations.split(separator: "\n")
        let method = try #require(lines.firstIndex { $0.contains("func \(expectation.example.method)(") })
        #expect(lines[method + 1].contains(", \(expectation.example.pagination), maximumPages: maximumPages)"))
    }
}
