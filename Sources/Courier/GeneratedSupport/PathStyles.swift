import Foundation

/// The path parameter styles of OpenAPI (RFC 6570's expansions) that write a list: generated
/// paths write `/files/\(list: ids, prefix: "", separator: ",")` for `simple`,
/// `prefix: "."` for `label` and `prefix: ";id="` for `matrix`. Each value is percent-encoded
/// as a segment is, and the separators are written as they are, so a comma inside a value
/// (`%2C`) stays apart from the commas between values.
@_spi(Generated) extension EndpointPath.StringInterpolation {
    /// Appends values between literal separators, after a literal prefix; nothing for no values
    /// (RFC 6570 treats an empty list as undefined).
    /// - Parameters:
    ///   - values: The values; UUIDs are written lowercase and dates as RFC 3339 timestamps, as
    ///     single values are.
    ///   - prefix: Literal text before the first value (`.`, `;id=`).
    ///   - separator: Literal text between values (`,`, `.`, `;id=`).
    @_spi(Generated) public mutating func appendInterpolation(
        list values: [some CustomStringConvertible], prefix: String, separator: String
    ) {
        guard !values.isEmpty else { return }
        appendLiteral(prefix)
        for (position, value) in values.enumerated() {
            if position > 0 { appendLiteral(separator) }
            switch value {
            case let uuid as UUID: appendInterpolation(uuid)
            case let date as Date: appendInterpolation(date)
            default: appendInterpolation(value)
            }
        }
    }
}
