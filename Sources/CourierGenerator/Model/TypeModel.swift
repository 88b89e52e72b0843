/// A Swift type that generated code refers to.
indirect enum SwiftType: Hashable, Sendable {
    /// A type this run generates, by its Swift name.
    case named(String)
    /// A type from the standard library, Foundation or Courier, fully qualified.
    case builtin(String)
    /// `[Element]`.
    case array(SwiftType)
    /// `[String: Value]`.
    case dictionary(SwiftType)
    /// `Wrapped?`: an array element or dictionary value that may be `null`. (An optional
    /// property is marked on the property, not with this.)
    case optional(SwiftType)

    static let string = SwiftType.builtin("Swift.String")
    static let int = SwiftType.builtin("Swift.Int")
    static let double = SwiftType.builtin("Swift.Double")
    static let decimal = SwiftType.builtin("Foundation.Decimal")
    /// The types an integer (of any `format` but `uint64`) may have.
    static let integers: [SwiftType] = [.int, .builtin("Swift.Int64"), .builtin("Swift.Int32")]
    static let bool = SwiftType.builtin("Swift.Bool")
    static let json = SwiftType.builtin("Courier.JSONValue")
    static let data = SwiftType.builtin("Foundation.Data")

    /// The type as Swift source.
    var code: String {
        switch self {
        case .named(let name): name
        case .builtin(let name): name
        case .array(let element): "[\(element.code)]"
        case .dictionary(let value): "[Swift.String: \(value.code)]"
        case .optional(let wrapped): "\(wrapped.code)?"
        }
    }

    /// The type as Swift source with generated types qualified by their module (`PetstoreAPI.Pet`),
    /// for code outside the module that also imports Foundation (GitHub's `Thread` is not
    /// Foundation's).
    func code(qualifiedBy module: String) -> String {
        switch self {
        case .named(let name): module + "." + name
        case .builtin(let name): name
        case .array(let element): "[\(element.code(qualifiedBy: module))]"
        case .dictionary(let value): "[Swift.String: \(value.code(qualifiedBy: module))]"
        case .optional(let wrapped): "\(wrapped.code(qualifiedBy: module))?"
        }
    }

    /// The generated types the type names, itself or inside collections and optionals.
    var namedTypes: [String] {
        switch self {
        case .named(let name): [name]
        case .builtin: []
        case .array(let element): element.namedTypes
        case .dictionary(let value): value.namedTypes
        case .optional(let wrapped): wrapped.namedTypes
        }
    }

    /// Whether the type is, or contains, a generated type whose name starts with `prefix`.
    func mentionsName(withPrefix prefix: String) -> Bool {
        switch self {
        case .named(let name): name.hasPrefix(prefix)
        case .builtin: false
        case .array(let element): element.mentionsName(withPrefix: prefix)
        case .dictionary(let value): value.mentionsName(withPrefix: prefix)
        case .optional(let wrapped): wrapped.mentionsName(withPrefix: prefix)
        }
    }

    /// Whether the type is, or holds, a Foundation type that coders read and write by rules of
    /// their own (dates by the date strategy, data as base64, URLs as text) rather than by the
    /// type's own `init(from:)` and `encode(to:)`: a union's case of such a type goes through
    /// the coder's container (`UnionVariant.decodeValue(_:from:)`).
    var isCodedByContainer: Bool {
        switch self {
        case .named: false
        case .builtin(let name):
            ["Foundation.Date", "Foundation.URL", "Foundation.UUID", "Foundation.Data", "Foundation.Decimal"]
                .contains(name)
        case .array(let element): element.isCodedByContainer
        case .dictionary(let value): value.isCodedByContainer
        case .optional(let wrapped): wrapped.isCodedByContainer
        }
    }

    /// Whether the type holds URLs inside a dictionary, an optional element or a nested array
    /// (`[String: URL]`, `[URL?]`, `[[URL]]`): such properties are read and written with
    /// `decodeURLs(_:at:)` and `encodeURLs(_:at:)`, which keep each URL's text as the coders'
    /// own paths do not. A URL and an array of URLs take `decodeValue(_:at:)`'s own route.
    var holdsNestedURLs: Bool {
        switch self {
        case .builtin("Foundation.URL"), .array(.builtin("Foundation.URL")): false
        default: holdsURLs
        }
    }

    private var holdsURLs: Bool {
        switch self {
        case .named: false
        case .builtin(let name): name == "Foundation.URL"
        case .array(let element): element.holdsURLs
        case .dictionary(let value): value.holdsURLs
        case .optional(let wrapped): wrapped.holdsURLs
        }
    }

    /// Whether values of the type can be sent as query items directly (`QueryValue`).
    func isQueryValue(enums: Set<String>) -> Bool {
        switch self {
        case .builtin(let name): name != "Courier.JSONValue" && name != "Foundation.Data"
        case .named(let name): enums.contains(name)
        // A list of lists is not one: its elements are sent as JSON text, not flattened.
        case .array(.array): false
        case .array(let element): element.isQueryValue(enums: enums)
        case .dictionary, .optional: false
        }
    }
}

