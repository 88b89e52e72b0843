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
/// - ``TransportRequest/timeout`` bounds the whole exchange and honours sub-second values (Linux
///   truncates `timeoutInterval` to whole seconds, and it is an idle timeout everywhere).
/// - 307 and 308 redirects keep the method and body (Linux drops a POST body).
/// - Cookies are neither stored nor sent by the default configuration, so one user's session
///   cannot leak into another's requests; pass your own configuration to opt in.
/// - On Linux the session has no URL cache, whatever the configuration says: with one,
///   Foundation stops the process when a task is cancelled as it starts or ends. Apple
///   platforms keep the configuration's cache.
/// - A body shorter than its `Content-Length` fails as a dropped connection instead of being
///   returned truncated.
/// - A request ``TransportRequest/body`` that is one whole file is uploaded from it. A sequence
///   or a multipart form with file parts is sent as it is read on Apple platforms, held back by
///   the network, with its `Content-Length` when its length is known (else in chunks). When
///   the session must send it again (a connection found dead under it), a form is read again
///   and a sequence's start, kept up to its first megabyte, is sent again; past that the call
///   fails rather than send part of it twice. On Linux it is first copied
///   to a temporary file and sent with its `Content-Length` (Foundation there reads body
///   streams on a thread every session shares). Either way there is upload progress, and a
///   body whose chunks add up to more or less than its declared length fails with
///   `URLError(.requestBodyStreamExhausted)` rather than go out cut short.
/// - Every call, streamed or not, runs on the transport's session, so calls share its
///   connections. On Linux the transport has one session per processor (at most four), since
///   Foundation there runs all of a session's work on one serial queue:
///   calls made one after another stay on the first, concurrent calls spread over the others.
/// - A streamed response (``TransportRequest/streamsResponseBody``) never holds more than about
///   a megabyte in memory.
///   On Linux, where Foundation cannot hold the server back, what a slow reader has not read
///   yet goes to a temporary file, up to ``maximumStreamBacklog`` bytes; past it the body fails
///   with `URLError(.dataLengthExceedsMaximum)` and the transfer stops.
/// - A 401 that challenges for HTTP authentication (`WWW-Authenticate: Basic` or `Digest`) is
///   returned with its body, like any other response (Foundation on Linux never completes it).
///   A Basic challenge is first answered once with a credential from the configuration's
///   `urlCredentialStorage`, if it holds one for the server and realm, as on Apple platforms.
public final class URLSessionTransport: Transport {
    /// The sessions that perform the requests (one on Apple platforms; on Linux one per
    /// processor, see `SessionLanes`). Private, because on Linux their delegate calls run on
    /// their own queues (see `ImmediateOperationQueue`), where other code's callbacks could
    /// deadlock them.
    private let lanes: SessionLanes

    /// Creates a transport with its own session.
    /// - Parameters:
    ///   - configuration: The session configuration; by default ``defaultConfiguration(waitsForConnectivity:)``,
    ///     which disables cookies. On Linux its `urlCache` is not used (see above), and each of the
    ///     transport's sessions gets it, so a per-host connection limit applies per session.
    ///   - maximumRedirects: How many redirects one request may follow before failing with
    ///     `URLError(.httpTooManyRedirects)`.
    ///   - maximumStreamBacklog: On Linux, the most bytes of a streamed response kept on disk
    ///     for a reader that is behind (1 GB by default); ignored on Apple platforms, where the
    ///     server is held back instead.
    public init(
        configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration(),
        maximumRedirects: Int = 10, maximumStreamBacklog: Int = 1 << 30
    ) {
        #if canImport(FoundationNetworking)
            // Every load is delivered through the delegate on Linux (see `load(_:)`); running its
            // calls where they arise saves a thread hop per request.
            let makeDelegateQueue = { ImmediateOperationQueue() as OperationQueue? }
            let configuration = Self.withoutURLCache(configuration)
        #else
            let makeDelegateQueue = { nil as OperationQueue? }
        #endif
        lanes = SessionLanes(
            configuration: configuration, count: SessionLanes.defaultCount, makeDelegateQueue: makeDelegateQueue)
        self.maximumRedirects = maximumRedirects
        self.maximumStreamBacklog = maximumStreamBacklog
    }

