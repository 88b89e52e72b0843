import CourierTestSupport
import Testing

@testable import CourierGenerator

/// FastAPI writes an operation's id as its handler's name, its path and its method
/// (`get_parcel_parcels__parcel_id__get`): such operations are named after the handler, unless
/// two would then share a name, and FastAPI's gathered bodies (`Body_<id>`) after it too.
@Suite(.onComputeThreads) struct OperationNamesTests {
    @Test(arguments: [
        ("get_parcel_parcels__parcel_id__get", "GET", "/parcels/{parcel_id}", "get_parcel"),
        ("read_items_items__get", "GET", "/items/", "read_items"),
        ("root__get", "GET", "/", "root"),
        ("update_item_v1_items__item_id__put", "PUT", "/v1/items/{item_id}", "update_item"),
        ("list_users_api_user_list_get", "get", "/api/user-list", "list_users"),
        ("search_v2_search_json_post", "POST", "/v2/search.json", "search"),
        ("menu_café_get", "GET", "/café", "menu"),
    ])
    func anIDThatEndsWithItsPathAndMethodNamesTheHandler(id: String, method: String, path: String, name: String) {
        let operation = OperationNames.Operation(id: id, method: method, path: path)
        #expect(OperationNames.nameBeforePathAndMethod(operation) == name)
        #expect(OperationNames([operation]).name(of: operation) == name)
    }

    @Test(arguments: [
        // Stripe's ids, and ids that are only a name.
        ("GetCustomersCustomer", "GET", "/v1/customers/{customer}"),
        ("get_parcel", "GET", "/parcels/{parcel_id}"),
        // Another method, another path.
        ("get_parcel_parcels__parcel_id__get", "POST", "/parcels/{parcel_id}"),
        ("get_parcel_parcels__parcel_id__get", "GET", "/parcel/{parcel_id}"),
        // Nothing, or nothing that names a handler, before the path and method.
        ("_parcels_get", "GET", "/parcels"),
        ("1_parcels_get", "GET", "/parcels"),
        ("a-b_parcels_get", "GET", "/parcels"),
    ])
    func otherIDsAreNamesAsTheyAre(id: String, method: String, path: String) {
        let operation = OperationNames.Operation(id: id, method: method, path: path)
        #expect(OperationNames.nameBeforePathAndMethod(operation) == nil)
        #expect(OperationNames([operation]).name(of: operation) == id)
    }

    @Test func handlersThatWouldShareANameKeepTheirWholeIDs() {
        let first = OperationNames.Operation(id: "get_items_v1_items_get", method: "GET", path: "/v1/items")
        let second = OperationNames.Operation(id: "get_items_v2_items_get", method: "GET", path: "/v2/items")
        // A handler named like another operation's whole id.
        let third = OperationNames.Operation(id: "stats_stats_get", method: "GET", path: "/stats")
        let fourth = OperationNames.Operation(id: "stats", method: "GET", path: "/statistics")
        let other = OperationNames.Operation(id: "health_health_get", method: "GET", path: "/health")
        let names = OperationNames([first, second, third, fourth, other])
        #expect(names.name(of: first) == first.id && names.name(of: second) == second.id)
        #expect(names.name(of: third) == third.id && names.name(of: fourth) == "stats")
        #expect(names.name(of: other) == "health")
    }

    /// One handler served at its path and, deprecated, at an old one (ZenML's
    /// `/api/v1/workspaces/{project}/runs` beside `/api/v1/runs`): the current operation takes
    /// the handler's name. Where two are current, or none is, all keep their whole ids.
    @Test func theCurrentOperationTakesANameItSharesWithDeprecatedOnes() {
        let current = OperationNames.Operation(id: "list_runs_api_v1_runs_get", method: "GET", path: "/api/v1/runs")
        let old = OperationNames.Operation(
            id: "list_runs_api_v1_workspaces__project__runs_get", method: "GET",
            path: "/api/v1/workspaces/{project}/runs")
        let names = OperationNames([current, old], deprecated: [old])
        #expect(names.name(of: current) == "list_runs" && names.name(of: old) == old.id)
        let bothCurrent = OperationNames([current, old])
        #expect(bothCurrent.name(of: current) == current.id && bothCurrent.name(of: old) == old.id)
        let bothDeprecated = OperationNames([current, old], deprecated: [current, old])
        #expect(bothDeprecated.name(of: current) == current.id && bothDeprecated.name(of: old) == old.id)
        // An operation whose whole id is the name keeps it, deprecated or not.
        let plain = OperationNames.Operation(id: "list_runs", method: "GET", path: "/runs")
        let withPlain = OperationNames([current, plain], deprecated: [plain])
        #expect(withPlain.name(of: current) == current.id && withPlain.name(of: plain) == "list_runs")
    }

