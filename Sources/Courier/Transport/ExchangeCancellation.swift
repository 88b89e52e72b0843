import Foundation

/// A transport that can end one of its exchanges without its task being cancelled: every wait of
/// its ``Transport/send(_:)``, for a request whose response is read whole
/// (``TransportRequest/streamsResponseBody`` is `false`), runs inside
/// ``withExchangeCancellationHandler(operation:onCancel:isolation:)``.
///
/// For transports in Courier's own packages. A listed call
/// (``APIClient/Configuration/listsInFlightRequests``) runs its exchange in a task of its own, so
/// that cancelling it by id cancels that task and never the caller's, at the cost of a thread hop
/// as the task ends. Over a transport of this kind the client runs the exchange in the calling
/// task instead (when every middleware hands on promptly), and cancelling it by id runs the
/// handler the transport gave for the wait it is in. Declare the conformance in an
/// `@_spi(Transports)` extension.
@_spi(Transports)
public protocol ExchangeCancellingTransport: Transport {}

/// Runs `operation`, calling `handler` when the exchange it belongs to is cancelled by id
/// (``APIClient/cancelRequest(id:)``) or the task is cancelled, whichever comes first, or at once
/// when either already was.
///
/// For an ``ExchangeCancellingTransport``: `handler` ends the wait in `operation`, which then
/// throws. Outside an exchange that can be cancelled by id this is `withTaskCancellationHandler`.
/// - Parameters:
///   - operation: The wait, such as a request's future.
///   - handler: Ends the wait; it may run on any thread, and more than once.
///   - isolation: The caller's isolation, kept for `operation`.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
@_spi(Transports)
public func withExchangeCancellationHandler<Value>(
    operation: () async throws -> Value, onCancel handler: @escaping @Sendable () -> Void,
    isolation: isolated (any Actor)? = #isolation
) async throws -> Value {
    let exchange = ExchangeCancellation.current
    if let exchange, !exchange.install(handler) { handler() }
    defer { exchange?.uninstall() }
    return try await withTaskCancellationHandler(operation: operation, onCancel: handler, isolation: isolation)
}

/// Cancellation by id of an exchange that runs in its caller's task (see
/// ``ExchangeCancellingTransport``): a flag, and the handler of the transport's wait under way.
final class ExchangeCancellation: @unchecked Sendable {
    // @unchecked: `cancelled` and `handler` are touched only under `lock`.
    /// The exchange the transport's `send` belongs to: set around that call only, so that a
    /// task a middleware starts (a token refresh shared by many calls) never inherits it.
    @TaskLocal static var current: ExchangeCancellation?

    private let lock = NSLock()
    private var cancelled = false
    private var handler: (@Sendable () -> Void)?

    /// Whether the exchange was cancelled by id.
    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Cancels the exchange: the wait under way ends, and the client starts no other.
    func cancel() {
        let handler = lock.withLock { () -> (@Sendable () -> Void)? in
            cancelled = true
            defer { self.handler = nil }
            return self.handler
        }
        handler?()
    }

    /// Keeps `handler` for ``cancel()`` until ``uninstall()``.
    /// - Returns: `false` when the exchange was already cancelled (the handler is not kept).
    fileprivate func install(_ handler: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            guard !cancelled else { return false }
            self.handler = handler
            return true
        }
    }

    fileprivate func uninstall() {
        lock.withLock { handler = nil }
    }
}
