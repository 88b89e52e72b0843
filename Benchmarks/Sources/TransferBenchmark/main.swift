// Large transfers, each in a process of its own so that its peak memory is its own: the parent
// re-runs this executable with `--scenario NAME` and prints the figures side by side.
//
// Run through `bash Benchmarks/transfers.sh`, which starts nginx with the file to download and a
// location that discards uploads.
import AsyncHTTPClient
import BenchmarkSupport
import Courier
import CourierAsyncHTTPClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct Arguments {
    var base = ""
    var uploads = ""
    var rounds = 3
    var file = ""
    /// A small file (and `/small.bin` on the server) for the warm-up transfer.
    var smallFile = ""
    var scratch = NSTemporaryDirectory()
    var scenario: String?
    /// Runs only the scenarios whose name contains this text (`--only stream`).
    var only: String?

    init() {
        var iterator = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--base": base = iterator.next() ?? ""
            case "--uploads": uploads = iterator.next() ?? ""
            case "--rounds": rounds = iterator.next().flatMap { Int($0) } ?? rounds
            case "--file": file = iterator.next() ?? ""
            case "--small-file": smallFile = iterator.next() ?? ""
            case "--scratch": scratch = iterator.next() ?? scratch
            case "--scenario": scenario = iterator.next()
            case "--only": only = iterator.next()
            default: FileHandle.standardError.write(Data("Unknown argument \(argument)\n".utf8))
            }
        }
    }
}

/// Bare URLSession with a data delegate that counts and drops each chunk: the baseline.
final class CountingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var continuation: CheckedContinuation<Int, any Error>?

    func start(_ url: URL) async throws -> Int {
        let session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return try await withCheckedThrowingContinuation { continuation in
            lock.withLock { self.continuation = continuation }
            session.dataTask(with: url).resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { count += data.count }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, count) = lock.withLock { (self.continuation, self.count) }
        if let error { continuation?.resume(throwing: error) } else { continuation?.resume(returning: count) }
    }
}

/// Bare URLSession uploading a file (`uploadTask(with:fromFile:)`, Foundation reads the file
/// itself): the baseline for uploads.
func bareUpload(of file: URL, to server: URL, size: Int) async throws -> Int {
    var request = URLRequest(url: server.appendingPathComponent("stream/upload"))
    request.httpMethod = "POST"
    let session = URLSession(configuration: .default)
    defer { session.finishTasksAndInvalidate() }
    let data: Data = try await withCheckedThrowingContinuation { continuation in
        session.uploadTask(with: request, fromFile: file) { data, _, error in
            if let error {
                continuation.resume(throwing: error)
            } else {
                continuation.resume(returning: data ?? Data())
            }
        }.resume()
    }
    let received = try JSONDecoder().decode(Received.self, from: data).bytes
    guard received >= size else { throw CocoaError(.fileReadCorruptFile) }
    return received
}

/// What the test server answers to an upload: how many bytes it read.
struct Received: Decodable, Sendable { var bytes: Int }

/// Uploads a body to the test server, which reads every byte before answering with the count.
func upload(_ body: RequestBody, with client: APIClient, to server: URL, size: Int) async throws -> Int {
    let endpoint = Endpoint<Received>.post(.absolute(server.appendingPathComponent("stream/upload")), body: body)
    let received = try await client.send(endpoint, progress: { _ in }).bytes
    guard received >= size else { throw CocoaError(.fileReadCorruptFile) }
    return received
}

