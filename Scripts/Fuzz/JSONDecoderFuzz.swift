// Compiled by Scripts/fuzz.sh into the Courier module, with libFuzzer.
//
// Differential: Courier's JSON decoder and Foundation's must agree. Courier may refuse text that
// Foundation reads (a number that rounds to zero or infinity, a trailing comma), and may read as a
// double a number that Foundation rounds to an integer; it must never read what Foundation refuses
// (but a number of 38 digits, which `JSONValue` keeps only where it sees the text), nor read a
// value differently, nor crash.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONDecoder(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let decoder = JSONDecoder()
    let courier = Result { try JSONDecoding.decode(JSONValue.self, from: data, options: decoder) }
    let foundation = Result { try decoder.decode(JSONValue.self, from: data) }
    switch (foundation, courier) {
    case (.success(let expected), .success(let found)):
        precondition(equivalent(expected, found), "Courier read \(found), Foundation \(expected)")
    case (.failure(let error), .success(let found)):
        // Foundation's decoder hides a number's text, so `JSONValue` refuses a `Decimal` of 38
        // digits from it, which may be rounded; Courier's compares the text and keeps it.
        precondition(
            "\(error)".contains("cannot be kept exactly in a JSONValue"),
            "Courier read \(found) from text Foundation refuses")
    case (.success, .failure), (.failure, .failure):
        break
    }
    return 0
}

/// The same value, allowing Courier to read as a double a number Foundation rounds to an integer.
private func equivalent(_ foundation: JSONValue, _ courier: JSONValue) -> Bool {
    switch (foundation, courier) {
    case (.int(let integer), .double(let number)): return abs(Double(integer) - number) <= max(2, number.ulp * 2)
    case (.array(let expected), .array(let found)):
        return expected.count == found.count && zip(expected, found).allSatisfy { equivalent($0, $1) }
    case (.object(let expected), .object(let found)):
        return expected.keys == found.keys && expected.allSatisfy { key, value in equivalent(value, found[key]!) }
    default: return foundation == courier
    }
}
