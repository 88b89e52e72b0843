import Foundation

/// Any JSON value: what an API schema leaves free-form.
///
/// ```swift
/// let metadata: JSONValue = ["tags": ["a", "b"], "count": 2, "draft": false]
/// if case .object(let fields) = metadata, case .int(let count)? = fields["count"] { print(count) }
/// ```
public enum JSONValue: Codable, Hashable, Sendable, ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction that fits in `Int`.
    case int(Int)
    /// Any other number with at most 17 significant digits, the most a `Double` is written with.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes any JSON value.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the input is not JSON, or is a number with more
    ///   significant digits than a `Double` keeps (more than 17), which would be encoded again
    ///   as other digits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Each wrong try throws an error that is costly to build: the commonest kinds first.
        if container.decodeNil() {
            self = .null
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            // More significant digits than any `Double` is written with (a 64-bit unsigned ID past
            // `Int.max`, a 20-digit decimal) would be encoded again as other digits: refused,
            // never changed.
            if let exact = try? container.decode(Decimal.self),
                Self.significantDigits(ofNumber: exact.description.utf8) > Self.digitsADoubleKeeps,
                !Self.approximates(decoder.userInfo)
            {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: Self.tooManyDigits(exact.description, readAs: number))
            }
            self = .double(number)
        } else if (try? decoder.container(keyedBy: AnyCodingKey.self)) != nil {
            // Decoded without `try?`, so that an error inside (a number refused) is the one thrown.
            self = .object(try container.decode([String: JSONValue].self))
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    /// The most significant digits a `Double` is written with (the shortest text that reads back
    /// as the same `Double` never has more).
    static let digitsADoubleKeeps = 17

    /// The significant digits of a number's JSON text: its mantissa's digits without leading or
    /// trailing zeros (`1` for `100` and `1e2`, `20` for `18446744073709551615`).
    static func significantDigits(ofNumber text: some Collection<UInt8>) -> Int {
        var count = 0
        var zerosPending = 0
        for byte in text {
            switch byte {
            case UInt8(ascii: "e"), UInt8(ascii: "E"): return count
            case UInt8(ascii: "0"): if count > 0 { zerosPending += 1 }
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                count += zerosPending + 1
                zerosPending = 0
            default: continue
            }
        }
        return count
    }

    /// A `userInfo` key whose value `true` makes a decoder read every number into a `JSONValue`,
    /// as the nearest `Double` where it has more digits than one keeps: for comparing values as
    /// numbers (`DescriptionExample`), never for values a client keeps or sends.
    package static let approximatesNumbers = CodingUserInfoKey(rawValue: "courier.jsonValue.approximatesNumbers")!

    /// Whether a decoder's `userInfo` asks for ``approximatesNumbers``.
    static func approximates<Value>(_ userInfo: [CodingUserInfoKey: Value]) -> Bool {
        userInfo[approximatesNumbers] as? Bool == true
    }

    /// Why a number with more significant digits than a `Double` keeps is refused.
    static func tooManyDigits(_ text: String, readAs number: Double) -> String {
        "The number \(text) has more significant digits than a JSONValue keeps (\(digitsADoubleKeeps), a Double's); "
            + "it would be sent back as \(number). Describe the value (`format: decimal`, `uint64`) to keep every digit."
    }

    /// Encodes the value as it was.
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` for a non-finite double.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .int(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items)
        case .object(let fields): try container.encode(fields)
        }
    }

    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A double.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}
