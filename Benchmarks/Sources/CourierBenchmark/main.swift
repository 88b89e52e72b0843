// Compares, in one interleaved run on small JSON GETs: bare URLSession (with its default URL cache,
// and without one, as Courier's transport must be on Linux), Courier over URLSession,
// raw AsyncHTTPClient and Courier over AsyncHTTPClient; each Courier client with its calls listed, as by default, and not,
// and unlisted Courier over AsyncHTTPClient with the timeout raw AsyncHTTPClient's calls have; and
// AsyncHTTPClient's delegate API, which Courier's transport uses, with and without a deadline; and
// Courier over a transport that answers at once, which costs Courier's own work and the decoding.
//
//     bash Benchmarks/run.sh [--requests 2000] [--rounds 21] [--concurrency 1,32] [--only NAME]
//
// `Benchmarks/run.sh` starts nginx serving a static JSON file and runs this in release mode.

import AsyncHTTPClient
@_spi(Transports) import Courier
import CourierAsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct User: Decodable, Sendable {
    var id: Int
    var name: String
    var email: String?
    var createdAt: Date
}

/// One way of making the call, measured against the others.
struct Contender {
    var name: String
    /// How many times `--requests` a round sends, so that every contender's round lasts about as
    /// long: a round of 2,000 requests over AsyncHTTPClient is over in some 60 ms, too short to
    /// measure steadily.
    var scale = 1
    var call: @Sendable () async throws -> Void
}

guard let options = Options.parse(CommandLine.arguments) else {
    print(Options.usage)
    exit(2)
}

// Every contender makes the same exchange: a GET with Courier's default headers (Accept and
// User-Agent), built for each call as an app builds it, decoded by the same decoder.
let path = options.url.path
let baseURL = URL(string: "/", relativeTo: options.url)!.absoluteURL
let decoder = JSONDecoder()
decoder.dateDecodingStrategy = .rfc3339
let endpoint = Endpoint<User>.get(EndpointPath(stringLiteral: path))
let defaultHeaders = APIClient.Configuration(baseURL: baseURL).headers
// AsyncHTTPClient keeps 8 connections per host by default; both of its contenders get as many as
// the highest concurrency measured.
var ahcConfiguration = AsyncHTTPClientTransport.defaultConfiguration()
ahcConfiguration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = options.concurrencies.max() ?? 8

/// Shuts a client down, with the async overload that top-level code does not pick by itself.
func shutDown(_ client: HTTPClient) async throws { try await client.shutdown() }

/// A Courier client over a transport. Coalescing would merge the identical concurrent GETs into a
/// few exchanges; it is off, so that every contender sends every request. `listed: false` is the
/// setting for a server that never cancels a call by id: exchanges run in the calling task.
func courierClient(_ transport: any Transport, listed: Bool = true) -> APIClient {
    APIClient(baseURL: baseURL) {
        $0.decoder = decoder
        $0.coalescesRequests = false
        $0.listsInFlightRequests = listed
        $0.transport = transport
    }
}

/// AsyncHTTPClient is several times faster here than URLSession: its rounds send this many times more.
let ahcScale = 8

let session = URLSession(configuration: URLSessionTransport.defaultConfiguration())
/// Bare URLSession configured as Courier's transport must be on Linux: without a URL cache (with
/// one, Foundation there stops the process when a task is cancelled as it starts or ends).
let uncachedSession: URLSession = {
    let configuration = URLSessionTransport.defaultConfiguration()
    configuration.urlCache = nil
    return URLSession(configuration: configuration)
}()
let courierOverURLSession = courierClient(URLSessionTransport())
let unlistedCourierOverURLSession = courierClient(URLSessionTransport(), listed: false)
let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: ahcConfiguration)
let courierOverAHC = courierClient(AsyncHTTPClientTransport(configuration: ahcConfiguration))
let unlistedCourierOverAHC = courierClient(
    AsyncHTTPClientTransport(configuration: ahcConfiguration), listed: false)

