import Courier
import Foundation
import ZenMLAPI

let transport = try scenarioTransport()
let base = URL(string: "http://127.0.0.1:8237")!
/// ZenML writes its date-times in UTC without an offset, which an app reads by saying so.
func configure(_ configuration: inout APIClient.Configuration) {
    configuration.transport = transport
    configuration.decoder.dateDecodingStrategy = .rfc3339(assumingTimeZone: TimeZone(identifier: "UTC")!)
}
let anonymous = ZenML(baseURL: base) { configure(&$0) }
await runScenario {
    // A form-encoded login (ZenML's description declares no security scheme: the token goes in
    // one place, a middleware).
    guard case .oAuthTokenResponse(let login) = try await anonymous.token(
        body: TokenBody(username: "default", password: ""))
    else { return check(false, "a bearer token for the default user") }
    check(login.tokenType == "bearer" && !login.accessToken.isEmpty, "a bearer token from a form-encoded login")
    await checkFailure(401, "a wrong password") {
        try await anonymous.token(body: TokenBody(username: "default", password: "wrong"))
    }
    let api = ZenML(baseURL: base) {
        configure(&$0)
        $0.middlewares = [
            RequestParametersMiddleware { $0.headers["Authorization"] = "Bearer \(login.accessToken)" }
        ]
    }

    // Runs, newest first (dates read as UTC), a page at a time and whole.
    let runs = try await api.listRuns(hydrate: true, sortBy: "desc:created", size: 100).items
    let created = runs.compactMap { $0.body?.created }
    check(
        created.count == runs.count && created == created.sorted(by: >) && runs.count >= 3,
        "\(runs.count) runs, newest first, each with its creation time")
    var paged: [UUID] = []
    for try await run in api.listRunsItems(sortBy: "desc:created", size: 2) { paged.append(run.id) }
    check(paged == runs.map(\.id), "pages of 2 give the same \(paged.count) runs")
    let failed = try await api.listRuns(status: .string("failed")).items
    check(
        !failed.isEmpty && failed.allSatisfy { $0.body?.status == .failed },
        "runs filtered by status: \(failed.count) failed")

    // A training run's steps, with the metadata they logged: each JSON kind in its own case.
    guard
        let training = runs.first(where: { $0.resources?.pipeline?.name == "training" && $0.body?.status == .completed })
    else { return check(false, "a completed training run") }
    check(
        Set(training.resources?.tags.map(\.name) ?? []).isSuperset(of: ["demo", "courier"]),
        "the run's tags: \(training.resources?.tags.map(\.name) ?? [])")
    let steps = try await api.getRunSteps(runID: training.id).items
    check(Set(steps.map(\.name)) == ["load", "train"], "the run's steps: \(steps.map(\.name))")
    if let load = steps.first(where: { $0.name == "load" }) {
        let metadata = try await api.getStep(stepID: load.id, hydrate: true).metadata?.runMetadata ?? [:]
        check(
            metadata["ratio"] == .double(2.5) && metadata["whole"] == .double(2.0) && metadata["ok"] == .bool(true)
                && metadata["tags"] == .jsonValueArray(["a", "b"])
                && metadata["nested"] == .jsonValueDictionary(["k": [1, 2.0, nil]]),
            "the step's metadata, each value in its own case: \(metadata.sorted { $0.key < $1.key })")
        if case .int(let rows)? = metadata["rows"] {
            check(rows == 4 || rows == 2, "an integer stays an integer: rows \(rows)")
        } else {
            check(false, "rows is an integer: \(String(describing: metadata["rows"]))")
        }
    }

    // A tag made, renamed, read back and deleted; then the server's 404.
    let made = try await api.createTag(body: TagRequest(name: "swift-scenario", color: .purple))
    let renamed = try await api.updateTag(tagID: made.id, body: TagUpdate(name: "swift-scenario-2", color: .lime))
    let read = try await api.getTag(tagID: made.id)
    check(
        read.name == "swift-scenario-2" && read.body?.color == .lime && renamed.id == made.id,
        "a tag renamed and recoloured, read back")
    _ = try await api.deleteTag(tagID: made.id)
    await checkFailure(404, "the deleted tag") { try await api.getTag(tagID: made.id) }
}
