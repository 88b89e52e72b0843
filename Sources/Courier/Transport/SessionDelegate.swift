#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
#else
    import Foundation
#endif

/// What ``SessionDelegate`` hands one task's events to: a ``PendingLoad`` (on Linux every load,
/// on Apple platforms one whose body is sent as it is read) or a ``StreamingExchange``.
protocol SessionTaskHandler: AnyObject, Sendable {
    /// The response's head has arrived.
    func receive(_ response: URLResponse)
    /// A piece of the body has arrived.
    func receive(_ data: Data, from task: URLSessionDataTask)
    /// The request body has been sent this far.
    func sent(_ total: Int64, of expected: Int64)
    /// The task has ended, with `error` or not.
    func complete(_ task: URLSessionTask, error: (any Error)?)
    /// An authentication challenge no stored credential answers: `response` (the 401) is the
    /// answer. Only Foundation on Linux asks.
    func answerChallenge(_ task: URLSessionTask, with response: URLResponse?)
    /// A stream of the request body, read from its start, for a task made with
    /// `uploadTask(withStreamedRequest:)`: first to send it, and again when the session must send
    /// it again; `nil` when it cannot be had (the task then fails). Only Apple platforms ask
    /// (see `StreamedUpload`).
    func newBodyStream() -> InputStream?
}

extension SessionTaskHandler {
    func newBodyStream() -> InputStream? { nil }
}

