/// A JSON value that `DocumentEncoder` is building. Arrays and objects are references, so that a
/// container handed out earlier goes on adding to the value it belongs to, as Foundation's do.
enum EncodedJSON {
    case null
    case bool(Bool)
    /// A number, as the text it is written with.
    case number(String)
    case string(String)
    case array(EncodedArray)
    case object(EncodedObject)
    /// The value a nested encoder (`superEncoder()`) holds once its owner has written it; an
    /// empty object if it holds none, as in Foundation.
    case pending(DocumentEncoder)
}

/// The elements of a JSON array being built.
final class EncodedArray {
    var elements: [EncodedJSON] = []
}

/// The members of a JSON object being built, in the order they were first written; writing a
/// key again replaces its value in place, as a dictionary would.
final class EncodedObject {
    private(set) var keys: [String] = []
    private(set) var values: [EncodedJSON] = []
    private var positions: [String: Int] = [:]

    /// Sets the value of `key`.
    func set(_ value: EncodedJSON, for key: String) {
        if let position = positions[key] {
            values[position] = value
        } else {
            positions[key] = keys.count
            keys.append(key)
            values.append(value)
        }
    }

    /// The value of `key`, if it has one.
    func value(for key: String) -> EncodedJSON? {
        positions[key].map { values[$0] }
    }
}
