#!/usr/bin/env python3
"""Fills an Arize Phoenix server through its REST API, for `Scripts/server-payloads.py`: two
projects of spans (nested, with events, an error, attributes of every JSON kind, a session),
annotations of spans, traces and sessions, notes, annotation configurations of each kind
(categorical, continuous, freeform), datasets uploaded as JSON with splits and labels, an experiment with
runs (one failed) and evaluations, and prompts whose versions cover each tagged union the
description has (Phoenix 20 takes chat templates only): text, tool-call and tool-result content parts;
function and raw tools; each tool choice; a JSON-schema response format; and the invocation
parameters of OpenAI, Azure OpenAI, Anthropic (thinking enabled, disabled and adaptive), Google
and AWS.

    python3 -m venv /tmp/phx && /tmp/phx/bin/pip install arize-phoenix    # 20.26.1 here
    PHOENIX_WORKING_DIR=/tmp/phx-data /tmp/phx/bin/python -m phoenix.server.main serve &
    python3 Scripts/server-payloads/phoenix-populate.py
    curl -s http://127.0.0.1:6006/openapi.json -o /tmp/phoenix.json
    python3 Scripts/server-payloads.py --base http://127.0.0.1:6006 --description /tmp/phoenix.json \\
        --post '^/v1/spans$' --bodies Scripts/server-payloads/phoenix.json
"""
import datetime, json, time

import api_calls

BASE = "http://127.0.0.1:6006/v1"


def call(method, path, body=None):
    return api_calls.call(BASE, method, path, body)


def moment(seconds):
    start = datetime.datetime(2026, 12, 7, 12, 0, tzinfo=datetime.timezone.utc)
    return (start + datetime.timedelta(seconds=seconds)).isoformat()


def span(name, trace, identifier, parent=None, kind="CHAIN", status="OK", start=0, attributes=None, events=()):
    return {
        "name": name, "context": {"trace_id": trace, "span_id": identifier}, "span_kind": kind,
        "parent_id": parent, "start_time": moment(start), "end_time": moment(start + 1.25),
        "status_code": status, "status_message": "" if status == "OK" else "timed out",
        "attributes": attributes or {}, "events": list(events)}


def spans():
    first, second = "0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"
    call("POST", "/projects/shop/spans", {"data": [
        span("checkout", first, "1111111111111111", attributes={
            "session.id": "session-1", "user.id": "ada", "input.value": "Où est ma commande ?",
            "metadata": {"cart": 3, "ratio": 0.5, "gift": True, "tags": ["a", "b"], "note": None}}),
        span("llm", first, "2222222222222222", parent="1111111111111111", kind="LLM", start=0.25, attributes={
            "llm.model_name": "gpt-4o", "llm.token_count.prompt": 12, "llm.token_count.completion": 30,
            "output.value": "{\"status\": \"shipped\"}", "output.mime_type": "application/json"},
            events=[{"name": "first token", "timestamp": moment(0.5), "attributes": {"index": 0}}]),
        span("retriever", first, "3333333333333333", parent="1111111111111111", kind="RETRIEVER", start=0.5,
             status="ERROR", events=[{"name": "exception", "timestamp": moment(1),
                                      "attributes": {"exception.message": "timed out", "exception.type": "Timeout"}}]),
        span("checkout", second, "4444444444444444", start=10, attributes={"session.id": "session-1", "whole": 2.0}),
    ]})
    call("POST", "/projects/search/spans", {"data": [
        span("query", "00000000000000000000000000000001", "5555555555555555", kind="TOOL", start=20,
             attributes={"tool.name": "lookup", "tool.parameters": "{}"})]})
    time.sleep(3)  # spans are queued, then written


