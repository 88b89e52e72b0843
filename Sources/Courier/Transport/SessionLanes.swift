#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
#else
    import Foundation
#endif

/// The sessions of a ``URLSessionTransport``, each with its delegate, and which of them is least
/// busy.
///
/// On Apple platforms there is one: URLSession spreads its work over threads by itself. On Linux
/// there is one per processor, at most four, because Foundation there runs all of a session's
/// work on one serial queue: libcurl's events for every transfer, and each new task's setup,
/// which `resume()` waits for on the calling thread. With a single session, concurrent calls
/// queue behind each other on that queue while the other cores wait. (A bare session with the
/// default URL cache escapes some of it, because its cache lookups move each task's setup to
/// another thread; the transport has no URL cache, see ``URLSessionTransport``.) Measured on two
/// cores at 32 concurrent calls: one session made 0.76–0.78 of a bare default session's
/// throughput, two 0.87–0.95, four 0.80–0.85 (Benchmarks/README.md).
///
/// Each exchange runs on the session with the fewest exchanges under way, the first on a tie, so
/// that calls made one after another stay on the first session and reuse its connections, and
/// only concurrent calls spread out.
final class SessionLanes: @unchecked Sendable {
    // @unchecked: `active` is touched only under `lock`; the rest is immutable.
    /// One session and the delegate that hands its tasks' events on.
    struct Lane: Sendable {
        let session: URLSession
        let delegate: SessionDelegate
    }

    private let lanes: [Lane]
    private let lock = NSLock()
    /// How many exchanges each lane has under way.
    private var active: [Int]

    /// Creates the lanes.
    /// - Parameters:
    ///   - configuration: Every session's configuration.
    ///   - count: How many sessions.
    ///   - makeDelegateQueue: Makes each session's delegate queue.
    init(configuration: URLSessionConfiguration, count: Int, makeDelegateQueue: () -> OperationQueue?) {
        lanes = (0..<max(count, 1)).map { _ in
            let delegate = SessionDelegate()
            return Lane(
                session: URLSession(
                    configuration: configuration, delegate: delegate, delegateQueue: makeDelegateQueue()),
                delegate: delegate)
        }
        active = Array(repeating: 0, count: lanes.count)
    }

    /// How many sessions a transport gets here: one on Apple platforms, one per processor (at
    /// most four) on Linux.
    static var defaultCount: Int {
        #if canImport(FoundationNetworking)
            min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4)
        #else
            1
        #endif
    }

    /// How many sessions there are.
    var count: Int { lanes.count }

    /// Runs an exchange on the least busy session, counted as under way there until it returns.
    /// - Parameter exchange: The exchange, given its session.
    /// - Returns: What the exchange returns.
    func run<Result>(_ exchange: (Lane) async throws -> Result) async throws -> Result {
        if lanes.count == 1 { return try await exchange(lanes[0]) }
        let index = lock.withLock {
            var least = 0
            for index in active.indices where active[index] < active[least] { least = index }
            active[least] += 1
            return least
        }
        defer { lock.withLock { active[index] -= 1 } }
        return try await exchange(lanes[index])
    }

    /// Lets every session finish its tasks, then releases it.
    func finishTasksAndInvalidate() {
        for lane in lanes { lane.session.finishTasksAndInvalidate() }
    }
}
