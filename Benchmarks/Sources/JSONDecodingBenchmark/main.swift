// Courier's JSON decoder against Foundation's `JSONDecoder`, side by side in one run: each decode
// runs in a process of its own, alternating, and the table shows the median time and how far the
// decode raised the process's peak memory.
//
//     swift run -c release --package-path Benchmarks JSONDecodingBenchmark [--objects 400000] [--rounds 5]

import BenchmarkSupport
@_spi(Generated) import Courier
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A list item shaped like a small API object (a charge), with an optional field, a nested array,
/// a `null` and a key no model declares.
struct Charge: Decodable {
    var id: String
    var object: String
    var amount: Int
    var currency: String
    var captured: Bool
    var fee: Double
    var description: String?
    var tags: [String]
    var metadata: [String: String]
}

struct Page: Decodable {
    var data: [Charge]
    var hasMore: Bool

    enum CodingKeys: String, CodingKey {
        case data
        case hasMore = "has_more"
    }
}

/// The document: `objects` charges in one page, about 190 bytes each.
func document(objects: Int) -> Data {
    var text = #"{"object": "list", "data": ["#
    for index in 0..<objects {
        if index > 0 { text += ", " }
        text += #"{"id": "ch_\#(index)", "object": "charge", "amount": \#(index * 7 % 100_000), "#
        text += #""currency": "usd", "captured": \#(index % 3 == 0), "fee": \#(Double(index % 997) / 100), "#
        text += #""description": \#(index % 2 == 0 ? "null" : "\"Order \\u00e9 \(index)\""), "#
        text += #""tags": ["a", "b\#(index % 5)"], "metadata": {"order": "\#(index)"}, "livemode": false}"#
    }
    text += #"], "has_more": false, "url": "/v1/charges"}"#
    return Data(text.utf8)
}

var objects = 400_000
var rounds = 5
var decoderName: String?
var iterator = CommandLine.arguments.dropFirst().makeIterator()
while let argument = iterator.next() {
    switch argument {
    case "--objects": objects = iterator.next().flatMap { Int($0) } ?? objects
    case "--rounds": rounds = iterator.next().flatMap { Int($0) } ?? rounds
    case "--decoder": decoderName = iterator.next()
    default:
        print("Unknown argument \(argument)")
        exit(2)
    }
}

let decoders = ["Foundation JSONDecoder", "Courier JSONDecoding"]

if let decoderName {
    // One measured decode, in a process of its own.
    let data = document(objects: objects)
    let before = peakBytes()
    let start = DispatchTime.now().uptimeNanoseconds
    let page: Page
    if decoderName == decoders[0] {
        page = try JSONDecoder().decode(Page.self, from: data)
    } else {
        page = try JSONDecoding.decode(Page.self, from: data, options: JSONDecoder())
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard page.data.count == objects else { exit(1) }
    print(data.count, seconds, peakBytes() - before)
    exit(0)
}

print("Decoding one page of \(objects) charges, each decoder in a process of its own, \(rounds) rounds alternating.")
print("peak +MB: how far the decode raised the process's peak resident memory (the document itself excluded).")
print("")
var rates: [String: [Double]] = [:]
var raises: [String: [Double]] = [:]
for round in 0..<rounds {
    for name in round % 2 == 0 ? decoders : decoders.reversed() {
        let arguments = ["--objects", "\(objects)", "--decoder", name]
        guard let figures = try measureInChildProcess(arguments, numbers: 3) else { continue }
        let (bytes, seconds, raised) = (figures[0], figures[1], figures[2])
        rates[name, default: []].append(bytes / seconds / 1_000_000)
        raises[name, default: []].append(raised / 1_048_576)
    }
}
print("decoder".padding(toLength: 24, withPad: " ", startingAt: 0) + "  MB/s (median)   peak +MB (largest)")
for name in decoders {
    guard let measured = rates[name]?.sorted(), let raised = raises[name]?.max() else { continue }
    print(
        name.padding(toLength: 24, withPad: " ", startingAt: 0)
            + String(format: "%14.0f   %18.0f", measured[measured.count / 2], raised))
}
if let courier = rates[decoders[1]]?.sorted(), let foundation = rates[decoders[0]]?.sorted() {
    print(
        String(
            format: "Courier ÷ Foundation (speed): %.2f", courier[courier.count / 2] / foundation[foundation.count / 2])
    )
}
