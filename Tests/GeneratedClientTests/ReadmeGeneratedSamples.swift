import Courier
import CourierTesting
import Foundation
import FriendsAPI
import MuseumAPI
import PetstoreAPI
import ShowcaseAPI
import StripeAPI
import Testing

// The samples of generated clients in the README, the DocC articles and CourierTesting's
// documentation comments, verbatim, each inside a function that gives it its free variables
// (see `DocumentationSamplesTests`). `FriendsReadmeTests` runs the first one.

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

// DocC article "Generating a client"
func docArticlePetstore() async throws -> Pets {
    let petstore = Petstore()
    let pets = try await petstore.listPets(limit: 20)
    return pets
}

// DocC article "Paging through lists": a generated paging method (Stripe's).
func docArticleGeneratedPaging(api: Stripe) async throws -> [String] {
    var printed: [String] = []
    func print(_ item: String) { printed.append(item) }

    for try await customer in api.getCustomersItems(limit: 100) {
        print(customer.id)
    }
    return printed
}

// CourierTesting's `DescriptionExample`: run here as the test it shows.
@Suite struct DocumentedExampleCheck {
    @Test(arguments: MuseumAPIExamples.all)
    func examplesDecode(_ example: DescriptionExample) throws {
        let result = try example.check()
        #expect(result.changed.isEmpty, "\(result.changed)")
    }
}
