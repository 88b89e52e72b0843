import Courier
import Foundation
import PhoenixAPI

let transport = try scenarioTransport()
let api = Phoenix(baseURL: URL(string: "http://127.0.0.1:6006")!) { $0.transport = transport }
let chat = PromptChatTemplate(messages: [
    PromptMessage(role: .system, content: "You answer questions about orders."),
    PromptMessage(
        role: .user,
        content: .array([
            .textContentPart(TextContentPart(text: "Where is order {{order}}?"))
        ])),
    PromptMessage(
        role: .assistant,
        content: .array([
            .toolCallContentPart(
                ToolCallContentPart(toolCallID: "c1", toolCall: ToolCallFunction(name: "lookup", arguments: "{}")))
        ])),
    PromptMessage(
        role: .tool,
        content: .array([
            .toolResultContentPart(
                ToolResultContentPart(
                    toolCallID: "c1", toolResult: .jsonValueDictionary(["eta": .array([.int(2026), .double(2.5)])])))
        ])),
])
let name = "swift-scenario"  // the same in a replay; deleted at the end
await runScenario {
    let created = try await api.postPromptVersion(
        body: CreatePromptRequestBody(
            prompt: PromptData(
                name: name, description: "made by Courier",
                metadata: ["weight": .double(2.0), "count": .int(2), "ratios": [0.5, 1.0]]),
            version: PromptVersionData(
                modelProvider: .anthropic, modelName: "claude-opus-4-5", template: .promptChatTemplate(chat),
                templateType: .chat, templateFormat: .mustache,
                invocationParameters: .promptAnthropicInvocationParameters(
                    PromptAnthropicInvocationParameters(
                        anthropic: PromptAnthropicInvocationParametersContent(
                            maxTokens: 2048, temperature: 0.5,
                            thinking: .promptAnthropicThinkingConfigEnabled(
                                PromptAnthropicThinkingConfigEnabled(budgetTokens: 1024)))))
            )))
    print("created", created.data.id)
    let prompts = try await api.getPrompts(limit: 200)
    let prompt = prompts.data.first(where: { $0.name == name })
    check(prompt != nil, "the new prompt is listed")
    // Python keeps the float it was sent: a whole `Double` went as `2.0`, not as the integer `2`.
    check(
        prompt?.metadata == ["weight": .double(2.0), "count": .int(2), "ratios": [0.5, 1.0]],
        "whole numbers come back as numbers: \(String(describing: prompt?.metadata))")
    let latest = try await api.getPromptVersionLatest(promptIdentifier: prompt?.id ?? "")
    if case .promptAnthropicInvocationParameters(let parameters) = latest.data.invocationParameters,
        case .promptAnthropicThinkingConfigEnabled(let thinking) = parameters.anthropic.thinking
    {
        check(thinking.budgetTokens == 1024, "thinking enabled with its budget, read back by the id with '='")
    } else {
        check(false, "anthropic parameters with thinking enabled: \(latest.data.invocationParameters)")
    }
    if case .promptChatTemplate(let template) = latest.data.template, template.messages.count == 4,
        case .array(let parts) = template.messages[3].content, case .toolResultContentPart(let result) = parts.first
    {
        check(
            result.toolResult
                == ToolResultContentPartToolResult.jsonValueDictionary(["eta": .array([.int(2026), .double(2.5)])]),
            "tool result kept: \(String(describing: result.toolResult))")
    } else {
        check(false, "chat template with a tool result: \(latest.data.template)")
    }
    // By name, which the path must escape.
    let byName = try await api.getPromptVersionLatest(promptIdentifier: name)
    check(byName.data.id == latest.data.id, "the same version by the prompt's name")

    // Paging: every prompt through pages of two, as one list.
    var paged: [String] = []
    for try await item in api.getPromptsItems(limit: 2) { paged.append(item.id) }
    check(paged == prompts.data.map(\.id), "pages of 2 give the list of \(prompts.data.count)")

    // Query arrays: three span ids, repeated.
    let projects = try await api.getProjects()
    if let shop = projects.data.first(where: { $0.name == "shop" }) {
        let annotations = try await api.listSpanAnnotationsBySpanIDs(
            projectIdentifier: shop.id, spanIDs: ["1111111111111111", "2222222222222222", "3333333333333333"])
        check(Set(annotations.data.map(\.spanID)).count == 3, "annotations of three spans: \(annotations.data.count)")
        let spans = try await api.getSpans(projectIdentifier: shop.id, limit: 2)
        check(spans.data.count == 2 && spans.nextCursor != nil, "a page of two spans with a cursor")
    } else {
        check(false, "project shop exists")
    }

    // Text answers.
    let datasets = try await api.listDatasets(name: "questions")
    if let dataset = datasets.data.first {
        let csv = try await api.getDatasetCSV(id: dataset.id)
        check(csv.contains("question") && csv.contains("Paris"), "the dataset as CSV text")
        let lines = try await api.getDatasetJSONL(id: dataset.id)
        check(lines.split(separator: "\n").count == 3, "the dataset as three JSON lines")
    }

    // One operation, two requests: a dataset uploaded as a multipart CSV file (the overload
    // labelled `multipart:`), then rows sent as JSON (the main method), read back as examples.
    let csv = "question,answer,topic\r\nWhat is 2+2?,4,math\r\nCapital of Japan?,Tokyo,geo\r\n"
    let uploaded = try await api.uploadDataset(
        multipart: UploadDatasetForm(
            action: .create, name: name + "-csv", inputKeys: ["question"], outputKeys: ["answer"],
            metadataKeys: ["topic"],
            file: MultipartFile(data: Data(csv.utf8), filename: "rows.csv", contentType: "text/csv")),
        sync: true)
    if let id = uploaded?.data.datasetID {
        let examples = try await api.getDatasetExamples(id: id).data.examples
        check(
            examples.count == 2 && examples.contains { $0.input == ["question": "Capital of Japan?"] }
                && examples.contains { $0.output == ["answer": "4"] && $0.metadata == ["topic": "math"] },
            "a CSV file uploaded as multipart: \(examples.count) examples, inputs, outputs and metadata")
        _ = try await api.deleteDatasetByID(id: id)
    } else {
        check(false, "the multipart upload answers with the dataset's id")
    }
    let sent = try await api.uploadDataset(
        sync: true,
        body: UploadDatasetRequest(
            name: name + "-json", inputs: [["question": "Largest ocean?"]], outputs: [["answer": "Pacific"]]))
    if let id = sent?.data.datasetID {
        let examples = try await api.getDatasetExamples(id: id).data.examples
        check(
            examples.map(\.input) == [["question": "Largest ocean?"]] && examples.map(\.output) == [["answer": "Pacific"]],
            "rows sent as JSON to the same operation")
        _ = try await api.deleteDatasetByID(id: id)
    } else {
        check(false, "the JSON upload answers with the dataset's id")
    }

    // Errors: the server's own message.
    await checkFailure(404, "a missing prompt") {
        try await api.getPromptVersionLatest(promptIdentifier: "no-such-prompt")
    }
    await checkFailure(422, "a bad colour") {
        try await api.createDatasetLabel(body: CreateDatasetLabelRequestBody(name: "bad", color: "red"))
    }
    _ = try await api.deletePrompt(promptIdentifier: name)
    await checkFailure(404, "the deleted prompt") { try await api.getPromptVersionLatest(promptIdentifier: name) }
}
