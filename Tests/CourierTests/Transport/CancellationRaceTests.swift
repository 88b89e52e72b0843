import Courier
import CourierTestSupport
import Foundation
import Testing

/// Cancellations of a shared (coalesced) call that land while the response is arriving: every
/// call must end, with its value or with ``ServiceError/cancelled``, and leave nothing in
/// flight. The same race for a call with its own exchange is a transport conformance case.
@Suite struct CancellationRaceTests {
    let server = TestServer.shared

    @Test(.timeLimit(.minutes(1)))
    func cancellingASharedCallAsTheResponseArrivesNeverHangs() async throws {
        let client = server.client()
        let endpoint = Endpoint<Data>.get("/echo")
        // How long one exchange takes here, so the cancellations can be spread around its end.
        let clock = ContinuousClock()
        var exchange = Duration.milliseconds(5)
        for _ in 0..<3 {
            exchange = min(exchange, try await clock.measure { _ = try await client.send(endpoint) })
        }
        var completed = 0
        var cancelled = 0
        for index in 0..<100 {
            let call = Task { try await client.send(endpoint) }
            try await Task.sleep(for: exchange * (Double(index % 30) / 15))
            call.cancel()
            do {
                _ = try await call.value
                completed += 1
            } catch ServiceError.cancelled {
                cancelled += 1
            }
        }
        #expect(completed + cancelled == 100)
        #expect(client.inFlightRequests.isEmpty)
    }
}
