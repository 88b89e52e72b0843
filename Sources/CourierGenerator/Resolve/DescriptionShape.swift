/// Checks that a description's objects are the kinds of value OpenAPI says, before anything is
/// generated from them: `paths` a mapping, an operation a mapping, its `parameters` a list, a
/// response's `content` a mapping of media types, and so on.
///
/// The converter reads a description leniently, taking what is not there as absent; without this
/// check, `responses: 5` or `get: [ … ]` would generate a method that returns nothing, or none,
/// without a word. Here each is an error with the position and the JSON pointer of the value. A
/// schema's own keywords are checked as the schema is converted, and so are the objects the
/// converter already reads strictly (parameters' `name` and `in`, `security`). Extensions
/// (`x-…`) and fields that only document (`info`, `tags` at the top, examples, links), which
/// change no generated code, are left alone; so is an object that is a `$ref`, whose target is
/// checked where it is declared.
struct DescriptionShape {
    typealias Located = DocumentSet.Located

    let documents: DocumentSet

    /// The kinds of value a field may have.
    enum Kind: String {
        case mapping = "a mapping"
        case list = "a list"
        case string = "a string"
        case boolean = "a boolean"
    }

    /// The component kinds whose entries are checked as the objects they are.
    private static let componentFields = [
        "schemas", "responses", "parameters", "examples", "requestBodies", "headers", "securitySchemes", "links",
        "callbacks", "pathItems", "mediaTypes",
    ]

    /// Checks the whole description; throws at the first value of the wrong kind.
    func check() throws(GenerationError) {
        let root = documents.root
        try servers(in: root)
        if let paths = try expect(root, "paths", .mapping) {
            for (path, item) in paths.ownEntries where !path.hasPrefix("x-") { try pathItem(item) }
        }
        if let webhooks = try expect(root, "webhooks", .mapping) {
            for (key, item) in webhooks.ownEntries where !key.hasPrefix("x-") { try pathItem(item) }
        }
        guard let components = try expect(root, "components", .mapping) else { return }
        for field in Self.componentFields {
            guard let entries = try expect(components, field, .mapping) else { continue }
            for (key, entry) in entries.ownEntries where !key.hasPrefix("x-") {
                switch field {
                case "schemas": continue  // checked as each schema is converted
                case "responses": try response(entry)
                case "parameters", "headers":
                    try parameter(entry, what: field == "headers" ? "A header" : "A parameter")
                case "requestBodies": try requestBody(entry)
                case "pathItems": try pathItem(entry)
                case "mediaTypes": try mediaType(entry)
                case "callbacks": try callback(entry)
                default: try object(entry, what: "A component")
                }
            }
        }
    }

    // MARK: Objects

    private func servers(in object: Located) throws(GenerationError) {
        guard let servers = try expect(object, "servers", .list) else { return }
        for server in servers.node.sequence!.indices.compactMap(servers.item) {
            guard try self.object(server, what: "A server") else { continue }
            try expect(server, "url", .string)
            try expect(server, "variables", .mapping)
        }
    }

    private func pathItem(_ item: Located) throws(GenerationError) {
        guard try object(item, what: "A path item") else { return }
        try servers(in: item)
        try parameters(in: item)
        for method in APIConverter.methods {
            guard let operation = item.child(method) else { continue }
            try self.operation(operation, method: method)
        }
        if let additional = try expect(item, "additionalOperations", .mapping) {
            for (method, operation) in additional.ownEntries { try self.operation(operation, method: method) }
        }
    }

