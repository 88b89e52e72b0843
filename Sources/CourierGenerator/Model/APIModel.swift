/// Everything the renderer needs to write one module.
struct APIModel {
    var moduleName: String
    /// The façade type, such as `PetstoreAPI`.
    var apiName: String
    var title: String?
    var documentation: String?
    var specPath: String
    var servers: [ServerModel]
    /// The servers of the other clients (`x-courier-client`), by façade name.
    var clientServers: [String: [ServerModel]]
    var security: [SecuritySchemeModel]
    /// Which schemes each operation requires.
    var securityRequirements: SecurityRequirementsModel
    var operations: [OperationModel]
    var declarations: [PlacedDeclaration]
    var enumNames: Set<String>
    /// How the types used as error bodies conform to `ServerErrorBody`.
    var errorBodies: ErrorBodyConformances
    var warnings: [GenerationWarning]
    /// The JSON examples the description gives for its responses, then for its schemas and
    /// properties, with the types that decode them.
    var examples: [ExampleModel] = []
    /// The requests the API sends to its users' servers: webhooks and callbacks.
    var webhooks: [WebhookModel] = []
}

/// A request the API sends to a server of its user's (an OpenAPI 3.1 webhook, or a callback of
/// an operation), whose body the generated code decodes.
struct WebhookModel {
    /// The Swift name of the method that decodes it.
    var swiftName: String
    /// Where the description declares it: `webhook \`newPet\``, `callback \`onData\` of POST /streams`.
    var origin: String
    var method: String
    var documentation: String?
    /// The JSON body's type.
    var payload: SwiftType
}

/// A JSON example a description gives for a response (`example`, or a value of `examples`), a
/// schema or a property, with the type the generated client decodes it with.
struct ExampleModel {
    /// Where it is: the operation, status and example name (`GET /pets/{petId} 200 (cat)`), or a
    /// schema's JSON pointer (`#/components/schemas/Pet/properties/name/example`).
    var name: String
    /// The example.
    var value: Node
    /// The type that decodes it.
    var type: SwiftType
    /// For a payload decoded as a union that lists its schema, the case it must land in.
    var variant: String?
}

struct ServerModel {
    var url: String
    var description: String?
    /// Variable names, Swift names and defaults, in order.
    var variables: [(name: String, swiftName: String, defaultValue: String, allowed: [String])]
}

struct SecuritySchemeModel {
    enum Kind {
        case bearer
        case basic
        case apiKeyHeader(String)
        case apiKeyQuery(String)
        case apiKeyCookie(String)
    }

    var key: String
    var swiftName: String
    var kind: Kind
    var documentation: String?
}

/// The security requirements a description declares: a requirement lists alternatives, each the
/// names of the schemes to send together; no alternative means a public operation.
struct SecurityRequirementsModel {
    /// The requirement of the operations that declare none of their own (the document's
    /// `security`); `nil` when the document declares none either.
    var documentDefault: [[String]]?
    /// The operations whose requirement differs from the document's, grouped by requirement, in
    /// the order the requirements first appear; operation IDs in document order.
    var exceptions: [(requirement: [[String]], operationIDs: [String])]

    init(documentDefault: [[String]]?, operations: [OperationModel]) {
        self.documentDefault = documentDefault
        var exceptions: [(requirement: [[String]], operationIDs: [String])] = []
        for operation in operations {
            guard let requirement = operation.security, requirement != documentDefault else { continue }
            if let index = exceptions.firstIndex(where: { $0.requirement == requirement }) {
                exceptions[index].operationIDs.append(operation.operationID)
            } else {
                exceptions.append((requirement, [operation.operationID]))
            }
        }
        self.exceptions = exceptions
    }
}

struct ParameterModel {
    enum Location: String { case path, query, header, cookie }
    enum Style { case form, simple, deepObject, spaceDelimited, pipeDelimited, label, matrix }

    var name: String
    var swiftName: String
    /// The argument label when it differs from the name (from `x-courier-label`).
    var label: String?
    var location: Location
    var type: SwiftType
    var isRequired: Bool
    /// The Swift expression that gives the value to send, when the argument is a model whose
    /// property is sent (`x-courier-value`), such as `user.id`.
    var valueExpression: String?
    var style: Style
    var explode: Bool
    var documentation: String?
    var isDeprecated: Bool
    /// Whether the description gives the parameter as `content: application/json` (its value is
    /// sent as JSON text) rather than with a schema and a style.
    var isJSONContent = false
    /// Whether a query parameter's value keeps reserved characters unencoded (`allowReserved`).
    var allowsReserved = false
}

struct BodyModel {
    /// `data` is any other media type, sent from a `Courier.StreamedBody`; `multipart` is a
    /// generated form type (or `Courier.MultipartForm` when the schema lists no properties);
    /// `jsonLines` is an array of OpenAPI 3.2's `itemSchema`, each item a line of JSON.
    enum Kind { case json, form, data, text, multipart, jsonLines }
    var kind: Kind
    var type: SwiftType
    var contentType: String
    var isRequired: Bool
    /// The body argument's label: `body` for the main method's, the kind (`multipart`, `form`,
    /// …) for an overload that sends another kind.
    var label: String
    var documentation: String?
    /// The Swift name of the body's boolean `stream` property, which the streamed variant of an
    /// operation sets (the convention of APIs that answer with events only when asked to).
    var streamFlag: String?
    /// For a body that is a union, the cases whose value has a boolean `stream` property, with
    /// that property's Swift name: the streamed variant sets it in whichever case is sent.
    var streamFlagCases: [(unionCase: String, flag: String)] = []
    /// How the properties of a form body that the description's `encoding` gives a `style` or
    /// `explode` are written, as `Courier.QueryItem.FormEncoding` expressions by property name
    /// (`"metadata": ".deepObject"`); the others are written in the default way.
    var formEncodings: [(property: String, expression: String)] = []
    /// Whether the caller names the body's media type, with ``contentType`` as the default: the
    /// description accepts a range (`*/*`, `image/*`) or several types of the kind (for JSON,
    /// several for the same schema).
    var takesContentType = false

