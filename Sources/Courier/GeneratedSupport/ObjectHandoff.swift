#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// Hands the keyed container a union read its evidence from to the variant it chose, so that
/// the object's key table is built once, not once for the evidence and again for the variant.
///
/// `Decodable` gives a variant's `init(from:)` only the decoder, and a decoder builds a new table
/// of the object's keys for every container asked of it (Foundation's `JSONDecoder` does). So
/// while a union decodes a variant that takes objects, a per-thread pointer offers its
/// container, for the decoder that holds the object only; the variant takes it with
/// ``AnyCodingKey/container(of:)`` as the first thing it does, and the offer ends when the
/// synchronous call returns, taken or not.
enum ObjectHandoff {
    /// A container on offer, and the decoder it belongs to.
    private struct Offer {
        let decoder: ObjectIdentifier
        let container: KeyedDecodingContainer<AnyCodingKey>
    }

    /// The per-thread slot holding a pointer to the offer while a variant decodes.
    private static let slot: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed (\(status))")
        return key
    }()

    /// Runs `body` with `container` on offer to the first request for `decoder`'s container.
    /// A decoder that is not a class (so has no identity to match) gets no offer.
    static func offering<Value>(
        _ container: KeyedDecodingContainer<AnyCodingKey>, of decoder: any Decoder, _ body: () throws -> Value
    ) rethrows -> Value {
        guard type(of: decoder) is AnyClass else { return try body() }
        let offer = Offer(decoder: ObjectIdentifier(decoder as AnyObject), container: container)
        return try withUnsafePointer(to: offer) { pointer in
            pthread_setspecific(slot, pointer)
            defer { pthread_setspecific(slot, nil) }
            return try body()
        }
    }

    /// Whether a container is on offer on this thread.
    static var isOffering: Bool { pthread_getspecific(slot) != nil }

    /// Takes the container on offer when it belongs to `decoder`; the offer ends either way.
    static func take(for decoder: any Decoder) -> KeyedDecodingContainer<AnyCodingKey>? {
        guard let pointer = pthread_getspecific(slot) else { return nil }
        pthread_setspecific(slot, nil)
        let offer = pointer.assumingMemoryBound(to: Offer.self).pointee
        guard type(of: decoder) is AnyClass, ObjectIdentifier(decoder as AnyObject) == offer.decoder else { return nil }
        return offer.container
    }
}

@_spi(Generated) extension AnyCodingKey {
    /// The keyed container of the object `decoder` holds: the one a union read its evidence
    /// from when it decodes this value as one of its variants, else a new one. Generated
    /// structs ask for their container this way, first thing in `init(from:)`.
    /// - Parameter decoder: The decoder holding the object.
    /// - Returns: The container.
    /// - Throws: `DecodingError` when the value is not an object.
    public static func container(of decoder: any Decoder) throws -> KeyedDecodingContainer<AnyCodingKey> {
        if let offered = ObjectHandoff.take(for: decoder) { return offered }
        return try decoder.container(keyedBy: AnyCodingKey.self)
    }
}
