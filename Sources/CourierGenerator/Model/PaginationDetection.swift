/// How a list operation pages, as the generated item sequence walks it.
struct PaginationModel: Equatable {
    /// The query parameter the walk sets itself (a cursor, page number or offset), left out of
    /// the item sequence's arguments; `nil` when the next page is a URL.
    var parameter: String?
    /// The page type (the operation's response, without the optional of one that may be `null`).
    var pageType: SwiftType
    /// Whether the operation's response is an optional page, so that the walk decodes each
    /// page as `pageType` (a `null` page is a decoding error there).
    var unwrapsResponse = false
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
/// (`pagination:`), which can switch an operation off or declare how it pages
/// (``PaginationSetting``).
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
        "nextToken", "next_page", "nextPage", "last_id", "lastId", "endCursor", "end_cursor",
    ]
    /// Fields that say whether another page follows.
    static let hasMoreFields = ["has_more", "hasMore", "has_next", "hasNext", "has_next_page", "hasNextPage"]
    /// Fields that give the next page's URL or path.
    static let nextURLFields = [
        "next", "next_page_uri", "next_page_url", "nextPageUrl", "next_url", "nextUrl", "@odata.nextLink", "nextLink",
    ]
    /// Fields that hold a page's items, which name the list among several arrays.
    static let itemFields: Set<String> = [
        "data", "items", "entries", "results", "records", "values", "value", "elements",
    ]
    /// Objects of the page in which APIs group its paging fields: JSON:API's and Laravel's
    /// `links`, HAL's `_links`, Slack's `response_metadata`, Facebook's `paging`, `meta`,
    /// `pagination`, and GraphQL-style `pageInfo`.
    static let pagingObjects: Set<String> = [
        "links", "_links", "meta", "response_metadata", "pagination", "paging", "pageInfo", "page_info",
    ]
    /// Fields that give the number of items in the whole list.
    static let totalFields = ["total_count", "totalCount", "total", "total_entries", "total_results", "totalResults"]
    /// Fields that give the number of pages in the whole list (ZenML's and will_paginate's
    /// `total_pages`, Spring Data's `totalPages`, Laravel's `last_page`, Django's `num_pages`).
    static let pageCountFields = [
        "total_pages", "totalPages", "page_count", "pageCount", "num_pages", "numPages", "last_page", "lastPage",
    ]

    /// Sets the pagination of each operation that pages: as the configuration declares it, or
    /// as detected.
    /// - Parameters:
    ///   - operations: The operations.
    ///   - declarations: The generated types.
    ///   - linkHeaders: The operations (by operation id) whose success response declares `Link`.
    ///   - settings: What the configuration file says, by operation id.
    /// - Throws: ``GenerationError`` at the configuration's line when a setting names an
    ///   operation the description lacks, or a parameter or field the operation does not have.
    static func detect(
        _ operations: inout [OperationModel], declarations: DeclarationIndex, linkHeaders: Set<String>,
        settings: [String: PaginationSetting]
    ) throws(GenerationError) {
        let operationIDs = Set(operations.map(\.operationID))
        for (operationID, setting) in settings.sorted(by: { $0.key < $1.key }) where !operationIDs.contains(operationID)
        {
            throw GenerationError(
                "`pagination` names `\(operationID)`, which is not an operation id of the description.",
                pointer: setting.pointer, location: setting.location)
        }
        var taken = Set(operations.map { "\($0.client).\($0.swiftName)" })
        for index in operations.indices {
            let operation = operations[index]
            let setting = settings[operation.operationID]
            let model: PaginationModel?
            if let setting {
                model = try setting.declaration.map { declaration throws(GenerationError) in
                    try declared(declaration, of: operation, declarations: declarations, setting: setting)
                }
            } else {
                model = pagination(
                    of: operation, declarations: declarations, linkHeader: linkHeaders.contains(operation.operationID))
            }
            guard let model else { continue }
            // The item sequence's name must not be another operation's.
            guard taken.insert("\(operation.client).\(operation.swiftName)Items").inserted else {
                if let setting {
                    throw GenerationError(
                        "`pagination` of `\(operation.operationID)`: `\(operation.swiftName)Items` is another operation's name.",
                        pointer: setting.pointer, location: setting.location)
                }
                continue
            }
            operations[index].pagination = model
        }
    }

    /// The pagination detection finds for one operation, or `nil`.
    static func pagination(
        of operation: OperationModel, declarations: DeclarationIndex, linkHeader: Bool
    ) -> PaginationModel? {
        guard operation.method == "GET", let page = Page(operation, declarations) else { return nil }
        func parameter(_ names: [String], _ types: [SwiftType]) -> ParameterModel? {
            names.lazy.compactMap { page.query($0, types) }.first { !$0.isRequired }
        }
        let integer = SwiftType.integers, string = [SwiftType.string]
        // A bare array: the `Link` header, the page number or the offset is the only way on.
        if page.list == nil {
            if linkHeader { return page.model(.linkHeader(leftOut: parameter(["page"], integer))) }
            return (parameter(["page"], integer).map { page.model(.pageNumber($0, pageCount: nil)) })
                ?? parameter(["offset"], integer).map { page.model(.offset($0, total: nil)) }
        }
        let hasMore = page.field(hasMoreFields, [.bool])

        // The last item's id (Stripe's `starting_after` with `has_more`), where the page gives
        // no cursor of its own (a GraphQL-style `pageInfo.endCursor` is opaque, not an id).
        let pageCursor = page.field(nextCursorFields, string)
        if let cursor = parameter(lastItemCursors, string), hasMore != nil, pageCursor == nil,
            let id = page.itemField("id", string)
        {
            return page.model(.cursor(cursor, from: .lastItem(id), hasMore: hasMore))
        }
        // A cursor the page gives (`next_marker`, `next_page`, `last_id`, `next_cursor`); where
        // an offset up to a total is offered too, the offset, which is what such an API walks by
        // default (Box sends `next_marker` only when `usemarker` asks for it).
        if let cursor = parameter(cursorParameters, string), let next = pageCursor {
            if let offset = parameter(["offset"], integer), let total = page.field(totalFields, integer) {
                return page.model(.offset(offset, total: total))
            }
            return page.model(.cursor(cursor, from: .page(next), hasMore: hasMore))
        }
        // The next page's URL or path (Spotify's `next`, Twilio's `next_page_uri`), which carries
        // the offset or page number itself.
        if let next = page.field(nextURLFields, Page.urlTypes) {
            let leftOut = parameter(["offset", "page", "Page"], integer) ?? parameter(["page_token"], string)
            return page.model(.nextURL(next, leftOut: leftOut))
        }
        if linkHeader { return page.model(.linkHeader(leftOut: parameter(["page"], integer))) }
        // An offset, up to the total when the page gives one (Box's `offset` and `total_count`).
        if let offset = parameter(["offset"], integer) {
            return page.model(.offset(offset, total: page.field(totalFields, integer)))
        }
        // Page numbers, up to the page count when the page gives one (a server may refuse a
        // page past the last: ZenML answers 400).
        return parameter(["page"], integer).map {
            page.model(.pageNumber($0, pageCount: page.field(pageCountFields, integer)))
        }
    }

    /// The pagination a configuration declares for one operation, its names checked against
    /// the operation's parameters and its page's fields.
    static func declared(
        _ declaration: PaginationDeclaration, of operation: OperationModel, declarations: DeclarationIndex,
        setting: PaginationSetting
    ) throws(GenerationError) -> PaginationModel {
        func fail(_ message: String) -> GenerationError {
            GenerationError(
                "`pagination` of `\(operation.operationID)`: \(message)", pointer: setting.pointer,
                location: setting.location)
        }
        guard let page = Page(operation, declarations, items: declaration.items) else {
            if case .decoded = operation.response, let items = declaration.items {
                throw fail("the response has no array field `\(items)`.")
            }
            throw fail(
                "the success response is not a JSON array or an object with one array; name the array with `items`.")
        }
        /// The query parameter `name` (or `fallback`), of one of `types` when they are given.
        func parameter(_ name: String?, _ types: [SwiftType]?, default fallback: String? = nil)
            throws(GenerationError) -> ParameterModel?
        {
            guard let name = name ?? fallback else { return nil }
            guard let parameter = page.query(name, types) else {
                let names = operation.parameters.filter { $0.location == .query }.map { "`\($0.name)`" }
                let kind = types.map { $0 == SwiftType.integers ? "an integer " : "a string " } ?? "a "
                throw fail(
                    "`\(name)` is not \(kind)query parameter of the operation (its query parameters: \(names.isEmpty ? "none" : names.joined(separator: ", ")))."
                )
            }
            return parameter
        }
        func field(_ name: String?, _ types: [SwiftType], _ kind: String) throws(GenerationError) -> FieldPath? {
            guard let name else { return nil }
            guard let field = page.field(at: name, types) else {
                throw fail("the page has no \(kind) field `\(name)`.")
            }
            return field
        }
        switch declaration.style {
        case .cursor:
            let cursor = try parameter(declaration.parameter, [.string])!
            let hasMore = try field(declaration.hasMore, [.bool], "boolean")
            if let lastItem = declaration.lastItem {
                guard let id = page.itemField(lastItem, [.string]) else {
                    throw fail("the items have no string field `\(lastItem)`.")
                }
                return page.model(.cursor(cursor, from: .lastItem(id), hasMore: hasMore))
            }
            let next = try field(declaration.next, [.string], "string")!
            return page.model(.cursor(cursor, from: .page(next), hasMore: hasMore))
        case .nextURL:
            let next = try field(declaration.next, Page.urlTypes, "string or URL")!
            return page.model(.nextURL(next, leftOut: try parameter(declaration.parameter, nil)))
        case .linkHeader:
            return page.model(.linkHeader(leftOut: try parameter(declaration.parameter, nil)))
        case .offset:
            let offset = try parameter(declaration.parameter, SwiftType.integers, default: "offset")!
            return page.model(.offset(offset, total: try field(declaration.total, SwiftType.integers, "integer")))
        case .pageNumber:
            return page.model(
                .pageNumber(
                    try parameter(declaration.parameter, SwiftType.integers, default: "page")!,
                    pageCount: try field(declaration.pageCount, SwiftType.integers, "integer")))
        }
    }
}

