/// A coding key with any name: generated models decode and encode every property with one
/// (`AnyCodingKey("owner_name")`) rather than a `CodingKeys` enum of their own, and read
/// discriminators and keys a schema does not declare (`additionalProperties`) with it.
@_spi(Generated) public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    /// The key's name.
    public var stringValue: String
    /// Always `nil`: JSON object keys are strings.
    public var intValue: Int? { nil }

    /// Creates a key.
    /// - Parameter stringValue: The name.
    public init(_ stringValue: String) { self.stringValue = stringValue }
    /// Creates a key.
    /// - Parameter stringValue: The name.
    public init?(stringValue: String) { self.stringValue = stringValue }
    /// Creates a key from an index, as its decimal text.
    /// - Parameter intValue: The index.
    public init?(intValue: Int) { self.stringValue = String(intValue) }
}
