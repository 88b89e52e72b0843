import CourierTestSupport
import Testing

@testable import CourierGenerator

@Suite(.onComputeThreads) struct NodeTests {
    /// A description has a node every few bytes, and allocating and copying them is most of
    /// reading: a node stays at 40 bytes (its value inline, a 16-byte location).
    @Test func aNodeIsFortyBytes() {
        #expect(MemoryLayout<CourierGenerator.SourceLocation>.size == 16)
        #expect(MemoryLayout<Node>.stride == 40)
    }

    @Test func mappingsFindTheirKeysPastTheIndexThreshold() {
        var mapping = Mapping()
        let location = CourierGenerator.SourceLocation(file: "f", line: 1, column: 1)
        var added: [Bool] = []
        for number in 0..<20 { added.append(mapping.append("k\(number)", Node(.integer(number), at: location))) }
        let addedAgain = mapping.append("k3", Node(.null, at: location))
        #expect(added.allSatisfy { $0 })
        #expect(!addedAgain)
        #expect(mapping.keys == (0..<20).map { "k\($0)" })
        for number in 0..<20 {
            #expect(mapping["k\(number)"]?.value.integerValue == number, "k\(number)")
        }
        #expect(mapping["k20"] == nil)
        #expect(mapping["k3"]?.value.integerValue == 3)
    }
}

extension Node.Value {
    fileprivate var integerValue: Int? {
        if case .integer(let number) = self { number } else { nil }
    }
}
