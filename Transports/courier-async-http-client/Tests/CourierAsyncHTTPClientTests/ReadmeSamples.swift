import Courier
import CourierAsyncHTTPClient
import CourierTransportConformance
import Foundation
import Testing

// The README's sample of this transport, verbatim inside a function that gives it its free
// variables (the root package's `ReadmeSamplesTests` checks the text), and run here.

// README: "Server-side Swift: the AsyncHTTPClient transport"
func readmeAsyncHTTPClient(baseURL: URL) -> APIClient {
    let client = APIClient(baseURL: baseURL) {
        $0.transport = AsyncHTTPClientTransport()
    }
    return client
}

@Suite struct ReadmeSampleTests {
    @Test func theSampleClientTalksToTheServer() async throws {
        struct Echo: Decodable { var method: String }
        let client = readmeAsyncHTTPClient(baseURL: TransportConformance.serverURL(""))
        #expect(client.configuration.transport is AsyncHTTPClientTransport)
        #expect(try await client.send(Endpoint<Echo>.get("/echo")).method == "GET")
    }
}