/// The success response of a list operation: the page, its array of items, and the names the
/// walk may read.
private struct Page {
    /// How the walk finds the next page.
    enum Way {
        /// Where a cursor comes from.
        enum Source {
            /// A field of the last item.
            case lastItem(PropertyModel)
            /// A field of the page.
            case page(FieldPath)
        }
        case cursor(ParameterModel, from: Source, hasMore: FieldPath?)
        case nextURL(FieldPath, leftOut: ParameterModel?)
        case linkHeader(leftOut: ParameterModel?)
        case offset(ParameterModel, total: FieldPath?)
        case pageNumber(ParameterModel, pageCount: FieldPath?)
    }

    /// The types a next-page URL field may have.
    static let urlTypes: [SwiftType] = [.string, .builtin("Foundation.URL")]

    let operation: OperationModel
    let declarations: DeclarationIndex
    let pageType: SwiftType
    let itemType: SwiftType
    /// The page's fields, when the page is an object.
    let fields: [PropertyModel]
    /// The field that holds the items; `nil` when the page is the array.
    let list: PropertyModel?

    /// The page of `operation`, when its success response is an array, or an object with an
    /// array named `items` (by default, with one array).
    init?(_ operation: OperationModel, _ declarations: DeclarationIndex, items: String? = nil) {
        guard case .decoded(var pageType) = operation.response else { return nil }
        // A page the description says may be `null` (Discord's `type: [array, "null"]`): the
        // walk reads pages, and the method's optional is the page.
        if case .optional(let wrapped) = pageType { pageType = wrapped }
        self.operation = operation
        self.declarations = declarations
        self.pageType = pageType
        if case .array(let item) = declarations.resolved(pageType) {
            guard items == nil else { return nil }
            (itemType, fields, list) = (item, [], nil)
            return
        }
        guard case .structure(let page)? = declarations.declaration(of: pageType) else { return nil }
        var arrays = page.properties.filter {
            if case .array = declarations.resolved($0.type) { items == nil || $0.jsonName == items } else { false }
        }
        // Beside other arrays (Box's `order`), the one named as lists name their items.
        if arrays.count > 1 {
            arrays = arrays.filter { PaginationDetection.itemFields.contains($0.jsonName) }
        }
        guard arrays.count == 1, case .array(let item) = declarations.resolved(arrays[0].type) else { return nil }
        (itemType, fields, list) = (item, page.properties, arrays[0])
    }

