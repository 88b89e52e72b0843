public import Foundation

/// Values decoded from a streamed response as they arrive: the data of server-sent events,
/// JSON Lines, or JSON text sequences (``EventFormat``).
///
/// ```swift
/// let chunks = try await client.events(
///     Endpoint<ChatChunk>.post("/chat/completions", body: .json(request)),
///     format: .serverSentEvents(terminator: "[DONE]"))
/// for try await chunk in chunks {
///     print(chunk.delta, terminator: "")
/// }
/// ```
///
/// Each value's server-sent event fields (`event`, `id`, `retry`) come with it through
/// ``withFields()``.
///
/// A value that does not decode throws ``ServiceError/decoding(_:)`` with the record's text as
/// the failure's body, or ``ServiceError/server(_:)`` when the record is the API's error body
/// with a message (an error event mid-stream); iteration ends there. Breaking out of the loop or cancelling the task
/// cancels the HTTP request.
public struct EventStream<Value: Decodable & Sendable>: AsyncSequence, Sendable {
    /// A decoded value.
    public typealias Element = Value
    /// What iterating throws.
    public typealias Failure = ServiceError

    /// The response's status and headers (its body is this stream).
    public let response: TransportResponse
    let request: TransportRequest
    let body: ResponseBody
    let format: EventFormat
    let decoder: JSONDecoder
    /// The API's error body: an event that is not a value but is this body (with a message) is
    /// thrown as the server's error.
    var errorBodyType: (any ServerErrorBody.Type)?

    /// Creates a stream of values from a response body.
    /// - Parameters:
    ///   - body: The body.
    ///   - format: How the body is cut into values.
    ///   - decoder: The decoder for each value.
    ///   - request: The request, kept in decoding failures.
    ///   - response: The response head, kept in decoding failures.
    public init(
        body: ResponseBody, format: EventFormat, decoder: JSONDecoder = JSONDecoder(), request: TransportRequest,
        response: TransportResponse
    ) {
        self.body = body
        self.format = format
        self.decoder = decoder
        self.request = request
        self.response = response.head
    }

    /// Creates the iterator.
    /// - Returns: An iterator over the values.
    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: self)
    }

    /// Iterates an ``EventStream``.
    public struct Iterator: AsyncIteratorProtocol {
        /// A decoded value.
        public typealias Element = Value
        /// What iterating throws.
        public typealias Failure = ServiceError

        private let stream: EventStream
        private var chunks: ResponseBody.Iterator
        private var events: ServerSentEvents.Iterator?
        private var lines = JSONLinesFramer()
        private var records = JSONSequenceFramer()
        private var ready: [[UInt8]] = []
        private var readyIndex = 0
        private var ended = false

        init(stream: EventStream) {
            self.stream = stream
            chunks = stream.body.makeAsyncIterator()
            if case .serverSentEvents = stream.format {
                events = ServerSentEvents.Iterator(
                    body: chunks, maximumEventSize: ServerSentEvents.defaultMaximumEventSize)
            }
        }

        /// The next value, or `nil` when the stream ends.
        /// - Returns: The value.
        /// - Throws: ``ServiceError``: from reading, or ``ServiceError/decoding(_:)``.
        public mutating func next() async throws(ServiceError) -> Value? {
            try await nextEvent()?.value
        }

        /// The next value with its event's fields, or `nil` when the stream ends.
        mutating func nextEvent() async throws(ServiceError) -> DecodedEvent<Value>? {
            guard !ended else { return nil }
            if case .serverSentEvents(let terminator) = stream.format, events != nil {
                guard let event = try await events!.next() else {
                    ended = true
                    return nil
                }
                if let terminator, event.data == terminator {
                    ended = true
                    events!.cancel()
                    return nil
                }
                return DecodedEvent(
                    value: try decode(Data(event.data.utf8)), event: event.event, id: event.id, retry: event.retry)
            }
            while readyIndex == ready.count {
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
                guard let chunk = try await chunks.next() else {
                    ended = true
                    return try finish().map { DecodedEvent(value: $0) }
                }
                switch stream.format {
                case .jsonLines: ready = lines.feed(chunk)
                case .jsonSequence:
                    for (record, complete) in records.feed(chunk) {
                        guard complete else { throw truncated(record) }
                        ready.append(record)
                    }
                case .serverSentEvents: break
                }
            }
            defer { readyIndex += 1 }
            return DecodedEvent(value: try decode(Data(ready[readyIndex])))
        }

        private mutating func finish() throws(ServiceError) -> Value? {
            switch stream.format {
            case .jsonLines:
                return try lines.finish().map { record throws(ServiceError) in try decode(Data(record)) }
            case .jsonSequence:
                guard let (record, complete) = records.finish() else { return nil }
                guard complete else { throw truncated(record) }
                return try decode(Data(record))
            case .serverSentEvents:
                return nil
            }
        }

        private func truncated(_ record: [UInt8]) -> ServiceError {
            failure(
                Data(record), reason: "A JSON text sequence record ended without its line feed: it was cut short.")
        }

        private func decode(_ record: Data) throws(ServiceError) -> Value {
            do {
                return try stream.decoder.decode(Value.self, from: record)
            } catch let error as DecodingError {
                if let serverError = serverError(record) { throw serverError }
                let (path, reason) = ResponseDecoding.describe(error)
                throw failure(record, reason: reason, codingPath: path, underlying: error)
            } catch {
                throw failure(record, reason: "Decoding \(Value.self) failed: \(error)", underlying: error)
            }
        }

        /// The server's error, when a record that is not a value is the API's error body.
        private func serverError(_ record: Data) -> ServiceError? {
            guard let type = stream.errorBodyType else { return nil }
            var response = stream.response
            response.body = ResponseBody(record)
            guard let body = try? type.decode(from: response, decoder: stream.decoder), body.message != nil else {
                return nil
            }
            return .server(
                ServerFailure(request: stream.request, response: response, body: body, isSuccessfulError: true))
        }

        private func failure(
            _ record: Data, reason: String, codingPath: String = "", underlying: (any Error)? = nil
        ) -> ServiceError {
            var response = stream.response
            response.body = ResponseBody(record)
            return .decoding(
                DecodingFailure(
                    request: stream.request, response: response, codingPath: codingPath,
                    reason: "A streamed \(Value.self): \(reason)", underlying: underlying))
        }
    }
}