/// Runs one scenario in this process; returns the bytes it moved.
/// - Parameters:
///   - small: Whether to move the small file (the warm-up) rather than the large one.
func run(_ scenario: String, _ arguments: Arguments, small: Bool = false) async throws -> Int {
    let base = URL(string: arguments.base)!
    let path = small ? arguments.smallFile : arguments.file
    let name = small ? "small.bin" : "big.bin"
    let fileSize = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let urlSession = APIClient(baseURL: base)
    let ahc = APIClient(baseURL: base) { $0.transport = AsyncHTTPClientTransport() }
    let uploads = URL(string: arguments.uploads)!
    func consume(_ client: APIClient) async throws -> Int {
        let streaming = try await client.stream(Endpoint<EmptyResponse>.get("/\(name)"))
        var count = 0
        for try await chunk in streaming.body { count += chunk.count }
        return count
    }
    let parts = scenario.components(separatedBy: ", ")
    let destination = URL(fileURLWithPath: arguments.scratch).appendingPathComponent("download-\(UUID()).bin")
    defer { try? FileManager.default.removeItem(at: destination) }
    let sourceFile = URL(fileURLWithPath: path)
    if scenario == "bare URLSession delegate, stream" {
        return try await CountingDelegate().start(base.appendingPathComponent(name))
    }
    if scenario == "bare URLSession, upload file" {
        return try await bareUpload(of: sourceFile, to: uploads, size: fileSize)
    }
    let client = parts.first == "Courier/AHC" ? ahc : urlSession
    switch parts.last {
    case "stream": return try await consume(client)
    case "download to file":
        try await client.download(Endpoint<EmptyResponse>.get("/\(name)"), to: destination)
    case "upload file":
        _ = try await upload(.file(sourceFile), with: client, to: uploads, size: fileSize)
    case "multipart with the file":
        var form = MultipartForm()
        form.append("title", "benchmark")
        form.append("file", file: sourceFile)
        _ = try await upload(.multipart(form), with: client, to: uploads, size: fileSize)
    default:
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "No scenario \(scenario)"])
    }
    return fileSize
}

let scenarios = [
    "bare URLSession delegate, stream",
    "Courier/URLSession, stream",
    "Courier/AHC, stream",
    "Courier/URLSession, download to file",
    "Courier/AHC, download to file",
    "bare URLSession, upload file",
    "Courier/URLSession, upload file",
    "Courier/AHC, upload file",
    "Courier/URLSession, multipart with the file",
    "Courier/AHC, multipart with the file",
]

let arguments = Arguments()
let chosen = scenarios.filter { arguments.only.map($0.contains) ?? true }
if let scenario = arguments.scenario {
    // Child: the same transfer of the small file first (the warm-up), then the large one. How far
    // the large one raises the peak over the small one's is what grows with the size.
    let before = residentBytes()
    _ = try await run(scenario, arguments, small: true)
    let warmedUp = peakBytes()
    let start = ContinuousClock.now
    let bytes = try await run(scenario, arguments)
    let seconds = (ContinuousClock.now - start) / .seconds(1)
    print("\(bytes) \(seconds) \(before) \(warmedUp) \(peakBytes())")
} else {
    let size = (try FileManager.default.attributesOfItem(atPath: arguments.file)[.size] as? Int) ?? 0
    print("Transfers of \(size >> 20) MB over loopback (nginx), each in its own process.")
    let small = (try FileManager.default.attributesOfItem(atPath: arguments.smallFile)[.size] as? Int) ?? 0
    print("Each process first moves \(small >> 20) MB the same way (the warm-up), then the large file.")
    print("peak +MB: the process's peak resident size minus its size before both transfers.")
    print("over small +MB: how much higher the peak got during the large transfer than during the small one,")
    print("the memory that grows with the size of a transfer.")
    print("")
    print("Each scenario runs \(arguments.rounds) times, in alternating order; the median rate and the largest")
    print("memory increase are shown.")
    print("")
    var rates: [String: [Double]] = [:]
    var raises: [String: [Double]] = [:]
    var growths: [String: [Double]] = [:]
    for round in 0..<arguments.rounds {
        for scenario in round % 2 == 0 ? chosen : chosen.reversed() {
            let childArguments = [
                "--base", arguments.base, "--uploads", arguments.uploads, "--file", arguments.file, "--small-file",
                arguments.smallFile, "--scratch", arguments.scratch, "--scenario", scenario,
            ]
            guard let figures = try measureInChildProcess(childArguments, numbers: 5) else { continue }
            let (bytes, seconds, before, warmedUp, peak) = (figures[0], figures[1], figures[2], figures[3], figures[4])
            rates[scenario, default: []].append(bytes / seconds / 1_048_576)
            raises[scenario, default: []].append((peak - before) / 1_048_576)
            growths[scenario, default: []].append((peak - warmedUp) / 1_048_576)
        }
    }
    print("scenario".padding(toLength: 46, withPad: " ", startingAt: 0) + "  MB/s    peak +MB   over small +MB")
    for scenario in chosen {
        guard let measured = rates[scenario]?.sorted(), let raised = raises[scenario]?.max(),
            let grown = growths[scenario]?.max()
        else { continue }
        let median = measured[measured.count / 2]
        print(
            scenario.padding(toLength: 46, withPad: " ", startingAt: 0)
                + String(format: "%6.0f    %8.1f   %14.1f", median, raised, grown))
    }
}
