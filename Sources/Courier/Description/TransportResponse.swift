public import Foundation

/// Everything a server sent back for one request: status, headers, body and final URL.
///
/// A transport returns it as soon as the head has arrived, with the body to follow in ``body``;
/// the body may already be whole in memory (``ResponseBody/bufferedData``), as it always is for
/// the responses middleware sees of calls that do not stream, and for error responses.
public struct TransportResponse: Sendable {
    /// The status code, for example `200`.
    public var status: Int
    /// The header fields, in the order received.
    public var headers: HeaderFields {
        get {
            switch headerStorage {
            case .fields(let fields): fields
            case .deferred(let deferred): deferred.headers
            }
        }
        set { headerStorage = .fields(newValue) }
    }
    /// The body, as received (after any content decoding by the transport).
    public var body: ResponseBody
    /// The URL that produced the response, after any redirects.
    public var url: URL?

    private var headerStorage: HeaderStorage

    /// Creates a response whose body is in memory.
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: The header fields.
    ///   - body: The body bytes.
    ///   - url: The final URL.
    public init(status: Int, headers: HeaderFields = [:], body: Data = Data(), url: URL? = nil) {
        self.init(status: status, headers: headers, body: ResponseBody(body), url: url)
    }

    /// Creates a response.
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: The header fields.
    ///   - body: The body, in memory or still arriving.
    ///   - url: The final URL.
    public init(status: Int, headers: HeaderFields = [:], body: ResponseBody, url: URL? = nil) {
        self.status = status
        self.headerStorage = .fields(headers)
        self.body = body
        self.url = url
    }

    /// Creates a response whose headers are converted from the transport's form only when
    /// first read, since a successful call usually never reads them.
    init(status: Int, body: ResponseBody, url: URL?, headers makeHeaders: @escaping @Sendable () -> HeaderFields) {
        self.status = status
        self.headerStorage = .deferred(DeferredHeaders(makeHeaders))
        self.body = body
        self.url = url
    }

    /// The body's bytes when they are in memory, else none: for code that has a response the
    /// client read whole (a decoded call's, an error's), such as generated error bodies.
    @_spi(Generated) public var bodyData: Data { body.bufferedData ?? Data() }

    /// The response with an empty body, for those who may see the head but not take the body
    /// (listeners of a streamed call, whose body is its caller's to read).
    var head: TransportResponse {
        var head = self
        head.body = ResponseBody(Data())
        return head
    }

    /// The media type of the body without parameters, lowercased (`"application/json"`), if the
    /// server sent a `Content-Type`.
    public var mediaType: String? {
        guard let contentType = headers["Content-Type"] else { return nil }
        let type = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The body's length from `Content-Length`, when the server sent one.
    public var expectedLength: Int64? {
        headers["Content-Length"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The standard reason phrase for the status, such as `"Not Found"`.
    public var reasonPhrase: String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default:
            switch status {
            case 100..<200: "Informational"
            case 200..<300: "Success"
            case 300..<400: "Redirection"
            case 400..<500: "Client Error"
            default: "Server Error"
            }
        }
    }
}

/// Where a response's headers are: already as ``HeaderFields``, or still in the transport's form.
private enum HeaderStorage: Sendable {
    case fields(HeaderFields)
    case deferred(DeferredHeaders)
}

/// Headers converted once, on first read, by whichever thread reads them first.
private final class DeferredHeaders: @unchecked Sendable {
    // @unchecked: `state` is touched only under `lock`.
    private let lock = NSLock()
    private var state: State

    private enum State {
        case unconverted(@Sendable () -> HeaderFields)
        case converted(HeaderFields)
    }

    init(_ make: @escaping @Sendable () -> HeaderFields) { state = .unconverted(make) }

    var headers: HeaderFields {
        lock.withLock {
            switch state {
            case .converted(let headers):
                return headers
            case .unconverted(let make):
                let headers = make()
                state = .converted(headers)
                return headers
            }
        }
    }
}