    /// How many redirects one request may follow.
    public let maximumRedirects: Int
    /// On Linux, the most bytes of a streamed response kept on disk for a reader that is behind.
    public let maximumStreamBacklog: Int

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

    #if canImport(FoundationNetworking)
        /// A copy of `configuration` without a URL cache (the caller's object is left as it was).
        ///
        /// Foundation on Linux looks a task's cached response up on a background queue before
        /// the task can load; a cancellation that lands meanwhile reports back after the task has
        /// left its session, and Foundation stops the process ("Trying to access a behaviour for
        /// a task that in not in the registry"). Measured: 6 concurrent loops cancelling 1,500
        /// calls each around the end of their exchange stopped the process in every run with the
        /// default cache, and in none of 16 runs without one.
        static func withoutURLCache(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
            let copy = (configuration.copy() as? URLSessionConfiguration) ?? configuration
            copy.urlCache = nil
            return copy
        }
    #endif

    deinit {
        lanes.finishTasksAndInvalidate()
    }

    /// Performs one exchange, following redirects.
    ///
    /// When the caller reads the body as it arrives (``TransportRequest/streamsResponseBody``),
    /// this returns as soon as the response's head has arrived, and the body never holds more
    /// than about a megabyte in memory: on Apple platforms the task is suspended while the
    /// consumer's buffer is full, so the server is held back; on Linux, where Foundation can
    /// neither pause a task nor let its delegate wait, what arrives past the buffer goes to a
    /// temporary file (at most ``maximumStreamBacklog`` bytes) and is read back in order.
    /// ``TransportRequest/timeout`` then bounds the wait for the head, and the session's idle
    /// timeout (the request's timeout plus a second, or the configuration's
    /// `timeoutIntervalForRequest`) applies between chunks. Otherwise the body is read whole,
    /// within the timeout. A request body that is not in memory is sent from its file, as it is
    /// read, or from a temporary copy (see the notes on uploads above).
    /// - Parameter request: The request.
    /// - Returns: The final response, whatever its status.
    /// - Throws: `URLError` for loading failures (`.timedOut` when ``TransportRequest/timeout``
    ///   passes, `.httpTooManyRedirects` past ``maximumRedirects``), `CancellationError` when the
    ///   task was cancelled.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let exchange = { @Sendable in
            try await request.sendFollowingRedirects(maximum: self.maximumRedirects) { current in
                current.streamsResponseBody ? try await self.streamOnce(current) : try await self.loadOnce(current)
            }
        }
        guard let timeout = request.timeout else { return try await exchange() }
        return try await within(timeout, request, exchange)
    }

    /// Runs an operation, failing with `URLError(.timedOut)` when it takes longer than `timeout`.
    private func within(
        _ timeout: Duration, _ request: TransportRequest,
        _ operation: @escaping @Sendable () async throws -> TransportResponse
    ) async throws -> TransportResponse {
        try await withThrowingTaskGroup(of: TransportResponse.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: request.url])
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// Sends a request and follows redirects itself, because Foundation on Linux drops the body
    /// of a 307 or 308 redirect even when the delegate supplies it. A body that is not in memory
    /// is uploaded from a file (see ``UploadFile``) or, on Apple platforms, as it is read (see
    /// `StreamedUpload`).
    private func loadOnce(_ request: TransportRequest) async throws -> TransportResponse {
        let upload = try await Upload(request.body)
        defer { upload.removeTemporaryFile() }
        let urlRequest = makeURLRequest(request)
        return try await lanes.run { lane in
            try await perform(urlRequest, method: request.method, upload: upload, on: lane)
        }
    }

    private func streamOnce(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        let channel = ByteChannel(maximumSpill: maximumStreamBacklog)
        let progress = UploadProgress.handler
        let upload = try await Upload(request.body)
        defer { upload.removeTemporaryFile() }
        let urlRequest = makeURLRequest(request)
        let http: HTTPURLResponse
        do {
            // Counted on its session until its head arrives: a stream that stays open costs its
            // session's queue only the bytes it receives.
            http = try await lanes.run { lane in
                let exchange = StreamingExchange(
                    session: lane.session, delegate: lane.delegate, channel: channel, progress: progress)
                return try await exchange.start(urlRequest, upload: upload, method: request.method)
            }
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw Self.classifyLoadingError(error)
        }
        let source = UncheckedSendable(http)
        return TransportResponse(status: http.statusCode, body: ResponseBody(channel: channel), url: http.url) {
            Self.headers(of: source.value)
        }
    }

    private func makeURLRequest(_ request: TransportRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body?.bufferedData
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
    private static func headerDictionary(_ headers: HeaderFields) -> [String: String] {
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

    private func perform(
        _ urlRequest: URLRequest, method: RequestMethod, upload: Upload, on lane: SessionLanes.Lane
    ) async throws -> TransportResponse {
        // URLSession may still send a request whose task is already cancelled: check first.
        try Task.checkCancellation()
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await load(urlRequest, upload: upload, on: lane)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw Self.classifyLoadingError(error)
        }
        return try Self.makeResponse(data, response, method: method)
    }

    /// Loads a request, with the body `upload` holds if any; cancelling the awaiting task cancels
    /// the load.
    private func load(_ urlRequest: URLRequest, upload: Upload, on lane: SessionLanes.Lane) async throws -> (
        Data, URLResponse
    ) {
        #if canImport(FoundationNetworking)
            // Not `data(for:)`: on Linux it can deadlock when the task is cancelled just as the
            // response arrives. Its cancellation handler runs under the task's status lock and
            // waits for the session's queue, while that queue, delivering the response, waits
            // for the same lock to resume the task. Not a completion handler either: it cannot
            // see a 401 that asks for HTTP authentication, which Foundation on Linux never
            // completes by itself (see `SessionDelegate`).
            return try await loadThroughDelegate(urlRequest, upload: upload, on: lane)
        #else
            let session = lane.session
            let progress = UploadProgress.handler
            if let file = upload.file {
                return try await session.upload(for: urlRequest, fromFile: file, delegate: UploadDelegate(progress))
            }
            // A body sent as it is read is asked for by the session's delegate.
            if upload.stream != nil { return try await loadThroughDelegate(urlRequest, upload: upload, on: lane) }
            guard let progress else { return try await session.data(for: urlRequest) }
            return try await session.data(for: urlRequest, delegate: UploadDelegate(progress))
        #endif
    }

    /// Loads a request through the session's delegate, which hands the task's events to a
    /// ``PendingLoad``.
    private func loadThroughDelegate(_ urlRequest: URLRequest, upload: Upload, on lane: SessionLanes.Lane)
        async throws -> (Data, URLResponse)
    {
        let session = lane.session
        let queue = lane.delegate.startQueue
        let load = PendingLoad(queue: queue, progress: UploadProgress.handler, upload: upload.stream)
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                guard load.prepare(continuation) else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                // Made and resumed on the start queue: on Linux both wait for the session's
                // queue, which must not hold a thread that runs tasks (see `SessionDelegate`).
                queue.async {
                    guard !load.wasCancelled else { return }
                    let task = SessionDelegate.task(in: session, for: urlRequest, uploading: upload)
                    lane.delegate.register(load, for: task)
                    if !load.start(task) { lane.delegate.forget(task) }
                }
            }
        } onCancel: {
            load.cancel()
        }
    }

    private static func makeResponse(_ data: Data, _ response: URLResponse, method: RequestMethod) throws
        -> TransportResponse
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
        return TransportResponse(status: http.statusCode, body: ResponseBody(data), url: http.url) {
            headers(of: source.value)
        }
    }

    /// The fields of a response. URLSession keeps them in a dictionary; they are sorted by name
    /// so that their order is at least stable.
    static func headers(of http: HTTPURLResponse) -> HeaderFields {
        let received = http.allHeaderFields
        var fields: [HeaderFields.Field] = []
        fields.reserveCapacity(received.count)
        for (name, value) in received {
            guard let name = name.base as? String else { continue }
            fields.append(HeaderFields.Field(name: name, value: value as? String ?? "\(value)"))
        }
        fields.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        return HeaderFields(fields)
    }

    /// curl on Linux reports a body cut short as an unknown error ("transfer closed with N bytes
    /// remaining to read"); it is a lost connection, like Apple's `networkConnectionLost`.
    static func classifyLoadingError(_ error: any Error) -> any Error {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain, nsError.code == URLError.Code.unknown.rawValue else { return error }
        let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        let message = underlying?.localizedDescription ?? nsError.localizedDescription
        guard message.contains("transfer closed") || message.contains("remaining to read") else { return error }
        return URLError(
            .networkConnectionLost, userInfo: nsError.userInfo.merging([NSLocalizedDescriptionKey: message]) { $1 })
    }
}