    private func operation(_ operation: Located, method: String) throws(GenerationError) {
        guard operation.node.mapping != nil else {
            throw documents.error(
                "`\(method)` must be an operation object (a mapping), found \(operation.node.kindName).", operation)
        }
        try expect(operation, "operationId", .string)
        try expect(operation, "deprecated", .boolean)
        if let tags = try expect(operation, "tags", .list) {
            for tag in tags.node.sequence!.indices.compactMap(tags.item) where tag.node.string == nil {
                throw documents.error("Each tag must be a string, found \(tag.node.kindName).", tag)
            }
        }
        try parameters(in: operation)
        try servers(in: operation)
        if let body = operation.child("requestBody") { try requestBody(body) }
        if let responses = try expect(operation, "responses", .mapping) {
            for (status, response) in responses.ownEntries where !status.hasPrefix("x-") { try self.response(response) }
        }
        if let callbacks = try expect(operation, "callbacks", .mapping) {
            for (key, callback) in callbacks.ownEntries where !key.hasPrefix("x-") { try self.callback(callback) }
        }
    }

    private func parameters(in object: Located) throws(GenerationError) {
        guard let parameters = try expect(object, "parameters", .list) else { return }
        for parameter in parameters.node.sequence!.indices.compactMap(parameters.item) {
            try self.parameter(parameter, what: "A parameter")
        }
    }

    private func parameter(_ parameter: Located, what: String) throws(GenerationError) {
        guard try object(parameter, what: what) else { return }
        for flag in ["required", "explode", "allowReserved", "deprecated", "allowEmptyValue"] {
            try expect(parameter, flag, .boolean)
        }
        try expect(parameter, "style", .string)
        try content(in: parameter)
    }

    private func requestBody(_ body: Located) throws(GenerationError) {
        guard try object(body, what: "A request body") else { return }
        try expect(body, "required", .boolean)
        try content(in: body)
    }

    private func response(_ response: Located) throws(GenerationError) {
        guard try object(response, what: "A response") else { return }
        if let headers = try expect(response, "headers", .mapping) {
            for (name, header) in headers.ownEntries where !name.hasPrefix("x-") {
                try parameter(header, what: "A header")
            }
        }
        try content(in: response)
    }

    private func content(in object: Located) throws(GenerationError) {
        guard let content = try expect(object, "content", .mapping) else { return }
        for (mediaType, entry) in content.ownEntries where !mediaType.hasPrefix("x-") { try self.mediaType(entry) }
    }

    private func mediaType(_ entry: Located) throws(GenerationError) {
        guard try object(entry, what: "A media type object") else { return }
        try expect(entry, "encoding", .mapping)
    }

    private func callback(_ callback: Located) throws(GenerationError) {
        guard try object(callback, what: "A callback") else { return }
        for (expression, item) in callback.ownEntries where !expression.hasPrefix("x-") { try pathItem(item) }
    }

    // MARK: Kinds

    /// Checks that an object is a mapping; `false` for one that only refers to another, which is
    /// checked where it is declared.
    @discardableResult
    private func object(_ located: Located, what: String) throws(GenerationError) -> Bool {
        guard located.node.mapping != nil else {
            throw documents.error("\(what) must be a mapping, found \(located.node.kindName).", located)
        }
        return located.node["$ref"] == nil
    }

    /// The field, if present, once it is checked to be of the kind given. A field with no value
    /// (YAML's `schemas:` with nothing after it) is taken as absent, as the converter takes it.
    @discardableResult
    private func expect(_ object: Located, _ field: String, _ kind: Kind) throws(GenerationError) -> Located? {
        guard let value = object.child(field), !value.node.isNull else { return nil }
        try Self.expect(value, named: field, toBe: kind, in: documents)
        return value
    }

    /// Checks that a field's value is of the kind given: else an error at the value,
    /// "`field` must be a list, found a number."
    static func expect(_ value: Located, named field: String, toBe kind: Kind, in documents: DocumentSet)
        throws(GenerationError)
    {
        let matches =
            switch kind {
            case .mapping: value.node.mapping != nil
            case .list: value.node.sequence != nil
            case .string: value.node.string != nil
            case .boolean: value.node.bool != nil
            }
        guard matches else {
            throw documents.error("`\(field)` must be \(kind.rawValue), found \(value.node.kindName).", value)
        }
    }
}
