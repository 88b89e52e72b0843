/// A coding key with any name, used by generated code for discriminators and for keys that a
/// schema does not declare (`additionalProperties`).
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
