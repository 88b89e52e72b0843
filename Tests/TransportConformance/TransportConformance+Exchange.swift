import Courier
import Foundation
import Testing

extension TransportConformance {
    /// Requests and responses arrive exactly as sent.
    static let exchangeCases: [TransportConformance] = [
        TransportConformance("path, query, headers and body arrive exact") { environment in
            let hostile = "a/../b?x=1#y"
            let endpoint = Endpoint<Echo>.post("/echo/\(hostile)", body: .json(["name": "Ada & Bob"]))
                .query("q", "a+b & c=d;e#f g")
                .query("id", [1, 2])
                .header("X-Unicode", "caf\u{E9}")
            let echo = try await environment.client().send(endpoint)
            #expect(echo.method == "POST")
            #expect(echo.path == "/echo/a%2F..%2Fb%3Fx%3D1%23y")
            #expect(echo.query["q"] == ["a+b & c=d;e#f g"])
            #expect(echo.query["id"] == ["1", "2"])
            #expect(echo.body == #"{"name":"Ada & Bob"}"#)
            #expect(echo.headers["content-type"] == "application/json")
            #expect(echo.headers["user-agent"]?.hasPrefix("Courier/") == true)
        },
        TransportConformance("every method reaches the server") { environment in
            let client = environment.client()
            for method in [RequestMethod.get, .post, .put, .patch, .delete, .options, .query, .init(rawValue: "PURGE")]
            {
                let echo = try await client.send(Endpoint<Echo>(method: method, path: "/echo"))
                #expect(echo.method == method.rawValue)
            }
            // QUERY carries its query in the body.
            let search = try await client.send(Endpoint<Echo>(method: .query, path: "/echo", body: .json(["q": "ada"])))
            #expect(search.method == "QUERY" && search.body == #"{"q":"ada"}"#)
        },
        TransportConformance("repeated request fields reach the server as one list") { environment in
            var request = environment.request("/echo")
            request.headers.add("first", for: "X-Tag")
            request.headers.add("second", for: "x-tag")
            let response = try await environment.makeTransport().send(request)
            let echo = try JSONDecoder().decode(Echo.self, from: try await response.body.collect(upTo: .max))
            // Sent as one list or as two fields, both values arrive (the server joins fields).
            #expect(echo.headers["x-tag"] == "first, second")
        },
        TransportConformance("the response keeps status, headers, raw body, URL, start and duration") { environment in
            let response = try await environment.client().response(
                for: Endpoint<User>.get("/slow").query("seconds", 0.05))
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json")
            #expect(response.headers["Content-Length"] == String(response.body.count))
            #expect(try JSONSerialization.jsonObject(with: response.body) is [String: Any])
            #expect(response.url?.path == "/slow")
            #expect(response.duration >= .milliseconds(50))
        },
        TransportConformance("error statuses are returned with their body, not thrown") { environment in
            for status in [400, 401, 404, 500, 503] {
                let response = try await environment.makeTransport().send(environment.request("/status/\(status)"))
                #expect(response.status == status)
                let body = try await response.body.collect(upTo: .max)
                #expect(String(decoding: body, as: UTF8.self).contains("Request failed with \(status)"))
                #expect(response.headers["X-Request-Id"] == "req-123")
            }
        },
        TransportConformance("an authentication challenge is returned as a response") { environment in
            let request = environment.request("/status/401?challenge=Basic%20realm%3D%22api%22")
            let response = try await environment.makeTransport().send(request)
            #expect(response.status == 401)
            #expect(response.headers["WWW-Authenticate"] == #"Basic realm="api""#)
            let body = try await response.body.collect(upTo: .max)
            #expect(!body.isEmpty)
        },
        TransportConformance("a ten-megabyte body arrives whole") { environment in
            let size = 10 * 1024 * 1024
            let response = try await environment.makeTransport().send(environment.request("/large?bytes=\(size)"))
            let body = try await response.body.collect(upTo: .max)
            #expect(body.count == size)
            #expect(body.suffix(2) == Data(#""}"#.utf8))
        },
        TransportConformance("204 and HEAD have empty bodies") { environment in
            let transport = environment.makeTransport()
            let noContent = try await transport.send(environment.request("/no-content", method: .delete))
            let noContentBody = try await noContent.body.collect(upTo: .max)
            #expect(noContent.status == 204 && noContentBody.isEmpty)
            let head = try await transport.send(environment.request("/echo", method: .head))
            let headBody = try await head.body.collect(upTo: .max)
            #expect(head.status == 200 && headBody.isEmpty)
            #expect(head.headers["Content-Length"] == "42")
        },
        TransportConformance("cookies are neither stored nor sent by default") { environment in
            let client = environment.client()
            _ = try await client.send(Endpoint<EmptyResponse>.get("/cookie/set"))
            let echo = try await client.send(Endpoint<Echo>.get("/echo"))
            #expect(echo.headers["cookie"] == nil)
        },
        TransportConformance("64 concurrent calls on one client all complete") { environment in
            let client = environment.client()
            let paths = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<64 {
                    group.addTask {
                        try await client.send(Endpoint<Echo>.get("/echo/\(index)").option(.notCoalesced)).path
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(paths.count == 64)
        },
    ]
}
