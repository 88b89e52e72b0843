import Courier
import CourierTesting
import Foundation
import Testing

/// `timeout` bounds each attempt; `totalTimeout` bounds the whole call, retries included.
@Suite struct TimeoutTests {
    /// Answers each attempt after its delay, or fails with `.timedOut` when the request's timeout
    /// comes first, as a transport must; records the timeout each attempt was given.
    final class TimedTransport: Transport, @unchecked Sendable {
        // @unchecked: `timeouts` is touched only under `lock`.
        private let lock = NSLock()
        private var timeouts: [Duration?] = []
        private var starts: [ContinuousClock.Instant] = []
        private let delays: [Duration]
        private let status: Int

        /// - Parameter delays: Each attempt's delay; the last repeats.
        init(delays: [Duration], status: Int = 200) {
            self.delays = delays
            self.status = status
        }

        var attemptTimeouts: [Duration?] { lock.withLock { timeouts } }
        var attemptStarts: [ContinuousClock.Instant] { lock.withLock { starts } }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            let attempt = lock.withLock { () -> Int in
                timeouts.append(request.timeout)
                starts.append(.now)
                return timeouts.count - 1
            }
            let delay = delays[min(attempt, delays.count - 1)]
            if let timeout = request.timeout, timeout < delay {
                try await Task.sleep(for: timeout)
                throw URLError(.timedOut)
            }
            try await Task.sleep(for: delay)
            return TransportResponse(
                status: status, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
        }
    }

    func client(_ transport: any Transport, retry: RetryMiddleware? = nil) -> APIClient {
        APIClient(baseURL: URL(string: "https://api.example")!) {
            $0.transport = transport
            $0.middlewares = retry.map { [$0] } ?? []
        }
    }

    func isTimedOut(_ error: any Error) -> Bool {
        guard case .timedOut = error as? ServiceError else { return false }
        return true
    }

    @Test func eachAttemptGetsItsOwnTimeout() async throws {
        let transport = TimedTransport(delays: [.seconds(5), .milliseconds(10)])
        let sleeper = SleepRecorder()
        let client = client(transport, retry: RetryMiddleware(sleep: sleeper.sleep))
        _ = try await client.send(Endpoint<Data>.get("/search").timeout(.milliseconds(200)))
        // The first attempt timed out; the retry had its own 200 ms, not what was left.
        #expect(transport.attemptTimeouts == [.milliseconds(200), .milliseconds(200)])
        #expect(sleeper.recorded.count == 1)
    }

    @Test func theTotalTimeoutBoundsEveryAttemptAndRetry() async throws {
        let transport = TimedTransport(delays: [.seconds(30)])
        let sleeper = SleepRecorder()
        let client = client(
            transport,
            retry: RetryMiddleware(
                maximumAttempts: 10, initialDelay: .milliseconds(10), multiplier: 1, jitter: 0, sleep: sleeper.sleep))
        let started = ContinuousClock.now
        await #expect {
            try await client.send(Endpoint<Data>.get("/search").timeout(.milliseconds(400)).totalTimeout(.seconds(2)))
        } throws: { isTimedOut($0) }
        // Not over before the 2 s, so the attempts after the first were made. (How long after the
        // 2 s it ends is the machine's: a loaded one runs the test many seconds late. That the
        // 2 s cut the call short shows in the attempts, below, not in a clock.)
        #expect(ContinuousClock.now - started >= .milliseconds(1950))
        // Each attempt had its 400 ms, or only what was left of the call's 2 s, never more; so the
        // attempt during which the 2 s ran out was cut short, and none came after it.
        let deadline = started + .seconds(2)
        let attempts = zip(transport.attemptTimeouts.compactMap { $0 }, transport.attemptStarts)
        for (timeout, start) in attempts {
            #expect(timeout <= .milliseconds(400))
            #expect(start + timeout <= deadline + .milliseconds(50))
        }
    }

    @Test func theTotalTimeoutHoldsEvenOverATransportThatIgnoresTimeouts() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/stuck", with: .delayed(.seconds(30), .json(["late": true])))
        let client = client(transport)
        do {
            _ = try await client.send(Endpoint<Data>.get("/stuck").totalTimeout(.milliseconds(300)))
            Issue.record("The call should have timed out")
        } catch .timedOut(let failure) {
            #expect(failure.code == .timedOut)
            #expect((failure.underlying as NSError).localizedDescription.contains("total timeout"))
        }
        // The stub would have answered (after 30 s) had the call not been cut: it failed instead,
        // whenever a loaded machine let it end.
        #expect(client.inFlightRequests.isEmpty)
    }

    @Test func aRetryWaitThatWouldOutlastTheCallIsNotStarted() async throws {
        let transport = TimedTransport(delays: [.zero], status: 503)
        let sleeper = SleepRecorder()
        // The first wait would be an hour; the call has ten minutes (ample for the first
        // attempt, however loaded the machine).
        let client = client(
            transport,
            retry: RetryMiddleware(
                initialDelay: .seconds(3600), maximumDelay: .seconds(3600), jitter: 0, sleep: sleeper.sleep))
        do {
            _ = try await client.send(Endpoint<Data>.get("/busy").totalTimeout(.seconds(600)))
            Issue.record("The call should have failed with the server's 503")
        } catch .server(let failure) {
            #expect(failure.status == 503)
        }
        #expect(sleeper.recorded.isEmpty)
        #expect(transport.attemptTimeouts.count == 1)
    }

    @Test func theClientDefaultsApplyAndAnEndpointOverridesThem() throws {
        let client = APIClient(baseURL: URL(string: "https://api.example")!) {
            $0.timeout = .seconds(15)
            $0.totalTimeout = .seconds(60)
        }
        #expect(try client.makeRequest(for: Endpoint<Data>.get("/a")).timeout == .seconds(15))
        #expect(try client.makeRequest(for: Endpoint<Data>.get("/a").timeout(.seconds(2))).timeout == .seconds(2))
    }
}
