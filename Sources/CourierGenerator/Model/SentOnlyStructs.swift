/// What a struct needs for being sent or received, a model-stage pass run once every
/// declaration is known.
///
/// Structs whose schema allows no undeclared keys (`additionalProperties: false`) keep the keys a
/// server sends anyway, so that a value received and encoded again loses nothing; a struct that
/// is only ever sent (reached from request bodies and parameters, never from a response or a
/// webhook) has nothing to keep, so it gets no `additionalProperties` member: its initializer
/// offers only the keys the schema allows. A struct that is sent and has optional keys whose
/// value may be `null` offers `setNull(_:)`, to send one of them as `null` (a `PATCH` that
/// clears a value).
///
/// A required `readOnly` property of a struct that is sent is optional: OpenAPI requires it in
/// responses only, and a request should not send it, so a caller creating the value to send
/// (`Pet(name:)` for a `POST`) has no server-made `id` to give. A struct that is only received
/// keeps it required.
enum SentOnlyStructs {
    /// Drops the undeclared-keys member of the closed structs that are only sent, marks the
    /// sent structs that offer `setNull(_:)`, and makes their required `readOnly` properties
    /// optional.
    static func resolve(
        _ declarations: inout [PlacedDeclaration], operations: [OperationModel], webhooks: [WebhookModel]
    ) {
        let index = DeclarationIndex(declarations)
        var received: [SwiftType] = webhooks.map(\.payload)
        var sent: [SwiftType] = []
        for operation in operations {
            switch operation.response {
            case .decoded(let type): received.append(type)
            case .events(let events): if let type = events.type { received.append(type) }
            case .empty, .data, .text: break
            }
            if let type = operation.streamVariant?.type { received.append(type) }
            if let type = operation.errorType { received.append(type) }
            if let type = operation.successfulErrorType { received.append(type) }
            if let type = operation.body?.type { sent.append(type) }
            sent += operation.alternativeBodies.map(\.type)
            sent += operation.parameters.map(\.type)
        }
        let receivedNames = reachable(from: received, index)
        let sentNames = reachable(from: sent, index)
        for position in declarations.indices {
            guard case .structure(var model) = declarations[position].declaration, sentNames.contains(model.name),
                model.properties.contains(where: { $0.canBeSentAsNull || $0.isRequiredOnlyInResponses })
            else { continue }
            for index in model.properties.indices where model.properties[index].isRequiredOnlyInResponses {
                model.properties[index].isOptional = true
                model.properties[index].isRequired = false
                model.properties[index].documentation =
                    (model.properties[index].documentation.map { $0 + "\n\n" } ?? "")
                    + "Required in responses; requests leave it out (`readOnly`)."
            }
            model.offersSetNull = model.properties.contains(where: \.canBeSentAsNull)
            declarations[position].declaration = .structure(model)
        }
        for position in declarations.indices {
            guard case .structure(var model) = declarations[position].declaration, !model.allowsUndeclaredKeys,
                model.additionalProperties != nil, !model.undeclaredKeysAreDescribed,
                sentNames.contains(model.name), !receivedNames.contains(model.name)
            else { continue }
            model.additionalProperties = nil
            declarations[position].declaration = .structure(model)
        }
    }

    /// The names of the generated types that values of these types may hold, themselves included.
    static func reachable(from roots: [SwiftType], _ index: DeclarationIndex) -> Set<String> {
        var seen: Set<String> = []
        var pending = roots
        while let type = pending.popLast() {
            switch type {
            case .array(let inner), .dictionary(let inner), .optional(let inner):
                pending.append(inner)
            case .builtin:
                continue
            case .named(let name):
                guard seen.insert(name).inserted, let declaration = index[name] else { continue }
                switch declaration {
                case .structure(let model):
                    pending += model.properties.map(\.type) + model.variants.map(\.type)
                    if let additional = model.additionalProperties { pending.append(additional) }
                case .union(let model): pending += model.cases.map(\.type)
                case .alias(let model): pending.append(model.target)
                case .errorUnion(let model): pending += model.cases.map(\.type)
                case .responseUnion(let model): pending += model.cases.compactMap(\.payload)
                case .multipartForm(let model): pending += model.fields.map(\.type)
                case .enumeration: continue
                }
            }
        }
        return seen
    }
}

extension PropertyModel {
    /// Whether the property is a required `readOnly` one that a sent value has no way to fill
    /// in: not a constant, and without a default, which the initializer would fill in anyway.
    fileprivate var isRequiredOnlyInResponses: Bool {
        isReadOnly && isRequired && !isOptional && constant == nil && defaultNode == nil && tagDefault == nil
    }
}
