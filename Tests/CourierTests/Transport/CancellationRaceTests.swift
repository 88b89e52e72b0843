import Courier
import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

/// Cancellations of a shared (coalesced) call that land while the response is arriving: every
/// call must end, with its value or with ``ServiceError/cancelled``, and leave nothing in
/// flight. The same race for a call with its own exchange is a transport conformance case.
@Suite struct CancellationRaceTests {
    let server = TestServer.shared

    @Test(.timeLimit(.minutes(1)))
    func cancellingASharedCallAsTheResponseArrivesNeverHangs() async throws {
        try await TransportConformance.expectCancellationsAsResponsesArriveEnd(
            client: server.client(), endpoint: Endpoint<Data>.get("/echo"))
    }
}