/// The delegate of one of ``URLSessionTransport``'s sessions (see ``SessionLanes``).
///
/// Everywhere, it declines every redirect, so that the transport follows them itself with the same
/// rules on every platform (only a session delegate sees redirects on Linux).
///
/// It also delivers each task's events to the handler the transport registered for it: on Linux
/// every load (a ``PendingLoad``), and everywhere every streamed exchange (a
/// ``StreamingExchange``), so that streams share the sessions, and their connections, with the other
/// calls. A task without a handler (Apple platforms' `data(for:)`) is left to its own API. On
/// Linux its calls run on the session's own queue (see ``ImmediateOperationQueue``), so whatever
/// would make the session act is answered from another thread.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: the mutable state (`handlers`) is touched only under `lock`.
    private let lock = NSLock()
    private var handlers: [Int: any SessionTaskHandler] = [:]
    /// Where, on Linux, the session's tasks are made, resumed and cancelled, and its redirects and
    /// challenges answered: one thread at most, in order, so a cancellation always follows its
    /// task's resume.
    ///
    /// On Linux each of these waits for the session's serial queue, which is busy with every
    /// other transfer's events (and then sets the task up there: its libcurl handle and
    /// protocol). Done by the caller, the wait would hold one of the few threads that run Swift
    /// tasks (one per processor) while other calls' responses, and the app's other tasks, wait
    /// for a thread: measured, about 5% more throughput at 32 concurrent requests with resumes
    /// made here. Not `DispatchQueue.global()`: its workers are as few as the processors, and
    /// fifty calls started at once could hold them all. The session's queue sets tasks up one at
    /// a time anyway, so a serial queue per session loses nothing, and holds one thread at most.
    /// A delegate call runs on the session's queue, so it can only answer from here.
    let startQueue = DispatchQueue(label: "Courier.URLSessionTransport.start")

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            // From another thread: this runs on the session's queue, which the answer may wait for.
            startQueue.async { completionHandler(nil) }
        #else
            completionHandler(nil)
        #endif
    }

    /// A task for a request, with its body when it is not in memory: uploaded from a file, or
    /// sent as it is read (a stream the session asks the task's handler for, through
    /// `urlSession(_:task:needNewBodyStream:)`). On Linux this waits for the session's queue:
    /// call it from ``startQueue``.
    static func task(in session: URLSession, for urlRequest: URLRequest, uploading upload: Upload)
        -> URLSessionDataTask
    {
        if let file = upload.file { return session.uploadTask(with: urlRequest, fromFile: file) }
        if let stream = upload.stream { return session.uploadTask(withStreamedRequest: stream.request(urlRequest)) }
        return session.dataTask(with: urlRequest)
    }

    /// Hands the task's events to `handler` until the task completes.
    func register(_ handler: any SessionTaskHandler, for task: URLSessionTask) {
        lock.withLock { handlers[task.taskIdentifier] = handler }
    }

    /// Stops handing the task's events on: the task has ended, or was never started.
    /// - Returns: The handler the task's events went to, if it was still registered.
    @discardableResult
    func forget(_ task: URLSessionTask) -> (any SessionTaskHandler)? {
        lock.withLock { handlers.removeValue(forKey: task.taskIdentifier) }
    }

    private func handler(for task: URLSessionTask) -> (any SessionTaskHandler)? {
        lock.withLock { handlers[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        handler(for: dataTask)?.receive(response)
        completionHandler(.allow)  // Foundation on Linux ignores the answer; every body is loaded.
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        handler(for: dataTask)?.receive(data, from: dataTask)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        handler(for: task)?.sent(totalBytesSent, of: totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        forget(task)?.complete(task, error: error)
    }

    #if !canImport(FoundationNetworking)
        func urlSession(
            _ session: URLSession, task: URLSessionTask,
            needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
        ) {
            completionHandler(handler(for: task)?.newBodyStream())
        }
    #endif

    #if canImport(FoundationNetworking)
        /// A 401 that asks for HTTP authentication (`WWW-Authenticate: Basic …` or `Digest …`),
        /// answered by ``answer(_:in:completionHandler:unanswered:)``: unanswered, the 401 with
        /// the body already received becomes the load's answer.
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            Self.answer(challenge, in: session, from: startQueue, completionHandler: completionHandler) {
                forget(task)?.answerChallenge(task, with: challenge.failureResponse ?? task.response)
            }
        }

        /// Answers an authentication challenge on Linux: once with the Basic credential the
        /// session's storage holds for its protection space, as Apple platforms do; otherwise
        /// the challenge is cancelled, after `unanswered` has delivered the 401 as the response
        /// (Foundation on Linux would never complete the task by itself). Digest is never
        /// answered, because Foundation on Linux stops the process when asked to.
        /// - Parameters:
        ///   - challenge: The challenge.
        ///   - session: The session whose credential storage is searched.
        ///   - queue: The thread the completion handler is called from: either answer makes the
        ///     task wait for the session's queue, which runs this.
        ///   - completionHandler: Foundation's completion handler.
        ///   - unanswered: Runs first when the challenge is not answered with a credential.
        static func answer(
            _ challenge: URLAuthenticationChallenge, in session: URLSession, from queue: DispatchQueue,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void,
            unanswered: () -> Void
        ) {
            let space = challenge.protectionSpace
            let stored =
                challenge.previousFailureCount == 0 && space.authenticationMethod == NSURLAuthenticationMethodHTTPBasic
                ? challenge.proposedCredential ?? storedCredential(for: space, in: session) : nil
            if stored == nil { unanswered() }
            let answer = UncheckedSendable(stored)
            queue.async {
                if let credential = answer.value {
                    completionHandler(.useCredential, credential)
                } else {
                    completionHandler(.cancelAuthenticationChallenge, nil)
                }
            }
        }

        /// The credential the session's storage holds for a protection space. Searched by hand:
        /// Foundation on Linux compares protection spaces by identity, so a lookup with the
        /// challenge's own space never finds one stored by the app.
        static func storedCredential(for space: URLProtectionSpace, in session: URLSession) -> URLCredential? {
            guard let storage = session.configuration.urlCredentialStorage else { return nil }
            let stored = storage.allCredentials.first { candidate, _ in
                candidate.host.caseInsensitiveCompare(space.host) == .orderedSame && candidate.port == space.port
                    && candidate.protocol == space.protocol && candidate.realm == space.realm
                    && candidate.authenticationMethod == space.authenticationMethod && !candidate.isProxy()
            }
            guard let (candidate, credentials) = stored else { return nil }
            return storage.defaultCredential(for: candidate)
                ?? (credentials.count == 1 ? credentials.first?.value : nil)
        }
    #endif
}
