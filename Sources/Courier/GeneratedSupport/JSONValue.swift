public import Foundation

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
    /// A number written without a fraction or an exponent that fits in `Int` (`2`; `2.0` too
    /// through a decoder that hides a number's text, such as Foundation's).
    case int(Int)
    /// Any other number a `Double` holds as it is written: one whose `Double` is encoded again
    /// as the same number. Read by Courier's decoder, `2.0` is a `Double`, and Courier sends it
    /// as `2.0` again.
    case double(Double)
    /// A number neither `Int` nor `Double` holds as it is written, kept digit for digit so that
    /// it is encoded again unchanged: an unsigned 64-bit ID past `Int.max`, a decimal with more
    /// significant digits than a `Double` keeps (`0.12345678901234567890`). Up to 38 significant
    /// digits and powers of ten within ±127, `Decimal`'s range.
    case decimal(Decimal)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes any JSON value.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the input is not JSON, or is a number that neither a
    ///   `Double` nor a `Decimal` holds exactly (more than 38 significant digits), which would be
    ///   encoded again as another number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Each wrong try throws an error that is costly to build: the commonest kinds first.
        if container.decodeNil() {
            self = .null
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self),
            // Foundation's decoder reads a number as a `Double` and takes any whole one as an
            // `Int` (`1.00000000000000000001` as `1`, `9007199254740993.5` as
            // `9007199254740993`): one that is not that integer is read below.
            (try? container.decode(Decimal.self)).map({ $0 == Decimal(number) }) ?? true
        {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            // A decoder that hides the number's text (Foundation's) reads it as a `Decimal`
            // too: exact up to 38 significant digits, rounded past them, so a `Decimal` with 38
            // is not trusted. (One past 38 digits that rounds to fewer, `1000…0001`, is the
            // nearest `Double`, as with any decoder that rounds.)
            if Self.approximates(decoder.userInfo) {
                self = .double(number)
            } else if let exact = try? container.decode(Decimal.self) {
                let text = exact.description
                guard let value = Self.number(writtenAs: text.utf8, read: number, maximumDigits: 37, decimal: exact)
                else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: Self.notKept(text, readAs: number))
                }
                self = value
            } else {
                self = .double(number)  // Past `Decimal`'s powers of ten (1e200): a `Double`'s.
            }
        } else if (try? decoder.container(keyedBy: AnyCodingKey.self)) != nil {
            // Decoded without `try?`, so that an error inside (a number refused) is the one thrown.
            self = .object(try container.decode([String: JSONValue].self))
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    /// The value of a number that is not an `Int`: ``double(_:)`` when its `Double` is encoded
    /// again as the same number, else ``decimal(_:)`` when a `Decimal` holds it exactly.
    /// - Parameters:
    ///   - text: The number as it was written.
    ///   - double: The nearest `Double`.
    ///   - maximumDigits: The most significant digits a `Decimal` is trusted with.
    ///   - decimal: The `Decimal` the text reads as, if any; compared with the text.
    /// - Returns: `nil` when neither holds the number exactly.
    static func number(
        writtenAs text: some Collection<UInt8>, read double: Double, maximumDigits: Int = .max,
        decimal: @autoclosure () -> Decimal?
    ) -> JSONValue? {
        let digits = significantDigits(ofNumber: text)
        // Every number of up to 15 significant digits survives a normal `Double` (`DBL_DIG`).
        if digits == 0 || (digits <= 15 && double.isNormal) { return .double(double) }
        guard let written = NumberDigits(text) else { return nil }
        if NumberDigits(double.description.utf8) == written { return .double(double) }
        guard digits <= maximumDigits, let decimal = decimal(), NumberDigits(decimal.description.utf8) == written
        else { return nil }
        return .decimal(decimal)
    }

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

    /// A `userInfo` key whose value `true` makes a decoder read every number into a `JSONValue`
    /// that is not an `Int` as the nearest `Double`, never a `Decimal`: for comparing values as
    /// numbers (`DescriptionExample`), never for values a client keeps or sends.
    package static let approximatesNumbers = CodingUserInfoKey(rawValue: "courier.jsonValue.approximatesNumbers")!

    /// Whether a decoder's `userInfo` asks for ``approximatesNumbers``.
    static func approximates<Value>(_ userInfo: [CodingUserInfoKey: Value]) -> Bool {
        userInfo[approximatesNumbers] as? Bool == true
    }

    /// Why a number that neither a `Double` nor a `Decimal` holds exactly is refused.
    static func notKept(_ text: String, readAs number: Double) -> String {
        "The number \(text) cannot be kept exactly in a JSONValue (a Double, or a Decimal's 38 significant digits "
            + "and powers of ten within ±127); it would be sent back as \(number)."
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
        case .decimal(let number): try container.encode(number)
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
