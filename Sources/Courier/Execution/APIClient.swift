public import Foundation

/// Sends ``Endpoint``s to one server and decodes their responses.
///
/// Create one client per back-end server; an app that talks to an auth server and an API
/// server has two. The client is `Sendable`: share it and call it from any number of tasks.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "https://api.example.com/v1")!) {
///     $0.errorBodyType = APIErrorBody.self
///     $0.middlewares = [RequestParametersMiddleware { $0.headers["Authorization"] = "Bearer …" }]
/// }
/// let user = try await client.send(Endpoint<User>.get("/users/\(id)"))
/// ```
///
/// Cancelling the task that awaits a call cancels the HTTP request itself, and the call throws
/// ``ServiceError/cancelled``.
public final class APIClient: Sendable {
    /// The shared settings of every call.
    public let configuration: Configuration
    /// How every call turns out, for any number of listeners.
    public let requestEvents = RequestEvents()
    private let exchanges: InFlightExchanges
    private let sharedFlights: SharedFlights

    /// Creates a client.
    /// - Parameter configuration: The shared settings.
    public init(configuration: Configuration) {
        self.configuration = configuration
        exchanges = InFlightExchanges(lists: configuration.listsInFlightRequests)
        sharedFlights = SharedFlights(exchanges: exchanges)
        do {
            try HeaderValidation.validate(configuration.headers)
            invalidDefaultHeaders = nil
        } catch {
            invalidDefaultHeaders = error
        }
        var base = configuration.baseURL.absoluteString
        if base.hasSuffix("/") { base.removeLast() }
        baseText = base
        baseHasSchemeAndHost = configuration.baseURL.scheme != nil && configuration.baseURL.host != nil
        runsListedExchangesInCallingTask =
            configuration.transport is any ExchangeCancellingTransport
            && configuration.middlewares.allSatisfy { $0 is any HandsOnPromptly }
    }

    /// Whether a listed call that reads its body whole runs its exchange in the calling task:
    /// the transport can end one exchange by itself, and every middleware hands on promptly.
    private let runsListedExchangesInCallingTask: Bool

    /// The base URL as text without a trailing slash, to which relative paths are appended.
    private let baseText: String
    /// Whether the base URL has a scheme and a host, checked once.
    private let baseHasSchemeAndHost: Bool
    /// Why the configuration's headers cannot be sent, checked once: every call throws it.
    private let invalidDefaultHeaders: ServiceError?

    /// The exchanges under way, oldest first. Coalesced calls share one entry; a streamed call
    /// stays listed until its body ends. Always empty when
    /// ``Configuration/listsInFlightRequests`` is off.
    public var inFlightRequests: [InFlightRequest] { exchanges.snapshot }

    /// Cancels one exchange; every call waiting for it throws ``ServiceError/cancelled``.
    ///
    /// Only the exchange is cancelled, never the task that made the call: a call's exchange
    /// runs in a task of its own, which the call waits for (or in the calling task, over a
    /// transport that cancels one request by itself, such as Courier's AsyncHTTPClient
    /// transport; see ``Configuration/listsInFlightRequests``), and a shared exchange (identical
    /// calls coalesced by ``Configuration/coalescesRequests``) in one of the flight's. The
    /// callers throw ``ServiceError/cancelled`` and their tasks go on as they were. No lock is held
    /// while cancelling, so cancellation handlers may call back into the client. Once a streamed
    /// call has its response head, this cancels its body (``ResponseBody/cancel()``).
    /// - Parameter id: The exchange's ``InFlightRequest/id``.
    /// - Returns: `false` when no such exchange is under way (always, when
    ///   ``Configuration/listsInFlightRequests`` is off).
    @discardableResult
    public func cancelRequest(id: InFlightRequest.ID) -> Bool { exchanges.cancel(id) }

    /// Cancels every exchange under way, as ``cancelRequest(id:)`` cancels one.
    public func cancelAllRequests() { exchanges.cancelAll() }

