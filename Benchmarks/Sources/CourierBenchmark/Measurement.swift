import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Throughput and CPU cost of one run of many calls.
struct Measurement {
    var requestsPerSecond: Double
    var cpuMicrosecondsPerRequest: Double

    /// Runs `total` calls of `call`, `concurrency` at a time.
    static func run(total: Int, concurrency: Int, _ call: @escaping @Sendable () async throws -> Void) async throws
        -> Measurement
    {
        let cpuStart = cpuSeconds()
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            let perWorker = total / concurrency
            for _ in 0..<concurrency {
                group.addTask { for _ in 0..<perWorker { try await call() } }
            }
            try await group.waitForAll()
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let done = Double(total / concurrency * concurrency)
        return Measurement(
            requestsPerSecond: done / seconds, cpuMicrosecondsPerRequest: (cpuSeconds() - cpuStart) / done * 1_000_000)
    }

    /// Process CPU time (user + system, all threads) in seconds.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// Summaries of per-round figures.
enum Statistics {
    static func median(_ values: [Double]) -> Double { quantile(values, 0.5) }

    /// The value below which `fraction` of the values lie (nearest rank).
    static func quantile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    /// The median with the middle half of the values around it: `0.98 (0.95–1.01)`.
    static func spread(_ values: [Double], _ decimals: Int) -> String {
        "\(format(median(values), decimals)) (\(format(quantile(values, 0.25), decimals))–\(format(quantile(values, 0.75), decimals)))"
    }

    static func format(_ value: Double, _ decimals: Int = 0) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
