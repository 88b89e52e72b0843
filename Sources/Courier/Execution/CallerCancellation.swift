import Foundation

/// Cancels, from any thread, a calling task that runs an exchange itself, without ever touching
/// that task once it has left the exchange.
///
/// The task's handle is lent only for the duration of ``run(_:)``, whose scope covers the whole
/// exchange. ``cancel()`` calls `cancel()` on the task with no lock held, since that runs the
/// task's cancellation handlers, which may call back into the client. A run that ends meanwhile
/// waits for that one call to return before it gives the handle back, so the handle is never
/// used after its scope.
final class CallerCancellation: @unchecked Sendable {
    // @unchecked: `task`, `isCancelling` and `isDone` are touched only under `condition`.
    private let condition = NSCondition()
    private var task: UnsafeCurrentTask?
    private var isCancelling = false
    private var isDone = false

    /// Runs `operation` in the calling task, which ``cancel()`` cancels meanwhile.
    func run<Value>(
        _ operation: () async throws(ServiceError) -> Value
    ) async throws(ServiceError) -> Value {
        let result = await withUnsafeCurrentTask { task -> Result<Value, ServiceError> in
            condition.withLock { self.task = task }
            defer { finish() }
            do throws(ServiceError) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Cancels the running task, as `Task.cancel()` would. Does nothing once the run is over.
    func cancel() {
        // Locked by hand: Swift 6.3.1 crashes checking a closure that returns the handle.
        condition.lock()
        guard !isDone, !isCancelling, let task else {
            condition.unlock()
            return
        }
        isCancelling = true
        condition.unlock()
        task.cancel()
        condition.withLock {
            isCancelling = false
            condition.broadcast()
        }
    }

    /// Ends the run: waits for a cancellation under way to return, then drops the handle.
    private func finish() {
        condition.withLock {
            while isCancelling { condition.wait() }
            isDone = true
            task = nil
        }
    }
}
