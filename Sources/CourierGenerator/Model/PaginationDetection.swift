/// How a list operation pages, as the generated item sequence walks it.
struct PaginationModel: Equatable {
    /// The query parameter the walk sets itself (a cursor, page number or offset), left out of
    /// the item sequence's arguments; `nil` when the next page is a URL.
    var parameter: String?
    /// The page type (the operation's response).
    var pageType: SwiftType
    /// The type of one item.
    var itemType: SwiftType
    /// The `Courier.Pagination` expression.
    var expression: String
    /// How the walk finds the next page, for the method's documentation.
    var summary: String
}

/// Recognises paged list operations from what a description says of them: a GET whose success
/// response holds one array of items, with the query parameter and response fields by which
/// public APIs page (cursors such as `starting_after`, `after`, `cursor`, `marker`, `page_token`;
/// `has_more`-style flags; next-page URLs; page numbers; offsets with totals), or a `Link`
/// response header.
///
/// The names are the conventions many APIs share, not one description's: Stripe, OpenAI-style
/// APIs, Box, Slack, Google, Twilio, Spotify, GitHub and Discourse each use some of them. A
/// description where detection guesses wrong is corrected per operation in `Specs/courier.yaml`
/// (`pagination:`).
enum PaginationDetection {
    /// Parameters that take the last item's `id`.
    static let lastItemCursors = ["starting_after", "after"]
    /// Parameters that take a cursor the page gives.
    static let cursorParameters = [
        "cursor", "marker", "page_token", "pageToken", "next_token", "nextToken", "continuation",
        "continuation_token", "after", "starting_after", "page",
    ]
    /// Fields that give the next page's cursor.
    static let nextCursorFields = [
        "next_cursor", "nextCursor", "next_marker", "nextMarker", "next_page_token", "nextPageToken", "next_token",
        "nextToken", "next_page", "nextPage", "last_id", "lastId",
    ]
    /// Fields that say whether another page follows.
    static let hasMoreFields = ["has_more", "hasMore", "has_next", "hasNext", "has_next_page", "hasNextPage"]
    /// Fields that give the next page's URL or path.
    static let nextURLFields = ["next", "next_page_uri", "next_page_url", "nextPageUrl", "next_url", "nextUrl"]
    /// Fields that give the number of items in the whole list.
    static let totalFields = ["total_count", "totalCount", "total", "total_entries", "total_results", "totalResults"]

    /// Sets the pagination of each operation that pages.
    /// - Parameters:
    ///   - operations: The operations.
    ///   - declarations: The generated types.
    ///   - linkHeaders: The operations (by operation id) whose success response declares `Link`.
    ///   - unpaged: The operations (by operation id) the configuration file switches off.
    static func detect(
        _ operations: inout [OperationModel], declarations: DeclarationIndex, linkHeaders: Set<String>,
        unpaged: Set<String>
    ) {
        var taken = Set(operations.map { "\($0.client).\($0.swiftName)" })
        for index in operations.indices {
            let operation = operations[index]
            if unpaged.contains(operation.operationID) { continue }
            guard
                let model = pagination(
                    of: operation, declarations: declarations,
                    linkHeader: linkHeaders.contains(operation.operationID))
            else { continue }
            // The item sequence's name must not be another operation's.
            guard taken.insert("\(operation.client).\(operation.swiftName)Items").inserted else { continue }
            operations[index].pagination = model
        }
    }

