public import Foundation

/// Values decoded from a streamed response as they arrive: the data of server-sent events,
/// JSON Lines, or JSON text sequences (``EventFormat``); or the server-sent events themselves
/// (``APIClient/serverSentEvents(_:maximumEventSize:)``).
///
/// ```swift
/// let chunks = try await client.events(
///     Endpoint<ChatChunk>.post("/chat/completions", body: .json(request)),
///     format: .serverSentEvents(terminator: "[DONE]"))
/// for try await chunk in chunks {
///     print(chunk.text, terminator: "")
/// }
/// ```
///
/// Each value's server-sent event fields (`event`, `id`, `retry`) come with it through
/// `withFields()`, a stream of ``DecodedEvent`` values.
///
/// Server-sent events are parsed as bytes by the HTML standard's rules. No value grows without
/// bound: a server-sent event's line or data, a JSON line or a JSON text sequence record longer
/// than the limit (16 MB unless set) stops the stream with ``ServiceError/transport(_:)``
/// (`URLError.dataLengthExceedsMaximum`) and cancels the load.
///
/// A value that does not decode throws ``ServiceError/decoding(_:)`` with the record's text as
/// the failure's body, or ``ServiceError/server(_:)`` when the record is the API's error body
/// with a message (an error event mid-stream); iteration ends there. So does a record that a
/// generated union holds only in its `undocumented` case when it is the error body the endpoint
/// or client names. Breaking out of the loop or cancelling the task cancels the HTTP request.
public struct EventStream<Element: Sendable>: AsyncSequence, Sendable {
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
    /// The most bytes of one server-sent event's line or data, or of one JSON record.
    var maximumEventSize = ServerSentEventReader.defaultMaximumEventSize
    /// Makes an element of a record.
    let makeElement: @Sendable (_ record: EventRecord, _ stream: EventStream) throws(ServiceError) -> Element

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
    ) where Element: Decodable {
        self.init(
            body: body, format: format, decoder: decoder, request: request, response: response.head,
            errorBodyType: nil
        ) { record, stream throws(ServiceError) in try stream.decode(Element.self, from: record) }
    }

    init(
        body: ResponseBody, format: EventFormat, decoder: JSONDecoder, request: TransportRequest,
        response: TransportResponse, errorBodyType: (any ServerErrorBody.Type)?,
        makeElement: @escaping @Sendable (EventRecord, EventStream) throws(ServiceError) -> Element
    ) {
        self.body = body
        self.format = format
        self.decoder = decoder
        self.request = request
        self.response = response
        self.errorBodyType = errorBodyType
        self.makeElement = makeElement
    }

    /// Creates the iterator.
    /// - Returns: An iterator over the values.
    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: self)
    }

    /// Iterates an ``EventStream``.
    public struct Iterator: AsyncIteratorProtocol {
        /// What iterating throws.
        public typealias Failure = ServiceError

        private let stream: EventStream
        private var chunks: ResponseBody.Iterator
        private var events: ServerSentEventReader?
        private var lines = JSONLinesFramer()
        private var records = JSONSequenceFramer()
        private var ready: [[UInt8]] = []
        private var readyIndex = 0
        private var ended = false

        init(stream: EventStream) {
            self.stream = stream
            chunks = stream.body.makeAsyncIterator()
            if case .serverSentEvents = stream.format {
                events = ServerSentEventReader(body: chunks, maximumEventSize: stream.maximumEventSize)
            }
            lines = JSONLinesFramer(maximumRecordSize: stream.maximumEventSize)
            records = JSONSequenceFramer(maximumRecordSize: stream.maximumEventSize)
        }

        /// The next value, or `nil` when the stream ends.
        /// - Returns: The value.
        /// - Throws: ``ServiceError``: from reading, or ``ServiceError/decoding(_:)``.
        public mutating func next() async throws(ServiceError) -> Element? {
            guard let record = try await nextRecord() else { return nil }
            return try stream.makeElement(record, stream)
        }

        /// The next record: an event, or a JSON record.
        private mutating func nextRecord() async throws(ServiceError) -> EventRecord? {
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
                return .event(event)
            }
            while readyIndex == ready.count {
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
                guard let chunk = try await chunks.next() else {
                    ended = true
                    return try finish().map { .json($0) }
                }
                var sequenceRecords: [(record: [UInt8], complete: Bool)] = []
                do throws(ServerSentEventParser.LimitExceeded) {
                    switch stream.format {
                    case .jsonLines: ready = try lines.feed(chunk)
                    case .jsonSequence: sequenceRecords = try records.feed(chunk)
                    case .serverSentEvents: break
                    }
                } catch {
                    throw chunks.stop(for: error)
                }
                for (record, complete) in sequenceRecords {
                    guard complete else { throw stream.truncated(record) }
                    ready.append(record)
                }
            }
            defer { readyIndex += 1 }
            return .json(Data(ready[readyIndex]))
        }

        private mutating func finish() throws(ServiceError) -> Data? {
            switch stream.format {
            case .jsonLines:
                return lines.finish().map { Data($0) }
            case .jsonSequence:
                guard let (record, complete) = records.finish() else { return nil }
                guard complete else { throw stream.truncated(record) }
                return Data(record)
            case .serverSentEvents:
                return nil
            }
        }
    }

    private func truncated(_ record: [UInt8]) -> ServiceError {
        failure(
            Data(record), decoding: "\(Element.self)",
            reason: "A JSON text sequence record ended without its line feed: it was cut short.")
    }

    /// Decodes one record as a value, or throws the API's error when the record is its error
    /// body. A server-sent event's name goes with its data (`userInfo`), so that a union of
    /// events (OpenAPI 3.2's `itemSchema`) takes the case its name tags.
    func decode<Value: Decodable>(_ type: Value.Type, from record: EventRecord) throws(ServiceError) -> Value {
        guard case .event(let event) = record else { return try decode(type, from: record.data) }
        return try decode(type, from: record.data, adding: [UnionVariant.serverSentEventName: event.event])
    }

    /// Decodes one record's text as a value, or throws the API's error when it is its error body.
    func decode<Value: Decodable>(
        _ type: Value.Type, from record: Data, adding userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) throws(ServiceError) -> Value {
        let value: Value
        do {
            value = try JSONDecoding.decode(Value.self, from: record, options: decoder, adding: userInfo)
        } catch let error as DecodingError {
            if let serverError = serverError(record) { throw serverError }
            let (path, reason) = ResponseDecoding.describe(error)
            throw failure(record, decoding: "\(Value.self)", reason: reason, codingPath: path, underlying: error)
        } catch {
            throw failure(
                record, decoding: "\(Value.self)", reason: "Decoding \(Value.self) failed: \(error)", underlying: error)
        }
        // None of a union's variants, but the error body the API names: an error event. The
        // common-shapes fallback names no shape, so it does not turn an unknown item into one.
        // The metatype comparison goes first: it spares streams without a named error body the
        // dynamic cast on every record.
        if let errorBodyType, errorBodyType != CommonErrorBody.self, let union = value as? any CatchAllUnion,
            union.isUndocumented, let serverError = serverError(record)
        {
            throw serverError
        }
        return value
    }

    /// The server's error, when a record that is not a value is the API's error body.
    private func serverError(_ record: Data) -> ServiceError? {
        guard let errorBodyType else { return nil }
        var response = response
        response.body = ResponseBody(record)
        guard let body = try? errorBodyType.decode(from: response, decoder: decoder), body.message != nil else {
            return nil
        }
        return .server(ServerFailure(request: request, response: response, body: body, isSuccessfulError: true))
    }

    private func failure(
        _ record: Data, decoding typeName: String, reason: String, codingPath: String = "",
        underlying: (any Error)? = nil
    ) -> ServiceError {
        var response = response
        response.body = ResponseBody(record)
        return .decoding(
            DecodingFailure(
                request: request, response: response, codingPath: codingPath,
                reason: "A streamed \(typeName): \(reason)", underlying: underlying))
    }
}

