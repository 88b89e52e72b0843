public import Courier
public import Foundation

/// A Courier `Transport` for unit tests: answers requests from a script and records every request.
///
/// ```swift
/// let transport = StubTransport()
/// transport.stub(.get, "/users/1", with: .json(User(id: 1, name: "Ada")))
/// transport.stub(.post, "/login", with: .status(401, json: ["message": "Wrong password"]))
/// transport.stub(.get, "/feed", with: .failure(URLError(.notConnectedToInternet)))
///
/// let client = APIClient(configuration: .init(baseURL: url, transport: transport))
/// // … exercise the code under test …
/// #expect(transport.requests.map(\.url.path) == ["/users/1"])
/// ```
///
/// Paths are matched against the request URL's percent-encoded path, without the query; a
/// path ending in `*` matches any path with that prefix. The most recently added matching stub
/// answers. A stub with several replies gives them in order and then repeats the last.
/// A request that matches no stub fails with ``UnmatchedRequest``, so a test never silently
/// talks to nothing.
public final class StubTransport: Transport, @unchecked Sendable {
    /// How a stub answers.
    public enum Reply: Sendable {
        /// Answer with this response.
        case response(TransportResponse)
        /// Fail with this error, as a real transport would (for example a `URLError`).
        case failure(any Error)
        /// Compute the answer from the request.
        case handler(@Sendable (TransportRequest) async throws -> TransportResponse)
        /// Answer after a delay; cancelling the task ends the wait with `CancellationError`.
        indirect case delayed(Duration, Reply)

        /// A JSON response.
        /// - Parameters:
        ///   - value: The value to encode with RFC 3339 dates.
        ///   - status: The status code.
        ///   - headers: Extra headers.
        /// - Returns: The reply.
        public static func json(_ value: some Encodable, status: Int = 200, headers: HeaderFields = [:]) -> Reply {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .rfc3339
            encoder.outputFormatting = .sortedKeys
            do {
                let body = try encoder.encode(value)
                return .response(
                    TransportResponse(
                        status: status,
                        headers: (["Content-Type": "application/json"] as HeaderFields).merging(headers),
                        body: body))
            } catch {
                return .failure(error)
            }
        }

        /// A response with a status and a JSON body, for error responses.
        /// - Parameters:
        ///   - status: The status code.
        ///   - json: The body.
        /// - Returns: The reply.
        public static func status(_ status: Int, json: some Encodable) -> Reply {
            .json(json, status: status)
        }

        /// A response with a status and raw bytes.
        /// - Parameters:
        ///   - status: The status code.
        ///   - body: The body bytes.
        ///   - contentType: The `Content-Type`, if any.
        /// - Returns: The reply.
        public static func status(_ status: Int, body: Data = Data(), contentType: String? = nil) -> Reply {
            var headers = HeaderFields()
            if let contentType { headers["Content-Type"] = contentType }
            return .response(TransportResponse(status: status, headers: headers, body: body))
        }
    }

    /// The error thrown for a request that no stub matches.
    public struct UnmatchedRequest: Error, CustomStringConvertible {
        /// The request that found no stub.
        public var request: TransportRequest
        /// Names the method and path, and says how to stub it.
        public var description: String {
            "StubTransport has no stub for \(request.method) \(request.url.path); add one with stub(_:_:with:)."
        }
    }

    private struct Stub {
        var method: RequestMethod?
        var path: String
        var replies: [Reply]
        var served = 0

        func matches(_ request: TransportRequest) -> Bool {
            if let method, method != request.method { return false }
            let requestPath = request.url.path(percentEncoded: true)
            if path.hasSuffix("*") { return requestPath.hasPrefix(path.dropLast()) }
            return requestPath == path
        }
    }

    private struct State {
        var stubs: [Stub] = []
        var requests: [TransportRequest] = []
    }

    // @unchecked Sendable: all mutable state lives in `state`, guarded by `lock`.
    private let lock = NSLock()
    private var state = State()

    /// Creates a transport with no stubs.
    public init() {}

    /// Adds a stub. The most recently added matching stub answers.
    /// - Parameters:
    ///   - method: The method to match; `nil` matches any.
    ///   - path: The percent-encoded path to match; a trailing `*` matches a prefix.
    ///   - replies: The replies, given in order; the last one repeats.
    public func stub(_ method: RequestMethod?, _ path: String, with replies: Reply...) {
        precondition(!replies.isEmpty, "A stub needs at least one reply.")
        withState { $0.stubs.append(Stub(method: method, path: path, replies: replies)) }
    }

    /// Removes every stub and forgets every recorded request.
    public func reset() {
        withState { $0 = State() }
    }

    /// Every request sent so far, in order.
    public var requests: [TransportRequest] { withState { $0.requests } }

    /// Records the request and answers from the most recent matching stub.
    /// - Parameter request: The request.
    /// - Returns: The stubbed response, with its URL set to the request's when it has none.
    /// - Throws: The stubbed error, ``UnmatchedRequest``, or `CancellationError`.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let reply: Reply? = withState { state in
            state.requests.append(request)
            guard let index = state.stubs.lastIndex(where: { $0.matches(request) }) else { return nil }
            let stub = state.stubs[index]
            state.stubs[index].served += 1
            return stub.replies[min(stub.served, stub.replies.count - 1)]
        }
        guard let reply else { throw UnmatchedRequest(request: request) }
        var response = try await answer(reply, to: request)
        if response.url == nil { response.url = request.url }
        return response
    }

    private func answer(_ reply: Reply, to request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        switch reply {
        case .response(let response): return response
        case .failure(let error): throw error
        case .handler(let handler): return try await handler(request)
        case .delayed(let delay, let reply):
            try await Task.sleep(for: delay)
            return try await answer(reply, to: request)
        }
    }

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}
