/// How each error body conforms to `Courier.ServerErrorBody`, decided in the model stage so that
/// the renderers only write what is decided here.
///
/// An error body's message is its own `message` string, or else the first string among the
/// usual message keys (`error_description`, `detail`, `title` …), or else the message of a
/// nested error body, or else the message string of a nested object (`{"error": {"message": …}}`),
/// or else any other string whose key ends in `message` (`exception_message`); a body with none
/// of them has no message.
struct ErrorBodyConformances {
    /// Where a body's `message` comes from.
    enum Message: Equatable {
        /// The body's own `message` string property satisfies the requirement.
        case ownProperty
        /// Another string property, such as `detail`.
        case property(swiftName: String, jsonName: String)
        /// The message of a nested error body, or of the first of a list of them (`isList`).
        case nested(swiftName: String, jsonName: String, isOptional: Bool, isList: Bool)
        /// A string property of a nested object that is not an error body itself
        /// (`{"error": {"message": …, "type": …}}`), or of the first of a list of them
        /// (FastAPI's `{"detail": [{"msg": …}]}`).
        case nestedProperty(
            swiftName: String, jsonName: String, isOptional: Bool, isList: Bool, innerSwiftName: String,
            innerJSONName: String, innerIsOptional: Bool)
        /// The body carries no message.
        case none
    }

    /// The types that declare the conformance in an extension of their own, with their message.
    private(set) var declared: [String: Message] = [:]
    /// Every type that conforms: those that declare it, aliases of them, and per-status error
    /// unions (which declare it in their own body).
    private(set) var conforming: Set<String> = []

    /// String properties that may carry the message, in order of preference: the same list as
    /// the runtime's `CommonErrorBody.messageKeys` (a test keeps them equal; the generator does
    /// not link the runtime).
    static let messageKeys = [
        "message", "error_description", "errorDescription", "detail", "title", "error", "description", "msg",
        "error_message", "errorMessage",
    ]
    /// Properties that may hold a nested error body whose message is the envelope's: the
    /// runtime's `CommonErrorBody.envelopeKeys`.
    static let envelopeKeys = ["error", "errors", "fault", "detail"]

    /// Decides every conformance, and adjusts error body structs so that they can conform: a
    /// `message` string becomes optional (error bodies are decoded leniently), and a `message`
    /// of another type is renamed `messageValue`.
    init(declarations: inout [PlacedDeclaration], errorBodies: Set<String>) {
        var byName: [String: Declaration] = [:]
        for index in declarations.indices {
            if case .structure(var model) = declarations[index].declaration, errorBodies.contains(model.name),
                let message = model.properties.firstIndex(where: { $0.swiftName == "message" })
            {
                if model.properties[message].type == .string {
                    model.properties[message].isOptional = true
                } else {
                    model.properties[message].swiftName = "messageValue"
                }
                declarations[index].declaration = .structure(model)
            }
            byName[declarations[index].declaration.name] = declarations[index].declaration
        }

        /// Whether a type's declaration can take the conformance: a struct, enum or union, or an
        /// alias of one that does not take it itself.
        func canDeclare(_ name: String) -> Bool {
            switch byName[name] {
            case .structure, .enumeration, .union, .errorUnion: true
            case .multipartForm, .responseUnion, nil: false
            case .alias(let alias):
                if case .named(let target) = alias.target {
                    canDeclare(target) && !errorBodies.contains(target)
                } else {
                    false
                }
            }
        }
        func conforms(_ name: String) -> Bool {
            switch byName[name] {
            case .errorUnion: return true
            case .alias(let alias):
                if case .named(let target) = alias.target, errorBodies.contains(target) { return conforms(target) }
            default: break
            }
            return errorBodies.contains(name) && canDeclare(name)
        }

        /// The object type an envelope property holds, itself or as a list's elements.
        func envelopeElement(_ property: PropertyModel) -> (name: String, isList: Bool)? {
            switch property.type {
            case .named(let inner): (inner, false)
            case .array(.named(let inner)): (inner, true)
            default: nil
            }
        }

        /// An envelope property (`error`) holding an object, or a list of them, with a message
        /// string of its own.
        func nestedMessage(_ model: StructModel) -> (PropertyModel, PropertyModel)? {
            for envelope in model.properties where Self.envelopeKeys.contains(envelope.jsonName) {
                guard var inner = envelopeElement(envelope)?.name else { continue }
                var hops = 0
                while case .alias(let alias) = byName[inner], case .named(let target) = alias.target, hops < 64 {
                    inner = target
                    hops += 1
                }
                guard case .structure(let innerModel) = byName[inner] else { continue }
                let message = Self.messageKeys.lazy.compactMap { key in
                    innerModel.properties.first { $0.jsonName == key && $0.type == .string && !$0.hasStorage }
                }.first
                if let message { return (envelope, message) }
            }
            return nil
        }

        for name in byName.keys where conforms(name) {
            conforming.insert(name)
            guard errorBodies.contains(name), canDeclare(name), let declaration = byName[name] else { continue }
            switch declaration {
            case .errorUnion:
                continue
            case .structure(let model):
                if model.properties.contains(where: { $0.swiftName == "message" }) {
                    declared[name] = .ownProperty
                } else if let property = Self.messageKeys.lazy.compactMap({ key in
                    model.properties.first { $0.jsonName == key && $0.type == .string }
                }).first {
                    declared[name] = .property(swiftName: property.swiftName, jsonName: property.jsonName)
                } else if let envelope = model.properties.first(where: { property in
                    guard let inner = envelopeElement(property)?.name else { return false }
                    return Self.envelopeKeys.contains(property.jsonName) && conforms(inner)
                }) {
                    declared[name] = .nested(
                        swiftName: envelope.swiftName, jsonName: envelope.jsonName, isOptional: envelope.isOptional,
                        isList: envelopeElement(envelope)?.isList == true)
                } else if let (envelope, inner) = nestedMessage(model) {
                    declared[name] = .nestedProperty(
                        swiftName: envelope.swiftName, jsonName: envelope.jsonName, isOptional: envelope.isOptional,
                        isList: envelopeElement(envelope)?.isList == true, innerSwiftName: inner.swiftName,
                        innerJSONName: inner.jsonName, innerIsOptional: inner.isOptional)
                } else if let property = model.properties.first(where: { property in
                    // Any other property named for a message (Prefect's `exception_message`), as
                    // the runtime's `CommonErrorBody` reads one.
                    property.type == .string && property.jsonName.lowercased().hasSuffix("message")
                }) {
                    declared[name] = .property(swiftName: property.swiftName, jsonName: property.jsonName)
                } else {
                    declared[name] = Message.none
                }
            default:
                declared[name] = Message.none
            }
        }
    }
}
