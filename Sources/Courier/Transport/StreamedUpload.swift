#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
#else
    import Foundation
#endif

/// A request body that URLSession on Apple platforms reads as it sends it: a sequence, or a
/// multipart form with file parts, goes out as it is read, with neither a copy on disk nor
/// more than a chunk and the stream's buffer in memory.
///
/// The body is written into one half of a bound stream pair (`Stream.getBoundStreams`) and
/// URLSession reads the other half: a slow network holds the body back. The task is made with
/// `uploadTask(withStreamedRequest:)`, so the session asks for the stream
/// (`urlSession(_:task:needNewBodyStream:)`, answered by ``makeInputStream()``) only when it
/// sends the body. An ``UploadPump`` does the writing, on one serial queue where the writing
/// half's events arrive. When the session asks again (a connection found dead once the request
/// was on it, an authentication challenge), it gets a fresh stream of the whole body: a form is
/// read again from its start; a sequence, which can be read once, is read through a
/// ``ReplayableSequence``, which keeps its first megabyte to hand out again. Past that, the
/// exchange fails with an error that says so, rather than send part of the body twice.
///
/// Linux's Foundation reads body streams on the one thread every session shares, and has no
/// bound pairs: there no upload is made (the initializer returns `nil`), and a body that is not
/// in memory is sent from a file instead (see ``UploadFile``).
final class StreamedUpload: @unchecked Sendable {
    // @unchecked: the mutable state is touched only under `lock`.
    /// A stream URLSession reads, and the sink whose bytes it reads; the sink's events come on
    /// the queue given.
    typealias StreamPair = (input: InputStream, sink: any UploadSink)

    private static let sharedQueue = DispatchQueue(label: "Courier.StreamedUpload")
    /// The bound pair's buffer: what is written ahead of the network, besides one chunk.
    private static let bufferSize = 64 * 1024

    let body: StreamedBody
    /// A sequence's chunks, read once and kept to be sent again; `nil` for a form.
    private let sequence: ReplayableSequence?
    private let queue: DispatchQueue
    private let makePair: @Sendable (DispatchQueue) -> StreamPair?
    private let lock = NSLock()
    private var pump: UploadPump?
    private var failure: (any Error)?
    private var onFailure: (@Sendable () -> Void)?
    private var isStopped = false

    /// An upload for a body that is neither in memory nor one whole file (those go as the
    /// request's `httpBody`, or from their file); `nil` for any other, and always on Linux.
    convenience init?(_ body: StreamedBody?) {
        guard Self.isAvailable, let body, body.bufferedData == nil, body.fileURL == nil else { return nil }
        self.init(body: body, queue: Self.sharedQueue, makePair: Self.boundPair)
    }

    /// An upload whose streams `makePair` makes (a bound pair; something else in tests).
    /// - Parameter replayLimit: How much of a sequence's start is kept to send again.
    init(
        body: StreamedBody, queue: DispatchQueue, replayLimit: Int = ReplayableSequence.defaultLimit,
        makePair: @escaping @Sendable (DispatchQueue) -> StreamPair?
    ) {
        self.body = body
        self.sequence = body.isReplayable ? nil : ReplayableSequence(body, limit: replayLimit)
        self.queue = queue
        self.makePair = makePair
    }

    private static var isAvailable: Bool {
        #if canImport(FoundationNetworking)
            false
        #else
            true
        #endif
    }

    /// The request with the body's `Content-Length`, when its length is known (without one,
    /// URLSession sends the body in chunks). Make its task with
    /// `uploadTask(withStreamedRequest:)`: the session asks for the body's stream when it sends
    /// it (``makeInputStream()``).
    func request(_ urlRequest: URLRequest) -> URLRequest {
        var urlRequest = urlRequest
        if let length = body.length {
            urlRequest.setValue(String(length), forHTTPHeaderField: "Content-Length")
        }
        return urlRequest
    }

    /// Sets what ends the exchange when the body fails; run at once if it already has.
    func onFailure(_ cancelExchange: @escaping @Sendable () -> Void) {
        let failed = lock.withLock {
            onFailure = cancelExchange
            return failure != nil
        }
        if failed { cancelExchange() }
    }

