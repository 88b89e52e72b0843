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

/// OpenAPI's path parameter styles, RFC 6570's `{var}`, `{.var}` and `{;var}` expansions.
@_spi(Generated) public enum PathStyle: Sendable {
    /// `simple`: `3`, `3,4,5`, `x,1,y,2` (exploded `x=1,y=2`).
    case simple
    /// `label`: `.3`, `.3,4,5` (exploded `.3.4.5`), `.x,1,y,2` (exploded `.x=1.y=2`).
    case label
    /// `matrix`: `;id=3`, `;id=3,4,5` (exploded `;id=3;id=4;id=5`), `;id=x,1,y,2` (exploded
    /// `;x=1;y=2`).
    case matrix
}

@_spi(Generated) extension EndpointPath.StringInterpolation {
    /// Appends a path parameter of any shape, an object or a union among them, as RFC 6570
    /// expands it in the given style: a single value, a list or an object's properties (sorted
    /// by name), each name and value percent-encoded as a segment is and the separators written
    /// as they are; nothing for `null` or an empty list or object (RFC 6570's undefined). A
    /// value nested deeper is its JSON text.
    /// - Parameters:
    ///   - value: The value.
    ///   - name: The parameter's name, which `matrix` writes.
    ///   - style: The style.
    ///   - explode: Whether the parameter is exploded.
    @_spi(Generated) public mutating func appendInterpolation(
        encoded value: some Encodable, name: String, style: PathStyle, explode: Bool
    ) {
        guard let json = JSONValue(encoding: value) else { return }
        let first: String
        let separator: String
        switch style {
        case .simple: (first, separator) = ("", ",")
        case .label: (first, separator) = (".", explode ? "." : ",")
        case .matrix: (first, separator) = (";", explode ? ";" : ",")
        }
        let named = style == .matrix
        func appendNamed(_ key: String) {
            appendInterpolation(key)
            appendLiteral("=")
        }
        switch json {
        case .null:
            return
        case .array(let elements):
            let values = elements.compactMap { $0 == .null ? nil : $0.queryText }
            guard !values.isEmpty else { return }
            appendLiteral(first)
            if named && !explode { appendNamed(name) }
            for (position, text) in values.enumerated() {
                if position > 0 { appendLiteral(separator) }
                if named && explode { appendNamed(name) }
                appendInterpolation(text)
            }
        case .object(let fields):
            let pairs = fields.filter { $0.value != .null }.sorted { $0.key < $1.key }
            guard !pairs.isEmpty else { return }
            appendLiteral(first)
            if named && !explode { appendNamed(name) }
            for (position, pair) in pairs.enumerated() {
                if position > 0 { appendLiteral(separator) }
                appendInterpolation(pair.key)
                appendLiteral(explode ? "=" : ",")
                appendInterpolation(pair.value.queryText)
            }
        default:
            appendLiteral(first)
            if named { appendNamed(name) }
            appendInterpolation(json.queryText)
        }
    }
}