extension EventStream where Element: Decodable {
    /// The values with the fields of the server-sent events that carried them:
    ///
    /// ```swift
    /// for try await update in try await client.events(endpoint).withFields() {
    ///     lastEventID = update.id
    ///     print(update.event ?? "message", update.value)
    /// }
    /// ```
    /// - Returns: The values and their fields, as they arrive.
    public func withFields() -> EventStream<DecodedEvent<Element>> {
        var fields = EventStream<DecodedEvent<Element>>(
            body: body, format: format, decoder: decoder, request: request, response: response,
            errorBodyType: errorBodyType
        ) { record, stream throws(ServiceError) in
            let value = try stream.decode(Element.self, from: record)
            guard case .event(let event) = record else { return DecodedEvent(value: value) }
            return DecodedEvent(value: value, event: event.event, id: event.id, retry: event.retry)
        }
        fields.maximumEventSize = maximumEventSize
        return fields
    }
}

/// One record of a streamed body: a server-sent event, or a record of JSON Lines or a JSON text
/// sequence.
enum EventRecord: Sendable {
    case event(ServerSentEvent)
    case json(Data)

    /// The record's text: the event's data, or the JSON record.
    var data: Data {
        switch self {
        case .event(let event): Data(event.data.utf8)
        case .json(let data): data
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
    /// The stream's reconnection time in milliseconds, when it has set one (here or earlier).
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