    /// A new stream of the body, read from its start; `nil` once the upload has stopped or
    /// failed. Asked again when more of a sequence has been read than is kept, it fails the
    /// upload (the exchange ends with that error) and returns `nil`.
    func makeInputStream() -> InputStream? {
        let (allowed, previous) = lock.withLock { () -> (Bool, UploadPump?) in
            guard !isStopped, failure == nil else { return (false, nil) }
            defer { self.pump = nil }
            return (true, self.pump)
        }
        previous?.stop()
        guard allowed, let chunks = makeChunks(), let pair = makePair(queue) else { return nil }
        let pump = UploadPump(chunks: chunks, length: body.length, sink: pair.sink, queue: queue) { [weak self] in
            self?.fail($0)
        }
        let stopped = lock.withLock {
            if !isStopped { self.pump = pump }
            return isStopped
        }
        pair.sink.deliverEvents(to: pump)
        pump.start()
        if stopped { pump.stop() }
        return pair.input
    }

    /// The body's chunks from its start: a form read again, or a sequence's kept chunks and
    /// then the rest of it; `nil`, having failed the upload, when the sequence's start is gone.
    private func makeChunks() -> ChunkIterator? {
        guard let sequence else { return ChunkIterator(reading: body) }
        if let reader = sequence.makeReader() { return reader }
        fail(Self.cannotSendAgain(limit: sequence.limit))
        return nil
    }

    /// The error when the session asks to send a sequence again once more than its kept start
    /// has been read.
    static func cannotSendAgain(limit: Int) -> URLError {
        let description =
            "The connection asked for the request body again, but it is a sequence, which can be read once, "
            + "and only its first \(limit) bytes are kept to send again."
        return URLError(.requestBodyStreamExhausted, userInfo: [NSLocalizedDescriptionKey: description])
    }

    /// A bound pair (Apple platforms; `nil` on Linux, which has none).
    private static func boundPair(queue: DispatchQueue) -> StreamPair? {
        #if canImport(FoundationNetworking)
            return nil
        #else
            var input: InputStream?
            var output: OutputStream?
            Stream.getBoundStreams(withBufferSize: bufferSize, inputStream: &input, outputStream: &output)
            guard let input, let output else { return nil }
            return (input, OutputStreamSink(output, queue: queue))
        #endif
    }

    private func fail(_ error: any Error) {
        let cancelExchange = lock.withLock {
            failure = failure ?? error
            return onFailure
        }
        cancelExchange?()
    }

    /// Ends the upload (the exchange has ended, or is being abandoned).
    /// - Returns: The body's error, when reading the body is what failed.
    @discardableResult
    func stop() -> (any Error)? {
        let (pump, failure) = lock.withLock {
            isStopped = true
            defer { self.pump = nil; onFailure = nil }
            return (self.pump, self.failure)
        }
        pump?.stop()
        sequence?.stop()
        return failure
    }
}

#if !canImport(FoundationNetworking)
    /// The writing half of a bound stream pair, as an ``UploadSink``: its events, delivered on
    /// the pump's queue, are handed to the pump.
    private final class OutputStreamSink: NSObject, UploadSink, StreamDelegate {
        private let stream: OutputStream
        private let queue: DispatchQueue
        /// Weak: the pump holds the sink.
        private weak var pump: UploadPump?
        private var isOpen = false

        init(_ stream: OutputStream, queue: DispatchQueue) {
            self.stream = stream
            self.queue = queue
        }

        /// Opens the stream, its events delivered to the pump on the queue.
        func deliverEvents(to pump: UploadPump) {
            self.pump = pump
            // The stream's delegate is not retained: the pump holds this sink until `close()`,
            // which takes the delegate back before the sink can go.
            isOpen = true  // Before any event: one may come on the queue as soon as it opens.
            stream.delegate = self
            CFWriteStreamSetDispatchQueue(stream as CFWriteStream, queue)
            stream.open()
        }

        func write(_ bytes: UnsafeRawBufferPointer) -> Int {
            guard let base = bytes.bindMemory(to: UInt8.self).baseAddress else { return 0 }
            return stream.write(base, maxLength: bytes.count)
        }

        var hasSpaceAvailable: Bool { stream.hasSpaceAvailable }

        func close() {
            guard isOpen else { return }
            isOpen = false
            stream.delegate = nil
            CFWriteStreamSetDispatchQueue(stream as CFWriteStream, nil)
            stream.close()
        }

        deinit {
            // Only if the pump went without stopping: never leave the stream a dangling delegate.
            if isOpen {
                stream.delegate = nil
                stream.close()
            }
        }

        func stream(_ aStream: Stream, handle eventCode: Stream.Event) {
            switch eventCode {
            case .hasSpaceAvailable: pump?.spaceBecameAvailable()
            case .errorOccurred, .endEncountered: pump?.sinkEnded()
            default: break
            }
        }
    }
#endif