def annotations():
    call("POST", "/span_annotations?sync=true", {"data": [
        {"span_id": "1111111111111111", "name": "correctness", "annotator_kind": "HUMAN",
         "result": {"label": "correct", "score": 1, "explanation": "matches the order"}, "metadata": {"by": "qa"},
         "identifier": "first"},
        {"span_id": "2222222222222222", "name": "latency", "annotator_kind": "CODE", "result": {"score": 0.25}},
        {"span_id": "3333333333333333", "name": "failure", "annotator_kind": "LLM", "result": {"label": "timeout"}}]})
    call("POST", "/trace_annotations?sync=true", {"data": [
        {"trace_id": "0123456789abcdef0123456789abcdef", "name": "helpful", "annotator_kind": "HUMAN",
         "result": {"label": "yes", "score": 1.0}}]})
    call("POST", "/session_annotations?sync=true", {"data": [
        {"session_id": "session-1", "name": "resolved", "annotator_kind": "HUMAN", "result": {"label": "resolved"}}]})
    call("POST", "/span_notes", {"data": {"span_id": "1111111111111111", "note": "looked at by support"}})
    call("POST", "/trace_notes", {"data": {"trace_id": "0123456789abcdef0123456789abcdef", "note": "slow"}})
    call("POST", "/session_notes", {"data": {"session_id": "session-1", "note": "customer called twice"}})
    for config in [
        {"name": "correctness", "type": "CATEGORICAL", "optimization_direction": "MAXIMIZE",
         "values": [{"label": "correct", "score": 1}, {"label": "wrong", "score": 0}, {"label": "unsure"}]},
        {"name": "latency", "type": "CONTINUOUS", "optimization_direction": "MINIMIZE", "lower_bound": 0,
         "upper_bound": 10.5, "description": "seconds"},
        {"name": "comment", "type": "FREEFORM", "threshold": 0.5},
    ]:
        created = call("POST", "/annotation_configs", config)
        if created and config["name"] == "latency":
            call("PUT", f"/projects/shop/annotation_configs/{created['data']['id']}")


def datasets():
    dataset = call("POST", "/datasets/upload?sync=true", {
        "action": "create", "name": "questions", "description": "questions and answers",
        "inputs": [{"question": "2 + 2?"}, {"question": "Capital of France?", "context": ["Paris", None]},
                   {"question": "Empty"}],
        "outputs": [{"answer": 4}, {"answer": "Paris"}, {}],
        "metadata": [{"difficulty": 0.1}, {"difficulty": 0.5, "source": "atlas"}, {}],
        "splits": ["train", ["train", "test"], None]})
    call("POST", "/datasets/upload?sync=true", {
        "action": "create", "name": "from-spans", "inputs": [{"q": "where"}], "outputs": [{"a": "here"}],
        "span_ids": ["1111111111111111"]})
    identifier = dataset["data"]["dataset_id"]
    labels = [call("POST", "/dataset_labels", body) for body in (
        {"name": "golden", "color": "#00cc88", "description": "checked by hand"}, {"name": "draft", "color": "#ff0000"})]
    call("PUT", f"/datasets/{identifier}/labels", {"dataset_label_ids": [label["data"]["id"] for label in labels if label]})
    call("POST", f"/datasets/{identifier}/splits", {"name": "holdout", "description": "never trained on",
                                                    "metadata": {"fraction": 0.2, "seeded": True}})
    examples = call("GET", f"/datasets/{identifier}/examples")["data"]["examples"]
    experiment = call("POST", f"/datasets/{identifier}/experiments", {
        "name": "baseline", "description": "first try", "metadata": {"model": "gpt-4o", "temperature": 0.0},
        "repetitions": 2})["data"]
    for index, example in enumerate(examples):
        for repetition in (1, 2):
            failed = index == 2 and repetition == 2
            run = call("POST", f"/experiments/{experiment['id']}/runs", {
                "dataset_example_id": example["id"], "repetition_number": repetition,
                "output": None if failed else {"answer": example["output"].get("answer"), "tokens": 12},
                "start_time": moment(index), "end_time": moment(index + 0.5),
                "error": "rate limited" if failed else None})
            if run and not failed:
                call("POST", "/experiment_evaluations", {
                    "experiment_run_id": run["data"]["id"], "name": "exact", "annotator_kind": "CODE",
                    "start_time": moment(index + 1), "end_time": moment(index + 1.5),
                    "result": {"score": 1.0 if index == 0 else 0.0, "label": "match", "explanation": "compared",
                               "metadata": {"n": index}}})
    call("POST", f"/experiments/{experiment['id']}/tags", {"name": "reviewed", "description": "by the team"})


