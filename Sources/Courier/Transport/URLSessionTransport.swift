#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// The default ``Transport``, built on `URLSession`, with the same behaviour on Linux and on
/// Apple platforms.
///
/// It smooths over differences measured in Foundation's implementations:
/// - Cancelling the awaiting task cancels the URL loading task at once; a task cancelled before
///   the call starts sends nothing. On Linux the transport does not use `data(for:)`, which can
///   deadlock when the cancellation meets the arriving response.
/// - ``HTTPRequest/timeout`` bounds the whole exchange and honours sub-second values (Linux
///   truncates `timeoutInterval` to whole seconds, and it is an idle timeout everywhere).
/// - 307 and 308 redirects keep the method and body (Linux drops a POST body).
/// - Cookies are neither stored nor sent by the default configuration, so one user's session
///   cannot leak into another's requests; pass your own configuration to opt in.
/// - A body shorter than its `Content-Length` fails as a dropped connection instead of being
///   returned truncated.
/// - A 401 that challenges for HTTP authentication (`WWW-Authenticate: Basic` or `Digest`) is
///   returned with its body, like any other response (Foundation on Linux never completes it).
///   A Basic challenge is first answered once with a credential from the configuration's
///   `urlCredentialStorage`, if it holds one for the server and realm, as on Apple platforms.
public final class URLSessionTransport: Transport {
    /// The session that performs the requests. Private, because on Linux its delegate calls run
    /// on its own queue (see `ImmediateOperationQueue`), where other code's callbacks could
    /// deadlock it.
    private let session: URLSession
    private let delegate = SessionDelegate()