/// A transport that answers every request at once with the file's body: a client over it costs
/// only Courier's own work and the decoding. Like the AsyncHTTPClient transport, it ends one
/// exchange by itself (its answer is never late), so listed calls run in the calling task as they
/// do over AsyncHTTPClient.
struct InstantTransport: ExchangeCancellingTransport {
    let body: Data
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await withExchangeCancellationHandler {
            TransportResponse(status: 200, headers: ["Content-Type": "application/json"], body: body, url: request.url)
        } onCancel: {}
    }
}
let instantBody = try await {
    var request = HTTPClientRequest(url: options.url.absoluteString)
    request.headers.add(name: "Accept", value: "application/json")
    let response = try await httpClient.execute(request, timeout: .seconds(30))
    return Data(buffer: try await response.body.collect(upTo: 1 << 20))
}()
let courierOverInstant = courierClient(InstantTransport(body: instantBody))
let unlistedCourierOverInstant = courierClient(InstantTransport(body: instantBody), listed: false)

/// The call through AsyncHTTPClient's delegate API, the response accumulated in memory.
@Sendable func delegateCall(deadline: NIODeadline?) async throws {
    var request = try HTTPClient.Request(url: options.url.absoluteString, method: .GET)
    for field in defaultHeaders { request.headers.add(name: field.name, value: field.value) }
    let task = httpClient.execute(request: request, delegate: ResponseAccumulator(request: request), deadline: deadline)
    let response = try await task.get()
    guard response.status == .ok, let body = response.body else { throw URLError(.badServerResponse) }
    _ = try decoder.decode(User.self, from: Data(buffer: body))
}

/// The call as an app makes it with bare URLSession.
@Sendable func bareCall(_ session: URLSession) async throws {
    var request = URLRequest(url: options.url)
    for field in defaultHeaders { request.setValue(field.value, forHTTPHeaderField: field.name) }
    let (data, response) = try await session.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    _ = try decoder.decode(User.self, from: data)
}

let contenders = [
    Contender(name: "URLSession") { try await bareCall(session) },
    Contender(name: "URLSession uncached") { try await bareCall(uncachedSession) },
    Contender(name: "Courier/URLSession") { _ = try await courierOverURLSession.send(endpoint) },
    Contender(name: "Courier/URLSession unlisted") { _ = try await unlistedCourierOverURLSession.send(endpoint) },
    Contender(name: "AHC", scale: ahcScale) {
        var request = HTTPClientRequest(url: options.url.absoluteString)
        for field in defaultHeaders { request.headers.add(name: field.name, value: field.value) }
        let response = try await httpClient.execute(request, timeout: .seconds(30))
        guard response.status == .ok else { throw URLError(.badServerResponse) }
        let body = try await response.body.collect(upTo: 1 << 20)
        _ = try decoder.decode(User.self, from: body)
    },
    // AsyncHTTPClient's delegate API, which Courier's transport uses for bodies in memory (its
    // deadline covers the body), without and with a deadline: what AsyncHTTPClient itself costs
    // on the path Courier takes.
    Contender(name: "AHC delegate", scale: ahcScale) { try await delegateCall(deadline: nil) },
    Contender(name: "AHC delegate 30 s", scale: ahcScale) { try await delegateCall(deadline: .now() + .seconds(30)) },
    Contender(name: "Courier/AHC", scale: ahcScale) { _ = try await courierOverAHC.send(endpoint) },
    Contender(name: "Courier/AHC unlisted", scale: ahcScale) { _ = try await unlistedCourierOverAHC.send(endpoint) },
    // No network: Courier's own work in a call, and the decoding.
    Contender(name: "Courier/instant", scale: ahcScale) { _ = try await courierOverInstant.send(endpoint) },
    Contender(name: "Courier/instant unlisted", scale: ahcScale) { _ = try await unlistedCourierOverInstant.send(endpoint) },
    // With the 30 s timeout raw AsyncHTTPClient's call gives itself: the timeout's own cost.
    Contender(name: "Courier/AHC unlisted 30 s", scale: ahcScale) {
        _ = try await unlistedCourierOverAHC.send(endpoint.timeout(.seconds(30)))
    },
]

if let only = options.only {
    // One contender alone, for a profiler: no comparison is printed.
    guard let contender = contenders.first(where: { $0.name == only }) else {
        print("--only takes one of: \(contenders.map(\.name).joined(separator: ", "))")
        exit(2)
    }
    for concurrency in options.concurrencies {
        let result = try await Measurement.run(
            total: options.requests * contender.scale, concurrency: concurrency, contender.call)
        print(
            "\(only) concurrency \(concurrency): \(Statistics.format(result.requestsPerSecond)) req/s, \(Statistics.format(result.cpuMicrosecondsPerRequest, 1)) CPU µs/req"
        )
    }
    try await shutDown(httpClient)
    exit(0)
}

