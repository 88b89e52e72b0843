/// How a description itself says an operation pages, in `x-speakeasy-pagination` (descriptions
/// written for Speakeasy declare it so) or `x-ms-pageable` (AutoRest's, in Azure's and other
/// Microsoft descriptions), as a ``PaginationDeclaration``: detection's guess is replaced by
/// what the authors declared, and the configuration file's `pagination:` still overrides both.
///
/// ```yaml
/// x-ms-pageable:
///   nextLinkName: nextLink    # the page's field with the next page's URL; null: one page
///   itemName: value           # the page's array of items; `value` when not given
/// ```
///
/// ```yaml
/// x-speakeasy-pagination:
///   type: cursor
///   inputs: [{name: cursor, in: parameters, type: cursor}]
///   outputs: {nextCursor: $.meta.next_cursor, results: $.data}
/// ```
///
/// `cursor` (`nextCursor` a field of the page, or `$.items[-1].id`, the last item's), `url`
/// (`nextUrl`) and `offsetLimit` (a `page` or `offset` input) map onto Courier's styles. An input
/// in the request body, or a path that is not a plain chain of fields, does not: such a
/// declaration is reported and left to detection.
enum DescribedPagination {
    /// The extensions that declare an operation's paging, in the order they are looked for.
    static let extensions = ["x-speakeasy-pagination", "x-ms-pageable"]

    /// The declaration an extension makes.
    /// - Parameters:
    ///   - node: The extension's value.
    ///   - name: The extension's name, one of ``extensions``.
    /// - Returns: The declaration; `nil` when it says the list comes whole, in one page (AutoRest's
    ///   `nextLinkName: null`); or why it cannot be one.
    static func declaration(_ node: Node, extension name: String) -> Result<PaginationDeclaration?, Unsupported> {
        if name == "x-ms-pageable" { return pageable(node) }
        return declaration(node).map { $0 }
    }

    /// The declaration `x-ms-pageable` makes: the next page's URL in `nextLinkName` (a field of
    /// the page, which may have a dot in its name: `@odata.nextLink`), the items in `itemName`.
    /// `operationName`, the operation AutoRest calls for the next pages, is not needed: the next
    /// link is the next page's URL, fetched as the first page was.
    static func pageable(_ node: Node) -> Result<PaginationDeclaration?, Unsupported> {
        guard node.mapping != nil else { return .failure(Unsupported("it is not a mapping")) }
        let items = node["itemName"]?.string ?? "value"
        guard let next = node["nextLinkName"] else {
            return .failure(Unsupported("it has no `nextLinkName`"))
        }
        if next.isNull { return .success(nil) }
        guard let field = next.string, !field.isEmpty else {
            return .failure(Unsupported("its `nextLinkName` is not a field name"))
        }
        return .success(PaginationDeclaration(style: .nextURL, items: items, next: field))
    }

    /// The declaration `x-speakeasy-pagination` makes.
    /// - Parameter node: The extension's value.
    /// - Returns: The declaration, or why it cannot be one.
    static func declaration(_ node: Node) -> Result<PaginationDeclaration, Unsupported> {
        guard let type = node["type"]?.string else { return .failure(Unsupported("it has no `type`")) }
        var inputs: [String: String] = [:]  // input type → parameter name
        for input in node["inputs"]?.sequence ?? [] {
            guard let name = input["name"]?.string, let kind = input["type"]?.string else { continue }
            guard input["in"]?.string == "parameters" else {
                let place = input["in"]?.string ?? ""
                return .failure(Unsupported("its `\(kind)` input is not a parameter (`in: \(place)`)"))
            }
            inputs[kind] = name
        }
        let outputs = node["outputs"]
        var items: String?
        if let results = outputs?["results"]?.string {
            guard let path = fieldPath(results) else { return .failure(Unsupported("`results` is not a field path")) }
            items = path.isEmpty ? nil : path
        }
        switch type {
        case "cursor":
            guard let parameter = inputs["cursor"] else { return .failure(Unsupported("it has no `cursor` input")) }
            guard let next = outputs?["nextCursor"]?.string else {
                return .failure(Unsupported("it has no `nextCursor` output"))
            }
            if let (list, field) = lastItemField(next) {
                return .success(
                    PaginationDeclaration(
                        style: .cursor, parameter: parameter, items: items ?? (list.isEmpty ? nil : list),
                        lastItem: field))
            }
            guard let path = fieldPath(next), !path.isEmpty else {
                return .failure(Unsupported("`nextCursor` is not a field path"))
            }
            return .success(PaginationDeclaration(style: .cursor, parameter: parameter, items: items, next: path))
        case "url":
            guard let next = outputs?["nextUrl"]?.string, let path = fieldPath(next), !path.isEmpty else {
                return .failure(Unsupported("it has no `nextUrl` output that is a field path"))
            }
            return .success(PaginationDeclaration(style: .nextURL, items: items, next: path))
        case "offsetLimit":
            if let page = inputs["page"] {
                return .success(PaginationDeclaration(style: .pageNumber, parameter: page, items: items))
            }
            if let offset = inputs["offset"] {
                return .success(PaginationDeclaration(style: .offset, parameter: offset, items: items))
            }
            return .failure(Unsupported("it has no `page` or `offset` input"))
        default:
            return .failure(Unsupported("its type `\(type)` is none of `cursor`, `url`, `offsetLimit`"))
        }
    }

    /// Why a declaration is not one Courier pages by.
    struct Unsupported: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// A JSONPath of fields (`$.meta.next_cursor`) as a dotted path (`meta.next_cursor`); `""`
    /// for the page itself (`$`); `nil` for anything else (filters, indexes, wildcards).
    static func fieldPath(_ jsonPath: String) -> String? {
        guard jsonPath == "$" || jsonPath.hasPrefix("$.") else { return nil }
        let path = String(jsonPath.dropFirst(jsonPath == "$" ? 1 : 2))
        let fields = path.split(separator: ".", omittingEmptySubsequences: false)
        guard path.isEmpty || fields.allSatisfy({ !$0.isEmpty && !$0.contains(where: { "[]*?()@'\" ".contains($0) }) })
        else { return nil }
        return path
    }

    /// The list and the item field of a JSONPath to the last item's field (`$.data[-1].id` →
    /// `("data", "id")`, `$[-1].id` → `("", "id")`), or `nil`.
    static func lastItemField(_ jsonPath: String) -> (list: String, field: String)? {
        guard let range = jsonPath.range(of: "[-1].") else { return nil }
        let list = String(jsonPath[..<range.lowerBound])
        let field = String(jsonPath[range.upperBound...])
        guard let listPath = fieldPath(list), let fieldPath = fieldPath("$." + field), !fieldPath.contains(".") else {
            return nil
        }
        return (listPath, fieldPath)
    }
}
