public import AsyncHTTPClient
@_spi(Transports) public import Courier
import Foundation
import NIOConcurrencyHelpers
public import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import Tracing

/// A Courier ``Transport`` on AsyncHTTPClient (SwiftNIO), for server-side Swift on Linux, where
/// it is several times faster than `URLSession`.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "https://api.example.com")!) {
///     $0.transport = AsyncHTTPClientTransport()
/// }
/// ```
///
/// It behaves like ``URLSessionTransport``, and passes the same conformance tests:
/// - Cancelling the awaiting task cancels the request, before the response head or while the
///   body arrives; a task cancelled before the call sends nothing.
/// - Cancelling a call by id (`APIClient.cancelRequest(id:)`) cancels its request alone, so a
///   listed call that reads its body whole runs its exchange in the calling task instead of a
///   task of its own (see `APIClient.Configuration.listsInFlightRequests`).
/// - ``TransportRequest/timeout`` bounds the whole exchange, body included, with sub-second values.
///   A call whose bodies are in memory both ways (most JSON calls) goes through AsyncHTTPClient's
///   delegate API, whose deadline covers the body, so its timeout needs no task of its own.
/// - Redirects are followed by the transport with Courier's rules
///   (`TransportRequest.redirected(by:)`): 307 and 308 keep the method and body, credentials never
///   follow a redirect to another origin, and https never redirects to http.
/// - Failures are `URLError`s of the codes `URLSession` uses, so the client classifies them the
///   same way: a refused connection or an unknown host is ``ServiceError/notConnected(_:)``, a
///   timeout ``ServiceError/timedOut(_:)``, a body cut short `.networkConnectionLost`. The
///   AsyncHTTPClient or SwiftNIO error is kept as the underlying error.
/// - Cookies are neither stored nor sent.
/// - A ``TransportRequest/body`` that is not in memory (a file, a sequence, a multipart form with
///   files) is sent as it is read,
///   with its `Content-Length` when known, and reports upload progress; no more than about a
///   megabyte of it is read ahead of the connection, whatever its size.
/// - A streamed response (``TransportRequest/streamsResponseBody``) is read from the socket only
///   as fast as it is consumed: a slow consumer holds the server back.
/// - Responses are decompressed: the default configuration sends `Accept-Encoding: deflate,
///   gzip` and inflates what comes back, as `URLSession` does.
/// - Upload progress is reported for every body, in memory too, when the call asks for it.
///
/// A transport made with ``init(configuration:eventLoopGroup:maximumRedirects:maximumResponseBodySize:)``
/// owns its `HTTPClient`, whose connection pool all of its requests share, and shuts it down
/// when the transport is released (or call ``shutdown()`` to wait for that). One made with
/// ``init(client:maximumRedirects:maximumResponseBodySize:)`` uses yours, such as
/// `HTTPClient.shared`, and leaves its lifetime to you.
public final class AsyncHTTPClientTransport: Transport {
    private let client: HTTPClient
    private let ownsClient: Bool
    /// Whether ``shutdown()`` has begun to shut the transport's own client down.
    private let isShuttingDown = NIOLockedValueBox(false)
    /// How many redirects one request may follow before failing.
    public let maximumRedirects: Int
    /// The largest response body accepted; a larger one fails with
    /// `URLError(.dataLengthExceedsMaximum)` rather than filling memory.
    public let maximumResponseBodySize: Int

    /// Creates a transport with its own `HTTPClient`.
    /// - Parameters:
    ///   - configuration: The client's configuration; by default ``defaultConfiguration()``.
    ///     Its redirect setting is replaced: the transport follows redirects itself, so that
    ///     Courier's rules apply.
    ///   - eventLoopGroup: Where the client's connections run; by default AsyncHTTPClient's
    ///     shared group.
    ///   - maximumRedirects: How many redirects one request may follow.
    ///   - maximumResponseBodySize: The largest response body accepted, in bytes; by default no
    ///     limit, as with `URLSession`.
    public init(
        configuration: HTTPClient.Configuration = AsyncHTTPClientTransport.defaultConfiguration(),
        eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup,
        maximumRedirects: Int = 10,
        maximumResponseBodySize: Int = .max
    ) {
        var configuration = configuration
        configuration.redirectConfiguration = .disallow
        client = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
        ownsClient = true
        self.maximumRedirects = maximumRedirects
        self.maximumResponseBodySize = maximumResponseBodySize
    }

