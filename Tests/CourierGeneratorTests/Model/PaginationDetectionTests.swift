import CourierTestSupport
import Foundation
import Testing

@testable import CourierGenerator

/// Which list operations get an item sequence, and how it walks their pages.
@Suite(.onComputeThreads) struct PaginationDetectionTests {
    /// The generated text for one `GET /items` operation with these query parameters, response
    /// schema and response headers; `pagination` is what the configuration file says of it, as
    /// in `Specs/courier.yaml` (`{listItems: off}`).
    func generate(
        parameters: [String], response: String, headers: String = "{}", pagination: String? = nil
    ) throws -> String {
        let parameterList = parameters.map {
            "{name: \($0.split(separator: ":", maxSplits: 1)[0]), in: query, schema: {type: \($0.split(separator: ":", maxSplits: 1)[1])}}"
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
        let output = try Generator(moduleName: "TestAPI", pagination: try settings(pagination)).generate(
            text: yaml, displayPath: "Specs/test.yaml")
        return output.files.sorted { $0.path < $1.path }.map(\.contents).joined(separator: "\n")
    }

    /// The settings a configuration's `pagination:` mapping gives, read as the manifest reads them.
    func settings(_ pagination: String?) throws -> [String: PaginationSetting] {
        guard let pagination else { return [:] }
        let node = try DocumentReader.read(Array(pagination.utf8), file: "Specs/courier.yaml", format: .yaml)
        var settings: [String: PaginationSetting] = [:]
        for (operation, setting) in node.mapping?.entries ?? [] {
            settings[operation] = try PaginationSetting.read(setting, pointer: "#/pagination/\(operation)")
        }
        return settings
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
        // A cursor the page gives (`after` = `last_id`), the array optional: the page's own
        // cursor rather than the last item's id.
        (
            ["after:string"],
            "{type: object, properties: {data: {type: array, items: \(item)}, last_id: {type: string}, has_more: {type: boolean}}}",
            "{}",
            #".cursor("after", items: { $0.data ?? [] }, hasMore: { $0.hasMore ?? false }, cursor: { $0.lastID })"#
        ),
        // GraphQL-style `pageInfo`: `after` = `pageInfo.endCursor`, an opaque cursor, while
        // `pageInfo.hasNextPage`; not the last item's id.
        (
            ["first:integer", "after:string"],
            "{type: object, required: [nodes, pageInfo], properties: {nodes: {type: array, items: \(item)}, pageInfo: {type: object, required: [hasNextPage], properties: {hasNextPage: {type: boolean}, endCursor: {type: [string, 'null']}}}}}",
            "{}",
            #".cursor("after", items: { $0.nodes }, hasMore: { $0.pageInfo.hasNextPage }, cursor: { $0.pageInfo.endCursor })"#
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
        // Box's `format: int64` offset and total, read as `Int`.
        (
            ["offset:integer, format: int64"],
            "{type: object, properties: {entries: {type: array, items: \(item)}, total_count: {type: integer, format: int64}}}",
            "{}",
            #".offset("offset", items: { $0.entries ?? [] }, total: { $0.totalCount.map { Int(clamping: $0) } })"#
        ),
        // Box: `entries` beside another array (`order`) holds the items.
        (
            ["marker:string"],
            "{type: object, properties: {order: {type: array, items: {type: string}}, entries: {type: array, items: \(item)}, next_marker: {type: string}}}",
            "{}",
            #".cursor("marker", items: { $0.entries ?? [] }, cursor: { $0.nextMarker })"#
        ),
        // Box: a marker and an offset up to a total: the offset, which works without `usemarker`.
        (
            ["marker:string", "offset:integer", "usemarker:boolean"],
            "{type: object, properties: {entries: {type: array, items: \(item)}, next_marker: {type: string}, total_count: {type: integer}}}",
            "{}",
            #".offset("offset", items: { $0.entries ?? [] }, total: { $0.totalCount })"#
        ),
        // GitHub: a bare array with a `Link` header.
        (
            ["page:integer", "per_page:integer"], "{type: array, items: \(item)}",
            "{Link: {schema: {type: string}}}", #".linkHeader(items: { $0 })"#
        ),
        // Discourse-style page numbers.
        (["page:integer"], "{type: array, items: \(item)}", "{}", #".pageNumber("page", items: { $0 })"#),
        // ZenML: page numbers up to the page's `total_pages` (a page past it is a 400).
        (
            ["page:integer", "size:integer"],
            "{type: object, required: [items, total_pages], properties: {index: {type: integer}, total_pages: {type: integer}, items: {type: array, items: \(item)}}}",
            "{}",
            #".pageNumber("page", items: { $0.items }, pageCount: { $0.totalPages })"#
        ),
        // Laravel: `meta.last_page`, an optional object's field.
        (
            ["page:integer"],
            "{type: object, properties: {data: {type: array, items: \(item)}, meta: {type: object, properties: {last_page: {type: integer, format: int64}}}}}",
            "{}",
            #".pageNumber("page", items: { $0.data ?? [] }, pageCount: { ($0.meta?.lastPage).map { Int(clamping: $0) } })"#
        ),
        // Paging fields grouped in an object of the page. Slack: `cursor` = `response_metadata.next_cursor`.
        (
            ["cursor:string", "limit:integer"],
            "{type: object, properties: {ok: {type: boolean}, members: {type: array, items: \(item)}, response_metadata: {type: object, properties: {next_cursor: {type: string}}}}}",
            "{}",
            #".cursor("cursor", items: { $0.members ?? [] }, cursor: { $0.responseMetadata?.nextCursor })"#
        ),
        // JSON:API and Laravel: `links.next`, the page number in it.
        (
            ["page:integer"],
            "{type: object, required: [data, links], properties: {data: {type: array, items: \(item)}, links: {type: object, properties: {next: {type: [string, 'null']}, prev: {type: [string, 'null']}}}, meta: {type: object, properties: {current_page: {type: integer}}}}}",
            "{}",
            #".nextURL(items: { $0.data }, next: { $0.links.next })"#
        ),
        // HAL: `_links.next.href`.
        (
            [],
            "{type: object, properties: {items: {type: array, items: \(item)}, _links: {type: object, properties: {next: {type: object, required: [href], properties: {href: {type: string, format: uri}}}}}}}",
            "{}",
            #".nextURL(items: { $0.items ?? [] }, next: { $0.links?.next?.href.absoluteString })"#
        ),
        // Facebook's Graph API: `paging.next` beside `paging.cursors`.
        (
            ["after:string", "limit:integer"],
            "{type: object, properties: {data: {type: array, items: \(item)}, paging: {type: object, properties: {cursors: {type: object, properties: {after: {type: string}}}, next: {type: string, format: uri}}}}}",
            "{}",
            #".nextURL(items: { $0.data ?? [] }, next: { $0.paging?.next?.absoluteString })"#
        ),
        // OData (Microsoft Graph): `value` and `@odata.nextLink`.
        (
            ["$top:integer"],
            "{type: object, properties: {value: {type: array, items: \(item)}, '@odata.nextLink': {type: [string, 'null']}, '@odata.count': {type: integer}}}",
            "{}",
            #".nextURL(items: { $0.value ?? [] }, next: { $0.odataNextLink })"#
        ),
        // An offset up to a total the page keeps in `meta`.
        (
            ["offset:integer"],
            "{type: object, required: [items], properties: {items: {type: array, items: \(item)}, meta: {type: object, properties: {total_count: {type: integer, format: int64}}}}}",
            "{}",
            #".offset("offset", items: { $0.items }, total: { ($0.meta?.totalCount).map { Int(clamping: $0) } })"#
        ),
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
        // Two arrays, neither named as lists name their items: which holds them is not said.
        (
            ["starting_after:string"],
            "{type: object, properties: {found: {type: array, items: \(item)}, other: {type: array, items: \(item)}, has_more: {type: boolean}}}"
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
            parameters: ["page:integer"], response: "{type: array, items: \(Self.item)}", pagination: "{listItems: off}"
        )
        #expect(!text.contains("listItemsItems("))
    }

    @Test(arguments: [
        // A cursor parameter and field no convention names.
        (
            ["from:string"],
            "{type: object, properties: {records: {type: array, items: \(item)}, continue_from: {type: string}, more: {type: boolean}}}",
            "{style: cursor, parameter: from, next: continue_from, hasMore: more}",
            #".cursor("from", items: { $0.records ?? [] }, hasMore: { $0.more ?? false }, cursor: { $0.continueFrom })"#
        ),
        // The last item's `name` as the cursor, the items named where the page has two arrays.
        (
            ["since:string"],
            "{type: object, required: [data], properties: {data: {type: array, items: \(item)}, other: {type: array, items: {type: string}}}}",
            "{style: cursor, parameter: since, lastItem: name, items: data}",
            #".cursor("since", items: { $0.data }, cursor: { $0.data.last?.name })"#
        ),
        // A next URL in a field detection does not know.
        (
            ["skip:integer"],
            "{type: object, required: [values], properties: {values: {type: array, items: \(item)}, links_next: {type: string, format: uri}}}",
            "{style: next-url, next: links_next, parameter: skip}",
            #".nextURL(items: { $0.values }, next: { $0.linksNext?.absoluteString })"#
        ),
        // A field in an object of the page, named by its path.
        (
            ["skip:integer"],
            "{type: object, required: [values], properties: {values: {type: array, items: \(item)}, nav: {type: object, properties: {forward: {type: string}}}}}",
            "{style: next-url, next: nav.forward, parameter: skip}",
            #".nextURL(items: { $0.values }, next: { $0.nav?.forward })"#
        ),
        // A `Link` header the description does not declare.
        (
            ["page:integer"], "{type: array, items: \(item)}", "{style: link-header, parameter: page}",
            #".linkHeader(items: { $0 })"#
        ),
        // An offset named otherwise, up to a total named otherwise.
        (
            ["skip:integer"],
            "{type: object, required: [entries, count], properties: {entries: {type: array, items: \(item)}, count: {type: integer}}}",
            "{style: offset, parameter: skip, total: count}",
            #".offset("skip", items: { $0.entries }, total: { $0.count })"#
        ),
        // Page numbers in a parameter named otherwise.
        (
            ["p:integer"], "{type: array, items: \(item)}", "{style: page-number, parameter: p}",
            #".pageNumber("p", items: { $0 })"#
        ),
        // Page numbers up to a page count named otherwise.
        (
            ["page:integer"],
            "{type: object, required: [rows, pages], properties: {rows: {type: array, items: \(item)}, pages: {type: integer}}}",
            "{style: page-number, pageCount: pages}",
            #".pageNumber("page", items: { $0.rows }, pageCount: { $0.pages })"#
        ),
        // A declaration replaces what detection would choose (`page` numbers here, not the offset).
        (
            ["offset:integer", "page:integer"], "{type: array, items: \(item)}", "{style: page-number}",
            #".pageNumber("page", items: { $0 })"#
        ),
    ])
    func theConfigurationDeclaresHowAnOperationPages(
        parameters: [String], response: String, declaration: String, expected: String
    ) throws {
        let text = try generate(parameters: parameters, response: response, pagination: "{listItems: \(declaration)}")
        #expect(text.contains("public func listItemsItems("))
        #expect(text.contains(expected))
    }

    @Test func theDeclaredParameterIsLeftOutOfTheItemSequence() throws {
        let text = try generate(
            parameters: ["from:string", "limit:integer"],
            response:
                "{type: object, required: [records], properties: {records: {type: array, items: \(Self.item)}, continue_from: {type: string}}}",
            pagination: "{listItems: {style: cursor, parameter: from, next: continue_from}}")
        #expect(text.contains("public func listItemsItems(limit: Swift.Int? = nil, maximumPages: Swift.Int = 1000)"))
        #expect(text.contains("Endpoints.listItems(from: nil, limit: limit)"))
    }

    @Test(arguments: [
        // An operation id the description does not have.
        ("{listThings: off}", "`pagination` names `listThings`, which is not an operation id of the description."),
        ("{listThings: {style: page-number}}", "`pagination` names `listThings`"),
        // A parameter the operation does not have, or of the wrong type.
        (
            "{listItems: {style: cursor, parameter: from, next: next_cursor}}",
            "`from` is not a string query parameter of the operation (its query parameters: `page`, `cursor`)"
        ),
        ("{listItems: {style: offset}}", "`offset` is not an integer query parameter"),
        ("{listItems: {style: cursor, parameter: page, next: next_cursor}}", "`page` is not a string query parameter"),
        // A field the page does not have.
        (
            "{listItems: {style: cursor, parameter: cursor, next: following}}",
            "the page has no string field `following`."
        ),
        ("{listItems: {style: cursor, parameter: cursor, lastItem: uuid}}", "the items have no string field `uuid`."),
        ("{listItems: {style: next-url, next: data}}", "the page has no string or URL field `data`."),
        ("{listItems: {style: page-number, items: entries}}", "the response has no array field `entries`."),
        // Keys that do not fit together, and keys or styles that do not exist.
        ("{listItems: {style: cursor, parameter: cursor}}", "needs one of `next`"),
        ("{listItems: {style: cursor, next: next_cursor}}", "The `cursor` style needs `parameter`"),
        ("{listItems: {style: next-url}}", "The `next-url` style needs `next`"),
        ("{listItems: {style: page-number, total: count}}", "`total` does not apply to the `page-number` style."),
        (
            "{listItems: {style: pages}}",
            "`style` must be one of `cursor`, `next-url`, `link-header`, `offset`, `page-number`."
        ),
        (
            "{listItems: {style: cursor, parameter: cursor, next: next_cursor, limit: limit}}",
            "Unknown pagination key `limit`"
        ),
        (
            "{listItems: {style: cursor, parameter: [cursor], next: next_cursor}}",
            "`parameter` names a field or parameter: give it as a string."
        ),
        ("{listItems: on}", "A pagination setting is `off` or a mapping with `style`"),
    ])
    func aSettingThatDoesNotFitIsAnErrorAtItsLine(pagination: String, message: String) throws {
        do {
            _ = try generate(
                parameters: ["page:integer", "cursor:string"],
                response:
                    "{type: object, properties: {data: {type: array, items: \(Self.item)}, next_cursor: {type: string}}}",
                pagination: pagination)
            Issue.record("No error for \(pagination)")
        } catch let error as GenerationError {
            #expect(error.message.contains(message), "\(error.message)")
            #expect(
                error.location.file == "Specs/courier.yaml" && error.location.line == 1 && error.location.column > 1)
        }
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
