/// A spec that cannot be turned into Swift, with where and why.
public struct GenerationError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The JSON pointer of the offending object, such as `#/paths/~1pets/get`.
    public var pointer: String
    /// Where it is in the file.
    public var location: SourceLocation

    /// Creates an error.
    public init(_ message: String, pointer: String, location: SourceLocation) {
        self.message = message
        self.pointer = pointer
        self.location = location
    }

    /// `file:line:column: error: message (at pointer)`.
    public var description: String { "\(location): error: \(message) (at \(pointer))" }
}

/// Something the generator skipped or changed, reported without failing the run.
public struct GenerationWarning: Sendable, Hashable, CustomStringConvertible {
    /// What was skipped and why.
    public var message: String
    /// The JSON pointer of the object.
    public var pointer: String
    /// Where it is in the file.
    public var location: SourceLocation

    /// `file:line:column: warning: message (at pointer)`.
    public var description: String { "\(location): warning: \(message) (at \(pointer))" }
}