CHAT = {"type": "chat", "messages": [
    {"role": "system", "content": "You answer questions about orders."},
    {"role": "user", "content": [{"type": "text", "text": "Where is order {{order}}?"}]},
    {"role": "assistant", "content": [
        {"type": "text", "text": "Let me look."},
        {"type": "tool_call", "tool_call_id": "call-1",
         "tool_call": {"type": "function", "name": "lookup", "arguments": "{\"order\": 7}"}}]},
    {"role": "tool", "content": [{"type": "tool_result", "tool_call_id": "call-1",
                                  "tool_result": {"status": "shipped", "eta": [2026, 12, 9]}}]}]}
FUNCTION = {"type": "function", "function": {
    "name": "lookup", "description": "finds an order", "strict": True,
    "parameters": {"type": "object", "properties": {"order": {"type": "integer"}}, "required": ["order"]}}}


def version(provider, model, parameters, template_format="MUSTACHE", **extra):
    return {"model_provider": provider, "model_name": model, "template": CHAT, "template_type": "CHAT",
            "template_format": template_format, "invocation_parameters": parameters, **extra}


def prompts():
    versions = [
        version("OPENAI", "gpt-4o", {"type": "openai", "openai": {
            "temperature": 0.2, "max_completion_tokens": 256, "seed": 7, "stop": ["END"],
            "reasoning_effort": "low"}},
            tools={"type": "tools", "tools": [FUNCTION], "tool_choice": {"type": "zero_or_more"},
                   "disable_parallel_tool_calls": True},
            response_format={"type": "json_schema", "json_schema": {
                "name": "answer", "strict": True,
                "schema": {"type": "object", "properties": {"status": {"type": "string"}}}}}),
        version("AZURE_OPENAI", "gpt-4o", {"type": "azure_openai", "azure_openai": {"temperature": 1.0}},
                tools={"type": "tools", "tools": [FUNCTION], "tool_choice": {"type": "none"}}),
        version("ANTHROPIC", "claude-sonnet-4-5", {"type": "anthropic", "anthropic": {
            "max_tokens": 2048, "thinking": {"type": "enabled", "budget_tokens": 1024}}},
            tools={"type": "tools", "tools": [FUNCTION], "tool_choice": {"type": "one_or_more"}}),
        version("ANTHROPIC", "claude-haiku-4-5", {"type": "anthropic", "anthropic": {
            "max_tokens": 512, "temperature": 0.5, "stop_sequences": ["\n\n"], "thinking": {"type": "disabled"}}},
            tools={"type": "tools", "tools": [FUNCTION],
                   "tool_choice": {"type": "specific_function", "function_name": "lookup"}}),
        version("ANTHROPIC", "claude-opus-4-5", {"type": "anthropic", "anthropic": {
            "max_tokens": 512, "thinking": {"type": "adaptive"}}}),
        version("GOOGLE", "gemini-2.5-pro", {"type": "google", "google": {
            "temperature": 0.7, "top_k": 40, "max_output_tokens": 300,
            "thinking_config": {"thinking_budget": 128, "include_thoughts": True}}},
            template_format="F_STRING"),
        version("AWS", "anthropic.claude-3-haiku", {"type": "aws", "aws": {"max_tokens": 100, "top_p": 0.9}},
                template_format="NONE"),
        version("OPENAI", "o3", {"type": "openai", "openai": {}},
                tools={"type": "tools", "tools": [{"type": "raw", "raw": {"type": "web_search_preview"}}]}),
    ]
    names = ["order-helper", "order-helper", "claude-helper", "claude-helper", "claude-helper",
             "summarizer", "translator", "searcher"]
    created = []
    for name, body in zip(names, versions):
        answer = call("POST", "/prompts", {
            "prompt": {"name": name, "description": f"{name} prompt", "metadata": {"team": "support"}},
            "version": {"description": body["model_name"], **body}})
        if answer:
            created.append(answer["data"]["id"])
    if created:
        call("POST", f"/prompt_versions/{created[0]}/tags", {"name": "production", "description": "live"})


def main():
    spans()
    annotations()
    datasets()
    prompts()


if __name__ == "__main__":
    main()
