import Courier
import Foundation
import Testing

extension TransportConformance {
    /// Redirects follow the rules of `TransportRequest.redirected(by:)` on every transport.
    static let redirectCases: [TransportConformance] =
        [307, 308].map { status in
            TransportConformance("a \(status) redirect keeps the method and body") { environment in
                let endpoint = Endpoint<Echo>.post("/redirect", body: .json(["kept": true]))
                    .query("status", status).query("to", "/echo/after")
                let response = try await environment.client().response(for: endpoint)
                #expect(response.value.method == "POST")
                #expect(response.value.path == "/echo/after")
                #expect(response.value.body == #"{"kept":true}"#)
                #expect(response.url?.path == "/echo/after")
            }
        }
        + [301, 302, 303].map { status in
            TransportConformance("a \(status) redirect turns a POST into a GET without a body") { environment in
                let endpoint = Endpoint<Echo>.post("/redirect", body: .json(["dropped": true]))
                    .query("status", status).query("to", "/echo/after")
                let echo = try await environment.client().send(endpoint)
                #expect(echo.method == "GET")
                #expect(echo.body == "")
                #expect(echo.headers["content-type"] == nil)
            }
        }
        + [307, 302].map { status in
            TransportConformance("credentials are dropped on a \(status) redirect to another origin") { environment in
                let other = environment.otherServer.baseURL.appendingPathComponent("echo/elsewhere").absoluteString
                let client = environment.client {
                    $0.middlewares = [RequestParametersMiddleware { $0.headers["Authorization"] = "Bearer secret" }]
                }
                let echo = try await client.send(
                    Endpoint<Echo>.get("/redirect").query("status", status).query("to", other)
                        .header("Cookie", "session=1"))
                #expect(echo.path == "/echo/elsewhere")
                #expect(echo.headers["authorization"] == nil)
                #expect(echo.headers["cookie"] == nil)
            }
        } + [
            TransportConformance("credentials stay on a same-origin redirect") { environment in
                let client = environment.client {
                    $0.middlewares = [RequestParametersMiddleware { $0.headers["Authorization"] = "Bearer secret" }]
                }
                let echo = try await client.send(
                    Endpoint<Echo>.get("/redirect").query("status", 307).query("to", "/echo/same"))
                #expect(echo.headers["authorization"] == "Bearer secret")
            },
            TransportConformance("a redirect loop ends with httpTooManyRedirects") { environment in
                await #expect {
                    try await environment.client().send(Endpoint<Data>.get("/loop"))
                } throws: { error in
                    isServiceError(error) {
                        guard case .transport(let failure) = $0 else { return false }
                        return failure.code == .httpTooManyRedirects
                    }
                }
            },
        ]
}