/// How a request body that is not in memory goes out: from a file (``UploadFile``), or on
/// Apple platforms as it is read (`StreamedUpload`); neither for a body in memory.
struct Upload: Sendable {
    private let uploadFile: UploadFile?
    /// The body, sent as it is read.
    let stream: StreamedUpload?

    /// How `body` goes out; a body that is neither in memory nor one file is copied to a
    /// temporary file first where it cannot be sent as it is read (Linux).
    /// - Throws: What reading the body throws while it is copied.
    init(_ body: StreamedBody?) async throws {
        stream = StreamedUpload(body)
        uploadFile = stream == nil ? try await UploadFile(body) : nil
    }

    /// The file to upload the body from.
    var file: URL? { uploadFile?.url }

    /// Removes the temporary copy, if one was made.
    func removeTemporaryFile() { uploadFile?.remove() }
}

#if !canImport(FoundationNetworking)
    /// Reports the progress of one upload from a file or from memory on Apple platforms.
    private final class UploadDelegate: NSObject, URLSessionTaskDelegate, Sendable {
        let handler: TransferProgressHandler?
        init(_ handler: TransferProgressHandler?) { self.handler = handler }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
            totalBytesExpectedToSend: Int64
        ) {
            let total = totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil
            handler?(TransferProgress(completedBytes: totalBytesSent, totalBytes: total))
        }
    }