    /// Creates a client for a base URL, adjusting the default configuration in a closure.
    /// - Parameters:
    ///   - baseURL: The server's base URL, which may include a path prefix.
    ///   - configure: Changes to the default ``Configuration``.
    public convenience init(baseURL: URL, _ configure: (inout Configuration) -> Void = { _ in }) {
        var configuration = Configuration(baseURL: baseURL)
        configure(&configuration)
        self.init(configuration: configuration)
    }

    /// Sends an endpoint and returns its decoded value.
    /// - Parameter endpoint: The call to make.
    /// - Returns: The decoded response body.
    /// - Throws: ``ServiceError``; ``ServiceError/cancelled`` when the task is cancelled;
    ///   ``ServiceError/timedOut(_:)`` when an attempt or the whole call takes too long.
    public func send<Value>(_ endpoint: Endpoint<Value>) async throws(ServiceError) -> Value {
        let call = try begin(endpoint, streamsResponse: false)
        let http = try await perform(call)
        return try finish(endpoint, call: call, response: http)
    }

    /// Sends an endpoint and returns the decoded value with everything the server sent.
    /// - Parameter endpoint: The call to make.
    /// - Returns: The value, status, headers, raw body, final URL, start and duration.
    /// - Throws: ``ServiceError``; ``ServiceError/cancelled`` when the task is cancelled;
    ///   ``ServiceError/timedOut(_:)`` when an attempt or the whole call takes too long.
    public func response<Value>(for endpoint: Endpoint<Value>) async throws(ServiceError) -> Response<Value> {
        let call = try begin(endpoint, streamsResponse: false)
        let start = Date()
        let clock = ContinuousClock.now
        let http = try await perform(call)
        let duration = ContinuousClock.now - clock
        let value = try finish(endpoint, call: call, response: http)
        return Response(
            value: value, request: call.request, http: http,
            startedAt: start, duration: duration)
    }

    /// Runs a call's exchange; tells listeners when it fails.
    ///
    /// Not generic: only building the request and decoding the value depend on the value's
    /// type, so the asynchronous part of every call is the same code, with no type metadata to
    /// look up while it runs. It returns the response alone, not in a tuple or a generic
    /// wrapper, so that it is moved up the call chain rather than copied through value witnesses.
    private func perform(_ call: Call) async throws(ServiceError) -> TransportResponse {
        do throws(ServiceError) {
            let response = try await run(call)
            if Task.isCancelled { throw .cancelled }
            return response
        } catch {
            if let info = call.info { requestEvents.emit(.failed(info, error)) }
            throw error
        }
    }

    /// Decodes a call's value from its response, and tells listeners how the call turned out.
    private func finish<Value>(
        _ endpoint: Endpoint<Value>, call: Call, response http: TransportResponse
    ) throws(ServiceError) -> Value {
        do throws(ServiceError) {
            let value = try decode(endpoint, request: call.request, response: http)
            if let info = call.info { requestEvents.emit(.succeeded(info, value: value, response: http)) }
            return value
        } catch {
            if let info = call.info { requestEvents.emit(.failed(info, error)) }
            throw error
        }
    }

    /// One call on its way: the request built from its endpoint and what goes with it.
    struct Call: Sendable {
        var request: TransportRequest
        var context: RequestContext
        var totalTimeout: Duration?
        /// Set when someone listens to ``APIClient/events``.
        var info: RequestEventInfo?
    }

    /// Builds a call's request and context, and announces it to listeners.
    func begin<Value>(_ endpoint: Endpoint<Value>, streamsResponse: Bool) throws(ServiceError) -> Call {
        if Task.isCancelled { throw .cancelled }
        let request = try makeRequest(for: endpoint)
        let totalTimeout = endpoint.totalTimeout ?? configuration.totalTimeout
        var context = RequestContext(
            operationID: endpoint.operationID, options: endpoint.options,
            deadline: totalTimeout.map { ContinuousClock.now + $0 })
        context.streamsResponseBody = streamsResponse
        // Events are built only when someone listens, to keep the common path free of that work.
        let info =
            requestEvents.isObserved
            ? RequestEventInfo(
                callID: exchanges.makeID(), operationID: endpoint.operationID, method: request.method,
                url: request.url) : nil
        if let info { requestEvents.emit(.started(info)) }
        return Call(request: request, context: context, totalTimeout: totalTimeout, info: info)
    }

