/// Hands the keyed container a union read its evidence from to the variant it then decodes, so
/// that the object's keys are listed once, not twice.
///
/// A decoder such as `JSONDecoder` builds a table of an object's keys each time it is asked for
/// a keyed container; a union that reads a tag and then decodes its variant from the same
/// decoder would build it twice (about a tenth of decoding Stripe's unions). While a union
/// decodes its chosen variant, when that variant is a generated struct or union of objects
/// (whose `init(from:)` asks for the container before anything else), the container waits in a
/// per-thread slot with the depth of the value's coding path. The struct takes it when it is at
/// that depth, which within the variant's (synchronous) decoding can only be the same value:
/// any value nested in it is deeper.
enum ObjectHandoff {
    /// A container waiting for the variant, and the depth of the value it holds.
    struct Pending {
        let container: KeyedDecodingContainer<AnyCodingKey>
        let depth: Int
    }

    /// The per-thread slot pointing at the `Pending` on the offering union's stack while it
    /// decodes a variant (as `UndeclaredKeyListing` points at its names).
    private static let slot = ThreadSlot()

    /// Runs `body` with `container` offered to the struct that decodes the same value, then
    /// withdraws it (and restores what an enclosing union offered, if it was not taken).
    /// - Parameters:
    ///   - container: The object's container.
    ///   - depth: The length of the value's coding path.
    ///   - body: Decodes the variant.
    /// - Returns: What `body` returns.
    static func offering<Result>(
        _ container: KeyedDecodingContainer<AnyCodingKey>, depth: Int, _ body: () throws -> Result
    ) rethrows -> Result {
        try withUnsafePointer(to: Pending(container: container, depth: depth)) { pending in
            let previous = slot.value
            slot.value = UnsafeMutableRawPointer(mutating: pending)
            defer { slot.value = previous }
            return try body()
        }
    }

    /// The container offered for the value `decoder` holds, if any; taking it withdraws it.
    /// - Parameter decoder: The decoder of the value being decoded.
    /// - Returns: The offered container, or `nil`.
    static func take(for decoder: any Decoder) -> KeyedDecodingContainer<AnyCodingKey>? {
        guard let raw = slot.value else { return nil }
        let pending = raw.assumingMemoryBound(to: Pending.self).pointee
        guard pending.depth == decoder.codingPath.count else { return nil }
        slot.value = nil
        return pending.container
    }
}

@_spi(Generated) extension UnionVariant {
    /// The keyed container of the object `decoder` holds: the one the enclosing union already
    /// made to read its evidence, when this value is the variant it chose, or a new one.
    ///
    /// Generated structs call it first in `init(from:)`, instead of
    /// `decoder.container(keyedBy:)`.
    /// - Parameter decoder: The decoder of the value.
    /// - Returns: The container.
    /// - Throws: `DecodingError` when the value is not an object.
    public static func objectContainer(_ decoder: any Decoder) throws -> KeyedDecodingContainer<AnyCodingKey> {
        if let offered = ObjectHandoff.take(for: decoder) { return offered }
        return try decoder.container(keyedBy: AnyCodingKey.self)
    }
}