#endif

/// The file a ``StreamedBody`` is uploaded from: the body's own file when it is one whole
/// file, else a temporary copy written chunk by chunk (a sequence, or a form with file parts),
/// where the body cannot be sent as it is read (``Upload`` decides).
///
/// On Linux, URLSession reads request bodies other than files on the one thread every session
/// shares: a body that made it wait (a slow sequence) would stall every transfer in the
/// process. Written to disk first, the body keeps memory flat, is sent with its
/// `Content-Length` (which many servers require of uploads), and reports progress as it is
/// sent. On Apple platforms such a body is sent as it is read (see `StreamedUpload`), as
/// `AsyncHTTPClientTransport` does everywhere.
struct UploadFile: Sendable {
    let url: URL
    private let isTemporary: Bool

    init?(_ body: StreamedBody?) async throws {
        // A body in memory goes as the request's `httpBody`.
        guard let body, body.bufferedData == nil else { return nil }
        if let file = body.fileURL {
            url = file
            isTemporary = false
            return
        }
        url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-upload-\(UUID().uuidString)")
        isTemporary = true
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            // Not counted as upload progress: that is reported as the file is sent.
            var chunks = body.makeAsyncIterator(progress: nil)
            var read: Int64 = 0
            while let chunk = try await chunks.next() {
                try Task.checkCancellation()
                read += Int64(chunk.count)
                if let length = body.length, read > length {
                    throw UploadPump.lengthMismatch(read: read, declared: length)
                }
                try handle.write(contentsOf: chunk)
            }
            if let length = body.length, read != length {
                throw UploadPump.lengthMismatch(read: read, declared: length)
            }
        } catch {
            remove()
            throw error
        }
    }

    /// Removes a temporary copy; leaves the caller's own file alone.
    func remove() {
        if isTemporary { try? FileManager.default.removeItem(at: url) }
    }
}
