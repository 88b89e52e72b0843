import Foundation

/// A value as a query, form, path or header parameter writes it: the shape of its JSON, read
/// back from what the encoder wrote, every number as exact as the encoder wrote it (a `UInt64`
/// past `Int.max` keeps its digits, as `JSONValue` keeps them).
extension JSONValue {
    /// Encodes a value with RFC 3339 dates and lowercase UUIDs, and reads it back.
    init?(encoding value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .rfc3339
        guard let data = try? encoder.encodeLowercasingUUIDs(value) else { return nil }
        guard let parameter = try? Self.read(data) else { return nil }
        self = parameter
    }

    /// Reads JSON text that an encoder wrote.
    /// - Throws: `DecodingError` when it is not JSON, or holds a number no `JSONValue` keeps.
    static func read(_ data: Data) throws -> JSONValue {
        try JSONDecoding.decode(JSONValue.self, from: data, options: plainDecoder)
    }

    private static let plainDecoder = JSONDecoder()

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
        // A whole number is written as an integer (`3`), as a form writes numbers, though the
        // JSON Courier sends writes it `3.0`.
        case .double(let number) where number == number.rounded() && abs(number) < 1e15: String(Int(number))
        case .double(let number): number.description
        case .decimal(let number): number.description
        case .string(let text): text
        case .array, .object:
            (try? Self.textEncoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }
}
