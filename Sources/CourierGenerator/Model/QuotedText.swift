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
