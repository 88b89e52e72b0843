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
        if let data = body?.bufferedData, !data.isEmpty {
            if let text = String(data: data, encoding: .utf8) {
                parts += ["--data-raw", Self.quote(text)]
            } else {
                parts += ["--data-binary", Self.quote("<\(data.count) bytes of binary data>")]
            }
        } else if let body, body.bufferedData == nil {
            let size = body.length.map { "\($0) bytes" } ?? "a body"
            parts += ["--data-binary", Self.quote("<\(size) read as it is sent>")]
        }
        parts.append(Self.quote(redaction.text(of: url)))
        return parts.joined(separator: " ")
    }

    /// Single-quotes a shell argument, escaping single quotes inside it.
    static func quote(_ argument: String) -> String {
        "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