    /// Creates a transport with its own session.
    /// - Parameters:
    ///   - configuration: The session configuration; by default ``defaultConfiguration()``,
    ///     which disables cookies.
    ///   - maximumRedirects: How many redirects one request may follow before failing with
    ///     `URLError(.httpTooManyRedirects)`.
    public init(
        configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration(),
        maximumRedirects: Int = 10
    ) {
        #if canImport(FoundationNetworking)
            // Every load is delivered through the delegate on Linux (see `load(_:)`); running its
            // calls where they arise saves a thread hop per request.
            let delegateQueue = ImmediateOperationQueue()
        #else
            let delegateQueue: OperationQueue? = nil
        #endif
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: delegateQueue)
        self.maximumRedirects = maximumRedirects
    }

    /// How many redirects one request may follow.
    public let maximumRedirects: Int

    /// The configuration used when none is given: `URLSessionConfiguration.default` with cookies
    /// neither stored nor sent.
    /// - Parameter waitsForConnectivity: Whether a request made while offline waits for a
    ///   connection (up to the request's timeout) instead of failing with
    ///   ``ServiceError/notConnected(_:)`` at once. Honoured on Apple platforms; Foundation on
    ///   Linux has no connectivity monitor and fails at once whatever the setting.
    /// - Returns: A new configuration.
    public static func defaultConfiguration(waitsForConnectivity: Bool = false) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        #if canImport(FoundationNetworking)
            // Read-only on Linux, which has no connectivity monitor.
            _ = waitsForConnectivity
        #else
            configuration.waitsForConnectivity = waitsForConnectivity
        #endif
        return configuration
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Performs one exchange, following redirects.
    /// - Parameter request: The request.
    /// - Returns: The final response, whatever its status.
    /// - Throws: `URLError` for loading failures (`.timedOut` when ``HTTPRequest/timeout``
    ///   passes, `.httpTooManyRedirects` past ``maximumRedirects``), `CancellationError` when the
    ///   task was cancelled.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let timeout = request.timeout else { return try await exchange(request) }
        return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            group.addTask { try await self.exchange(request) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: request.url])
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// Sends a request and follows redirects itself, because Foundation on Linux drops the body
    /// of a 307 or 308 redirect even when the delegate supplies it.
    private func exchange(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await request.sendFollowingRedirects(maximum: maximumRedirects) { current in
            try await perform(makeURLRequest(current), method: current.method)
        }
    }

    private func makeURLRequest(_ request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        if let cachePolicy = request.cachePolicy {
            urlRequest.cachePolicy =
                switch cachePolicy {
                case .useProtocolCachePolicy: .useProtocolCachePolicy
                case .reloadIgnoringLocalCacheData: .reloadIgnoringLocalCacheData
                case .returnCacheDataElseLoad: .returnCacheDataElseLoad
                case .returnCacheDataDontLoad: .returnCacheDataDontLoad
                }
        }
        if let timeout = request.timeout {
            // A backstop only: the task group above enforces the exact timeout.
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            urlRequest.timeoutInterval = seconds.rounded(.up) + 1
        }
        urlRequest.allHTTPHeaderFields = Self.headerDictionary(request.headers)
        return urlRequest
    }

    /// The fields as one dictionary, repeated names joined with `", "` as HTTP allows. Assigned
    /// at once, because Foundation on Linux capitalises and searches the existing fields on every
    /// `addValue(_:forHTTPHeaderField:)`.
    private static func headerDictionary(_ headers: HTTPHeaders) -> [String: String] {
        var dictionary: [String: String] = [:]
        dictionary.reserveCapacity(headers.fields.count)
        for (index, field) in headers.fields.enumerated() {
            // A name seen before, in any case, is appended to its first spelling.
            if let first = headers.fields[..<index].first(where: { $0.name.caseInsensitiveEquals(field.name) }) {
                dictionary[first.name, default: ""] += ", " + field.value
            } else {
                dictionary[field.name] = field.value
            }
        }
        return dictionary
    }

    private func perform(_ urlRequest: URLRequest, method: HTTPMethod) async throws -> HTTPResponse {
        // URLSession may still send a request whose task is already cancelled: check first.
        try Task.checkCancellation()
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await load(urlRequest)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw Self.classifyLoadingError(error)
        }
        return try Self.makeResponse(data, response, method: method)
    }

    /// Loads a request; cancelling the awaiting task cancels the load.
    private func load(_ urlRequest: URLRequest) async throws -> (Data, URLResponse) {
        #if canImport(FoundationNetworking)
            // Not `data(for:)`: on Linux it can deadlock when the task is cancelled just as the
            // response arrives. Its cancellation handler runs under the task's status lock and
            // waits for the session's queue, while that queue, delivering the response, waits
            // for the same lock to resume the task. Not a completion handler either: it cannot
            // see a 401 that asks for HTTP authentication, which Foundation on Linux never
            // completes by itself (see `SessionDelegate`).
            let load = PendingLoad()
            return try await withTaskCancellationHandler {
                try await withUnsafeThrowingContinuation { continuation in
                    let task = session.dataTask(with: urlRequest)
                    delegate.register(load, for: task)
                    if !load.start(task, continuation: continuation) { delegate.forget(task) }
                }
            } onCancel: {
                load.cancel()
            }
        #else
            return try await session.data(for: urlRequest)
        #endif
    }

    private static func makeResponse(_ data: Data, _ response: URLResponse, method: HTTPMethod) throws
        -> HTTPResponse
    {
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        // `expectedContentLength` is the Content-Length header, or -1 without one.
        let declared = http.expectedContentLength
        if declared > data.count, method != .head, http.statusCode != 204, http.statusCode != 304,
            http.value(forHTTPHeaderField: "Content-Encoding") == nil
        {
            throw URLError(
                .networkConnectionLost,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "The response body ended after \(data.count) of \(declared) bytes.",
                    NSURLErrorFailingURLErrorKey: http.url as Any,
                ])
        }
        // Foundation on Linux builds a new `[AnyHashable: Any]` on every `allHeaderFields`, and
        // each field must be cast back: leave that until someone reads the headers.
        // An `HTTPURLResponse` is never mutated once made, so any thread may read it.
        let source = UncheckedSendable(http)
        return HTTPResponse(status: http.statusCode, body: data, url: http.url) { headers(of: source.value) }
    }

    /// The fields of a response. URLSession keeps them in a dictionary; they are sorted by name
    /// so that their order is at least stable.
    private static func headers(of http: HTTPURLResponse) -> HTTPHeaders {
        let received = http.allHeaderFields
        var fields: [HTTPHeaders.Field] = []
        fields.reserveCapacity(received.count)
        for (name, value) in received {
            guard let name = name.base as? String else { continue }
            fields.append(HTTPHeaders.Field(name: name, value: value as? String ?? "\(value)"))
        }
        fields.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        return HTTPHeaders(fields)
    }

    /// curl on Linux reports a body cut short as an unknown error ("transfer closed with N bytes
    /// remaining to read"); it is a lost connection, like Apple's `networkConnectionLost`.
    private static func classifyLoadingError(_ error: any Error) -> any Error {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain, nsError.code == URLError.Code.unknown.rawValue else { return error }
        let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        let message = underlying?.localizedDescription ?? nsError.localizedDescription
        guard message.contains("transfer closed") || message.contains("remaining to read") else { return error }
        return URLError(
            .networkConnectionLost, userInfo: nsError.userInfo.merging([NSLocalizedDescriptionKey: message]) { $1 })
    }
}
