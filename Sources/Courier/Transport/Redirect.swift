import Foundation

/// The redirect rules ``URLSessionTransport`` applies when it follows a redirect itself.
enum Redirect {
    /// The request to send next, or `nil` when the response is not a redirect to follow.
    ///
    /// - 301 and 302 turn `POST` into `GET`, as every browser and URL loading system does;
    ///   303 turns anything but `HEAD` into `GET`; the body and its headers are dropped then.
    /// - 307 and 308 keep the method and body (RFC 9110 §15.4.8, §15.4.9).
    /// - A redirect to another origin (scheme, host or port) drops `Authorization`, `Cookie` and
    ///   `Proxy-Authorization`, so credentials never reach a host they were not meant for.
    /// - A redirect from https to http is refused: it would send the request in clear text.
    static func follow(_ request: HTTPRequest, response: HTTPResponse) throws -> HTTPRequest? {
        guard [301, 302, 303, 307, 308].contains(response.status),
            let location = response.headers["Location"],
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL
        else { return nil }
        if request.url.scheme?.lowercased() == "https" && target.scheme?.lowercased() != "https" {
            throw URLError(
                .appTransportSecurityRequiresSecureConnection,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "Refused a redirect from https to \(target.scheme ?? "an insecure scheme"): \(target.absoluteString)",
                    NSURLErrorFailingURLErrorKey: target,
                ])
        }
        var next = request
        next.url = target
        let changesToGet =
            (response.status == 303 && request.method != .head)
            || ([301, 302].contains(response.status) && request.method == .post)
        if changesToGet {
            next.method = .get
            next.body = nil
            for name in ["Content-Type", "Content-Length", "Content-Encoding"] { next.headers[name] = nil }
        }
        if !isSameOrigin(request.url, target) {
            for name in ["Authorization", "Cookie", "Proxy-Authorization"] { next.headers[name] = nil }
        }
        return next
    }

    static func isSameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        lhs.scheme?.lowercased() == rhs.scheme?.lowercased() && lhs.host?.lowercased() == rhs.host?.lowercased()
            && effectivePort(lhs) == effectivePort(rhs)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
