public import Foundation

/// One `name=value` pair of a URL query or a form body, before percent-encoding.
///
/// Build items from typed values with ``items(_:_:)``: arrays repeat the name (`id=1&id=2`),
/// booleans are `true`/`false` and dates are RFC 3339.
public struct QueryItem: Sendable, Hashable {
    /// The name, unencoded.
    public var name: String
    /// The value, unencoded; `nil` sends the bare name (`?flag`).
    public var value: String? {
        didSet { list = nil }
    }
    /// The values of a list written in one item (`ids=1,2,3`), each percent-encoded alone between
    /// literal separators, so that a comma inside a value (`%2C`) stays apart from the commas
    /// between values; `nil` for an item with one value. Setting ``value`` clears it.
    private(set) var list: DelimitedList?
    /// Whether the value keeps RFC 3986's reserved characters (`:/?@!$'()*,;`) and
    /// percent-encoded triples as they are (OpenAPI's `allowReserved`); see
    /// ``allowingReserved(_:)``.
    private(set) var allowsReserved = false

    /// Creates an item from text.
    /// - Parameters:
    ///   - name: The name, unencoded.
    ///   - value: The value, unencoded.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }

    /// The items for one typed value: one per array element, none for `nil`.
    /// - Parameters:
    ///   - name: The name, unencoded.
    ///   - value: The value; `nil` produces no item.
    /// - Returns: The items, in order.
    public static func items(_ name: String, _ value: (any QueryValue)?) -> [QueryItem] {
        guard let value else { return [] }
        return value.queryValues.map { QueryItem(name: name, value: $0) }
    }

    /// One item for a list in OpenAPI's `form` (`explode: false`), `spaceDelimited` or
    /// `pipeDelimited` style: its values between separators (`ids=1,2,3`); none for `nil` or an
    /// empty list, which RFC 6570 leaves out. Each value is percent-encoded alone and a comma
    /// between values is written as it is, so `["a,b", "c"]` is sent as `a%2Cb,c`; a space or a
    /// pipe is percent-encoded as the style's examples show (`a%20b`, `a%7Cb`).
    /// - Parameters:
    ///   - name: The name, unencoded.
    ///   - value: The list, or one value.
    ///   - separator: The text between values: `","`, `" "` or `"|"`.
    /// - Returns: The item, or none.
    @_spi(Generated) public static func items(_ name: String, _ value: (any QueryValue)?, separator: String)
        -> [QueryItem]
    {
        guard let values = value?.queryValues, !values.isEmpty else { return [] }
        return [QueryItem(name: name, list: values, separator: separator)]
    }

    /// The items of a query parameter that allows reserved characters (OpenAPI's
    /// `allowReserved: true`): their values keep `:/?@!$'()*,;` and percent-encoded triples
    /// (`%2F`) as they are, as RFC 6570's reserved expansion writes them, and encode only what
    /// a query gives a meaning of its own (`&`, `=`, `+`, `#`, `[`, `]`) and what a URL cannot
    /// hold (a space, `%` before anything but two hex digits, text outside ASCII).
    /// - Parameter items: The parameter's items, in any style.
    /// - Returns: The same items, marked.
    @_spi(Generated) public static func allowingReserved(_ items: [QueryItem]) -> [QueryItem] {
        items.map { item in
            var item = item
            item.allowsReserved = true
            return item
        }
    }

    init(name: String, list values: [String], separator: String) {
        self.name = name
        self.value = values.joined(separator: separator)
        self.list = values.count > 1 ? DelimitedList(values: values, separator: separator) : nil
    }

