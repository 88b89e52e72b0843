public import Foundation

/// Which parts of a request or response are secrets, shown as `<redacted>` in logs and cURL
/// commands.
public struct Redaction: Sendable, Hashable {
    /// Header names whose values are hidden (compared without case). By default
    /// `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie`.
    public var headers: Set<String>
    /// Query item names whose values are hidden (compared without case), such as `api_key`.
    public var queryItems: Set<String>

    /// The text shown instead of a secret.
    public static let placeholder = "<redacted>"

    /// Creates a redaction.
    /// - Parameters:
    ///   - headers: Header names to hide.
    ///   - queryItems: Query item names to hide.
    public init(
        headers: Set<String> = ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"],
        queryItems: Set<String> = []
    ) {
        self.headers = Set(headers.map { $0.lowercased() })
        self.queryItems = Set(queryItems.map { $0.lowercased() })
    }

    /// Redacts nothing, for a cURL command you want to run as is.
    public static let none = Redaction(headers: [], queryItems: [])

    /// A header's value, or the placeholder when it is a secret.
    /// - Parameter field: The header field.
    /// - Returns: The value to show.
    public func value(of field: HeaderFields.Field) -> String {
        headers.contains(field.name.lowercased()) ? Self.placeholder : field.value
    }

    /// The URL's text with secret query values replaced.
    /// - Parameter url: The URL.
    /// - Returns: The text to show.
    public func text(of url: URL) -> String {
        let text = url.absoluteString
        guard !queryItems.isEmpty, let question = text.firstIndex(of: "?") else { return text }
        let fragmentStart = text.firstIndex(of: "#") ?? text.endIndex
        let query = text[text.index(after: question)..<fragmentStart]
        let redacted = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let decoded = name.removingPercentEncoding ?? name
            return queryItems.contains(decoded.lowercased()) ? "\(name)=\(Self.placeholder)" : String(pair)
        }.joined(separator: "&")
        return text[..<question] + "?" + redacted + text[fragmentStart...]
    }
}
