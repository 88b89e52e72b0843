/// What the configuration file says of one operation's pagination, in place of detection:
/// `off`, or how the operation pages.
///
/// ```yaml
/// pagination:
///   GetCustomersSearch: off
///   listEvents: {style: cursor, parameter: after, next: last_id, hasMore: has_more}
///   listOrders: {style: cursor, parameter: starting_after, lastItem: id, items: data}
///   listTracks: {style: next-url, next: next, items: items}
///   listRepos: {style: link-header}
///   listFiles: {style: offset, parameter: offset, total: total_count}
///   listPosts: {style: page-number, parameter: page}
/// ```
package struct PaginationSetting: Sendable, Equatable {
    /// How the operation pages; `nil` for `off`: no item sequence, whatever detection finds.
    package var declaration: PaginationDeclaration?
    /// Where the setting is written, for errors.
    package var location: SourceLocation
    /// The setting's JSON pointer in the configuration file, for errors.
    package var pointer: String

    /// Reads one operation's setting.
    /// - Parameters:
    ///   - node: `off` (or `false`), or a mapping with `style` and the names the style needs.
    ///   - pointer: The node's JSON pointer in the configuration file, for errors.
    /// - Returns: The setting.
    /// - Throws: ``GenerationError`` naming the key that is missing, unknown or not a string.
    package static func read(_ node: Node, pointer: String) throws(GenerationError) -> PaginationSetting {
        if node.string == "off" || node.bool == false {
            return PaginationSetting(declaration: nil, location: node.location, pointer: pointer)
        }
        guard let mapping = node.mapping else {
            throw GenerationError(
                "A pagination setting is `off` or a mapping with `style` (\(PaginationDeclaration.Style.names)).",
                pointer: pointer, location: node.location)
        }
        var values: [String: String] = [:]
        for (key, value) in mapping.entries {
            guard PaginationDeclaration.keys.contains(key) else {
                throw GenerationError(
                    "Unknown pagination key `\(key)`; the keys are \(PaginationDeclaration.keys.map { "`\($0)`" }.joined(separator: ", ")).",
                    pointer: pointer + "/" + key, location: value.location)
            }
            guard let text = value.string, !text.isEmpty else {
                throw GenerationError(
                    "`\(key)` names a field or parameter: give it as a string.", pointer: pointer + "/" + key,
                    location: value.location)
            }
            values[key] = text
        }
        guard let styleName = values["style"], let style = PaginationDeclaration.Style(rawValue: styleName) else {
            throw GenerationError(
                "`style` must be one of \(PaginationDeclaration.Style.names).", pointer: pointer + "/style",
                location: mapping["style"]?.location ?? node.location)
        }
        let declaration = PaginationDeclaration(
            style: style, parameter: values["parameter"], items: values["items"], next: values["next"],
            lastItem: values["lastItem"], hasMore: values["hasMore"], total: values["total"],
            pageCount: values["pageCount"])
        if let problem = declaration.inconsistency {
            throw GenerationError(problem, pointer: pointer, location: node.location)
        }
        return PaginationSetting(declaration: declaration, location: node.location, pointer: pointer)
    }
}

/// How an operation pages, as the configuration file declares it: the style, and the names of
/// the query parameter and the page's fields the walk reads (JSON names, as the description
/// writes them).
package struct PaginationDeclaration: Sendable, Equatable {
    /// How the next page is found.
    package enum Style: String, Sendable, CaseIterable {
        /// A query parameter set to a cursor: the page's `next` field, or the last item's `lastItem` field.
        case cursor
        /// The page's `next` field holds the next page's URL or path.
        case nextURL = "next-url"
        /// The `Link` response header's `next` link.
        case linkHeader = "link-header"
        /// A query parameter advanced by each page's item count, up to `total` when given.
        case offset
        /// A query parameter counted up until a page comes back empty.
        case pageNumber = "page-number"

        static var names: String { allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ") }
    }

    /// The keys a declaration may have.
    static let keys = ["style", "parameter", "items", "next", "lastItem", "hasMore", "total", "pageCount"]

    /// How the next page is found.
    package var style: Style
    /// The query parameter the walk sets (and leaves out of the item sequence's arguments).
    package var parameter: String?
    /// The page's array of items; by default, the page's only array, or the page itself.
    package var items: String?
    /// The page's field with the next cursor (`cursor`) or the next URL (`next-url`).
    package var next: String?
    /// The item's field whose value on the last item is the next cursor (`cursor`).
    package var lastItem: String?
    /// The page's boolean field that says whether another page follows.
    package var hasMore: String?
    /// The page's integer field with the number of items in the whole list (`offset`).
    package var total: String?
    /// The page's integer field with the number of pages in the whole list (`page-number`).
    package var pageCount: String?

    /// Why these keys do not fit together, or `nil` when they do.
    var inconsistency: String? {
        let used: [(String, String?)] = [
            ("next", next), ("lastItem", lastItem), ("hasMore", hasMore), ("total", total),
            ("pageCount", pageCount),
        ]
        let allowed: Set<String> =
            switch style {
            case .cursor: ["next", "lastItem", "hasMore"]
            case .nextURL: ["next"]
            case .linkHeader: []
            case .pageNumber: ["pageCount"]
            case .offset: ["total"]
            }
        if let stray = used.first(where: { $0.1 != nil && !allowed.contains($0.0) }) {
            return "`\(stray.0)` does not apply to the `\(style.rawValue)` style."
        }
        switch style {
        case .cursor:
            if parameter == nil {
                return "The `cursor` style needs `parameter`, the query parameter the cursor is sent in."
            }
            if (next == nil) == (lastItem == nil) {
                return
                    "The `cursor` style needs one of `next` (the page's field with the next cursor) or `lastItem` (the item field the last item gives)."
            }
        case .nextURL:
            if next == nil { return "The `next-url` style needs `next`, the page's field with the next page's URL." }
        case .linkHeader, .offset, .pageNumber:
            break
        }
        return nil
    }
}
