import Courier
import CourierAsyncHTTPClient
import CourierTransportConformance
import Foundation
import Testing

// The samples of this transport in the README and in its documentation comments, verbatim inside
// functions that give them their free variables (the root package's `DocumentationSamplesTests`
// checks the text), and run here.

// README: "Server-side Swift: the AsyncHTTPClient transport"
func readmeAsyncHTTPClient(baseURL: URL) -> APIClient {
    let client = APIClient(baseURL: baseURL) {
        $0.transport = AsyncHTTPClientTransport()
    }
    return client
}

// AsyncHTTPClientTransport
func docAsyncHTTPClientTransport() -> APIClient {
    let client = APIClient(baseURL: URL(string: "https://api.example.com")!) {
        $0.transport = AsyncHTTPClientTransport()
    }
    return client
}

// AsyncHTTPClientTransport.init(client:maximumRedirects:maximumResponseBodySize:)
func docSharedHTTPClient() -> AsyncHTTPClientTransport {
    let transport = AsyncHTTPClientTransport(client: .shared)
    return transport
}

@Suite struct ReadmeSampleTests {
    @Test func theSampleClientTalksToTheServer() async throws {
        struct Echo: Decodable { var method: String }
        let client = readmeAsyncHTTPClient(baseURL: TransportConformance.serverURL(""))
        #expect(client.configuration.transport is AsyncHTTPClientTransport)
        #expect(try await client.send(Endpoint<Echo>.get("/echo")).method == "GET")
    }
}
