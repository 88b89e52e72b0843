import Foundation

/// How a paged list operation finds its next page, and the items on each page.
///
/// Every large API pages its lists its own way; the common ones are built in:
///
/// ```swift
/// // GitHub: a `Link: <…>; rel="next"` header.
/// let repositories = Pagination<[Repository], Repository>.linkHeader { $0 }
/// // Stripe: `starting_after` the last item's id while `has_more`.
/// let customers = Pagination<CustomerList, Customer>.cursor(
///     "starting_after", items: \.data, hasMore: \.hasMore, cursor: { $0.data.last?.id })
/// // Spotify: the next page's URL in the body.
/// let tracks = Pagination<TrackPage, Track>.nextURL(items: \.items, next: \.next)
/// ```
///
/// An API that fits none gives its own `next` rule to ``init(items:next:)``.
public struct Pagination<Page: Decodable & Sendable, Item: Sendable>: Sendable {
    /// The endpoint of the page after `response`'s, or `nil` when that was the last page.
    /// - Parameters:
    ///   - response: The page just received, with its headers.
    ///   - endpoint: The endpoint that fetched it.
    public typealias NextPage = @Sendable (_ response: Response<Page>, _ endpoint: Endpoint<Page>) -> Endpoint<Page>?

    let items: @Sendable (Page) -> [Item]
    let next: NextPage

    /// A pagination of your own.
    /// - Parameters:
    ///   - items: The items on a page.
    ///   - next: The next page's endpoint, or `nil` after the last page.
    public init(items: @escaping @Sendable (Page) -> [Item], next: @escaping NextPage) {
        self.items = items
        self.next = next
    }

    /// The next page's URL in a `Link` header (RFC 8288) with `rel="next"`, as GitHub sends it;
    /// no such link ends the list.
    /// - Parameter items: The items on a page.
    /// - Returns: The pagination.
    public static func linkHeader(items: @escaping @Sendable (Page) -> [Item]) -> Pagination {
        Pagination(items: items) { response, endpoint in
            guard let header = response.headers["Link"], let url = LinkHeader.target(of: "next", in: header),
                let next = URL(string: url, relativeTo: response.request.url)?.absoluteURL
            else { return nil }
            return endpoint.replacingURL(with: next)
        }
    }

    /// The next page's URL, or its path, in the body (Spotify's `next`, Twilio's
    /// `next_page_uri`); `nil` or an empty string ends the list. A path is read against the
    /// URL of the page that named it.
    /// - Parameters:
    ///   - items: The items on a page.
    ///   - next: The next page's URL or path.
    /// - Returns: The pagination.
    public static func nextURL(
        items: @escaping @Sendable (Page) -> [Item], next: @escaping @Sendable (Page) -> String?
    ) -> Pagination {
        Pagination(items: items) { response, endpoint in
            guard let text = next(response.value), !text.isEmpty,
                let url = URL(string: text, relativeTo: response.request.url)?.absoluteURL
            else { return nil }
            return endpoint.replacingURL(with: url)
        }
    }

    /// A cursor sent as a query parameter: the last item's id (Stripe's `starting_after`), or a
    /// field of the page (`after` = `last_id`, `marker` = `next_marker`), while the page says
    /// there is more.
    /// - Parameters:
    ///   - parameter: The query parameter that takes the cursor.
    ///   - items: The items on a page.
    ///   - hasMore: Whether another page follows; by default, whether there is a cursor.
    ///   - cursor: The cursor for the next page; `nil` ends the list.
    /// - Returns: The pagination.
    public static func cursor(
        _ parameter: String, items: @escaping @Sendable (Page) -> [Item],
        hasMore: (@Sendable (Page) -> Bool)? = nil, cursor: @escaping @Sendable (Page) -> String?
    ) -> Pagination {
        Pagination(items: items) { response, endpoint in
            let page = response.value
            guard hasMore?(page) ?? true, let value = cursor(page), !value.isEmpty else { return nil }
            return endpoint.replacingQuery(parameter, with: value)
        }
    }

