import Foundation

/// A complete description of one API call, typed by what its response decodes into.
///
/// An endpoint is a value: building one never touches the network. ``APIClient`` sends it.
///
/// ```swift
/// let friends = Endpoint<[User]>.get("/users/\(user.id)/friends")
///     .query("page", 2)
///     .header("X-Trace", traceID)
/// let result = try await client.send(friends)
/// ```
///
/// `Response` may be any `Decodable` (decoded as JSON), `Data` (the raw body), `String` (the
/// body as text, or the string a JSON body holds: `"1.2.3"` is `1.2.3`) or ``EmptyResponse``
/// (no body expected).
public struct Endpoint<Response: Decodable & Sendable>: Sendable {
    /// The request method.
    public var method: RequestMethod
    /// The path relative to the client's base URL, or an absolute URL.
    public var path: EndpointPath
    /// The query items, in order.
    public var query: [QueryItem]
    /// Headers for this request; they replace the client's default headers of the same name.
    public var headers: HeaderFields
    /// The request body.
    public var body: RequestBody?
    /// The longest one attempt may take: one exchange with the server, with the redirects it
    /// leads to. Each retry and each replay after a token refresh gets a new one. Sub-second
    /// values are honoured; `nil` uses the client's ``APIClient/Configuration/timeout``.
    public var timeout: Duration?
    /// The longest the whole call may take, from ``APIClient/send(_:)`` to its result: every
    /// attempt, the waits between retries and any token refresh. When it passes, the call throws
    /// ``ServiceError/timedOut(_:)``. `nil` uses the client's
    /// ``APIClient/Configuration/totalTimeout``.
    public var totalTimeout: Duration?
    /// The cache policy; `nil` uses the transport's default.
    public var cachePolicy: CachePolicy?
    /// The status codes that count as success. Others throw ``ServiceError/server(_:)``.
    public var acceptedStatusCodes: Range<Int>
    /// The error body type for this endpoint's failures; `nil` uses the client's.
    public var errorBodyType: (any ServerErrorBody.Type)?
    /// A body type that, when a 2xx body decodes into it, turns the response into a server
    /// failure (a "successful error"); `nil` uses the client's setting.
    public var successfulErrorBodyType: (any ServerErrorBody.Type)?
    /// An identifier for the operation, such as the OpenAPI `operationId`, so middleware and
    /// listeners can recognise it.
    public var operationID: String?
    /// Switches for middleware and the client, such as ``RequestOption/retryable``.
    public var options: Set<RequestOption>

    /// Creates an endpoint.
    /// - Parameters:
    ///   - method: The request method.
    ///   - path: The path relative to the base URL, or an absolute URL.
    ///   - query: The query items, in order.
    ///   - headers: Per-request headers.
    ///   - body: The request body.
    ///   - operationID: An identifier for the operation.
    public init(
        method: RequestMethod = .get, path: EndpointPath, query: [QueryItem] = [],
        headers: HeaderFields = [:], body: RequestBody? = nil, operationID: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = nil
        self.totalTimeout = nil
        self.cachePolicy = nil
        self.acceptedStatusCodes = 200..<300
        self.errorBodyType = nil
        self.successfulErrorBodyType = nil
        self.operationID = operationID
        self.options = []
    }

    /// A `GET` endpoint.
    /// - Parameters:
    ///   - path: The path; interpolated values are encoded as single segments.
    ///   - query: The query items.
    /// - Returns: The endpoint.
    public static func get(_ path: EndpointPath, query: [QueryItem] = []) -> Endpoint {
        Endpoint(method: .get, path: path, query: query)
    }

    /// A `POST` endpoint.
    /// - Parameters:
    ///   - path: The path; interpolated values are encoded as single segments.
    ///   - body: The request body.
    /// - Returns: The endpoint.
    public static func post(_ path: EndpointPath, body: RequestBody? = nil) -> Endpoint {
        Endpoint(method: .post, path: path, body: body)
    }

    /// A `PUT` endpoint.
    /// - Parameters:
    ///   - path: The path; interpolated values are encoded as single segments.
    ///   - body: The request body.
    /// - Returns: The endpoint.
    public static func put(_ path: EndpointPath, body: RequestBody? = nil) -> Endpoint {
        Endpoint(method: .put, path: path, body: body)
    }

    /// A `PATCH` endpoint.
    /// - Parameters:
    ///   - path: The path; interpolated values are encoded as single segments.
    ///   - body: The request body.
    /// - Returns: The endpoint.
    public static func patch(_ path: EndpointPath, body: RequestBody? = nil) -> Endpoint {
        Endpoint(method: .patch, path: path, body: body)
    }

    /// A `DELETE` endpoint, with a body for APIs that take one (a list of ids to delete).
    /// - Parameters:
    ///   - path: The path; interpolated values are encoded as single segments.
    ///   - body: The body, if any.
    /// - Returns: The endpoint.
    public static func delete(_ path: EndpointPath, body: RequestBody? = nil) -> Endpoint {
        Endpoint(method: .delete, path: path, body: body)
    }

    /// A `HEAD` endpoint: the status and headers of a `GET`, without its body (pair it with
    /// ``Response`` to read the headers, as `client.response(for:)` returns).
    /// - Parameter path: The path; interpolated values are encoded as single segments.
    /// - Returns: The endpoint.
    public static func head(_ path: EndpointPath) -> Endpoint {
        Endpoint(method: .head, path: path)
    }

