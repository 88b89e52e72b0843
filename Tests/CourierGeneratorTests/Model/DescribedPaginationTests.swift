import CourierTestSupport
import Foundation
import Testing

@testable import CourierGenerator

/// `x-speakeasy-pagination`, how descriptions written for Speakeasy declare paging, and
/// `x-ms-pageable`, AutoRest's, read as Courier's pagination declarations; what Courier cannot
/// page by is reported and left to detection, and the configuration file still overrides the
/// description.
@Suite(.onComputeThreads) struct DescribedPaginationTests {
    static func node(_ yaml: String) throws -> Node {
        try DocumentReader.read(Array(yaml.utf8), file: "test.yaml", format: .yaml)
    }

    @Test(arguments: [
        (
            "{type: cursor, inputs: [{name: token, in: parameters, type: cursor}], outputs: {nextCursor: $.paging.next, results: $.rows}}",
            PaginationDeclaration(style: .cursor, parameter: "token", items: "rows", next: "paging.next")
        ),
        (
            "{type: cursor, inputs: [{name: since, in: parameters, type: cursor}], outputs: {nextCursor: '$.data[-1].id'}}",
            PaginationDeclaration(style: .cursor, parameter: "since", items: "data", lastItem: "id")
        ),
        (
            "{type: url, outputs: {nextUrl: $.links.next, results: $.data}}",
            PaginationDeclaration(style: .nextURL, items: "data", next: "links.next")
        ),
        (
            "{type: offsetLimit, inputs: [{name: p, in: parameters, type: page}, {name: n, in: parameters, type: limit}], outputs: {results: $}}",
            PaginationDeclaration(style: .pageNumber, parameter: "p")
        ),
        (
            "{type: offsetLimit, inputs: [{name: skip, in: parameters, type: offset}], outputs: {results: $.items}}",
            PaginationDeclaration(style: .offset, parameter: "skip", items: "items")
        ),
    ])
    func declarationsMapOntoCouriersStyles(yaml: String, expected: PaginationDeclaration) throws {
        #expect(try DescribedPagination.declaration(Self.node(yaml)) == .success(expected))
    }

    @Test(arguments: [
        ("{type: offsetLimit, inputs: [{name: offset, in: requestBody, type: offset}]}", "not a parameter"),
        (
            "{type: cursor, inputs: [{name: c, in: parameters, type: cursor}], outputs: {nextCursor: '$..next'}}",
            "field path"
        ),
        ("{type: cursor, outputs: {nextCursor: $.next}}", "no `cursor` input"),
        ("{type: graphql}", "none of"),
        ("{inputs: []}", "no `type`"),
    ])
    func whatCourierCannotPageByIsSaid(yaml: String, reason: String) throws {
        guard case .failure(let unsupported) = DescribedPagination.declaration(try Self.node(yaml)) else {
            Issue.record("Read as a declaration: \(yaml)")
            return
        }
        #expect(unsupported.reason.contains(reason), "\(unsupported.reason)")
    }

    @Test(arguments: [
        ("{nextLinkName: nextLink}", PaginationDeclaration(style: .nextURL, items: "value", next: "nextLink")),
        (
            "{nextLinkName: '@odata.nextLink', itemName: rows, operationName: listNext}",
            PaginationDeclaration(style: .nextURL, items: "rows", next: "@odata.nextLink")
        ),
    ])
    func autoRestsPageableIsTheNextLink(yaml: String, expected: PaginationDeclaration) throws {
        #expect(try DescribedPagination.declaration(Self.node(yaml), extension: "x-ms-pageable") == .success(expected))
    }

    /// `nextLinkName: null` says the list comes whole; without `nextLinkName` it says nothing.
    @Test func autoRestsPageableWithoutANextLinkIsOnePage() throws {
        let whole = DescribedPagination.declaration(try Self.node("{nextLinkName: null}"), extension: "x-ms-pageable")
        #expect(whole == .success(nil))
        let silent = DescribedPagination.declaration(try Self.node("{itemName: value}"), extension: "x-ms-pageable")
        #expect(silent == .failure(DescribedPagination.Unsupported("it has no `nextLinkName`")))
    }

    /// The generated text and warnings for a description with one list operation, `GET path`.
    /// - Parameters:
    ///   - operation: The operation's lines other than its responses (its id, parameters and
    ///     paging extension), as YAML at the operation's indentation.
    ///   - page: The page's properties, as a YAML flow mapping.
    func generate(
        path: String, operation: String, page: String, pagination: [String: PaginationSetting] = [:]
    ) throws -> (text: String, warnings: [String]) {
        let yaml = """
            openapi: 3.1.0
            info: {title: Test, version: "1"}
            paths:
              \(path):
                get:
            \(operation.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {type: object, properties: \(page)}
            """
        let output = try Generator(moduleName: "TestAPI", pagination: pagination).generate(
            text: yaml, displayPath: "Specs/test.yaml")
        return (output.files.map(\.contents).joined(separator: "\n"), output.warnings.map(\.message))
    }