    /// Creates a transport on an `HTTPClient` of yours, such as `HTTPClient.shared` or the one
    /// your server already uses. The transport never shuts it down.
    ///
    /// ```swift
    /// let transport = AsyncHTTPClientTransport(client: .shared)
    /// ```
    ///
    /// The client's own settings apply: for Courier's redirect rules give it
    /// `redirectConfiguration = .disallow` (the transport then follows redirects itself), and
    /// for compressed responses `decompression = .enabled(...)`, as
    /// ``defaultConfiguration()`` does.
    ///
    /// A call over a client of yours costs a few microseconds of CPU more than over the
    /// transport's own: AsyncHTTPClient fails a shut-down client's requests without a word to
    /// their delegate, and the transport cannot know whether you shut yours down, so it watches
    /// each request from the calling thread, which queues a job on the client's event loop.
    /// - Parameters:
    ///   - client: The client to send requests with.
    ///   - maximumRedirects: How many redirects one request may follow.
    ///   - maximumResponseBodySize: The largest response body accepted, in bytes.
    public init(client: HTTPClient, maximumRedirects: Int = 10, maximumResponseBodySize: Int = .max) {
        self.client = client
        ownsClient = false
        self.maximumRedirects = maximumRedirects
        self.maximumResponseBodySize = maximumResponseBodySize
    }

