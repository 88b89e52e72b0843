// Compares Courier's APIClient with bare URLSession on small JSON GETs, interleaved in one run.
//
//     swift run -c release CourierBenchmark --url http://127.0.0.1:8080/user.json [--requests 2000] [--rounds 21]
//
// `Benchmarks/run.sh` starts nginx serving a static JSON file and runs this.

import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct User: Decodable, Sendable {
    var id: Int
    var name: String
    var email: String?
    var createdAt: Date
}

struct Options {
    var url: URL
    var requests = 2000
    var rounds = 21
    var concurrencies = [1, 32]
    /// `courier` or `urlsession` to run one side only, for profiling.
    var only: String?

    static func parse(_ arguments: [String]) -> Options? {
        var url: URL?
        var options = Options(url: URL(fileURLWithPath: "/"))
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            guard let value = iterator.next() else { return nil }
            switch argument {
            case "--url": url = URL(string: value)
            case "--requests": options.requests = Int(value) ?? options.requests
            case "--rounds": options.rounds = Int(value) ?? options.rounds
            case "--concurrency": options.concurrencies = value.split(separator: ",").compactMap { Int($0) }
            case "--only": options.only = value
            default: return nil
            }
        }
        guard let url else { return nil }
        options.url = url
        return options
    }
}

/// Process CPU time (user + system, all threads) in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

struct Measurement {
    var requestsPerSecond: Double
    var cpuMicrosecondsPerRequest: Double
}

/// Runs `total` calls of `call`, `concurrency` at a time, and measures throughput and CPU.
func measure(total: Int, concurrency: Int, _ call: @escaping @Sendable () async throws -> Void) async throws
    -> Measurement
{
    let cpuStart = cpuSeconds()
    let start = ContinuousClock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
        let perWorker = total / concurrency
        for _ in 0..<concurrency {
            group.addTask { for _ in 0..<perWorker { try await call() } }
        }
        try await group.waitForAll()
    }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let done = Double(total / concurrency * concurrency)
    return Measurement(
        requestsPerSecond: done / seconds, cpuMicrosecondsPerRequest: (cpuSeconds() - cpuStart) / done * 1_000_000)
}

func median(_ values: [Double]) -> Double {
    quantile(values, 0.5)
}

/// The value below which `fraction` of the values lie (nearest rank).
func quantile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

/// The median with the middle half of the values around it: `0.98 (0.95–1.01)`.
func spread(_ values: [Double], _ decimals: Int) -> String {
    "\(format(median(values), decimals)) (\(format(quantile(values, 0.25), decimals))–\(format(quantile(values, 0.75), decimals)))"
}

func format(_ value: Double, _ decimals: Int = 0) -> String {
    String(format: "%.\(decimals)f", value)
}

guard let options = Options.parse(CommandLine.arguments) else {
    print(
        "usage: CourierBenchmark --url URL [--requests N] [--rounds N] [--concurrency 1,32] [--only courier|urlsession]"
    )
    exit(2)
}

// Both sides make the same exchange: a GET with Courier's default headers (Accept and
// User-Agent), built for each call as an app builds it, decoded by the same decoder.
let path = options.url.path
let baseURL = URL(string: "/", relativeTo: options.url)!.absoluteURL
let decoder = JSONDecoder()
decoder.dateDecodingStrategy = .rfc3339
// Coalescing would merge the identical concurrent GETs into a few exchanges; turn it off so both
// sides send every request.
let client = APIClient(baseURL: baseURL) {
    $0.decoder = decoder
    $0.coalescesRequests = false
}
let endpoint = Endpoint<User>.get(EndpointPath(stringLiteral: path))
let headers = client.configuration.headers
let session = URLSession(configuration: URLSessionTransport.defaultConfiguration())

let bare: @Sendable () async throws -> Void = {
    var request = URLRequest(url: options.url)
    for field in headers { request.setValue(field.value, forHTTPHeaderField: field.name) }
    let (data, response) = try await session.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    _ = try decoder.decode(User.self, from: data)
}
let courier: @Sendable () async throws -> Void = {
    _ = try await client.send(endpoint)
}

if let only = options.only {
    // One side only, for a profiler: no comparison is printed.
    let call = only == "courier" ? courier : bare
    for concurrency in options.concurrencies {
        let result = try await measure(total: options.requests, concurrency: concurrency, call)
        print(
            "\(only) concurrency \(concurrency): \(format(result.requestsPerSecond)) req/s, \(format(result.cpuMicrosecondsPerRequest, 1)) CPU µs/req"
        )
    }
    exit(0)
}

// Warm up both paths (connections, caches, lazy initialisation).
_ = try await measure(total: 400, concurrency: 8, bare)
_ = try await measure(total: 400, concurrency: 8, courier)

print(
    "Courier vs bare URLSession: \(options.requests) GETs of \(options.url.absoluteString) per round, \(options.rounds) rounds, interleaved"
)
print(
    "Medians over the rounds; the ratio and the extra CPU compare the two runs of the same round, with the middle half of the rounds in brackets."
)
print(
    "concurrency | URLSession req/s | Courier req/s | throughput ratio | URLSession CPU µs/req | Courier CPU µs/req | extra CPU µs/req"
)
for concurrency in options.concurrencies {
    var bareRuns: [Measurement] = []
    var courierRuns: [Measurement] = []
    for round in 0..<options.rounds {
        // Alternate which goes first so drift in the machine's load affects both alike.
        if round % 2 == 0 {
            bareRuns.append(try await measure(total: options.requests, concurrency: concurrency, bare))
            courierRuns.append(try await measure(total: options.requests, concurrency: concurrency, courier))
        } else {
            courierRuns.append(try await measure(total: options.requests, concurrency: concurrency, courier))
            bareRuns.append(try await measure(total: options.requests, concurrency: concurrency, bare))
        }
    }
    let pairs = zip(bareRuns, courierRuns)
    print(
        [
            String(concurrency),
            format(median(bareRuns.map(\.requestsPerSecond))),
            format(median(courierRuns.map(\.requestsPerSecond))),
            spread(pairs.map { $1.requestsPerSecond / $0.requestsPerSecond }, 3),
            format(median(bareRuns.map(\.cpuMicrosecondsPerRequest)), 1),
            format(median(courierRuns.map(\.cpuMicrosecondsPerRequest)), 1),
            spread(pairs.map { $1.cpuMicrosecondsPerRequest - $0.cpuMicrosecondsPerRequest }, 1),
        ].joined(separator: " | "))
}
