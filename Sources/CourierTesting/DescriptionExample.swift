@_spi(Generated) public import Courier
public import Foundation

/// A JSON example an API description gives for a response, and the generated type the client
/// decodes that response with: a check that generated code reads what the server sends.
///
/// `courier examples` writes one for every JSON response example in a description. Run them in a
/// test:
///
/// ```swift
/// @Test(arguments: MuseumAPIExamples.all)
/// func examplesDecode(_ example: DescriptionExample) throws {
///     let result = try example.check()
///     #expect(result.changed.isEmpty, "\(result.changed)")
/// }
/// ```
///
/// ``check(decoder:encoder:)`` decodes the example as the client would, encodes the value
/// again and compares the two JSON documents, so that a value read wrongly (not only one that
/// fails to decode) shows.
public struct DescriptionExample: Sendable, CustomStringConvertible {
    /// Where the example is: the operation, the status and the example's name.
    public let name: String
    /// The example, as JSON text.
    public let json: String
    /// The name of the type it decodes into.
    public let typeName: String
    private let roundTrip: @Sendable (Data, JSONDecoder, JSONEncoder) throws -> (Data, Findings)

    /// An example that decodes into `type`.
    /// - Parameters:
    ///   - type: The generated type.
    ///   - name: Where the example is.
    ///   - json: The example as JSON text.
    /// - Returns: The example.
    public static func decoding<Value: Codable & Sendable>(_ type: Value.Type, name: String, json: String)
        -> DescriptionExample
    {
        decoding(type, name: name, json: json, variant: nil)
    }

    /// An example that decodes into a union, which must choose the case named `variant`.
    /// - Parameters:
    ///   - type: The generated union.
    ///   - name: Where the example is.
    ///   - json: The example as JSON text.
    ///   - variant: The case the value must land in (`card` for `.card(…)`), or `nil` for any.
    /// - Returns: The example.
    public static func decoding<Value: Codable & Sendable>(
        _ type: Value.Type, name: String, json: String, variant: String?
    ) -> DescriptionExample {
        DescriptionExample(name: name, json: json, typeName: String(describing: type)) { data, decoder, encoder in
            let value = try JSONDecoding.decode(Value.self, from: data, options: decoder)
            var findings = Findings()
            if let variant {
                let found = Mirror(reflecting: value).children.first?.label ?? String(describing: value)
                if found != variant { findings.wrongVariant = "decoded as \(found), expected \(variant)" }
            }
            Self.findUndocumentedObjects(in: value, path: "$", depth: 0, into: &findings.undocumented)
            return (try encoder.encodeKeepingURLText(value), findings)
        }
    }

    /// What the decoded value itself shows, beside the JSON comparison.
    fileprivate struct Findings {
        var wrongVariant: String?
        var undocumented: [String] = []
    }

    private init(
        name: String, json: String, typeName: String,
        roundTrip: @escaping @Sendable (Data, JSONDecoder, JSONEncoder) throws -> (Data, Findings)
    ) {
        self.name = name
        self.json = json
        self.typeName = typeName
        self.roundTrip = roundTrip
    }

