import Foundation

extension QueryItem {
    /// Query items for an object parameter in OpenAPI's `deepObject` style: `filter[name]=Ada`,
    /// nested as `filter[address][city]=Paris`, arrays as `filter[ids][]=1`.
    /// - Parameters:
    ///   - name: The parameter name.
    ///   - value: The object; `nil` produces no items.
    /// - Returns: The items, keys sorted so the URL is stable.
    @_spi(Generated) public static func deepObject(_ name: String, _ value: (some Encodable)?) -> [QueryItem] {
        guard let value, let json = JSONValue(encoding: value) else { return [] }
        var items: [QueryItem] = []
        flatten(json, prefix: name, into: &items)
        return items
    }

    /// Query items for an object parameter in `form` style, or the fields of a form body: each
    /// property becomes its own item when `explode` is true (`name=Ada&age=3`, arrays repeated
    /// as `id=1&id=2`, nested objects as JSON text), or one comma-separated item otherwise
    /// (`person=name,Ada,age,3`, a comma inside a key or value sent as `%2C`). Properties that
    /// are `null` are left out, and an object without any sends no item. A value that is not an
    /// object (a union's other case) is a list in the same style or one value; `null` sends none.
    /// - Parameters:
    ///   - name: The parameter name.
    ///   - value: The object; `nil` produces no items.
    ///   - explode: Whether properties become separate items.
    /// - Returns: The items, keys sorted so the URL is stable.
    @_spi(Generated) public static func formObject(_ name: String, _ value: (some Encodable)?, explode: Bool = true)
        -> [QueryItem]
    {
        guard let value, let json = JSONValue(encoding: value) else { return [] }
        return formItems(name, json, encoding: .form(explode: explode))
    }

    /// How one property of a form body is written, from the description's `encoding` object.
    @_spi(Generated) public enum FormEncoding: Sendable, Hashable {
        /// `style: form`: a list repeats the name (`id=1&id=2`) or, not exploded, is one item
        /// (`id=1,2`); an object's properties are items of their own or, not exploded, one item
        /// (`point=x,1,y,2`).
        case form(explode: Bool)
        /// `style: spaceDelimited`: a list's values in one item, between encoded spaces.
        case spaceDelimited
        /// `style: pipeDelimited`: a list's values in one item, between encoded pipes.
        case pipeDelimited
        /// `style: deepObject`: nested names in brackets (`address[city]=Paris`), a list's
        /// values as `expand[]=a&expand[]=b`.
        case deepObject
    }

    /// The fields of a form body, each property written as the description's `encoding` object
    /// says (Stripe's `metadata[key]=value`), and those it does not name as ``formObject(_:_:explode:)``
    /// writes them.
    /// - Parameters:
    ///   - name: The name of an item for a value that is not an object.
    ///   - value: The body; `nil` produces no items.
    ///   - encodings: How the properties the description names are written.
    /// - Returns: The items, keys sorted so the body is stable.
    @_spi(Generated) public static func formObject(
        _ name: String, _ value: (some Encodable)?, encodings: [String: FormEncoding]
    ) -> [QueryItem] {
        guard let value, let json = JSONValue(encoding: value) else { return [] }
        guard case .object(let fields) = json else { return formItems(name, json) }
        return fields.sorted { $0.key < $1.key }.flatMap { key, field in
            encodings[key].map { formItems(key, field, encoding: $0) } ?? formItems(key, field)
        }
    }

    /// The items of one property of a form in the style its `encoding` entry gives, for the
    /// parts of a `multipart/form-data` body that OpenAPI 3.1.1 lets a style describe
    /// (`file_link_data[create]=true`).
    /// - Parameters:
    ///   - name: The property's name.
    ///   - value: Its value.
    ///   - encoding: Its style.
    /// - Returns: The items, none for `null`.
    @_spi(Generated) public static func formItems(_ name: String, _ value: some Encodable, encoding: FormEncoding)
        -> [QueryItem]
    {
        guard let json = JSONValue(encoding: value) else { return [] }
        return formItems(name, json, encoding: encoding)
    }

    /// A property the description's `encoding` does not name: a list repeats the name, an
    /// object is its JSON text (OpenAPI's default content type for one), `null` is left out.
    private static func formItems(_ name: String, _ value: JSONValue) -> [QueryItem] {
        switch value {
        case .null: []
        case .array(let elements):
            elements.compactMap { $0 == .null ? nil : QueryItem(name: name, value: $0.queryText) }
        default: [QueryItem(name: name, value: value.queryText)]
        }
    }

