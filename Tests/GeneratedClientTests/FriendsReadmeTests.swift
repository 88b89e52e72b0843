import Courier
import CourierTestSupport
import Foundation
import FriendsAPI
import LoopbackServer
import Testing

// The README's first example (in `ReadmeGeneratedSamples.swift`), run against the local Friends
// servers.

@Suite struct FriendsReadmeTests {
    @Test func theFirstExampleRuns() async throws {
        let server = try PythonServer(script: "friends_server.py")
        defer { server.stop() }
        let session = try await FriendsAuth(baseURL: server.url("auth"))
            .login(body: CredentialsModel(email: "grace@example.com", password: "grace"))
        let tokens = InMemoryTokenStore(
            AuthTokens(accessToken: session.accessToken, refreshToken: session.refreshToken))
        let grace = User(id: 3, avatarURL: URL(string: "https://avatars.example.com/3.png")!, createdAt: Date())
        let friends = try await readmeFirstExample(
            authURL: server.url("auth"), apiURL: server.url("api", path: "/v1"), tokens: tokens, user: grace)
        #expect(friends.compactMap(\.name) == ["Ada Lovelace", "Barbara Liskov"])
    }
}
