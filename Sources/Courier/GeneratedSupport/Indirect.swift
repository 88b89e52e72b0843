/// Stores a value out of line, so a generated struct can contain itself (a `Comment` with a
/// `parent: Comment?`). Encodes and decodes exactly as the wrapped value.
@_spi(Generated) public struct Indirect<Wrapped: Sendable>: Sendable {
    private final class Storage: Sendable {
        let value: Wrapped
        init(_ value: Wrapped) { self.value = value }
    }

    private let storage: Storage

    /// Wraps a value.
    /// - Parameter value: The value.
    public init(_ value: Wrapped) { storage = Storage(value) }

    /// The wrapped value.
    public var value: Wrapped { storage.value }
}

extension Indirect: Equatable where Wrapped: Equatable {
    /// Compares the wrapped values.
    public static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs.value == rhs.value }
}

extension Indirect: Hashable where Wrapped: Hashable {
    /// Hashes the wrapped value.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension Indirect: Decodable where Wrapped: Decodable {
    /// Decodes the wrapped value.
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws { self.init(try Wrapped(from: decoder)) }
}

extension Indirect: Encodable where Wrapped: Encodable {
    /// Encodes the wrapped value.
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