    /// The generated text for `GET /things`, its paging declared by `extensionYAML`.
    func generate(_ extensionYAML: String, pagination: [String: PaginationSetting] = [:]) throws -> (
        text: String, warnings: [String]
    ) {
        try generate(
            path: "/things",
            operation: """
                operationId: listThings
                parameters: [{name: token, in: query, schema: {type: string}}, {name: page, in: query, schema: {type: integer}}]
                x-speakeasy-pagination: \(extensionYAML)
                """,
            page: """
                {things: {type: array, items: {type: object, properties: {id: {type: string}}}}, \
                paging: {type: object, properties: {continuation: {type: string}}}}
                """,
            pagination: pagination)
    }

    @Test func aDeclarationReplacesDetection() throws {
        let (text, warnings) = try generate(
            "{type: cursor, inputs: [{name: token, in: parameters, type: cursor}], outputs: {nextCursor: $.paging.continuation, results: $.things}}"
        )
        #expect(text.contains(#".cursor("token", items: { $0.things ?? [] }, cursor: { $0.paging?.continuation })"#))
        #expect(warnings.isEmpty)
    }

    /// One that does not fit the operation (no such field) is reported; detection decides.
    @Test func aDeclarationThatDoesNotFitIsReported() throws {
        let (text, warnings) = try generate(
            "{type: cursor, inputs: [{name: token, in: parameters, type: cursor}], outputs: {nextCursor: $.missing}}"
        )
        #expect(warnings.count == 1 && warnings[0].contains("does not fit the operation"), "\(warnings)")
        #expect(!text.contains(#".cursor("token""#))
    }

    /// The generated text for `GET /vaults`, an Azure-style list paged as `x-ms-pageable` says.
    func generateAzure(_ pageable: String) throws -> (text: String, warnings: [String]) {
        try generate(
            path: "/vaults",
            operation: """
                operationId: Vaults_List
                parameters: [{name: $top, in: query, schema: {type: integer}}]
                x-ms-pageable: \(pageable)
                """,
            page: """
                {value: {type: array, items: {type: object, properties: {id: {type: string}}}}, \
                nextLink: {type: string, readOnly: true}, \
                rows: {type: array, items: {type: object, properties: {id: {type: string}}}}, \
                odata.nextLink: {type: string, readOnly: true}, nextPageLink: {type: string, readOnly: true}}
                """)
    }

    /// AutoRest's declaration pages the list by the fields it names (a dot in a name is part of
    /// it, as Azure Batch's `odata.nextLink`), where detection alone takes `value` and
    /// `nextLink`; `nextLinkName: null` says the list is one page, so it has no item sequence.
    @Test(arguments: [
        ("{}", #".nextURL(items: { $0.value ?? [] }, next: { $0.nextLink })"#),
        (
            "{nextLinkName: nextPageLink, itemName: rows}",
            #".nextURL(items: { $0.rows ?? [] }, next: { $0.nextPageLink })"#
        ),
        (
            "{nextLinkName: odata.nextLink, itemName: rows}",
            #".nextURL(items: { $0.rows ?? [] }, next: { $0.odataNextLink })"#
        ),
        ("{nextLinkName: null}", nil),
    ])
    func autoRestsDeclarationPagesTheList(pageable: String, walk: String?) throws {
        let (text, warnings) = try generateAzure(pageable)
        #expect(
            warnings
                == (pageable == "{}"
                    ? [
                        "x-ms-pageable of `Vaults_List` is not a way Courier pages (it has no `nextLinkName`); its paging is detected."
                    ] : []))
        if let walk {
            #expect(text.contains(walk), "\(text)")
        } else {
            #expect(!text.contains("vaultsListItems"), "\(text)")
        }
    }

    /// The configuration file's setting wins over the description's.
    @Test func theConfigurationOverridesIt() throws {
        let off = PaginationSetting(
            declaration: nil, location: SourceLocation(file: "courier.yaml", line: 1, column: 1), pointer: "#")
        let (text, warnings) = try generate(
            "{type: cursor, inputs: [{name: token, in: parameters, type: cursor}], outputs: {nextCursor: $.paging.continuation, results: $.things}}",
            pagination: ["listThings": off])
        #expect(!text.contains("listThingsItems") && warnings.isEmpty)
    }
}