    /// An `OPTIONS` endpoint.
    /// - Parameter path: The path; interpolated values are encoded as single segments.
    /// - Returns: The endpoint.
    public static func options(_ path: EndpointPath) -> Endpoint {
        Endpoint(method: .options, path: path)
    }

    /// Returns a copy with query items for a typed value appended (none for `nil`, one per
    /// element for an array).
    /// - Parameters:
    ///   - name: The item name.
    ///   - value: The value.
    /// - Returns: The changed endpoint.
    public func query(_ name: String, _ value: (any QueryValue)?) -> Endpoint {
        var copy = self
        copy.query += QueryItem.items(name, value)
        return copy
    }

    /// Returns a copy with a header set, replacing any header of the same name.
    /// - Parameters:
    ///   - name: The header name.
    ///   - value: The value; `nil` removes the header.
    /// - Returns: The changed endpoint.
    public func header(_ name: String, _ value: String?) -> Endpoint {
        var copy = self
        copy.headers[name] = value
        return copy
    }

    /// Returns a copy with a body.
    /// - Parameter body: The body.
    /// - Returns: The changed endpoint.
    public func body(_ body: RequestBody?) -> Endpoint {
        var copy = self
        copy.body = body
        return copy
    }

    /// Returns a copy with a timeout for each attempt (see ``timeout``).
    /// - Parameter timeout: The longest one attempt may take; sub-second values are honoured.
    /// - Returns: The changed endpoint.
    public func timeout(_ timeout: Duration?) -> Endpoint {
        var copy = self
        copy.timeout = timeout
        return copy
    }

    /// Returns a copy with a limit on the whole call, retries and refreshes included (see
    /// ``totalTimeout``).
    /// - Parameter totalTimeout: The longest the call may take.
    /// - Returns: The changed endpoint.
    public func totalTimeout(_ totalTimeout: Duration?) -> Endpoint {
        var copy = self
        copy.totalTimeout = totalTimeout
        return copy
    }

    /// Returns a copy with a cache policy (for transports with a cache, such as
    /// ``URLSessionTransport`` with one configured).
    /// - Parameter cachePolicy: The policy; `nil` for the transport's default.
    /// - Returns: The changed endpoint.
    public func cachePolicy(_ cachePolicy: CachePolicy?) -> Endpoint {
        var copy = self
        copy.cachePolicy = cachePolicy
        return copy
    }

    /// Returns a copy that accepts other statuses as success (decoded as `Response`).
    /// - Parameter codes: The accepted statuses, such as `200..<300` (the default) or `200..<400`.
    /// - Returns: The changed endpoint.
    public func acceptedStatusCodes(_ codes: Range<Int>) -> Endpoint {
        var copy = self
        copy.acceptedStatusCodes = codes
        return copy
    }

    /// Returns a copy whose error statuses decode their body as `type`, instead of the
    /// client's ``APIClient/Configuration/errorBodyType``.
    /// - Parameter type: The error body's type.
    /// - Returns: The changed endpoint.
    public func errorBody(_ type: (any ServerErrorBody.Type)?) -> Endpoint {
        var copy = self
        copy.errorBodyType = type
        return copy
    }

    /// Returns a copy whose 2xx responses are checked for a "successful error": a body that
    /// decodes as `type` with a message is thrown as ``ServiceError/server(_:)``.
    /// - Parameter type: The error body's type.
    /// - Returns: The changed endpoint.
    public func successfulErrorBody(_ type: (any ServerErrorBody.Type)?) -> Endpoint {
        var copy = self
        copy.successfulErrorBodyType = type
        return copy
    }

    /// Returns a copy with an operation identifier, which events, logs and
    /// ``APIClient/inFlightRequests`` carry.
    /// - Parameter operationID: The identifier, such as `"listFriends"`.
    /// - Returns: The changed endpoint.
    public func operationID(_ operationID: String?) -> Endpoint {
        var copy = self
        copy.operationID = operationID
        return copy
    }

    /// Returns a copy that sends HTTP Basic credentials (RFC 7617) in its `Authorization`
    /// header, the user name and password in UTF-8.
    /// - Parameters:
    ///   - username: The user name; it must not contain a colon.
    ///   - password: The password.
    /// - Returns: The changed endpoint.
    public func basicAuthorization(username: String, password: String) -> Endpoint {
        header("Authorization", "Basic " + Data("\(username):\(password)".utf8).base64EncodedString())
    }

    /// Returns a copy with an option added.
    /// - Parameter option: The option, such as ``RequestOption/retryable``.
    /// - Returns: The changed endpoint.
    public func option(_ option: RequestOption) -> Endpoint {
        var copy = self
        copy.options.insert(option)
        return copy
    }

    /// Returns a copy that decodes into another type, keeping everything else.
    /// - Parameter type: The new response type.
    /// - Returns: The endpoint.
    public func decoding<Other>(_ type: Other.Type) -> Endpoint<Other> {
        var other = Endpoint<Other>(
            method: method, path: path, query: query, headers: headers, body: body, operationID: operationID)
        other.timeout = timeout
        other.totalTimeout = totalTimeout
        other.cachePolicy = cachePolicy
        other.acceptedStatusCodes = acceptedStatusCodes
        other.errorBodyType = errorBodyType
        other.successfulErrorBodyType = successfulErrorBodyType
        other.options = options
        return other
    }
}
