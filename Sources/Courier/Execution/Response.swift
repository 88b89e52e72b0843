public import Foundation

/// A decoded value together with everything the server sent: status, headers, raw body, final
/// URL, the request, and when the exchange started and how long it took.
public struct Response<Value: Sendable>: Sendable {
    /// The decoded value.
    public var value: Value
    /// The request as the client built it, before middleware.
    public var request: TransportRequest
    /// The server's response, with the raw body bytes.
    public var http: TransportResponse
    /// The wall-clock time the client started the exchange.
    public var startedAt: Date
    /// The time from the start to the last byte of the response, measured by the client around
    /// the whole middleware chain and transport (URLSession's metrics are not available on every
    /// platform).
    public var duration: Duration

    /// Creates a response.
    /// - Parameters:
    ///   - value: The decoded value.
    ///   - request: The request.
    ///   - http: The server's response.
    ///   - startedAt: The wall-clock start.
    ///   - duration: The elapsed time.
    public init(value: Value, request: TransportRequest, http: TransportResponse, startedAt: Date, duration: Duration) {
        self.value = value
        self.request = request
        self.http = http
        self.startedAt = startedAt
        self.duration = duration
    }

    /// The HTTP status code.
    public var status: Int { http.status }
    /// The response header fields.
    public var headers: HeaderFields { http.headers }
    /// The raw body bytes.
    public var body: Data { http.bodyData }
    /// The URL that produced the response, after redirects.
    public var url: URL? { http.url }
}
