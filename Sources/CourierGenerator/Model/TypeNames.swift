/// The one place that hands out the generated module's type names, so that no two declarations
/// get the same one: named schemas claim theirs first (they keep them), then inline schemas,
/// `$ref` targets outside `components/schemas`, response and error unions, multipart forms and
/// façades claim theirs as they are converted, with a number when a name is taken (`Pet2`).
final class TypeNames {
    private var names: UniqueNames
    /// The façades claimed for `x-courier-client`, by the name the description gives.
    private var clients: [String: String] = [:]

    /// Creates the registry with names nothing may take: the API type's and Swift's own.
    init(reserved: Set<String>) {
        names = UniqueNames(reserved: reserved.union(Naming.reservedTypeNames))
    }

    /// Claims `name` (already a type name), or the first free numbered form of it.
    func claim(_ name: String) -> String {
        names.claim(name)
    }

    /// Whether `name` (already a type name) is taken.
    func isTaken(_ name: String) -> Bool {
        names.isTaken(name)
    }

    /// The façade type for an `x-courier-client` value: claimed the first time, the same type
    /// for every later operation that names it.
    func claimClient(_ name: String) -> String {
        if let existing = clients[name] { return existing }
        let claimed = names.claim(name)
        clients[name] = claimed
        return claimed
    }
}
