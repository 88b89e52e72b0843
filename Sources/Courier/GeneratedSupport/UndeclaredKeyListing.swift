/// Lists only the keys of a JSON object that a generated struct does not declare.
///
/// `KeyedDecodingContainer.allKeys` makes a key for every name in the object, then boxes each
/// one as `any CodingKey` and casts it back: for a struct that declares every key it meets (the
/// common case), that is most of the cost of keeping undeclared keys. While a listing runs,
/// ``AnyCodingKey/init(stringValue:)`` (which the decoder calls for each name) refuses the
/// declared names, so only undeclared ones are made, boxed and cast; Courier's own decoder
/// (`DocumentKeyedContainer.allKeys`) reads the same names and skips them by their bytes, before
/// making a string, noting those whose value is `null` (see `ExplicitNulls`). The declared names
/// are reached through a per-thread pointer that is set only for the duration of the synchronous
/// `allKeys` call.
enum UndeclaredKeyListing {
    /// A listing in progress: the declared names, and what Courier's decoder found of them.
    struct Listing {
        let declared: KeyNames
        /// The declared names whose value is `null`, in text order; `nil` until Courier's decoder
        /// lists the object (another decoder never sees the declared names, so leaves it `nil`).
        var declaredNulls: [String]?
    }

    /// The per-thread slot holding a pointer to the listing while one runs.
    private static let slot = ThreadSlot()

    /// The keys of `container` that are not in `declared`.
    /// - Parameters:
    ///   - container: The object.
    ///   - declared: The names the struct declares.
    /// - Returns: The other keys, in the decoder's order, and the declared names whose value is
    ///   `null` when Courier's decoder listed them (`nil` for another decoder).
    static func keys(
        of container: KeyedDecodingContainer<AnyCodingKey>, excluding declared: KeyNames
    ) -> (keys: [AnyCodingKey], declaredNulls: [String]?) {
        var listing = Listing(declared: declared, declaredNulls: nil)
        let keys = withUnsafeMutablePointer(to: &listing) { listing in
            slot.value = UnsafeMutableRawPointer(listing)
            defer { slot.value = nil }
            return container.allKeys
        }
        return (keys, listing.declaredNulls)
    }

    /// The listing running on this thread, if one is.
    static var current: UnsafeMutablePointer<Listing>? {
        slot.value.map { $0.assumingMemoryBound(to: Listing.self) }
    }

    /// Whether a listing is running on this thread and `name` is one of its declared names.
    /// - Parameter name: A key's name.
    /// - Returns: `true` when the key must be left out.
    static func excludes(_ name: String) -> Bool {
        guard let listing = current else { return false }
        return listing.pointee.declared.contains(name)
    }
}
