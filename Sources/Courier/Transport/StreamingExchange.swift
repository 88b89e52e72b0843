#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
#else
    import Foundation
#endif

/// One exchange of ``URLSessionTransport`` whose response is handed out as it arrives.
///
/// It runs on one of the transport's sessions, whose ``SessionDelegate`` hands it its task's events
/// (so streams share connections with the other calls). A slow consumer never makes it hold more
/// than about a megabyte in memory:
/// - On Apple platforms the task is suspended while the consumer's buffer is full, and resumed
///   once the consumer has emptied it: the server is held back.
/// - On Linux, Foundation can neither pause a task (`suspend()` while loading stops the
///   process) nor let its delegate wait (every session's work waits with it). What arrives past
///   the buffer goes to a temporary file, read back in order (``ByteChannel/sendSpilling(_:)``):
///   memory stays flat, disk holds the backlog. `AsyncHTTPClientTransport` holds the server
///   back on Linux too.
final class StreamingExchange: SessionTaskHandler, @unchecked Sendable {
    // @unchecked: the mutable state is touched only under `lock`; the session and the channel
    // are thread-safe.
    private let lock = NSLock()
    private var head: UnsafeContinuation<HTTPURLResponse, any Error>?
    private var task: URLSessionDataTask?
    /// The request body, when it is sent as it is read (Apple platforms).
    private var upload: StreamedUpload?
    private var isCancelled = false
    private var received: Int64 = 0
    private var declaredLength: Int64 = -1
    private var bodyIsEncoded = false
    private var countsLength = true
    private let channel: ByteChannel
    private let progress: TransferProgressHandler?
    private let session: URLSession
    private let delegate: SessionDelegate

    /// Creates an exchange.
    /// - Parameters:
    ///   - session: The transport's session.
    ///   - delegate: The session's delegate, which hands this exchange its task's events.
    ///   - channel: Where the response body goes.
    ///   - progress: Receives upload progress, if the caller asked for it.
    init(session: URLSession, delegate: SessionDelegate, channel: ByteChannel, progress: TransferProgressHandler?) {
        self.session = session
        self.delegate = delegate
        self.channel = channel
        self.progress = progress
    }

