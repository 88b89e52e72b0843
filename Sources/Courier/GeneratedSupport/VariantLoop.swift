/// Stops a union's variant that leads back to the union itself without reading anything.
///
/// A description may list a union among its own alternatives, directly (`Item: oneOf: [Item,
/// Reference]`) or through other unions and aliases (`A: oneOf: [B, …]`, `B: oneOf: [A, …]`).
/// Decoding such a variant decodes the same union from the same value again, forever: the
/// process would end in a stack overflow. By JSON Schema's rules the way back adds no value a
/// union's other variants do not accept, so a variant that meets its own union again at the
/// same value fails there, and the unions on the way try their other variants.
///
/// The generator wraps only the variants whose type leads back so; each keeps an entry on the
/// decoding thread's stack (decoding is synchronous, see `ObjectHandoff`) with the depth of the
/// value's coding path: an entry of the same variant at the same depth is the same value, as
/// any value nested in it is deeper.
enum VariantLoop {
    /// One variant being decoded, and the entry below it.
    struct Entry {
        let variant: String
        let depth: Int
        let previous: UnsafeRawPointer?
    }

    /// The per-thread slot pointing at the innermost entry.
    private static let slot = ThreadSlot()

    /// Runs `body` unless the same variant is already being decoded for the same value.
    static func entering<Result>(
        _ variant: String, depth: Int, codingPath: [any CodingKey], _ body: () throws -> Result
    ) throws -> Result {
        var current = slot.value.map { UnsafeRawPointer($0) }
        while let pointer = current {
            let entry = pointer.assumingMemoryBound(to: Entry.self).pointee
            if entry.depth == depth && entry.variant == variant {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: codingPath,
                        debugDescription:
                            "The variant \(variant) leads back to its own union without reading the value, "
                            + "and the value is none of the union's other variants."))
            }
            current = entry.previous
        }
        let previous = slot.value
        return try withUnsafePointer(
            to: Entry(variant: variant, depth: depth, previous: previous.map { UnsafeRawPointer($0) })
        ) {
            entry in
            slot.value = UnsafeMutableRawPointer(mutating: entry)
            defer { slot.value = previous }
            return try body()
        }
    }
}

@_spi(Generated) extension UnionVariant {
    /// Decodes a variant whose type leads back to its own union through unions and aliases
    /// only, failing with a `DecodingError` where it would meet itself again at the same value
    /// (see `VariantLoop`).
    /// - Parameters:
    ///   - variant: The union's name and the case's, as `Item.item`.
    ///   - decoder: The decoder of the value.
    ///   - body: Decodes the variant.
    /// - Returns: What `body` returns.
    /// - Throws: `DecodingError` when the variant is already being decoded for this value, or
    ///   what `body` throws.
    public static func decodeLeadingBack<Value>(
        _ variant: String, from decoder: any Decoder, _ body: () throws -> Value
    ) throws -> Value {
        let codingPath = decoder.codingPath
        return try VariantLoop.entering(variant, depth: codingPath.count, codingPath: codingPath, body)
    }
}