    /// The configuration used when none is given: AsyncHTTPClient's defaults, except that
    /// - a connection that cannot be made fails the request at once, as with `URLSession`,
    ///   instead of being retried until the connect timeout (retrying is ``RetryMiddleware``'s
    ///   decision);
    /// - responses are decompressed (`Accept-Encoding: deflate, gzip` is sent), up to 500 times
    ///   their compressed size, which bounds a decompression bomb;
    /// - when the process has no tracer (`InstrumentationSystem` was not bootstrapped with one),
    ///   the configuration has none either. AsyncHTTPClient keeps the global tracer when the
    ///   configuration is made, and with the no-op one it still builds every request's span
    ///   attributes, about 2 µs per request, to throw them away. Bootstrap your tracer before
    ///   making the transport, as AsyncHTTPClient asks, and its spans are recorded as usual.
    /// - Returns: A new configuration.
    public static func defaultConfiguration() -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.decompression = .enabled(limit: .ratio(500))
        if InstrumentationSystem.tracer is NoOpTracer { configuration.tracing.tracer = nil }
        return configuration
    }

    deinit {
        if ownsClient { client.shutdown { _ in } }
    }

    /// Shuts the transport's own client down once its requests are over; the transport cannot
    /// send after it. Does nothing to a client passed to ``init(client:maximumRedirects:maximumResponseBodySize:)``.
    /// - Throws: What `HTTPClient.shutdown()` throws.
    public func shutdown() async throws {
        guard ownsClient else { return }
        isShuttingDown.withLockedValue { $0 = true }
        try await client.shutdown()
    }

    /// Performs one exchange, following redirects.
    ///
    /// When the caller reads the body as it arrives (``TransportRequest/streamsResponseBody``),
    /// this returns when the response's head has arrived, and the body is read from the
    /// connection only as fast as it is consumed; ``TransportRequest/timeout`` bounds the wait for
    /// the head. Otherwise the body is read whole (at most ``maximumResponseBodySize`` bytes),
    /// within the timeout.
    /// - Parameter request: The request.
    /// - Returns: The final response, whatever its status.
    /// - Throws: `URLError` for failures (see the type's summary), `CancellationError` when the
    ///   task was cancelled.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        if request.streamsResponseBody { return try await stream(request) }
        if Self.sendsWhole(request) {
            // AsyncHTTPClient's delegate API: its deadline bounds the whole exchange, body included.
            let deadline = request.timeout.map(Self.deadline(after:))
            return try await request.sendFollowingRedirects(maximum: maximumRedirects) { current in
                try await performWhole(current, deadline: deadline)
            }
        }
        // The async API, which only the task's cancellation ends: in a task of its own, which
        // cancelling the exchange by id cancels.
        let sending = Task { try await self.sendInOwnTask(request) }
        return try await withExchangeCancellationHandler {
            try await sending.value
        } onCancel: {
            sending.cancel()
        }
    }

    /// An exchange through the async API whose response is read whole: a body sent as it is
    /// read, or in pieces to report upload progress.
    private func sendInOwnTask(_ request: TransportRequest) async throws -> TransportResponse {
        guard let timeout = request.timeout else { return try await exchange(request, deadline: .distantFuture) }
        // AsyncHTTPClient's deadline ends when the head arrives; the task group bounds the body too.
        let deadline = Self.deadline(after: timeout)
        return try await withThrowingTaskGroup(of: TransportResponse.self) { group in
            group.addTask { try await self.exchange(request, deadline: deadline) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: request.url])
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// The moment a timeout that starts now ends.
    private static func deadline(after timeout: Duration) -> NIODeadline {
        NIODeadline.now() + .nanoseconds(Int64(timeout / .nanoseconds(1)))
    }

    /// Whether a call goes through AsyncHTTPClient's delegate API: its body, if any, is in memory
    /// and no one watches it go (the async API sends such a body in pieces, to report them).
    private static func sendsWhole(_ request: TransportRequest) -> Bool {
        guard let body = request.body else { return true }
        return body.bufferedData != nil && TransferProgress.uploadHandler == nil
    }

    /// One exchange whose request and response bodies are in memory, without following
    /// redirects, through AsyncHTTPClient's delegate API: its deadline covers the body as well as
    /// the head, so no timer task is needed, and the awaiting task is resumed straight from the
    /// connection's event loop.
    private func performWhole(_ request: TransportRequest, deadline: NIODeadline?) async throws -> TransportResponse {
        try Task.checkCancellation()
        do {
            let outgoing = try HTTPClient.Request(
                url: request.url, method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue),
                headers: Self.headers(request.headers), body: request.body?.bufferedData.map { .bytes($0) })
            // A ByteBuffer holds at most 4 GiB, and AsyncHTTPClient's accumulator checks so.
            let limit = min(maximumResponseBodySize, Int(exactly: UInt32.max) ?? Int(Int32.max))
            let response = try await WholeResponseExchange.response(
                to: outgoing, on: client, maximumBodySize: limit, deadline: deadline,
                clientMayBeShutDown: { !ownsClient || isShuttingDown.withLockedValue { $0 } })
            let body = response.body.map { Data(buffer: $0, byteTransferStrategy: .automatic) } ?? Data()
            return TransportResponse(
                status: Int(response.status.code), headers: Self.headers(response.headers), body: body,
                url: request.url)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw Self.classify(error, request: request)
        }
    }

    /// The exchange of a streamed call: the response as soon as its head has arrived.
    private func stream(_ request: TransportRequest) async throws -> TransportResponse {
        let deadline = request.timeout.map(Self.deadline(after:)) ?? .distantFuture
        return try await request.sendFollowingRedirects(maximum: maximumRedirects) { current in
            try Task.checkCancellation()
            do {
                let response = try await client.execute(makeRequest(current), deadline: deadline)
                return TransportResponse(
                    status: Int(response.status.code), headers: Self.headers(response.headers),
                    body: ResponseBody(chunks: DataChunks(body: response.body, request: current, transport: self)),
                    url: current.url)
            } catch {
                if Task.isCancelled { throw CancellationError() }
                throw Self.classify(error, request: current)
            }
        }
    }

    private func exchange(_ request: TransportRequest, deadline: NIODeadline) async throws -> TransportResponse {
        try await request.sendFollowingRedirects(maximum: maximumRedirects) { current in
            try await perform(current, deadline: deadline)
        }
    }

    /// One exchange, without following redirects.
    private func perform(_ request: TransportRequest, deadline: NIODeadline) async throws -> TransportResponse {
        try Task.checkCancellation()
        do {
            let response = try await client.execute(makeRequest(request), deadline: deadline)
            let body = try await response.body.collect(upTo: maximumResponseBodySize)
            return TransportResponse(
                status: Int(response.status.code), headers: Self.headers(response.headers),
                body: Data(buffer: body, byteTransferStrategy: .automatic), url: request.url)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw Self.classify(error, request: request)
        }
    }

    private func makeRequest(_ request: TransportRequest) -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        outgoing.headers = Self.headers(request.headers)
        if let body = request.body?.bufferedData, let progress = TransferProgress.uploadHandler {
            // In pieces, so that the caller sees them go.
            outgoing.body = .stream(
                ProgressReportingChunks(body: body, progress: progress), length: .known(Int64(body.count)))
        } else if let body = request.body?.bufferedData {
            outgoing.body = .bytes(ByteBuffer(data: body))
        } else if let body = request.body {
            outgoing.body = .stream(
                ByteBufferChunks(chunks: body.makeAsyncIterator(), eventLoops: client.eventLoopGroup),
                length: body.length.map { .known($0) } ?? .unknown)
        }
        return outgoing
    }

    private static func headers(_ fields: Courier.HeaderFields) -> NIOHTTP1.HTTPHeaders {
        var headers = NIOHTTP1.HTTPHeaders()
        headers.reserveCapacity(fields.fields.count)
        for field in fields.fields { headers.add(name: field.name, value: field.value) }
        return headers
    }

    private static func headers(_ headers: NIOHTTP1.HTTPHeaders) -> Courier.HeaderFields {
        var fields: [Courier.HeaderFields.Field] = []
        fields.reserveCapacity(headers.count)
        for (name, value) in headers { fields.append(Courier.HeaderFields.Field(name: name, value: value)) }
        return Courier.HeaderFields(fields)
    }
}

