/// Writes, for each operation, an `Endpoint` factory and a method on the API type.
struct OperationRenderer {
    let access: String
    let apiName: String
    let enumNames: Set<String>
    let models: ModelRenderer

    private struct Argument {
        var declaration: String
        var call: String
        var documentation: String?
        var name: String
        /// The argument's label as a symbol link names it (`_` for none).
        var label: String
    }

    private func arguments(_ operation: OperationModel) -> [Argument] {
        var required: [Argument] = []
        var optional: [Argument] = []
        for parameter in operation.parameters {
            let name = Naming.escaped(parameter.swiftName)
            let label = parameter.label.map { $0 == "_" ? "_ " : Naming.escaped($0) + " " } ?? ""
            // Keywords need no backticks as argument labels at a call site, except these three.
            let rawLabel = parameter.label ?? parameter.swiftName
            let callLabel =
                rawLabel == "_" ? "" : (["inout", "var", "let"].contains(rawLabel) ? "`\(rawLabel)`" : rawLabel) + ": "
            var documentation = parameter.documentation
            if parameter.isDeprecated { documentation = (documentation.map { $0 + " " } ?? "") + "(Deprecated.)" }
            if parameter.isRequired {
                required.append(
                    Argument(
                        declaration: "\(label)\(name): \(parameter.type.code)", call: callLabel + name,
                        documentation: documentation, name: parameter.swiftName, label: rawLabel))
            } else {
                optional.append(
                    Argument(
                        declaration: "\(label)\(name): \(parameter.type.code)? = nil", call: callLabel + name,
                        documentation: documentation, name: parameter.swiftName, label: rawLabel))
            }
        }
        if let body = operation.body {
            let label = body.label == "body" ? "" : Naming.escaped(body.label) + " "
            let argument = Argument(
                declaration: body.isRequired
                    ? "\(label)body: \(body.type.code)" : "\(label)body: \(body.type.code)? = nil",
                call: "\(body.label): body",
                documentation: body.documentation ?? "The request body.", name: "body", label: body.label)
            if body.isRequired { required.append(argument) } else { optional.append(argument) }
            if body.takesContentType {
                let name = contentTypeArgument(operation)
                optional.append(
                    Argument(
                        declaration: "\(name): Swift.String = \(Naming.stringLiteral(body.contentType))",
                        call: "\(name): \(name)",
                        documentation: "The body's media type (`Content-Type`).", name: name, label: name))
            }
        }
        return required + optional
    }

