import Foundation

/// A parsed JSON text and the decoder options it is read with: the storage every
/// `DocumentDecoder` and container of one decode shares.
///
/// The bytes are copied in and the tokens kept in buffers of their own, so a decoder or
/// container that a model keeps past its `init(from:)` stays valid. Read on one thread at a
/// time, as every `Decoder` is.
final class JSONDocument {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let tokens: UnsafeMutableBufferPointer<JSONToken>
    let options: DocumentDecodingOptions

    /// Parses `data`.
    /// - Throws: `DecodingError.dataCorrupted` with a `JSONSyntaxError` beneath when it is not JSON.
    init(_ data: Data, options: DocumentDecodingOptions) throws {
        bytes = .allocate(capacity: data.count)
        _ = bytes.initialize(from: data)
        var parser = JSONTapeParser(bytes: UnsafeBufferPointer(bytes))
        do {
            try parser.parse()
        } catch {
            bytes.deallocate()
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
        }
        var tokens = parser.tokens
        // A null that a missing key's `superDecoder(forKey:)` reads, as Foundation's does.
        tokens.append(JSONToken(kind: .null, start: 0))
        self.tokens = .allocate(capacity: tokens.count)
        _ = self.tokens.initialize(from: tokens)
        self.options = options
    }

    deinit {
        bytes.deallocate()
        tokens.deallocate()
    }

    /// The index of the null token after the document's own.
    var nullToken: Int { tokens.count - 1 }

    /// The index of the token after `token` and everything inside it.
    @inline(__always)
    func skip(_ token: Int) -> Int {
        let kind = tokens[token].kind
        return kind == .object || kind == .array ? Int(tokens[token].end) : token + 1
    }

    /// The text of a string or number token.
    @inline(__always)
    func text(_ token: Int) -> UnsafeBufferPointer<UInt8> {
        let value = tokens[token]
        return UnsafeBufferPointer(rebasing: bytes[Int(value.start)..<Int(value.end)])
    }

    // MARK: - Objects

    /// The value of the member named `name`, the first of that name; `nil` when there is none.
    func member(_ name: String, in object: Int) -> Int? {
        let header = tokens[object]
        guard header.count > 0 else { return nil }
        if header.flags & JSONToken.unusualKeys != 0 { return slowMember(name, in: object) }
        var name = name
        return name.withUTF8 { wanted -> Int? in
            let first = object + 1
            let end = Int(header.end)
            // After a duplicate key, only a search from the start finds the first one.
            let hint = header.flags & JSONToken.duplicateKeys != 0 ? first : Int(header.hint)
            var key = hint
            var wrapped = false
            while true {
                if key >= end {
                    if wrapped || hint == first { return nil }
                    wrapped = true
                    key = first
                }
                if wrapped, key >= hint { return nil }
                let value = key + 1
                let next = skip(value)
                if matches(key, wanted) {
                    tokens[object].hint = UInt32(next < end ? next : first)
                    return value
                }
                key = next
            }
        }
    }

    @inline(__always)
    private func matches(_ key: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let token = tokens[key]
        let count = Int(token.end - token.start)
        guard count == wanted.count else { return false }
        guard count > 0 else { return true }
        return memcmp(bytes.baseAddress! + Int(token.start), wanted.baseAddress!, count) == 0
    }

    /// `member(_:in:)` for an object whose keys hold escapes or bytes outside ASCII: each key
    /// decoded, then compared.
    private func slowMember(_ name: String, in object: Int) -> Int? {
        var key = object + 1
        while key < Int(tokens[object].end) {
            if (try? keyName(key)) == name { return key + 1 }
            key = skip(key + 1)
        }
        return nil
    }

    /// A key's name.
    func keyName(_ key: Int) throws(JSONText.StringFailure) -> String {
        try JSONText.string(text(key), flags: tokens[key].flags)
    }

    /// The key tokens of an object's members, in text order, each name once (the first).
    func keys(of object: Int) -> [Int] {
        var keys: [Int] = []
        keys.reserveCapacity(Int(tokens[object].count))
        var key = object + 1
        let end = Int(tokens[object].end)
        let duplicates = tokens[object].flags & JSONToken.duplicateKeys != 0
        while key < end {
            if !duplicates || !keys.contains(where: { sameName($0, key) }) { keys.append(key) }
            key = skip(key + 1)
        }
        return keys
    }

