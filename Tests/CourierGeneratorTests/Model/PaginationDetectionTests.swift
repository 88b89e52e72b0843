import Foundation
import Testing

@testable import CourierGenerator

/// Which list operations get an item sequence, and how it walks their pages.
@Suite struct PaginationDetectionTests {
    /// The generated text for one `GET /items` operation with these query parameters, response
    /// schema and response headers; `unpaged` lists the operations the configuration switches off.
    func generate(
        parameters: [String], response: String, headers: String = "{}", unpaged: Set<String> = []
    ) throws -> String {
        let parameterList = parameters.map {
            "{name: \($0.split(separator: ":")[0]), in: query, schema: {type: \($0.split(separator: ":")[1])}}"
        }
        let yaml = """
            openapi: 3.1.0
            info: {title: Test, version: "1"}
            paths:
              /items:
                get:
                  operationId: listItems
                  parameters: [\(parameterList.joined(separator: ", "))]
                  responses:
                    '200':
                      description: ok
                      headers: \(headers)
                      content: {application/json: {schema: \(response)}}
            components:
              schemas:
                Item: {type: object, required: [id], properties: {id: {type: string}, name: {type: string}}}
            """
        let output = try Generator(moduleName: "TestAPI", unpaged: unpaged).generate(
            text: yaml, displayPath: "Specs/test.yaml")
        return output.files.sorted { $0.path < $1.path }.map(\.contents).joined(separator: "\n")
    }

    static let item = "{$ref: '#/components/schemas/Item'}"

    @Test(arguments: [
        // Stripe: `starting_after` = the last item's id, while `has_more`.
        (
            ["limit:integer", "starting_after:string"],
            "{type: object, required: [data, has_more], properties: {data: {type: array, items: \(item)}, has_more: {type: boolean}}}",
            "{}",
            #".cursor("starting_after", items: { $0.data }, hasMore: { $0.hasMore }, cursor: { $0.data.last?.id })"#
        ),
        // A cursor the page gives (`after` = `last_id`), the array optional.
        (
            ["after:string"],
            "{type: object, properties: {data: {type: array, items: \(item)}, last_id: {type: string}, has_more: {type: boolean}}}",
            "{}",
            #".cursor("after", items: { $0.data ?? [] }, hasMore: { $0.hasMore ?? false }, cursor: { $0.data?.last?.id })"#
        ),
        // Box: `marker` = `next_marker`.
        (
            ["marker:string", "limit:integer"],
            "{type: object, properties: {entries: {type: array, items: \(item)}, next_marker: {type: string}}}",
            "{}",
            #".cursor("marker", items: { $0.entries ?? [] }, cursor: { $0.nextMarker })"#
        ),
        // Spotify: the `next` URL, which carries the offset.
        (
            ["offset:integer", "limit:integer"],
            "{type: object, required: [items], properties: {items: {type: array, items: \(item)}, next: {type: string}, total: {type: integer}}}",
            "{}",
            #".nextURL(items: { $0.items }, next: { $0.next })"#
        ),
        // Box's offset up to `total_count`.
        (
            ["offset:integer"],
            "{type: object, required: [entries], properties: {entries: {type: array, items: \(item)}, total_count: {type: integer}}}",
            "{}",
            #".offset("offset", items: { $0.entries }, total: { $0.totalCount })"#
        ),
        // GitHub: a bare array with a `Link` header.
        (
            ["page:integer", "per_page:integer"], "{type: array, items: \(item)}",
            "{Link: {schema: {type: string}}}", #".linkHeader(items: { $0 })"#
        ),
        // Discourse-style page numbers.
        (["page:integer"], "{type: array, items: \(item)}", "{}", #".pageNumber("page", items: { $0 })"#),
    ])
    func aPagedListGetsAnItemSequence(parameters: [String], response: String, headers: String, expected: String) throws
    {
        let text = try generate(parameters: parameters, response: response, headers: headers)
        #expect(text.contains("public func listItemsItems("))
        #expect(text.contains(expected))
    }

    @Test(arguments: [
        // No paging parameter or field.
        (["limit:integer"], "{type: object, properties: {data: {type: array, items: \(item)}}}"),
        // Two arrays: which holds the items is not said.
        (
            ["starting_after:string"],
            "{type: object, properties: {data: {type: array, items: \(item)}, other: {type: array, items: \(item)}, has_more: {type: boolean}}}"
        ),
        // A cursor parameter without anything that gives the cursor.
        (["cursor:string"], "{type: object, properties: {data: {type: array, items: \(item)}}}"),
        // Not a list.
        (["page:integer"], item),
    ])
    func anythingElseGetsNone(parameters: [String], response: String) throws {
        #expect(try !generate(parameters: parameters, response: response).contains("listItemsItems("))
    }

    @Test func theWalkedParameterIsLeftOutAndTheFirstPageSendsNone() throws {
        let text = try generate(
            parameters: ["limit:integer", "starting_after:string"],
            response:
                "{type: object, required: [data, has_more], properties: {data: {type: array, items: \(Self.item)}, has_more: {type: boolean}}}"
        )
        #expect(text.contains("public func listItemsItems(limit: Swift.Int? = nil, maximumPages: Swift.Int = 1000)"))
        #expect(text.contains("Endpoints.listItems(limit: limit, startingAfter: nil)"))
    }

    @Test func theConfigurationSwitchesAnOperationOff() throws {
        let text = try generate(
            parameters: ["page:integer"], response: "{type: array, items: \(Self.item)}", unpaged: ["listItems"])
        #expect(!text.contains("listItemsItems("))
    }

    /// Stripe's description (in `Specs/`): how many list operations get an item sequence, and
    /// how, pinned so that a change to detection is seen. Read from the committed generated
    /// client, which `courier generate-all --check` keeps equal to the generator's output.
    @Test func stripesListsArePinned() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appending(path: "Sources/Generated/StripeAPI/Operations")
        var text = ""
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            text += try String(contentsOf: folder.appending(path: file), encoding: .utf8)
        }
        func count(_ pattern: String) -> Int { text.components(separatedBy: pattern).count - 1 }
        #expect(count("client.pages(") == 95)
        #expect(count(">.cursor(\"starting_after\", ") == 88)
        #expect(count(">.cursor(\"page\", ") == 7)
        #expect(text.contains("public func getCustomersItems(created: GetCustomersCreated? = nil"))
    }
}
