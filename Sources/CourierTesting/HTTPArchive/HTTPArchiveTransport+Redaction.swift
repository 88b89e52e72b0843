import Foundation

extension HTTPArchiveTransport {
    /// What a recording never writes: the values of credential headers, cookies, and the
    /// headers and query parameters named here are replaced with `REDACTED`.
    ///
    /// A replay redacts its requests the same way before matching them, so a test that sends
    /// another token than the recording still matches.
    public struct Redaction: Sendable {
        /// The headers always redacted: `Authorization`, `Proxy-Authorization`, `Cookie` and
        /// `Set-Cookie`.
        public static let credentialHeaders: Set<String> = [
            "authorization", "proxy-authorization", "cookie", "set-cookie",
        ]

        /// The redacted headers' names, lowercased: the credential headers and those given.
        public let headers: Set<String>
        /// The redacted query parameters' names.
        public let queryParameters: Set<String>

        /// Redacts the credential headers, and the headers and query parameters given.
        /// - Parameters:
        ///   - headers: More header names (compared without case), such as `X-API-Key`.
        ///   - queryParameters: Query parameter names (compared exactly), such as `api_key`.
        public init(headers: [String] = [], queryParameters: [String] = []) {
            self.headers = Self.credentialHeaders.union(headers.map { $0.lowercased() })
            self.queryParameters = Set(queryParameters)
        }

        /// The text written in place of a redacted value.
        static let placeholder = "REDACTED"

        func redacts(header name: String) -> Bool { headers.contains(name.lowercased()) }

        /// The URL with the redacted query parameters' values replaced.
        func redacting(_ url: URL) -> URL {
            guard !queryParameters.isEmpty,
                var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
                let items = components.percentEncodedQueryItems,
                items.contains(where: { queryParameters.contains($0.name.removingPercentEncoding ?? $0.name) })
            else { return url }
            components.percentEncodedQueryItems = items.map { item in
                queryParameters.contains(item.name.removingPercentEncoding ?? item.name)
                    ? URLQueryItem(name: item.name, value: Self.placeholder) : item
            }
            return components.url ?? url
        }
    }
}
