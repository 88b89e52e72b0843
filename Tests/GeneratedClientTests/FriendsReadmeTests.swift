import Courier
import CourierTestSupport
import LoopbackServer
import Foundation
import FriendsAPI
import Testing

// The README's first example, compiled and run against the local Friends servers.

extension AuthTokens {
    init(_ session: Session) {
        self.init(accessToken: session.accessToken, refreshToken: session.refreshToken)
    }
}

func readmeFirstExample(authURL: URL, apiURL: URL, tokens: InMemoryTokenStore, user: User) async throws -> [User] {
    let auth = FriendsAuth(baseURL: authURL)
    let api = Friends(baseURL: apiURL) {
        $0.middlewares = [
            AuthenticationMiddleware(store: tokens) { tokens in
                AuthTokens(try await auth.refresh(body: RefreshRequest(refreshToken: tokens.refreshToken ?? "")))
            }
        ]
    }
    let friends = try await api.friends(of: user)
    return friends
}

@Suite struct FriendsReadmeTests {
    @Test func theFirstExampleRuns() async throws {
        let server = try PythonServer(script: "friends_server.py")
        defer { server.stop() }
        let session = try await FriendsAuth(baseURL: server.url("auth"))
            .login(body: CredentialsModel(email: "grace@example.com", password: "grace"))
        let tokens = InMemoryTokenStore(AuthTokens(session))
        let grace = User(id: 3, avatarUrl: URL(string: "https://avatars.example.com/3.png")!, createdAt: Date())
        let friends = try await readmeFirstExample(
            authURL: server.url("auth"), apiURL: server.url("api", path: "/v1"), tokens: tokens, user: grace)
        #expect(friends.compactMap(\.name) == ["Ada Lovelace", "Barbara Liskov"])
    }
}