    /// Lets the caller name the media type when `names` (the description's media types of this
    /// body's kind) are a range or several; the default is the first exact one, else `fallback`.
    mutating func offerContentType(among names: [String], fallback: String) {
        let exact = names.filter { !$0.contains("*") }
        guard exact.count != names.count || names.count > 1 else { return }
        takesContentType = true
        contentType = exact.first ?? fallback
    }
}

enum ResponseKind {
    case decoded(SwiftType)
    case empty
    case data
    case text
    /// A streamed body of values only (`text/event-stream`, JSON Lines, JSON text sequences).
    case events(EventResponse)
}

/// A response streamed as values: the Swift type of one value, and the `Courier.EventFormat`
/// expression that cuts the body into values.
struct EventResponse {
    /// The value type; `nil` when the description gives no JSON schema for it (raw events).
    var type: SwiftType?
    /// `Courier.EventFormat` expressions, such as `.serverSentEvents(terminator: "[DONE]")`: one,
    /// or several when the response offers the same values in several formats (JSON Lines and
    /// server-sent events, as OpenAPI 3.2 lets it), in the description's order.
    var formats: [String]
    /// The media types, one per format, sent as `Accept`.
    var mediaTypes: [String]
}

/// A binary media type a response offers beside its JSON or text.
struct BinaryVariant {
    /// The binary media type, sent as `Accept` by the `…Data` variant.
    var mediaType: String
}

/// A piece of an operation's path template.
enum PathPiece: Equatable {
    /// Text sent as written.
    case text(String)
    /// A `{placeholder}`, filled by the path parameter at this index of the operation's parameters.
    case parameter(Int)
}

struct OperationModel {
    var swiftName: String
    var operationID: String
    var method: String
    /// The path template as the description writes it (`/pets/{petId}`), for documentation.
    var path: String
    /// The path template in pieces, each placeholder resolved to its parameter.
    var pathPieces: [PathPiece]
    var summary: String?
    var description: String?
    var isDeprecated: Bool
    /// The file under `Operations/` (the first tag).
    var group: String
    var parameters: [ParameterModel]
    var body: BodyModel?
    /// Bodies of other kinds whose schemas differ from ``body``'s, each sent by an overload of
    /// every method of the operation (its body argument labelled by its kind).
    var alternativeBodies: [BodyModel] = []
    var response: ResponseKind
    var errorType: SwiftType?
    /// The error envelope a 2xx body may carry (`x-courier-successful-error`).
    var successfulErrorType: SwiftType?
    /// The façade the operation belongs to.
    var client: String
    /// The schemes the operation requires (its own `security`, or the document's); `nil` when the
    /// description declares none.
    var security: [[String]]?
    /// A streamed variant beside the main method, when the success response offers a streaming
    /// media type as well as JSON (the variant's name ends in `Stream`).
    var streamVariant: EventResponse?
    /// A bytes variant beside the main method, when the success response offers a binary media
    /// type as well as JSON or text (the variant's name ends in `Data`).
    var binaryVariant: BinaryVariant?
    /// The media types the main method decodes, in the description's order.
    var mediaTypes: [String]
    /// The media types of the operation's error responses.
    var errorMediaTypes: [String]
    /// How the operation pages, when it returns one page of a list: an item sequence is
    /// generated beside the main method (its name ends in `Items`).
    var pagination: PaginationModel?

    /// The `Accept` header a method of the operation sends, if the client's default
    /// (`application/json`) is not it: the media type of the variant the method decodes (bytes,
    /// streamed values) or else those of the main method, then those of the error responses.
    /// A method that has a sibling asking for another media type always names its own.
    /// - Parameters:
    ///   - bytes: Whether the method is the bytes (`…Data`) variant.
    ///   - events: The streamed values the method decodes, if it streams.
    func accept(bytes: Bool, events: EventResponse?) -> String? {
        let accepted =
            if bytes, let binary = binaryVariant { [binary.mediaType] } else {
                events.map(\.mediaTypes) ?? mediaTypes
            }
        guard let value = MediaType.acceptValue(accepting: accepted, errors: errorMediaTypes) else { return nil }
        let hasSibling = binaryVariant != nil || streamVariant != nil
        let asksForJSONOnly = accepted.map(MediaType.essence).allSatisfy { $0 == "application/json" }
        return hasSibling || !asksForJSONOnly ? value : nil
    }

    var responseType: SwiftType {
        switch response {
        case .decoded(let type): type
        case .empty: .builtin("Courier.EmptyResponse")
        case .data: .data
        case .text: .string
        case .events(let events):
            events.type.map { .builtin("Courier.EventStream<\($0.code)>") }
                ?? .builtin("Courier.EventStream<Courier.ServerSentEvent>")
        }
    }
}
