#if canImport(FoundationNetworking)
    import Foundation

    /// The delegate queue of ``URLSessionTransport``'s session on Linux: it runs each block at
    /// once, on the thread that adds it.
    ///
    /// Foundation on Linux adds every delegate call to the delegate queue from the session's own
    /// serial queue, so the calls still run one at a time and in order, without the hop to another
    /// thread that an `OperationQueue` costs for every call (it measured about 10% of the
    /// throughput of 32 concurrent requests). Foundation's own `data(for:)` calls its completion
    /// the same way.
    ///
    /// - Warning: A block runs on the session's queue, so it must never wait for the session:
    ///   nothing it does may call `URLSessionTask.cancel()`, `resume()`, `suspend()` or create a
    ///   task synchronously. ``SessionDelegate`` answers such calls from another thread, and the
    ///   session is private to its transport so that no other code adds blocks.
    final class ImmediateOperationQueue: OperationQueue, @unchecked Sendable {
        // @unchecked: no state of its own beyond OperationQueue's, which is thread-safe.

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            block()
        }
    }
#endif
