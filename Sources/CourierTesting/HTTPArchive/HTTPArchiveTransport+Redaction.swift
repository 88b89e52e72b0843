import Courier
import Foundation

/// How a recording applies a ``Courier/Redaction``: the credential headers are always
/// redacted, whatever the redaction lists, and values are written as `REDACTED` (a placeholder
/// that needs no escaping in a URL).
///
/// A replay redacts its requests the same way before matching them, so a test that sends
/// another token than the recording still matches.
extension Redaction {
    /// The headers a recording always redacts, lowercased: those a default redaction hides
    /// (`Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`).
    static let credentialHeaders = Redaction().headers

    /// The text a recording writes in place of a redacted value.
    static let archivePlaceholder = "REDACTED"

    /// Whether a recording hides this header's value.
    func archiveRedacts(header name: String) -> Bool {
        let name = name.lowercased()
        return Self.credentialHeaders.contains(name) || headers.contains(name)
    }

    /// The URL with the redacted query items' values replaced.
    func archiveRedacting(_ url: URL) -> URL {
        guard !queryItems.isEmpty,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.percentEncodedQueryItems,
            items.contains(where: redactsQueryItem)
        else { return url }
        components.percentEncodedQueryItems = items.map { item in
            redactsQueryItem(item) ? URLQueryItem(name: item.name, value: Self.archivePlaceholder) : item
        }
        return components.url ?? url
    }

    private func redactsQueryItem(_ item: URLQueryItem) -> Bool {
        queryItems.contains((item.name.removingPercentEncoding ?? item.name).lowercased())
    }
}