/// One stored property of a generated struct.
struct PropertyModel {
    var jsonName: String
    var swiftName: String
    var type: SwiftType
    /// Whether the Swift property is optional: the key is not required, or its value may be `null`.
    var isOptional: Bool
    /// Whether the schema requires the key: a required key whose value may be `null` is encoded
    /// as `null` rather than left out.
    var isRequired: Bool
    /// Whether the value may be `null`.
    var isNullable: Bool
    /// The one value the schema allows (`const`, or an enum of one value), which the generated
    /// initializer fills in instead of taking it as an argument, and which names the variant in
    /// a union.
    var constant: ConstantValue?
    /// The Swift expression of ``constant`` in the property's type, once every enum is known.
    var constantExpression: String?
    /// A required key's `default`, offered to callers as the initializer's default argument
    /// (and taken when a server leaves the key out); an optional key's default is only documented.
    var defaultNode: Node?
    /// The Swift expression of ``defaultNode`` in the property's type, once every enum is known.
    var defaultExpression: String?
    /// For a discriminator property, the one value every union that lists the struct gives it
    /// (``DiscriminatorDefaults``): the initializer's default argument, not a decoding fallback.
    var tagDefault: String?
    var documentation: String?
    var isDeprecated: Bool
    /// Stored out of line, because the struct reaches itself through this property.
    var isBoxed = false
    /// Whether the schema marks the property `readOnly`: a server sends it, a request leaves it
    /// out, so a struct that is sent does not require it (``SentOnlyStructs``).
    var isReadOnly = false

    /// Whether encoding writes the key even when the value is `nil` (as `null`).
    var encodesNull: Bool { isRequired && isOptional && isNullable }

    /// Whether a payload without the key fails to decode: a required key whose value may not
    /// be `null` and that has no default. A required key that may be `null` reads a missing
    /// key as `nil` (servers leave such keys out), and one with a default reads the default.
    var mustBeInPayload: Bool { isRequired && !isOptional && defaultExpression == nil }

    /// Whether a payload's `null` for this key is remembered, so that encoding writes `null`
    /// again rather than leaving the key out: a server's `"customer": null` and its missing
    /// `customer` both read `nil`, but are different payloads. A required key that may be
    /// `null` always writes it; a key with a default reads the default.
    var tracksNull: Bool { isOptional && !encodesNull && defaultExpression == nil }

    /// Whether a sender may ask for this key to go as `null` (`setNull(_:)`): a remembered key
    /// whose value may be `null`.
    var canBeSentAsNull: Bool { tracksNull && isNullable }

    /// Whether the value lives in private storage behind a public accessor: a boxed value, and a
    /// deprecated one (so that generated code never touches the deprecated name, which would warn).
    var hasStorage: Bool { isBoxed || isDeprecated }

    /// The stored property's name: `_name` for private storage (member names never start with
    /// `_` but for `_self` and names that start with a digit, so this cannot clash), else the name.
    var storageName: String { hasStorage ? "_" + swiftName : swiftName }
}

/// A single allowed value, as a JSON scalar.
enum ConstantValue: Hashable {
    case string(String)
    case integer(Int)
    case boolean(Bool)

