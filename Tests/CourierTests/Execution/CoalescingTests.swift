import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// Only calls that are the same call in every respect share one exchange: a caller that joins
/// another's exchange must not get its timeout, cache policy, options or operation ID.
@Suite struct CoalescingTests {
    /// A change to the second of two concurrent GETs, and whether they may still share.
    struct Row: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var shares: Bool
        var change: @Sendable (inout Endpoint<Data>) -> Void
    }

    static let rows: [Row] = [
        Row(testDescription: "identical", shares: true) { _ in },
        Row(testDescription: "another query", shares: false) { $0 = $0.query("page", 2) },
        Row(testDescription: "another header", shares: false) { $0 = $0.header("X-Trace", "b") },
        Row(testDescription: "another timeout", shares: false) { $0 = $0.timeout(.seconds(9)) },
        Row(testDescription: "a total timeout", shares: false) { $0 = $0.totalTimeout(.seconds(30)) },
        Row(testDescription: "another cache policy", shares: false) { $0.cachePolicy = .reloadIgnoringLocalCacheData },
        Row(testDescription: "another operation ID", shares: false) { $0.operationID = "refreshFeed" },
        Row(testDescription: "the retryable option", shares: false) { $0 = $0.option(.retryable) },
        Row(testDescription: "the skipsAuthentication option", shares: false) {
            $0 = $0.option(.skipsAuthentication)
        },
        Row(testDescription: "a custom option", shares: false) { $0 = $0.option(RequestOption(rawValue: "app.audit")) },
        Row(testDescription: "opted out of coalescing", shares: false) { $0 = $0.option(.notCoalesced) },
    ]

    @Test(arguments: rows)
    func concurrentCallsShareOnlyWhenEqual(_ row: Row) async throws {
        let transport = StubTransport()
        // Every exchange waits until the test has seen both calls listed, however slow the machine.
        let gate = Gate()
        transport.stub(
            .get, "/feed",
            with: .handler { _ in
                try await gate.wait()
                return TransportResponse(
                    status: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
            })
        let client = APIClient(configuration: .init(baseURL: URL(string: "https://api.example")!, transport: transport))
        var original = Endpoint<Data>.get("/feed")
        original.operationID = "loadFeed"
        var changed = original
        row.change(&changed)
        let (first, second) = (original, changed)

        let firstCall = Task { try await client.response(for: first) }
        try await waitUntil("the first call is listed") { !client.inFlightRequests.isEmpty }
        let secondCall = Task { try await client.response(for: second) }
        let listed = try await waitForListing(client, calls: 2, shared: row.shares)
        gate.open()
        _ = (try await firstCall.value, try await secondCall.value)

        #expect(transport.requests.count == (row.shares ? 1 : 2))
        if row.shares {
            #expect(listed.map(\.waiters) == [2])
        } else {
            // Each exchange is listed with its own caller's operation ID.
            #expect(listed.map(\.operationID) == [first.operationID, second.operationID])
        }
    }

    /// Holds exchanges until opened.
    final class Gate: @unchecked Sendable {
        // @unchecked: `isOpen` is touched only under `lock`.
        private let lock = NSLock()
        private var isOpen = false
        func open() { lock.withLock { isOpen = true } }
        func wait() async throws {
            try await waitUntil("the gate opens") { self.lock.withLock { self.isOpen } }
        }
    }

    /// The exchanges under way once both calls are: one with two waiters, or two.
    private func waitForListing(_ client: APIClient, calls: Int, shared: Bool) async throws -> [InFlightRequest] {
        try await waitUntil("both calls are listed") {
            let listed = client.inFlightRequests
            return listed.map(\.waiters).reduce(0, +) == calls && listed.count == (shared ? 1 : calls)
        }
        return client.inFlightRequests
    }
}
