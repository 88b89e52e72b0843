public import Foundation

extension TransportRequest {
    /// The request to send after a redirect response, by the rules every Courier transport
    /// applies, or `nil` when the response is not a redirect to follow.
    ///
    /// - 301 and 302 turn `POST` into `GET`, as every browser and URL loading system does;
    ///   303 turns anything but `HEAD` into `GET`; the body and its headers are dropped then.
    /// - 307 and 308 keep the method and body (RFC 9110 §15.4.8, §15.4.9); a streamed body that
    ///   cannot be sent twice (``StreamedBody/isReplayable``) fails with
    ///   `URLError(.requestBodyStreamExhausted)`.
    /// - A redirect to another origin (scheme, host or port) drops `Authorization`, `Cookie` and
    ///   `Proxy-Authorization`, so credentials never reach a host they were not meant for.
    /// - A redirect from https to http is refused: it would send the request in clear text.
    ///
    /// A transport you write yourself gets the same rules from
    /// ``sendFollowingRedirects(maximum:_:)``.
    /// - Parameter response: The response to this request.
    /// - Returns: The next request, or `nil` for a response that is not a redirect (or has no
    ///   usable `Location`).
    /// - Throws: `URLError(.appTransportSecurityRequiresSecureConnection)` for a redirect from
    ///   https to another scheme.
    public func redirected(by response: TransportResponse) throws -> TransportRequest? {
        switch response.status {
        case 301, 302, 303, 307, 308: break
        default: return nil
        }
        guard let location = response.headers["Location"],
            let target = URL(string: location, relativeTo: url)?.absoluteURL
        else { return nil }
        if url.scheme?.lowercased() == "https" && target.scheme?.lowercased() != "https" {
            throw URLError(
                .appTransportSecurityRequiresSecureConnection,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "Refused a redirect from https to \(target.scheme ?? "an insecure scheme"): \(target.absoluteString)",
                    NSURLErrorFailingURLErrorKey: target,
                ])
        }
        var next = self
        next.url = target
        let changesToGet =
            (response.status == 303 && method != .head) || ([301, 302].contains(response.status) && method == .post)
        if changesToGet {
            next.method = .get
            next.body = nil
            for name in ["Content-Type", "Content-Length", "Content-Encoding"] { next.headers[name] = nil }
        }
        if let body = next.body, !body.isReplayable {
            throw URLError(
                .requestBodyStreamExhausted,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "A \(response.status) redirect asks to send the body again, but it was a sequence that can be sent once.",
                    NSURLErrorFailingURLErrorKey: target,
                ])
        }
        if !Self.isSameOrigin(url, target) {
            for name in ["Authorization", "Cookie", "Proxy-Authorization"] { next.headers[name] = nil }
        }
        return next
    }

    /// Sends this request with `send`, and each redirect it leads to, by the rules of
    /// ``redirected(by:)``, until a response that is not a redirect.
    ///
    /// For transports: pass a closure that performs one exchange without following redirects.
    /// - Parameters:
    ///   - maximum: How many redirects to follow before failing.
    ///   - send: Performs one exchange.
    /// - Returns: The first response that is not a redirect to follow.
    /// - Throws: What `send` throws; `URLError(.httpTooManyRedirects)` past `maximum`; the error
    ///   of ``redirected(by:)`` for a refused redirect.
    @inlinable  // So a transport's call costs no extra frame on its hot path.
    public func sendFollowingRedirects(
        maximum: Int, _ send: (TransportRequest) async throws -> TransportResponse
    ) async throws -> TransportResponse {
        var current = self
        var redirects = 0
        while true {
            let response = try await send(current)
            guard let next = try current.redirected(by: response) else { return response }
            response.body.cancel()  // A redirect's own body is never read.
            guard redirects < maximum else {
                throw URLError(.httpTooManyRedirects, userInfo: [NSURLErrorFailingURLErrorKey: current.url])
            }
            redirects += 1
            current = next
        }
    }

    static func isSameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        lhs.scheme?.lowercased() == rhs.scheme?.lowercased() && lhs.host?.lowercased() == rhs.host?.lowercased()
            && effectivePort(lhs) == effectivePort(rhs)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
