import AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import CourierTransportConformance
import Foundation
import Testing

/// The AsyncHTTPClient transport against the real loopback server: every conformance case that
/// `URLSessionTransport` passes, then what is its own.
@Suite struct AsyncHTTPClientTransportTests {
    struct User: Decodable, Sendable {
        var id: Int
    }

    @Test(arguments: TransportConformance.cases)
    func conformance(_ check: TransportConformance) async throws {
        try await check.run { AsyncHTTPClientTransport() }
    }

    /// Unlike URLSession on Linux, which can only spill a backlog to disk, AsyncHTTPClient
    /// stops reading the socket while the consumer is behind: the server's sends wait.
    @Test func aSlowConsumerHoldsTheServerBack() async throws {
        struct Written: Decodable { var written: Int }
        let id = UUID().uuidString
        let total = 256 << 20
        let client = APIClient(baseURL: url("")) { $0.transport = AsyncHTTPClientTransport() }
        let streaming = try await client.stream(
            Endpoint<EmptyResponse>.get("/stream/bytes").query("bytes", total).query("id", id))
        var chunks = streaming.body.makeAsyncIterator()
        var received = try await chunks.next()?.count ?? 0
        try await Task.sleep(for: .seconds(1))
        let progress = Endpoint<Written>.get("/stream/progress").query("id", id)
        let written = try await client.send(progress).written
        // Socket buffers on both sides and a few chunks: far less than the body.
        #expect(written < 32 << 20, "The server wrote \(written) of \(total) bytes while the consumer waited.")
        while let chunk = try await chunks.next() { received += chunk.count }
        #expect(received == total)
    }

    /// URLSession writes a sequence to a file before sending it; AsyncHTTPClient sends each
    /// chunk as it is produced, chunked when the length is unknown.
    @Test func aSequenceOfUnknownLengthIsSentChunkedAsItIsProduced() async throws {
        struct Uploaded: Decodable { var bytes: Int; var chunked: Bool }
        let produced = Locked(0)
        let chunks = AsyncStream<Data> { continuation in
            Task {
                for index in 0..<8 {
                    produced.set(index + 1)
                    continuation.yield(Data(repeating: UInt8(index), count: 1000))
                    try? await Task.sleep(for: .milliseconds(50))
                }
                continuation.finish()
            }
        }
        let client = APIClient(baseURL: url("")) { $0.transport = AsyncHTTPClientTransport() }
        let uploaded = try await client.send(Endpoint<Uploaded>.post("/stream/upload", body: .stream(chunks)))
        #expect(uploaded.bytes == 8000)
        #expect(uploaded.chunked)
        #expect(produced.get() == 8)
    }

    /// A listed call whose body is read whole runs its exchange in the calling task (no thread
    /// hop as it ends), since this transport cancels one request by itself when the call is
    /// cancelled by id; with a middleware that waits on its own (retries), it gets a task of its
    /// own, which cancelling by id cancels. The exchange's task is seen from
    /// `RequestParametersMiddleware`'s provider, which runs in it.
    @Test(arguments: [false, true])
    func aListedCallRunsInTheCallingTaskUnlessAMiddlewareWaits(retries: Bool) async throws {
        let exchangeTask = Locked<Int?>(nil)
        let client = APIClient(baseURL: url("")) {
            $0.transport = AsyncHTTPClientTransport()
            $0.middlewares = [
                RequestParametersMiddleware { _ in exchangeTask.set(withUnsafeCurrentTask { $0?.hashValue }) }
            ]
            if retries { $0.middlewares.append(RetryMiddleware()) }
        }
        let caller = withUnsafeCurrentTask { $0?.hashValue }
        // Not coalesced: identical GETs share an exchange, which runs in a task of its own.
        let user = try await client.send(Endpoint<User>.get("/user").option(.notCoalesced))
        #expect(user.id == 1)
        #expect(caller != nil)
        #expect((exchangeTask.get() == caller) == !retries)
    }

    /// A transport on the caller's `HTTPClient` uses it and leaves it running when released.
    @Test func anExistingClientIsUsedAndNotShutDown() async throws {
        var configuration = AsyncHTTPClientTransport.defaultConfiguration()
        configuration.redirectConfiguration = .disallow
        let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        do {
            var transport: AsyncHTTPClientTransport? = AsyncHTTPClientTransport(client: httpClient)
            let client = APIClient(baseURL: url("")) { $0.transport = transport! }
            let users = try await client.send(Endpoint<[User]>.get("/gzip").query("users", 3))
            #expect(users.map(\.id) == [0, 1, 2])
            try await transport?.shutdown()  // Not ours to shut down: does nothing.
            transport = nil
            // Still running: a request on it succeeds.
            let response = try await httpClient.execute(
                HTTPClientRequest(url: url("/user").absoluteString), timeout: .seconds(10))
            #expect(response.status == .ok)
        } catch {
            try await httpClient.shutdown()
            throw error
        }
        try await httpClient.shutdown()
    }

