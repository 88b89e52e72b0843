// A tour of the Courier runtime against the local test server.
//
//     swift run courier-demo [--base-url URL]
//
// With no arguments it starts `Tests/Server/server.py` (python3, standard library only) on a
// free loopback port and stops it at the end.

import Courier
import Foundation
import LoopbackServer

struct User: Decodable, Sendable {
    var id: Int
    var name: String
    var email: String?
    var createdAt: Date
}

struct Echo: Decodable, Sendable {
    var method: String
    var path: String
    var query: [String: [String]]
    var headers: [String: String]
}

func step(_ title: String) { print("\n▸ \(title)") }

var baseURL: URL
var server: PythonServer?
let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--base-url"), index + 1 < arguments.count,
    let url = URL(string: arguments[index + 1])
{
    baseURL = url
} else {
    do {
        let local = try PythonServer(script: "server.py", arguments: ["--port", "0"])
        server = local
        baseURL = local.url("PORT")
    } catch {
        print("Could not start the local server (is python3 installed?): \(error)")
        exit(1)
    }
}
print("Courier \(CourierInfo.version) demo against \(baseURL.absoluteString)")

let token = "demo-token"
let client = APIClient(baseURL: baseURL) {
    $0.middlewares = [RequestParametersMiddleware { $0.headers["Authorization"] = "Bearer \(token)" }]
    $0.successfulErrorBodyType = ErrorEnvelope<CommonErrorBody>.self
}

step("Load a user: try await client.send(Endpoint<User>.get(\"/user\"))")
do {
    let user = try await client.send(Endpoint<User>.get("/user"))
    print("  \(user.name) <\(user.email ?? "no email")>, joined \(user.createdAt)")
} catch {
    print("  failed: \(error)")
}

step("The access token travels with every call, added once by a middleware")
if let echo = try? await client.send(Endpoint<Echo>.get("/echo/\("a/../b?x=1")").query("q", "a+b & c")) {
    print("  the server saw \(echo.method) \(echo.path) with Authorization: \(echo.headers["authorization"] ?? "-")")
    print("  hostile path value stayed one segment; query q = \(echo.query["q"]?.first ?? "-")")
}

step("The full response: status, headers, raw body, timing")
if let response = try? await client.response(for: Endpoint<User>.get("/user")) {
    print(
        "  \(response.status), \(response.headers["Content-Type"] ?? "?"), \(response.body.count) bytes in \(response.timing.duration)"
    )
}

step("A server error carries the server's own message")
do {
    _ = try await client.send(Endpoint<User>.get("/status/404"))
} catch .server(let failure) {
    print("  caught .server: HTTP \(failure.status), \"\(failure.message ?? "")\"")
} catch {
    print("  unexpected: \(error)")
}

step("An HTML 502 from a proxy is still a server error, with status and raw body")
do {
    _ = try await client.send(Endpoint<User>.get("/status/502").query("format", "html"))
} catch .server(let failure) {
    print(
        "  caught .server: \(ServiceError.server(failure).localizedDescription) (\(failure.response.body.count) bytes of \(failure.response.mediaType ?? "?"))"
    )
} catch {
    print("  unexpected: \(error)")
}

step("A 200 whose body reports an error (a \"successful error\")")
do {
    _ = try await client.send(Endpoint<User>.get("/successful-error"))
} catch .server(let failure) where failure.isSuccessfulError {
    print("  caught .server from a 200: \"\(failure.message ?? "")\"")
} catch {
    print("  unexpected: \(error)")
}

step("Cancelling the task cancels the request mid-flight")
let started = ContinuousClock.now
let slow = Task { try await client.send(Endpoint<User>.get("/slow").query("seconds", 5)) }
try? await Task.sleep(for: .milliseconds(300))
slow.cancel()
if case .failure(let error) = await slow.result {
    print("  a 5 s request ended after \(ContinuousClock.now - started): \(error)")
}

step("Bad input gets a clear error, never a crash")
do {
    _ = try await client.send(Endpoint<User>.get("/malformed"))
} catch {
    print("  \(error.localizedDescription)")
}

server?.stop()
print("\nDone.")