/// A ``StreamedBody``'s chunks as AsyncHTTPClient sends them.
///
/// AsyncHTTPClient asks for the next chunk as soon as it has handed one to the connection's
/// event loop, and learns that the connection is behind only when that loop has written it: a
/// body read from a fast disk could get dozens of chunks ahead of a slower server meanwhile,
/// tens of megabytes. So after each megabyte the iterator waits until every event loop has run
/// what was queued on it: what it handed over has then reached the connection, which has told
/// AsyncHTTPClient to wait if it is behind. An upload then holds about a megabyte, whatever
/// its size. (Which loop the connection runs on is not known here, hence all of them; the wait
/// starts before the next chunk is read, so the two overlap.)
struct ByteBufferChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    /// The body's chunks, made by the sending task so that they report upload progress to its
    /// call; read once.
    let chunks: StreamedBody.Iterator
    let eventLoops: any EventLoopGroup
    /// How many bytes may be handed over between two waits.
    static let bytesBetweenWaits = 1 << 20

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks, eventLoops: eventLoops)
    }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: StreamedBody.Iterator
        let eventLoops: any EventLoopGroup
        var bytesSinceWait = 0

        mutating func next() async throws -> ByteBuffer? {
            var caughtUp: [EventLoopFuture<Void>] = []
            if bytesSinceWait >= ByteBufferChunks.bytesBetweenWaits {
                bytesSinceWait = 0
                caughtUp = eventLoops.makeIterator().map { $0.submit {} }
            }
            let chunk = try await chunks.next().map { ByteBuffer(data: $0) }
            for loopHasCaughtUp in caughtUp { try await loopHasCaughtUp.get() }
            bytesSinceWait += chunk?.readableBytes ?? 0
            return chunk
        }
    }
}

/// A response body from AsyncHTTPClient as `Data` chunks, its errors mapped as the transport's.
struct DataChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let body: HTTPClientResponse.Body
    let request: TransportRequest
    /// Kept alive while the body is: releasing the transport shuts its client down, which would
    /// cancel the body's request.
    let transport: AsyncHTTPClientTransport

    func makeAsyncIterator() -> Iterator { Iterator(buffers: body.makeAsyncIterator(), request: request) }

    struct Iterator: AsyncIteratorProtocol {
        var buffers: HTTPClientResponse.Body.AsyncIterator
        let request: TransportRequest
        mutating func next() async throws -> Data? {
            do {
                return try await buffers.next().map { Data(buffer: $0, byteTransferStrategy: .automatic) }
            } catch {
                if Task.isCancelled { throw CancellationError() }
                throw AsyncHTTPClientTransport.classify(error, request: request)
            }
        }
    }
}

/// A body in memory sent in 64 KB pieces, reporting each as sent (AsyncHTTPClient asks for the
/// next piece once it has handed the last to the connection).
struct ProgressReportingChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let body: Data
    let progress: TransferProgressHandler

    func makeAsyncIterator() -> Iterator { Iterator(body: body, progress: progress) }

    struct Iterator: AsyncIteratorProtocol {
        let body: Data
        let progress: TransferProgressHandler
        var offset = 0

        mutating func next() async throws -> ByteBuffer? {
            let total = Int64(body.count)
            if offset > 0 { progress(TransferProgress(completedBytes: Int64(offset), totalBytes: total)) }
            guard offset < body.count else { return nil }
            let end = Swift.min(offset + 64 * 1024, body.count)
            let piece = body[body.startIndex + offset..<body.startIndex + end]
            offset = end
            return ByteBuffer(data: piece)
        }
    }
}

/// Every wait of a call whose response is read whole ends when the call is cancelled by id: the
/// delegate API's request is cancelled alone, and the async API runs in a task of its own.
@_spi(Transports) extension AsyncHTTPClientTransport: ExchangeCancellingTransport {}
