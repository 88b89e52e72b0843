import Foundation

/// Reading one value of a document as a Swift type, with Foundation's decoder's rules and
/// error messages: the shared work of `DocumentDecoder` and its containers. `path` is where the
/// value's container is and `key` the value's key in it (`nil` for the container's own value).
/// The key is an existential, not a generic `Key?`: a keyed container is generic over its key
/// type, and wrapping its key in an optional of that type looked the optional's metadata up at
/// run time for every value read, a lookup whose shared counters the cores contend for.
extension JSONDocument {
    func bool(at token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?) throws -> Bool {
        switch tokens[token].kind {
        case .true: return true
        case .false: return false
        // Foundation's decoder calls a null where a `Bool` should be a mismatch, not a missing value.
        default: throw mismatch(Bool.self, token, path, key, nullIsMissing: false)
        }
    }

    func string(at token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?) throws -> String {
        guard tokens[token].kind == .string else { throw mismatch(String.self, token, path, key) }
        do {
            return try JSONText.string(text(token), flags: tokens[token].flags)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: DocumentCodingPath.keys(path, appending: key),
                    debugDescription: "The string is not valid text (\(error)).", underlyingError: error))
        }
    }

    func integer<Integer: FixedWidthInteger>(
        _ type: Integer.Type, at token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?
    ) throws -> Integer {
        let value = tokens[token]
        guard value.kind == .number else { throw mismatch(type, token, path, key) }
        guard let integer = JSONText.integer(text(token), isInteger: value.flags & JSONToken.integer != 0, as: type)
        else { throw notRepresentable(type, token, path, key) }
        return integer
    }

    func double(at token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?) throws -> Double {
        if tokens[token].kind == .number {
            guard let value = JSONText.double(text(token)) else {
                throw notRepresentable(Double.self, token, path, key)
            }
            return value
        }
        if let value = nonConforming(Double.self, at: token) { return value }
        throw mismatch(Double.self, token, path, key)
    }

    func float(at token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?) throws -> Float {
        if tokens[token].kind == .number {
            guard let value = JSONText.float(text(token)) else { throw notRepresentable(Float.self, token, path, key) }
            return value
        }
        if let value = nonConforming(Float.self, at: token) { return value }
        throw mismatch(Float.self, token, path, key)
    }

    /// An infinity or NaN written as the decoder's options say.
    private func nonConforming<Value: BinaryFloatingPoint>(_ type: Value.Type, at token: Int) -> Value? {
        guard let names = options.nonConformingFloats, tokens[token].kind == .string,
            let text = try? JSONText.string(text(token), flags: tokens[token].flags)
        else { return nil }
        if text == names.positiveInfinity { return .infinity }
        if text == names.negativeInfinity { return -.infinity }
        if text == names.nan { return .nan }
        return nil
    }

    /// Any `Decodable`: the types Foundation's decoder reads its own way (dates, data, URLs,
    /// decimals) by its rules, `JSONValue` straight from the tokens, and the rest through their
    /// `init(from:)`.
    func decode<Value: Decodable>(
        _ type: Value.Type, at token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?
    ) throws -> Value {
        if Value.self == String.self { return try string(at: token, path, key) as! Value }
        if Value.self == Int.self { return try integer(Int.self, at: token, path, key) as! Value }
        if Value.self == Double.self { return try double(at: token, path, key) as! Value }
        if Value.self == Bool.self { return try bool(at: token, path, key) as! Value }
        if Value.self == JSONValue.self { return try jsonValue(at: token, path, key) as! Value }
        if Value.self == Date.self { return try date(at: token, path, key) as! Value }
        if Value.self == Data.self { return try data(at: token, path, key) as! Value }
        if Value.self == URL.self { return try url(at: token, path, key) as! Value }
        if Value.self == Decimal.self { return try decimal(at: token, path, key) as! Value }
        return try Value(from: decoder(at: token, path, key))
    }

    /// A decoder for a value, whose coding path is `path` then `key`.
    func decoder(at token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?) -> DocumentDecoder {
        DocumentDecoder(document: self, token: token, path: .appending(path, key))
    }

    /// A JSON value as `JSONValue` decodes itself: a number is `.int` when it is written as an
    /// integer (digits only) and fits, `.double` otherwise, so that `2.0` stays a number when it
    /// is encoded again.
    func jsonValue(at token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?) throws -> JSONValue {
        switch tokens[token].kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .string: return .string(try string(at: token, path, key))
        case .number:
            if tokens[token].flags & JSONToken.integer != 0,
                let number = JSONText.integer(text(token), isInteger: true, as: Int.self)
            {
                return .int(number)
            }
            let number = try double(at: token, path, key)
            if JSONValue.approximates(options.userInfo) { return .double(number) }
            // A number its `Double` would encode again as another is kept as a `Decimal`, or refused.
            let written = text(token)
            guard
                let value = JSONValue.number(
                    writtenAs: written, read: number,
                    decimal: Decimal(string: String(decoding: written, as: UTF8.self), locale: nil))
            else {
                throw corrupted(JSONValue.notKept(String(decoding: written, as: UTF8.self), readAs: number), path, key)
            }
            return value
        case .array:
            let elementsPath = DocumentCodingPath.appending(path, key)
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(tokens[token].count))
            var element = token + 1
            while element < Int(tokens[token].end) {
                elements.append(try jsonValue(at: element, elementsPath, ArrayIndexKey(elements.count)))
                element = skip(element)
            }
            return .array(elements)
        case .object:
            let membersPath = DocumentCodingPath.appending(path, key)
            try checkKeys(of: token, path: membersPath)
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(Int(tokens[token].count))
            for memberKey in keys(of: token) {
                let name = try keyName(memberKey)
                members[name] = try jsonValue(at: memberKey + 1, membersPath, AnyCodingKey(name))
            }
            return .object(members)
        }
    }

    private func date(at token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?) throws -> Date {
        try checkNotNull(Date.self, token, path, key)
        switch options.dates {
        case .deferredToDate:
            return try Date(from: decoder(at: token, path, key))
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try double(at: token, path, key))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try double(at: token, path, key) / 1000)
        case .custom(let read):
            return try read(decoder(at: token, path, key))
        }
    }

    private func data(at token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?) throws -> Data {
        try checkNotNull(Data.self, token, path, key)
        switch options.data {
        case .deferredToData:
            return try Data(from: decoder(at: token, path, key))
        case .base64:
            guard let data = Data(base64Encoded: try string(at: token, path, key)) else {
                throw corrupted("Encountered Data is not valid Base64.", path, key)
            }
            return data
        case .custom(let read):
            return try read(decoder(at: token, path, key))
        }
    }

    private func url(at token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?) throws -> URL {
        try checkNotNull(URL.self, token, path, key)
        guard let url = URL(string: try string(at: token, path, key)) else {
            throw corrupted("Invalid URL string.", path, key)
        }
        return url
    }

    private func decimal(at token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?) throws -> Decimal {
        try checkNotNull(Decimal.self, token, path, key)
        guard tokens[token].kind == .number else { throw mismatch(Decimal.self, token, path, key) }
        let written = String(decoding: text(token), as: UTF8.self)
        guard let decimal = Decimal(string: written, locale: nil) else {
            throw notRepresentable(Decimal.self, token, path, key)
        }
        // Past 38 significant digits a `Decimal` rounds: refused rather than read as another number.
        guard NumberDigits(written.utf8) == NumberDigits(decimal.description.utf8) else {
            throw corrupted(
                "The number \(written) has more significant digits than a Decimal keeps (38); it would be read as "
                    + "\(decimal).", path, key)
        }
        return decimal
    }

    // MARK: - Errors

    func checkNotNull(
        _ type: Any.Type, _ token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?
    ) throws {
        guard tokens[token].kind == .null else { return }
        throw DecodingError.valueNotFound(
            type,
            DecodingError.Context(
                codingPath: DocumentCodingPath.keys(path, appending: key),
                debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    }

    /// The error for a value of another kind than `type` reads (for `null`, that no value is there).
    func mismatch(
        _ type: Any.Type, _ token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?, nullIsMissing: Bool = true
    ) -> DecodingError {
        let codingPath = DocumentCodingPath.keys(path, appending: key)
        if nullIsMissing, tokens[token].kind == .null {
            return DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Expected to decode \(type) but found \(kindDescription(token)) instead."))
    }

    private func notRepresentable(
        _ type: Any.Type, _ token: Int, _ path: DocumentCodingPath?, _ key: (any CodingKey)?
    ) -> DecodingError {
        corrupted(
            "Parsed JSON number <\(String(decoding: text(token), as: UTF8.self))> does not fit in \(type).", path, key)
    }

    private func corrupted(_ description: String, _ path: DocumentCodingPath?, _ key: (any CodingKey)?)
        -> DecodingError
    {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: DocumentCodingPath.keys(path, appending: key), debugDescription: description))
    }
}