    private func documentation(
        _ operation: OperationModel, into writer: inout SwiftWriter, arguments: [Argument], isFactory: Bool,
        name: String? = nil, returns: String? = nil
    ) {
        var text = [operation.summary, operation.description].compactMap { $0 }.filter { !$0.isEmpty }
        if text.count == 2, text[0] == text[1] { text.removeLast() }
        if text.isEmpty { text = ["\(operation.method) \(operation.path)"] }
        if isFactory {
            text.insert(
                "The endpoint of ``\(apiName)/\(name ?? operation.swiftName)(\(arguments.map { $0.label + ":" }.joined()))``.",
                at: 0)
        }
        writer.doc(text.joined(separator: "\n\n"))
        writer.line("///")
        let documented = Self.documented(arguments)
        if !documented.isEmpty {
            writer.line("/// - Parameters:")
            for (name, text) in documented {
                writer.line("///   - \(name): \(text)".trimmingTrailingWhitespace())
            }
        }
        if isFactory {
            writer.line("/// - Returns: The endpoint, ready for ``Courier/APIClient/send(_:)``.")
        } else {
            writer.line("/// - Returns: \(returns ?? Self.returned(operation.response))")
            writer.line("/// - Throws: ``Courier/ServiceError``; \(thrownErrorBody(operation))")
        }
        writer.line("/// - Remark: HTTP \(operation.method) \(operation.path.replacingOccurrences(of: "`", with: "'"))")
        if let body = operation.body, body.label != "body" {
            writer.line(
                "/// - Note: The request sent as `\(body.contentType.replacingOccurrences(of: "`", with: "'"))`, one of the bodies the operation takes."
            )
        }
    }

    /// What a method's documentation says of the error body a server error carries: the type it
    /// is decoded as, where the operation names one, so that a caller can find it.
    private func thrownErrorBody(_ operation: OperationModel) -> String {
        guard let name = errorBodyName(operation.errorType) else {
            return "server errors carry the decoded error body."
        }
        return "a server error carries the decoded ``\(name)`` (`failure.body(as: \(name).self)`)."
    }

    /// The generated error body type `type` names, if it is one (a `ServerErrorBody`).
    private func errorBodyName(_ type: SwiftType?) -> String? {
        guard case .named(let name)? = type, models.conformsToErrorBody(name) else { return nil }
        return name
    }

    /// What a method that sends the operation returns, in its documentation's words.
    private static func returned(_ response: ResponseKind) -> String {
        switch response {
        case .decoded: "The decoded response."
        case .empty: "``Courier/EmptyResponse``: the response has no body."
        case .data: "The response body's bytes."
        case .text: "The response body as text."
        case .events: "The values as they arrive. Leaving the loop over them cancels the call."
        }
    }

    /// The arguments a method's documentation lists, with the first line of each one's text:
    /// a line that says nothing ("The `page` value.") is left out rather than written.
    private static func documented(_ arguments: [Argument]) -> [(name: String, text: String)] {
        arguments.compactMap { argument in
            let first = (argument.documentation ?? "").documentationLines.first ?? ""
            return first.isEmpty ? nil : (argument.name, first)
        }
    }

    func render(_ operations: [OperationModel], into writer: inout SwiftWriter) {
        let overloads = operations.flatMap(Self.overloads)
        writer.block("extension \(apiName)") { writer in
            for (index, operation) in overloads.enumerated() {
                if index > 0 { writer.line() }
                renderMethods(operation, into: &writer)
            }
        }
        writer.line()
        writer.block("extension \(apiName).Endpoints") { writer in
            for (index, operation) in overloads.enumerated() {
                if index > 0 { writer.line() }
                renderFactory(operation, into: &writer)
                if operation.binaryVariant != nil {
                    writer.line()
                    renderFactory(operation, into: &writer, bytes: true)
                }
                if let events = operation.streamVariant {
                    writer.line()
                    renderFactory(operation, into: &writer, streaming: events)
                }
            }
        }
    }

    /// The operation, then the operation as sent with each of its other kinds of body: one
    /// overload of every method each.
    private static func overloads(_ operation: OperationModel) -> [OperationModel] {
        [operation]
            + operation.alternativeBodies.map { body in
                var overload = operation
                overload.body = body
                overload.alternativeBodies = []
                return overload
            }
    }

    /// The methods on the API type that send the operation: the main one, and its bytes,
    /// item-sequence and streamed variants.
    private func renderMethods(_ operation: OperationModel, into writer: inout SwiftWriter) {
        let arguments = arguments(operation)
        documentation(operation, into: &writer, arguments: arguments, isFactory: false)
        if operation.isDeprecated { writer.line("@available(*, deprecated)") }
        if case .empty = operation.response { writer.line("@discardableResult") }
        let signature = arguments.map(\.declaration).joined(separator: ", ")
        let call = arguments.map(\.call).joined(separator: ", ")
        let name = Naming.escaped(operation.swiftName)
        writer.block(
            "\(access) func \(name)(\(signature)) async throws(Courier.ServiceError) -> \(operation.responseType.code)"
        ) { writer in
            if case .events(let events) = operation.response {
                writer.line(eventsCall(events, endpoint: "Endpoints.\(name)(\(call))"))
            } else {
                writer.line("try await client.send(Endpoints.\(name)(\(call)))")
            }
        }
        if case .data = operation.response {
            renderDownload(operation, arguments: arguments, into: &writer)
        }
        if let binary = operation.binaryVariant {
            let dataName = operation.swiftName + "Data"
            writer.line()
            documentation(
                operation, into: &writer, arguments: arguments, isFactory: false,
                returns: Self.returned(.data))
            writer.line(
                "/// - Note: The `\(binary.mediaType.replacingOccurrences(of: "`", with: "'"))` variant: the body's bytes."
            )
            if operation.isDeprecated { writer.line("@available(*, deprecated)") }
            writer.block(
                "\(access) func \(Naming.escaped(dataName))(\(signature)) async throws(Courier.ServiceError) -> Foundation.Data"
            ) { writer in
                writer.line("try await client.send(Endpoints.\(Naming.escaped(dataName))(\(call)))")
            }
            renderDownload(operation, arguments: arguments, into: &writer, factory: dataName)
        }
        if let pagination = operation.pagination {
            renderItems(operation, pagination, arguments: arguments, into: &writer)
        }
        if let events = operation.streamVariant {
            writer.line()
            documentation(
                operation, into: &writer, arguments: arguments, isFactory: false,
                returns: Self.returned(.events(events)))
            writer.line("/// - Note: The streamed variant: the values arrive as the server sends them.")
            if operation.isDeprecated { writer.line("@available(*, deprecated)") }
            let type =
                events.type.map { "Courier.EventStream<\($0.code)>" }
                ?? "Courier.EventStream<Courier.ServerSentEvent>"
            writer.block(
                "\(access) func \(Naming.escaped(operation.swiftName + "Stream"))(\(signature)) async throws(Courier.ServiceError) -> \(type)"
            ) { writer in
                writer.line(
                    eventsCall(
                        events, endpoint: "Endpoints.\(Naming.escaped(operation.swiftName + "Stream"))(\(call))"
                    ))
            }
        }
    }

    /// The item sequence of a paged list operation: every item of every page, each page fetched
    /// when the loop reaches it.
    private func renderItems(
        _ operation: OperationModel, _ pagination: PaginationModel, arguments: [Argument],
        into writer: inout SwiftWriter
    ) {
        let kept = arguments.filter { $0.name != pagination.parameter }
        let name = operation.swiftName + "Items"
        let page = Naming.escaped(operation.swiftName)
        // The first page leaves the walked parameter out (`label: nil`).
        let call = arguments.map { argument -> String in
            guard argument.name == pagination.parameter else { return argument.call }
            return (argument.call.range(of: ": ").map { String(argument.call[..<$0.upperBound]) } ?? "") + "nil"
        }
        writer.line()
        var text = [operation.summary].compactMap { $0 }.filter { !$0.isEmpty }
        text.insert(
            "Every item of ``\(apiName)/\(operation.swiftName)(\(arguments.map { $0.label + ":" }.joined()))``, page after page: the next page, found by \(pagination.summary), is fetched only when the loop reaches it.",
            at: 0)
        writer.doc(text.joined(separator: "\n\n"))
        writer.line("///")
        writer.line("/// - Parameters:")
        for (name, text) in Self.documented(kept) {
            writer.line("///   - \(name): \(text)".trimmingTrailingWhitespace())
        }
        writer.line("///   - maximumPages: The most pages fetched; the next one throws instead.")
        writer.line("/// - Returns: The items, fetched lazily; iterating throws ``Courier/ServiceError``.")
        writer.line("/// - Remark: HTTP \(operation.method) \(operation.path.replacingOccurrences(of: "`", with: "'"))")
        if operation.isDeprecated { writer.line("@available(*, deprecated)") }
        let signature = (kept.map(\.declaration) + ["maximumPages: Swift.Int = 1000"]).joined(separator: ", ")
        writer.block(
            "\(access) func \(Naming.escaped(name))(\(signature)) -> Courier.Pages<\(pagination.pageType.code), \(pagination.itemType.code)>.Items"
        ) { writer in
            // An optional response's endpoint decodes pages.
            let retyped = pagination.unwrapsResponse ? ".decoding(\(pagination.pageType.code).self)" : ""
            writer.line(
                "client.pages(Endpoints.\(page)(\(call.joined(separator: ", ")))\(retyped), \(pagination.expression), maximumPages: maximumPages).items"
            )
        }
    }

    /// The call that streams an operation's values.
    private func eventsCall(_ events: EventResponse, endpoint: String) -> String {
        guard events.type != nil else { return "try await client.serverSentEvents(\(endpoint))" }
        guard events.formats.count > 1 else {
            return "try await client.events(\(endpoint), format: \(events.formats[0]))"
        }
        return "try await client.events(\(endpoint), formats: [\(events.formats.joined(separator: ", "))])"
    }

    /// The method that saves a binary response to a file: the same arguments, then the destination.
    private func renderDownload(
        _ operation: OperationModel, arguments: [Argument], into writer: inout SwiftWriter, factory: String? = nil
    ) {
        writer.line()
        // Names of their own, should a parameter be called `destination` or `progress`: words,
        // which read in the documentation as `destination2` would not.
        var names = UniqueNames(reserved: Set(arguments.map(\.name)))
        func free(_ candidates: [String]) -> String { candidates.first { !names.isTaken($0) } ?? candidates[0] }
        let destination = names.claim(free(["destination", "file", "destinationFile"]))
        let progress = names.claim(free(["progress", "progressHandler"]))
        let progressLabel = arguments.contains { $0.label == "progress" } ? "transferProgress" : "progress"
        let downloadArguments =
            arguments + [
                Argument(
                    declaration: "to \(destination): Foundation.URL", call: "",
                    documentation: "The file to write; replaced if it exists.",
                    name: destination, label: "to"),
                Argument(
                    declaration: "\(progressLabel == progress ? progress : progressLabel + " " + progress): "
                        + "Courier.TransferProgressHandler? = nil",
                    call: "", documentation: "Receives the bytes written so far.", name: progress, label: progressLabel),
            ]
        documentation(
            operation, into: &writer, arguments: downloadArguments, isFactory: false,
            returns: "The response, whose value is the file's URL.")
        writer.line("/// - Note: Writes the body to `\(destination)` as it arrives, then moves it into place.")
        if operation.isDeprecated { writer.line("@available(*, deprecated)") }
        writer.line("@discardableResult")
        let signature = downloadArguments.map(\.declaration).joined(separator: ", ")
        let name = Naming.escaped(factory ?? operation.swiftName)
        writer.block(
            "\(access) func \(name)(\(signature)) async throws(Courier.ServiceError) -> Courier.Response<Foundation.URL>"
        ) { writer in
            let call = arguments.map(\.call).joined(separator: ", ")
            writer.line(
                "try await client.download(Endpoints.\(name)(\(call)), to: \(destination), progress: \(progress))")
        }
    }

    private func renderFactory(
        _ operation: OperationModel, into writer: inout SwiftWriter, streaming: EventResponse? = nil,
        bytes: Bool = false
    ) {
        let arguments = arguments(operation)
        let events: EventResponse? =
            if bytes { nil } else if case .events(let events) = operation.response { events } else { streaming }
        let factoryName = operation.swiftName + (streaming != nil ? "Stream" : bytes ? "Data" : "")
        documentation(operation, into: &writer, arguments: arguments, isFactory: true, name: factoryName)
        if operation.isDeprecated { writer.line("@available(*, deprecated)") }
        let response =
            bytes
            ? "Foundation.Data" : events.map { $0.type?.code ?? "Courier.EmptyResponse" } ?? operation.responseType.code
        writer.block(
            "\(access) static func \(Naming.escaped(factoryName))(\(arguments.map(\.declaration).joined(separator: ", "))) -> Courier.Endpoint<\(response)>"
        ) { writer in
            let method: String =
                switch operation.method {
                case "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "QUERY":
                    "." + operation.method.lowercased()
                default: "Courier.RequestMethod(rawValue: \(Naming.stringLiteral(operation.method)))"
                }
            let accept = operation.accept(bytes: bytes, events: events)
            let needsMutation =
                !operation.parameters.filter { $0.location != .path }.isEmpty || operation.body != nil
                || operation.errorType != nil || operation.successfulErrorType != nil || accept != nil
            writer.line(
                "\(needsMutation ? "var" : "let") endpoint = Courier.Endpoint<\(response)>(method: \(method), path: \(pathLiteral(operation)), operationID: \(Naming.stringLiteral(operation.operationID)))"
            )
            for parameter in operation.parameters {
                renderParameter(parameter, into: &writer)
            }
            if let body = operation.body {
                if events != nil, let flag = body.streamFlag {
                    // The server streams only when the body asks it to.
                    writer.line("var body = body")
                    writer.line("body\(body.isRequired ? "" : "?").\(Naming.escaped(flag)) = true")
                } else if events != nil, !body.streamFlagCases.isEmpty {
                    writer.line("var body = body")
                    for (unionCase, flag) in body.streamFlagCases {
                        let name = Naming.escaped(unionCase)
                        writer.block("if case .\(name)(var value)\(body.isRequired ? "" : "?") = body") { writer in
                            writer.line("value.\(Naming.escaped(flag)) = true")
                            writer.line("body = .\(name)(value)")
                        }
                    }
                }
                renderBody(body, of: operation, into: &writer)
            }
            if let accept {
                writer.line("endpoint.headers[\"Accept\"] = \(Naming.stringLiteral(accept))")
            }
            if let name = errorBodyName(operation.errorType) {
                writer.line("endpoint.errorBodyType = \(name).self")
            }
            if let name = errorBodyName(operation.successfulErrorType) {
                writer.line("endpoint.successfulErrorBodyType = \(name).self")
            }
            writer.line("return endpoint")
        }
    }

    /// The path as an interpolated `EndpointPath` literal; each parameter becomes one segment.
    private func pathLiteral(_ operation: OperationModel) -> String {
        var result = "\""
        for piece in operation.pathPieces {
            switch piece {
            case .text(let text):
                for character in text {
                    switch character {
                    case "\\": result += "\\\\"
                    case "\"": result += "\\\""
                    default: result.append(character)
                    }
                }
            case .parameter(let index):
                // OpenAPI's path styles (RFC 6570): `simple` (`3,4,5`), `label` (`.3,4,5`, or
                // `.3.4.5` exploded) and `matrix` (`;id=3,4,5`, or `;id=3;id=4;id=5` exploded).
                let parameter = operation.parameters[index]
                let value = parameter.valueExpression ?? Naming.escaped(parameter.swiftName)
                let named = ";" + Naming.percentEncoded(parameter.name) + "="
                let prefix =
                    switch parameter.style {
                    case .label: "."
                    case .matrix: named
                    default: ""
                    }
                if parameter.isJSONContent {
                    result +=
                        "\\(Courier.QueryItem.json(\(Naming.stringLiteral(parameter.name)), \(value)).first?.value ?? \"\")"
                    continue
                }
                let isPathValue = parameter.valueExpression != nil || parameter.type.isQueryValue(enums: enumNames)
                if !isPathValue {
                    // An object, a union or a list of them: expanded as RFC 6570 says, at run time.
                    let style =
                        switch parameter.style {
                        case .label: ".label"
                        case .matrix: ".matrix"
                        default: ".simple"
                        }
                    result +=
                        "\\(encoded: \(value), name: \(Naming.stringLiteral(parameter.name)), style: \(style), explode: \(parameter.explode))"
                    continue
                }
                switch parameter.type {
                case .array:
                    let separator =
                        switch (parameter.style, parameter.explode) {
                        case (.label, true): "."
                        case (.matrix, true): named
                        default: ","
                        }
                    result +=
                        "\\(list: \(value), prefix: \(Naming.stringLiteral(prefix)), separator: \(Naming.stringLiteral(separator)))"
                default: result += prefix + "\\(\(value))"
                }
            }
        }
        return result + "\""
    }

    private func renderParameter(_ parameter: ParameterModel, into writer: inout SwiftWriter) {
        let argument = Naming.escaped(parameter.swiftName)
        // With `x-courier-value`, the argument is a model and one of its properties is sent.
        let value =
            parameter.valueExpression.map {
                parameter.isRequired ? $0 : $0.replacingOccurrences(of: argument + ".", with: argument + "?.")
            } ?? argument
        let name = Naming.stringLiteral(parameter.name)
        let isQueryValue = parameter.valueExpression != nil || parameter.type.isQueryValue(enums: enumNames)
        if parameter.isJSONContent {
            // `content: application/json`: the value's JSON text, whatever the location.
            let json = "Courier.QueryItem.json(\(name), \(value))"
            switch parameter.location {
            case .path: return
            case .query: writer.line("endpoint.query += \(json)")
            case .header: writer.line("endpoint.headers[\(name)] = \(json).first?.value")
            case .cookie:
                writer.block("if let cookie = \(json).first?.value") { writer in
                    writer.line("let pair = \(Naming.stringLiteral(parameter.name + "=")) + cookie")
                    writer.line(
                        "endpoint.headers[\"Cookie\"] = endpoint.headers[\"Cookie\"].map { $0 + \"; \" + pair } ?? pair"
                    )
                }
            }
            return
        }
        switch parameter.location {
        case .path:
            return
        case .query:
            let items: String
            switch parameter.style {
            case .deepObject:
                items = "Courier.QueryItem.deepObject(\(name), \(value))"
            case .spaceDelimited where !parameter.explode, .pipeDelimited where !parameter.explode:
                // Exploded, both write a list as `form` does (OpenAPI's style table).
                let separator = parameter.style == .spaceDelimited ? " " : "|"
                if isQueryValue {
                    items = "Courier.QueryItem.items(\(name), \(value), separator: \"\(separator)\")"
                } else {
                    let encoding = parameter.style == .spaceDelimited ? ".spaceDelimited" : ".pipeDelimited"
                    let formItems = "Courier.QueryItem.formItems(\(name), $0, encoding: \(encoding))"
                    items =
                        parameter.isRequired
                        ? formItems.replacingOccurrences(of: "$0", with: value) : "\(value).map { \(formItems) } ?? []"
                }
            default:
                if isQueryValue {
                    items =
                        parameter.explode || !isArray(parameter.type)
                        ? "Courier.QueryItem.items(\(name), \(value))"
                        : "Courier.QueryItem.items(\(name), \(value), separator: \",\")"
                } else {
                    items = "Courier.QueryItem.formObject(\(name), \(value), explode: \(parameter.explode))"
                }
            }
            writer.line(
                "endpoint.query += "
                    + (parameter.allowsReserved ? "Courier.QueryItem.allowingReserved(\(items))" : items))
        case .header:
            let text =
                isQueryValue
                ? "Courier.QueryItem.simpleText(list: \(value))"
                : "Courier.QueryItem.simpleText(\(value), explode: \(parameter.explode))"
            writer.line("endpoint.headers[\(name)] = \(text)")
        case .cookie:
            let text =
                isQueryValue
                ? "Courier.QueryItem.simpleText(list: \(value))"
                : "Courier.QueryItem.simpleText(\(value), explode: false)"
            writer.block("if let cookie = \(text)") {
                writer in
                writer.line("let pair = \(Naming.stringLiteral(parameter.name + "=")) + cookie")
                writer.line(
                    "endpoint.headers[\"Cookie\"] = endpoint.headers[\"Cookie\"].map { $0 + \"; \" + pair } ?? pair")
            }
        }
    }

    private func isArray(_ type: SwiftType) -> Bool {
        if case .array = type { true } else { false }
    }

    /// The name of the argument that names a body's media type: `contentType`, unless a
    /// parameter has that name.
    private func contentTypeArgument(_ operation: OperationModel) -> String {
        operation.parameters.contains { $0.swiftName == "contentType" } ? "bodyContentType" : "contentType"
    }

    private func renderBody(_ body: BodyModel, of operation: OperationModel, into writer: inout SwiftWriter) {
        let contentType =
            body.takesContentType ? contentTypeArgument(operation) : Naming.stringLiteral(body.contentType)
        let expression: String
        switch body.kind {
        case .json: expression = ".json($0)"
        case .form where body.formEncodings.isEmpty:
            expression = ".form(Courier.QueryItem.formObject(\"body\", $0))"
        case .form:
            let encodings = body.formEncodings.map { "\(Naming.stringLiteral($0.property)): \($0.expression)" }
            expression =
                ".form(Courier.QueryItem.formObject(\"body\", $0, encodings: [\(encodings.joined(separator: ", "))]))"
        case .data: expression = "Courier.RequestBody.binary($0, contentType: \(contentType))"
        case .multipart:
            expression =
                body.type == .builtin("Courier.MultipartForm") ? ".multipart($0)" : ".multipart($0.multipartForm)"
        case .text: expression = ".data(Foundation.Data($0.utf8), contentType: \(contentType))"
        case .jsonLines: expression = ".jsonLines($0, contentType: \(contentType))"
        }
        if body.isRequired {
            writer.line("endpoint.body = \(expression.replacingOccurrences(of: "$0", with: "body"))")
        } else {
            writer.line("endpoint.body = body.map { \(expression) }")
        }
        if body.kind == .json && (body.takesContentType || body.contentType.lowercased() != "application/json") {
            writer.line("endpoint.headers[\"Content-Type\"] = \(contentType)")
        }
    }
}