    /// A page number (`page=1`, `page=2`, …) counted up until a page comes back empty, shorter
    /// than `pageSize`, or the last of `pageCount` pages.
    ///
    /// ```swift
    /// // ZenML, Spring Data: the page says how many pages the list has.
    /// let runs = Pagination<RunPage, Run>.pageNumber(items: \.items, pageCount: \.totalPages)
    /// ```
    /// - Parameters:
    ///   - parameter: The query parameter that takes the page number.
    ///   - first: The number of the first page, when the endpoint does not set one.
    ///   - pageSize: The number of items on a full page, if known: a shorter page is the last.
    ///   - items: The items on a page.
    ///   - pageCount: The number of pages in the whole list, if the page says (`total_pages`,
    ///     `totalPages`, Laravel's `last_page`): the list ends with that page, so a server that
    ///     refuses a page past the end (ZenML answers 400) is never asked for one.
    /// - Returns: The pagination.
    public static func pageNumber(
        _ parameter: String = "page", first: Int = 1, pageSize: Int? = nil,
        items: @escaping @Sendable (Page) -> [Item], pageCount: (@Sendable (Page) -> Int?)? = nil
    ) -> Pagination {
        Pagination(items: items) { response, endpoint in
            let count = items(response.value).count
            guard count > 0, count >= (pageSize ?? 1) else { return nil }
            let current = endpoint.lastQueryValue(parameter).flatMap(Int.init) ?? first
            if let pages = pageCount?(response.value), current - first + 1 >= pages { return nil }
            return endpoint.replacingQuery(parameter, with: String(current + 1))
        }
    }

    /// An offset (`offset=0`, `offset=50`, …) advanced by each page's item count, until a page
    /// comes back empty or the offset reaches the page's total.
    /// - Parameters:
    ///   - parameter: The query parameter that takes the offset.
    ///   - items: The items on a page.
    ///   - total: The number of items in the whole list, if the page says (`total_count`).
    /// - Returns: The pagination.
    public static func offset(
        _ parameter: String = "offset", items: @escaping @Sendable (Page) -> [Item],
        total: (@Sendable (Page) -> Int?)? = nil
    ) -> Pagination {
        Pagination(items: items) { response, endpoint in
            let count = items(response.value).count
            guard count > 0 else { return nil }
            let next = (endpoint.lastQueryValue(parameter).flatMap(Int.init) ?? 0) + count
            if let total = total?(response.value), next >= total { return nil }
            return endpoint.replacingQuery(parameter, with: String(next))
        }
    }
}

extension Endpoint {
    /// The last value of a query parameter.
    func lastQueryValue(_ name: String) -> String? {
        query.last { $0.name == name }?.value
    }

    /// This endpoint with one query parameter set to `value`, replacing any earlier value.
    func replacingQuery(_ name: String, with value: String) -> Endpoint {
        var copy = self
        copy.query.removeAll { $0.name == name }
        copy.query.append(QueryItem(name: name, value: value))
        return copy
    }

    /// This endpoint sent to `url`, whose query replaces the endpoint's.
    func replacingURL(with url: URL) -> Endpoint {
        var copy = self
        copy.path = .absolute(url)
        copy.query = []
        return copy
    }
}

/// Reads `Link` header fields (RFC 8288).
enum LinkHeader {
    /// The target of the first link with relation `relation`.
    static func target(of relation: String, in header: String) -> String? {
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { return nil }
            let target = rest[rest.index(after: open)..<close]
            let parametersEnd = rest[close...].dropFirst().firstIndex(of: "<") ?? rest.endIndex
            let parameters = rest[rest.index(after: close)..<parametersEnd]
            for parameter in parameters.split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else {
                    continue
                }
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t,\""))
                if value.lowercased().split(separator: " ").contains(Substring(relation.lowercased())) {
                    return String(target)
                }
            }
            rest = rest[parametersEnd...]
        }
        return nil
    }
}
