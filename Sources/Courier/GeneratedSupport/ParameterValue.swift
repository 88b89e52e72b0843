import Foundation

/// A value as a query, form, path or header parameter writes it: the shape of its JSON, read
/// back from what the encoder wrote, with every number as exact as the encoder wrote it.
///
/// `JSONValue` keeps a number that is not an `Int` as a `Double`, which rounds a `UInt64` past
/// `Int.max` (`18446744073709551615` became `1.8446744073709552e+19`); here such an integer
/// keeps its digits.
enum ParameterValue: Codable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// An integer outside `Int`'s range, exactly.
    case largeInteger(Decimal)
    case double(Double)
    case string(String)
    case array([ParameterValue])
    case object([String: ParameterValue])

    /// Encodes a value with RFC 3339 dates and lowercase UUIDs, and reads it back.
    init?(encoding value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .rfc3339
        guard let data = try? encoder.encodeLowercasingUUIDs(value) else { return nil }
        guard let parameter = try? Self.read(data) else { return nil }
        self = parameter
    }

    /// Reads JSON text that an encoder wrote.
    /// - Throws: `DecodingError` when it is not JSON.
    static func read(_ data: Data) throws -> ParameterValue {
        try JSONDecoding.decode(ParameterValue.self, from: data, options: plainDecoder)
    }

    private static let plainDecoder = JSONDecoder()

    /// Reads any JSON value; the commonest kinds are tried first.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            // A number with a fraction or an exponent stays a `Double`, as `JSONValue` keeps it;
            // only an integer too large for `Int` is read again, exactly.
            if number.rounded() == number, !number.isInfinite, let exact = try? container.decode(Decimal.self),
                exact.isInteger
            {
                self = .largeInteger(exact)
            } else {
                self = .double(number)
            }
        } else if let object = try? container.decode([String: ParameterValue].self) {
            self = .object(object)
        } else {
            self = .array(try container.decode([ParameterValue].self))
        }
    }

    /// Writes the value as it was read.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .int(let number): try container.encode(number)
        case .largeInteger(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let fields): try container.encode(fields)
        }
    }

    /// Writes nested values as JSON text with sorted keys, so a query or form is the same in
    /// every run.
    private static var textEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The text a query or form sends for this value: a list or object nested in it as JSON text.
    var queryText: String {
        switch self {
        case .null: ""
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .largeInteger(let number): number.description
        case .double(let number): number.description
        case .string(let text): text
        case .array, .object:
            (try? Self.textEncoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }
}

extension Decimal {
    /// Whether the number has no fraction.
    fileprivate var isInteger: Bool {
        var value = self
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return rounded == self
    }
}
