import Courier
import CourierTesting
import Foundation
import Testing

/// What `RetryMiddleware` retries with the default policy (3 attempts), on a stub transport.
@Suite struct RetryDecisionTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var method: RequestMethod
        var options: Set<RequestOption> = []
        var reply: StubTransport.Reply
        var attempts: Int
    }

    static let rows: [Row] = [
        // Idempotent methods are retried after a retryable status…
        Row(testDescription: "GET 503", method: .get, reply: .status(503), attempts: 3),
        Row(testDescription: "GET 429", method: .get, reply: .status(429), attempts: 3),
        Row(testDescription: "PUT 502", method: .put, reply: .status(502), attempts: 3),
        Row(testDescription: "DELETE 504", method: .delete, reply: .status(504), attempts: 3),
        // …but not after a status that will not change.
        Row(testDescription: "GET 404", method: .get, reply: .status(404), attempts: 1),
        Row(testDescription: "GET 500", method: .get, reply: .status(500), attempts: 1),
        Row(testDescription: "GET 200", method: .get, reply: .status(200), attempts: 1),
        // POST and PATCH only when the endpoint opts in.
        Row(testDescription: "POST 503", method: .post, reply: .status(503), attempts: 1),
        Row(testDescription: "PATCH 503", method: .patch, reply: .status(503), attempts: 1),
        Row(
            testDescription: "POST 503, retryable", method: .post, options: [.retryable], reply: .status(503),
            attempts: 3),
        Row(
            testDescription: "GET 503, notRetryable", method: .get, options: [.notRetryable], reply: .status(503),
            attempts: 1),
        // Transport failures: timeouts and lost connections are retried; being offline is not.
        Row(testDescription: "GET timed out", method: .get, reply: .failure(URLError(.timedOut)), attempts: 3),
        Row(
            testDescription: "GET connection lost", method: .get, reply: .failure(URLError(.networkConnectionLost)),
            attempts: 3),
        Row(
            testDescription: "GET offline", method: .get, reply: .failure(URLError(.notConnectedToInternet)),
            attempts: 1),
        Row(
            testDescription: "GET TLS failure", method: .get, reply: .failure(URLError(.secureConnectionFailed)),
            attempts: 1),
        Row(
            testDescription: "POST timed out", method: .post, reply: .failure(URLError(.timedOut)), attempts: 1),
    ]

    @Test(arguments: rows)
    func attempts(_ row: Row) async throws {
        let transport = StubTransport()
        transport.stub(row.method, "/resource", with: row.reply)
        let sleeper = SleepRecorder()
        let client = APIClient(baseURL: URL(string: "https://api.example")!) {
            $0.transport = transport
            $0.middlewares = [RetryMiddleware(sleep: sleeper.sleep, random: { 0 })]
        }
        var endpoint = Endpoint<Data>(method: row.method, path: "/resource")
        endpoint.options = row.options
        _ = try? await client.send(endpoint)
        #expect(transport.requests.count == row.attempts)
        // 500 ms, then 1 s: exponential backoff (no jitter with random = 0).
        #expect(sleeper.recorded == Array([.milliseconds(500), .seconds(1)].prefix(row.attempts - 1)))
    }
}
