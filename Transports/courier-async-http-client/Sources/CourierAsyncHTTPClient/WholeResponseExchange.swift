import AsyncHTTPClient
@_spi(Transports) import Courier
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// One request through AsyncHTTPClient's delegate API whose response is read whole, handed to
/// the awaiting task from the event loop that completes it.
///
/// Awaiting `HTTPClient.Task.get()` registers a callback on the task's future from the calling
/// thread, outside the event loop, which costs every call a job queued on that loop (and often
/// a wake-up of its thread). This delegate registers the callback from its own first callback
/// instead, which AsyncHTTPClient makes on that loop: a request it runs reaches its delegate
/// (sent, failed or cancelled) before its future completes, and the response, or the error,
/// still comes from the future, so redirects AsyncHTTPClient follows itself and failures after
/// the body are seen as `get()` would see them. The one task failed without a word to its
/// delegate is that of a client already shut down; so a call whose client may have been shut
/// down (one not owned by the transport, or one whose owner has begun to shut it down) is
/// observed from the calling thread as well, as `get()` would.
final class WholeResponseExchange: HTTPClientResponseDelegate {
    typealias Response = HTTPClient.Response

    private let request: HTTPClient.Request
    private let accumulator: ResponseAccumulator
    private let state = NIOLockedValueBox(State())

    private struct State {
        /// The awaiting task, set before the request starts and taken when it is resumed.
        var continuation: UnsafeContinuation<Response, any Error>?
        /// AsyncHTTPClient's task, once `execute` has returned it.
        var task: HTTPClient.Task<Response>?
        /// Whether the call was cancelled, perhaps before `task` was known.
        var isCancelled = false
        /// Whether a callback on the task's future has been registered (there is only ever one).
        var isObserved = false
    }

    /// Sends `request` on `client` and returns its response once read whole. Cancelling the
    /// awaiting task, or the call by id, cancels this request alone.
    /// - Parameters:
    ///   - request: The request, its body in memory.
    ///   - client: The client to send it on.
    ///   - maximumBodySize: The largest response body accepted, in bytes.
    ///   - deadline: When the whole exchange must be over, body included.
    ///   - clientMayBeShutDown: Asked after the request was handed to `client`: whether the
    ///     client may have been shut down before, in which case its task fails without calling
    ///     its delegate.
    static func response(
        to request: HTTPClient.Request, on client: HTTPClient, maximumBodySize: Int, deadline: NIODeadline?,
        clientMayBeShutDown: () -> Bool
    ) async throws -> Response {
        let exchange = WholeResponseExchange(request: request, maximumBodySize: maximumBodySize)
        return try await withExchangeCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                exchange.start(
                    on: client, deadline: deadline, continuation: continuation,
                    clientMayBeShutDown: clientMayBeShutDown)
            }
        } onCancel: {
            exchange.cancel()
        }
    }

    private init(request: HTTPClient.Request, maximumBodySize: Int) {
        self.request = request
        accumulator = ResponseAccumulator(request: request, maxBodySize: maximumBodySize)
    }

    private func start(
        on client: HTTPClient, deadline: NIODeadline?, continuation: UnsafeContinuation<Response, any Error>,
        clientMayBeShutDown: () -> Bool
    ) {
        state.withLockedValue { $0.continuation = continuation }
        let task = client.execute(request: request, delegate: self, deadline: deadline)
        let isCancelled = state.withLockedValue { state in
            state.task = task
            return state.isCancelled
        }
        if isCancelled { task.cancel() }
        if clientMayBeShutDown() { observe(task) }
    }

    private func cancel() {
        let task = state.withLockedValue { state in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }

    /// Registers the one callback that resumes the awaiting task when `task` completes: cheaply
    /// from a delegate callback, on the task's event loop; with a hop to that loop from elsewhere.
    private func observe(_ task: HTTPClient.Task<Response>) {
        let isFirst = state.withLockedValue { state in
            defer { state.isObserved = true }
            return !state.isObserved
        }
        guard isFirst else { return }
        task.futureResult.whenComplete { result in
            let continuation = self.state.withLockedValue { state in
                // The task refers to its request, which refers to this delegate: let go of it.
                defer { (state.continuation, state.task) = (nil, nil) }
                return state.continuation
            }
            continuation?.resume(with: result)
        }
    }

    // MARK: HTTPClientResponseDelegate: each callback observes the task, then lets
    // AsyncHTTPClient's accumulator do its work.

    func didSendRequestHead(task: HTTPClient.Task<Response>, _ head: HTTPRequestHead) {
        observe(task)
        accumulator.didSendRequestHead(task: task, head)
    }

    func didSendRequestPart(task: HTTPClient.Task<Response>, _ part: IOData) {
        observe(task)
        accumulator.didSendRequestPart(task: task, part)
    }

    func didSendRequest(task: HTTPClient.Task<Response>) {
        observe(task)
        accumulator.didSendRequest(task: task)
    }

    func didVisitURL(task: HTTPClient.Task<Response>, _ request: HTTPClient.Request, _ head: HTTPResponseHead) {
        observe(task)
        accumulator.didVisitURL(task: task, request, head)
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        observe(task)
        return accumulator.didReceiveHead(task: task, head)
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        observe(task)
        return accumulator.didReceiveBodyPart(task: task, buffer)
    }

    func didReceiveError(task: HTTPClient.Task<Response>, _ error: any Error) {
        observe(task)
        accumulator.didReceiveError(task: task, error)
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        observe(task)
        return try accumulator.didFinishRequest(task: task)
    }
}
