import Foundation

/// The pages of a list, fetched one at a time as the loop asks for them.
///
/// ```swift
/// let pages = client.pages(Endpoint<CustomerList>.get("/v1/customers").query("limit", 100), customers)
/// for try await customer in pages.items {
///     print(customer.email ?? "")
/// }
/// ```
///
/// Nothing is fetched until the first iteration, and each page only when the loop asks for the
/// one after the last: leaving the loop, or cancelling its task, sends no further request. The
/// list ends after the page the ``Pagination`` says is the last. A page that fails throws its
/// ``ServiceError``, whose request URL names the page (its cursor, number or offset); pages
/// past `maximumPages` throw ``ServiceError/invalidRequest(_:)`` rather than loop forever on a
/// server whose cursor never ends, and so does a page whose body is byte for byte the page's
/// before it: a server that ignores the paging parameter (an `offset` it does not read) would
/// otherwise hand out the same items again on every page.
public struct Pages<Page: Decodable & Sendable, Item: Sendable>: AsyncSequence, Sendable {
    /// A page.
    public typealias Element = Page
    /// What iterating throws.
    public typealias Failure = ServiceError

    let client: APIClient
    let first: Endpoint<Page>
    let pagination: Pagination<Page, Item>
    let maximumPages: Int

    /// The items of every page, in order.
    public var items: Items { Items(pages: self) }

    /// Creates the iterator.
    /// - Returns: An iterator over the pages.
    public func makeAsyncIterator() -> Iterator { Iterator(pages: self, next: first) }

    /// Iterates ``Pages``.
    public struct Iterator: AsyncIteratorProtocol {
        /// A page.
        public typealias Element = Page
        /// What iterating throws.
        public typealias Failure = ServiceError

        let pages: Pages
        var next: Endpoint<Page>?
        var fetched = 0
        /// The last page's body, to tell a server that answers the same page again.
        var previousBody: Data?

        /// The next page, or `nil` after the last.
        /// - Returns: The page.
        /// - Throws: ``ServiceError``: the page's failure, ``ServiceError/cancelled``, or
        ///   ``ServiceError/invalidRequest(_:)`` past the maximum number of pages or for a page
        ///   the same as the one before it.
        public mutating func next() async throws(ServiceError) -> Page? {
            try await nextResponse()?.value
        }

        /// The next page with everything the server sent.
        mutating func nextResponse() async throws(ServiceError) -> Response<Page>? {
            guard let endpoint = next else { return nil }
            if Task.isCancelled {
                next = nil
                throw .cancelled
            }
            guard fetched < pages.maximumPages else {
                next = nil
                throw .invalidRequest(
                    InvalidRequest(
                        reason:
                            "The list has more than \(pages.maximumPages) pages (maximumPages): stopped before requesting page \(fetched + 1)."
                    ))
            }
            let response: Response<Page>
            do {
                response = try await pages.client.response(for: endpoint)
            } catch {
                next = nil
                throw error
            }
            fetched += 1
            if let previousBody, !previousBody.isEmpty, response.body == previousBody {
                next = nil
                throw .invalidRequest(
                    InvalidRequest(
                        reason:
                            "Page \(fetched) is the same as page \(fetched - 1), byte for byte: the server ignores how \(response.request.url.absoluteString) asks for the next page. Stopped rather than repeat its items."
                    ))
            }
            previousBody = response.body
            next = pages.pagination.next(response, endpoint)
            return response
        }
    }

    /// The items of every page of a ``Pages``, in order, fetched page by page as the loop asks.
    public struct Items: AsyncSequence, Sendable {
        /// An item.
        public typealias Element = Item
        /// What iterating throws.
        public typealias Failure = ServiceError

        let pages: Pages

        /// Creates the iterator.
        /// - Returns: An iterator over the items.
        public func makeAsyncIterator() -> Iterator { Iterator(pages: pages.makeAsyncIterator()) }

        /// Iterates ``Pages/Items``.
        public struct Iterator: AsyncIteratorProtocol {
            /// An item.
            public typealias Element = Item
            /// What iterating throws.
            public typealias Failure = ServiceError

            var pages: Pages.Iterator
            var buffered: [Item] = []
            var index = 0

            /// The next item, or `nil` after the last page's last item.
            /// - Returns: The item.
            /// - Throws: As ``Pages/Iterator/next()``.
            public mutating func next() async throws(ServiceError) -> Item? {
                while index == buffered.count {
                    guard let page = try await pages.next() else { return nil }
                    buffered = pages.pages.pagination.items(page)
                    index = 0
                }
                defer { index += 1 }
                return buffered[index]
            }
        }
    }
}

extension APIClient {
    /// The pages of a list operation, fetched lazily (see ``Pages``).
    /// - Parameters:
    ///   - endpoint: The first page's call.
    ///   - pagination: How the list finds its next page and a page's items.
    ///   - maximumPages: The most pages fetched; the next one throws instead.
    /// - Returns: The pages; ``Pages/items`` for the items.
    public func pages<Page, Item>(
        _ endpoint: Endpoint<Page>, _ pagination: Pagination<Page, Item>, maximumPages: Int = 1000
    ) -> Pages<Page, Item> {
        Pages(client: self, first: endpoint, pagination: pagination, maximumPages: maximumPages)
    }
}
