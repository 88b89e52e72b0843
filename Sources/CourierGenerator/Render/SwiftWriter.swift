/// Builds Swift source text with consistent indentation.
struct SwiftWriter {
    private(set) var text = ""
    private var level = 0

    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else if content.hasPrefix("//"), content.contains(where: \.isNewline) {
            // A comment line that quotes the description (an enum value "\n", a path) must not
            // end early: its line breaks are written as escapes.
            text += String(repeating: "    ", count: level) + escapingLineBreaks(content) + "\n"
        } else {
            text += String(repeating: "    ", count: level) + content + "\n"
        }
    }

    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        level += 1
        body(&self)
        level -= 1
        line("}")
    }

    /// Writes `switch subject {`, the cases at the switch's own indentation (Swift style), and `}`.
    mutating func switchBlock(_ subject: String, _ body: (inout SwiftWriter) -> Void) {
        line("switch \(subject) {")
        body(&self)
        line("}")
    }

    /// Writes `prefix { parameters in`, the body, and `}`.
    mutating func closure(_ prefix: String, parameters: String, _ body: (inout SwiftWriter) -> Void) {
        line(prefix + " { " + parameters + " in")
        level += 1
        body(&self)
        level -= 1
        line("}")
    }

    /// Writes the body one level deeper, without braces (the items of a literal).
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// Writes documentation text as `///` lines.
    mutating func doc(_ documentation: String?) {
        guard let documentation, !documentation.isEmpty else { return }
        var lines = documentation.documentationLines.map { $0.trimmingTrailingWhitespace() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        for content in lines {
            line(content.isEmpty ? "///" : "/// " + content)
        }
    }
}

extension String {
    /// The text's lines, split at every line break Swift ends a comment at (`\n`, `\r`, `\r\n`) and
    /// the other Unicode line separators, which a `split(separator: "\n")` misses: `"\r\n"` is one
    /// `Character`, and a description's `"a\r\nb"` would otherwise end a `///` line mid-text.
    var documentationLines: [String] {
        split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }

    func trimmingTrailingWhitespace() -> String {
        var result = self
        while let last = result.last, last == " " || last == "\t" || last == "\r" { result.removeLast() }
        return result
    }
}
