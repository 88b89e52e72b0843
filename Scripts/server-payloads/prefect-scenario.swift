import Courier
import Foundation
import PrefectAPI

let transport = try scenarioTransport()
// Prefect's actions reject keys they do not declare (Pydantic's `extra="forbid"`), so every
// body must be exactly what the description says.
let api = Prefect(baseURL: URL(string: "http://127.0.0.1:4200/api")!) { $0.transport = transport }
await runScenario {
    // A variable's value is a union listing integers before numbers: a whole number sent as a
    // number must reach the server as one, which the answer to the creation echoes. (Read back
    // later, Prefect 3.9.1 with SQLite answers `2` for what it was sent as `2.0`: its storage's
    // doing, printed here, not checked.)
    for (name, value) in [
        ("courier_weight", VariableValue.double(2.0)), ("courier_count", .int(2)),
        ("courier_settings", .jsonValueDictionary(["ratio": 1.0, "limit": 3, "names": ["a"]])),
    ] {
        _ = try? await api.deleteVariableByName(name: name)
        let created = try await api.createVariable(body: VariableCreate(name: name, value: value, tags: ["courier"]))
        let read = try await api.readVariableByName(name: name)
        check(created.value == value, "\(name) reaches the server as \(String(describing: created.value))")
        print("     read back later: \(String(describing: read.value))")
        _ = try await api.deleteVariableByName(name: name)
    }

    // An automation whose trigger nests a sequence in a compound trigger, and whose actions
    // include two that differ only by their `type` tag.
    let failed = EventTriggerInput(
        match: .resourceSpecification(["prefect.resource.id": "prefect.flow-run.*"]),
        expect: ["prefect.flow-run.Failed"], posture: .reactive, threshold: 1, within: .double(0))
    let quiet = EventTriggerInput(
        expect: ["prefect.flow-run.Completed"], posture: .proactive, threshold: 2, within: .double(300))
    let automation = try await api.createAutomation(
        body: AutomationCreate(
            name: "courier-scenario", description: "made by Courier", enabled: false,
            trigger: .compoundTriggerInput(
                CompoundTriggerInput(
                    triggers: [
                        .eventTriggerInput(failed),
                        .sequenceTriggerInput(SequenceTriggerInput(triggers: [.eventTriggerInput(quiet)])),
                    ],
                    within: .double(600), require: .string(.all))),
            actions: [
                .pauseDeployment(PauseDeployment(source: .inferred)),
                .resumeDeployment(ResumeDeployment(source: .inferred)),
                .doNothing(DoNothing()),
                .changeFlowRunState(ChangeFlowRunState(state: .cancelled, message: "stopped by Courier")),
            ]))
    let read = try await api.readAutomation(id: automation.id)
    let kinds = read.actions.map { action -> String in
        switch action {
        case .pauseDeployment: "pause-deployment"
        case .resumeDeployment: "resume-deployment"
        case .doNothing: "do-nothing"
        case .changeFlowRunState(let change): "change-flow-run-state \(change.state) \(change.message ?? "")"
        default: "other: \(action)"
        }
    }
    check(
        kinds == [
            "pause-deployment", "resume-deployment", "do-nothing", "change-flow-run-state CANCELLED stopped by Courier",
        ],
        "each action in its own case: \(kinds)")
    if case .compoundTriggerOutput(let compound) = read.trigger, compound.triggers.count == 2,
        case .sequenceTriggerOutput(let sequence) = compound.triggers[1],
        case .eventTriggerOutput(let event)? = sequence.triggers.first
    {
        check(event.within == 300 && event.posture == .proactive, "the nested trigger keeps its window and posture")
    } else {
        check(false, "a compound trigger holding a sequence: \(read.trigger)")
    }
    _ = try await api.deleteAutomation(id: automation.id)
    await checkFailure(404, "the deleted automation") { try await api.readAutomation(id: automation.id) }

    // A deployment with a schedule of each kind (a union tagged by nothing but its keys), and
    // parameters with a whole number and a fraction.
    let flow = try await api.createFlow(body: FlowCreate(name: "courier-scenario-flow", tags: ["courier"]))
    let anchor = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    let deployment = try await api.createDeployment(
        body: DeploymentCreate(
            name: "courier-scenario", flowID: flow.id,
            schedules: [
                DeploymentScheduleCreate(
                    active: true,
                    schedule: .intervalScheduleInput(
                        IntervalScheduleInput(interval: .double(900), anchorDate: anchor, timezone: "UTC"))),
                DeploymentScheduleCreate(
                    active: false,
                    schedule: .cronSchedule(CronSchedule(cron: "0 9 * * 1-5", timezone: "Europe/Paris", dayOr: false))),
                DeploymentScheduleCreate(
                    schedule: .rRuleSchedule(RRuleSchedule(rrule: "FREQ=WEEKLY;BYDAY=MO", timezone: "UTC"))),
            ],
            parameters: ["n": 2, "ratio": 0.5], tags: ["courier"]))
    let readDeployment = try await api.readDeployment(id: deployment.id)
    let schedules = (readDeployment.schedules ?? []).map { schedule -> String in
        switch schedule.schedule {
        case .intervalScheduleOutput(let interval):
            "every \(interval.interval) s from \(interval.anchorDate.map { "\($0.timeIntervalSince1970)" } ?? "-")"
        case .cronSchedule(let cron):
            "cron \(cron.cron) \(cron.timezone ?? "-") dayOr \(cron.dayOr.map { "\($0)" } ?? "-")"
        // Prefect adds a `DTSTART` line before the rule.
        case .rRuleSchedule(let rule): "rrule \(rule.rrule.split(separator: "\n").last ?? "")"
        default: "other: \(schedule.schedule)"
        }
    }
    check(
        Set(schedules) == [
            "every 900.0 s from 1767225600.0", "cron 0 9 * * 1-5 Europe/Paris dayOr false",
            "rrule FREQ=WEEKLY;BYDAY=MO",
        ], "each schedule in its own case: \(schedules)")
    check(
        readDeployment.parameters == ["n": 2, "ratio": 0.5],
        "parameters kept: \(String(describing: readDeployment.parameters))")
    _ = try await api.deleteDeployment(id: deployment.id)
    _ = try await api.deleteFlow(id: flow.id)

    // Flow runs filtered by state type (`any_`), newest first.
    let runs = try await api.readFlowRuns(
        body: ReadFlowRunsBody(
            sort: .startTimeDesc,
            flowRuns: FlowRunFilter(
                state: FlowRunFilterState(type: FlowRunFilterStateType(any: [.completed, .failed]))),
            limit: 20))
    let starts = runs.compactMap(\.startTime)
    check(
        !runs.isEmpty && runs.allSatisfy { [.completed, .failed].contains($0.stateType) }
            && starts == starts.sorted(by: >),
        "\(runs.count) completed or failed flow runs, newest first")

    // A body the server refuses names its key.
    await checkFailure(422, "an invalid name") {
        try await api.createVariable(body: VariableCreate(name: "no spaces allowed!"))
    }
}
