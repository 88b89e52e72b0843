/// Where ``AuthenticationMiddleware`` keeps the current tokens.
///
/// Use ``InMemoryTokenStore`` everywhere, or `KeychainTokenStore` on Apple platforms to keep a
/// session across launches. Conform your own type to keep tokens elsewhere.
public protocol TokenStore: Sendable {
    /// The current tokens, or `nil` when signed out.
    func tokens() async -> AuthTokens?
    /// Replaces the tokens; `nil` signs out.
    /// - Parameter tokens: The new tokens.
    func setTokens(_ tokens: AuthTokens?) async
}

/// Keeps tokens in memory, for as long as the store lives.
public actor InMemoryTokenStore: TokenStore {
    private var current: AuthTokens?

    /// Creates a store.
    /// - Parameter tokens: The initial tokens.
    public init(_ tokens: AuthTokens? = nil) { current = tokens }

    /// The current tokens.
    public func tokens() -> AuthTokens? { current }

    /// Replaces the tokens.
    /// - Parameter tokens: The new tokens, or `nil`.
    public func setTokens(_ tokens: AuthTokens?) { current = tokens }
}
