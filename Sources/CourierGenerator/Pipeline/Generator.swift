package import Foundation

/// Turns one OpenAPI document into the files of a Swift module.
package struct Generator: Sendable {
    /// The access level of generated declarations.
    package enum AccessLevel: String, Sendable, CaseIterable {
        /// Visible to importers of the module.
        case `public`
        /// Visible within the package.
        case package
        /// Visible within the module.
        case `internal`
    }

    /// What a run produced.
    package struct Output: Sendable {
        /// The files, sorted by path.
        package var files: [GeneratedFile]
        /// Constructs that were skipped or simplified.
        package var warnings: [GenerationWarning]
        /// How many operations were generated.
        package var operationCount: Int
        /// How many types were generated.
        package var typeCount: Int
        /// The example checks: a Swift file for a test target that decodes each JSON example the
        /// description gives for a response with the generated type (`courier generate --examples`).
        package var exampleChecks: String
        /// How many examples ``exampleChecks`` holds.
        package var exampleCount: Int
    }

    /// The API type's name for a module: never the module's own name, so that users can always
    /// qualify a type as `Module.Type`. `PetstoreAPI` gives `Petstore`; `GitHub` gives `GitHubAPI`.
    /// Where the description has a schema of that name (module `SymbolGraphAPI`, schema
    /// `SymbolGraph`), the schema keeps it and the API type ends in `Client`: `SymbolGraphClient`.
    /// - Parameters:
    ///   - moduleName: The module name.
    ///   - schemaNames: The Swift names the description's `components/schemas` ask for.
    /// - Returns: The façade type's name.
    package static func facadeName(forModule moduleName: String, schemaNames: Set<String> = []) -> String {
        let name = Naming.typeName(moduleName)
        let base = name.hasSuffix("API") && name.count > 3 ? String(name.dropLast(3)) : name
        let facade = base == name ? name + "API" : base
        return schemaNames.contains(facade) ? base + "Client" : facade
    }

    /// The module name; the API type is named after it (see ``facadeName(forModule:schemaNames:)``).
    package var moduleName: String
    /// The access level of generated declarations.
    package var accessLevel: AccessLevel
    /// The schema (a key of `components/schemas`) that operations declaring no error body
    /// decode errors with; by default the one most operations declare, if more than half do.
    package var errorBody: String?
    /// What `pagination:` in `Specs/courier.yaml` says, by operation id: no item sequence, or
    /// how the operation pages, whatever pagination detection finds.
    package var pagination: [String: PaginationSetting]

    /// Creates a generator.
    /// - Parameters:
    ///   - moduleName: The module, such as `PetstoreAPI`; the API type has the same name.
    ///   - accessLevel: The access level of generated declarations.
    ///   - errorBody: The API-wide error body's schema name, if not the one most operations use.
    ///   - pagination: What the configuration says of operations' pagination, by operation id:
    ///     no item sequence, or how the operation pages, whatever detection finds.
    package init(
        moduleName: String, accessLevel: AccessLevel = .public, errorBody: String? = nil,
        pagination: [String: PaginationSetting] = [:]
    ) {
        self.moduleName = moduleName
        self.accessLevel = accessLevel
        self.errorBody = errorBody
        self.pagination = pagination
    }

    /// Generates from a spec file.
    /// - Parameters:
    ///   - specFile: The OpenAPI document (JSON or YAML).
    ///   - displayPath: How the spec is named in file headers and errors, such as `Specs/petstore.yaml`.
    ///   - payloads: Real payloads to check the generated types with: a JSON object whose keys
    ///     name schemas in `components/schemas` and whose values are objects a server sent (such
    ///     as Stripe's `fixtures3.json`), or a list of such objects, for several payloads of one
    ///     schema. Each becomes an example check, decoded as its schema's type and as every
    ///     union that lists it.
    ///   - overlays: OpenAPI Overlays to apply to the description first, in order (``Overlay``).
    /// - Returns: The files and warnings.
    /// - Throws: ``GenerationError`` (or a read error converted to one) with the file position.
    package func generate(
        specFile: URL, displayPath: String, payloads: Payloads? = nil, overlays: [Overlay] = []
    ) throws(GenerationError) -> Output {
        let documents = try DocumentSet(rootFile: specFile, displayPath: displayPath, overlays: overlays)
        var payloadNode: Node?
        do {
            if let payloads { payloadNode = try DocumentReader.read(contentsOf: payloads.file) }
        } catch {
            throw GenerationError(error)
        }
        if let payloads, var node = payloadNode {
            for token in payloads.pointer.split(separator: "/") {
                let key = JSONPointer.unescape(String(token))
                guard let next = node[key] else {
                    throw GenerationError(
                        "The payloads file has nothing at \(payloads.pointer).", pointer: payloads.pointer,
                        location: node.location)
                }
                node = next
            }
            // One object keyed by schema name, or a list of them (rounds: several payloads of
            // one schema).
            let rounds = node.sequence ?? [node]
            if let notObject = rounds.first(where: { $0.mapping == nil }) {
                throw GenerationError(
                    "The payloads must be a JSON object keyed by schema name, or a list of such objects.",
                    pointer: payloads.pointer, location: notObject.location)
            }
            payloadNode = node
        }
        return try generate(documents, displayPath: displayPath, payloads: payloadNode)
    }

    /// Where real payloads are: a JSON file, and within it the object keyed by schema name.
    package struct Payloads: Sendable, Equatable {
        /// The file.
        package var file: URL
        /// A JSON pointer to the object in it (`/resources`), or empty for the whole file.
        package var pointer: String

        /// Reads `path/to/file.json#/pointer`, relative to a folder.
        /// - Parameters:
        ///   - reference: The file's path, with an optional `#` and JSON pointer.
        ///   - folder: The folder a relative path is in.
        package init(_ reference: String, relativeTo folder: URL) {
            let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            file = URL(fileURLWithPath: String(parts[0]), relativeTo: folder).standardizedFileURL
            pointer = parts.count > 1 ? String(parts[1]) : ""
        }
    }

    /// Generates from a document already in memory (for tests).
    /// - Parameters:
    ///   - text: The document's text.
    ///   - displayPath: How the spec is named in file headers and errors.
    /// - Returns: The files and warnings.
    /// - Throws: ``GenerationError`` with the position.
    package func generate(text: String, displayPath: String = "Specs/spec.yaml") throws(GenerationError) -> Output {
        let node: Node
        var readWarnings: [ReadWarning] = []
        do {
            node = try DocumentReader.read(Array(text.utf8), file: displayPath, warnings: &readWarnings)
        } catch {
            throw GenerationError(error)
        }
        let file = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(displayPath)
        return try generate(DocumentSet(node: node, file: file, readWarnings: readWarnings), displayPath: displayPath)
    }

    /// Each warning once, in the order first given: a schema converted in several places (a
    /// parent's property in each schema that extends it) is warned about where it stands, once.
    private static func once(_ warnings: [GenerationWarning]) -> [GenerationWarning] {
        var seen: Set<GenerationWarning> = []
        return warnings.filter { seen.insert($0).inserted }
    }

    private func generate(_ documents: DocumentSet, displayPath: String, payloads: Node? = nil) throws(GenerationError)
        -> Output
    {
        do {
            return try convert(documents, displayPath: displayPath, payloads: payloads)
        } catch {
            throw Self.namingOtherDanglingReferences(error, in: documents)
        }
    }

    /// A reference that points to nothing stops generation; a description seldom has only one
    /// (a renamed schema), so the error names the others too, with their lines and columns, to
    /// be mended in one pass. Only when generation has already failed on one: the others may
    /// stand where generation never looks.
    private static func namingOtherDanglingReferences(_ error: GenerationError, in documents: DocumentSet)
        -> GenerationError
    {
        let dangling = documents.danglingLocalReferences()
        guard dangling.contains(where: { $0.holder.pointer == error.pointer }) else { return error }
        let others = dangling.filter { $0.holder.pointer != error.pointer }
        guard !others.isEmpty else { return error }
        let listed = others.prefix(10).map {
            "\($0.reference) (\($0.holder.node.location.line):\($0.holder.node.location.column))"
        }
        let more = others.count > listed.count ? ", and \(others.count - listed.count) more" : ""
        var error = error
        let count = others.count == 1 ? "1 other reference points" : "\(others.count) other references point"
        error.message += " \(count) to nothing: \(listed.joined(separator: ", "))\(more)."
        return error
    }

    private func convert(_ documents: DocumentSet, displayPath: String, payloads: Node?) throws(GenerationError)
        -> Output
    {
        let schemaNames = Set(
            (documents.root.child("components")?.entries("schemas") ?? []).map { key, _ in
                SchemaConverter.typeName(ofComponent: key)
            })
        let apiName = Self.facadeName(forModule: moduleName, schemaNames: schemaNames)
        try APIConverter.validate(documents)
        // Inline variants' types are named after their cases, which are known only once every
        // declaration is: a first conversion learns them (``InlineVariantNames``).
        let variantNames = try APIConverter(
            documents: documents, apiName: apiName, errorBody: errorBody, pagination: pagination
        )
        .inlineVariantNames()
        let model = try APIConverter(
            documents: documents, apiName: apiName, errorBody: errorBody, pagination: pagination,
            inlineVariantNames: variantNames
        )
        .convert(moduleName: moduleName, specPath: displayPath, payloads: payloads)
        let files = APIRenderer(model: model, access: accessLevel.rawValue).render()
        // What the readers passed over comes first, as it comes first in the pipeline.
        let readWarnings = documents.readWarnings.map {
            GenerationWarning(message: $0.message, pointer: "", location: $0.location)
        }
        return Output(
            files: files, warnings: Self.once(readWarnings + documents.warnings + model.warnings),
            operationCount: model.operations.count,
            typeCount: model.declarations.count, exampleChecks: ExampleRenderer(model: model).render(),
            exampleCount: model.examples.count)
    }
}
