/// The names operations take from their `operationId`s where an id repeats the operation's path
/// and method.
///
/// FastAPI writes each operation's id as its handler's name followed by its path and its method,
/// every character of the path that is not a letter, a digit or `_` written as `_`
/// (`get_parcel_parcels__parcel_id__get` for the handler `get_parcel` at
/// `GET /parcels/{parcel_id}`). The path and method say again what the endpoint already says, and
/// every operation's method and every type declared for it would carry them
/// (`getParcelParcelsParcelIDGet`, `GetParcelParcelsParcelIDGetErrorBody`). Where an id is
/// exactly a name followed by its own operation's path and method so written, the operation is
/// named after that name alone (`getParcel`), unless another operation would then have the same
/// name: those keep their whole ids, except that where all but one of them are deprecated (one
/// handler also served at an old path, as ZenML serves its API under
/// `/api/v1/workspaces/{project}/…` too), the one that is not takes the name.
///
/// FastAPI names the schema of a body it gathers from several parameters `Body_` and the
/// operation's id (`Body_quote_quotes_post`); for an operation named after its handler, that
/// schema's type is the handler's name and `Body` (`QuoteBody`).
struct OperationNames {
    /// An operation: its id, method (any case) and path as the description writes them.
    struct Operation: Hashable {
        var id: String
        var method: String
        var path: String
    }

    private var names: [Operation: String] = [:]

    /// - Parameters:
    ///   - operations: every operation of the description that has an id.
    ///   - deprecated: those of them that are deprecated.
    init(_ operations: [Operation], deprecated: Set<Operation> = []) {
        var shortened: [Operation: String] = [:]
        for operation in operations {
            if let name = Self.nameBeforePathAndMethod(operation) { shortened[operation] = name }
        }
        // The operations that would have each name: a name two operations would share keeps the
        // whole ids of those that were shortened to it, unless only one of them is current.
        var sharers: [String: [Operation]] = [:]
        for operation in operations {
            sharers[Naming.memberName(shortened[operation] ?? operation.id), default: []].append(operation)
        }
        for (operation, name) in shortened {
            let others = sharers[Naming.memberName(name), default: []].filter { $0 != operation }
            // The deprecated ones give the name up only where they were shortened to it: one
            // whose whole id is the name keeps it.
            let othersGiveWay = others.allSatisfy { deprecated.contains($0) && shortened[$0] != nil }
            if others.isEmpty || (!deprecated.contains(operation) && othersGiveWay) {
                names[operation] = name
            }
        }
    }

    /// The type names of the components that are FastAPI's gathered bodies (`Body_` and the id
    /// of an operation named after its handler), by component key: the handler's name and `Body`.
    func bodyTypeNames(componentKeys: some Sequence<String>) -> [String: String] {
        var byID: [String: String] = [:]
        for (operation, name) in names { byID[operation.id] = name }
        var typeNames: [String: String] = [:]
        for key in componentKeys where key.hasPrefix("Body_") {
            if let name = byID[String(key.dropFirst("Body_".count))] {
                typeNames[key] = Naming.typeName(name + "_body")
            }
        }
        return typeNames
    }

    /// The name to make the operation's Swift name from: the part of its id before its path and
    /// method, or the whole id.
    func name(of operation: Operation) -> String {
        names[operation] ?? operation.id
    }

    /// The part of the id before the operation's path and method, as FastAPI writes them; `nil`
    /// where the id does not end with them or nothing comes before them.
    static func nameBeforePathAndMethod(_ operation: Operation) -> String? {
        let written = String(
            String.UnicodeScalarView(
                operation.path.unicodeScalars.map { scalar in
                    scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                        ? scalar : "_"
                }))
        let suffix = Array((written + "_" + operation.method.lowercased()).unicodeScalars)
        let id = Array(operation.id.unicodeScalars)
        guard id.count > suffix.count, id.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        let name = String(String.UnicodeScalarView(id.dropLast(suffix.count)))
        guard Naming.isIdentifier(name), name.contains(where: { $0.isLetter }) else { return nil }
        return name
    }
}
