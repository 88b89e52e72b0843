import Courier
import CourierTesting
import Foundation
import FriendsAPI
import MuseumAPI
import PetstoreAPI
import ShowcaseAPI
import Testing

// The README's samples of generated clients, verbatim, each inside a function that gives it its
// free variables (see `ReadmeSamplesTests`). `FriendsReadmeTests` runs the first one.

// README: the first example
func readmeFirstExample(authURL: URL, apiURL: URL, tokens: InMemoryTokenStore, user: FriendsAPI.User) async throws
    -> [FriendsAPI.User]
{
    let auth = FriendsAuth(baseURL: authURL)
    let api = Friends(baseURL: apiURL) {
        $0.middlewares = [
            AuthenticationMiddleware(store: tokens) { tokens in
                let session = try await auth.refresh(body: RefreshRequest(refreshToken: tokens.refreshToken ?? ""))
                return AuthTokens(accessToken: session.accessToken, refreshToken: session.refreshToken)
            }
        ]
    }
    let friends = try await api.friends(of: user)
    return friends
}

// README: "Generate a client from an OpenAPI description" (compiled only: the description's
// server is on the internet)
func readmePetstore() async throws -> Pets {
    let petstore = Petstore()  // the first server in the description, or Petstore(baseURL:)
    let pets = try await petstore.listPets(limit: 20)
    return pets
}

// README: "Streamed responses" of the generator section, run by `readmeStreamingSampleRuns`.
func readmeGeneratedStream(showcase: Showcase, print: (Any...) -> Void) async throws {
    for try await tick in try await showcase.listTicksStream(events: 3, done: 1) {
        print(tick.index, tick.text)
    }
}

// README: "Check the generated types against the description's examples", run as a test.
@Test(arguments: MuseumAPIExamples.all)
func examplesDecodeFaithfully(_ example: DescriptionExample) throws {
    let result = try example.check()  // throws the decoding error when the type cannot read it
    #expect(result.changed.isEmpty, "\(result.changed)")
}
