/// Text between double quotes, with `"`, `\` and the common control characters escaped as both
/// Swift and JSON write them.
/// - Parameters:
///   - text: The text.
///   - escapeOther: The escape for any other scalar that needs one, or `nil` to keep it as is.
/// - Returns: The quoted text.
func doubleQuoted(_ text: String, escapeOther: (Unicode.Scalar) -> String?) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if let escaped = escapeOther(scalar) {
                out += escaped
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

/// The text with its line breaks escaped as Swift writes them (`\n`, `\r`, `\u{2028}`), for text
/// that must stay on one line: a `//` comment quoting the description, or a diagnostic.
/// - Parameter text: The text.
/// - Returns: The text without line breaks.
func escapingLineBreaks(_ text: String) -> String {
    guard text.contains(where: \.isNewline) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
            result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}