    @Test func aBodyOverTheLimitFailsInsteadOfFillingMemory() async throws {
        let transport = AsyncHTTPClientTransport(maximumResponseBodySize: 1024)
        let small = try await transport.send(TransportRequest(method: .get, url: url("/large?bytes=1000")))
        #expect(small.body.bufferedData?.count == 1000)
        await #expect {
            try await transport.send(TransportRequest(method: .get, url: url("/large?bytes=5000")))
        } throws: { error in
            (error as? URLError)?.code == .dataLengthExceedsMaximum
        }
    }

    @Test func aConfigurationThatFollowsRedirectsStillGetsCourierRules() async throws {
        var configuration = AsyncHTTPClientTransport.defaultConfiguration()
        configuration.redirectConfiguration = .follow(max: 5, allowCycles: false)
        let transport = AsyncHTTPClientTransport(configuration: configuration, maximumRedirects: 2)
        let other = TransportConformance.serverURL("/echo/elsewhere", secondServer: true).absoluteString
        var request = TransportRequest(method: .get, url: url("/redirect?status=307&to=\(other)"))
        request.headers["Authorization"] = "Bearer secret"
        let response = try await transport.send(request)
        let echo = try JSONSerialization.jsonObject(with: response.body.bufferedData ?? Data()) as? [String: Any]
        let headers = echo?["headers"] as? [String: String]
        #expect(headers?["authorization"] == nil)
        // The transport's own limit counts, not the configuration's.
        await #expect {
            try await transport.send(TransportRequest(method: .get, url: url("/loop")))
        } throws: { error in
            (error as? URLError)?.code == .httpTooManyRedirects
        }
    }

    /// No tracer is bootstrapped in the tests: AsyncHTTPClient's own default keeps the no-op
    /// one (and builds span attributes for it on every request); the transport's keeps none.
    @Test func withoutATracerTheDefaultConfigurationTracesNothing() {
        #expect(HTTPClient.Configuration().tracing.tracer != nil)
        #expect(AsyncHTTPClientTransport.defaultConfiguration().tracing.tracer == nil)
    }

    @Test func aTransportThatWasShutDownFailsClearly() async throws {
        let transport = AsyncHTTPClientTransport()
        try await transport.shutdown()
        await #expect {
            try await transport.send(TransportRequest(method: .get, url: url("/echo")))
        } throws: { error in
            guard let error = error as? HTTPClientError else { return false }
            return error == .alreadyShutdown
        }
    }

    /// A client of the caller's fails a request without a word to its delegate once shut down:
    /// the call still ends, with AsyncHTTPClient's error.
    @Test(.timeLimit(.minutes(1))) func anExistingClientThatWasShutDownFailsClearly() async throws {
        let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        try await httpClient.shutdown()
        let transport = AsyncHTTPClientTransport(client: httpClient)
        await #expect {
            try await transport.send(TransportRequest(method: .get, url: url("/echo")))
        } throws: { error in
            (error as? HTTPClientError) == .alreadyShutdown
        }
    }

    /// A client of the caller's that follows redirects itself fails a redirect it cannot follow
    /// after the first response reached the delegate: the call ends with too many redirects, as
    /// over URLSession.
    @Test(arguments: [true, false])
    func anExistingClientThatFollowsRedirectsEndsALoop(allowCycles: Bool) async throws {
        var configuration = AsyncHTTPClientTransport.defaultConfiguration()
        configuration.redirectConfiguration = .follow(max: 3, allowCycles: allowCycles)
        let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let transport = AsyncHTTPClientTransport(client: httpClient)
        await #expect {
            try await transport.send(TransportRequest(method: .get, url: url("/loop")))
        } throws: { error in
            (error as? URLError)?.code == .httpTooManyRedirects
        }
        try await httpClient.shutdown()
    }

    /// Shutting the transport's own client down while calls are under way ends every one of
    /// them, answered or failed, whichever comes first; none waits forever.
    @Test(.timeLimit(.minutes(1)))
    func shuttingDownDuringCallsEndsEachOfThem() async throws {
        let transport = AsyncHTTPClientTransport()
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    (try? await transport.send(TransportRequest(method: .get, url: url("/user")))) != nil
                }
            }
            group.addTask {
                await Task.yield()
                try? await transport.shutdown()
                return true
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.count == 201)
        // Once shut down, a call fails at once.
        await #expect(throws: HTTPClientError.self) {
            try await transport.send(TransportRequest(method: .get, url: url("/user")))
        }
    }

    private func url(_ path: String) -> URL { TransportConformance.serverURL(path) }
}

final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is touched only under `lock`.
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