    /// The operation's query parameter `name`, of one of `types` when they are given, which the
    /// walk may set.
    func query(_ name: String, _ types: [SwiftType]?) -> ParameterModel? {
        operation.parameters.first {
            $0.location == .query && $0.valueExpression == nil && $0.name == name
                && types?.contains(declarations.resolved($0.type)) != false
        }
    }

    /// The first of the page's fields named in `names` whose type is one of `types`: on the page
    /// itself, else in one of the objects where APIs group paging fields (`links.next`,
    /// `response_metadata.next_cursor`).
    func field(_ names: [String], _ types: [SwiftType]) -> FieldPath? {
        for name in names {
            if let path = find(name, in: fields, types) { return FieldPath(fields: path) }
        }
        for object in fields where PaginationDetection.pagingObjects.contains(object.jsonName) {
            guard case .structure(let model)? = declarations.declaration(of: object.type) else { continue }
            for name in names {
                if let path = find(name, in: model.properties, types) { return FieldPath(fields: [object] + path) }
            }
        }
        return nil
    }

    /// The page's field `name` whose type is one of `types`, or the field a dotted name reaches
    /// through objects (`links.next`), as a configuration names one.
    func field(at name: String, _ types: [SwiftType]) -> FieldPath? {
        if let path = find(name, in: fields, types) { return FieldPath(fields: path) }
        var properties = fields
        var path: [PropertyModel] = []
        let names = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for (position, name) in names.enumerated() {
            if position == names.count - 1 {
                return find(name, in: properties, types).map { FieldPath(fields: path + $0) }
            }
            guard let object = properties.first(where: { $0.jsonName == name }),
                case .structure(let model)? = declarations.declaration(of: object.type)
            else { return nil }
            path.append(object)
            properties = model.properties
        }
        return nil
    }

