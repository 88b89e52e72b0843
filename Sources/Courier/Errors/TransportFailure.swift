public import Foundation

/// Why an exchange failed below HTTP: no connection, a timeout, TLS, a dropped connection.
public struct TransportFailure: Sendable, CustomStringConvertible {
    /// The request that failed, when it had been built.
    public var request: TransportRequest?
    /// The URL loading error code, when the failure came from URL loading.
    public var code: URLError.Code?
    /// The error the transport threw.
    public var underlying: any Error

    /// Creates a transport failure.
    /// - Parameters:
    ///   - request: The request that failed.
    ///   - code: The URL loading error code, if any.
    ///   - underlying: The error the transport threw.
    public init(request: TransportRequest?, code: URLError.Code?, underlying: any Error) {
        self.request = request
        self.code = code
        self.underlying = underlying
    }

    var underlyingDescription: String { (underlying as NSError).localizedDescription }

    /// The method, URL, code and underlying error.
    public var description: String {
        var parts: [String] = []
        if let request { parts.append("\(request.method) \(request.url.absoluteString)") }
        if let code { parts.append("URLError \(code.rawValue)") }
        parts.append(String(describing: underlying))
        return parts.joined(separator: ", ")
    }
}
