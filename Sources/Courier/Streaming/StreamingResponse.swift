public import Foundation

/// A response whose status and headers have arrived, with its body still to read.
public struct StreamingResponse: Sendable {
    /// The request as the client built it, before middleware.
    public var request: TransportRequest
    /// The server's response, its body still arriving.
    public var http: TransportResponse

    /// Creates a streaming response.
    /// - Parameters:
    ///   - request: The request.
    ///   - http: The response.
    public init(request: TransportRequest, http: TransportResponse) {
        self.request = request
        self.http = http
    }

    /// The body, read as it arrives (``TransportResponse/body``).
    public var body: ResponseBody { http.body }

    /// The HTTP status code.
    public var status: Int { http.status }
    /// The response header fields.
    public var headers: HeaderFields { http.headers }
    /// The URL that produced the response, after redirects.
    public var url: URL? { http.url }
    /// The body's length from `Content-Length`, when the server sent one.
    public var expectedLength: Int64? {
        headers["Content-Length"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
    }
}
