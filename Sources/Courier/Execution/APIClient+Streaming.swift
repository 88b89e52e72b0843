public import Foundation

extension APIClient {
    /// Sends an endpoint and returns as soon as the status and headers arrive, with the body to
    /// read as it comes.
    ///
    /// ```swift
    /// let export = try await client.stream(Endpoint<EmptyResponse>.get("/export"))
    /// for try await chunk in export.body {
    ///     consume(chunk)
    /// }
    /// ```
    ///
    /// The middleware chain runs as for any call: authentication, retries (before the first
    /// byte is handed out), logging (which never reads a streamed body). A status the endpoint
    /// does not accept throws ``ServiceError/server(_:)`` with the error body read whole and
    /// decoded. The body is read from the network only as fast as it is consumed; cancelling
    /// the consuming task or dropping the body cancels the request. The endpoint's response type
    /// is not used. Streamed calls are never coalesced, and ``Endpoint/timeout`` and
    /// ``Endpoint/totalTimeout`` bound the wait for the response's head.
    /// - Parameter endpoint: The call to make.
    /// - Returns: The status, headers and body.
    /// - Throws: ``ServiceError``.
    public func stream<Value>(_ endpoint: Endpoint<Value>) async throws(ServiceError) -> TransportResponse {
        try await streamCall(endpoint).response
    }

    /// Streams an endpoint (see ``stream(_:)``), with the request it sent.
    private func streamCall<Value>(_ endpoint: Endpoint<Value>) async throws(ServiceError)
        -> (response: TransportResponse, request: TransportRequest)
    {
        let call = try begin(endpoint, streamsResponse: true)
        do throws(ServiceError) {
            var http = try await run(call)
            if Task.isCancelled {
                http.body.cancel()
                throw .cancelled
            }
            guard endpoint.acceptedStatusCodes.contains(http.status) else {
                if http.body.isStreaming {
                    http.body = ResponseBody(try await http.body.collect(upTo: Self.errorBodyLimit))
                }
                let type = endpoint.errorBodyType ?? configuration.errorBodyType
                let decoded = ResponseDecoding.decodeFailureBody(
                    type, from: http, request: call.request, decoder: configuration.decoder)
                throw .server(
                    ServerFailure(
                        request: call.request, response: http, body: decoded.body,
                        bodyDecodingFailure: decoded.failure))
            }
            if let info = call.info { requestEvents.emit(.succeeded(info, value: http.head, response: http.head)) }
            return (http, call.request)
        } catch {
            if let info = call.info { requestEvents.emit(.failed(info, error)) }
            throw error
        }
    }

    /// Sends an endpoint whose response is a stream of values, and decodes them as they arrive.
    ///
    /// The endpoint's response type is the type of one value. For server-sent events each
    /// event's data is decoded; a `terminator` such as `"[DONE]"` ends the stream.
    ///
    /// ```swift
    /// let completion = Endpoint<ChatChunk>.post("/chat/completions", body: .json(request))
    /// for try await chunk in try await client.events(completion, format: .serverSentEvents(terminator: "[DONE]")) {
    ///     print(chunk.text, terminator: "")
    /// }
    /// ```
    ///
    /// A server that answers a stream call with something else, such as a JSON error with status
    /// 200 because the request did not ask it to stream, or an HTML page from a proxy, has not
    /// streamed: when the response's `Content-Type` is not the format's (`text/event-stream` for
    /// server-sent events; for JSON Lines and sequences, an HTML page, a single JSON document or
    /// another streaming format),
    /// the body is read and thrown as ``ServiceError/server(_:)`` with the error body decoded,
    /// instead of ending the stream with no values. A response without a `Content-Type` streams.
    /// An event that does not decode as `Value` but decodes as the error body, with a message, is
    /// thrown the same way (``ServerFailure/isSuccessfulError``), and so is one that a generated
    /// union reads only as its `undocumented` case when it is the error body the endpoint or
    /// client names (not the ``CommonErrorBody`` fallback).
    ///
    /// Unless the endpoint sets its own `Accept`, the request asks for the format's media type,
    /// then JSON at a lower preference (`text/event-stream, application/json;q=0.5`; every
    /// format's types when `format` is `nil`), in place of the client's default JSON: a server
    /// that chooses by `Accept` would otherwise answer 406.
    ///
    /// No value grows without bound: a server-sent event's line or data, a JSON line or a JSON
    /// text sequence record longer than 16 MB stops the stream with ``ServiceError/transport(_:)``
    /// (`URLError.dataLengthExceedsMaximum`) and cancels the load.
    /// - Parameters:
    ///   - endpoint: The call to make.
    ///   - format: How the body is cut into values; by default, the format the response's
    ///     `Content-Type` names (`text/event-stream`, JSON Lines or `application/json-seq`).
    ///     Any other type is the server's error, as above.
    /// - Returns: The values, as they arrive; ``EventStream/withFields()`` adds each event's
    ///   `event`, `id` and `retry`.
    /// - Throws: ``ServiceError``, as ``stream(_:)``.
    public func events<Value: Sendable>(_ endpoint: Endpoint<Value>, format: EventFormat? = nil)
        async throws(ServiceError) -> EventStream<Value>
    {
        try await events(endpoint, formats: format.map { [$0] } ?? [])
    }