    /// Percent-encodes and joins items as a query string (without the leading `?`).
    static func encode(_ items: [QueryItem], spaceAsPlus: Bool = false) -> String {
        var result = ""
        for (index, item) in items.enumerated() {
            if index > 0 { result += "&" }
            result += PercentEncoding.encode(item.name, spaceAsPlus: spaceAsPlus)
            let kept: PercentEncoding.Kept = item.allowsReserved ? .reserved : .nothing
            if let list = item.list {
                result += "="
                let separator = list.separator == "," ? "," : PercentEncoding.encode(list.separator)
                result += list.values.map { PercentEncoding.encode($0, spaceAsPlus: spaceAsPlus, keeping: kept) }
                    .joined(separator: separator)
            } else if let value = item.value {
                result += "="
                result += PercentEncoding.encode(value, spaceAsPlus: spaceAsPlus, keeping: kept)
            }
        }
        return result
    }
}

/// The values of a ``QueryItem`` that writes a list, and the text between them.
struct DelimitedList: Sendable, Hashable {
    var values: [String]
    var separator: String
}

/// A value that can be sent in a query string or form body.
///
/// Courier provides conformances for strings, integers, floating-point numbers, decimals, booleans,
/// dates (RFC 3339), UUIDs, URLs, optionals, arrays and `RawRepresentable` enums. Conform your
/// own types by returning their textual forms.
public protocol QueryValue: Sendable {
    /// The textual values to send: one for a scalar, one per element for an array.
    var queryValues: [String] { get }
}

extension String: QueryValue {
    /// The string itself.
    public var queryValues: [String] { [self] }
}

extension Substring: QueryValue {
    /// The substring as a string.
    public var queryValues: [String] { [String(self)] }
}

extension Int: QueryValue {
    /// The decimal digits.
    public var queryValues: [String] { [String(self)] }
}

extension Int32: QueryValue {
    /// The decimal digits.
    public var queryValues: [String] { [String(self)] }
}

extension Int64: QueryValue {
    /// The decimal digits.
    public var queryValues: [String] { [String(self)] }
}

extension UInt: QueryValue {
    /// The decimal digits.
    public var queryValues: [String] { [String(self)] }
}

extension UInt64: QueryValue {
    /// The decimal digits.
    public var queryValues: [String] { [String(self)] }
}

extension Double: QueryValue {
    /// The shortest text that reads back as the same number: a whole number without a fraction
    /// (`3`, as forms and a nested value write it, and as a parameter of integers reads it),
    /// others as Swift writes them (`0.1`, `1e+300`).
    public var queryValues: [String] {
        [self == rounded() && abs(self) < 1e15 ? String(Int(self)) : description]
    }
}

extension Float: QueryValue {
    /// The shortest text that reads back as the same number: a whole number without a fraction
    /// (`3`), others as Swift writes them (`0.5`).
    public var queryValues: [String] {
        [self == rounded() && abs(self) < 1e7 ? String(Int(self)) : description]
    }
}

extension Decimal: QueryValue {
    /// Every digit, with a `.` before the fraction whatever the locale (`19.99`).
    public var queryValues: [String] { [description] }
}

extension Bool: QueryValue {
    /// `true` or `false`.
    public var queryValues: [String] { [self ? "true" : "false"] }
}

extension Date: QueryValue {
    /// The RFC 3339 timestamp in UTC, with fractional seconds only when there are any.
    public var queryValues: [String] { [RFC3339.string(from: self)] }
}

extension UUID: QueryValue {
    /// The canonical lowercase form, as most servers print UUIDs.
    public var queryValues: [String] { [uuidString.lowercased()] }
}

extension URL: QueryValue {
    /// The absolute string.
    public var queryValues: [String] { [absoluteString] }
}

extension Optional: QueryValue where Wrapped: QueryValue {
    /// The wrapped value's values, or none.
    public var queryValues: [String] { self?.queryValues ?? [] }
}

extension Array: QueryValue where Element: QueryValue {
    /// Every element's values, in order, so the name repeats (`id=1&id=2`).
    public var queryValues: [String] { flatMap(\.queryValues) }
}

extension QueryValue where Self: RawRepresentable, RawValue: QueryValue {
    /// The raw value's values.
    public var queryValues: [String] { rawValue.queryValues }
}
