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
                        documentation: documentation, name: parameter.swiftName))
            } else {
                optional.append(
                    Argument(
                        declaration: "\(label)\(name): \(parameter.type.code)? = nil", call: callLabel + name,
                        documentation: documentation, name: parameter.swiftName))
            }
        }
        if let body = operation.body {
            let argument = Argument(
                declaration: body.isRequired ? "body: \(body.type.code)" : "body: \(body.type.code)? = nil",
                call: "body: body",
                documentation: body.documentation ?? "The request body.", name: "body")
            if body.isRequired { required.append(argument) } else { optional.append(argument) }
        }
        return required + optional
    }

    private func documentation(
        _ operation: OperationModel, into writer: inout SwiftWriter, arguments: [Argument], isFactory: Bool
    ) {
        var text = [operation.summary, operation.description].compactMap { $0 }.filter { !$0.isEmpty }
        if text.count == 2, text[0] == text[1] { text.removeLast() }
        if text.isEmpty { text = ["\(operation.method) \(operation.path)"] }
        if isFactory {
            text.insert(
                "The endpoint of ``\(apiName)/\(operation.swiftName)(\(arguments.map { argumentLabel($0) + ":" }.joined()))``.",
                at: 0)
        }
        writer.doc(text.joined(separator: "\n\n"))
        writer.line("///")
        // Only documented arguments are listed: a line that says nothing ("The `page` value.") is
        // left out rather than written.
        let documented = arguments.compactMap { argument -> (String, String)? in
            let first = (argument.documentation ?? "").split(separator: "\n").first.map(String.init) ?? ""
            return first.isEmpty ? nil : (argument.name, first)
        }
        if !documented.isEmpty {
            writer.line("/// - Parameters:")
            for (name, text) in documented {
                writer.line("///   - \(name): \(text)".trimmingTrailingWhitespace())
            }
        }
        if isFactory {
            writer.line("/// - Returns: The endpoint, ready for ``Courier/APIClient/send(_:)``.")
        } else {
            writer.line("/// - Returns: The decoded response.")
            writer.line("/// - Throws: ``Courier/ServiceError``; server errors carry the decoded error body.")
        }
        writer.line("/// - Remark: HTTP \(operation.method) \(operation.path.replacingOccurrences(of: "`", with: "'"))")
    }

    private func argumentLabel(_ argument: Argument) -> String {
        let declaration = argument.declaration
        let head = declaration.prefix { $0 != ":" }
        let parts = head.split(separator: " ")
        return String(parts.first ?? "_").replacingOccurrences(of: "`", with: "")
    }

    func render(_ operations: [OperationModel], into writer: inout SwiftWriter) {
        writer.block("extension \(apiName)") { writer in
            for (index, operation) in operations.enumerated() {
                if index > 0 { writer.line() }
                let arguments = arguments(operation)
                documentation(operation, into: &writer, arguments: arguments, isFactory: false)
                if operation.isDeprecated { writer.line("@available(*, deprecated)") }
                if case .empty = operation.response { writer.line("@discardableResult") }
                let signature = arguments.map(\.declaration).joined(separator: ", ")
                writer.block(
                    "\(access) func \(Naming.escaped(operation.swiftName))(\(signature)) async throws(Courier.ServiceError) -> \(operation.responseType.code)"
                ) { writer in
                    let call = arguments.map(\.call).joined(separator: ", ")
                    writer.line("try await client.send(Endpoints.\(Naming.escaped(operation.swiftName))(\(call)))")
                }
            }
        }
        writer.line()
        writer.block("extension \(apiName).Endpoints") { writer in
            for (index, operation) in operations.enumerated() {
                if index > 0 { writer.line() }
                renderFactory(operation, into: &writer)
            }
        }
    }

    private func renderFactory(_ operation: OperationModel, into writer: inout SwiftWriter) {
        let arguments = arguments(operation)
        documentation(operation, into: &writer, arguments: arguments, isFactory: true)
        if operation.isDeprecated { writer.line("@available(*, deprecated)") }
        let response = operation.responseType.code
        writer.block(
            "\(access) static func \(Naming.escaped(operation.swiftName))(\(arguments.map(\.declaration).joined(separator: ", "))) -> Courier.Endpoint<\(response)>"
        ) { writer in
            let method: String =
                switch operation.method {
                case "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS": "." + operation.method.lowercased()
                default: "Courier.HTTPMethod(rawValue: \(Naming.stringLiteral(operation.method)))"
                }
            let needsMutation =
                !operation.parameters.filter { $0.location != .path }.isEmpty || operation.body != nil
                || operation.errorType != nil || operation.successfulErrorType != nil
            writer.line(
                "\(needsMutation ? "var" : "let") endpoint = Courier.Endpoint<\(response)>(method: \(method), path: \(pathLiteral(operation)), operationID: \(Naming.stringLiteral(operation.operationID)))"
            )
            for parameter in operation.parameters {
                renderParameter(parameter, into: &writer)
            }
            if let body = operation.body { renderBody(body, into: &writer) }
            if case .named(let name)? = operation.errorType, models.canConformToErrorBody(name) {
                writer.line("endpoint.errorBodyType = \(name).self")
            }
            if case .named(let name)? = operation.successfulErrorType, models.canConformToErrorBody(name) {
                writer.line("endpoint.successfulErrorBodyType = \(name).self")
            }
            writer.line("return endpoint")
        }
    }

    /// The path as an interpolated `EndpointPath` literal; each parameter becomes one segment.
    private func pathLiteral(_ operation: OperationModel) -> String {
        var result = "\""
        var placeholder: String?
        for character in operation.path {
            if character == "{" {
                placeholder = ""
            } else if character == "}", let name = placeholder {
                placeholder = nil
                guard let parameter = operation.parameters.first(where: { $0.location == .path && $0.name == name })
                else { continue }
                let value = parameter.valueExpression ?? Naming.escaped(parameter.swiftName)
                switch parameter.type {
                case .array: result += "\\(\(value).map { \"\\($0)\" }.joined(separator: \",\"))"
                default: result += "\\(\(value))"
                }
            } else if placeholder != nil {
                placeholder!.append(character)
            } else {
                switch character {
                case "\\": result += "\\\\"
                case "\"": result += "\\\""
                default: result.append(character)
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
        let optionalChain = parameter.isRequired ? "" : "?"
        switch parameter.location {
        case .path:
            return
        case .query:
            switch parameter.style {
            case .deepObject:
                writer.line("endpoint.query += Courier.QueryItem.deepObject(\(name), \(value))")
            case .spaceDelimited where isQueryValue, .pipeDelimited where isQueryValue:
                let separator = parameter.style == .spaceDelimited ? " " : "|"
                writer.line(
                    "endpoint.query += Courier.QueryItem.items(\(name), \(value)\(optionalChain).queryValues.joined(separator: \"\(separator)\"))"
                )
            default:
                if isQueryValue {
                    if parameter.explode || !isArray(parameter.type) {
                        writer.line("endpoint.query += Courier.QueryItem.items(\(name), \(value))")
                    } else {
                        writer.line(
                            "endpoint.query += Courier.QueryItem.items(\(name), \(value)\(optionalChain).queryValues.joined(separator: \",\"))"
                        )
                    }
                } else {
                    writer.line(
                        "endpoint.query += Courier.QueryItem.formObject(\(name), \(value), explode: \(parameter.explode))"
                    )
                }
            }
        case .header:
            let text =
                isQueryValue
                ? "\(value)\(optionalChain).queryValues.joined(separator: \",\")"
                : "Courier.QueryItem.jsonText(\(name), \(value)).first?.value"
            writer.line("endpoint.headers[\(name)] = \(text)")
        case .cookie:
            let text =
                isQueryValue
                ? "\(value)\(optionalChain).queryValues.joined(separator: \",\")"
                : "Courier.QueryItem.jsonText(\(name), \(value)).first?.value"
            writer.block("if let cookie = \(parameter.isRequired && isQueryValue ? "Swift.Optional(\(text))" : text)") {
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

    private func renderBody(_ body: BodyModel, into writer: inout SwiftWriter) {
        let contentType = Naming.stringLiteral(body.contentType)
        let expression: String
        switch body.kind {
        case .json: expression = ".json($0)"
        case .form: expression = ".form(Courier.QueryItem.formObject(\"body\", $0))"
        case .data: expression = ".data($0, contentType: \(contentType))"
        case .text: expression = ".data(Foundation.Data($0.utf8), contentType: \(contentType))"
        }
        if body.isRequired {
            writer.line("endpoint.body = \(expression.replacingOccurrences(of: "$0", with: "body"))")
        } else {
            writer.line("endpoint.body = body.map { \(expression) }")
        }
        if body.kind == .json && body.contentType.lowercased() != "application/json" {
            writer.line("endpoint.headers[\"Content-Type\"] = \(contentType)")
        }
    }
}
