import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite struct InFlightRequestsTests {
    let server = TestServer.shared

    struct Calls: Decodable, Sendable { var calls: Int }
    struct User: Decodable, Sendable { var name: String }

    func calls(_ namespace: String) async throws -> Int {
        try await server.client().send(Endpoint<Calls>.get("/coalesce/\(namespace)/stats")).calls
    }

    @Test func oneHundredIdenticalGETsReachTheServerOnce() async throws {
        let namespace = UUID().uuidString
        let client = server.client()
        // The server holds its answer until every caller has joined, however slowly a loaded
        // machine starts them.
        let gate = UUID().uuidString
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    try await client.send(Endpoint<User>.get("/coalesce/\(namespace)").query("gate", gate)).name
                }
            }
            try await waitUntil("every caller joined the call") { client.inFlightRequests.first?.waiters == 100 }
            try await server.release(gate)
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(names.count == 100 && Set(names) == ["Ada Lovelace"])
        #expect(try await calls(namespace) == 1)
        #expect(client.inFlightRequests.isEmpty)
    }

    @Test func differentHeadersOrAnOptOutAreNotCoalesced() async throws {
        let namespace = UUID().uuidString
        let client = server.client()
        async let a = client.send(Endpoint<User>.get("/coalesce/\(namespace)").header("X-User", "1"))
        async let b = client.send(Endpoint<User>.get("/coalesce/\(namespace)").header("X-User", "2"))
        async let c = client.send(
            Endpoint<User>.get("/coalesce/\(namespace)").header("X-User", "1").option(.notCoalesced))
        _ = try await (a, b, c)
        #expect(try await calls(namespace) == 3)
    }

    @Test func aCancelledCallerDoesNotCancelTheOthers() async throws {
        let namespace = UUID().uuidString
        let client = server.client()
        // The server holds the shared call's answer until released: the cancelled caller returns
        // while it is held, and the other gets the answer once it is released.
        let gate = UUID().uuidString
        let endpoint = Endpoint<User>.get("/coalesce/\(namespace)").query("gate", gate)
        let first = Task { try await client.send(endpoint) }
        let second = Task { try await client.send(endpoint) }
        try await waitUntil("both callers share the call") { client.inFlightRequests.first?.waiters == 2 }
        // Sharing starts before the request reaches the server, which a loaded machine can delay.
        try await waitUntil("the server holds the answer", asking: { try await server.isHolding(gate) })
        first.cancel()
        let firstResult = await first.result
        #expect(try await server.isHolding(gate))
        try await server.release(gate)
        guard case .failure(ServiceError.cancelled) = firstResult else {
            Issue.record("The cancelled caller must get .cancelled, got \(firstResult)")
            return
        }
        #expect(try await second.value.name == "Ada Lovelace")
        #expect(try await calls(namespace) == 1)
    }

    @Test func theNetworkCallIsCancelledWhenEveryCallerHasCancelled() async throws {
        let namespace = UUID().uuidString
        let client = server.client()
        let gate = UUID().uuidString
        let endpoint = Endpoint<User>.get("/coalesce/\(namespace)").query("gate", gate)
        let tasks = (0..<3).map { _ in Task { try await client.send(endpoint) } }
        try await waitUntil("three callers share one call") { client.inFlightRequests.first?.waiters == 3 }
        try await waitUntil("the server holds the answer", asking: { try await server.isHolding(gate) })
        #expect(client.inFlightRequests.count == 1)
        for task in tasks { task.cancel() }
        for task in tasks {
            guard case .failure(ServiceError.cancelled) = await task.result else {
                Issue.record("Expected .cancelled")
                return
            }
        }
        // The request itself was cancelled: the server saw its connection close.
        #expect(try await server.connectionClosedWhileHeld(gate))
        #expect(client.inFlightRequests.isEmpty)
    }

    @Test func inFlightRequestsAreListedAndCancellableByID() async throws {
        let client = server.client()
        // The server holds both answers (at most 30 s): they are cancelled while it does.
        let gate = UUID().uuidString
        var endpoint = Endpoint<User>.get("/slow").query("gate", gate)
        endpoint.operationID = "slowUser"
        let beforeTheCall = Date()
        let slow = Task { try await client.send(endpoint) }
        let other = Task {
            try await client.send(Endpoint<User>.get("/slow").query("gate", gate).option(.notCoalesced))
        }
        try await waitUntil("both calls are listed") { client.inFlightRequests.count == 2 }
        let listed = client.inFlightRequests
        #expect(listed.count == 2)
        let entry = try #require(listed.first { $0.operationID == "slowUser" })
        #expect(entry.method == .get && entry.url.path == "/slow" && entry.waiters == 1)
        // Between the call and now, whatever the machine's load: no clock limit.
        #expect(entry.startedAt >= beforeTheCall && entry.startedAt <= Date())

        #expect(client.cancelRequest(id: entry.id))
        guard case .failure(ServiceError.cancelled) = await slow.result else {
            Issue.record("Expected .cancelled")
            return
        }
        #expect(client.inFlightRequests.count == 1)
        #expect(!client.cancelRequest(id: entry.id))
        client.cancelAllRequests()
        guard case .failure(ServiceError.cancelled) = await other.result else {
            Issue.record("Expected .cancelled")
            return
        }
        #expect(client.inFlightRequests.isEmpty)
    }

    @Test func bodiesAndOtherMethodsAreNeverCoalesced() async throws {
        let namespace = UUID().uuidString
        let client = server.client()
        async let a = client.send(Endpoint<User>.post("/coalesce/\(namespace)"))
        async let b = client.send(Endpoint<User>.post("/coalesce/\(namespace)"))
        _ = try await (a, b)
        #expect(try await calls(namespace) == 2)
    }

    /// Cancelling by id cancels the exchange only, never the task that made the call, whether
    /// the exchange is the call's own or shared.
    @Test(arguments: [false, true])
    func cancellingByIDAndTheCallingTask(shared: Bool) async throws {
        let client = server.client()
        let gate = UUID().uuidString
        var endpoint = Endpoint<User>.get("/slow").query("gate", gate)
        if !shared { endpoint = endpoint.option(.notCoalesced) }
        let call = Task { () -> (Bool, Bool) in
            let cancelledError: Bool
            do throws(ServiceError) {
                _ = try await client.send(endpoint)
                cancelledError = false
            } catch .cancelled {
                cancelledError = true
            } catch {
                cancelledError = false
            }
            return (cancelledError, Task.isCancelled)
        }
        try await waitUntil("the server holds the answer", asking: { try await server.isHolding(gate) })
        let id = try #require(client.inFlightRequests.first?.id)
        #expect(client.cancelRequest(id: id))
        let (threwCancelled, taskCancelled) = await call.value
        // The request itself was cancelled: the server saw its connection close.
        #expect(try await server.connectionClosedWhileHeld(gate))
        #expect(threwCancelled)
        #expect(!taskCancelled)
        #expect(client.inFlightRequests.isEmpty)
    }

    /// A client that does not list its calls runs each exchange in the calling task: nothing is
    /// listed, and cancelling the task still cancels the request, shared or not.
    @Test(arguments: [false, true])
    func unlistedCallsAreCancelledWithTheirTask(shared: Bool) async throws {
        let namespace = UUID().uuidString
        let client = server.client { $0.listsInFlightRequests = false }
        let gate = UUID().uuidString
        var endpoint = Endpoint<User>.get("/coalesce/\(namespace)").query("gate", gate)
        if !shared { endpoint = endpoint.option(.notCoalesced) }
        let call = Task { try await client.send(endpoint) }
        try await waitUntil("the server holds the answer", asking: { try await server.isHolding(gate) })
        #expect(client.inFlightRequests.isEmpty)
        call.cancel()
        let result = await call.result
        #expect(try await server.connectionClosedWhileHeld(gate))
        guard case .failure(ServiceError.cancelled) = result else {
            Issue.record("Expected .cancelled, got \(result)")
            return
        }
        let after = Endpoint<User>.get("/coalesce/\(namespace)-after").query("delay", 0)
        #expect(try await client.send(after).name == "Ada Lovelace")
    }
}
