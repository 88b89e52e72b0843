#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
#else
    import Foundation
#endif

/// One load in progress through ``SessionDelegate`` (on Linux every load, on Apple platforms one
/// whose body is sent as it is read): gathers what the delegate receives for its task and
/// resumes the awaiting call exactly once, with the response, the loading error (the body's own,
/// when reading the body failed), or `CancellationError` as soon as the awaiting task is
/// cancelled.
final class PendingLoad: @unchecked Sendable {
    // @unchecked: the mutable state is touched only under `lock`.
    private let lock = NSLock()
    private var continuation: UnsafeContinuation<(Data, URLResponse), any Error>?
    private var task: URLSessionDataTask?
    /// The session's start queue, where the task is made, resumed and cancelled.
    private let queue: DispatchQueue
    private var isCancelled = false
    private var response: URLResponse?
    private var body = Data()
    private let progress: TransferProgressHandler?
    private let upload: StreamedUpload?

    /// Creates a load.
    /// - Parameters:
    ///   - queue: The session's start queue (``SessionDelegate/startQueue``).
    ///   - progress: Receives upload progress as the session reports it.
    ///   - upload: The body, when it is sent as it is read.
    init(queue: DispatchQueue, progress: TransferProgressHandler? = nil, upload: StreamedUpload? = nil) {
        self.queue = queue
        self.progress = progress
        self.upload = upload
    }

    /// Part of the request body has been sent.
    func sent(_ total: Int64, of expected: Int64) {
        progress?(TransferProgress(completedBytes: total, totalBytes: expected > 0 ? expected : nil))
    }

    /// Keeps the awaiting call's continuation, unless its task was cancelled first.
    /// - Returns: Whether the load goes on; if not, resume the continuation with
    ///   `CancellationError`.
    func prepare(_ continuation: UnsafeContinuation<(Data, URLResponse), any Error>) -> Bool {
        lock.withLock {
            guard !isCancelled else { return false }
            self.continuation = continuation
            return true
        }
    }

    /// Whether the awaiting task has been cancelled (the task need not be made).
    var wasCancelled: Bool { lock.withLock { isCancelled } }

    /// Sends the task, unless the awaiting task was cancelled meanwhile. Runs on the
    /// session's start queue, where `resume()` and `cancel()` may wait for the session.
    /// - Returns: Whether the task was sent; if not, it has been cancelled unsent.
    func start(_ task: URLSessionDataTask) -> Bool {
        let started = lock.withLock { () -> Bool in
            guard !isCancelled else { return false }
            self.task = task
            return true
        }
        if started {
            // A body that fails ends the task; `finish` then reports the body's error.
            let failing = UncheckedSendable(task)
            upload?.onFailure { [queue] in queue.async { failing.value.cancel() } }
            task.resume()
        } else {
            task.cancel()  // Never sent: the session lets it go.
        }
        return started
    }

    /// A response has begun: its body starts afresh (after a redirect or a retried
    /// authentication, the earlier body is not part of it).
    func receive(_ response: URLResponse) {
        lock.withLock {
            self.response = response
            body = Data()
        }
    }

    /// More of the body has arrived.
    func receive(_ data: Data) {
        lock.withLock {
            // A small body arrives in one piece: keep it rather than copy it.
            if body.isEmpty { body = data } else { body.append(data) }
        }
    }

    /// Ends the load with the response received, or with the error when there is one.
    /// - Parameters:
    ///   - error: The loading error, if the load failed.
    ///   - fallbackResponse: The task's response, used when none was received first.
    func finish(error: (any Error)?, fallbackResponse: URLResponse? = nil) {
        let (continuation, response, body) = lock.withLock {
            defer { self.continuation = nil; task = nil }
            return (self.continuation, self.response ?? fallbackResponse, self.body)
        }
        // A body that failed cancelled the task: its error is the load's.
        let error = upload?.stop() ?? error
        guard let continuation else { return }  // Already cancelled.
        if error == nil, let response {
            continuation.resume(returning: (body, response))
        } else {
            continuation.resume(throwing: error ?? URLError(.badServerResponse))
        }
    }

    /// Runs under the awaiting task's status lock, so it must not wait for the session:
    /// the caller is resumed at once and the load is cancelled from another thread.
    func cancel() {
        let (continuation, task) = lock.withLock {
            defer { isCancelled = true; self.continuation = nil; self.task = nil }
            return (self.continuation, self.task)
        }
        continuation?.resume(throwing: CancellationError())
        upload?.stop()
        if let task {
            // After its resume, from the queue that resumed it: `cancel()` waits for the session.
            let cancellation = UncheckedSendable(task)
            queue.async { cancellation.value.cancel() }
        }
    }
}
extension PendingLoad: SessionTaskHandler {
    func receive(_ data: Data, from task: URLSessionDataTask) { receive(data) }

    func complete(_ task: URLSessionTask, error: (any Error)?) {
        finish(error: error, fallbackResponse: task.response)
    }

    func answerChallenge(_ task: URLSessionTask, with response: URLResponse?) {
        finish(error: nil, fallbackResponse: response)
    }

    func newBodyStream() -> InputStream? {
        upload?.makeInputStream()
    }
}