extension EventStream {
    /// The values with the fields of the server-sent events that carried them:
    ///
    /// ```swift
    /// for try await update in try await client.events(endpoint).withFields() {
    ///     lastEventID = update.id
    ///     print(update.event ?? "message", update.value)
    /// }
    /// ```
    /// - Returns: The values and their fields, as they arrive.
    public func withFields() -> WithFields { WithFields(stream: self) }

    /// The values of an ``EventStream`` with their events' fields.
    public struct WithFields: AsyncSequence, Sendable {
        /// A value and its event's fields.
        public typealias Element = DecodedEvent<Value>
        /// What iterating throws.
        public typealias Failure = ServiceError

        let stream: EventStream

        /// Creates the iterator.
        /// - Returns: An iterator over the values and their fields.
        public func makeAsyncIterator() -> Iterator { Iterator(values: stream.makeAsyncIterator()) }

        /// Iterates ``EventStream/WithFields``.
        public struct Iterator: AsyncIteratorProtocol {
            /// A value and its event's fields.
            public typealias Element = DecodedEvent<Value>
            /// What iterating throws.
            public typealias Failure = ServiceError

            var values: EventStream.Iterator

            /// The next value with its fields, or `nil` when the stream ends.
            /// - Returns: The value and its fields.
            /// - Throws: As ``EventStream/Iterator/next()``.
            public mutating func next() async throws(ServiceError) -> DecodedEvent<Value>? {
                try await values.nextEvent()
            }
        }
    }
}

/// A value decoded from a stream, with the fields of the server-sent event that carried it
/// (`nil` for JSON Lines and JSON text sequences, which have none).
public struct DecodedEvent<Value: Sendable>: Sendable {
    /// The decoded data.
    public var value: Value
    /// The event type (`"message"` when the event named none).
    public var event: String?
    /// The last event ID the stream has set, here or on an earlier event: what to send as
    /// `Last-Event-ID` when reconnecting.
    public var id: String?
    /// The reconnection time in milliseconds, when the event set one.
    public var retry: Int?

    /// Creates a decoded event.
    /// - Parameters:
    ///   - value: The decoded data.
    ///   - event: The event type.
    ///   - id: The last event ID.
    ///   - retry: The reconnection time in milliseconds.
    public init(value: Value, event: String? = nil, id: String? = nil, retry: Int? = nil) {
        self.value = value
        self.event = event
        self.id = id
        self.retry = retry
    }
}

extension DecodedEvent: Equatable where Value: Equatable {}
