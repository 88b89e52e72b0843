import CourierTestSupport
import Foundation
import Testing

@_spi(Generated) @testable import Courier

/// The key sets generated code writes as one string literal: every name given is found, and
/// nothing else is, whatever the names look like and however many collide in the table.
@Suite(.onComputeThreads) struct KeyNamesTests {
    static let sets: [[String]] = [
        [],
        ["id"],
        ["amount", "amount_off", "currency", "id", "livemode", "metadata", "object"],
        ["", "first name", "naïve", "日本語", "emoji 🚚", "a\u{301}"],
        (0..<300).map { "key_\($0)" },
    ]

    @Test(arguments: sets)
    func findsEveryNameAndNothingElse(names: [String]) {
        let set = KeyNames(names)
        #expect(set.isEmpty == names.isEmpty)
        for name in names { #expect(set.contains(name), "\(name)") }
        let others = ["", "i", "idd", "Id", "amount_", "key_300", "first", "name", "naive", "á"]
            .filter { !names.contains($0) }
        for name in others { #expect(!set.contains(name), "\(name)") }
        // A name built at run time, as a decoder's are, not only literals.
        for name in names { #expect(set.contains(String(decoding: Array(name.utf8), as: UTF8.self))) }
    }

    @Test func theStringFormSplitsOnSpaces() {
        let set: KeyNames = "amount currency id"
        #expect(set.names == ["amount", "currency", "id"])
        #expect(set.contains("currency"))
        #expect(!set.contains("amount currency"))
        #expect(!set.contains(""))
    }

    @Test func repeatedNamesAreKeptOnce() {
        let set: KeyNames = ["id", "id", "name"]
        #expect(set.names == ["id", "name"])
        #expect(set.contains("id") && set.contains("name"))
    }

    /// The set a generated struct gives `undeclaredValues(declared:)`: declared keys stay out of
    /// `additionalProperties`, even with names the string form cannot hold.
    @Test func undeclaredValuesLeaveOutTheDeclaredNames() throws {
        struct Model: Decodable {
            static let declared: KeyNames = ["first name", "", "id"]
            var additional: [String: JSONValue]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                additional = try container.undeclaredValues(declared: Self.declared)
            }
        }
        let json = #"{"first name": "Ada", "": 1, "id": 7, "last name": "Lovelace", "ids": [1]}"#
        let model = try JSONDecoder().decode(Model.self, from: Data(json.utf8))
        #expect(model.additional == ["last name": .string("Lovelace"), "ids": .array([.int(1)])])
    }
}

/// The declared names a generated struct passes inline, as one literal: split once per thread
/// and literal, and the same answer on every thread.
@Suite(.onComputeThreads) struct InlineDeclaredNamesTests {
    struct Model: Decodable, Sendable {
        var id: Int
        var additional: [String: JSONValue]
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            id = try container.decodeValue(Int.self, at: "id")
            additional = try container.undeclaredValues(declaredNames: "id name")
        }
    }

    @Test func undeclaredKeysAreKeptOnEveryThread() async throws {
        let json = Data(#"{"id": 1, "name": "a", "extra": true, "more": [1]}"#.utf8)
        let results = try await withThrowingTaskGroup(of: [String: JSONValue].self) { group in
            for _ in 0..<64 {
                group.addTask {
                    var last: [String: JSONValue] = [:]
                    for _ in 0..<50 { last = try JSONDecoder().decode(Model.self, from: json).additional }
                    return last
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 64)
        for result in results { #expect(result == ["extra": .bool(true), "more": .array([.int(1)])]) }
    }

    @Test func theSameLiteralIsSplitOnce() {
        let literal: StaticString = "alpha beta"
        let first = KeyNames.cached(literal)
        let second = KeyNames.cached(literal)
        #expect(first.names == ["alpha", "beta"] && second.names == first.names)
        #expect(KeyNames.cached("gamma").names == ["gamma"])
    }

    /// The per-thread table grows past its first 64 slots and finds every literal it holds.
    @Test func theCacheTableGrowsAndFindsEveryAddress() {
        let cache = KeyNames.Cache()
        let base = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)
        defer { base.deallocate() }
        let addresses = (0..<1000).map { UnsafeRawPointer(base + ($0 * 4) % 4096) + ($0 / 1024) }
        for (index, address) in addresses.enumerated() { cache.insert(KeyNames(["k\(index)"]), at: address) }
        for (index, address) in addresses.enumerated() { #expect(cache.names(at: address)?.names == ["k\(index)"]) }
        #expect(cache.names(at: UnsafeRawPointer(base + 4095)) == nil)
    }
}
