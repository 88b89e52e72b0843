public import Foundation

/// Every way a Courier call can fail. All public calls throw it typed, so callers can `catch` a
/// case directly:
///
/// ```swift
/// do {
///     let friends = try await client.send(Endpoint<[User]>.get("/friends"))
///     show(friends)
/// } catch .server(let failure) where failure.status == 404 {
///     print(failure.message ?? "Not found")
/// } catch .notConnected {
///     showOfflineBanner()
/// } catch {
///     print(error.localizedDescription)
/// }
/// ```
///
/// Every case keeps its evidence: the request, and the response with its raw body where there
/// was one.
public enum ServiceError: Error, LocalizedError, CustomStringConvertible {
    /// The device is offline or the host cannot be reached: no connection, DNS failure,
    /// connection refused, roaming or data disabled.
    case notConnected(TransportFailure)
    /// The request did not complete within its timeout.
    case timedOut(TransportFailure)
    /// The task awaiting the call was cancelled, or the request was cancelled through the client.
    case cancelled
    /// The server answered with a status the endpoint does not accept, or with a 2xx whose body
    /// reports a failure (a "successful error").
    case server(ServerFailure)
    /// The response arrived but its body could not be decoded into the expected type.
    case decoding(DecodingFailure)
    /// The request could not be built, so nothing was sent: an invalid URL or header, or a body
    /// that failed to encode.
    case invalidRequest(InvalidRequest)
    /// Any other failure to exchange the request, such as a TLS error or a dropped connection.
    case transport(TransportFailure)

    /// The server's response, for the cases that have one.
    public var response: TransportResponse? {
        switch self {
        case .server(let failure): failure.response
        case .decoding(let failure): failure.response
        default: nil
        }
    }

    /// The HTTP status of the server's response, for the cases that have one.
    public var status: Int? { response?.status }

    /// The server's own message, when its error body carries one.
    public var serverMessage: String? {
        if case .server(let failure) = self { failure.message } else { nil }
    }

    /// A sentence for the user: the server's own message when there is one.
    public var errorDescription: String? {
        switch self {
        case .notConnected: "The Internet connection appears to be offline."
        case .timedOut: "The request timed out."
        case .cancelled: "The request was cancelled."
        case .server(let failure):
            failure.message ?? "The server responded with \(failure.status) (\(failure.response.reasonPhrase))."
        case .decoding(let failure): "The server's response could not be read: \(failure.summary)"
        case .invalidRequest(let failure): "The request is invalid: \(failure.reason)"
        case .transport(let failure): "The request failed: \(failure.underlyingDescription)"
        }
    }

    /// A description for logs, with the technical details.
    public var description: String {
        switch self {
        case .notConnected(let failure): "notConnected(\(failure))"
        case .timedOut(let failure): "timedOut(\(failure))"
        case .cancelled: "cancelled"
        case .server(let failure): "server(\(failure))"
        case .decoding(let failure): "decoding(\(failure))"
        case .invalidRequest(let failure): "invalidRequest(\(failure))"
        case .transport(let failure): "transport(\(failure))"
        }
    }

    /// Classifies any error thrown below the client: URL loading errors by code, cancellation
    /// as ``cancelled``, a ``ServiceError`` as itself.
    static func classify(_ error: any Error, request: TransportRequest?) -> ServiceError {
        if let error = error as? ServiceError { return error }
        if error is CancellationError { return .cancelled }
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else {
            return .transport(TransportFailure(request: request, code: nil, underlying: error))
        }
        let code = URLError.Code(rawValue: nsError.code)
        let failure = TransportFailure(request: request, code: code, underlying: error)
        switch code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut(failure)
        case .notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed,
            .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            return .notConnected(failure)
        default: return .transport(failure)
        }
    }
}
