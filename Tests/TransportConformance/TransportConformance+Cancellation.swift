public import Courier
import CourierTestSupport
public import Foundation
import Testing

extension TransportConformance {
    /// Cancelling the Swift task cancels the HTTP request, at every stage.
    static let cancellationCases: [TransportConformance] = [
        TransportConformance("cancelling while waiting for the head ends the call promptly") { environment in
            try await expectPromptCancellation(environment, path: "/slow")
        },
        TransportConformance("cancelling while the body stalls ends the call promptly") { environment in
            try await expectPromptCancellation(environment, path: "/stall")
        },
        TransportConformance("cancelling a call by id while waiting for the head ends its request alone") {
            environment in
            try await expectCancellationByID(environment, path: "/slow", middlewares: [])
        },
        TransportConformance("cancelling a call by id while the body stalls ends its request alone") { environment in
            try await expectCancellationByID(environment, path: "/stall", middlewares: [])
        },
        TransportConformance("cancelling a call by id through logging and shared parameters ends its request alone") {
            environment in
            let middlewares: [any Middleware] = [
                LoggingMiddleware(level: .summary, sink: { _, _ in }),
                RequestParametersMiddleware { $0.headers["X-Shared"] = "1" },
            ]
            try await expectCancellationByID(environment, path: "/slow", middlewares: middlewares)
        },
        TransportConformance("cancelling a call by id while retries are possible ends its request alone") {
            environment in
            try await expectCancellationByID(environment, path: "/slow", middlewares: [RetryMiddleware()])
        },
        TransportConformance("a task cancelled before the call sends nothing") { environment in
            let transport = environment.makeTransport()
            let path = "/echo/never-\(UUID().uuidString)"
            let request = environment.request(path)
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await transport.send(request)
            }
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
            // A request sent after it, through the same transport, has reached the server: had
            // the cancelled one been sent, it would have been sent first.
            let after = "/echo/after-\(UUID().uuidString)"
            _ = try await transport.send(environment.request(after))
            #expect(try await environment.server.hits(after) == 1)
            #expect(try await environment.server.hits(path) == 0)
        },
        TransportConformance("cancelling as the response arrives never hangs") { environment in
            // Foundation's `data(for:)` on Linux deadlocks in this race.
            try await expectCancellationsAsResponsesArriveEnd(
                client: environment.client(), endpoint: Endpoint<Data>.get("/echo").option(.notCoalesced))
        },
        TransportConformance("six thousand concurrent cancellations as calls start and end never stop the process") {
            environment in
            // Foundation on Linux stops the process in this race when its session has a URL cache.
            try await expectCancellationsAsResponsesArriveEnd(
                client: environment.client(), endpoint: Endpoint<Data>.get("/echo").option(.notCoalesced),
                callers: 6, rounds: 1000)
        },
    ]

    /// Cancels calls at moments spread from their start to past the end of their exchange, where
    /// the cancellation meets the arriving response: every call must end, with its value or with
    /// ``ServiceError/cancelled``, and leave nothing in flight.
    /// - Parameters:
    ///   - client: The client to call.
    ///   - endpoint: A quick endpoint of the loopback server, such as `/echo`.
    ///   - callers: How many tasks make and cancel calls at the same time.
    ///   - rounds: How many calls each of them makes and cancels, one after another.
    /// - Throws: What a call throws other than ``ServiceError/cancelled``.
    public static func expectCancellationsAsResponsesArriveEnd(
        client: APIClient, endpoint: Endpoint<Data>, callers: Int = 1, rounds: Int = 100
    ) async throws {
        // How long one exchange takes here, so the cancellations can be spread around its end.
        let clock = ContinuousClock()
        var exchange = Duration.milliseconds(5)
        for _ in 0..<3 {
            exchange = min(exchange, try await clock.measure { _ = try await client.send(endpoint) })
        }
        let ended = try await withThrowingTaskGroup(of: Int.self) { group in
            for caller in 0..<callers {
                group.addTask { [exchange] in
                    var ended = 0
                    for index in 0..<rounds {
                        let call = Task { try await client.send(endpoint) }
                        try await Task.sleep(for: exchange * (Double((index + caller * 7) % 30) / 15))
                        call.cancel()
                        do {
                            _ = try await call.value
                            ended += 1
                        } catch ServiceError.cancelled {
                            ended += 1
                        }
                    }
                    return ended
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(ended == callers * rounds)
        #expect(client.inFlightRequests.isEmpty)
    }

    /// Cancels a call by id once the server holds its answer (until released), and expects
    /// `cancelled` in the calling task, which is not cancelled, with the server seeing the
    /// connection close while it still held the answer, and the call off the list. The call is
    /// not coalesced: its exchange is its own (in the calling task where the transport can
    /// cancel one request by itself and the middleware hands on promptly).
    private static func expectCancellationByID(
        _ environment: Environment, path: EndpointPath, middlewares: [any Middleware]
    ) async throws {
        let client = environment.client { $0.middlewares = middlewares }
        let gate = UUID().uuidString
        let caller = Task { () -> (Result<Data, ServiceError>, callerCancelled: Bool) in
            do throws(ServiceError) {
                let endpoint = Endpoint<Data>.get(path).query("gate", gate).option(.notCoalesced)
                return (.success(try await client.send(endpoint)), Task.isCancelled)
            } catch {
                return (.failure(error), Task.isCancelled)
            }
        }
        try await waitUntil("the server holds the answer", asking: { try await environment.server.isHolding(gate) })
        let id = try #require(client.inFlightRequests.first?.id)
        #expect(client.cancelRequest(id: id))
        let (result, callerCancelled) = await caller.value
        #expect(try await environment.server.connectionClosedWhileHeld(gate))
        try await environment.server.release(gate)
        #expect(!callerCancelled)
        if case .failure(.cancelled) = result {
        } else {
            Issue.record("Expected .cancelled, got \(result)")
        }
        #expect(client.inFlightRequests.isEmpty)
        // The client goes on: the next call is answered.
        #expect(try await client.send(Endpoint<Data>.get("/echo").option(.notCoalesced)).isEmpty == false)
    }

    /// Cancels a call once the server holds its answer (until released), and expects
    /// `cancelled`, with the server seeing the connection close while it still held the answer:
    /// the request itself was cancelled, not only its caller. No clock is read: a loaded machine
    /// only makes it slower.
    private static func expectPromptCancellation(_ environment: Environment, path: EndpointPath) async throws {
        let client = environment.client()
        let gate = UUID().uuidString
        let task = Task { try await client.send(Endpoint<Data>.get(path).query("gate", gate)) }
        try await waitUntil("the server holds the answer", asking: { try await environment.server.isHolding(gate) })
        task.cancel()
        let result = await task.result
        #expect(try await environment.server.connectionClosedWhileHeld(gate))
        try await environment.server.release(gate)
        #expect(throws: ServiceError.self) { try result.get() }
        if case .failure(let error as ServiceError) = result, case .cancelled = error {
        } else {
            Issue.record("Expected .cancelled, got \(result)")
        }
    }
}
