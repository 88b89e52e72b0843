import Foundation

extension TransportRequest {
    /// The request as a `curl` command you can paste into a terminal.
    ///
    /// Secrets are shown as `<redacted>` unless you pass ``Redaction/none``.
    /// - Parameter redaction: What to hide.
    /// - Returns: A single-line command, with every argument quoted for POSIX shells.
    public func curlCommand(redaction: Redaction = Redaction()) -> String {
        var parts = ["curl"]
        if method != .get || body != nil { parts += ["-X", Self.quote(method.rawValue)] }
        for field in headers {
            parts += ["-H", Self.quote("\(field.name): \(redaction.value(of: field))")]
        }
        if let body, !body.isEmpty {
            if let text = String(data: body, encoding: .utf8) {
                parts += ["--data-raw", Self.quote(text)]
            } else {
                parts += ["--data-binary", Self.quote("<\(body.count) bytes of binary data>")]
            }
        }
        parts.append(Self.quote(redaction.text(of: url)))
        return parts.joined(separator: " ")
    }

    /// Single-quotes a shell argument, escaping single quotes inside it.
    static func quote(_ argument: String) -> String {
        "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
