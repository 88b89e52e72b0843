/// Whether a union is trying a variant while it has others left, so that a union nested in it,
/// at any depth, that meets an object none of its own variants accepts reports it
/// (`Declined`) rather than keep it in its catch-all: the enclosing union then tries its
/// next variant, which may read the whole value. Only when no variant reads it without such an
/// object does the closest one keep it, as `undocumented` where it was met.
///
/// A number property that meets text that is a number (`"42"`, which generated models read as
/// the number, as servers such as Twilio's send them) declines too: the next variant may take
/// the text as text, as its schema says (`{"a": "42"}` is the variant whose `a` is a string, not
/// the one whose `a` is an integer). Only when no variant reads the value as it is written is
/// the text read as a number. A `Double` (a union's case, an object's property) that meets a
/// number it would round (`9007199254740993`) declines as well: the next variant may keep every
/// digit (a `Decimal`).
///
/// Without it, a union's first variant by the evidence of keys "succeeded" with a nested value
/// left undocumented, though a later variant read every value (two variants with the same keys
/// whose values differ in shape). The flag lives in a per-thread slot, as decoding is
/// synchronous (see `ObjectHandoff`).
enum VariantTrial {
    /// Thrown within a variant another union is trying with others left: by a union, for an
    /// object none of its variants accepts (or of a kind its tag says none lists, which none
    /// reads); by a number property, for text that is a number; by a `Double`, for a number it
    /// would round.
    struct Declined: Error {}

    private static let slot = ThreadSlot()

    /// Whether an enclosing union is trying a variant with others left.
    static var isActive: Bool { slot.value != nil }

    /// Runs `body` with the flag set to `active`, then restores it. Callers skip it when the
    /// flag already is `active`.
    /// - Parameters:
    ///   - active: Whether a union nested in `body` reports an unknown object.
    ///   - body: Decodes a variant.
    /// - Returns: What `body` returns.
    static func with<Result>(active: Bool, _ body: () throws -> Result) rethrows -> Result {
        let previous = slot.value
        slot.value = active ? UnsafeMutableRawPointer(bitPattern: 1) : nil
        defer { slot.value = previous }
        return try body()
    }
}
