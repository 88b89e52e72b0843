public import Foundation

/// A decoded value together with everything the server sent: status, headers, raw body, final
/// URL, the request and timing.
public struct Response<Value: Sendable>: Sendable {
    /// The decoded value.
    public var value: Value
    /// The request as the client built it, before middleware.
    public var request: TransportRequest
    /// The server's response, with the raw body bytes.
    public var http: TransportResponse
    /// When the exchange started and how long it took.
    public var timing: Timing

    /// Creates a response.
    /// - Parameters:
    ///   - value: The decoded value.
    ///   - request: The request.
    ///   - http: The server's response.
    ///   - timing: The timing.
    public init(value: Value, request: TransportRequest, http: TransportResponse, timing: Timing) {
        self.value = value
        self.request = request
        self.http = http
        self.timing = timing
    }

    /// The HTTP status code.
    public var status: Int { http.status }
    /// The response header fields.
    public var headers: HeaderFields { http.headers }
    /// The raw body bytes.
    public var body: Data { http.bodyData }
    /// The URL that produced the response, after redirects.
    public var url: URL? { http.url }

    /// When an exchange started and how long it took, measured by the client around the whole
    /// middleware chain and transport (URLSession's metrics are not available on every platform).
    public struct Timing: Sendable, Hashable {
        /// The wall-clock time the client started the exchange.
        public var start: Date
        /// The time from start to the last byte of the response.
        public var duration: Duration

        /// Creates a timing.
        /// - Parameters:
        ///   - start: The wall-clock start.
        ///   - duration: The elapsed time.
        public init(start: Date, duration: Duration) {
            self.start = start
            self.duration = duration
        }
    }
}
