import Foundation

/// How Courier encodes the JSON it sends: with its own encoder (`DocumentEncoder`) where the
/// configured `JSONEncoder`'s options are ones it writes the same way, and with that
/// `JSONEncoder` otherwise.
///
/// It writes what Foundation's writes, with one difference: a `Double` or `Float` that is whole
/// keeps its fraction (`2.0`, where Foundation writes `2`), so that a server that tells floats
/// from integers by their text (an untagged union of integers and numbers, a store that types
/// a field by the first value it meets) reads the number it was sent; a value decoded from
/// `2.0` is sent as `2.0` again. Its objects keep their members in the order they were
/// encoded (Foundation's have no set order), or sorted (`.sortedKeys`). It steps aside for
/// what it does not mirror: a `JSONEncoder` subclass, key conversions, ISO 8601 and formatter
/// dates, pretty printing.
enum JSONEncoding {
    /// The JSON text of a value with the options of `encoder`.
    /// - Parameters:
    ///   - value: The value.
    ///   - encoder: The options: date, data and non-conforming float strategies, sorted keys,
    ///     escaped slashes, `userInfo`.
    /// - Returns: The text.
    /// - Throws: `EncodingError`, as `encoder.encode(_:)` would.
    static func encode<Value: Encodable>(_ value: Value, options encoder: JSONEncoder) throws -> Data {
        guard let options = DocumentEncodingOptions(encoder) else { return try encoder.encode(value) }
        let top = DocumentEncoder(options: options, path: nil)
        guard let encoded = try top.encodedIfAny(value, at: nil) else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
        }
        var writer = JSONWriter(sortsKeys: options.sortsKeys, escapesSlashes: options.escapesSlashes)
        writer.write(encoded)
        return Data(writer.bytes)
    }
}
