import Foundation

@testable import CourierGenerator

/// The conformance suites' data, in `Tests/CourierGeneratorTests/Conformance`.
enum ConformanceData {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance")

    static func bytes(_ url: URL) -> [UInt8] {
        (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? []
    }
}

/// A document's value without positions or key order, to compare what two readers produced.
indirect enum PlainValue: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([PlainValue])
    case object([String: PlainValue])

    init(_ node: Node) {
        switch node.value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .integer(let number): self = .number(Double(number))
        case .double(let number): self = .number(number)
        case .largeInteger(let digits): self = .number(Double(digits) ?? .nan)
        case .string(let text): self = .string(text)
        case .sequence(let items): self = .array(items.map(PlainValue.init))
        case .mapping(let mapping):
            self = .object(Dictionary(mapping.entries.map { ($0, PlainValue($1)) }, uniquingKeysWith: { $1 }))
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let number): "\(number)"
        case .string(let text): "\"\(text)\""
        case .array(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let fields):
            "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}
