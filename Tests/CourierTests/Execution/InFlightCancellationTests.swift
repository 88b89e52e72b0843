import CourierTesting
import Foundation
import Testing

@testable import Courier

/// Cancelling exchanges by id: no lock is held while a task is cancelled, so cancellation
/// handlers may call back into the client, and a call that ends while it is being cancelled is
/// never touched after it ended.
@Suite struct InFlightCancellationTests {
    /// Lets a transport's cancellation handler reach the client it belongs to.
    final class ClientReference: @unchecked Sendable {
        // @unchecked: set once before any call, then only read.
        var client: APIClient?
    }

    /// A client whose transport waits until cancelled, and then calls back into the client.
    func clientCallingBackOnCancel() -> APIClient {
        let reference = ClientReference()
        let transport = StubTransport()
        transport.stub(
            .get, "/*",
            with: .handler { _ in
                try await withTaskCancellationHandler {
                    try await Task.sleep(for: .seconds(30))
                    return HTTPResponse(status: 200)
                } onCancel: {
                    // Runs inside the cancellation: reads and cancels through the client.
                    _ = reference.client?.inFlightRequests
                    reference.client?.cancelAllRequests()
                }
            })
        let client = APIClient(configuration: .init(baseURL: URL(string: "https://api.example")!, transport: transport))
        reference.client = client
        return client
    }

    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func aCancellationHandlerMayCallBackIntoTheClient(shared: Bool) async throws {
        let client = clientCallingBackOnCancel()
        let endpoint = shared ? Endpoint<Data>.get("/slow") : Endpoint<Data>.get("/slow").option(.notCoalesced)
        let call = Task { try await client.send(endpoint) }
        while client.inFlightRequests.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        let id = try #require(client.inFlightRequests.first?.id)
        let started = ContinuousClock.now
        #expect(client.cancelRequest(id: id))
        await #expect {
            try await call.value
        } throws: { error in
            guard case .cancelled = error as? ServiceError else { return false }
            return true
        }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(client.inFlightRequests.isEmpty)
        #expect(!client.cancelRequest(id: id))
    }

    @Test(.timeLimit(.minutes(1)))
    func callsThatEndWhileBeingCancelledAreLeftAlone() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/*", with: .json(["ok": true]))
        let client = APIClient(configuration: .init(baseURL: URL(string: "https://api.example")!, transport: transport))
        // Calls that end at once, cancelled by id from another task as they end.
        let canceller = Task {
            while !Task.isCancelled {
                for request in client.inFlightRequests { client.cancelRequest(id: request.id) }
                await Task.yield()
            }
        }
        var outcomes = (completed: 0, cancelled: 0)
        for index in 0..<300 {
            // Each call in a task of its own: cancelling a call by id cancels its calling task.
            let call = Task { try await client.send(Endpoint<Data>.get("/ping/\(index)")) }
            switch await call.result {
            case .success: outcomes.completed += 1
            case .failure(ServiceError.cancelled): outcomes.cancelled += 1
            case .failure(let error): Issue.record("Unexpected \(error)")
            }
        }
        canceller.cancel()
        #expect(outcomes.completed + outcomes.cancelled == 300)
        #expect(client.inFlightRequests.isEmpty)
    }

    @Test func cancellingAllLeavesLaterCallsAlone() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/*", with: .json(["ok": true]))
        let client = APIClient(configuration: .init(baseURL: URL(string: "https://api.example")!, transport: transport))
        client.cancelAllRequests()
        #expect(try await client.send(Endpoint<[String: Bool]>.get("/after")) == ["ok": true])
    }
}

/// The child-task way of running a call's exchange, which older Apple systems use (there is no
/// asynchronous `withUnsafeCurrentTask` before macOS 15 and iOS 18), exercised here directly.
@Suite struct ChildTaskExchangeTests {
    func client(_ reply: StubTransport.Reply) -> APIClient {
        let transport = StubTransport()
        transport.stub(.get, "/*", with: reply)
        return APIClient(configuration: .init(baseURL: URL(string: "https://api.example")!, transport: transport))
    }

    func request() -> HTTPRequest { HTTPRequest(method: .get, url: URL(string: "https://api.example/slow")!) }

    @Test func theResponseComesBackAndTheExchangeIsListedMeanwhile() async throws {
        let client = client(.delayed(.milliseconds(100), .json(["ok": true])))
        let call = Task { try await client.exchangeInChildTask(request(), context: RequestContext()) }
        while client.inFlightRequests.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        #expect(client.inFlightRequests.map(\.url.path) == ["/slow"])
        #expect(try await call.value.status == 200)
        #expect(client.inFlightRequests.isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingByIDCancelsTheChild() async throws {
        let client = client(.delayed(.seconds(30), .json(["ok": true])))
        let call = Task { try await client.exchangeInChildTask(request(), context: RequestContext()) }
        while client.inFlightRequests.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        #expect(client.cancelRequest(id: try #require(client.inFlightRequests.first?.id)))
        await #expect(throws: ServiceError.self) { try await call.value }
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheCallerCancelsTheChild() async throws {
        let client = client(.delayed(.seconds(30), .json(["ok": true])))
        let call = Task { try await client.exchangeInChildTask(request(), context: RequestContext()) }
        while client.inFlightRequests.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        call.cancel()
        await #expect(throws: ServiceError.self) { try await call.value }
        #expect(client.inFlightRequests.isEmpty)
    }
}