    /// Sends an endpoint whose response may be a stream in any of several formats (OpenAPI 3.2
    /// descriptions offer JSON Lines and server-sent events of one item schema, chosen by
    /// `Accept`), and decodes the values of the one the response's `Content-Type` names. For
    /// generated code.
    /// - Parameters:
    ///   - endpoint: The call to make.
    ///   - formats: The formats the description offers, in its order of preference; empty for any
    ///     format the `Content-Type` names.
    /// - Returns: The values, as they arrive.
    /// - Throws: ``ServiceError``, as ``events(_:format:)``.
    @_spi(Generated)
    public func events<Value: Sendable>(_ endpoint: Endpoint<Value>, formats: [EventFormat])
        async throws(ServiceError) -> EventStream<Value>
    {
        let (response, request, chosen, errorBodyType) = try await streamEvents(endpoint, formats: formats)
        var values = EventStream<Value>(
            body: response.body, format: chosen, decoder: configuration.decoder, request: request, response: response)
        values.errorBodyType = errorBodyType
        return values
    }

    /// Sends an endpoint whose response is a stream of server-sent events, and hands out the
    /// events as they arrive, undecoded.
    ///
    /// ```swift
    /// for try await event in try await client.serverSentEvents(Endpoint<EmptyResponse>.get("/events")) {
    ///     print(event.event, event.data)
    /// }
    /// ```
    ///
    /// The body is parsed as bytes by the HTML standard's rules. As with ``events(_:format:)``, a
    /// response whose `Content-Type` is not `text/event-stream` (a JSON error with status 200, an
    /// HTML page from a proxy) is read and thrown as ``ServiceError/server(_:)`` with the error
    /// body decoded, instead of ending with no events; a response without a `Content-Type`
    /// streams. The endpoint's response type is not used. Unless the endpoint sets its own
    /// `Accept`, the request asks for `text/event-stream, application/json;q=0.5`.
    /// - Parameters:
    ///   - endpoint: The call to make.
    ///   - maximumEventSize: The most bytes of one line, or of one event's data (16 MB by
    ///     default); a longer one stops the stream with ``ServiceError/transport(_:)``
    ///     (`URLError.dataLengthExceedsMaximum`) and cancels the load.
    /// - Returns: The events, as they arrive.
    /// - Throws: ``ServiceError``, as ``stream(_:)``.
    public func serverSentEvents<Value>(_ endpoint: Endpoint<Value>, maximumEventSize: Int = 16 << 20)
        async throws(ServiceError) -> EventStream<ServerSentEvent>
    {
        let (response, request, format, _) = try await streamEvents(endpoint, formats: [.serverSentEvents()])
        var events = EventStream<ServerSentEvent>(
            body: response.body, format: format, decoder: configuration.decoder, request: request,
            response: response.head, errorBodyType: nil
        ) { record, _ throws(ServiceError) in
            switch record {
            case .event(let event): event
            case .json(let data): ServerSentEvent(data: String(decoding: data, as: UTF8.self))
            }
        }
        events.maximumEventSize = maximumEventSize
        return events
    }

    /// Streams an endpoint whose response is a stream of records, after checking that the
    /// response's `Content-Type` is one of the formats': a response that is not is read and
    /// thrown as the server's error.
    /// - Parameter formats: The formats the caller reads, in order of preference; empty for any.
    /// - Returns: The response, the request, the format its records are in, and the API's error
    ///   body type.
    private func streamEvents<Value>(_ endpoint: Endpoint<Value>, formats: [EventFormat]) async throws(ServiceError)
        -> (TransportResponse, TransportRequest, EventFormat, any ServerErrorBody.Type)
    {
        let (response, request) = try await streamCall(endpoint.acceptingByDefault(EventFormat.acceptValue(formats)))
        let errorBodyType = endpoint.errorBodyType ?? configuration.errorBodyType
        let contentType = response.headers["Content-Type"]
        let chosen = EventFormat.chosen(from: formats, contentType: contentType)
        guard let chosen else {
            var http = response
            http.body = ResponseBody(try await response.body.collect(upTo: Self.errorBodyLimit))
            guard contentType != nil else {
                throw .decoding(
                    DecodingFailure(
                        request: request, response: http, codingPath: "",
                        reason:
                            "The response has no Content-Type to tell its event format: pass format: to events(_:format:)."
                    ))
            }
            let decoded = ResponseDecoding.decodeFailureBody(
                errorBodyType, from: http, request: request, decoder: configuration.decoder)
            throw .server(
                ServerFailure(
                    request: request, response: http, body: decoded.body, isSuccessfulError: true,
                    bodyDecodingFailure: decoded.failure))
        }
        return (response, request, chosen, errorBodyType)
    }

