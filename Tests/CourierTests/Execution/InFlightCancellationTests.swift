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

    /// A client whose transport says it has started, waits until cancelled, and then calls
    /// back into the client.
    func clientCallingBackOnCancel() -> (APIClient, started: AsyncStream<Void>) {
        let reference = ClientReference()
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let transport = StubTransport()
        transport.stub(
            .get, "/*",
            with: .handler { _ in
                startedContinuation.yield()
                return try await withTaskCancellationHandler {
                    try await Task.sleep(for: .seconds(30))
                    return TransportResponse(status: 200)
                } onCancel: {
                    // Runs inside the cancellation: reads and cancels through the client.
                    _ = reference.client?.inFlightRequests
                    reference.client?.cancelAllRequests()
                }
            })
        let client = APIClient(configuration: .init(baseURL: URL(string: "https://api.example")!, transport: transport))
        reference.client = client
        return (client, started)
    }

    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func aCancellationHandlerMayCallBackIntoTheClient(shared: Bool) async throws {
        let (client, started) = clientCallingBackOnCancel()
        let endpoint = shared ? Endpoint<Data>.get("/slow") : Endpoint<Data>.get("/slow").option(.notCoalesced)
        let call = Task { try await client.send(endpoint) }
        for await _ in started { break }
        let id = try #require(client.inFlightRequests.first?.id)
        #expect(client.cancelRequest(id: id))
        await #expect {
            try await call.value
        } throws: { error in
            guard case .cancelled = error as? ServiceError else { return false }
            return true
        }
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

/// Cancelling one call by id cancels that call's exchange only: the task that made the call
/// goes on, and so does other work in it. Every wait here is on an event, not on a clock.
@Suite(.timeLimit(.minutes(1))) struct ScopedCancellationTests {
    /// A client whose transport, for each request, says it has started and then waits until
    /// its task is cancelled (or `release` is resumed).
    struct Parked {
        let client: APIClient
        let started: AsyncStream<TransportRequest>
    }

    func parkedClient() -> Parked {
        let (started, startedContinuation) = AsyncStream.makeStream(of: TransportRequest.self)
        let transport = StubTransport()
        transport.stub(
            .get, "/*",
            with: .handler { request in
                startedContinuation.yield(request)
                // Waits for cancellation only: never a timer.
                let (never, keep) = AsyncStream.makeStream(of: Void.self)
                for await _ in never {}
                _ = keep
                throw CancellationError()
            })
        transport.stub(.get, "/quick", with: .json(["ok": true]))
        let client = APIClient(configuration: .init(baseURL: URL(string: "https://api.example")!, transport: transport))
        return Parked(client: client, started: started)
    }

    @Test func cancellingOneCallByIDLeavesItsCallerRunning() async throws {
        let parked = parkedClient()
        let client = parked.client
        var started = parked.started.makeAsyncIterator()
        let outcome = Task {
            // Two calls from the same task: cancelling the first by id must not touch the task.
            async let first: Result<Data, ServiceError> = {
                do throws(ServiceError) {
                    return .success(try await client.send(Endpoint<Data>.get("/slow").option(.notCoalesced)))
                } catch {
                    return .failure(error)
                }
            }()
            let firstResult = await first
            let callerCancelled = Task.isCancelled
            let second = try await client.send(Endpoint<[String: Bool]>.get("/quick"))
            return (firstResult, callerCancelled, second)
        }
        _ = await started.next()
        let id = try #require(client.inFlightRequests.first?.id)
        #expect(client.cancelRequest(id: id))
        let (first, callerCancelled, second) = try await outcome.value
        guard case .failure(.cancelled) = first else {
            Issue.record("Expected the first call to be cancelled, got \(first)")
            return
        }
        #expect(!callerCancelled)
        #expect(second == ["ok": true])
        #expect(client.inFlightRequests.isEmpty)
    }

    @Test func cancellingTheCallerCancelsItsExchange() async throws {
        let parked = parkedClient()
        let client = parked.client
        var started = parked.started.makeAsyncIterator()
        let call = Task { try await client.send(Endpoint<Data>.get("/slow").option(.notCoalesced)) }
        _ = await started.next()
        #expect(client.inFlightRequests.map(\.url.path) == ["/slow"])
        call.cancel()
        await #expect {
            try await call.value
        } throws: { error in
            guard case .cancelled = error as? ServiceError else { return false }
            return true
        }
        #expect(client.inFlightRequests.isEmpty)
    }

    @Test func cancellingAllLeavesTheCallersRunning() async throws {
        let parked = parkedClient()
        let client = parked.client
        var started = parked.started.makeAsyncIterator()
        let callers = (0..<3).map { index in
            Task { () -> Bool in
                _ = try? await client.send(Endpoint<Data>.get("/slow/\(index)").option(.notCoalesced))
                return Task.isCancelled
            }
        }
        for _ in callers { _ = await started.next() }
        client.cancelAllRequests()
        for caller in callers { #expect(await caller.value == false) }
        #expect(client.inFlightRequests.isEmpty)
    }
}
