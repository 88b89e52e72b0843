import Foundation
public import Testing

/// Runs each test of a suite on ``ComputeThreads`` instead of the threads that run tasks:
/// `@Suite(.onComputeThreads)`, for suites whose tests compute for long stretches without
/// waiting (a generator run, decoding thousands of documents).
///
/// Swift runs tasks on a pool of as many threads as there are processors, and a task keeps its
/// thread until it waits. Synchronous tests that compute for seconds held both threads of a
/// two-core machine, while the loopback tests running beside them, whose calls and waits also
/// need those threads, stood still: under extra load, a test's first request went out 29 s after
/// it was made, and tests bounded at 30 s failed. On threads of their own, the computing tests
/// are time-sliced by the system with the pool's threads instead of holding them.
public struct OnComputeThreads: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        // Each test case, not the suite around them, so that every case's own task prefers them.
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(ComputeThreads.shared) { try await function() }
    }
}

extension Trait where Self == OnComputeThreads {
    /// Runs each test of the suite on ``ComputeThreads``.
    public static var onComputeThreads: Self { OnComputeThreads() }
}

/// A task executor with threads of its own, as many as the processors: the jobs of the tasks
/// that prefer it run there, first in, first out.
public final class ComputeThreads: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` is touched only under `condition`'s lock.
    public static let shared = ComputeThreads(count: max(ProcessInfo.processInfo.activeProcessorCount, 2))

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0

    private init(count: Int) {
        for index in 0..<count {
            let thread = Thread { self.run() }
            thread.name = "Compute \(index)"
            // As deep as a main thread's: the generator's readers recurse over nested documents.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        let executor = asUnownedTaskExecutor()
        while true {
            condition.lock()
            while next == jobs.count { condition.wait() }
            let job = jobs[next]
            next += 1
            if next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
            }
            condition.unlock()
            job.runSynchronously(on: executor)
        }
    }
}
