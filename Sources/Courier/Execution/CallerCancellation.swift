import Foundation

/// Cancels, from any thread, a calling task that runs an exchange itself, without ever touching
/// that task once it has left the exchange.
///
/// The task's handle is lent only for the duration of ``run(_:)``, whose scope covers the whole
/// exchange. ``cancel()`` calls `cancel()` on the task with no lock held, since that runs the
/// task's cancellation handlers, which may call back into the client. A run that ends meanwhile
/// waits for that one call to return before it gives the handle back, so the handle is never
/// used after its scope.
///
/// Apple systems before macOS 15 and iOS 18 have no asynchronous `withUnsafeCurrentTask`: there
/// the exchange runs in a child task, whose `Task` handle may be kept and cancelled safely, at
/// the cost of one task per call.
final class CallerCancellation: @unchecked Sendable {
    // @unchecked: `runner`, `isCancelling` and `isDone` are touched only under `condition`.
    private let condition = NSCondition()
    private var runner: Runner?
    private var isCancelling = false
    private var isDone = false

    /// What runs the exchange.
    private enum Runner {
        /// The calling task itself; valid only until ``finish()``.
        case caller(UnsafeCurrentTask)
        /// A task of the exchange's own.
        case child(Task<Void, Never>)

        func cancel() {
            switch self {
            case .caller(let task): task.cancel()
            case .child(let task): task.cancel()
            }
        }
    }

    /// Runs `operation` for the calling task, which ``cancel()`` cancels meanwhile.
    func run<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws(ServiceError) -> Value
    ) async throws(ServiceError) -> Value {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return try await runInCallingTask(operation)
        }
        return try await runInChildTask(operation)
    }

    /// Runs `operation` in the calling task, whose handle is lent for the run's duration.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func runInCallingTask<Value: Sendable>(
        _ operation: () async throws(ServiceError) -> Value
    ) async throws(ServiceError) -> Value {
        let result = await withUnsafeCurrentTask { task -> Result<Value, ServiceError> in
            if let task { start(.caller(task)) }
            defer { finish() }
            return await Self.result(of: operation)
        }
        return try result.get()
    }

    /// Runs `operation` in a child task, cancelled with the calling task or by ``cancel()``.
    func runInChildTask<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws(ServiceError) -> Value
    ) async throws(ServiceError) -> Value {
        let box = ResultBox<Value>()
        let child = Task { await box.set(Self.result(of: operation)) }
        start(.child(child))
        defer { finish() }
        await withTaskCancellationHandler {
            await child.value
        } onCancel: {
            child.cancel()
        }
        return try box.result.get()
    }

    private static func result<Value>(
        of operation: () async throws(ServiceError) -> Value
    ) async -> Result<Value, ServiceError> {
        do throws(ServiceError) {
            return .success(try await operation())
        } catch {
            return .failure(error)
        }
    }

    /// Cancels the running exchange, as `Task.cancel()` would. Does nothing once the run is over.
    func cancel() {
        // Locked by hand: Swift 6.3.1 crashes checking a closure that returns the handle.
        condition.lock()
        guard !isDone, !isCancelling, let runner else {
            condition.unlock()
            return
        }
        isCancelling = true
        condition.unlock()
        runner.cancel()
        condition.withLock {
            isCancelling = false
            condition.broadcast()
        }
    }

    private func start(_ runner: Runner) {
        condition.withLock { self.runner = runner }
    }

    /// Ends the run: waits for a cancellation under way to return, then drops the handle.
    private func finish() {
        condition.withLock {
            while isCancelling { condition.wait() }
            isDone = true
            runner = nil
        }
    }
}

/// The outcome of a child task, set once before the task ends.
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `stored` is written once by the child task and read after it has ended.
    private var stored: Result<Value, ServiceError> = .failure(.cancelled)
    func set(_ result: Result<Value, ServiceError>) { stored = result }
    var result: Result<Value, ServiceError> { stored }
}
