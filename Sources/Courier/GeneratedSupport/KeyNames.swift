import Foundation

/// A fixed set of JSON key names: the keys a generated struct declares, or the keys a union
/// variant requires or declares.
///
/// Generated code writes one as a single string literal of space-separated names
/// (`"amount currency id"`), which compiles to a fraction of the code of an array or set literal
/// of the same names, or as an array literal when a name is empty or holds a space. The names
/// are split once: when the generated static property that holds them is first read, or, for a
/// struct's declared names passed inline, once per thread and literal (`cached(_:)`).
///
/// Looking a name up hashes its UTF-8 bytes with FNV-1a into a small open-addressed table,
/// cheaper than `Set<String>`'s seeded SipHash: a decoder asks for every key of every object.
@_spi(Generated) public struct KeyNames: Sendable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    /// The names, in the order they were given.
    let names: [String]
    /// Each slot holds an index into `names` plus one, or zero when empty.
    private let slots: [Int32]
    private let mask: Int

    /// Creates the set from names separated by single spaces.
    /// - Parameter value: The names, none of them empty or holding a space.
    public init(stringLiteral value: String) {
        self.init(value.split(separator: " ").map(String.init))
    }

    /// Creates the set from a list of names.
    /// - Parameter elements: The names.
    public init(arrayLiteral elements: String...) {
        self.init(elements)
    }

    init(_ names: [String]) {
        var capacity = 4
        while capacity < names.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        var kept: [String] = []
        kept.reserveCapacity(names.count)
        let mask = capacity - 1
        for name in names {
            var slot = Self.hash(name) & mask
            var duplicate = false
            while slots[slot] != 0 {
                if kept[Int(slots[slot]) - 1] == name {
                    duplicate = true
                    break
                }
                slot = (slot + 1) & mask
            }
            if duplicate { continue }
            kept.append(name)
            slots[slot] = Int32(kept.count)
        }
        self.names = kept
        self.slots = slots
        self.mask = mask
    }

    /// Whether there are no names.
    public var isEmpty: Bool { names.isEmpty }

    /// Whether `name` is one of the names.
    /// - Parameter name: A key's name.
    /// - Returns: `true` when the set holds it.
    public func contains(_ name: String) -> Bool {
        var slot = Self.hash(name) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return false }
            if names[Int(entry) - 1] == name { return true }
            slot = (slot + 1) & mask
        }
    }

    /// Whether the name whose UTF-8 bytes these are is one of the names.
    /// - Parameter utf8: A key's bytes.
    /// - Returns: `true` when the set holds it.
    func contains(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var slot = Self.hash(bytes) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return false }
            let equal = names[Int(entry) - 1].utf8.withContiguousStorageIfAvailable { name in
                name.count == bytes.count
                    && (name.isEmpty || memcmp(name.baseAddress!, bytes.baseAddress!, name.count) == 0)
            }
            if equal ?? names[Int(entry) - 1].utf8.elementsEqual(bytes) { return true }
            slot = (slot + 1) & mask
        }
    }

    /// FNV-1a over a name's UTF-8 bytes, folded: the hash of every name table here and of
    /// `JSONDocument`'s check for repeated keys.
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// `hash(_:)` of a name. Names from a decoder are native strings, so their bytes are read
    /// in place.
    private static func hash(_ name: String) -> Int {
        name.utf8.withContiguousStorageIfAvailable { hash($0) } ?? hash(name.utf8)
    }

    /// The set for a literal of space-separated names, split once per thread and kept by the
    /// literal's address (a static string's bytes never move), so that a generated struct can
    /// pass its declared names inline.
    /// - Parameter literal: The names.
    /// - Returns: The set.
    static func cached(_ literal: StaticString) -> KeyNames {
        guard literal.hasPointerRepresentation else {
            return KeyNames(stringLiteral: literal.withUTF8Buffer { String(decoding: $0, as: UTF8.self) })
        }
        let cache: Cache
        if let existing = cacheSlot.value {
            cache = Unmanaged<Cache>.fromOpaque(existing).takeUnretainedValue()
        } else {
            cache = Cache()
            cacheSlot.value = Unmanaged.passRetained(cache).toOpaque()
        }
        let address = UnsafeRawPointer(literal.utf8Start)
        if let names = cache.names(at: address) { return names }
        let names = KeyNames(stringLiteral: literal.withUTF8Buffer { String(decoding: $0, as: UTF8.self) })
        cache.insert(names, at: address)
        return names
    }

    /// One thread's sets by literal address, in an open-addressed table hashed by a multiply
    /// (a decoder asks once per object, where `Dictionary`'s SipHash showed in profiles);
    /// released when the thread exits.
    final class Cache {
        private var addresses = [UnsafeRawPointer?](repeating: nil, count: 64)
        private var sets = [KeyNames?](repeating: nil, count: 64)
        private var count = 0

        func names(at address: UnsafeRawPointer) -> KeyNames? {
            let mask = addresses.count - 1
            var slot = Self.slot(of: address, mask: mask)
            while let held = addresses[slot] {
                if held == address { return sets[slot] }
                slot = (slot + 1) & mask
            }
            return nil
        }

        func insert(_ names: KeyNames, at address: UnsafeRawPointer) {
            if (count + 1) * 2 > addresses.count {
                let old = zip(addresses, sets)
                addresses = [UnsafeRawPointer?](repeating: nil, count: addresses.count * 2)
                sets = [KeyNames?](repeating: nil, count: addresses.count)
                count = 0
                for case (let held?, let set?) in old { insert(set, at: held) }
            }
            let mask = addresses.count - 1
            var slot = Self.slot(of: address, mask: mask)
            while addresses[slot] != nil { slot = (slot + 1) & mask }
            addresses[slot] = address
            sets[slot] = names
            count += 1
        }

        private static func slot(of address: UnsafeRawPointer, mask: Int) -> Int {
            let bits = UInt64(UInt(bitPattern: address)) &* 0x9E37_79B9_7F4A_7C15
            return Int(truncatingIfNeeded: bits >> 32) & mask
        }
    }

    private static let cacheSlot = ThreadSlot(releasesObjectOnThreadExit: true)
}
