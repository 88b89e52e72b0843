import Foundation

/// What the copies of a streamed ``ResponseBody`` and its iterator share: actions to run once
/// when the body ends, and a way to cancel it from another task.
///
/// The body ends when its last chunk has been read, when reading it throws, when it is
/// cancelled, or when every copy and iterator of it is gone unread. The client uses the end to
/// keep a streamed call among its in-flight requests until then, so that it can be cancelled by
/// id while its body is read.
final class BodyLifetime: @unchecked Sendable {
    // @unchecked: every mutable property is touched only under `lock`.
    private let lock = NSLock()
    private var endActions: [@Sendable () -> Void] = []
    private var hasEnded = false
    private var isCancelled = false
    /// The task reading the next chunk of a body that is another async sequence, while it does.
    private var reader: UnsafeCurrentTask?
    /// Set while ``cancel()`` uses `reader`, which the reader waits for before it returns.
    private var isCancellingReader = false

    deinit {
        // Dropped before its end: nothing will read it any more.
        for action in endActions { action() }
    }

    /// Adds an action to run once when the body ends; at once if it has ended already.
    func onEnd(_ action: @escaping @Sendable () -> Void) {
        let runNow = lock.withLock {
            if !hasEnded { endActions.append(action) }
            return hasEnded
        }
        if runNow { action() }
    }

    /// The body has ended: runs the end actions, once.
    func end() {
        let actions = lock.withLock {
            defer {
                hasEnded = true
                endActions = []
            }
            return hasEnded ? [] : endActions
        }
        for action in actions { action() }
    }

    /// Whether ``cancel()`` was called.
    var wasCancelled: Bool { lock.withLock { isCancelled } }

    /// Marks the body cancelled, cancels the task reading it if one is waiting for a chunk, and
    /// ends the body.
    func cancel() {
        let reader = lock.withLock {
            isCancelled = true
            let reader = self.reader
            if reader != nil { isCancellingReader = true }
            return reader
        }
        if let reader {
            reader.cancel()
            lock.withLock { isCancellingReader = false }
        }
        end()
    }

    /// Reads the next chunk of a body that is another async sequence, so that ``cancel()``
    /// reaches the read while it waits: the reading task is cancelled, as the transport's own
    /// sequence expects of a task that no longer wants its body.
    /// - Parameter next: Reads the next chunk from the sequence.
    /// - Returns: The chunk, `nil` at the end.
    func read(_ next: () async throws -> Data?) async throws -> Data? {
        if wasCancelled { throw CancellationError() }
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
            // Without the calling task's handle a cancellation reaches the next read instead.
            return try await next()
        }
        return try await withUnsafeCurrentTask { task in
            lock.withLock { reader = task }
            defer { releaseReader() }
            if wasCancelled { throw CancellationError() }
            return try await next()
        }
    }

    /// Forgets the reading task, whose handle is valid only while it reads: first waits until a
    /// cancellation using the handle has returned.
    private func releaseReader() {
        lock.lock()
        reader = nil
        while isCancellingReader {
            lock.unlock()
            sched_yield()
            lock.lock()
        }
        lock.unlock()
    }
}
