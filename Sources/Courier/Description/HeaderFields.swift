/// An ordered collection of HTTP header fields with case-insensitive name lookup.
///
/// Order and repeated fields are kept as given, so nothing a server sent is lost. Subscripting
/// by name reads the first value (or all values joined by `", "` with ``values(for:)``), and
/// assigning through the subscript replaces every field of that name.
public struct HeaderFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral,
    CustomStringConvertible
{
    /// One header field: a name and its value.
    public struct Field: Sendable, Hashable {
        /// The field name as given (lookup ignores case).
        public var name: String
        /// The field value.
        public var value: String

        /// Creates a header field.
        /// - Parameters:
        ///   - name: The field name, for example `"Content-Type"`.
        ///   - value: The field value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Creates an empty header collection.
    public init() { fields = [] }

    /// Creates headers from fields, keeping their order.
    /// - Parameter fields: The fields, in order.
    public init(_ fields: [Field]) { self.fields = fields }

    /// Creates headers from a dictionary literal, keeping the literal's order.
    /// - Parameter elements: Name and value pairs.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value for a name, ignoring case; setting replaces every field with that name,
    /// and setting `nil` removes them.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            guard let newValue, let first = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(name) })
            else {
                if let newValue {
                    fields.append(Field(name: name, value: newValue))
                } else {
                    fields.removeAll { $0.name.caseInsensitiveEquals(name) }
                }
                return
            }
            fields[first].value = newValue
            var index = fields.index(after: first)
            while index < fields.endIndex {
                if fields[index].name.caseInsensitiveEquals(name) { fields.remove(at: index) } else { index += 1 }
            }
        }
    }

    /// Every value for a name, in order, ignoring the name's case.
    /// - Parameter name: The field name.
    /// - Returns: The values; empty when the field is absent.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Adds a field after the existing ones, keeping any field of the same name.
    /// - Parameters:
    ///   - value: The field value.
    ///   - name: The field name.
    public mutating func add(_ value: String, for name: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Whether a field with this name is present, ignoring case.
    /// - Parameter name: The field name.
    /// - Returns: `true` when at least one field has the name.
    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Returns these headers with `other`'s fields replacing any of the same name.
    /// - Parameter other: The headers that win.
    /// - Returns: The merged headers.
    public func merging(_ other: HeaderFields) -> HeaderFields {
        guard !other.fields.isEmpty else { return self }
        var merged = self
        let overridden = Set(other.fields.map { $0.name.lowercased() })
        merged.fields.removeAll { overridden.contains($0.name.lowercased()) }
        merged.fields.append(contentsOf: other.fields)
        return merged
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The fields as `Name: value` lines.
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}

extension String {
    /// ASCII case-insensitive comparison, as header names and media types require.
    func caseInsensitiveEquals(_ other: String) -> Bool {
        let lhs = utf8, rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { a, b in
            a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A)
        }
    }
}
