/// A spec that cannot be turned into Swift, with where and why.
package struct GenerationError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    package var message: String
    /// The JSON pointer of the offending object, such as `#/paths/~1pets/get`.
    package var pointer: String
    /// Where it is in the file.
    package var location: SourceLocation

    /// Creates an error.
    package init(_ message: String, pointer: String, location: SourceLocation) {
        self.message = message
        self.pointer = pointer
        self.location = location
    }

    /// A document that could not be read, as a generation error at the document's root.
    package init(_ error: ReadError) {
        self.init(error.message, pointer: "#", location: error.location)
    }

    /// `file:line:column: error: message (at pointer)`.
    package var description: String { escapingLineBreaks("\(location): error: \(message) (at \(pointer))") }
}

/// Something the generator skipped or changed, reported without failing the run.
package struct GenerationWarning: Sendable, Hashable, CustomStringConvertible {
    /// What was skipped and why.
    package var message: String
    /// The JSON pointer of the object; empty for what the reader passed over.
    package var pointer: String
    /// Where it is in the file.
    package var location: SourceLocation

    /// `file:line:column: warning: message (at pointer)`, without the pointer when it is empty.
    package var description: String {
        escapingLineBreaks("\(location): warning: \(message)" + (pointer.isEmpty ? "" : " (at \(pointer))"))
    }
}