    /// The property `name` whose type is one of `types`; for a URL, also a link object with an
    /// `href` of such a type, as HAL writes `next`.
    private func find(_ name: String, in properties: [PropertyModel], _ types: [SwiftType]) -> [PropertyModel]? {
        guard let field = properties.first(where: { $0.jsonName == name }) else { return nil }
        if types.contains(declarations.resolved(field.type)) { return [field] }
        guard types == Page.urlTypes, case .structure(let link)? = declarations.declaration(of: field.type),
            let href = link.properties.first(where: { $0.jsonName == "href" }),
            types.contains(declarations.resolved(href.type))
        else { return nil }
        return [field, href]
    }

    /// The items' field `name`, when the items are objects and the field's type is one of `types`.
    func itemField(_ name: String, _ types: [SwiftType]) -> PropertyModel? {
        guard case .structure(let item)? = declarations.declaration(of: itemType),
            let field = item.properties.first(where: { $0.jsonName == name }),
            types.contains(declarations.resolved(field.type))
        else { return nil }
        return field
    }

    /// The generated walk.
    func model(_ way: Way) -> PaginationModel {
        let items = list.map { "items: { $0.\($0.swiftName)\($0.isOptional ? " ?? []" : "") }" } ?? "items: { $0 }"
        let prefix = "Courier.Pagination<\(pageType.code), \(itemType.code)>"
        var unwraps = false
        if case .decoded(.optional) = operation.response { unwraps = true }
        func make(_ parameter: ParameterModel?, _ expression: String, _ summary: String) -> PaginationModel {
            PaginationModel(
                parameter: parameter?.swiftName, pageType: pageType, unwrapsResponse: unwraps, itemType: itemType,
                expression: prefix + expression, summary: summary)
        }
        switch way {
        case .cursor(let parameter, let source, let hasMore):
            let hasMoreArgument =
                hasMore.map { ", hasMore: { \($0.expression)\($0.isOptional ? " ?? false" : "") }" } ?? ""
            let hasMoreSummary = hasMore.map { " while `\($0.jsonName)`" } ?? ""
            switch source {
            case .lastItem(let field):
                let last = list.map { "$0.\($0.swiftName)\($0.isOptional ? "?" : "")" } ?? "$0"
                return make(
                    parameter,
                    ".cursor(\(quoted(parameter.name)), \(items)\(hasMoreArgument), cursor: { \(last).last?.\(field.swiftName) })",
                    "`\(parameter.name)` set to the last item's `\(field.jsonName)`\(hasMoreSummary)")
            case .page(let field):
                return make(
                    parameter,
                    ".cursor(\(quoted(parameter.name)), \(items)\(hasMoreArgument), cursor: { \(field.expression) })",
                    "`\(parameter.name)` set to the page's `\(field.jsonName)`\(hasMoreSummary)")
            }
        case .nextURL(let next, let leftOut):
            let text =
                declarations.resolved(next.last.type) == .string
                ? next.expression : next.expression + (next.last.isOptional ? "?" : "") + ".absoluteString"
            return make(leftOut, ".nextURL(\(items), next: { \(text) })", "the page's `\(next.jsonName)` URL")
        case .linkHeader(let leftOut):
            return make(leftOut, ".linkHeader(\(items))", "the `Link` header's `next` URL")
        case .offset(let offset, let total):
            return make(
                offset, ".offset(\(quoted(offset.name)), \(items)\(integerArgument("total", total)))",
                "`\(offset.name)` advanced by each page's items"
                    + (total.map { " up to `\($0.jsonName)`" } ?? " until one comes back empty"))
        case .pageNumber(let page, let pageCount):
            return make(
                page, ".pageNumber(\(quoted(page.name)), \(items)\(integerArgument("pageCount", pageCount)))",
                "`\(page.name)` counted up"
                    + (pageCount.map { " to `\($0.jsonName)` pages" } ?? " until a page comes back empty"))
        }
    }

