import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@Suite struct StubTransportTests {
    let transport = StubTransport()
    var client: APIClient {
        APIClient(configuration: .init(baseURL: URL(string: "https://h.example/v1")!, transport: transport))
    }

    @Test func answersByMethodAndPathAndRecordsRequests() async throws {
        transport.stub(.get, "/v1/users/1", with: .json(["name": "Ada"]))
        transport.stub(.delete, "/v1/users/1", with: .status(204))
        #expect(try await client.send(Endpoint<[String: String]>.get("/users/1")) == ["name": "Ada"])
        #expect(try await client.response(for: Endpoint<EmptyResponse>.delete("/users/1")).status == 204)
        #expect(transport.requests.map { "\($0.method) \($0.url.path)" } == ["GET /v1/users/1", "DELETE /v1/users/1"])
    }

    @Test func repliesComeInOrderAndTheLastRepeats() async throws {
        transport.stub(nil, "/v1/n", with: .json([1]), .json([2]))
        var seen: [[Int]] = []
        for _ in 0..<3 { seen.append(try await client.send(Endpoint<[Int]>.get("/n"))) }
        #expect(seen == [[1], [2], [2]])
    }

    @Test func theNewestMatchingStubWinsAndPrefixesMatch() async throws {
        transport.stub(nil, "/v1/*", with: .json(["any"]))
        #expect(try await client.send(Endpoint<[String]>.get("/a/b")) == ["any"])
        transport.stub(.get, "/v1/a/b", with: .json(["exact"]))
        #expect(try await client.send(Endpoint<[String]>.get("/a/b")) == ["exact"])
    }

    @Test func simulatedTransportErrorsAreClassified() async {
        transport.stub(nil, "/v1/offline", with: .failure(URLError(.notConnectedToInternet)))
        transport.stub(nil, "/v1/slow", with: .failure(URLError(.timedOut)))
        await #expect {
            try await client.send(Endpoint<EmptyResponse>.get("/offline"))
        } throws: { error in
            guard case .notConnected = error as? ServiceError else { return false }
            return true
        }
        await #expect {
            try await client.send(Endpoint<EmptyResponse>.get("/slow"))
        } throws: { error in
            guard case .timedOut = error as? ServiceError else { return false }
            return true
        }
    }

    @Test func unmatchedRequestsFailLoudly() async {
        await #expect {
            try await client.send(Endpoint<EmptyResponse>.get("/missing"))
        } throws: { error in
            guard case .transport(let failure) = error as? ServiceError else { return false }
            return "\(failure.underlying)".contains("no stub for GET /v1/missing")
        }
    }

    /// The slow stub answers after an hour: only a cancellable delay lets the test end within
    /// its time limit.
    @Test(.timeLimit(.minutes(1))) func handlersSeeTheRequestAndDelaysAreCancellable() async throws {
        transport.stub(
            .post, "/v1/echo",
            with: .handler { request in TransportResponse(status: 200, body: request.body?.bufferedData ?? Data()) })
        #expect(try await client.send(Endpoint<[String: Int]>.post("/echo", body: .json(["n": 1]))) == ["n": 1])

        transport.stub(.get, "/v1/slow", with: .delayed(.seconds(3600), .json([1])))
        let client = client
        let task = Task { try await client.send(Endpoint<[Int]>.get("/slow")) }
        try await waitUntil("the stub has the request") { transport.requests.last?.url.path == "/v1/slow" }
        task.cancel()
        let result = await task.result
        guard case .failure(ServiceError.cancelled) = result else {
            Issue.record("Expected .cancelled, got \(result)")
            return
        }
    }

    @Test func resetForgetsStubsAndRequests() async {
        transport.stub(nil, "/v1/x", with: .status(200))
        _ = try? await client.send(Endpoint<EmptyResponse>.get("/x"))
        transport.reset()
        #expect(transport.requests.isEmpty)
        await #expect(throws: ServiceError.self) { try await client.send(Endpoint<EmptyResponse>.get("/x")) }
    }
}
