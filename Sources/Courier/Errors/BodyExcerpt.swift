import Foundation

/// A short, printable excerpt of a body for error messages and logs.
enum BodyExcerpt {
    static let limit = 200

    /// The first `limit` bytes as one line of text, or a byte count for binary data.
    static func make(_ body: Data, limit: Int = limit) -> String {
        if body.isEmpty { return "<empty>" }
        var prefix = body.prefix(limit)
        var text = String(data: prefix, encoding: .utf8)
        // The cut may split a multi-byte character: drop up to three bytes to find a boundary.
        while text == nil, body.count > limit, prefix.count > limit - 3 {
            prefix = prefix.dropLast()
            text = String(data: prefix, encoding: .utf8)
        }
        guard let text else { return "<\(body.count) bytes of binary data>" }
        let line = text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        return body.count > prefix.count ? "\(line)… (\(body.count) bytes)" : line
    }
}
