import Courier
import CourierTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Credentials never follow a redirect to another origin, on the real loopback server.
@Suite struct RedirectSafetyTests {
    @Test(arguments: [307, 302])
    func credentialsAreDroppedOnARedirectToAnotherPort(status: Int) async throws {
        let other = TestServer.second.baseURL.appendingPathComponent("echo/elsewhere").absoluteString
        let client = TestServer.shared.client {
            $0.middlewares = [RequestParametersMiddleware { $0.headers["Authorization"] = "Bearer secret" }]
        }
        let echo = try await client.send(
            Endpoint<Echo>.get("/redirect").query("status", status).query("to", other).header("Cookie", "session=1"))
        #expect(echo.path == "/echo/elsewhere")
        #expect(echo.headers["authorization"] == nil)
        #expect(echo.headers["cookie"] == nil)
    }

    @Test func credentialsStayOnASameOriginRedirect() async throws {
        let client = TestServer.shared.client {
            $0.middlewares = [RequestParametersMiddleware { $0.headers["Authorization"] = "Bearer secret" }]
        }
        let echo = try await client.send(Endpoint<Echo>.get("/redirect").query("status", 307).query("to", "/echo/same"))
        #expect(echo.headers["authorization"] == "Bearer secret")
    }

    #if !canImport(FoundationNetworking)
        // Linux's Foundation has no `waitsForConnectivity` (no connectivity monitor).
        @Test func waitingForConnectivityIsOptIn() {
            #expect(URLSessionTransport.defaultConfiguration().waitsForConnectivity == false)
            #expect(URLSessionTransport.defaultConfiguration(waitsForConnectivity: true).waitsForConnectivity == true)
        }
    #endif
}
