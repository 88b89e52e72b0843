public import Foundation

/// Adds the access token to every request and renews it when it expires, with exactly one
/// refresh however many requests are waiting.
///
/// ```swift
/// let store = InMemoryTokenStore(AuthTokens(accessToken: "…", refreshToken: "…"))
/// let authentication = AuthenticationMiddleware(store: store) { tokens in
///     var refresh = Endpoint<TokenResponse>.post(
///         "/oauth/token",
///         body: .form([
///             QueryItem(name: "grant_type", value: "refresh_token"),
///             QueryItem(name: "refresh_token", value: tokens.refreshToken),
///         ]))
///     refresh.options.insert(.skipsAuthentication)
///     let response = try await authClient.send(refresh)
///     return AuthTokens(accessToken: response.accessToken, refreshToken: response.refreshToken)
/// }
/// let client = APIClient(baseURL: apiURL) { $0.middlewares = [authentication] }
/// ```
///
/// The refresh runs when a token is known to be expired before sending, or when the server
/// answers 401. Every request waiting meanwhile is replayed once with the new token. If the
/// refresh fails, every waiting request fails with that error, none is replayed, and the store is
/// cleared so the stale token is not used again. A cancelled waiter fails with
/// ``ServiceError/cancelled`` and does not affect the others. A request with
/// ``RequestOption/skipsAuthentication`` (the refresh request itself, when it goes through the
/// same client) never waits for a refresh.
public struct AuthenticationMiddleware: Middleware {
    /// Obtains new tokens from the current ones. Its error, classified as a ``ServiceError``,
    /// fails every waiting request.
    public typealias Refresh = @Sendable (_ current: AuthTokens) async throws -> AuthTokens

    /// Where the tokens are kept.
    public let store: any TokenStore
    private let coordinator: RefreshCoordinator
    private let leeway: Duration
    private let now: @Sendable () -> Date

    /// Creates the middleware.
    /// - Parameters:
    ///   - store: Where the tokens are kept.
    ///   - leeway: How long before its expiry a token is refreshed.
    ///   - now: The current time; tests pass a fixed clock.
    ///   - refresh: Obtains new tokens; its error fails every waiting request.
    public init(
        store: any TokenStore, leeway: Duration = .seconds(30), now: @escaping @Sendable () -> Date = { Date() },
        refresh: @escaping Refresh
    ) {
        self.store = store
        self.leeway = leeway
        self.now = now
        coordinator = RefreshCoordinator(store: store, refresh: refresh)
    }

    /// Sends the request with the current token, refreshing and replaying once on 401.
    /// - Parameters:
    ///   - request: The request.
    ///   - context: Its context.
    ///   - next: The rest of the chain.
    /// - Returns: The response.
    /// - Throws: The refresh's error, the chain's error, or ``ServiceError/cancelled``.
    public func intercept(_ request: TransportRequest, context: RequestContext, next: Next) async throws(ServiceError)
        -> TransportResponse
    {
        if context.options.contains(.skipsAuthentication) { return try await next(request) }
        guard var tokens = await store.tokens() else { return try await next(request) }
        if tokens.isExpired(at: now(), leeway: leeway) {
            tokens = try await coordinator.refresh(replacing: tokens.accessToken)
        }
        let response = try await next(authorized(request, with: tokens))
        // A body that can be sent once cannot be replayed: the 401 is the answer.
        guard response.status == 401, request.body?.isReplayable ?? true else { return response }
        let renewed = try await coordinator.refresh(replacing: tokens.accessToken)
        if Task.isCancelled { throw .cancelled }
        return try await next(authorized(request, with: renewed))
    }

    private func authorized(_ request: TransportRequest, with tokens: AuthTokens) -> TransportRequest {
        var request = request
        request.headers["Authorization"] = "Bearer \(tokens.accessToken)"
        return request
    }
}