    /// Sends the request and waits for the response's head; the body then flows into the
    /// channel. Cancelling the awaiting task cancels the load.
    /// - Parameters:
    ///   - urlRequest: The request.
    ///   - upload: The request body when it is not in memory: a file, or a body sent as it is
    ///     read.
    ///   - method: The request method (a `HEAD` response has no body to count).
    func start(_ urlRequest: URLRequest, upload: Upload, method: RequestMethod) async throws -> HTTPURLResponse {
        countsLength = method != .head
        lock.withLock { self.upload = upload.stream }
        channel.setOnTermination { [weak self] in self?.cancelLoad() }
        #if !canImport(FoundationNetworking)
            channel.setOnDrain { [weak self] in self?.resumeAfterDrain() }
        #endif
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                let accepted = lock.withLock { () -> Bool in
                    guard !isCancelled else { return false }
                    head = continuation
                    return true
                }
                guard accepted else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                #if canImport(FoundationNetworking)
                    // Made and resumed on the start queue: both wait for the session's queue,
                    // which must not hold a thread that runs tasks (see `SessionDelegate`).
                    delegate.startQueue.async { self.send(urlRequest, upload: upload) }
                #else
                    send(urlRequest, upload: upload)
                #endif
            }
        } onCancel: {
            cancelLoad()
        }
    }

    /// Makes the task and sends it, unless the exchange was cancelled meanwhile.
    private func send(_ urlRequest: URLRequest, upload: Upload) {
        guard !lock.withLock({ isCancelled }) else { return }
        let task = SessionDelegate.task(in: session, for: urlRequest, uploading: upload)
        let started = lock.withLock { () -> Bool in
            guard !isCancelled else { return false }
            self.task = task
            return true
        }
        if started {
            delegate.register(self, for: task)
            // A body that fails ends the task; `complete` then reports the body's error.
            let failing = UncheckedSendable(task)
            upload.stream?.onFailure { failing.value.cancel() }
            task.resume()
        } else {
            task.cancel()  // Never sent; ends the task so the session lets it go.
        }
    }

    /// Ends the load: the head's waiter gets `CancellationError`, the consumer sees the body end
    /// with it, and the task is cancelled.
    ///
    /// It runs where the exchange ends: a delegate call on the session's own queue, a consumer
    /// leaving the body, a cancellation handler under the awaiting task's lock. On Linux, where
    /// `cancel()` waits for the session's queue, the task is cancelled from the start queue, after
    /// its resume; on Apple platforms, at once.
    func cancelLoad() {
        let (wasCancelled, head, task, upload) = lock.withLock {
            defer { isCancelled = true; self.head = nil }
            return (isCancelled, self.head, self.task, self.upload)
        }
        // Once is enough: data still arriving meanwhile must not queue a cancellation per chunk.
        guard !wasCancelled else { return }
        upload?.stop()
        head?.resume(throwing: CancellationError())
        channel.finish(throwing: CancellationError())
        guard let task else { return }  // Never started (the start queue cancels it), or completed.
        // Not once the task has completed. (A cancellation meeting the task's completion is
        // safe because the session has no URL cache: see `URLSessionTransport.withoutURLCache(_:)`.)
        let cancellation = UncheckedSendable(task)
        let cancel: @Sendable () -> Void = { [self] in
            guard lock.withLock({ self.task != nil }) else { return }
            cancellation.value.cancel()
        }
        #if canImport(FoundationNetworking)
            delegate.startQueue.async(execute: cancel)
        #else
            cancel()
        #endif
    }

    // MARK: The task's events, from the session's delegate

    func receive(_ response: URLResponse) {
        deliverHead(response)
    }

    private func deliverHead(_ response: URLResponse?) {
        let head = lock.withLock {
            defer { self.head = nil }
            if let http = response as? HTTPURLResponse {
                declaredLength = http.expectedContentLength
                bodyIsEncoded = http.value(forHTTPHeaderField: "Content-Encoding") != nil
                countsLength = countsLength && http.statusCode != 204 && http.statusCode != 304
            }
            return self.head
        }
        guard let head else { return }
        if let http = response as? HTTPURLResponse {
            head.resume(returning: http)
        } else {
            head.resume(throwing: URLError(.badServerResponse))
        }
    }

    func receive(_ data: Data, from dataTask: URLSessionDataTask) {
        lock.withLock { received += Int64(data.count) }
        #if canImport(FoundationNetworking)
            if !channel.sendSpilling(data) { cancelLoad() }
        #else
            if channel.sendWithoutWaiting(data) { dataTask.suspend() }
        #endif
    }

    #if !canImport(FoundationNetworking)
        private func resumeAfterDrain() {
            lock.withLock { task }?.resume()
        }
    #endif

    func newBodyStream() -> InputStream? {
        lock.withLock { upload }?.makeInputStream()
    }

    func sent(_ total: Int64, of expected: Int64) {
        progress?(TransferProgress(completedBytes: total, totalBytes: expected > 0 ? expected : nil))
    }

    func complete(_ task: URLSessionTask, error: (any Error)?) {
        let (head, received, declared, encoded, counts, upload) = lock.withLock {
            defer { self.head = nil; self.task = nil }
            return (self.head, self.received, declaredLength, bodyIsEncoded, countsLength, self.upload)
        }
        // A body that failed cancelled the task: its error is the exchange's.
        let error = upload?.stop() ?? error
        if let head {
            if let error {
                head.resume(throwing: URLSessionTransport.classifyLoadingError(error))
            } else if let http = task.response as? HTTPURLResponse {
                head.resume(returning: http)
            } else {
                head.resume(throwing: URLError(.badServerResponse))
            }
            if error == nil { channel.finish() }
            return
        }
        if let error {
            channel.finish(throwing: URLSessionTransport.classifyLoadingError(error))
        } else if counts, !encoded, declared > received {
            channel.finish(
                throwing: URLError(
                    .networkConnectionLost,
                    userInfo: [
                        NSLocalizedDescriptionKey: "The response body ended after \(received) of \(declared) bytes.",
                        NSURLErrorFailingURLErrorKey: task.currentRequest?.url as Any,
                    ]))
        } else {
            channel.finish()
        }
    }

    /// A 401 that asks for HTTP authentication and that no stored credential answers (see
    /// ``SessionDelegate``): the 401 is the response.
    func answerChallenge(_ task: URLSessionTask, with response: URLResponse?) {
        // The task ends by itself (its challenge is cancelled), without a completion for us.
        lock.withLock { self.task = nil }
        deliverHead(response)
        channel.finish()
    }
}
