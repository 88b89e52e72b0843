public import Foundation

/// An access token, the refresh token that renews it, and when it expires.
public struct AuthTokens: Codable, Sendable, Hashable {
    /// The token sent as `Authorization: Bearer …`.
    public var accessToken: String
    /// The token that obtains a new access token, if the server issued one.
    public var refreshToken: String?
    /// When the access token expires, if known.
    public var expiresAt: Date?

    /// Creates tokens.
    /// - Parameters:
    ///   - accessToken: The access token.
    ///   - refreshToken: The refresh token.
    ///   - expiresAt: When the access token expires.
    public init(accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }

    /// Whether the access token has expired, or will within `leeway`.
    /// - Parameters:
    ///   - date: The current time.
    ///   - leeway: How long before expiry a token counts as expired, to allow for clock skew
    ///     and the time a request takes.
    /// - Returns: `true` when the token should be refreshed before use.
    public func isExpired(at date: Date, leeway: Duration = .seconds(30)) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(date) <= leeway.seconds
    }
}
