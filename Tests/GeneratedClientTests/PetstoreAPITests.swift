import Courier
import Foundation
import PetstoreAPI
import Testing

/// The generated Petstore client: its models decode the spec's payloads and its endpoints
/// describe the spec's operations.
@Suite struct PetstoreAPITests {
    @Test func modelsDecodeAndEncode() throws {
        let pets = try JSONDecoder().decode(
            Pets.self, from: Data(#"[{"id":1,"name":"Rex","tag":"dog"},{"id":2,"name":"Tom"}]"#.utf8))
        #expect(pets.map(\.name) == ["Rex", "Tom"])
        #expect(pets[1].tag == nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(Pet(id: 3, name: "Kit")), as: UTF8.self) == #"{"id":3,"name":"Kit"}"#)
    }

    @Test func endpointsDescribeTheOperations() throws {
        let client = APIClient(baseURL: URL(string: "http://petstore.swagger.io/v1")!)
        let list = try client.makeRequest(for: Petstore.Endpoints.listPets(limit: 20))
        #expect(list.method == .get)
        #expect(list.url.absoluteString == "http://petstore.swagger.io/v1/pets?limit=20")
        let show = try client.makeRequest(for: Petstore.Endpoints.showPetByID(petID: "a/b"))
        #expect(show.url.absoluteString == "http://petstore.swagger.io/v1/pets/a%2Fb")
        #expect(Petstore.Servers.server1().absoluteString == "http://petstore.swagger.io/v1")
    }
}

// README: "Generate a client from an OpenAPI description"
func readmeGeneratorExample() async throws -> Pets {
    let petstore = Petstore()  // the first server in the description, or Petstore(baseURL:)
    let pets = try await petstore.listPets(limit: 20)
    return pets
}

@Suite struct PetstoreReadmeTests {
    @Test func theGeneratorSampleUsesTheDescriptionsServer() {
        #expect(Petstore().client.configuration.baseURL.absoluteString == "http://petstore.swagger.io/v1")
        // The sample itself talks to the public Petstore server, so it is compiled, not run here.
        _ = readmeGeneratorExample
    }
}
