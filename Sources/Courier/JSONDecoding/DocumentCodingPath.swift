/// The keys from a document's top to a value, linked from the value back up, so that a nested
/// decoder adds one node rather than copying an array; `codingPath` arrays are made only when
/// asked for (mostly for errors). `nil` is the top.
final class DocumentCodingPath {
    let parent: DocumentCodingPath?
    let key: any CodingKey

    private init(parent: DocumentCodingPath?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    /// The path to a value one key below `parent`'s; `parent` itself when there is no key.
    static func appending(_ parent: DocumentCodingPath?, _ key: (any CodingKey)?) -> DocumentCodingPath? {
        guard let key else { return parent }
        return DocumentCodingPath(parent: parent, key: key)
    }

    /// The keys from the top to `path`'s value, then `key` when given.
    static func keys(_ path: DocumentCodingPath?, appending key: (any CodingKey)?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = path
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        keys.reverse()
        if let key { keys.append(key) }
        return keys
    }

    /// The keys from the top to `path`'s value.
    static func keys(_ path: DocumentCodingPath?) -> [any CodingKey] {
        keys(path, appending: nil)
    }
}

/// The key of an array element in a coding path, named as Foundation's decoder names it
/// (`Index 3`).
struct ArrayIndexKey: CodingKey {
    let index: Int

    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.index = intValue }

    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}

/// The key `superDecoder()` reads, as Foundation's decoder names it.
struct SuperKey: CodingKey {
    init() {}
    init?(stringValue: String) { guard stringValue == "super" else { return nil } }
    init?(intValue: Int) { nil }

    var stringValue: String { "super" }
    var intValue: Int? { nil }
}
