import Foundation

/// Builds the ``APIModel`` from a loaded spec: operations, servers, security and every type.
final class APIConverter {
    typealias Located = DocumentSet.Located

    private let documents: DocumentSet
    private let schemas: SchemaConverter
    private let typeNames: TypeNames
    private var warnings: [GenerationWarning] = []
    private var errorBodyTypes: Set<String> = []
    private var errorUnions: [String: String] = [:]
    /// The error unions that more than one operation declares.
    private var sharedErrorUnions: Set<String> = []
    private var extraDeclarations: [PlacedDeclaration] = []
    private var examples: [ExampleModel] = []
    private var webhooks: [WebhookModel] = []
    private var webhookNames = UniqueNames(reserved: ["makeDecoder"])
    /// Where the examples recorded are: a response shared by many operations gives its
    /// examples once.
    private var recordedExamples: Set<String> = []
    private let apiName: String
    /// The document's `security`, which operations without their own inherit.
    private var documentSecurity: [[String]]?

    /// The path item fields that hold an operation: HTTP's methods, and OpenAPI 3.2's `query`.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    /// A path item's operations with the method each sends: the fixed fields' in capitals, then
    /// OpenAPI 3.2's `additionalOperations` (`LINK`, `PURGE`) as their keys write them.
    private func operations(of pathItem: Located) -> [(method: String, operation: Located)] {
        Self.methods.compactMap { method in pathItem.child(method).map { (method.uppercased(), $0) } }
            + pathItem.entries("additionalOperations").map { ($0.0, $0.1) }
    }

    /// The API-wide error body a generator option names (a key of `components/schemas`).
    private let errorBody: String?
    /// What the configuration says of operations' pagination, by operation id.
    private let pagination: [String: PaginationSetting]
    /// The names operations take from their ids (``OperationNames``).
    private var namesFromIDs = OperationNames([])
    /// The start every path shares (`/api/v1`), left out of the names made from paths.
    private var pathNamePrefix = ""
    /// Operations (by id) whose success response declares a `Link` header.
    private var linkHeaders: Set<String> = []
    /// The operations (by operation id) whose description declares how they page
    /// (`x-speakeasy-pagination`, `x-ms-pageable`), with the extension and its value.
    private var describedPagination: [(operationID: String, extension: String, declaration: Located)] = []

    /// - Parameter inlineVariantNames: the case names an earlier conversion gave union variants
    ///   declared inline, by where each is, to name their types after (``InlineVariantNames``).
    init(
        documents: DocumentSet, apiName: String, errorBody: String? = nil,
        pagination: [String: PaginationSetting] = [:],
        inlineVariantNames: [DocumentSet.Reference: String] = [:]
    ) {
        self.documents = documents
        self.apiName = apiName
        self.errorBody = errorBody
        self.pagination = pagination
        typeNames = TypeNames(reserved: [apiName])
        schemas = SchemaConverter(
            documents: documents, typeNames: typeNames, inlineVariantNames: inlineVariantNames)
    }

    func warn(_ message: String, _ at: Located) {
        warnings.append(GenerationWarning(message: message, pointer: at.pointer, location: at.node.location))
    }

