public import Testing

/// Text that a parameterized test takes as an argument (a YAML document, a stream of events, a
/// multipart body), shown in the test output as one quoted line with its line breaks and other
/// control characters escaped: a run prints one line per test case, so that a failure stands out.
public struct Snippet: Sendable, ExpressibleByStringLiteral, CustomTestStringConvertible {
    /// The text.
    public let text: String

    public init(_ text: String) { self.text = text }
    public init(stringLiteral text: String) { self.text = text }

    public var testDescription: String {
        var line = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            case "\\": line += "\\\\"
            case "\"": line += "\\\""
            case _ where scalar.properties.generalCategory == .control:
                line += "\\u{\(String(scalar.value, radix: 16))}"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line + "\""
    }
}