    /// The value as a `Courier.JSONValue` literal.
    var jsonLiteral: String {
        switch self {
        case .string(let text): Naming.stringLiteral(text)
        case .integer(let number): String(number)
        case .boolean(let flag): String(flag)
        }
    }

    /// The value as its raw text, as an enum case's raw value is kept.
    var raw: String {
        switch self {
        case .string(let text): text
        case .integer(let number): String(number)
        case .boolean(let flag): String(flag)
        }
    }
}

struct StructModel {
    var name: String
    var documentation: String?
    var isDeprecated: Bool
    var properties: [PropertyModel]
    /// The type of undeclared keys, kept in `additionalProperties`: the schema's
    /// `additionalProperties`, else JSON values (JSON Schema allows them unless
    /// `additionalProperties` is false, and those a server sends anyway are kept too); `nil`
    /// for a struct with alternatives, which keep them.
    var additionalProperties: SwiftType?
    /// Whether the schema describes undeclared keys itself (`additionalProperties: {…}`), rather
    /// than only allowing them: a union variant that describes them accounts for any key.
    var undeclaredKeysAreDescribed = false
    /// Whether the schema allows undeclared keys (it is not `additionalProperties: false`).
    var allowsUndeclaredKeys = true
    /// Whether values are sent (in a request body or parameter) and some optional key may be
    /// `null`: the struct then offers `setNull(_:)` for those keys.
    var offersSetNull = false
    /// The alternatives (`oneOf`/`anyOf`) the value also matches, each decoded from the same JSON
    /// object as the properties.
    var variants: [VariantMember] = []
}

/// A member of a generated struct holding the `oneOf`/`anyOf` alternative its JSON object also
/// matches, beside the struct's own properties.
struct VariantMember {
    var swiftName: String
    /// The union of the alternatives, or the only one.
    var type: SwiftType
    /// Which keyword it comes from, for its documentation.
    var keyword: String
}

struct EnumModel {
    var name: String
    var documentation: String?
    var isDeprecated: Bool
    /// `Swift.String` or `Swift.Int`.
    var rawType: SwiftType
    /// One value: its case's name, the raw value as a Swift literal and as text, and the words
    /// the description gives it (a `const` alternative's title and description).
    struct Case {
        var name: String
        var literal: String
        var raw: String
        var documentation: String? = nil
    }

    var cases: [Case]
    /// The description allows any string beside the listed values (`anyOf: [{type: string},
    /// {enum: [...]}]`): the enum takes a string literal, as the union it stands for would.
    var takesAnyString = false
}

struct UnionModel {
    struct Case {
        var name: String
        var type: SwiftType
        var discriminatorValues: [String]
        /// The `title` of a variant declared inline, which names its case where no tag does.
        var title: String? = nil
        /// The Swift name of the one schema a variant declared inline extends (`allOf` with one
        /// `$ref` part), which names its case where no tag, value or title does.
        var extends: String? = nil
        /// What identifies the variant before it is decoded: a `Courier.UnionVariant`
        /// expression, filled in once every type is known (``UnionEvidence``).
        var evidence = ""
        /// Whether the case's type leads back to the union itself through unions and aliases
        /// only (`Item: oneOf: [Item, …]`): its decoding is guarded so that meeting the union
        /// again at the same value fails rather than recursing forever
        /// (``SchemaConverter/markVariantsLeadingBack()``).
        var leadsBack = false
    }

    var name: String
    var documentation: String?
    var isDeprecated: Bool
    var cases: [Case]
    var discriminator: String?
    /// `anyOf`: a payload may match several variants, so one that another variant also
    /// describes is not ambiguous (the chosen variant keeps the other keys whole).
    var allowsSeveral = false
    /// The case of an object whose tag is missing or names no variant (OpenAPI 3.2's
    /// `discriminator.defaultMapping`).
    var defaultCase: Int?
    /// For the data of server-sent events whose `event` tags each variant (OpenAPI 3.2's
    /// `itemSchema`), each case's event names: the case an event's name tags is its data's.
    var eventNames: [[String]] = []
    /// Whether an object no variant accepts decodes as `undocumented(JSONValue)`, so that a
    /// server that adds a variant does not break decoding.
    var hasCatchAll = false
    /// Whether every variant is a scalar or an enum, so that the value is sent as text (in a
    /// query, a path or a multipart part) as the variant's own text.
    var isText = false
    /// For a union of a string and string enums (a model name: any text, or one of the known
    /// ones), how a string literal becomes a value, and the known values as static members.
    var stringLiteral: StringLiteralModel?

