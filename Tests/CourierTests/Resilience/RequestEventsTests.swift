import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// Collects events for assertions.
actor EventLog {
    var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}

@Suite struct RequestEventsTests {
    struct Session: Codable, Sendable { var token: String }

    func client(_ transport: StubTransport) -> APIClient {
        APIClient(configuration: .init(baseURL: URL(string: "https://auth.example")!, transport: transport))
    }

    func login() -> Endpoint<Session> {
        var endpoint = Endpoint<Session>.post("/login", body: .json(["email": "a@b.c"]))
        endpoint.operationID = "login"
        return endpoint
    }

    /// Waits until the log has `count` entries; the bound only stops a test that would hang
    /// (a loaded run of the suite has held every test up for 20 s).
    func waitFor(
        _ log: EventLog, count: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        do {
            try await waitUntil("\(count) events", asking: { await log.entries.count >= count })
        } catch {
            let received = await log.entries.count
            try #require(
                received >= count, "Waited for \(count) events, got \(received)", sourceLocation: sourceLocation)
        }
    }

    @Test func severalListenersAreEachNotifiedOnce() async throws {
        let transport = StubTransport()
        transport.stub(.post, "/login", with: .json(Session(token: "t1")))
        transport.stub(.get, "/other", with: .json(Session(token: "x")))
        let client = client(transport)
        let log = EventLog()
        // Three independent listeners of the login operation, as after a login in an app.
        let push = client.requestEvents.subscribe(operationID: "login") { event in
            if let session = event.value(as: Session.self) { await log.append("push registered for \(session.token)") }
        }
        let analytics = client.requestEvents.subscribe(operationID: "login") { event in
            if case .succeeded = event { await log.append("analytics: login") }
        }
        let profile = client.requestEvents.subscribe(operationID: "login") { event in
            if case .succeeded = event { await log.append("profile fetched") }
        }
        defer { [push, analytics, profile].forEach { $0.cancel() } }
        _ = try await client.send(login())
        _ = try await client.send(Endpoint<Session>.get("/other"))
        transport.stub(.post, "/login", with: .json(Session(token: "t2")))
        _ = try await client.send(login())
        // Each listener hears its events in order: once every listener has heard the second
        // login, anything it made of the other call (which it must not hear) is logged too.
        try await waitUntil(
            "every listener heard the second login",
            asking: {
                let entries = await log.entries
                return entries.contains("push registered for t2")
                    && entries.filter { $0 == "analytics: login" }.count >= 2
                    && entries.filter { $0 == "profile fetched" }.count >= 2
            })
        #expect(
            await log.entries.sorted() == [
                "analytics: login", "analytics: login", "profile fetched", "profile fetched",
                "push registered for t1", "push registered for t2",
            ])
    }

    @Test func aFailedCallNotifiesListenersOfTheError() async throws {
        let transport = StubTransport()
        transport.stub(.post, "/login", with: .status(401, json: ["message": "Wrong password"]))
        let client = client(transport)
        let log = EventLog()
        let subscription = client.requestEvents.subscribe { event in
            switch event {
            case .started(let info): await log.append("started \(info.method) \(info.url.path)")
            case .succeeded: await log.append("succeeded")
            case .failed(_, let error): await log.append("failed: \(error.serverMessage ?? "")")
            }
        }
        defer { subscription.cancel() }
        await #expect(throws: ServiceError.self) { try await client.send(login()) }
        try await waitFor(log, count: 2)
        #expect(await log.entries == ["started POST /login", "failed: Wrong password"])
    }

    /// Holds a listener's handler until released, counting the handlers that returned.
    actor Gate {
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private(set) var finished = 0

        func pass() async {
            if !isOpen { await withCheckedContinuation { waiting.append($0) } }
            finished += 1
        }

        func open() {
            isOpen = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    @Test(.timeLimit(.minutes(1))) func slowListenersNeverDelayTheCall() async throws {
        let transport = StubTransport()
        transport.stub(.post, "/login", with: .json(Session(token: "t")))
        let client = client(transport)
        let gate = Gate()
        let subscription = client.requestEvents.subscribe { _ in await gate.pass() }
        defer { subscription.cancel() }
        // The listener's handler does not return until the calls are over: had a call waited
        // for it, none would be.
        for _ in 0..<5 { _ = try await client.send(login()) }
        #expect(await gate.finished == 0)
        await gate.open()
    }

    @Test func eventsAreAnAsyncSequenceToo() async throws {
        let transport = StubTransport()
        transport.stub(.post, "/login", with: .json(Session(token: "s")))
        let client = client(transport)
        let stream = client.requestEvents.stream(operationID: "login")
        _ = try await client.send(login())
        var kinds: [String] = []
        for await event in stream {
            switch event {
            case .started: kinds.append("started")
            case .succeeded: kinds.append("succeeded")
            case .failed: kinds.append("failed")
            }
            if kinds.count == 2 { break }
        }
        #expect(kinds == ["started", "succeeded"])
    }

    @Test func cancelledSubscriptionsStopReceiving() async throws {
        let transport = StubTransport()
        transport.stub(.post, "/login", with: .json(Session(token: "s")))
        let client = client(transport)
        let cancelledLog = EventLog()
        let liveLog = EventLog()
        let cancelled = client.requestEvents.subscribe { _ in await cancelledLog.append("event") }
        let live = client.requestEvents.subscribe { event in
            await liveLog.append("\(event)".prefix(while: { $0 != "(" }).description)
        }
        defer { live.cancel() }
        _ = try await client.send(login())
        try await waitFor(liveLog, count: 2)
        try await waitFor(cancelledLog, count: 2)
        cancelled.cancel()
        _ = try await client.send(login())
        // The live listener hears the second call; the cancelled one, subscribed alongside it for
        // the first call, hears nothing of the second.
        try await waitFor(liveLog, count: 4)
        #expect(await liveLog.entries == ["started", "succeeded", "started", "succeeded"])
        #expect(await cancelledLog.entries.count == 2)
    }

    @Test func cancellingTheListenersTaskUnregistersIt() async throws {
        let client = client(StubTransport())
        let listener = client.requestEvents.subscribe { _ in }
        #expect(client.requestEvents.isObserved)
        listener.cancel()
        try await waitUntil("the cancelled listener is unregistered") { !client.requestEvents.isObserved }
        await listener.value
    }

    /// A stream read partly and then dropped, or never read, stops receiving: the client keeps no
    /// buffer for a reader that is gone.
    @Test(arguments: [0, 1])
    func aDroppedStreamIsUnregistered(eventsRead: Int) async throws {
        let transport = StubTransport()
        transport.stub(.post, "/login", with: .json(Session(token: "s")))
        let client = client(transport)
        do {
            let stream = client.requestEvents.stream()
            #expect(client.requestEvents.isObserved)
            _ = try await client.send(login())
            var iterator = stream.makeAsyncIterator()
            for _ in 0..<eventsRead { _ = await iterator.next() }
        }
        #expect(!client.requestEvents.isObserved)
    }

    @Test func listenersAndStreamsEndWhenTheClientIsGone() async throws {
        var client: APIClient? = client(StubTransport())
        let listener = client!.requestEvents.subscribe { _ in }
        let stream = client!.requestEvents.stream()
        let ended = EventLog()
        Task {
            await listener.value
            for await _ in stream {}
            await ended.append("ended")
        }
        client = nil
        try await waitUntil("the listener and the stream ended", asking: { await ended.entries == ["ended"] })
    }
}