    /// Walks a decoded value for union cases that kept an object as `undocumented`: an object
    /// none of the union's variants accepted. Open enums' `undocumented` strings and numbers are
    /// not counted.
    private static func findUndocumentedObjects(in value: Any, path: String, depth: Int, into found: inout [String]) {
        guard depth < 128 else { return }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .enum, let child = mirror.children.first, child.label == "undocumented",
            let json = child.value as? JSONValue, case .object = json
        {
            found.append(path)
            return
        }
        for (index, child) in mirror.children.enumerated() {
            let step: String
            switch mirror.displayStyle {
            case .collection: step = "[\(index)]"
            case .optional, .enum: step = ""
            case .dictionary:
                // A dictionary's children are (key, value) pairs.
                let pair = Mirror(reflecting: child.value).children.map(\.value)
                if pair.count == 2 {
                    findUndocumentedObjects(in: pair[1], path: path + "[\(pair[0])]", depth: depth + 1, into: &found)
                }
                continue
            default: step = "." + (child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } ?? "\(index)")
            }
            findUndocumentedObjects(in: child.value, path: path + step, depth: depth + 1, into: &found)
        }
    }

    /// `name → type`.
    public var description: String { "\(name) → \(typeName)" }

    /// A value that came back different after decoding and encoding again.
    public struct Difference: Sendable, Equatable, CustomStringConvertible {
        /// Where, as a JSON path (`$.owner.login`).
        public var path: String
        /// The example's value.
        public var expected: JSONValue
        /// The value encoded again.
        public var found: JSONValue

        /// Creates a difference.
        /// - Parameters:
        ///   - path: Where, as a JSON path.
        ///   - expected: The example's value.
        ///   - found: The value encoded again.
        public init(path: String, expected: JSONValue, found: JSONValue) {
            self.path = path
            self.expected = expected
            self.found = found
        }

        /// `path: expected → found`.
        public var description: String { "\(path): \(expected) → \(found)" }
    }

    /// What checking an example found.
    public struct Result: Sendable, Equatable {
        /// Values the type read differently from the example: each a value read wrongly.
        public var changed: [Difference] = []
        /// Paths of the example's values that did not come back when the value was encoded
        /// again: a value the type reads without keeping it.
        public var dropped: [String] = []
        /// For an example of a union that must land in a given case, what it landed in instead.
        public var wrongVariant: String?
        /// Paths (by Swift property) of objects a union kept as `undocumented` because none of
        /// its variants accepted them.
        public var undocumented: [String] = []

        /// Creates a result.
        /// - Parameters:
        ///   - changed: The values read differently.
        ///   - dropped: The paths of the values not kept.
        ///   - wrongVariant: The case a union landed in instead of the expected one.
        ///   - undocumented: The paths of objects kept as `undocumented`.
        public init(
            changed: [Difference] = [], dropped: [String] = [], wrongVariant: String? = nil, undocumented: [String] = []
        ) {
            self.changed = changed
            self.dropped = dropped
            self.wrongVariant = wrongVariant
            self.undocumented = undocumented
        }

        /// Whether the value came back whole and typed: nothing changed or dropped, the expected
        /// case, and no object left `undocumented`.
        public var isFaithful: Bool {
            changed.isEmpty && dropped.isEmpty && wrongVariant == nil && undocumented.isEmpty
        }
    }

    /// Decodes the example with the generated type, encodes the value again, and compares.
    ///
    /// Keys the value encodes that the example lacks (defaults, for instance) are ignored; a key
    /// of the example's that comes back absent is dropped, one holding `null` included. Numbers
    /// compare by value (a number sent as text equals the number read from it), two timestamps
    /// that name the same instant are equal however they are written, UUIDs compare without
    /// regard to case, and a URL sent with characters a URL cannot hold beside escapes
    /// (`?c=a%3D"`) equals the URL with them escaped (`?c=a%3D%22`).
    /// - Parameters:
    ///   - decoder: The decoder; by default the one `APIClient` uses (RFC 3339 dates).
    ///   - encoder: The encoder; by default the one `APIClient` uses.
    /// - Returns: The differences and the dropped values.
    /// - Throws: The error that decoding the example, or encoding it again, threw.
    public func check(decoder: JSONDecoder? = nil, encoder: JSONEncoder? = nil) throws -> Result {
        let decoder = decoder ?? Self.defaultDecoder()
        let encoder = encoder ?? Self.defaultEncoder()
        let data = Data(json.utf8)
        let (encoded, findings) = try roundTrip(data, decoder, encoder)
        let plain = JSONDecoder()
        // Numbers compare as numbers, each read as its nearest `Double` (a `Double` property
        // keeps no more digits than that).
        plain.userInfo[JSONValue.approximatesNumbers] = true
        var result = Result(wrongVariant: findings.wrongVariant, undocumented: findings.undocumented)
        Self.compare(
            try plain.decode(JSONValue.self, from: data), try plain.decode(JSONValue.self, from: encoded), path: "$",
            into: &result)
        return result
    }

    private static func defaultDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .rfc3339
        return decoder
    }

    private static func defaultEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .rfc3339
        return encoder
    }

    private static func compare(_ expected: JSONValue, _ found: JSONValue, path: String, into result: inout Result) {
        switch (expected, found) {
        case (.object(let expectedFields), .object(let foundFields)):
            for key in expectedFields.keys.sorted() {
                let child = path + "." + key
                guard let foundValue = foundFields[key] else {
                    result.dropped.append(child)
                    continue
                }
                compare(expectedFields[key]!, foundValue, path: child, into: &result)
            }
        case (.array(let expectedItems), .array(let foundItems)) where expectedItems.count == foundItems.count:
            for (index, item) in expectedItems.enumerated() {
                compare(item, foundItems[index], path: path + "[\(index)]", into: &result)
            }
        default:
            if !sameValue(expected, found) {
                result.changed.append(Difference(path: path, expected: expected, found: found))
            }
        }
    }

    private static func sameValue(_ expected: JSONValue, _ found: JSONValue) -> Bool {
        switch (expected, found) {
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
        // A number the server sent as text, read as the number (see Courier's number decoding).
        case (.string(let text), .double(let number)):
            return Double(text.trimmingCharacters(in: .whitespaces)) == number
        case (.string(let text), .int(let number)):
            return Double(text.trimmingCharacters(in: .whitespaces)) == Double(number)
        case (.string(let a), .string(let b)) where a != b:
            // UUIDs are case-insensitive (RFC 9562); generated models send them lowercase, but a
            // bare `UUID` encodes in Foundation's uppercase.
            if let first = UUID(uuidString: a), let second = UUID(uuidString: b) { return first == second }
            // A URL sent with characters a URL cannot hold beside escapes is written with them
            // escaped (`URLText`).
            if URLText.writesAgain(a, as: b) { return true }
            guard let first = RFC3339.date(from: a), let second = RFC3339.date(from: b) else { return false }
            return abs(first.timeIntervalSince(second)) < 0.000_001
        default: return expected == found
        }
    }
}