    /// Runs a call's exchange through the middleware chain and the transport, within its total
    /// timeout.
    func run(_ call: Call) async throws(ServiceError) -> TransportResponse {
        if let deadline = call.context.deadline, let totalTimeout = call.totalTimeout {
            return try await exchange(
                call.request, context: call.context, deadline: deadline, totalTimeout: totalTimeout)
        }
        return try await listedExchange(call.request, context: call.context, totalTimeout: nil)
    }

    /// Builds the HTTP request for an endpoint without sending it.
    /// - Parameter endpoint: The endpoint.
    /// - Returns: The request the client would pass to its middleware chain.
    /// - Throws: ``ServiceError/invalidRequest(_:)`` when the URL, a header or the body is invalid.
    public func makeRequest<Value>(for endpoint: Endpoint<Value>) throws(ServiceError) -> TransportRequest {
        var text: String
        // A path after a base URL with a scheme and host keeps them (it always starts with "/").
        let keepsSchemeAndHost: Bool
        switch endpoint.path.storage {
        case .absolute(let url):
            text = url.absoluteString
            keepsSchemeAndHost = false
        case .relative(let path):
            if let scheme = Self.schemePrefix(of: path) {
                throw .invalidRequest(
                    InvalidRequest(
                        reason:
                            "The path \"\(path)\" is an absolute \(scheme) URL: use .absolute(url) to call another server, or a path such as \"/items\"."
                    ))
            }
            text = baseText
            text += path.hasPrefix("/") || path.isEmpty ? path : "/" + path
            keepsSchemeAndHost = baseHasSchemeAndHost
        }
        if !endpoint.query.isEmpty {
            text += (text.contains("?") ? "&" : "?") + QueryItem.encode(endpoint.query)
        }
        guard let url = URL(string: text), keepsSchemeAndHost || (url.scheme != nil && url.host != nil) else {
            throw .invalidRequest(InvalidRequest(reason: "\"\(text)\" is not a valid absolute URL."))
        }
        var request = TransportRequest(
            method: endpoint.method, url: url, headers: configuration.headers.merging(endpoint.headers),
            timeout: endpoint.timeout ?? configuration.timeout, cachePolicy: endpoint.cachePolicy)
        if let body = endpoint.body {
            do {
                let (encoded, contentType) = try body.encoded(with: configuration.encoder)
                request.body = encoded
                if !request.headers.contains("Content-Type") { request.headers["Content-Type"] = contentType }
            } catch {
                throw .invalidRequest(
                    InvalidRequest(reason: "The request body could not be encoded.", underlying: error))
            }
        }
        if let invalidDefaultHeaders { throw invalidDefaultHeaders }
        try HeaderValidation.validate(endpoint.headers)
        return request
    }

