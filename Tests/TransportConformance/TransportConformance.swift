public import Courier
import CourierTestSupport
public import Foundation
public import Testing

/// The behaviour every Courier ``Transport`` must have, checked against the loopback server.
///
/// Each package that ships a transport runs every case as one parameterized test:
///
/// ```swift
/// @Test(arguments: TransportConformance.cases)
/// func conformance(_ check: TransportConformance) async throws {
///     try await check.run { MyTransport() }
/// }
/// ```
public struct TransportConformance: Sendable, CustomTestStringConvertible {
    /// What the case checks, as the test's name.
    public let name: String
    private let body: @Sendable (Environment) async throws -> Void

    /// What a case works with.
    struct Environment: Sendable {
        let makeTransport: @Sendable () -> any Transport
        let server = TestServer.shared
        let otherServer = TestServer.second

        /// A client of the loopback server over a new transport.
        func client(_ configure: (inout APIClient.Configuration) -> Void = { _ in }) -> APIClient {
            let transport = makeTransport()
            return server.client {
                $0.transport = transport
                configure(&$0)
            }
        }

        /// A request to the loopback server, for calls made on the transport directly.
        func request(_ path: String, method: RequestMethod = .get) -> TransportRequest {
            TransportRequest(method: method, url: URL(string: server.baseURL.absoluteString + path)!)
        }
    }

    init(_ name: String, _ body: @escaping @Sendable (Environment) async throws -> Void) {
        self.name = name
        self.body = body
    }

    /// The case's name.
    public var testDescription: String { name }

    /// Runs the case.
    /// - Parameter makeTransport: Makes a transport with its default settings; called for each
    ///   client the case needs.
    /// - Throws: What the case throws when something it needs fails outright.
    public func run(_ makeTransport: @escaping @Sendable () -> any Transport) async throws {
        try await body(Environment(makeTransport: makeTransport))
    }

    /// A URL on the loopback server the cases use, for a transport's own tests.
    /// - Parameters:
    ///   - path: The path and query, such as `/echo?x=1`.
    ///   - secondServer: Whether to use the second server, on another port (another origin).
    /// - Returns: The absolute URL.
    public static func serverURL(_ path: String, secondServer: Bool = false) -> URL {
        let server = secondServer ? TestServer.second : TestServer.shared
        return URL(string: server.baseURL.absoluteString + path)!
    }

    /// Every case.
    public static let cases: [TransportConformance] =
        exchangeCases + redirectCases + failureCases + cancellationCases + streamingCases + streamLifetimeCases
        + eventCases
}

/// A server's echo of a request (`/echo` on the loopback server).
struct Echo: Decodable, Sendable {
    var method: String
    var path: String
    var query: [String: [String]]
    var headers: [String: String]
    var body: String?
}

/// The loopback server's sample user.
struct User: Decodable, Sendable {
    var id: Int
    var name: String
}

/// Whether an error is the ``ServiceError`` case a check expects.
func isServiceError(_ error: any Error, _ matches: (ServiceError) -> Bool) -> Bool {
    guard let error = error as? ServiceError else { return false }
    return matches(error)
}