    @Test func aGatheredBodyIsNamedAfterTheHandler() {
        let quote = OperationNames.Operation(id: "quote_quotes_post", method: "POST", path: "/quotes")
        let upload = OperationNames.Operation(id: "uploadFile", method: "POST", path: "/files")
        let names = OperationNames([quote, upload])
        #expect(
            names.bodyTypeNames(componentKeys: ["Body_quote_quotes_post", "Body_uploadFile", "Quote", "Body_other"])
                == ["Body_quote_quotes_post": "QuoteBody"])
    }

    /// The whole way, from FastAPI's description to the methods and types generated.
    @Test func fastAPIsOperationsAreNamedAfterTheirHandlers() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: Parcels, version: "1"}
            paths:
              /parcels/{parcel_id}:
                get:
                  operationId: get_parcel_parcels__parcel_id__get
                  parameters: [{name: parcel_id, in: path, required: true, schema: {type: string}}]
                  responses:
                    '200': {description: OK, content: {application/json: {schema: {type: object}}}}
                    '404':
                      description: Not found
                      content: {application/json: {schema: {type: object, properties: {detail: {type: string}}}}}
              /quotes:
                post:
                  operationId: quote_quotes_post
                  requestBody:
                    required: true
                    content: {application/json: {schema: {$ref: '#/components/schemas/Body_quote_quotes_post'}}}
                  responses: {'200': {description: OK}}
            components:
              schemas:
                Body_quote_quotes_post:
                  type: object
                  properties: {weight: {type: integer}}
                  required: [weight]
            """
        let output = try Generator(moduleName: "ParcelsAPI").generate(text: yaml, displayPath: "Specs/parcels.yaml")
        let text = output.files.map(\.contents).joined(separator: "\n")
        #expect(text.contains("public func getParcel(parcelID: Swift.String)"), "\(text)")
        #expect(text.contains("public struct GetParcelError404"), "\(text)")
        #expect(text.contains("public func quote(body: QuoteBody)"), "\(text)")
        #expect(text.contains("public struct QuoteBody") && !text.contains("BodyQuoteQuotesPost"))
        #expect(!text.contains("ParcelsParcelIDGet"))
    }

    /// An operation without an id is named after its method and path, without the segments
    /// every path starts with: they tell no operation from another.
    @Test(arguments: [
        (["/api/v1/chart/", "/api/v1/chart/{pk}", "/api/v1/dashboard/"], "/api/v1"),
        (["/api/v1/chart/", "/api/{version}/_openapi"], "/api"),
        (["/v1/a", "/v2/a"], ""),
        (["/api/v1/chart"], ""),
        (["/api/v1", "/api/v1/chart"], "/api"),
        (["/api/v1/", "/api/v1/chart"], "/api"),
        (["/{tenant}/a", "/{tenant}/b"], ""),
        (["/", "/a"], ""),
    ])
    func pathsShareAPrefixOfWholeLiteralSegments(paths: [String], prefix: String) {
        #expect(APIConverter.sharedPathPrefix(paths) == prefix)
    }

    @Test func operationsWithoutIDsAreNamedWithoutTheSharedPrefix() throws {
        let yaml = """
            openapi: 3.0.3
            info: {title: Charts, version: "1"}
            paths:
              /api/v1/chart/:
                get: {responses: {'200': {description: OK}}}
              /api/v1/chart/{pk}:
                get:
                  parameters: [{name: pk, in: path, required: true, schema: {type: integer}}]
                  responses: {'200': {description: OK}}
              /api/v1/security/login:
                post: {responses: {'200': {description: OK}}}
            """
        let output = try Generator(moduleName: "ChartsAPI").generate(text: yaml, displayPath: "Specs/charts.yaml")
        let text = output.files.map(\.contents).joined(separator: "\n")
        #expect(text.contains("public func getChart()"), "\(text)")
        #expect(text.contains("public func getChartByPk(pk: Swift.Int)"), "\(text)")
        #expect(text.contains("public func postSecurityLogin()"), "\(text)")
        #expect(!text.contains("APIV1"))
    }
}