    private static func formItems(_ name: String, _ value: JSONValue, encoding: FormEncoding) -> [QueryItem] {
        let separator: String
        switch (encoding, value) {
        case (_, .null):
            return []
        case (.deepObject, _):
            var items: [QueryItem] = []
            flatten(value, prefix: name, into: &items)
            return items
        case (.form(explode: true), .object(let fields)):
            return fields.sorted { $0.key < $1.key }.flatMap { formItems($0.key, $0.value) }
        case (.form(explode: true), _):
            return formItems(name, value)
        case (.form(explode: false), _): separator = ","
        case (.spaceDelimited, _): separator = " "
        case (.pipeDelimited, _): separator = "|"
        }
        let values: [String]
        switch value {
        case .array(let elements): values = elements.compactMap { $0 == .null ? nil : $0.queryText }
        case .object(let fields):
            values = fields.sorted { $0.key < $1.key }.flatMap {
                $0.value == .null ? [] : [$0.key, $0.value.queryText]
            }
        default: return [QueryItem(name: name, value: value.queryText)]
        }
        return values.isEmpty ? [] : [QueryItem(name: name, list: values, separator: separator)]
    }

    /// The text of a header or cookie parameter that is not a single value, in OpenAPI's
    /// `simple` style (a cookie's `form` style without explode writes the same): a list as
    /// `a,b`, an object as `x,1,y,2`, or exploded as `x=1,y=2`; a value nested deeper as its JSON
    /// text, `null` properties and elements left out.
    /// - Parameters:
    ///   - value: The value; `nil`, `null` or an empty list or object produces no text.
    ///   - explode: Whether an object's properties are written `name=value`.
    /// - Returns: The text, or `nil` for no value.
    @_spi(Generated) public static func simpleText(_ value: (some Encodable)?, explode: Bool) -> String? {
        guard let value, let json = JSONValue(encoding: value) else { return nil }
        switch json {
        case .null: return nil
        case .array(let elements):
            let present = elements.filter { $0 != .null }
            return present.isEmpty ? nil : present.map(\.queryText).joined(separator: ",")
        case .object(let fields):
            let present = fields.filter { $0.value != .null }.sorted { $0.key < $1.key }
            guard !present.isEmpty else { return nil }
            return present.map { explode ? "\($0.key)=\($0.value.queryText)" : "\($0.key),\($0.value.queryText)" }
                .joined(separator: ",")
        default: return json.queryText
        }
    }

    /// The text of a header or cookie parameter that is one value or a list of them: the values
    /// between commas (`simple` style), or `nil` for `nil` or an empty list, which RFC 6570 leaves
    /// out rather than sending an empty field.
    /// - Parameter value: The value or list.
    /// - Returns: The text, or `nil` for no value.
    @_spi(Generated) public static func simpleText(list value: (any QueryValue)?) -> String? {
        guard let values = value?.queryValues, !values.isEmpty else { return nil }
        return values.joined(separator: ",")
    }

    /// One item whose value is the JSON text of a value, for structured values in forms.
    /// - Parameters:
    ///   - name: The item name.
    ///   - value: The value; `nil` produces no items.
    /// - Returns: The item.
    @_spi(Generated) public static func jsonText(_ name: String, _ value: (some Encodable)?) -> [QueryItem] {
        guard let value, let json = JSONValue(encoding: value) else { return [] }
        return [QueryItem(name: name, value: json.queryText)]
    }

    /// One item whose value is a value's JSON text, for a parameter the description gives as
    /// `content: application/json` rather than a schema and a style: `{"a":1}`, `[1,2]`, and a
    /// string quoted (`"text"`); keys sorted, dates as RFC 3339 timestamps, UUIDs lowercase.
    /// - Parameters:
    ///   - name: The item name.
    ///   - value: The value; `nil` produces no items.
    /// - Returns: The item.
    @_spi(Generated) public static func json(_ name: String, _ value: (some Encodable)?) -> [QueryItem] {
        guard let value else { return [] }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .rfc3339
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encodeLowercasingUUIDs(value) else { return [] }
        return [QueryItem(name: name, value: String(decoding: data, as: UTF8.self))]
    }

    /// The fields of a form body made from an `Encodable` value: one per property, nested
    /// objects and arrays in brackets (`card[number]`, `expand[]`), keys sorted.
    /// - Throws: What the encoder throws; `EncodingError` when the value is not an object.
    static func formFields(_ value: some Encodable, encoder: JSONEncoder) throws -> [QueryItem] {
        let json = try JSONValue.read(encoder.encode(value))
        guard case .object(let fields) = json else {
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: [],
                    debugDescription: "A form body must encode as an object with properties, not \(json)."))
        }
        var items: [QueryItem] = []
        for (key, field) in fields.sorted(by: { $0.key < $1.key }) { flatten(field, prefix: key, into: &items) }
        return items
    }

    private static func flatten(_ value: JSONValue, prefix: String, into items: inout [QueryItem]) {
        switch value {
        case .object(let fields):
            for (key, field) in fields.sorted(by: { $0.key < $1.key }) {
                flatten(field, prefix: "\(prefix)[\(key)]", into: &items)
            }
        case .array(let elements):
            for element in elements { flatten(element, prefix: "\(prefix)[]", into: &items) }
        case .null:
            break
        default:
            items.append(QueryItem(name: prefix, value: value.queryText))
        }
    }
}
