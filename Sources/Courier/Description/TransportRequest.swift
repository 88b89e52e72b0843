public import Foundation

/// A fully resolved HTTP request, as middleware and transports see it.
///
/// ``APIClient`` builds one from an ``Endpoint``: the URL is absolute, the query is encoded,
/// the body is serialized and the default headers are applied. Middleware may change any field
/// before passing the request on.
public struct TransportRequest: Sendable, Hashable {
    /// The request method.
    public var method: RequestMethod
    /// The absolute URL, including the encoded query.
    public var url: URL
    /// The header fields to send.
    public var headers: HeaderFields
    /// The body, if any: bytes in memory (``StreamedBody/bufferedData``), or a file, a sequence
    /// or a multipart form with files, read in chunks as it is sent.
    public var body: StreamedBody?
    /// The longest this exchange may take, from sending the request to the last byte of the
    /// response, redirects included; `nil` uses the transport's default. Transports enforce it.
    public var timeout: Duration?
    /// The cache policy for the request; `nil` uses the transport's default.
    public var cachePolicy: CachePolicy?
    /// Whether the caller reads the response body as it arrives (``APIClient/stream(_:)``, a
    /// download, events). A transport that can deliver a body either way may read it whole
    /// into memory when this is `false`, which is faster for the small bodies of most calls, and
    /// lets ``timeout`` cover the body too.
    public var streamsResponseBody = false

    /// Creates a request.
    /// - Parameters:
    ///   - method: The request method.
    ///   - url: The absolute URL.
    ///   - headers: The header fields.
    ///   - body: The body.
    ///   - timeout: The longest this exchange may take.
    ///   - cachePolicy: The cache policy.
    public init(
        method: RequestMethod, url: URL, headers: HeaderFields = [:], body: StreamedBody? = nil,
        timeout: Duration? = nil, cachePolicy: CachePolicy? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.cachePolicy = cachePolicy
    }

    /// Appends query items to the URL, percent-encoding names and values like ``Endpoint`` does.
    /// - Parameter items: The items to append, in order.
    public mutating func appendQueryItems(_ items: [QueryItem]) {
        guard !items.isEmpty else { return }
        var text = url.absoluteString
        let fragment = text.firstIndex(of: "#").map { String(text[$0...]) } ?? ""
        text.removeLast(fragment.count)
        let separator = text.contains("?") ? "&" : "?"
        text += separator + QueryItem.encode(items) + fragment
        if let appended = URL(string: text) { url = appended }
    }
}
