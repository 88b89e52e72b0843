import Courier
import Foundation
import SupersetAPI

let transport = try scenarioTransport()
let base = URL(string: "http://127.0.0.1:8088")!
/// Superset writes its date-times in UTC without an offset, which an app reads by saying so.
func configure(_ configuration: inout APIClient.Configuration) {
    configuration.transport = transport
    configuration.decoder.dateDecodingStrategy = .rfc3339(assumingTimeZone: TimeZone(identifier: "UTC")!)
}
let anonymous = Superset(baseURL: base) { configure(&$0) }
await runScenario {
    // A JSON login; the token goes in one place, a middleware.
    let login = try await anonymous.postSecurityLogin(
        body: PostSecurityLoginRequest(password: "admin", provider: .db, refresh: true, username: "admin"))
    guard let token = login.accessToken, !token.isEmpty else { return check(false, "an access token for admin") }
    check(login.refreshToken?.isEmpty == false, "an access token and a refresh token from a JSON login")
    await checkFailure(401, "a wrong password") {
        try await anonymous.postSecurityLogin(
            body: PostSecurityLoginRequest(password: "wrong", provider: .db, username: "admin"))
    }
    let api = Superset(baseURL: base) {
        configure(&$0)
        $0.middlewares = [RequestParametersMiddleware { $0.headers["Authorization"] = "Bearer \(token)" }]
    }

    // Charts by name, two at a time: the query travels as JSON in `q`, and each page's owners and
    // dashboards are lists (the overlay's mending).
    let all = try await api.getChart(q: GetListSchema(orderColumn: "slice_name", orderDirection: .asc, pageSize: 100))
    let names = all.result?.compactMap(\.sliceName) ?? []
    check(names == names.sorted() && names.count >= 3 && all.count == Double(names.count), "\(names.count) charts by name")
    var paged: [String] = []
    for page in 0..<3 {
        let answer = try await api.getChart(
            q: GetListSchema(orderColumn: "slice_name", orderDirection: .asc, page: page, pageSize: 2))
        paged += answer.result?.compactMap(\.sliceName) ?? []
        if (answer.result?.count ?? 0) < 2 { break }
    }
    check(paged == names, "pages of 2 give the same \(paged.count) charts")
    let sales = all.result?.first { $0.sliceName == "Sales table" }
    check(
        sales?.owners?.map(\.firstName) == ["A"] && sales?.dashboards?.map(\.dashboardTitle) == ["Sales"]
            && all.ids?.contains(sales?.id ?? -1) == true,
        "a chart's owners and dashboards, each a list: \(sales?.owners?.count ?? 0) and \(sales?.dashboards?.count ?? 0)")
    let pies = try await api.getChart(
        q: GetListSchema(filters: [GetListSchemaFiltersItem(col: "viz_type", opr: "eq", value: .string("pie"))]))
    check(pies.result?.map(\.vizType) == ["pie"], "charts filtered by kind: \(pies.result?.compactMap(\.sliceName) ?? [])")

    // A dashboard's charts, and the dashboards that use a database, with their metadata as text.
    let charts = try await api.getDashboardByIDOrSlugCharts(idOrSlug: "sales").result ?? []
    check(
        Set(charts.compactMap(\.sliceName)).isSuperset(of: ["Sales table", "Sales by region", "Big number"])
            && charts.allSatisfy { $0.formData?["viz_type"] != nil },
        "the dashboard's \(charts.count) charts, each with its form data")
    if let database = try await api.getDatabase().ids?.first {
        let related = try await api.getDatabaseByPkRelatedObjects(pk: database)
        let metadata = related.dashboards?.result?.first?.jsonMetadata.flatMap {
            try? JSONDecoder().decode([String: JSONValue].self, from: Data($0.utf8))
        }
        check(
            related.dashboards?.count == 1 && metadata?["color_scheme"] == "supersetColors",
            "the database's dashboard, its metadata JSON text: \(String(describing: metadata?["color_scheme"]))")
    } else {
        check(false, "a database")
    }

    // Annotations, their times read as UTC.
    if let layer = try await api.getAnnotationLayer().ids?.first {
        let annotations = try await api.getAnnotationLayerByPkAnnotation(pk: layer).result ?? []
        let starts = annotations.compactMap(\.startDttm).sorted()
        check(
            starts == [Date(timeIntervalSince1970: 1_767_398_400), Date(timeIntervalSince1970: 1_768_867_200)],
            "two annotations, starting 2026-01-03 and 2026-01-20 UTC: \(starts)")
    } else {
        check(false, "an annotation layer")
    }

    // A tag made, found by name, read and deleted; then the server's 404.
    _ = try await api.postTag(body: TagRestAPIPost(description: "From Swift ✓", name: "swift-scenario"))
    let found = try await api.getTag(
        q: GetListSchema(filters: [GetListSchemaFiltersItem(col: "name", opr: "eq", value: .string("swift-scenario"))]))
    guard let tag = found.ids?.first else { return check(false, "the new tag, found by name") }
    let read = try await api.getTagByPk(pk: tag)
    check(
        read.result?.name == "swift-scenario" && read.result?.description == "From Swift ✓" && read.id == tag,
        "a tag made, found by name and read back")
    _ = try await api.deleteTagByPk(pk: tag)
    await checkFailure(404, "the deleted tag") { try await api.getTagByPk(pk: tag) }
}