    /// The scheme of a path that is really an absolute URL (`https://…`), which would otherwise
    /// be appended to the base URL.
    private static func schemePrefix(of path: String) -> Substring? {
        // A path nearly always starts with "/", which no scheme does: decided without a search.
        guard path.utf8.first != UInt8(ascii: "/"), let separator = path.range(of: "://") else { return nil }
        let scheme = path[..<separator.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme
    }

    /// Runs the exchange of one call within its total timeout: the call throws
    /// ``ServiceError/timedOut(_:)`` when the deadline passes, whatever the transport does.
    private func exchange(
        _ request: TransportRequest, context: RequestContext, deadline: ContinuousClock.Instant, totalTimeout: Duration
    ) async throws(ServiceError) -> TransportResponse {
        let result = await withTaskGroup(of: Result<TransportResponse, ServiceError>?.self) { group in
            group.addTask {
                do throws(ServiceError) {
                    return .success(
                        try await self.listedExchange(request, context: context, totalTimeout: totalTimeout))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                // `nil` when cancelled: the exchange, cancelled too, gives the answer.
                guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return nil }
                let description = "The call took longer than its total timeout of \(totalTimeout)."
                let error = URLError(
                    .timedOut,
                    userInfo: [NSLocalizedDescriptionKey: description, NSURLErrorFailingURLErrorKey: request.url])
                return .failure(.timedOut(TransportFailure(request: request, code: .timedOut, underlying: error)))
            }
            defer { group.cancelAll() }
            while let next = await group.next() {
                if let result = next { return result }
            }
            return .failure(.cancelled)
        }
        return try result.get()
    }

    /// Runs the exchange of one call, listed among ``inFlightRequests``: shared with identical
    /// calls under way when it may be, else in a task of its own, or in the calling task when
    /// calls are not listed or the transport can cancel the exchange by itself.
    private func listedExchange(
        _ request: TransportRequest, context: RequestContext, totalTimeout: Duration?
    ) async throws(ServiceError) -> TransportResponse {
        if configuration.coalescesRequests,
            let key = CoalescingKey(request, context: context, totalTimeout: totalTimeout)
        {
            let makeInfo = { (id: UInt64) in Self.info(id: id, request: request, context: context) }
            return try await sharedFlights.perform(key, makeInfo: makeInfo) { () async throws(ServiceError) in
                try await self.execute(request, context: context)
            }
        }
        // Not listed, nothing can cancel the exchange but the caller's task: it runs there.
        guard configuration.listsInFlightRequests else { return try await execute(request, context: context) }
        if runsListedExchangesInCallingTask && !context.streamsResponseBody {
            return try await exchangeInCallingTask(request, context: context)
        }
        return try await exchangeInOwnTask(request, context: context)
    }

    /// Runs a call's own exchange in the calling task, listed: cancelling it by id ends the
    /// transport's wait through ``ExchangeCancellation``, and the call throws
    /// ``ServiceError/cancelled`` while its task goes on. Only over a transport that cancels
    /// exchanges by itself (``ExchangeCancellingTransport``), with middleware that hands
    /// on promptly, and for a body read whole (a streamed body outlives the call, and is
    /// cancelled through its own bookkeeping).
    private func exchangeInCallingTask(
        _ request: TransportRequest, context: RequestContext
    ) async throws(ServiceError) -> TransportResponse {
        let cancellation = ExchangeCancellation()
        let id = exchanges.add(
            { Self.info(id: $0, request: request, context: context) }, runner: .flight(cancellation.cancel))
        defer { exchanges.finishCall(id) }
        var context = context
        context.exchangeCancellation = cancellation
        return try await execute(request, context: context)
    }

    private static func info(id: UInt64, request: TransportRequest, context: RequestContext) -> InFlightRequest {
        InFlightRequest(
            id: id, operationID: context.operationID, method: request.method, url: request.url, startedAt: Date(),
            waiters: 1)
    }

    /// Runs a call's own exchange in a task of its own, which the calling task waits for: the
    /// calling task's cancellation reaches it, and cancelling the exchange by id cancels that
    /// task only, never the caller (which may be doing other work too).
    ///
    /// With Swift 6.2's `Task.immediate`, the task runs on the caller's thread until it first
    /// waits (usually in the transport), which spares a hop to another thread before the
    /// request is sent.
    private func exchangeInOwnTask(_ request: TransportRequest, context: RequestContext) async throws(ServiceError)
        -> TransportResponse
    {
        // Listed before it starts, so that it is listed whenever the transport has its request.
        let id = exchanges.add({ Self.info(id: $0, request: request, context: context) }, runner: .starting)
        defer { exchanges.finishCall(id) }
        let run: @Sendable () async -> Result<TransportResponse, ServiceError> = {
            do throws(ServiceError) {
                return .success(try await self.execute(request, context: context))
            } catch {
                return .failure(error)
            }
        }
        let exchange = Task.startingHere(run)
        exchanges.attach(exchange, to: id)
        let result = await withTaskCancellationHandler {
            await exchange.value
        } onCancel: {
            exchange.cancel()
        }
        return listedUntilBodyEnds(try result.get(), id: id)
    }

    /// A streamed response's exchange stays among ``inFlightRequests`` until its body ends, and
    /// cancelling it by id then cancels the body.
    private func listedUntilBodyEnds(_ response: TransportResponse, id: UInt64) -> TransportResponse {
        guard response.body.isStreaming else { return response }
        let exchanges = self.exchanges
        let watched = response.body.whenEnded { exchanges.finishStream(id) }
        guard exchanges.keepListed(id, cancellingWith: watched.weakCanceller) else { return response }
        var response = response
        response.body = watched
        return response
    }

    /// Runs a request through the middleware chain and the transport.
    func execute(_ request: TransportRequest, context: RequestContext) async throws(ServiceError) -> TransportResponse {
        // Without middleware, straight to the transport: one async frame shorter.
        if configuration.middlewares.isEmpty { return try await sendToTransport(request, context: context) }
        return try await proceed(request, context: context, from: configuration.middlewares[...])
    }

    /// The most bytes read of a streamed call's error body.
    static let errorBodyLimit = 8 << 20

    /// The end of the chain: the transport performs the exchange, whose errors are classified.
    @inline(__always)
    private func sendToTransport(
        _ request: TransportRequest, context: RequestContext
    ) async throws(ServiceError) -> TransportResponse {
        let cancellation = context.exchangeCancellation
        if Task.isCancelled || cancellation?.isCancelled == true { throw .cancelled }
        var request = request
        if let deadline = context.deadline {
            // An attempt never outlasts the call: the transport ends it in time by itself.
            let remaining = ContinuousClock.now.duration(to: deadline)
            request.timeout = min(request.timeout ?? remaining, remaining)
        }
        request.streamsResponseBody = context.streamsResponseBody
        var response: TransportResponse
        do {
            if let cancellation {
                response = try await ExchangeCancellation.$current.withValue(cancellation) {
                    try await configuration.transport.send(request)
                }
            } else {
                response = try await configuration.transport.send(request)
            }
        } catch {
            if cancellation?.isCancelled == true { throw .cancelled }
            throw ServiceError.classify(error, request: request)
        }
        // A body in memory is handed on as it is: iterating it cannot fail.
        guard response.body.isStreaming else { return response }
        let sent = request
        response.body.classify = { ServiceError.classify($0, request: sent) }
        // Read whole here, for middleware (retries, token refresh, logging) and the caller to
        // see: every body of a call that decodes, and an error status's body, which is small.
        if !(context.streamsResponseBody && (200..<300).contains(response.status)) {
            let limit = context.streamsResponseBody ? Self.errorBodyLimit : Int.max
            response.body = ResponseBody(try await response.body.collect(upTo: limit))
        }
        return response
    }

    private func proceed(
        _ request: TransportRequest, context: RequestContext, from middlewares: ArraySlice<any Middleware>
    ) async throws(ServiceError) -> TransportResponse {
        guard let middleware = middlewares.first else { return try await sendToTransport(request, context: context) }
        let rest = middlewares.dropFirst()
        return try await middleware.intercept(request, context: context) { next throws(ServiceError) in
            try await self.proceed(next, context: context, from: rest)
        }
    }

    /// Judges the status, detects successful errors and decodes the value.
    private func decode<Value>(
        _ endpoint: Endpoint<Value>, request: TransportRequest, response: TransportResponse
    ) throws(ServiceError) -> Value {
        let decoder = configuration.decoder
        guard endpoint.acceptedStatusCodes.contains(response.status) else {
            let type = endpoint.errorBodyType ?? configuration.errorBodyType
            let decoded = ResponseDecoding.decodeFailureBody(type, from: response, request: request, decoder: decoder)
            throw .server(
                ServerFailure(
                    request: request, response: response, body: decoded.body, bodyDecodingFailure: decoded.failure))
        }
        if let type = endpoint.successfulErrorBodyType ?? configuration.successfulErrorBodyType,
            let body = ResponseDecoding.decodeErrorBody(type, from: response, decoder: decoder)
        {
            throw .server(ServerFailure(request: request, response: response, body: body, isSuccessfulError: true))
        }
        return try ResponseDecoding.decode(Value.self, from: response, request: request, decoder: decoder)
    }
}