    /// Sends an endpoint and writes its response body to a file as it arrives, then moves the
    /// file into place atomically: `destination` holds either its earlier content or the whole
    /// new body, never part of it.
    ///
    /// ```swift
    /// let saved = try await client.download(Endpoint<Data>.get("/backups/latest"), to: destination) { progress in
    ///     print(progress.fractionCompleted ?? 0)
    /// }
    /// ```
    ///
    /// Memory stays flat whatever the size. The body is written to a temporary file beside
    /// `destination`, removed if the call fails or is cancelled. Unless the endpoint sets its own
    /// `Accept`, the request asks for any media type (`*/*`), not the client's default JSON.
    /// - Parameters:
    ///   - endpoint: The call to make; its response type is not used.
    ///   - destination: The file to write; an existing file is replaced.
    ///   - progress: Receives the bytes written so far, with the total when the server sent a
    ///     `Content-Length`.
    /// - Returns: The response, its value the destination.
    /// - Throws: ``ServiceError``; a file that cannot be written is ``ServiceError/transport(_:)``
    ///   with the file system's error.
    @discardableResult
    public func download<Value>(
        _ endpoint: Endpoint<Value>, to destination: URL, progress: TransferProgressHandler? = nil
    ) async throws(ServiceError) -> Response<URL> {
        let start = Date()
        let clock = ContinuousClock.now
        let (streaming, request) = try await streamCall(endpoint.acceptingByDefault("*/*"))
        func fileFailure(_ error: any Error) -> ServiceError {
            .transport(TransportFailure(request: request, code: nil, underlying: error))
        }
        let directory = destination.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).part")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            streaming.body.cancel()
            throw fileFailure(
                CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path]))
        }
        var moved = false
        defer { if !moved { try? FileManager.default.removeItem(at: temporary) } }
        let total = streaming.expectedLength
        var written: Int64 = 0
        do {
            let file = try FileHandle(forWritingTo: temporary)
            defer { try? file.close() }
            var chunks = streaming.body.makeAsyncIterator()
            while let chunk = try await chunks.next() {
                do {
                    try file.write(contentsOf: chunk)
                } catch {
                    chunks.cancel()
                    throw fileFailure(error)
                }
                written += Int64(chunk.count)
                progress?(TransferProgress(completedBytes: written, totalBytes: total))
            }
            // On disk before it replaces the destination; waited for on a thread of its own,
            // since flushing hundreds of megabytes can take seconds.
            let flushed = UncheckedSendable(file)
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                DispatchQueue.global().async { continuation.resume(with: Result { try flushed.value.synchronize() }) }
            }
        } catch let error as ServiceError {
            throw error
        } catch {
            throw fileFailure(error)
        }
        if rename(temporary.path, destination.path) != 0 {
            let code = errno
            throw fileFailure(
                CocoaError(
                    .fileWriteUnknown,
                    userInfo: [
                        NSFilePathErrorKey: destination.path,
                        NSLocalizedDescriptionKey:
                            "Could not move the download into place: \(String(cString: strerror(code))).",
                    ]))
        }
        moved = true
        return Response(
            value: destination, request: request, http: streaming,
            startedAt: start, duration: ContinuousClock.now - clock)
    }

    /// Sends an endpoint whose body is uploaded with progress reports: a file, a stream or a
    /// multipart form as it is read for sending; a body in memory as the transport sends it
    /// (``URLSessionTransport`` reports it; a transport of your own may not).
    ///
    /// ```swift
    /// let upload = Endpoint<UploadResult>.put("/videos/42", body: .file(movieURL))
    /// let result = try await client.send(upload) { progress in
    ///     print("\(progress.completedBytes) of \(progress.totalBytes ?? 0)")
    /// }
    /// ```
    /// - Parameters:
    ///   - endpoint: The call to make.
    ///   - progress: Receives the bytes sent so far, with the total when known (the same label
    ///     as ``download(_:to:progress:)``'s, which reports the bytes received).
    /// - Returns: The decoded response body.
    /// - Throws: ``ServiceError``, as ``send(_:)``.
    public func send<Value>(
        _ endpoint: Endpoint<Value>, progress: @escaping TransferProgressHandler
    ) async throws(ServiceError) -> Value {
        let result = await UploadProgress.$handler.withValue(progress) {
            () async -> Result<Value, ServiceError> in
            do throws(ServiceError) {
                return .success(try await send(endpoint))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

extension Endpoint {
    /// The endpoint, asking for `accept` unless it names its own `Accept`: a call that reads
    /// events or saves bytes asks for those, not for the JSON the client's headers ask for.
    fileprivate func acceptingByDefault(_ accept: String) -> Endpoint {
        guard headers["Accept"] == nil else { return self }
        var endpoint = self
        endpoint.headers["Accept"] = accept
        return endpoint
    }
}