    /// Checks an object's keys before it is read as a keyed container: that each is text, and
    /// whether a name appears twice (then lookups take the first, as Foundation's decoder does).
    /// - Throws: `DecodingError.dataCorrupted` for a key that is not valid text.
    func checkKeys(of object: Int, path: DocumentCodingPath?) throws {
        let flags = tokens[object].flags
        guard flags & JSONToken.keysChecked == 0 else { return }
        var keys: [Int] = []
        keys.reserveCapacity(Int(tokens[object].count))
        var key = object + 1
        let end = Int(tokens[object].end)
        while key < end {
            keys.append(key)
            key = skip(key + 1)
        }
        if flags & JSONToken.unusualKeys != 0 {
            var names = Set<String>()
            for key in keys {
                let name: String
                do { name = try keyName(key) } catch {
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: DocumentCodingPath.keys(path),
                            debugDescription: "An object key is not valid text (\(error)).", underlyingError: error))
                }
                if !names.insert(name).inserted { tokens[object].flags |= JSONToken.duplicateKeys }
            }
        } else if hasDuplicateNames(keys) {
            tokens[object].flags |= JSONToken.duplicateKeys
        }
        tokens[object].flags |= JSONToken.keysChecked
    }

    private func hasDuplicateNames(_ keys: [Int]) -> Bool {
        if keys.count <= 12 {
            for (position, key) in keys.enumerated() {
                for earlier in keys[..<position] where sameName(earlier, key) { return true }
            }
            return false
        }
        // An open-addressed table of FNV-1a hashes, twice the keys in size.
        var capacity = 32
        while capacity < keys.count * 2 { capacity *= 2 }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { slots in
            slots.initialize(repeating: -1)
            let mask = capacity - 1
            for key in keys {
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in text(key) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
                while slots[slot] >= 0 {
                    if sameName(slots[slot], key) { return true }
                    slot = (slot + 1) & mask
                }
                slots[slot] = key
            }
            return false
        }
    }

    private func sameName(_ first: Int, _ second: Int) -> Bool {
        if tokens[first].flags | tokens[second].flags != 0 {
            return (try? keyName(first)) == (try? keyName(second))
        }
        return matches(first, text(second))
    }

    // MARK: - Describing values in errors

    /// How Foundation's decoder names a value's kind in a type mismatch.
    func kindDescription(_ token: Int) -> String {
        switch tokens[token].kind {
        case .object: "a dictionary"
        case .array: "an array"
        case .string: "a string"
        case .number: "number"
        case .true, .false: "bool"
        case .null: "null"
        }
    }
}

/// The options of a `JSONDecoder` that `DocumentDecoder` reads the same way; `nil` from
/// `init(_:)` when the decoder uses one it leaves to Foundation (key conversions, JSON5,
/// formatter and ISO 8601 dates).
struct DocumentDecodingOptions {
    enum DateRule {
        case deferredToDate, secondsSince1970, millisecondsSince1970
        case custom(@Sendable (any Decoder) throws -> Date)
    }

    enum DataRule {
        case deferredToData, base64
        case custom(@Sendable (any Decoder) throws -> Data)
    }

    let dates: DateRule
    let data: DataRule
    /// The strings that stand for infinities and NaN, when a decoder accepts them.
    let nonConformingFloats: (positiveInfinity: String, negativeInfinity: String, nan: String)?
    let userInfo: [CodingUserInfoKey: any Sendable]

    init?(_ decoder: JSONDecoder) {
        // A subclass may decode its own way.
        guard type(of: decoder) == JSONDecoder.self, !decoder.allowsJSON5, !decoder.assumesTopLevelDictionary,
            case .useDefaultKeys = decoder.keyDecodingStrategy
        else { return nil }
        switch decoder.dateDecodingStrategy {
        case .deferredToDate: dates = .deferredToDate
        case .secondsSince1970: dates = .secondsSince1970
        case .millisecondsSince1970: dates = .millisecondsSince1970
        case .custom(let closure): dates = .custom(closure)
        default: return nil
        }
        switch decoder.dataDecodingStrategy {
        case .deferredToData: data = .deferredToData
        case .base64: data = .base64
        case .custom(let closure): data = .custom(closure)
        @unknown default: return nil
        }
        switch decoder.nonConformingFloatDecodingStrategy {
        case .throw: nonConformingFloats = nil
        case .convertFromString(let positiveInfinity, let negativeInfinity, let nan):
            nonConformingFloats = (positiveInfinity, negativeInfinity, nan)
        @unknown default: return nil
        }
        userInfo = decoder.userInfo
    }
}
