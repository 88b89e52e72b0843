import CourierTestSupport
import Foundation
import StripeAPI
import Testing

/// The generated Stripe client (from Stripe's own description, `Specs/stripe.json`) against the
/// loopback server, which answers `/v1/customers` as Stripe does. Serialized: the tests count the
/// requests that reach that path.
///
/// It pages through a list with its generated item sequence, as Stripe pages lists:
/// `starting_after` set to the last customer's id while `has_more`. The server's customers are
/// Stripe's own fixture object with their ids changed.
///
/// It sends form bodies as Stripe reads them: the description's `encoding` object gives nested
/// fields the `deepObject` style (`metadata[order]=7`, `address[city]=Paris`,
/// `preferred_locales[]=fr-FR`). The server parses the body as Stripe does and answers a hash
/// sent as one value (`metadata={"order":"7"}`) with Stripe's 400.
@Suite(.serialized) struct StripeClientTests {
    let api = Stripe(baseURL: TestServer.shared.baseURL)

    @Test func theItemSequenceWalksEveryPageOfCustomers() async throws {
        let before = try await TestServer.shared.hits("/v1/customers")
        var customers: [Customer] = []
        // Three customers a page: pages of 3, 3 and 1, the last with `has_more: false`.
        for try await customer in api.getCustomersItems(limit: 3) { customers.append(customer) }
        #expect(customers.map(\.id) == (0..<7).map { "cus_\($0)" })
        #expect(try await TestServer.shared.hits("/v1/customers") - before == 3)
        // Each is the whole fixture object, decoded as the description's `customer`.
        let last = try #require(customers.last)
        #expect(last.email == "customer6@example.com" && last.metadata == ["index": "6"])
        #expect(
            last.invoicePrefix == "5C1F753" && last.preferredLocales == [] && last.taxExempt == ._none)
    }

    @Test func theOperationsOtherArgumentsGoWithEveryPage() async throws {
        var emails: [String?] = []
        for try await customer in api.getCustomersItems(email: "customer4@example.com", limit: 1) {
            emails.append(customer.email)
        }
        #expect(emails == ["customer4@example.com"])
    }

    @Test func leavingTheLoopFetchesNoFurtherPage() async throws {
        let before = try await TestServer.shared.hits("/v1/customers")
        for try await customer in api.getCustomersItems(limit: 2) {
            #expect(customer.id == "cus_0")
            break
        }
        #expect(try await TestServer.shared.hits("/v1/customers") - before == 1)
    }

    @Test func nestedFieldsAreSentInBrackets() async throws {
        let customer = try await api.postCustomers(
            body: PostCustomersRequest(
                address: .optionalFieldsAddress(PostSourcesRequestOwnerAddress(city: "Paris", line1: "1 Rue de Rivoli")),
                email: "ada@example.com", metadata: .stringDictionary(["order": "7", "plan": "a b&c"]),
                name: "Ada", preferredLocales: ["fr-FR", "en"]))
        #expect(customer.email == "ada@example.com" && customer.name == "Ada")
        #expect(customer.metadata == ["order": "7", "plan": "a b&c"])
        #expect(customer.address?.city == "Paris" && customer.address?.line1 == "1 Rue de Rivoli")
        #expect(customer.preferredLocales == ["fr-FR", "en"])
    }
}