    static func pagination(
        of operation: OperationModel, declarations: DeclarationIndex, linkHeader: Bool
    ) -> PaginationModel? {
        guard operation.method == "GET", case .decoded(let pageType) = operation.response else { return nil }
        var queries: [String: ParameterModel] = [:]
        for parameter in operation.parameters where parameter.location == .query && parameter.valueExpression == nil {
            queries[parameter.name] = parameter
        }
        func parameter(_ names: [String], _ type: SwiftType) -> ParameterModel? {
            for name in names {
                if let parameter = queries[name], declarations.resolved(parameter.type) == type, !parameter.isRequired {
                    return parameter
                }
            }
            return nil
        }
        let pagination = "Courier.Pagination<\(pageType.code), "
        // A bare array: the `Link` header, the page number or the offset is the only way on.
        if case .array(let item) = declarations.resolved(pageType) {
            return counted(
                pageType, item: item, prefix: pagination + "\(item.code)>", items: "items: { $0 }",
                linkHeader: linkHeader, total: nil, pageFirst: true, parameter: parameter)
        }
        guard case .structure(let page)? = declarations.declaration(of: pageType) else { return nil }
        let arrays = page.properties.filter {
            if case .array = declarations.resolved($0.type) { true } else { false }
        }
        guard arrays.count == 1, case .array(let item) = declarations.resolved(arrays[0].type) else { return nil }
        let list = arrays[0]
        let items = "items: { $0.\(list.swiftName)\(list.isOptional ? " ?? []" : "") }"
        func field(_ names: [String], _ types: [SwiftType]) -> PropertyModel? {
            for name in names {
                if let property = page.properties.first(where: { $0.jsonName == name }),
                    types.contains(declarations.resolved(property.type))
                {
                    return property
                }
            }
            return nil
        }
        let prefix = pagination + "\(item.code)>"
        let hasMore = field(hasMoreFields, [.bool])
        let hasMoreArgument =
            hasMore.map { ", hasMore: { $0.\($0.swiftName)\($0.isOptional ? " ?? false" : "") }" } ?? ""
        let hasMoreSummary = hasMore.map { " while `\($0.jsonName)`" } ?? ""

        // The last item's id (Stripe's `starting_after` with `has_more`).
        if let cursor = parameter(lastItemCursors, .string), hasMore != nil,
            case .structure(let itemModel)? = declarations.declaration(of: item),
            let id = itemModel.properties.first(where: { $0.jsonName == "id" }),
            declarations.resolved(id.type) == .string
        {
            return PaginationModel(
                parameter: cursor.swiftName, pageType: pageType, itemType: item,
                expression: prefix
                    + ".cursor(\(quoted(cursor.name)), \(items)\(hasMoreArgument), cursor: { $0.\(list.swiftName)\(list.isOptional ? "?" : "").last?.\(id.swiftName) })",
                summary: "`\(cursor.name)` set to the last item's `id`\(hasMoreSummary)")
        }
        // A cursor the page gives (`next_marker`, `next_page`, `last_id`, `next_cursor`).
        if let cursor = parameter(cursorParameters, .string), let next = field(nextCursorFields, [.string]) {
            return PaginationModel(
                parameter: cursor.swiftName, pageType: pageType, itemType: item,
                expression: prefix
                    + ".cursor(\(quoted(cursor.name)), \(items)\(hasMoreArgument), cursor: { $0.\(next.swiftName) })",
                summary: "`\(cursor.name)` set to the page's `\(next.jsonName)`\(hasMoreSummary)")
        }
        // The next page's URL or path (Spotify's `next`, Twilio's `next_page_uri`), which carries
        // the offset or page number itself.
        if let next = field(nextURLFields, [.string, .builtin("Foundation.URL")]) {
            let text =
                declarations.resolved(next.type) == .string
                ? "$0.\(next.swiftName)" : "$0.\(next.swiftName)\(next.isOptional ? "?" : "").absoluteString"
            return PaginationModel(
                parameter: (parameter(["offset", "page", "Page"], .int) ?? parameter(["page_token"], .string))?
                    .swiftName,
                pageType: pageType, itemType: item,
                expression: prefix + ".nextURL(\(items), next: { \(text) })",
                summary: "the page's `\(next.jsonName)` URL")
        }
        // An offset, up to the total when the page gives one (Box's `offset` and `total_count`).
        return counted(
            pageType, item: item, prefix: prefix, items: items, linkHeader: linkHeader,
            total: field(totalFields, [.int]), pageFirst: false, parameter: parameter)
    }

    /// The ways on that need nothing of the page but its items: the `Link` header, then an
    /// offset (up to `total`) and a page number, in the order `pageFirst` says.
    private static func counted(
        _ pageType: SwiftType, item: SwiftType, prefix: String, items: String, linkHeader: Bool,
        total: PropertyModel?, pageFirst: Bool, parameter: (_ names: [String], _ type: SwiftType) -> ParameterModel?
    ) -> PaginationModel? {
        if linkHeader {
            return PaginationModel(
                parameter: parameter(["page"], .int)?.swiftName, pageType: pageType, itemType: item,
                expression: prefix + ".linkHeader(\(items))", summary: "the `Link` header's `next` URL")
        }
        func byOffset() -> PaginationModel? {
            guard let offset = parameter(["offset"], .int) else { return nil }
            let totalArgument = total.map { ", total: { $0.\($0.swiftName) }" } ?? ""
            return PaginationModel(
                parameter: offset.swiftName, pageType: pageType, itemType: item,
                expression: prefix + ".offset(\(quoted(offset.name)), \(items)\(totalArgument))",
                summary: "`\(offset.name)` advanced by each page's items"
                    + (total.map { " up to `\($0.jsonName)`" } ?? " until one comes back empty"))
        }
        func byPage() -> PaginationModel? {
            guard let page = parameter(["page"], .int) else { return nil }
            return PaginationModel(
                parameter: page.swiftName, pageType: pageType, itemType: item,
                expression: prefix + ".pageNumber(\(quoted(page.name)), \(items))",
                summary: "`\(page.name)` counted up until a page comes back empty")
        }
        return pageFirst ? byPage() ?? byOffset() : byOffset() ?? byPage()
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