// Warm up every path (connections, caches, lazy initialisation).
for contender in contenders {
    _ = try await Measurement.run(total: 400, concurrency: options.concurrencies.max() ?? 8, contender.call)
}

print(
    "\(options.requests) GETs of \(options.url.absoluteString) per round (\(options.requests * ahcScale) for AsyncHTTPClient's contenders), \(options.rounds) rounds, interleaved."
)
print(
    "Medians over the rounds. Ratios compare the two contenders' runs in the same round; the middle half of the rounds is in brackets."
)
for concurrency in options.concurrencies {
    var runs: [String: [Measurement]] = [:]
    for round in 0..<options.rounds {
        // Forwards, then backwards (ABBA): each pair compared swaps who goes first from one
        // round to the next, so drift in the machine's load and what ran just before affect
        // both alike.
        for contender in round % 2 == 0 ? contenders : contenders.reversed() {
            runs[contender.name, default: []].append(
                try await Measurement.run(
                    total: options.requests * contender.scale, concurrency: concurrency, contender.call))
        }
    }
    print("\nconcurrency \(concurrency)")
    print("contender                   | req/s  | CPU µs/req")
    for contender in contenders {
        let measured = runs[contender.name] ?? []
        print(
            contender.name.padding(toLength: 27, withPad: " ", startingAt: 0) + " | "
                + Statistics.format(Statistics.median(measured.map(\.requestsPerSecond))).padding(
                    toLength: 6, withPad: " ", startingAt: 0) + " | "
                + Statistics.format(Statistics.median(measured.map(\.cpuMicrosecondsPerRequest)), 1))
    }
    func ratio(_ numerator: String, _ denominator: String) -> String {
        let pairs = zip(runs[numerator] ?? [], runs[denominator] ?? [])
        return Statistics.spread(pairs.map { $0.requestsPerSecond / $1.requestsPerSecond }, 3)
    }
    func extraCPU(_ contender: String, over base: String) -> String {
        let pairs = zip(runs[contender] ?? [], runs[base] ?? [])
        return Statistics.spread(pairs.map { $0.cpuMicrosecondsPerRequest - $1.cpuMicrosecondsPerRequest }, 1)
    }
    print("AHC delegate ÷ AHC (throughput):              \(ratio("AHC delegate", "AHC"))")
    print("AHC delegate 30 s ÷ AHC (throughput):         \(ratio("AHC delegate 30 s", "AHC"))")
    print("Courier/AHC ÷ AHC (throughput):               \(ratio("Courier/AHC", "AHC"))")
    print("Courier/AHC unlisted ÷ AHC (throughput):      \(ratio("Courier/AHC unlisted", "AHC"))")
    print("Courier/AHC unlisted 30 s ÷ AHC (throughput): \(ratio("Courier/AHC unlisted 30 s", "AHC"))")
    print("Courier/AHC ÷ Courier/URLSession (throughput): \(ratio("Courier/AHC", "Courier/URLSession"))")
    print("Courier/URLSession ÷ URLSession (throughput):  \(ratio("Courier/URLSession", "URLSession"))")
    print("Courier/URLSession unlisted ÷ URLSession:      \(ratio("Courier/URLSession unlisted", "URLSession"))")
    print("URLSession uncached ÷ URLSession:              \(ratio("URLSession uncached", "URLSession"))")
    print("Courier/URLSession ÷ URLSession uncached:      \(ratio("Courier/URLSession", "URLSession uncached"))")
    print("AHC delegate 30 s's extra CPU µs/req over AHC delegate: \(extraCPU("AHC delegate 30 s", over: "AHC delegate"))")
    print("Listing's CPU µs/req over an instant transport: \(extraCPU("Courier/instant", over: "Courier/instant unlisted"))")
    print("Courier's extra CPU µs/req over AHC:          \(extraCPU("Courier/AHC", over: "AHC"))")
    print("Unlisted Courier's extra CPU µs/req over AHC: \(extraCPU("Courier/AHC unlisted", over: "AHC"))")
    print("Courier's extra CPU µs/req over URLSession:   \(extraCPU("Courier/URLSession", over: "URLSession"))")
}
try await shutDown(httpClient)
