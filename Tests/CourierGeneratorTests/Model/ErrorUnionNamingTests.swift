import CourierTestSupport
import Testing

@testable import CourierGenerator

/// What an operation's error body type is called when its error responses differ by status, and
/// how its documentation names it.
@Suite(.onComputeThreads) struct ErrorUnionNamingTests {
    /// The generated files of a description whose operations answer with the given error
    /// responses (`status: schema`, each written as YAML).
    func generate(_ operations: [(id: String, errors: String)]) throws -> [String: String] {
        let paths = operations.map { operation in
            """
              /\(operation.id):
                get:
                  operationId: \(operation.id)
                  responses:
                    '200': {description: ok}
            \(operation.errors.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n"))
            """
        }
        let yaml = """
            openapi: 3.1.0
            info: {title: Test, version: "1"}
            paths:
            \(paths.joined(separator: "\n"))
            components:
              schemas:
                Basic: {type: object, properties: {message: {type: string}}}
                Invalid: {type: object, properties: {errors: {type: array, items: {type: string}}}}
                InvalidSimple: {type: object, properties: {message: {type: string}, code: {type: integer}}}
            """
        let output = try Generator(moduleName: "TestAPI").generate(text: yaml, displayPath: "Specs/test.yaml")
        return Dictionary(uniqueKeysWithValues: output.files.map { ($0.path, $0.contents) })
    }

    func errors(_ pairs: [(String, String)]) -> String {
        pairs.map { status, schema in
            let content = "{application/json: {schema: {$ref: '#/components/schemas/\(schema)'}}}"
            return "'\(status)': {description: e, content: \(content)}"
        }
        .joined(separator: "\n")
    }

    /// The error body type each operation's endpoint decodes its errors as.
    func errorTypes(_ files: [String: String]) -> [String: String] {
        let text = files.filter { $0.key.hasPrefix("Operations/") }.values.joined(separator: "\n")
        var found: [String: String] = [:]
        for match in text.matches(of: /operationID: "(\w+)"\)\n(?:.*\n)*?\s+endpoint\.errorBodyType = (\w+)\.self/) {
            found[String(match.1)] = String(match.2)
        }
        return found
    }

    @Test func aUnionOneOperationDeclaresIsNamedAfterIt() throws {
        let files = try generate([(id: "getThing", errors: errors([("404", "Basic"), ("422", "Invalid")]))])
        #expect(errorTypes(files) == ["getThing": "GetThingErrorBody"])
        #expect(files["Models/GetThingErrorBody.swift"] != nil)
    }

    @Test func aSharedUnionIsNamedAfterItsStatusesInOrder() throws {
        // The second operation lists the same statuses in another order: the union is one.
        let files = try generate([
            (id: "getThing", errors: errors([("422", "Invalid"), ("404", "Basic")])),
            (id: "listOthers", errors: errors([("404", "Basic"), ("422", "Invalid")])),
            (id: "deleteThing", errors: errors([("default", "Basic"), ("4XX", "Invalid"), ("409", "Basic")])),
            (id: "putThing", errors: errors([("409", "Basic"), ("4XX", "Invalid"), ("default", "Basic")])),
        ])
        #expect(
            errorTypes(files) == [
                "getThing": "Status404Or422ErrorBody", "listOthers": "Status404Or422ErrorBody",
                "deleteThing": "Status409Or4XXOrOtherErrorBody", "putThing": "Status409Or4XXOrOtherErrorBody",
            ])
        #expect(files["Models/GetThingErrorBody.swift"] == nil)
        let union = try #require(files["Models/Status404Or422ErrorBody.swift"])
        #expect(union.contains("public enum Status404Or422ErrorBody: Courier.ServerErrorBody"))
        #expect(union.contains("case status404(Basic)\n") && union.contains("case status422(Invalid)\n"))
        // An exact status is decoded before the range that holds it.
        let ranged = try #require(files["Models/Status409Or4XXOrOtherErrorBody.swift"])
        let exact = try #require(ranged.range(of: "case 409:"))
        let range = try #require(ranged.range(of: "case 400..<500:"))
        #expect(exact.lowerBound < range.lowerBound)
    }

    @Test func sharedUnionsWithTheSameStatusesAreToldApartByTheirTypes() throws {
        let files = try generate([
            (id: "a", errors: errors([("404", "Basic"), ("422", "Invalid")])),
            (id: "b", errors: errors([("404", "Basic"), ("422", "Invalid")])),
            (id: "c", errors: errors([("404", "Basic"), ("422", "InvalidSimple")])),
            (id: "d", errors: errors([("404", "Basic"), ("422", "InvalidSimple")])),
        ])
        #expect(
            errorTypes(files) == [
                "a": "Status404Or422ErrorBodyWithInvalid", "b": "Status404Or422ErrorBodyWithInvalid",
                "c": "Status404Or422ErrorBodyWithInvalidSimple", "d": "Status404Or422ErrorBodyWithInvalidSimple",
            ])
    }

    @Test(arguments: [
        // One error body: named, with how to read it.
        (
            "'404': {description: e, content: {application/json: {schema: {$ref: '#/components/schemas/Basic'}}}}",
            "/// - Throws: ``Courier/ServiceError``; a server error carries the decoded ``Basic`` (`failure.body(as: Basic.self)`)."
        ),
        // A union of error bodies: the union is named.
        (
            "'404': {description: e, content: {application/json: {schema: {$ref: '#/components/schemas/Basic'}}}}\n'422': {description: e, content: {application/json: {schema: {$ref: '#/components/schemas/Invalid'}}}}",
            "/// - Throws: ``Courier/ServiceError``; a server error carries the decoded ``GetThingErrorBody`` (`failure.body(as: GetThingErrorBody.self)`)."
        ),
        // No error response described: the client's error body type decodes it.
        ("", "/// - Throws: ``Courier/ServiceError``; server errors carry the decoded error body."),
    ])
    func theMethodDocumentationNamesTheErrorBodyType(errors: Snippet, line: String) throws {
        let errors = errors.text
        let files = try generate([(id: "getThing", errors: errors)])
        let operations = try #require(files["Operations/Test+Default.swift"])
        #expect(operations.contains(line + "\n"), "\(operations)")
    }
}
