import CourierTestSupport
import Foundation
import Testing

@testable import Courier

/// Records the waits a retry asks for instead of sleeping.
final class SleepRecorder: @unchecked Sendable {
    // @unchecked: `delays` is only touched under `lock`.
    private let lock = NSLock()
    private var delays: [Duration] = []
    var recorded: [Duration] { lock.withLock { delays } }
    var sleep: @Sendable (Duration) async throws -> Void {
        { [self] delay in lock.withLock { delays.append(delay) } }
    }
}

@Suite struct RetryTests {
    let server = TestServer.shared

    func client(maximumDelay: Duration = .seconds(30), sleeper: SleepRecorder) -> APIClient {
        server.client {
            $0.middlewares = [RetryMiddleware(maximumDelay: maximumDelay, sleep: sleeper.sleep, random: { 1 })]
        }
    }

    struct Attempt: Decodable, Sendable { var attempt: Int }

    @Test func aFlakyEndpointSucceedsAfterRetries() async throws {
        let sleeper = SleepRecorder()
        let namespace = UUID().uuidString
        let result = try await client(sleeper: sleeper).send(
            Endpoint<Attempt>.get("/flaky/\(namespace)").query("failures", 2))
        #expect(result.attempt == 3)
        // Exponential backoff: 0.5 s then 1 s, with the jitter taken at its low end (random = 1).
        #expect(sleeper.recorded == [.milliseconds(250), .milliseconds(500)])
    }

    @Test func retryAfterInSecondsIsHonouredAndCapped() async throws {
        let sleeper = SleepRecorder()
        let namespace = UUID().uuidString
        let result = try await client(sleeper: sleeper).send(
            Endpoint<Attempt>.get("/flaky/\(namespace)").query("failures", 1).query("status", 429).query(
                "retry_after", 7))
        #expect(result.attempt == 2)
        #expect(sleeper.recorded == [.seconds(7)])

        let capped = SleepRecorder()
        let other = UUID().uuidString
        _ = try await client(maximumDelay: .seconds(2), sleeper: capped).send(
            Endpoint<Attempt>.get("/flaky/\(other)").query("failures", 1).query("status", 429).query("retry_after", 120)
        )
        #expect(capped.recorded == [.seconds(2)])
    }

    @Test func attemptsRunOutWithTheLastResponse() async {
        let sleeper = SleepRecorder()
        let namespace = UUID().uuidString
        await #expect {
            try await client(sleeper: sleeper).send(Endpoint<Attempt>.get("/flaky/\(namespace)").query("failures", 10))
        } throws: { error in
            guard case .server(let failure) = error as? ServiceError else { return false }
            return failure.status == 503 && failure.message == "Attempt 3 failed"
        }
        #expect(sleeper.recorded.count == 2)
    }

    @Test func nonIdempotentMethodsAreNotRetriedUnlessTheEndpointOptsIn() async throws {
        let sleeper = SleepRecorder()
        let first = UUID().uuidString
        await #expect(throws: ServiceError.self) {
            try await client(sleeper: sleeper).send(Endpoint<Attempt>.post("/flaky/\(first)").query("failures", 1))
        }
        #expect(sleeper.recorded.isEmpty)
        let second = UUID().uuidString
        let retried = try await client(sleeper: sleeper).send(
            Endpoint<Attempt>.post("/flaky/\(second)").query("failures", 1).option(.retryable))
        #expect(retried.attempt == 2)
        let third = UUID().uuidString
        await #expect(throws: ServiceError.self) {
            try await client(sleeper: sleeper).send(
                Endpoint<Attempt>.get("/flaky/\(third)").query("failures", 1).option(.notRetryable))
        }
    }

    @Test func timeoutsAreRetried() async throws {
        let transport = ScriptedFailures(failures: [URLError(.timedOut), URLError(.networkConnectionLost)])
        let sleeper = SleepRecorder()
        var configuration = APIClient.Configuration(baseURL: URL(string: "https://h.example")!, transport: transport)
        configuration.middlewares = [RetryMiddleware(sleep: sleeper.sleep)]
        let client = APIClient(configuration: configuration)
        #expect(try await client.send(Endpoint<Data>.get("/x")) == Data("ok".utf8))
        #expect(sleeper.recorded.count == 2)
    }

    /// How many requests reached a path of the loopback server.
    func hits(_ path: String) async throws -> Int {
        struct Hits: Decodable { var hits: Int }
        return try await server.client().send(
            Endpoint<Hits>.get("/__hits").query("path", path).option(.notCoalesced)
        ).hits
    }

    /// The wait before the retry is an hour: only a cancellable wait lets the test end within
    /// its time limit.
    @Test(.timeLimit(.minutes(1))) func cancellingDuringTheWaitStopsAtOnce() async throws {
        let namespace = UUID().uuidString
        let client = server.client {
            $0.middlewares = [RetryMiddleware(initialDelay: .seconds(3600), maximumDelay: .seconds(3600))]
        }
        let task = Task { try await client.send(Endpoint<Attempt>.get("/flaky/\(namespace)").query("failures", 5)) }
        // The first attempt has failed: the wait is under way.
        try await waitUntil(
            "the first attempt reached the server", asking: { try await hits("/flaky/\(namespace)") >= 1 })
        task.cancel()
        let result = await task.result
        guard case .failure(ServiceError.cancelled) = result else {
            Issue.record("Expected .cancelled, got \(result)")
            return
        }
    }

    @Test(arguments: [
        // Seconds.
        ("120", 120.0),
        ("0", 0.0),
        // An HTTP date 90 s after `now`.
        ("Sun, 06 Nov 1994 08:51:07 GMT", 90.0),
        // The obsolete RFC 850 form.
        ("Sunday, 06-Nov-94 08:51:07 GMT", 90.0),
        // A date in the past means at once.
        ("Sun, 06 Nov 1994 08:00:00 GMT", 0.0),
    ])
    func retryAfterValues(header: String, seconds: Double) throws {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        let retry = RetryMiddleware(maximumDelay: .seconds(600))
        let delay = try #require(
            retry.retryAfter(TransportResponse(status: 503, headers: ["Retry-After": header]), now: now))
        #expect(abs(Double(delay.components.seconds) - seconds) < 1)
    }

    @Test func malformedRetryAfterFallsBackToBackoff() {
        #expect(
            RetryMiddleware().retryAfter(TransportResponse(status: 503, headers: ["Retry-After": "soon"]), now: Date())
                == nil)
    }

    @Test(arguments: [
        // (retry number, random, expected seconds) with the default 0.5 s, ×2, jitter 0.5.
        (1, 0.0, 0.5), (1, 1.0, 0.25), (2, 0.0, 1.0), (3, 0.0, 2.0), (10, 0.0, 30.0),
    ])
    func backoffGrowsAndIsCapped(retry: Int, random: Double, seconds: Double) {
        let delay = RetryMiddleware().backoff(beforeRetry: retry, random: random)
        #expect(abs(Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18 - seconds) < 0.001)
    }
}

/// Fails with the given errors, then answers "ok".
final class ScriptedFailures: Transport, @unchecked Sendable {
    // @unchecked: `remaining` is only touched under `lock`.
    private let lock = NSLock()
    private var remaining: [URLError]
    init(failures: [URLError]) { remaining = failures }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        if let error = lock.withLock({ remaining.isEmpty ? nil : remaining.removeFirst() }) { throw error }
        return TransportResponse(status: 200, body: Data("ok".utf8))
    }
}