    struct StringLiteralModel {
        /// The case holding any string, if there is one.
        var plainCase: String?
        /// Each enum variant: its union case, its enum type, and its cases (Swift name).
        var enums: [(unionCase: String, type: String, cases: [String])]
    }
}

struct AliasModel {
    var name: String
    var documentation: String?
    var target: SwiftType
    /// Whether the target mentions the alias itself, directly or through other aliases
    /// (`Tree: {additionalProperties: {$ref: Tree}}`, `[Tree]`): Swift refuses a type alias that
    /// refers to itself, so the alias is a struct holding the target as its `value`, coded as the
    /// target (``SchemaConverter/wrapRecursiveAliases()``). Passes that follow aliases stop at it.
    var isRecursive = false
}

/// A per-status error body for an operation whose error responses differ.
struct ErrorUnionModel {
    struct Case {
        var name: String
        /// `"404"`, `"4XX"` or `"default"`.
        var status: String
        var type: SwiftType
    }

    var name: String
    var cases: [Case]
}

/// The successful responses of an operation whose statuses return different bodies: one case
/// per documented status (or status range), chosen by the response's status.
struct ResponseUnionModel {
    struct Case {
        var name: String
        /// `200`, or a range such as `2XX`.
        var status: String
        /// The body's type; `nil` for a status without a body (`204`).
        var payload: SwiftType?
    }
    var name: String
    var operationID: String
    var cases: [Case]
}

/// A `multipart/form-data` request body: a struct with one property per part, and the form it
/// encodes to.
struct MultipartModel {
    struct Field {
        enum Kind {
            /// A `Courier.MultipartFile` (`format: binary`), or an array of them.
            case file, files
            /// Text: a scalar, an enum, a union of them, or an array of them (one part each).
            case text
            /// Any other value, encoded as JSON.
            case json
            /// An array of values that are not text: one JSON part per element.
            case jsonEach
            /// Bytes sent as base64 text (`format: byte`), or an array of them (one part each).
            case base64, base64Each
        }
        var name: String
        var swiftName: String
        var kind: Kind
        var type: SwiftType
        var isRequired: Bool
        /// The part's media type from the description's `encoding`.
        var contentType: String?
        /// The `Courier.QueryItem.FormEncoding` expression of a field whose `encoding` entry gives
        /// a `style` or `explode`: its value is sent as the text parts that style writes
        /// (`file_link_data[create]=true`), as OpenAPI 3.1.1 says; not for files.
        var style: String?
        var documentation: String?
    }

    var name: String
    var fields: [Field]
    var documentation: String?
}

enum Declaration {
    case structure(StructModel)
    case enumeration(EnumModel)
    case union(UnionModel)
    case alias(AliasModel)
    case errorUnion(ErrorUnionModel)
    case multipartForm(MultipartModel)
    case responseUnion(ResponseUnionModel)

    var name: String {
        switch self {
        case .structure(let model): model.name
        case .enumeration(let model): model.name
        case .union(let model): model.name
        case .alias(let model): model.name
        case .errorUnion(let model): model.name
        case .multipartForm(let model): model.name
        case .responseUnion(let model): model.name
        }
    }

    /// The type's own documentation, for the kinds that carry one.
    var documentation: String? {
        switch self {
        case .structure(let model): model.documentation
        case .enumeration(let model): model.documentation
        case .union(let model): model.documentation
        case .alias(let model): model.documentation
        case .multipartForm(let model): model.documentation
        case .errorUnion, .responseUnion: nil
        }
    }
}

/// A generated declaration and the file it belongs in.
struct PlacedDeclaration {
    var declaration: Declaration
    /// The file (without extension) under `Models/`.
    var file: String
    /// Whether the type is named after where its schema appears (a property's or a request's
    /// inline schema) rather than by the description, so that it may share an identical type.
    var isInline = false
}