    /// The argument `label` that reads an integer field of the page, or nothing without one.
    /// `Int32` and `Int64` fields are read as `Int`.
    private func integerArgument(_ label: String, _ field: FieldPath?) -> String {
        guard let field else { return "" }
        // A path through an optional object reads in parentheses: `($0.meta?.total).map`.
        let value = field.fields.count > 1 ? "(\(field.expression))" : field.expression
        return switch declarations.resolved(field.last.type) {
        case .int: ", \(label): { \(value) }"
        case _ where field.isOptional: ", \(label): { \(value).map { Int(clamping: $0) } }"
        default: ", \(label): { Int(clamping: \(value)) }"
        }
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// A field of a page, or of an object the page holds (`links.next`, Slack's
/// `response_metadata.next_cursor`, HAL's `_links.next.href`): the properties from the page down.
struct FieldPath {
    var fields: [PropertyModel]
    /// The field itself.
    var last: PropertyModel { fields[fields.count - 1] }
    /// The JSON names, dotted: `links.next`.
    var jsonName: String { fields.map(\.jsonName).joined(separator: ".") }
    /// Whether reading it may give `nil`.
    var isOptional: Bool { fields.contains(where: \.isOptional) }
    /// The Swift expression that reads it from the page, `$0`: `$0.links?.next`.
    var expression: String {
        var text = "$0"
        var optional = false
        for field in fields {
            text += (optional ? "?." : ".") + field.swiftName
            optional = optional || field.isOptional
        }
        return text
    }
}
