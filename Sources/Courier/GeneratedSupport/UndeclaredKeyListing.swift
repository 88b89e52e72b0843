/// Lists only the keys of a JSON object that a generated struct does not declare.
///
/// `KeyedDecodingContainer.allKeys` makes a key for every name in the object, then boxes each
/// one as `any CodingKey` and casts it back: for a struct that declares every key it meets (the
/// common case), that is most of the cost of keeping undeclared keys. While a listing runs,
/// ``AnyCodingKey/init(stringValue:)`` (which the decoder calls for each name) refuses the
/// declared names, so only undeclared ones are made, boxed and cast; Courier's own decoder
/// (`DocumentKeyedContainer.allKeys`) reads the same names and skips them by their bytes, before
/// making a string. The declared names are reached through a per-thread pointer that is set
/// only for the duration of the synchronous `allKeys` call.
enum UndeclaredKeyListing {
    /// The per-thread slot holding a pointer to the declared names while a listing runs.
    private static let slot = ThreadSlot()

    /// The keys of `container` that are not in `declared`.
    /// - Parameters:
    ///   - container: The object.
    ///   - declared: The names the struct declares.
    /// - Returns: The other keys, in the decoder's order.
    static func keys(
        of container: KeyedDecodingContainer<AnyCodingKey>, excluding declared: KeyNames
    ) -> [AnyCodingKey] {
        withUnsafePointer(to: declared) { names in
            slot.value = UnsafeMutableRawPointer(mutating: names)
            defer { slot.value = nil }
            return container.allKeys
        }
    }

    /// The declared names of the listing running on this thread, if one is.
    static var declaredNames: UnsafePointer<KeyNames>? {
        slot.value.map { UnsafePointer($0.assumingMemoryBound(to: KeyNames.self)) }
    }

    /// Whether a listing is running on this thread and `name` is one of its declared names.
    /// - Parameter name: A key's name.
    /// - Returns: `true` when the key must be left out.
    static func excludes(_ name: String) -> Bool {
        guard let names = slot.value else { return false }
        return names.assumingMemoryBound(to: KeyNames.self).pointee.contains(name)
    }
}
