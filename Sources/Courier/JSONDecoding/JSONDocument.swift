import Foundation

/// A parsed JSON text and the decoder options it is read with: the storage every
/// `DocumentDecoder` and container of one decode shares.
///
/// The tokens are kept in memory of their own. The text is the caller's bytes, borrowed while
/// the decode runs (`JSONDecoding.decode(_:from:options:)` reads them in place); should a
/// decoder or container outlive the decode (a model that keeps one past its `init(from:)`),
/// `keepText()` copies them so that it stays valid, as Foundation's decoder does. Read on one
/// thread at a time, as every `Decoder` is.
final class JSONDocument {
    let tokens: UnsafeMutableBufferPointer<JSONToken>
    let options: DocumentDecodingOptions
    /// Where the text is: one cell, so that `keepText()` can move it while every read stays a
    /// read of a constant (no exclusivity check).
    private let text: UnsafeMutablePointer<(bytes: UnsafeBufferPointer<UInt8>, copy: UnsafeMutableRawPointer?)>

    /// Parses `bytes`, which must stay valid until the decode ends or `keepText()` is called.
    /// - Throws: `DecodingError.dataCorrupted` with a `JSONSyntaxError` beneath when it is not JSON.
    init(borrowing bytes: UnsafeBufferPointer<UInt8>, options: DocumentDecodingOptions) throws {
        var parser = JSONTapeParser(bytes: bytes)
        do {
            try parser.parse()
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
        }
        // A null that a missing key's `superDecoder(forKey:)` reads, as Foundation's does.
        parser.tokens.append(JSONToken(kind: .null, start: 0, end: 0))
        tokens = parser.tokens.take()
        self.options = options
        text = .allocate(capacity: 1)
        text.initialize(to: (bytes, nil))
    }

    deinit {
        text.pointee.copy?.deallocate()
        text.deallocate()
        free(tokens.baseAddress)
    }

    /// The text's bytes.
    @inline(__always)
    var bytes: UnsafeBufferPointer<UInt8> { text.pointee.bytes }

    /// Copies the borrowed text into memory of the document's own.
    func keepText() {
        guard text.pointee.copy == nil else { return }
        let count = bytes.count
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(1, count), alignment: 1)
        if let source = bytes.baseAddress { copy.copyMemory(from: source, byteCount: count) }
        text.pointee = (UnsafeBufferPointer(start: copy.assumingMemoryBound(to: UInt8.self), count: count), copy)
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
    ///
    /// The search starts at the key after the one found last and wraps around, so a model that
    /// reads its keys in the order the text has them (or a dictionary read through `allKeys`)
    /// finds each in one step.
    func member(_ name: String, in object: Int) -> Int? {
        let header = tokens[object]
        guard header.count > 0 else { return nil }
        var utf8 = name
        return utf8.withUTF8 { wanted -> Int? in
            let first = object + 1
            let end = Int(header.end)
            let hint = Int(header.hint)
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
                if keyMatches(key, wanted, name) {
                    tokens[object].hint = UInt32(next < end ? next : first)
                    return value
                }
                key = next
            }
        }
    }

    /// Whether a key is the first of its name in its object and that name is `name`, whose UTF-8
    /// is `wanted`. A key with an escape or a byte outside ASCII is compared as a `String`, by
    /// canonical equivalence, as Foundation's decoder's dictionary of keys compares them.
    @inline(__always)
    private func keyMatches(_ key: Int, _ wanted: UnsafeBufferPointer<UInt8>, _ name: String) -> Bool {
        let token = tokens[key]
        if token.flags != 0 {
            guard token.flags & JSONToken.shadowed == 0, let keyName = try? keyName(key) else { return false }
            return keyName == name
        }
        return sameBytes(key, wanted)
    }

    /// Whether a key's text (not unescaped) is `wanted`.
    @inline(__always)
    private func sameBytes(_ key: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let token = tokens[key]
        let count = Int(token.end - token.start)
        guard count == wanted.count else { return false }
        guard count > 0 else { return true }
        return memcmp(bytes.baseAddress! + Int(token.start), wanted.baseAddress!, count) == 0
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
        while key < end {
            if tokens[key].flags & JSONToken.shadowed == 0 { keys.append(key) }
            key = skip(key + 1)
        }
        return keys
    }

    /// The names of an object's members whose value is `null`, in text order, each name once
    /// (the first member of a name decides, as for lookups); empty, without a string made, when
    /// none is `null`.
    func nullMemberNames(of object: Int) -> [String] {
        var names: [String] = []
        var key = object + 1
        let end = Int(tokens[object].end)
        while key < end {
            let value = key + 1
            if tokens[value].kind == .null, tokens[key].flags & JSONToken.shadowed == 0, let name = try? keyName(key) {
                names.append(name)
            }
            key = skip(value)
        }
        return names
    }

    /// Checks an object's keys before it is read as a keyed container: that each is text, and
    /// which repeat a name that comes earlier (they are `shadowed`: lookups and `keys(of:)` skip
    /// them, so the first of a name counts, as in Foundation's decoder).
    /// - Throws: `DecodingError.dataCorrupted` for a key that is not valid text.
    func checkKeys(of object: Int, path: DocumentCodingPath?) throws {
        let flags = tokens[object].flags
        guard flags & JSONToken.keysChecked == 0 else { return }
        defer { tokens[object].flags |= JSONToken.keysChecked }
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
                if !names.insert(name).inserted { tokens[key].flags |= JSONToken.shadowed }
            }
        } else if keys.count <= 12 {
            for (position, key) in keys.enumerated() {
                for earlier in keys[..<position] where sameBytes(earlier, text(key)) {
                    tokens[key].flags |= JSONToken.shadowed
                    break
                }
            }
        } else {
            shadowRepeatedNames(keys)
        }
    }

    /// Marks each key whose bytes an earlier key has, through an open-addressed table of their
    /// hashes (`KeyNames.hash(_:)`) twice the keys in size.
    private func shadowRepeatedNames(_ keys: [Int]) {
        var capacity = 32
        while capacity < keys.count * 2 { capacity *= 2 }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { slots in
            slots.initialize(repeating: -1)
            let mask = capacity - 1
            for key in keys {
                var slot = KeyNames.hash(text(key)) & mask
                var repeated = false
                while slots[slot] >= 0 {
                    if sameBytes(slots[slot], text(key)) {
                        repeated = true
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if repeated {
                    tokens[key].flags |= JSONToken.shadowed
                } else {
                    slots[slot] = key
                }
            }
        }
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
    var userInfo: [CodingUserInfoKey: any Sendable]

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