    /// Checks that the description is an OpenAPI 3.0, 3.1 or 3.2 document whose objects are the
    /// kinds of value OpenAPI says (``DescriptionShape``): once, before it is converted.
    static func validate(_ documents: DocumentSet) throws(GenerationError) {
        let root = documents.root
        guard root.node.mapping != nil else {
            throw documents.error("The spec must be a mapping at the top level.", root)
        }
        guard let version = root.node["openapi"]?.string else {
            if root.node["swagger"] != nil {
                throw documents.error("Swagger 2.0 is not supported; convert the spec to OpenAPI 3.", root)
            }
            throw documents.error("Missing \"openapi\": the file is not an OpenAPI 3 document.", root)
        }
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") || version.hasPrefix("3.2") else {
            throw documents.error("OpenAPI \(version) is not supported; use 3.0, 3.1 or 3.2.", root.child("openapi")!)
        }
        try DescriptionShape(documents: documents).check()
    }

    /// Converts a description that ``validate(_:)`` accepted.
    func convert(moduleName: String, specPath: String, payloads: Node? = nil) throws(GenerationError) -> APIModel {
        var (operations, clientServers) = try convertDescription()
        let root = documents.root
        var declarations = schemas.declarations + extraDeclarations
        UnionEvidence.resolve(&declarations)
        DiscriminatorDefaults.apply(&declarations)
        SentOnlyStructs.resolve(&declarations, operations: operations, webhooks: webhooks)
        MultipartParts.resolve(&declarations)
        Self.findStreamFlags(&operations, declarations: DeclarationIndex(declarations))
        try PaginationDetection.detect(
            &operations, declarations: DeclarationIndex(declarations), linkHeaders: linkHeaders,
            settings: paginationSettings(operations, declarations: DeclarationIndex(declarations)))
        if let payloads { examples += payloadChecks(payloads, declarations: declarations) }
        let checkedExamples = Self.expectingTaggedCases(examples + schemas.examples, DeclarationIndex(declarations))
        let errorBodies = ErrorBodyConformances(declarations: &declarations, errorBodies: errorBodyTypes)
        let info = root.child("info")
        return APIModel(
            moduleName: moduleName, apiName: apiName, title: info?.node["title"]?.string,
            documentation: info?.node["description"]?.string, specPath: specPath, servers: try servers(of: root),
            clientServers: clientServers,
            security: securitySchemes(),
            securityRequirements: SecurityRequirementsModel(documentDefault: documentSecurity, operations: operations),
            operations: operations,
            declarations: declarations, enumNames: schemas.enumNames, errorBodies: errorBodies,
            warnings: schemas.warnings + warnings, examples: checkedExamples, webhooks: webhooks)
    }

    /// The case names of the union variants declared inline in a description ``validate(_:)``
    /// accepted, by where each is: what a first conversion learns so that a second names their types after them (``InlineVariantNames``).
    /// It stops once the unions' cases are named. (Identical inline types are shared first, as in
    /// the second: a union that repeats another is an alias of it, with that one's case names,
    /// though its own variants' titles may differ.)
    func inlineVariantNames() throws(GenerationError) -> [DocumentSet.Reference: String] {
        _ = try convertDescription()
        var declarations = schemas.declarations + extraDeclarations
        UnionEvidence.resolve(&declarations)
        return InlineVariantNames.caseNames(in: declarations, locations: schemas.inlineVariantLocations)
    }

    /// Converts the operations, webhooks and every schema they reach, up to the declarations
    /// whose unions' evidence is not yet worked out.
    private func convertDescription() throws(GenerationError) -> (
        operations: [OperationModel], clientServers: [String: [ServerModel]]
    ) {
        let root = documents.root
        documentSecurity = try securityRequirement(root.child("security"))
        var paths: [(path: String, item: Located)] = []
        for (path, item) in root.entries("paths") where !path.hasPrefix("x-") {
            guard path.hasPrefix("/") else {
                throw documents.error("A path must begin with \"/\" (\"/\(path)\").", item)
            }
            paths.append((path, try documents.dereference(item)))
        }
        pathNamePrefix = Self.sharedPathPrefix(paths.map(\.path))
        // Names taken from operation ids depend on every operation's id (``OperationNames``).
        let identified = paths.flatMap { path, item in
            self.operations(of: item).compactMap { method, operation in
                operation.node["operationId"]?.string.map {
                    (
                        OperationNames.Operation(id: $0, method: method, path: path),
                        operation.node["deprecated"]?.bool == true
                    )
                }
            }
        }
        namesFromIDs = OperationNames(
            identified.map(\.0), deprecated: Set(identified.filter(\.1).map(\.0)))
        let componentKeys = (root.child("components")?.entries("schemas") ?? []).map(\.0)
        try schemas.registerComponents(preferredNames: namesFromIDs.bodyTypeNames(componentKeys: componentKeys))
        var operations: [OperationModel] = []
        var operationNames: [String: UniqueNames] = [:]
        var clientServers: [String: [ServerModel]] = [:]
        for (path, pathItem) in paths {
            let shared = pathItem.items("parameters")
            for (method, operation) in self.operations(of: pathItem) {
                let client = try clientName(operation, pathItem)
                if client != apiName, clientServers[client] == nil {
                    let servers = try servers(of: operation.child("servers") != nil ? operation : pathItem)
                    clientServers[client] = servers.isEmpty ? try self.servers(of: root) : servers
                }
                var names = operationNames[client] ?? UniqueNames(reserved: ["client", "init"])
                if var model = try convertOperation(
                    operation, method: method, path: path, sharedParameters: shared, names: &names)
                {
                    model.client = client
                    operations.append(model)
                }
                operationNames[client] = names
                for (name, callback) in operation.entries("callbacks") {
                    for (_, callbackItem) in try documents.dereference(callback).ownEntries {
                        try convertWebhook(
                            callbackItem, key: name,
                            origin: "callback `\(name)` of \(method) \(path)")
                    }
                }
            }
        }
        for (key, item) in root.entries("webhooks") {
            try convertWebhook(item, key: key, origin: "webhook `\(key)`")
        }
        try applyAPIWideErrorBody(to: &operations)
        nameSharedErrorUnions(in: &operations)
        try schemas.convertPending()
        schemas.resolveConstants()
        schemas.shareIdenticalInlineTypes(errorBodies: errorBodyTypes)
        schemas.markEnumsTakingAnyString()
        schemas.wrapRecursiveAliases()
        schemas.markVariantsLeadingBack()
        schemas.boxRecursiveProperties()
        return (operations, clientServers)
    }

    /// The examples, each object of a union with a discriminator expected in the case its tag
    /// names: decoding it into another case is then a finding, not only a value that came back.
    private static func expectingTaggedCases(_ examples: [ExampleModel], _ declarations: DeclarationIndex)
        -> [ExampleModel]
    {
        examples.map { example in
            var type = example.type
            if case .optional(let wrapped) = type { type = wrapped }
            guard example.variant == nil, case .union(let union)? = declarations.declaration(of: type),
                let discriminator = union.discriminator, let tag = example.value[discriminator]?.string,
                let tagged = union.cases.first(where: { $0.discriminatorValues.contains(tag) })
            else { return example }
            var expecting = example
            expecting.variant = tagged.name
            return expecting
        }
    }

    // MARK: Operations

    /// The leading segments every path of the description shares, such as `/api/v1` where each
    /// path starts with it: an operation without an id is named after its method and path
    /// without them (`getChart` for `GET /api/v1/chart/`, not `getAPIV1Chart`), since they tell
    /// no operation from another. Only whole literal segments, each path keeping at least one
    /// segment of its own, and only where there are two paths or more.
    /// - Parameter paths: The keys of `paths`.
    /// - Returns: The prefix, such as `/api/v1`, or an empty string.
    static func sharedPathPrefix(_ paths: [String]) -> String {
        guard paths.count >= 2 else { return "" }
        let segmented = paths.map { $0.split(separator: "/", omittingEmptySubsequences: true) }
        guard var shared = segmented.first else { return "" }
        for segments in segmented.dropFirst() {
            shared = Array(zip(shared, segments).prefix { $0 == $1 && !$0.contains("{") }.map(\.0))
        }
        // Every path keeps a segment of its own.
        while !shared.isEmpty, segmented.contains(where: { $0.count <= shared.count }) { shared.removeLast() }
        return shared.isEmpty ? "" : "/" + shared.joined(separator: "/")
    }

    private func convertOperation(
        _ operation: Located, method: String, path: String, sharedParameters: [Located], names: inout UniqueNames
    ) throws(GenerationError) -> OperationModel? {
        let operationID = operation.node["operationId"]?.string
        let custom = operation.node["x-courier-name"]?.string
        if let node = operation.child("x-courier-name"), !(custom.map(Naming.isFunctionName) ?? false) {
            throw invalidName(node, expected: "a Swift function name such as `friends(of:)`")
        }
        let baseName: String
        if let custom {
            baseName = String(custom.prefix { $0 != "(" })
        } else if let operationID {
            baseName = Naming.memberName(
                namesFromIDs.name(of: OperationNames.Operation(id: operationID, method: method, path: path)))
        } else {
            let named = path.hasPrefix(pathNamePrefix) ? path.dropFirst(pathNamePrefix.count) : path[...]
            baseName = Naming.memberName(
                method.lowercased() + " "
                    + named.replacingOccurrences(of: "{", with: " by ").replacingOccurrences(of: "}", with: " "))
        }
        let swiftName = names.claim(baseName)
        let typePrefix = Naming.typeName(swiftName)
        let group = Naming.typeName(operation.node["tags"]?.sequence?.first?.string ?? "Default")
        // The types the operation declares (inline parameters, bodies, responses) share one file.
        let scope = OperationScope(typePrefix: typePrefix, label: method + " " + path)
        // Parameters: the operation's override the path item's with the same name and location.
        var declared: [DeclaredParameter] = []
        for parameter in sharedParameters + operation.items("parameters") {
            let resolved = try documents.dereference(parameter)
            // OpenAPI 3.2's parameter for the whole query (`in: querystring`) is sent as its
            // properties, so its name is only the argument's: `query` where it has none.
            let location = resolved.node["in"]?.string
            guard let location,
                let name = resolved.node["name"]?.string ?? (location == "querystring" ? "query" : nil)
            else {
                throw documents.error("A parameter needs \"name\" and \"in\".", resolved)
            }
            let parameter = DeclaredParameter(location: location, name: name, node: resolved)
            if let index = declared.firstIndex(where: { $0.isSame(as: parameter) }) {
                declared[index].node = resolved
            } else {
                declared.append(parameter)
            }
        }
        // The custom name's argument labels go to the parameters in the order declared.
        let labels = custom.map(Self.labels(in:)) ?? []
        for (index, label) in zip(declared.indices, labels) { declared[index].label = label }
        // A path parameter the path does not name would be an argument sent nowhere: it is
        // left out, with a warning (OpenAPI: its name "MUST correspond to a template expression
        // occurring within the path").
        let placeholderOrder = Self.templatePieces(path).compactMap { piece -> String? in
            if case .placeholder(let name) = piece { name } else { nil }
        }
        declared.removeAll { parameter in
            guard parameter.isInPath, !placeholderOrder.contains(parameter.name) else { return false }
            warn("The path parameter \"\(parameter.name)\" is not in the path \(path); it is left out.", parameter.node)
            return true
        }
        // A placeholder no parameter describes is still a value the caller must give: a
        // required text parameter, with a warning (a description that forgot to declare one
        // should not stop the whole client from being generated).
        for (order, name) in placeholderOrder.enumerated()
        where !declared.contains(where: { $0.isInPath && $0.name == name }) {
            warn(
                "The path has {\(name)} but no path parameter of that name; it is taken as a required string.",
                operation)
            // Before the first path parameter that comes later in the path, so that the
            // arguments keep the path's order.
            let position =
                declared.firstIndex { parameter in
                    parameter.isInPath && (placeholderOrder.firstIndex(of: parameter.name) ?? 0) > order
                } ?? declared.count
            let node = Self.undeclaredPathParameter(name, at: operation)
            declared.insert(DeclaredParameter(location: "path", name: name, node: node), at: position)
        }
        var argumentNames = UniqueNames(reserved: ["body", "endpoint", "client"])
        var parameters: [ParameterModel] = []
        for parameter in declared {
            guard var model = try convertParameter(parameter.node, scope: scope, names: &argumentNames) else {
                continue
            }
            if model.label == nil, let label = parameter.label, !label.isEmpty, label != model.swiftName {
                model.label = label
            }
            parameters.append(model)
        }
        parameters.sort { lhs, rhs in
            // Required parameters first (path order kept), then optional ones.
            if lhs.isRequired != rhs.isRequired { return lhs.isRequired }
            return false
        }
        // Path placeholders must all be parameters.
        var pathPieces: [PathPiece] = []
        for piece in Self.templatePieces(path) {
            switch piece {
            case .text(let text): pathPieces.append(.text(text))
            case .placeholder(let name):
                guard let index = parameters.firstIndex(where: { $0.location == .path && $0.name == name }) else {
                    throw documents.error("The path has {\(name)} but no path parameter of that name.", operation)
                }
                pathPieces.append(.parameter(index))
            }
        }

        var body: BodyModel?
        var alternativeBodies: [BodyModel] = []
        if let requestBody = operation.child("requestBody"),
            case let resolved = try documents.dereference(requestBody),
            try !carriesNothing(resolved)
        {
            let labels = Set(parameters.compactMap(\.label))
            switch try convertBody(resolved, scope: scope, argumentNames: argumentNames, labels: labels) {
            case .success(let model, let others):
                body = model
                alternativeBodies = others
            case .failure(let reason):
                warn("Skipped \(method) \(path): \(reason)", resolved)
                return nil
            }
        }

        let responses = try convertResponses(operation, scope: scope)
        let successes = operation.entries("responses").filter { $0.0.hasPrefix("2") }
        if let (_, success) = successes.first(where: { $0.0 == "200" }) ?? successes.first,
            try documents.dereference(success).entries("headers").contains(where: { $0.0.lowercased() == "link" })
        {
            linkHeaders.insert(operationID ?? swiftName)
        }
        for name in DescribedPagination.extensions {
            if let declared = operation.child(name) {
                describedPagination.append((operationID ?? swiftName, name, declared))
                break
            }
        }
        var successfulErrorType: SwiftType?
        if let envelope = operation.child("x-courier-successful-error") {
            let (type, _) = try schemas.type(for: envelope, name: typePrefix + "ErrorEnvelope", file: scope.file)
            guard case .named(let name) = type else {
                throw documents.error("x-courier-successful-error must be an object schema.", envelope)
            }
            errorBodyTypes.insert(name)
            successfulErrorType = type
        }
        return OperationModel(
            swiftName: swiftName, operationID: operationID ?? swiftName, method: method, path: path,
            pathPieces: pathPieces,
            summary: operation.node["summary"]?.string, description: operation.node["description"]?.string,
            isDeprecated: operation.node["deprecated"]?.bool == true, group: group, parameters: parameters, body: body,
            alternativeBodies: alternativeBodies, response: responses.kind, errorType: responses.errorType,
            successfulErrorType: successfulErrorType,
            client: apiName, security: try securityRequirement(operation.child("security")) ?? documentSecurity,
            streamVariant: responses.streamVariant, binaryVariant: responses.binaryVariant,
            mediaTypes: responses.mediaTypes, errorMediaTypes: responses.errorMediaTypes)
    }

    /// A `security` list: alternatives, each the sorted names of one requirement object's schemes.
    private func securityRequirement(_ located: Located?) throws(GenerationError) -> [[String]]? {
        guard let located else { return nil }
        guard let alternatives = located.node.sequence else {
            throw documents.error("`security` must be a list of security requirement objects.", located)
        }
        var requirement: [[String]] = []
        for alternative in alternatives {
            guard let schemes = alternative.mapping else {
                throw documents.error("Each item of `security` must map scheme names to scopes.", located)
            }
            requirement.append(schemes.keys.sorted())
        }
        return requirement
    }

    /// The error for a vendor extension that names Swift code with something else.
    private func invalidName(_ node: Located, expected: String) -> GenerationError {
        let key = node.pointer.split(separator: "/").last.map(String.init) ?? "x-courier-name"
        let found = node.node.string.map { "\"\($0)\"" } ?? node.node.kindName
        return documents.error("`\(key)` must be \(expected), found \(found).", node)
    }

    /// A parameter an operation declares (its own, or its path item's), before it is converted.
    private struct DeclaredParameter {
        /// Where it is sent: `path`, `query`, `header`, `cookie` or `querystring`.
        let location: String
        let name: String
        var node: Located
        /// Its argument label from the operation's `x-courier-name`, if that names one.
        var label: String?

        var isInPath: Bool { location == "path" }

        /// Whether `other` is the same parameter: the operation's own overrides the path item's.
        func isSame(as other: DeclaredParameter) -> Bool { location == other.location && name == other.name }
    }

    static func labels(in customName: String) -> [String] {
        guard let open = customName.firstIndex(of: "("), let close = customName.lastIndex(of: ")") else { return [] }
        return customName[customName.index(after: open)..<close].split(separator: ":").map { String($0) }
    }

    /// A piece of a path template as written: text, or the name inside a `{placeholder}`.
    enum TemplatePiece: Equatable {
        case text(String)
        case placeholder(String)
    }

    /// Splits a path template into text and `{placeholder}` names. A `{` never closed, or a `}`
    /// without its `{`, is text.
    static func templatePieces(_ path: String) -> [TemplatePiece] {
        var pieces: [TemplatePiece] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.text(String(rest[..<open]))) }
            pieces.append(.placeholder(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        return pieces
    }

    private func convertParameter(_ parameter: Located, scope: OperationScope, names: inout UniqueNames)
        throws(GenerationError)
        -> ParameterModel?
    {
        // Every parameter has a name here but a `querystring` one, whose argument is `query`.
        let name = parameter.node["name"]?.string ?? "query"
        let locationName = parameter.node["in"]!.string!
        // OpenAPI 3.2's `querystring`: the whole query string, described by one media type. A
        // form (`application/x-www-form-urlencoded`) of an object is its properties as query items.
        let isQueryString = locationName == "querystring"
        if isQueryString {
            let media = try contents(of: parameter).first.map { MediaType.essence($0.0) }
            guard media == "application/x-www-form-urlencoded" else {
                warn(
                    "The querystring parameter \"\(name)\" is \(media ?? "no media type"); only a form "
                        + "(application/x-www-form-urlencoded) is sent, so it is left out.", parameter)
                return nil
            }
        }
        guard let location = isQueryString ? .query : ParameterModel.Location(rawValue: locationName) else {
            throw documents.error("Unknown parameter location \"\(locationName)\".", parameter)
        }
        if location == .header, ["accept", "content-type", "authorization"].contains(name.lowercased()) {
            // OpenAPI says these are ignored as parameters: they come from content and security.
            return nil
        }
        if location == .header, !Self.isHTTPToken(name) {
            warn(
                "The header name \"\(name)\" is not an HTTP field name (RFC 9110 §5.1): a request that sets it fails "
                    + "with .invalidRequest before it is sent.", parameter)
        }
        var schema = parameter.child("schema")
        var isJSONContent = false
        if schema == nil, let content = try contents(of: parameter).first {
            schema = content.1.child("schema")
            isJSONContent = MediaType.isJSON(MediaType.essence(content.0))
        }
        let type: SwiftType
        if let schema {
            type = try schemas.type(for: schema, name: scope.typePrefix + Naming.typeName(name), file: scope.file).0
        } else {
            type = .string
        }
        let isRequired = location == .path || parameter.node["required"]?.bool == true
        let styleName = parameter.node["style"]?.string
        let style: ParameterModel.Style =
            switch styleName {
            case "deepObject": .deepObject
            case "spaceDelimited": .spaceDelimited
            case "pipeDelimited": .pipeDelimited
            case "simple": .simple
            case "form": .form
            case "label" where location == .path: .label
            case "matrix" where location == .path: .matrix
            default: location == .query || location == .cookie ? .form : .simple
            }
        let supportedStyles =
            location == .path
            ? ["simple", "label", "matrix"] : ["form", "simple", "deepObject", "spaceDelimited", "pipeDelimited"]
        if let styleName, !supportedStyles.contains(styleName) {
            let reason =
                ["label", "matrix"].contains(styleName) ? "is for path parameters only" : "is not supported"
            warn(
                "The parameter style \"\(styleName)\" \(reason); \"\(name)\" is sent in the default style.",
                parameter)
        }
        let explode = isQueryString || (parameter.node["explode"]?.bool ?? (style == .form))
        var custom = parameter.node["x-courier-name"]?.string
        if let node = parameter.child("x-courier-name"), !(custom.map(Naming.isIdentifier) ?? false) {
            throw invalidName(node, expected: "a Swift name such as `userID`")
        }
        if let node = parameter.child("x-courier-label"),
            !(node.node.string.map { $0 == "_" || Naming.isIdentifier($0) } ?? false)
        {
            throw invalidName(node, expected: "an argument label such as `of`, or `_`")
        }
        var argumentType = type
        var valueProperty: String?
        if let value = parameter.child("x-courier-value") {
            // The argument is a model; one of its properties is sent: `friends(of: user)` sends `user.id`.
            guard let typeName = value.node["type"]?.string, let property = value.node["property"]?.string,
                let swiftType = schemas.componentTypeName(typeName)
            else {
                throw documents.error(
                    "x-courier-value needs `type` (a schema in components/schemas) and `property`.", value)
            }
            argumentType = .named(swiftType)
            valueProperty = Naming.escaped(Naming.memberName(property))
            if custom == nil { custom = Naming.memberName(typeName) }
        }
        let swiftName = names.claim(custom ?? Naming.memberName(name))
        var model = ParameterModel(
            name: name, swiftName: swiftName,
            label: parameter.node["x-courier-label"]?.string, location: location, type: argumentType,
            isRequired: isRequired,
            valueExpression: valueProperty.map { Naming.escaped(swiftName) + "." + $0 },
            style: style, explode: explode, documentation: parameter.node["description"]?.string,
            isDeprecated: parameter.node["deprecated"]?.bool == true, isJSONContent: isJSONContent)
        // OpenAPI: `allowReserved` applies to query parameters described by a schema.
        model.allowsReserved = location == .query && !isJSONContent && parameter.node["allowReserved"]?.bool == true
        return model
    }

    /// The media types of JSON Lines (NDJSON).
    static let jsonLinesMediaTypes: Set<String> = [
        "application/jsonl", "application/x-ndjson", "application/ndjson", "application/x-jsonlines",
        "application/jsonlines",
    ]

    private enum BodyConversion {
        case success(BodyModel, alternatives: [BodyModel])
        case failure(String)
    }

    /// One kind of body a request body offers: the media type a method of that kind sends, and
    /// its content object.
    private struct OfferedBody {
        var kind: BodyModel.Kind
        var mediaType: String
        var content: Located
        /// JSON Lines' item schema.
        var item: Located?
        /// The media types of the kind, for text and bytes: the caller's choice when several.
        var choices: [String] = []
    }

    /// The body a method sends, and one body of each other kind whose schema differs from it.
    ///
    /// Of a body offered in several kinds, the method takes the first of JSON, a URL-encoded
    /// form, multipart, JSON Lines, text and bytes. Another kind that names the same schema is the
    /// same request in another encoding (Django REST framework lists JSON, form and multipart for
    /// every body) and is left out; one whose schema differs is another request (Phoenix's dataset
    /// upload takes JSON rows or a multipart CSV file), sent by an overload whose body argument is
    /// labelled by its kind (`multipart:`, `form:`, …).
    private func convertBody(
        _ requestBody: Located, scope: OperationScope, argumentNames: UniqueNames, labels: Set<String>
    ) throws(GenerationError) -> BodyConversion {
        let contents = try contents(of: requestBody)
        let isRequired = requestBody.node["required"]?.bool == true
        let documentation = requestBody.node["description"]?.string
        let offered = try offeredBodies(contents)
        guard let main = offered.first else { return .failure("the request body has no content.") }
        let body = try convertBody(
            main, contents: contents, label: "body", isRequired: isRequired, scope: scope,
            documentation: documentation)
        let mainSchema = try main.content.child("schema").map { schema throws(GenerationError) in
            try documents.dereference(schema).node
        }
        var alternatives: [BodyModel] = []
        for other in offered.dropFirst() {
            let schema = try other.content.child("schema").map { schema throws(GenerationError) in
                try documents.dereference(schema).node
            }
            if let mainSchema, let schema, mainSchema.hasSameValue(as: schema) { continue }
            let kindLabel =
                switch other.kind {
                case .json: "json"
                case .form: "form"
                case .multipart: "multipart"
                case .jsonLines: "lines"
                case .text: "text"
                case .data: "bytes"
                }
            let label =
                argumentNames.isTaken(kindLabel) || labels.contains(kindLabel) ? kindLabel + "Body" : kindLabel
            alternatives.append(
                try convertBody(
                    other, contents: contents, label: label, isRequired: true, scope: scope,
                    documentation: documentation))
        }
        return .success(body, alternatives: alternatives)
    }

    /// The kinds of body `contents` offers, one media type each, in the order a method prefers
    /// them: JSON, a URL-encoded form, multipart, JSON Lines, text, bytes.
    private func offeredBodies(_ contents: [(String, Located)]) throws(GenerationError) -> [OfferedBody] {
        let mediaType = MediaType.essence
        var offered: [OfferedBody] = []
        // Plain `application/json` first: ASP.NET's descriptions (with Newtonsoft) list
        // `application/json-patch+json` before it for every body, a type the server reads as a
        // JSON Patch document.
        let jsonContents = contents.filter { MediaType.isJSON(mediaType($0.0)) }
        if let (name, content) = jsonContents.first(where: { mediaType($0.0) == "application/json" })
            ?? jsonContents.first
        {
            // Raw bytes, not JSON: a binary schema, or a string under a wildcard (GitHub's
            // release assets are `*/*` with `type: string`, "the raw file data").
            let schema = try content.child("schema").map { schema throws(GenerationError) in
                try documents.dereference(schema).node
            }
            let isBytes = schema.map { Self.isBinary($0) || (name.contains("*") && $0["type"]?.string == "string") }
            if isBytes != true { offered.append(OfferedBody(kind: .json, mediaType: name, content: content)) }
        }
        if let (name, content) = contents.first(where: { mediaType($0.0) == "application/x-www-form-urlencoded" }) {
            offered.append(OfferedBody(kind: .form, mediaType: name, content: content))
        }
        if let (name, content) = contents.first(where: { mediaType($0.0).hasPrefix("multipart/") }) {
            offered.append(OfferedBody(kind: .multipart, mediaType: name, content: content))
        }
        // JSON Lines with OpenAPI 3.2's `itemSchema` (or a `schema` of an array of them, as
        // OpenAPI reads sequential content): the items, each sent as a line of JSON.
        if let (name, content) = contents.first(where: { Self.jsonLinesMediaTypes.contains(mediaType($0.0)) }) {
            var item = content.child("itemSchema")
            if item == nil { item = try sequenceItems(content, mediaType: mediaType(name)) }
            if let item {
                offered.append(OfferedBody(kind: .jsonLines, mediaType: name, content: content, item: item))
            }
        }
        let texts = contents.map(\.0).filter { mediaType($0).hasPrefix("text/") }
        if let (name, content) = contents.first(where: { mediaType($0.0).hasPrefix("text/") }) {
            offered.append(OfferedBody(kind: .text, mediaType: name, content: content, choices: texts))
        }
        // Bytes: every media type left, and a JSON one whose schema is bytes (`*/*`). Beside
        // another kind, text and JSON Lines are that kind's.
        let binaries = contents.filter { name, _ in
            Self.isBytesMediaType(name) && !offered.contains { $0.mediaType == name }
                && (offered.isEmpty
                    || !(mediaType(name).hasPrefix("text/") || Self.jsonLinesMediaTypes.contains(mediaType(name))))
        }
        if let (name, content) = binaries.first ?? (offered.isEmpty ? contents.first : nil) {
            offered.append(
                OfferedBody(
                    kind: .data, mediaType: name, content: content,
                    choices: binaries.isEmpty ? [name] : binaries.map(\.0)))
        }
        return offered
    }

    /// Whether a body of media type `name` is sent as bytes: any type but a URL-encoded form,
    /// multipart, and JSON other than a range.
    private static func isBytesMediaType(_ name: String) -> Bool {
        let essence = MediaType.essence(name)
        return essence != "application/x-www-form-urlencoded" && !essence.hasPrefix("multipart/")
            && (!MediaType.isJSON(essence) || essence.contains("*"))
    }

    /// The body of one offered kind, its argument labelled `label`.
    private func convertBody(
        _ offered: OfferedBody, contents: [(String, Located)], label: String, isRequired: Bool,
        scope: OperationScope, documentation: String?
    ) throws(GenerationError) -> BodyModel {
        let mediaType = MediaType.essence
        let (name, content) = (offered.mediaType, offered.content)
        // An overload's inline types are named after its kind.
        let suffix = label == "body" ? "" : Naming.typeName(label)
        switch offered.kind {
        case .json:
            let type =
                try content.child("schema").map { schema throws(GenerationError) in
                    try schemas.type(for: schema, name: scope.typePrefix + suffix + "Request", file: scope.file).0
                } ?? .json
            // What the description shows being sent must be a value of the type that sends it
            // (an optional body's `nil` when it shows `null`: GitHub's "synchronous request").
            try recordExamples(
                of: content, label: scope.label + " request", type: isRequired ? type : .optional(type))
            // A wildcard (Kubernetes' `*/*`) names no type to send: the body is JSON.
            var body = BodyModel(
                kind: .json, type: type, contentType: name.contains("*") ? "application/json" : name,
                isRequired: isRequired, label: label, documentation: documentation)
            // JSON types offered for the same schema are the caller's choice (Kubernetes'
            // patches: `application/merge-patch+json`, `application/json-patch+json`, …);
            // `text/json`, which ASP.NET lists beside every JSON body, only names JSON again.
            // The same schema is the same `$ref`; inline schemas are never taken for the same.
            func reference(_ content: Located) throws(GenerationError) -> DocumentSet.Reference? {
                guard let schema = content.child("schema") else { return nil }
                return try documents.reference(of: schema)
            }
            let target = try reference(content)
            var choices: [String] = []
            let jsonContents = contents.filter { MediaType.isJSON(mediaType($0.0)) }
            for (other, otherContent) in jsonContents where !other.contains("*") && mediaType(other) != "text/json" {
                let otherTarget = try reference(otherContent)
                if other == name || (target != nil && otherTarget == target) { choices.append(other) }
            }
            if choices.count > 1 {
                body.takesContentType = true
                body.contentType = name
            }
            return body
        case .form:
            guard let schema = content.child("schema") else {
                return BodyModel(
                    kind: .form, type: .dictionary(.string), contentType: name, isRequired: isRequired, label: label,
                    documentation: documentation)
            }
            let type = try schemas.type(for: schema, name: scope.typePrefix + suffix + "Request", file: scope.file).0
            var body = BodyModel(
                kind: .form, type: type, contentType: name, isRequired: isRequired, label: label,
                documentation: documentation)
            body.formEncodings = formEncodings(content)
            return body
        case .multipart:
            let type = try multipartForm(content, scope: scope, documentation: documentation)
            return BodyModel(
                kind: .multipart, type: type, contentType: name, isRequired: isRequired, label: label,
                documentation: documentation)
        case .jsonLines:
            let item = offered.item ?? content
            let type = try schemas.type(for: item, name: scope.typePrefix + suffix + "Item", file: scope.file).0
            return BodyModel(
                kind: .jsonLines, type: .array(type), contentType: name, isRequired: isRequired, label: label,
                documentation: documentation)
        case .text:
            var body = BodyModel(
                kind: .text, type: .string, contentType: name, isRequired: isRequired, label: label,
                documentation: documentation)
            body.offerContentType(among: offered.choices, fallback: "text/plain; charset=utf-8")
            return body
        case .data:
            var body = BodyModel(
                kind: .data, type: .builtin("Courier.StreamedBody"), contentType: name, isRequired: isRequired,
                label: label, documentation: documentation)
            body.offerContentType(among: offered.choices, fallback: "application/octet-stream")
            return body
        }
    }

    /// The `Courier.QueryItem.FormEncoding` of each property of a form body whose `encoding`
    /// entry has a `style` or an `explode` (OpenAPI's rules for query parameters, defaults
    /// included); an entry with neither (only a `contentType`) leaves the property to the default
    /// way, in which an object is its JSON text. Sorted by name, so output is stable.
    private func formEncodings(_ content: Located) -> [(property: String, expression: String)] {
        var result: [(property: String, expression: String)] = []
        for (property, entry) in content.entries("encoding") {
            let styleName = entry.node["style"]?.string
            let explodeFlag = entry.node["explode"]?.bool
            guard styleName != nil || explodeFlag != nil else { continue }
            let expression: String
            switch styleName ?? "form" {
            case "form": expression = ".form(explode: \(explodeFlag ?? true))"
            case "deepObject": expression = ".deepObject"
            // Exploded, both write a list as `form` does (OpenAPI's style table).
            case "spaceDelimited": expression = explodeFlag == true ? ".form(explode: true)" : ".spaceDelimited"
            case "pipeDelimited": expression = explodeFlag == true ? ".form(explode: true)" : ".pipeDelimited"
            default:
                warn(
                    "The form field style \"\(styleName ?? "")\" is not supported; \"\(property)\" is sent in the "
                        + "default style.", entry)
                continue
            }
            result.append((property, expression))
        }
        return result.sorted { $0.property < $1.property }
    }

    /// The form type of a `multipart/form-data` body: one property per schema property, each
    /// sent as a file (`format: binary`), text (scalars, enums and arrays of them, one part per
    /// element) or JSON (anything else), with the part media types of the description's
    /// `encoding`. A schema without properties gives `Courier.MultipartForm` itself.
    private func multipartForm(_ content: Located, scope: OperationScope, documentation: String?)
        throws(GenerationError)
        -> SwiftType
    {
        guard let schemaReference = content.child("schema") else { return .builtin("Courier.MultipartForm") }
        let schema = try documents.dereference(schemaReference)
        let properties = schema.entries("properties")
        guard !properties.isEmpty else { return .builtin("Courier.MultipartForm") }
        let required = Set(schema.node["required"]?.sequence?.compactMap(\.string) ?? [])
        let encodings = Dictionary(content.entries("encoding").map { ($0.0, $0.1) }) { first, _ in first }
        let styles = Dictionary(formEncodings(content).map { ($0.property, $0.expression) }) { first, _ in first }
        let typeName = typeNames.claim(Naming.shortened(Naming.typeName(scope.typePrefix + "Form")))
        var names = UniqueNames()
        var fields: [MultipartModel.Field] = []
        for (propertyName, propertyReference) in properties {
            let property = try documents.dereference(propertyReference)
            // An optional file is a file (or a list of them) or `null`.
            let part = try schemas.withoutNullAlternative(property)
            let kind: MultipartModel.Field.Kind
            let type: SwiftType
            if Self.isBinary(part.node) {
                (kind, type) = (.file, .builtin("Courier.MultipartFile"))
            } else if SchemaConverter.typeNames(part.node).contains("array"), let items = part.child("items"),
                Self.isBinary(try schemas.withoutNullAlternative(items).node)
            {
                (kind, type) = (.files, .array(.builtin("Courier.MultipartFile")))
            } else {
                let converted = try schemas.type(
                    for: propertyReference, name: typeName + Naming.typeName(propertyName), file: scope.file
                ).0
                let isEnum = property.node["enum"] != nil && property.node["type"]?.string != "object"
                kind = Self.isText(converted) || isEnum ? .text : .json
                type = converted
            }
            fields.append(
                MultipartModel.Field(
                    name: propertyName, swiftName: names.claim(Naming.memberName(propertyName)), kind: kind, type: type,
                    isRequired: required.contains(propertyName),
                    contentType: encodings[propertyName]?.node["contentType"]?.string,
                    style: kind == .file || kind == .files ? nil : styles[propertyName],
                    documentation: property.node["description"]?.string))
        }
        extraDeclarations.append(
            PlacedDeclaration(
                declaration: .multipartForm(
                    MultipartModel(
                        name: typeName, fields: fields,
                        documentation: schema.node["description"]?.string ?? documentation)),
                file: scope.file))
        return .named(typeName)
    }

    /// Whether an optional request body can carry nothing: each of its media types' schemas
    /// admits only the empty object (`type: object` with no properties and
    /// `additionalProperties: false`, as Stripe's description gives its `GET` and `DELETE`
    /// operations). Such an operation takes no body argument and sends none.
    private func carriesNothing(_ requestBody: Located) throws(GenerationError) -> Bool {
        guard requestBody.node["required"]?.bool != true else { return false }
        let contents = try contents(of: requestBody)
        guard !contents.isEmpty else { return false }
        for (_, content) in contents {
            guard let reference = content.child("schema") else { return false }
            let schema = try documents.dereference(reference).node
            let closed = schema["additionalProperties"]?.bool == false
            let typed = schema["type"] == nil || schema["type"]?.string == "object"
            let composed = ["allOf", "anyOf", "oneOf", "not", "patternProperties", "$ref"].contains {
                schema[$0] != nil
            }
            guard closed, typed, !composed, schema["properties"]?.mapping?.count ?? 0 == 0 else { return false }
        }
        return true
    }

    /// Whether text is an HTTP token (RFC 9110 §5.6.2), as a field name must be.
    static func isHTTPToken(_ text: some StringProtocol) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "a")...UInt8(ascii: "z"):
                    true
                default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }

    /// Whether a part is a file: `format: binary`, or 3.1's `contentMediaType` without a
    /// `contentEncoding`. `format: byte` and `contentEncoding: base64` are base64 text, sent as a
    /// text part.
    private static func isBinary(_ node: Node) -> Bool {
        let types = Set(SchemaConverter.typeNames(node))
        guard types.isEmpty || types.subtracting(["null"]) == ["string"] else { return false }
        return node["format"]?.string == "binary"
            || (node["contentMediaType"] != nil && node["contentEncoding"] == nil)
    }

    /// Whether values of a type are sent as text parts: strings, numbers, booleans, and arrays
    /// of them. (Generated enums are JSON parts unless they are named here.)
    private static func isText(_ type: SwiftType) -> Bool {
        switch type {
        case .array(.array): return false  // a list of lists: one JSON part per inner list
        case .array(let element): return isText(element)
        case .builtin(let name):
            return [
                "Swift.String", "Swift.Int", "Swift.Int32", "Swift.Int64", "Swift.UInt64", "Swift.Double",
                "Swift.Float", "Swift.Bool",
                "Foundation.Date", "Foundation.UUID", "Foundation.URL", "Foundation.Decimal",
            ].contains(name)
        default: return false
        }
    }

    // MARK: Responses

    /// What an operation's responses give its methods.
    private struct ConvertedResponses {
        /// What the main method decodes.
        var kind: ResponseKind
        /// The error body type.
        var errorType: SwiftType?
        /// A streamed variant of the success.
        var streamVariant: EventResponse?
        /// A bytes variant of the success.
        var binaryVariant: BinaryVariant?
        /// The media types the main method decodes.
        var mediaTypes: [String]
        /// The media types of the error responses.
        var errorMediaTypes: [String]
    }

    /// The success response, the error body type, the success's streamed and bytes variants, and
    /// the media types each side declares.
    private func convertResponses(_ operation: Located, scope: OperationScope) throws(GenerationError)
        -> ConvertedResponses
    {
        let responses = operation.entries("responses")
        // `default` describes every status not listed, so with no 2xx listed it describes the
        // successes too (it still describes the errors).
        let listedSuccesses = responses.filter { $0.0.hasPrefix("2") }
        let successes = listedSuccesses.isEmpty ? responses.filter { $0.0 == "default" } : listedSuccesses
        let preferred = successes.first { $0.0 == "200" } ?? successes.first { $0.0 == "201" } ?? successes.first
        var kind = ResponseKind.empty
        var isUnion = false
        if let union = try successUnion(successes, operation: operation, scope: scope) {
            kind = .decoded(union)
            isUnion = true
        } else if let preferred {
            let (status, response) = preferred
            kind = try responseKind(
                try documents.dereference(response), name: scope.typePrefix + "Response", file: scope.file,
                label: scope.label + " " + status)
        }
        var mediaTypes: [String] = []
        for (_, response) in isUnion ? successes : Array(preferred.map { [$0] } ?? []) {
            mediaTypes += Self.decodedMediaTypes(of: try documents.dereference(response))
        }
        // Bytes of any media type (`*/*` with a binary schema, as springdoc describes a file)
        // ask for any: a server asked for JSON may refuse the file with 406.
        let isBytes: Bool
        switch kind {
        case .data, .decoded(.data): isBytes = true
        default: isBytes = false
        }
        if isBytes, mediaTypes == ["application/json"] { mediaTypes = ["*/*"] }
        var binaryVariant: BinaryVariant?
        if let (_, response) = preferred, !isUnion {
            binaryVariant = Self.binaryVariant(of: try documents.dereference(response), beside: kind)
        }
        var streamVariant: EventResponse?
        if let (status, response) = preferred,
            let events = try eventResponse(
                try documents.dereference(response), operation: operation, name: scope.typePrefix + "Event",
                file: scope.file, label: scope.label + " " + status)
        {
            switch kind {
            case .decoded, .data, .text: streamVariant = events
            default: kind = .events(events)
            }
        }
        var errorCases: [(String, SwiftType)] = []
        var errorMediaTypes: [String] = []
        for (status, response) in responses
        where !status.hasPrefix("2") && !status.hasPrefix("1") && !status.hasPrefix("3") {
            let resolved = try documents.dereference(response)
            errorMediaTypes += resolved.entries("content").map(\.0)
            guard
                case .decoded(let type) = try responseKind(
                    resolved, name: scope.typePrefix + "Error" + (status == "default" ? "Default" : status),
                    file: scope.file, label: scope.label + " " + status)
            else {
                continue
            }
            guard case .named(let name) = type else { continue }
            errorCases.append((status, .named(name)))
        }
        return ConvertedResponses(
            kind: kind, errorType: errorType(for: errorCases, typePrefix: scope.typePrefix),
            streamVariant: streamVariant, binaryVariant: binaryVariant, mediaTypes: mediaTypes,
            errorMediaTypes: errorMediaTypes)
    }

    /// The media types of a response that its decoded value comes from, by the choice
    /// ``responseKind(_:name:file:label:)`` makes: its JSON ones (`*/*`, decoded as JSON, asks for
    /// JSON), else its text ones, else all but the streamed ones.
    private static func decodedMediaTypes(of response: Located) -> [String] {
        let contents = response.entries("content").map(\.0).filter { !isEventMediaType($0) }
        let json = contents.filter { MediaType.isJSON(MediaType.essence($0)) }
        if !json.isEmpty {
            let named = json.filter { MediaType.essence($0) != "*/*" }
            return named.isEmpty ? ["application/json"] : named
        }
        let text = contents.filter { MediaType.essence($0).hasPrefix("text/") }
        return text.isEmpty ? contents : text
    }

    /// A binary media type the response offers beside JSON or text (a report as JSON or PDF, an
    /// image's metadata or its bytes), so that it is reachable too: by a method whose name ends
    /// in `Data`, while the main method asks for its own media type with `Accept`.
    private static func binaryVariant(of response: Located, beside kind: ResponseKind) -> BinaryVariant? {
        let mediaType = MediaType.essence
        let contents = response.entries("content").map(\.0).filter { !isEventMediaType($0) }
        switch kind {
        case .decoded, .text: break
        default: return nil
        }
        guard
            let binary = contents.first(where: {
                !MediaType.isJSON(mediaType($0)) && !mediaType($0).hasPrefix("text/") && !mediaType($0).contains("*")
            })
        else { return nil }
        return BinaryVariant(mediaType: binary)
    }

    /// One type for the successful responses when their statuses return different bodies (`200`
    /// with a job, `202` with a ticket, `204` with none): an enum with a case per status.
    /// `nil` when every success has the same body, or one streams values.
    private func successUnion(_ successes: [(String, Located)], operation: Located, scope: OperationScope)
        throws(GenerationError) -> SwiftType?
    {
        guard successes.count > 1 else { return nil }
        var resolved: [(status: String, response: Located)] = []
        for (status, response) in successes {
            let response = try documents.dereference(response)
            // A streamed success keeps its own methods (see `eventResponse`).
            if response.entries("content").contains(where: { Self.isEventMediaType($0.0) }) { return nil }
            resolved.append((status, response))
        }
        var kinds: [(status: String, kind: ResponseKind)] = []
        for (status, response) in resolved {
            let name = scope.typePrefix + "Response" + status.uppercased()
            kinds.append(
                (status, try responseKind(response, name: name, file: scope.file, label: scope.label + " " + status)))
        }
        func payload(_ kind: ResponseKind) -> SwiftType? {
            switch kind {
            case .decoded(let type): type
            case .data: .data
            case .text: .string
            case .empty, .events: nil
            }
        }
        let payloads = kinds.map { payload($0.kind) }
        guard payloads.contains(where: { $0 != payloads[0] }) else { return nil }
        var names = UniqueNames()
        let cases = kinds.map { status, kind in
            ResponseUnionModel.Case(
                name: names.claim(Self.caseName(status: status)), status: status, payload: payload(kind))
        }
        let name = typeNames.claim(Naming.shortened(Naming.typeName(scope.typePrefix + "Response")))
        let operationID = operation.node["operationId"]?.string ?? name
        extraDeclarations.append(
            PlacedDeclaration(
                declaration: .responseUnion(ResponseUnionModel(name: name, operationID: operationID, cases: cases)),
                file: scope.file))
        return .named(name)
    }

    /// Whether a media type streams values (server-sent events, JSON Lines, JSON text sequences).
    static func isEventMediaType(_ name: String) -> Bool {
        let mediaType = MediaType.essence(name)
        return mediaType == "text/event-stream" || mediaType == "application/json-seq"
            || jsonLinesMediaTypes.contains(mediaType)
    }

    /// The case name of a successful status: its reason phrase (`202` → `accepted`).
    static func caseName(status: String) -> String {
        let phrases = [
            "200": "ok", "201": "created", "202": "accepted", "203": "nonAuthoritativeInformation", "204": "noContent",
            "205": "resetContent", "206": "partialContent", "207": "multiStatus", "208": "alreadyReported",
            "226": "imUsed",
        ]
        if let phrase = phrases[status] { return phrase }
        return status.uppercased() == "2XX" ? "success" : "status" + status.uppercased()
    }

    /// The streamed values a response offers (`text/event-stream`, JSON Lines, JSON text
    /// sequences), if any, from its first streaming media type. Server-sent events end at a
    /// `[DONE]` event by default (the convention of chat-completion APIs), or at the operation's
    /// `x-courier-stream-terminator`.
    ///
    /// Later streaming media types whose values are the same schema, by reference, join it (as
    /// OpenAPI 3.2 descriptions offer one `itemSchema` as JSON Lines and as server-sent events'
    /// `contentSchema`): the call asks for each and reads the one the response names.
    ///
    /// The examples of each format taken are recorded under `label`, an item at a time.
    private func eventResponse(_ response: Located, operation: Located, name: String, file: String, label: String)
        throws(GenerationError)
        -> EventResponse?
    {
        var first: (response: EventResponse, values: DocumentSet.Reference?)?
        for (mediaTypeName, content) in try contents(of: response) {
            guard let (format, item, values) = try eventFormat(mediaTypeName, content: content, operation: operation)
            else { continue }
            if var joined = first {
                guard let values, values == joined.values, !joined.response.formats.contains(format) else { continue }
                joined.response.formats.append(format)
                joined.response.mediaTypes.append(mediaTypeName)
                first = joined
                if let type = joined.response.type {
                    try recordStreamExamples(
                        of: content, mediaType: mediaTypeName, operation: operation, label: label, type: type)
                }
                continue
            }
            let mediaType = MediaType.essence(mediaTypeName)
            var type: SwiftType?
            if let item {
                // OpenAPI 3.2: the schema of each item; for server-sent events, of the whole event.
                type =
                    mediaType == "text/event-stream"
                    ? try eventDataType(item, name: name, file: file)
                    : try schemas.type(for: item, name: name, file: file).0
            } else if mediaType == "text/event-stream", let schema = content.child("schema"),
                try describesEvents(schema, depth: 0)
            {
                // A schema of an event's own fields (`data`, with `event`, `id`, `retry`) describes
                // each event whole, as 3.2's `itemSchema` does: how descriptions written for
                // Speakeasy model server-sent events in OpenAPI 3.0 and 3.1.
                type = try eventDataType(schema, name: name, file: file)
            } else if let schema = content.child("schema") {
                let converted = try schemas.type(for: schema, name: name, file: file).0
                // Events described as plain strings are handed out raw, not decoded as JSON.
                if converted != .string { type = converted }
            }
            if type == nil, mediaType != "text/event-stream" { type = .json }
            if let type {
                try recordStreamExamples(
                    of: content, mediaType: mediaTypeName, operation: operation, label: label, type: type)
            }
            first = (EventResponse(type: type, formats: [format], mediaTypes: [mediaTypeName]), values)
        }
        return first?.response
    }

    /// Records the examples of a streaming media type as its items, each decoded as one value
    /// (``StreamExamples``); an item that is not JSON is reported. Free-form values are left out.
    private func recordStreamExamples(
        of content: Located, mediaType: String, operation: Located, label: String, type: SwiftType
    ) throws(GenerationError) {
        guard type != .json else { return }
        let found = try exampleValues(of: content, label: label)
        let essence = MediaType.essence(mediaType)
        let terminator = essence == "text/event-stream" ? streamTerminator(content, operation: operation) : nil
        for (name, value) in found
        where recordedExamples.insert(value.file.absoluteString + "#" + value.pointer).inserted {
            for (index, item) in StreamExamples.items(of: value.node, mediaType: essence, terminator: terminator)
                .enumerated()
            {
                switch item {
                case .value(let node):
                    examples.append(ExampleModel(name: "\(name) item \(index + 1)", value: node, type: type))
                case .notJSON(let text):
                    warn("Item \(index + 1) of this \(essence) example is not JSON: \(text.prefix(60))", value)
                }
            }
        }
    }

    /// The data that ends a stream of server-sent events: the operation's
    /// `x-courier-stream-terminator`, Speakeasy's `x-speakeasy-sse-sentinel`, else `[DONE]`.
    private func streamTerminator(_ content: Located, operation: Located) -> String {
        // Speakeasy's descriptions name it `x-speakeasy-sse-sentinel`, on the media type.
        operation.node["x-courier-stream-terminator"]?.string
            ?? content.node["x-speakeasy-sse-sentinel"]?.string
            ?? operation.node["x-speakeasy-sse-sentinel"]?.string ?? "[DONE]"
    }

    /// The `Courier.EventFormat` expression of a streaming media type, the schema of each item
    /// (3.2's `itemSchema`, or the items of an array `schema`; for server-sent events, of the
    /// whole event), and the schema its values refer to (`nil` when not a reference): the items
    /// of JSON Lines and sequences, the `contentSchema` (or else the schema) of a server-sent
    /// event's `data`. `nil` for a media type that does not stream.
    private func eventFormat(_ mediaTypeName: String, content: Located, operation: Located) throws(GenerationError)
        -> (format: String, item: Located?, values: DocumentSet.Reference?)?
    {
        let mediaType = MediaType.essence(mediaTypeName)
        let format: String
        switch mediaType {
        case "text/event-stream":
            let terminator = streamTerminator(content, operation: operation)
            format = ".serverSentEvents(terminator: \(Naming.stringLiteral(terminator)))"
        case let jsonLines where Self.jsonLinesMediaTypes.contains(jsonLines):
            format = ".jsonLines"
        case "application/json-seq":
            format = ".jsonSequence"
        default:
            return nil
        }
        var item = content.child("itemSchema")
        if item == nil { item = try sequenceItems(content, mediaType: mediaType) }
        var values = item
        if mediaType == "text/event-stream" {
            // The event's `data`: its `contentSchema` where it has one.
            values = try values.flatMap { event throws(GenerationError) in
                let data = try documents.dereference(event).child("properties")?.child("data")
                return try data.map { data throws(GenerationError) in
                    try documents.dereference(data).child("contentSchema") ?? data
                }
            }
        }
        guard let values, try documents.reference(of: values) != nil else { return (format, item, nil) }
        let target = try documents.dereference(values)
        return (format, item, DocumentSet.Reference(file: target.file, pointer: target.pointer))
    }

    /// Whether a schema describes server-sent events rather than their data: an object whose
    /// properties are an event's fields (`data`, and any of `event`, `id`, `retry`), or a choice
    /// (`oneOf`, `anyOf`) of such objects.
    private func describesEvents(_ schema: Located, depth: Int) throws(GenerationError) -> Bool {
        let resolved = try documents.dereference(schema)
        let keyword = resolved.child("oneOf") != nil ? "oneOf" : "anyOf"
        let alternatives = resolved.items(keyword)
        if !alternatives.isEmpty {
            guard depth < 8 else { return false }
            for alternative in alternatives where try !describesEvents(alternative, depth: depth + 1) { return false }
            return true
        }
        /// The properties a schema and its `allOf` parts declare.
        func fields(of schema: Located, depth: Int) throws(GenerationError) -> Set<String> {
            let resolved = try documents.dereference(schema)
            var names = Set(resolved.child("properties")?.node.mapping?.entries.map(\.key) ?? [])
            guard depth < 8 else { return names }
            for part in resolved.items("allOf") { names.formUnion(try fields(of: part, depth: depth + 1)) }
            return names
        }
        let names = try fields(of: resolved, depth: depth)
        return names.contains("data") && names.isSubset(of: ["data", "event", "id", "retry"])
    }

    /// The items a sequential media type's `schema` describes as an array: OpenAPI reads such
    /// content (JSON Lines, JSON text sequences, server-sent events) as an array of its items,
    /// so `schema: {type: array, items: Row}` under `application/x-ndjson` is a stream of `Row`s,
    /// not of arrays. For server-sent events, only items that describe an event (with `data`).
    /// `nil` for any other schema, which descriptions written before OpenAPI 3.2 give each item.
    private func sequenceItems(_ content: Located, mediaType: String) throws(GenerationError) -> Located? {
        guard let schema = content.child("schema") else { return nil }
        let resolved = try documents.dereference(schema)
        let types = resolved.node["type"]?.string.map { [$0] } ?? resolved.node["type"]?.sequence?.compactMap(\.string)
        guard types == ["array"], let items = resolved.child("items"), items.node.mapping != nil else { return nil }
        if mediaType == "text/event-stream" {
            let event = try documents.dereference(items)
            guard event.child("properties")?.child("data") != nil else { return nil }
        }
        return items
    }

    /// The type of a server-sent event's data, from OpenAPI 3.2's `itemSchema`, which describes
    /// the whole event (`data`, `event`, `id`, `retry`): the `contentSchema` of a string `data`
    /// (JSON text, as the specification writes it), else the schema of `data` itself (the value
    /// the text is, as ASP.NET writes it); for events of several shapes (`oneOf`), the union of
    /// their data. `nil`, for events handed out raw, when `data` is plain text or the event
    /// declares no `data` (an alternative without JSON data is reported).
    private func eventDataType(_ item: Located, name: String, file: String) throws(GenerationError) -> SwiftType? {
        func data(in schema: Located, depth: Int) throws(GenerationError) -> Located? {
            let event = try documents.dereference(schema)
            if let data = event.child("properties")?.child("data") { return data }
            guard depth < 8 else { return nil }
            for part in event.items("allOf") {
                if let data = try data(in: part, depth: depth + 1) { return data }
            }
            return nil
        }
        /// The schema of an event's data: its `contentSchema`, else itself; `nil` for plain text.
        func dataSchema(_ data: Located) throws(GenerationError) -> Located? {
            let resolved = try documents.dereference(data)
            if let content = resolved.child("contentSchema") { return content }
            return resolved.node["type"]?.string == "string" ? nil : data
        }
        /// The names an event of this shape has: its `event` property's constant or enum.
        func eventNames(in schema: Located, depth: Int) throws(GenerationError) -> [String] {
            let event = try documents.dereference(schema)
            if let property = event.child("properties")?.child("event") {
                let resolved = try documents.dereference(property)
                if let constant = resolved.node["const"]?.string { return [constant] }
                if let values = resolved.node["enum"]?.sequence {
                    let names = values.compactMap(\.string)
                    return names.count == values.count ? names : []
                }
            }
            guard depth < 8 else { return [] }
            for part in event.items("allOf") {
                let names = try eventNames(in: part, depth: depth + 1)
                if !names.isEmpty { return names }
            }
            return []
        }
        let event = try documents.dereference(item)
        let keyword = event.child("oneOf") != nil ? "oneOf" : "anyOf"
        let alternatives = event.items(keyword)
        if !alternatives.isEmpty {
            // Events of several shapes (each `event` name with its own data, as chat APIs stream):
            // the values are the union of their data, told apart by the event's name where each
            // alternative names its events (two may carry data of one shape), else by the data.
            // A discriminator on the events' `event` names them too: its mapping, else (as the
            // specification says) each referenced schema's name.
            let discriminatesByName = event.node["discriminator"]?["propertyName"]?.string == "event"
            let namesMapped = discriminatesByName ? try schemas.discriminatorMapping(of: event) : []
            var schemasOfData: [Located] = []
            var namesOfEvents: [[String]] = []
            for alternative in alternatives {
                guard let data = try data(in: alternative, depth: 0), let schema = try dataSchema(data) else {
                    warn(
                        "An itemSchema alternative has no JSON data: the events are handed out raw, as ServerSentEvent values.",
                        alternative)
                    return nil
                }
                schemasOfData.append(schema)
                // The mapping's names, else the event's own, else the schema's (as for any tag).
                let reference = discriminatesByName ? try documents.reference(of: alternative) : nil
                var names = reference.map { target in namesMapped.filter { $0.target == target }.map(\.value) } ?? []
                if names.isEmpty { names = try eventNames(in: alternative, depth: 0) }
                if names.isEmpty, let reference {
                    names = [try schemas.implicitDiscriminatorValue(of: reference, from: alternative)]
                }
                namesOfEvents.append(names)
            }
            var mapping = Mapping()
            mapping.append(keyword, Node(.sequence(schemasOfData.map(\.node)), at: event.node.location))
            let union = Located(
                node: Node(.mapping(mapping), at: event.node.location), file: event.file, pointer: event.pointer)
            if namesOfEvents.allSatisfy({ !$0.isEmpty }) {
                schemas.unionsByEventName.insert(DocumentSet.Reference(file: event.file, pointer: event.pointer))
            }
            let type = try schemas.type(for: union, name: name, file: file).0
            if case .named(let unionName) = type, namesOfEvents.allSatisfy({ !$0.isEmpty }) {
                schemas.tagUnion(unionName, byEventNames: namesOfEvents)
            }
            return type
        }
        guard let data = try data(in: item, depth: 0), let schema = try dataSchema(data) else { return nil }
        let converted = try schemas.type(for: schema, name: name, file: file).0
        return converted == .string ? nil : converted
    }

    /// A request body's, response's or parameter's media types, each Media Type Object read
    /// through its `$ref` (OpenAPI 3.2's `components/mediaTypes`).
    private func contents(of located: Located) throws(GenerationError) -> [(String, Located)] {
        var result: [(String, Located)] = []
        for (name, content) in located.entries("content") { result.append((name, try documents.dereference(content))) }
        return result
    }

    /// How a response is read, and the examples of its JSON content recorded under `label`.
    private func responseKind(_ response: Located, name: String, file: String, label: String)
        throws(GenerationError) -> ResponseKind
    {
        let mediaType = MediaType.essence
        // Streamed media types (`text/event-stream`, JSON Lines) are offered by a method of their
        // own (``eventResponse``): they decide nothing here, so that the audio of a response that
        // also streams events stays reachable as bytes.
        let contents = try contents(of: response).filter { !Self.isEventMediaType($0.0) }
        if let (key, content) = contents.first(where: { MediaType.isJSON(mediaType($0.0)) }) {
            guard let schema = content.child("schema") else { return .decoded(.json) }
            let node = try documents.dereference(schema).node
            // Raw bytes under a JSON or any media type (`*/*` with a binary schema): the body.
            if Self.isBinary(node) { return .data }
            // Base64 text as a JSON document (`"aGk="`) is that text: `Data` would be the body's
            // raw bytes, quotes and all. Under `*/*` it stays bytes (springdoc's `byte[]`, sent raw).
            if mediaType(key) != "*/*", node["type"]?.string == "string",
                node["format"]?.string == "byte" || node["contentEncoding"]?.string == "base64"
            {
                return .decoded(.string)
            }
            // A body that may be `null` (`type: [array, "null"]`, as Discord describes its lists)
            // is an optional: a `null` is `nil`, not a decoding error.
            let (decoded, nullable) = try schemas.type(for: schema, name: name, file: file)
            let type: SwiftType = nullable && decoded != .json ? .optional(decoded) : decoded
            try recordExamples(of: content, label: label, type: type)
            return .decoded(type)
        }
        if contents.contains(where: { mediaType($0.0).hasPrefix("text/") }) { return .text }
        if !contents.isEmpty { return .data }
        return .empty
    }

    /// Records the examples of a JSON media type (``exampleValues(of:label:)``), a
    /// `serializedValue` read from its text (reported when that is not JSON). Free-form types
    /// decode anything and are left out.
    private func recordExamples(of content: Located, label: String, type: SwiftType) throws(GenerationError) {
        guard type != .json else { return }
        for (name, value) in try exampleValues(of: content, label: label)
        where recordedExamples.insert(value.file.absoluteString + "#" + value.pointer).inserted {
            guard value.pointer.hasSuffix("/serializedValue") else {
                examples.append(ExampleModel(name: name, value: value.node, type: type))
                continue
            }
            switch StreamExamples.parse(value.node.string ?? "") {
            case .value(let node): examples.append(ExampleModel(name: name, value: node, type: type))
            case .notJSON(let text): warn("This serializedValue is not JSON: \(text.prefix(60))", value)
            }
        }
    }

    /// The example values of a media type, each with its name under `label`: its `example`, and
    /// each of its `examples`' `value`, or OpenAPI 3.2's `dataValue` or `serializedValue` (the
    /// value's text). An `externalValue` is not fetched.
    private func exampleValues(of content: Located, label: String) throws(GenerationError) -> [(String, Located)] {
        var found: [(String, Located)] = []
        if let example = content.child("example") { found.append((label, example)) }
        for (name, example) in content.entries("examples") {
            let resolved = try documents.dereference(example)
            guard
                let value = resolved.child("value") ?? resolved.child("dataValue") ?? resolved.child("serializedValue")
            else { continue }
            found.append((label + " (" + name + ")", value))
        }
        return found
    }

    /// Converts the operations of a webhook's or a callback's path item: each JSON request body
    /// becomes a payload type and a method that decodes it. Anything else is reported, not dropped.
    private func convertWebhook(_ item: Located, key: String, origin: String) throws(GenerationError) {
        let pathItem = try documents.dereference(item)
        for (method, operation) in operations(of: pathItem) {
            let json =
                try operation.child("requestBody").map { body throws(GenerationError) in
                    try contents(of: try documents.dereference(body)).first { entry in
                        MediaType.isJSON(MediaType.essence(entry.0))
                    }
                } ?? nil
            guard let (_, content) = json, let schema = content.child("schema") else {
                warn(
                    "The \(origin) (\(method)) has no JSON request body; no payload type is generated for it.",
                    operation)
                continue
            }
            let base = Naming.typeName(key)
            let type = try schemas.type(for: schema, name: base + "Payload", file: "Webhooks").0
            let summary = operation.node["summary"]?.string
            var description = operation.node["description"]?.string
            if description == nil, let body = operation.child("requestBody") {
                description = try documents.dereference(body).node["description"]?.string
            }
            let documentation = [summary, description].compactMap { $0 }.joined(separator: "\n\n")
            webhooks.append(
                WebhookModel(
                    swiftName: webhookNames.claim(
                        Naming.memberName(key) + (method == "POST" ? "" : Naming.typeName(method.lowercased()))),
                    origin: origin, method: method,
                    documentation: documentation.isEmpty ? nil : documentation, payload: type))
        }
    }

    /// Gives operations that declare no error body the API's: the schema the generator option
    /// names, or else the error body more than half of the operations of the same client (server)
    /// declare. An API that documents its error shape on most operations sends it from the others too.
    private func applyAPIWideErrorBody(to operations: inout [OperationModel]) throws(GenerationError) {
        var chosen: [String: SwiftType] = [:]
        if let errorBody {
            guard let name = schemas.componentTypeName(errorBody) else {
                throw GenerationError(
                    "The error body \"\(errorBody)\" is not a schema in components/schemas.",
                    pointer: "#/components/schemas", location: documents.root.node.location)
            }
            errorBodyTypes.insert(name)
            for operation in operations { chosen[operation.client] = .named(name) }
        } else {
            var counts: [String: [String: Int]] = [:]
            var totals: [String: Int] = [:]
            for operation in operations {
                totals[operation.client, default: 0] += 1
                if case .named(let name)? = operation.errorType, errorBodyTypes.contains(name) {
                    counts[operation.client, default: [:]][name, default: 0] += 1
                }
            }
            for (client, byType) in counts {
                let most = byType.max { ($0.value, $1.key) < ($1.value, $0.key) }
                if let most, most.value * 2 > totals[client, default: 0] { chosen[client] = .named(most.key) }
            }
        }
        for index in operations.indices where operations[index].errorType == nil {
            operations[index].errorType = chosen[operations[index].client]
        }
    }

    /// Finds, for each operation that streams events, the boolean `stream` property of its JSON
    /// body, which its streamed method sets: without it the server answers with one JSON body.
    private static func findStreamFlags(_ operations: inout [OperationModel], declarations: DeclarationIndex) {
        for index in operations.indices {
            let streams: Bool
            if case .events = operations[index].response {
                streams = true
            } else {
                streams = operations[index].streamVariant != nil
            }
            guard streams, let body = operations[index].body, body.kind == .json else { continue }
            func flag(of type: SwiftType) -> String? {
                guard case .structure(let model)? = declarations.declaration(of: type) else { return nil }
                return model.properties.first { $0.jsonName == "stream" && $0.type == .bool }?.swiftName
            }
            switch declarations.declaration(of: body.type) {
            case .structure?:
                operations[index].body?.streamFlag = flag(of: body.type)
            case .union(let union)?:
                // A body that is one of several requests (Text Generation Inference's
                // `/invocations` takes a chat, a completion or a generation request, each with
                // its own `stream`): the flag of whichever is sent.
                operations[index].body?.streamFlagCases = union.cases.compactMap { unionCase in
                    flag(of: unionCase.type).map { (unionCase.name, $0) }
                }
            default:
                continue
            }
        }
    }

    /// The configuration's pagination settings, and for the operations it does not name, what
    /// the description declares (``DescribedPagination``) where Courier can page that way and the
    /// declaration fits the operation; a declaration that does not is reported, and the
    /// operation's paging is detected.
    private func paginationSettings(_ operations: [OperationModel], declarations: DeclarationIndex)
        -> [String: PaginationSetting]
    {
        var settings = pagination
        for (operationID, name, located) in describedPagination where settings[operationID] == nil {
            let note = "\(name) of `\(operationID)`"
            switch DescribedPagination.declaration(located.node, extension: name) {
            case .failure(let unsupported):
                warn("\(note) is not a way Courier pages (\(unsupported.reason)); its paging is detected.", located)
            case .success(nil):
                // The description says the list comes whole, in one page.
                settings[operationID] = PaginationSetting(
                    declaration: nil, location: located.node.location, pointer: located.pointer)
            case .success(let declaration?):
                let setting = PaginationSetting(
                    declaration: declaration, location: located.node.location, pointer: located.pointer)
                guard let operation = operations.first(where: { $0.operationID == operationID }) else { continue }
                do throws(GenerationError) {
                    if let problem = declaration.inconsistency {
                        throw GenerationError(problem, pointer: located.pointer, location: located.node.location)
                    }
                    _ = try PaginationDetection.declared(
                        declaration, of: operation, declarations: declarations, setting: setting)
                    settings[operationID] = setting
                } catch {
                    warn("\(note) does not fit the operation (\(error.message)); its paging is detected.", located)
                }
            }
        }
        return settings
    }

    /// Example checks for real payloads keyed by component schema name: each decoded as its
    /// schema's type, and as every union that lists that schema, where it must land in that
    /// schema's case (not another variant's, not the catch-all).
    private func payloadChecks(_ payloads: Node, declarations: [PlacedDeclaration]) -> [ExampleModel] {
        let index = DeclarationIndex(declarations)
        func resolved(_ type: SwiftType) -> String? {
            guard case .named(let name) = index.resolved(type) else { return nil }
            return name
        }
        var unionsListing: [String: [(union: UnionModel, variant: String)]] = [:]
        for placed in declarations {
            guard case .union(let model) = placed.declaration else { continue }
            let names = model.cases.map { resolved($0.type) }
            for (unionCase, name) in zip(model.cases, names) {
                // A union listed among its own alternatives (`Item: oneOf: [Item, …]`) is not
                // a case of itself: its payloads land in the other alternatives' cases.
                guard let name, name != model.name else { continue }
                // Events of several names may carry data of one type: which case such data is
                // takes the event's name, which a payload alone does not have.
                if !model.eventNames.isEmpty, names.count(where: { $0 == name }) > 1 { continue }
                unionsListing[name, default: []].append((model, unionCase.name))
            }
        }
        var checks: [ExampleModel] = []
        // A list of objects keyed by schema name: the first round's checks keep their plain
        // names, later ones say which round they are from.
        let rounds = payloads.sequence ?? [payloads]
        for (round, payloads) in rounds.enumerated() {
            let suffix = round == 0 ? "" : " (round \(round + 1))"
            checks += payloadChecks(payloads, suffix: suffix, unionsListing: unionsListing, resolved: resolved)
        }
        return checks
    }

    private func payloadChecks(
        _ payloads: Node, suffix: String, unionsListing: [String: [(union: UnionModel, variant: String)]],
        resolved: (SwiftType) -> String?
    ) -> [ExampleModel] {
        var checks: [ExampleModel] = []
        for (key, payload) in payloads.mapping?.entries ?? [] {
            guard let name = schemas.componentTypeName(key) else {
                warnings.append(
                    GenerationWarning(
                        message: "No schema \"\(key)\" in components/schemas; its payload is not checked.",
                        pointer: "", location: payload.location))
                continue
            }
            checks.append(ExampleModel(name: "payload \(key)\(suffix)", value: payload, type: .named(name)))
            // A schema that is an alias of a list or a scalar is a case of no union by its name.
            guard let target = resolved(.named(name)) else { continue }
            for (union, variant) in unionsListing[target] ?? [] {
                // A polymorphic schema's payload may be one of its extensions: where the union's
                // own discriminator names a case for its tag, that case is the payload's.
                // (A tag two cases share, each told apart by another constant, names neither.)
                let tagged = union.discriminator.flatMap { payload[$0]?.string }.flatMap { tag in
                    let named = union.cases.filter { $0.discriminatorValues.contains(tag) }
                    return named.count == 1 ? named[0].name : nil
                }
                checks.append(
                    ExampleModel(
                        name: "payload \(key) as \(union.name)\(suffix)", value: payload, type: .named(union.name),
                        variant: tagged ?? variant))
            }
        }
        return checks
    }

    /// The parameter a path placeholder that no parameter describes stands for: `{name: …, in:
    /// path, required: true, schema: {type: string}}`, placed at the operation.
    private static func undeclaredPathParameter(_ name: String, at operation: Located) -> Located {
        let location = operation.node.location
        var schema = Mapping()
        schema.append("type", Node(.string("string"), at: location))
        var parameter = Mapping()
        parameter.append("name", Node(.string(name), at: location))
        parameter.append("in", Node(.string("path"), at: location))
        parameter.append("required", Node(.bool(true), at: location))
        parameter.append("schema", Node(.mapping(schema), at: location))
        return Located(node: Node(.mapping(parameter), at: location), file: operation.file, pointer: operation.pointer)
    }

    private func errorType(for cases: [(String, SwiftType)], typePrefix: String) -> SwiftType? {
        guard let first = cases.first else { return nil }
        if cases.allSatisfy({ $0.1 == first.1 }) {
            if case .named(let name) = first.1 { errorBodyTypes.insert(name) }
            return first.1
        }
        // In the order of the statuses, so that operations listing the same ones in another
        // order share a union, and its name reads in order.
        let cases = cases.sorted { Self.statusOrder($0.0) < Self.statusOrder($1.0) }
        let signature = cases.map { "\($0.0)=\($0.1.code)" }.joined(separator: ",")
        if let existing = errorUnions[signature] {
            sharedErrorUnions.insert(existing)
            return .named(existing)
        }
        var names = UniqueNames()
        let unionCases = cases.map { status, type in
            ErrorUnionModel.Case(
                name: names.claim(status == "default" ? "other" : "status" + status.uppercased()), status: status,
                type: type)
        }
        let name = typeNames.claim(Naming.shortened(Naming.typeName(typePrefix + "ErrorBody")))
        errorUnions[signature] = name
        extraDeclarations.append(
            PlacedDeclaration(declaration: .errorUnion(ErrorUnionModel(name: name, cases: unionCases)), file: name))
        for unionCase in unionCases {
            if case .named(let caseType) = unionCase.type { errorBodyTypes.insert(caseType) }
        }
        return .named(name)
    }

    /// Where a response's status key sorts: exact statuses by number, then ranges (`4XX`), then
    /// `default`.
    private static func statusOrder(_ status: String) -> (Int, Int) {
        if let code = Int(status) { return (0, code) }
        if let hundred = status.first?.wholeNumberValue, status.uppercased().hasSuffix("XX") { return (1, hundred) }
        return (2, 0)
    }

    /// Renames each error union that several operations share after its statuses
    /// (`Status404Or422ErrorBody`): it was named after the first operation that declares it, a
    /// name that misleads the callers of every other one (GitHub's issues and repositories
    /// answering with `AppsCheckTokenErrorBody`). Shared unions with the same statuses are told
    /// apart by the types that only some of them hold (`…ErrorBodyWithValidationErrorSimple`).
    /// A union only one operation declares keeps that operation's name.
    private func nameSharedErrorUnions(in operations: inout [OperationModel]) {
        guard !sharedErrorUnions.isEmpty else { return }
        let shared = extraDeclarations.indices.compactMap { index -> (index: Int, union: ErrorUnionModel)? in
            guard case .errorUnion(let union) = extraDeclarations[index].declaration,
                sharedErrorUnions.contains(union.name)
            else { return nil }
            return (index, union)
        }
        func statusName(_ union: ErrorUnionModel) -> String {
            let statuses = union.cases.map { $0.status == "default" ? "Other" : $0.status.uppercased() }
            return "Status" + statuses.joined(separator: "Or") + "ErrorBody"
        }
        /// The union's case types, each once, in order.
        func types(_ union: ErrorUnionModel) -> [String] {
            var seen = Set<String>()
            return union.cases.map(\.type.code).filter { seen.insert($0).inserted }
        }
        // For each status name several unions share, the types all of them hold.
        let commonTypes = Dictionary(grouping: shared.map(\.union), by: statusName)
            .filter { $0.value.count > 1 }
            .mapValues { peers in peers.dropFirst().reduce(Set(types(peers[0]))) { $0.intersection(types($1)) } }
        var renamed: [String: String] = [:]
        for (index, var union) in shared {
            var name = statusName(union)
            if let common = commonTypes[name] {
                let own = types(union).filter { !common.contains($0) }
                let told = name + "With" + own.map(Naming.typeName).joined(separator: "And")
                // Longer than other generated names may be, but the statuses must stay whole.
                if !own.isEmpty, told.count <= 2 * Naming.typeNameLimit { name = told }
            }
            // Not `Naming.shortened`, which would drop statuses from the middle.
            name = typeNames.claim(name)
            renamed[union.name] = name
            union.name = name
            extraDeclarations[index].declaration = .errorUnion(union)
            extraDeclarations[index].file = name
        }
        for index in operations.indices {
            if case .named(let name)? = operations[index].errorType, let new = renamed[name] {
                operations[index].errorType = .named(new)
            }
        }
    }

    // MARK: Servers and security

    /// The façade an operation belongs to: `x-courier-client` on the operation or its path
    /// item, or the API's own.
    private func clientName(_ operation: Located, _ pathItem: Located) throws(GenerationError) -> String {
        guard let node = operation.node["x-courier-client"] ?? pathItem.node["x-courier-client"] else { return apiName }
        guard let name = node.string, !name.isEmpty else {
            throw documents.error("x-courier-client must be a type name.", operation)
        }
        return typeNames.claimClient(Naming.typeName(name))
    }

    private func servers(of owner: Located) throws(GenerationError) -> [ServerModel] {
        owner.items("servers").compactMap { server in
            guard let url = server.node["url"]?.string else { return nil }
            var names = UniqueNames()
            let variables = server.entries("variables").map { name, variable in
                (
                    name: name, swiftName: names.claim(Naming.memberName(name)),
                    defaultValue: variable.node["default"]?.string ?? "",
                    allowed: variable.node["enum"]?.sequence?.compactMap(\.string) ?? []
                )
            }
            return ServerModel(url: url, description: server.node["description"]?.string, variables: variables)
        }
    }

    private func securitySchemes() -> [SecuritySchemeModel] {
        var names = UniqueNames()
        var result: [SecuritySchemeModel] = []
        for (key, scheme) in documents.root.child("components")?.entries("securitySchemes") ?? [] {
            guard let resolved = try? documents.dereference(scheme) else { continue }
            let type = resolved.node["type"]?.string
            let kind: SecuritySchemeModel.Kind
            switch type {
            case "http":
                switch resolved.node["scheme"]?.string?.lowercased() {
                case "bearer": kind = .bearer
                case "basic": kind = .basic
                default:
                    warn(
                        "The HTTP authentication scheme \"\(resolved.node["scheme"]?.string ?? "")\" is not supported.",
                        resolved)
                    continue
                }
            case "apiKey":
                guard let name = resolved.node["name"]?.string else { continue }
                switch resolved.node["in"]?.string {
                case "header": kind = .apiKeyHeader(name)
                case "query": kind = .apiKeyQuery(name)
                case "cookie": kind = .apiKeyCookie(name)
                default: continue
                }
            case "oauth2", "openIdConnect":
                kind = .bearer
            default:
                warn("The security scheme type \"\(type ?? "")\" is not supported.", resolved)
                continue
            }
            result.append(
                SecuritySchemeModel(
                    key: key, swiftName: names.claim(Naming.memberName(key)), kind: kind,
                    documentation: resolved.node["description"]?.string))
        }
        return result
    }
}

/// Where an operation's own types are named and declared.
private struct OperationScope {
    /// The prefix of the types the operation declares (`GetPet` for `GetPetResponse`).
    let typePrefix: String
    /// The method and path, naming the operation in examples (`GET /pets/{petId}`).
    let label: String
    /// The file (under `Models/`) its inline types share.
    var file: String { "Operations/" + typePrefix + "Types" }
}
