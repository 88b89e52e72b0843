/// Decides how each field of a `multipart/form-data` body is sent, once every type is known:
/// a union of scalars or an enum (through aliases) as a text part, an array of values that are
/// not text as one JSON part per element, as OpenAPI's default encoding says (objects as JSON,
/// everything else as text). A model-stage pass: a field's type may be converted after its form.
enum MultipartParts {
    /// A multipart field that is a text union or enum (through aliases) is a text part, and an
    /// array of values that are not text is one JSON part per element.
    static func resolve(_ declarations: inout [PlacedDeclaration]) {
        let index = DeclarationIndex(declarations)
        func isText(_ type: SwiftType) -> Bool {
            switch index.resolved(type) {
            case .named:
                switch index.declaration(of: type) {
                case .union(let model)?: return model.isText
                case .enumeration?: return true
                default: return false
                }
            case .builtin(let name): return name != "Courier.JSONValue" && name != "Foundation.Data"
            default: return false
            }
        }
        for index in declarations.indices {
            guard case .multipartForm(var model) = declarations[index].declaration else { continue }
            for fieldIndex in model.fields.indices where model.fields[fieldIndex].kind == .json {
                let type = model.fields[fieldIndex].type
                if type == .data {
                    model.fields[fieldIndex].kind = .base64
                } else if type == .array(.data) {
                    model.fields[fieldIndex].kind = .base64Each
                } else if isText(type) {
                    model.fields[fieldIndex].kind = .text
                } else if case .array(let element) = type {
                    model.fields[fieldIndex].kind = isText(element) ? .text : .jsonEach
                }
            }
            declarations[index].declaration = .multipartForm(model)
        }
    }
}
