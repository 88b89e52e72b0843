import Foundation

/// The command line: `--url URL [--requests N] [--rounds N] [--concurrency 1,32] [--only NAME]`.
struct Options {
    var url: URL
    var requests = 2000
    var rounds = 21
    var concurrencies = [1, 32]
    /// One contender's name, to run it alone under a profiler.
    var only: String?

    static let usage =
        "usage: CourierBenchmark --url URL [--requests N] [--rounds N] [--concurrency 1,32] [--only NAME]"

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
