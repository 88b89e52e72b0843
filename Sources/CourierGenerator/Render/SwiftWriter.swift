/// Builds Swift source text with consistent indentation.
struct SwiftWriter {
    private(set) var text = ""
    private var level = 0

    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
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
        var lines = documentation.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0).trimmingTrailingWhitespace()
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        for content in lines {
            line(content.isEmpty ? "///" : "/// " + content)
        }
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var result = self
        while let last = result.last, last == " " || last == "\t" || last == "\r" { result.removeLast() }
        return result
    }
}
