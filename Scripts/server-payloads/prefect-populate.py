#!/usr/bin/env python3
"""Fills a Prefect 3 server with what its API describes, for `Scripts/server-payloads.py`: flow
runs that complete, fail and nest, task runs with retries, artifacts of every kind, logs, a
secret block and a webhook block, variables of every JSON kind, work pools and queues,
deployments with cron, interval and rrule schedules, concurrency limits, a saved search, flow
runs set to other states, and automations with each of the action kinds and event, compound and
sequence triggers nested in one another.

    python3 -m venv /tmp/prefect && /tmp/prefect/bin/pip install prefect    # 3.9.1 here
    PREFECT_HOME=/tmp/prefect-home /tmp/prefect/bin/prefect server start --port 4200 &
    PREFECT_HOME=/tmp/prefect-home /tmp/prefect/bin/python Scripts/server-payloads/prefect-populate.py
    curl -s http://127.0.0.1:4200/api/openapi.json -o /tmp/prefect.json
    python3 Scripts/server-payloads.py --base http://127.0.0.1:4200/api --description /tmp/prefect.json \\
        --post '/(filter|count|paginate|history|counts)$|^/ui/' --bodies Scripts/server-payloads/prefect.json
"""
import asyncio, datetime as dt, json, os, urllib.error, urllib.request
os.environ.setdefault("PREFECT_API_URL", "http://127.0.0.1:4200/api")
from prefect import flow, task, get_client
from prefect.artifacts import create_markdown_artifact, create_table_artifact, create_link_artifact, create_progress_artifact
from prefect.blocks.system import Secret
from prefect.variables import Variable

@task(retries=1, tags=["db"])
def add(x, y):
    return x + y

@task
def boom():
    raise ValueError("task failed on purpose")

@flow(log_prints=True)
def pipeline(n: int = 3, label: str = "x"):
    print(f"running {label}")
    total = 0
    for i in range(n):
        total = add(total, i)
    create_markdown_artifact(key="report", markdown="# Report\n\n*total*: %d" % total, description="A report")
    create_table_artifact(key="table", table=[{"a": 1, "b": "x"}, {"a": 2, "b": None}])
    create_link_artifact(key="link", link="https://example.com", link_text="Example")
    create_progress_artifact(progress=42.5, description="halfway")
    return total

@flow
def failing():
    boom()

@flow
def parent():
    pipeline(2, "child")
    return "done"

pipeline(4, "first")
pipeline(1, "second")
try:
    failing()
except Exception:
    pass
parent()

Secret(value="s3cr3t").save("my-secret", overwrite=True)
Variable.set("answer", {"value": 42, "list": [1, 2.5, "x", None]}, overwrite=True)
Variable.set("greeting", "hello", overwrite=True)

async def setup():
    from prefect.client.schemas.actions import WorkPoolCreate, GlobalConcurrencyLimitCreate
    from prefect.client.schemas.schedules import CronSchedule, IntervalSchedule, RRuleSchedule
    from prefect.events.schemas.automations import AutomationCore, EventTrigger, Posture
    from prefect.events.actions import CancelFlowRun, DoNothing
    async with get_client() as client:
        try:
            await client.create_work_pool(WorkPoolCreate(name="pool-a", type="process", description="A pool"))
        except Exception as e: print("pool", e)
        try:
            await client.create_work_queue(name="queue-a", work_pool_name="pool-a")
        except Exception as e: print("queue", e)
        flow_id = await client.create_flow_from_name("pipeline")
        from prefect.client.schemas.actions import DeploymentScheduleCreate
        for name, schedule in [("cron", CronSchedule(cron="0 * * * *", timezone="UTC")),
                               ("interval", IntervalSchedule(interval=dt.timedelta(minutes=15))),
                               ("rrule", RRuleSchedule(rrule="FREQ=DAILY;INTERVAL=1"))]:
            try:
                dep = await client.create_deployment(flow_id=flow_id, name=name, work_pool_name="pool-a",
                    schedules=[DeploymentScheduleCreate(schedule=schedule, active=True)],
                    parameters={"n": 2}, tags=["t1"], description=f"deployment {name}",
                    parameter_openapi_schema={"type": "object", "properties": {"n": {"type": "integer"}}})
                await client.create_flow_run_from_deployment(dep, parameters={"n": 5})
            except Exception as e: print("deployment", name, e)
        try:
            await client.create_global_concurrency_limit(GlobalConcurrencyLimitCreate(name="gcl", limit=3, slot_decay_per_second=0.5))
        except Exception as e: print("gcl", e)
        try:
            await client.create_concurrency_limit(tag="db", concurrency_limit=4)
        except Exception as e: print("cl", e)
        try:
            auto = AutomationCore(name="auto-1", description="reacts", trigger=EventTrigger(
                expect={"prefect.flow-run.Failed"}, match={"prefect.resource.id": "prefect.flow-run.*"}, posture=Posture.Reactive, threshold=1, within=dt.timedelta(0)),
                actions=[CancelFlowRun(), DoNothing()])
            await client.create_automation(auto)
        except Exception as e: print("automation", e)
        try:
            auto2 = AutomationCore(name="auto-2", trigger=EventTrigger(
                expect={"prefect.flow-run.Completed"}, posture=Posture.Proactive, threshold=2, within=dt.timedelta(minutes=5), for_each={"prefect.resource.id"}),
                actions=[DoNothing()])
            await client.create_automation(auto2)
        except Exception as e: print("automation2", e)
asyncio.run(setup())


# Through the REST API: what the client library does not make.
BASE = os.environ["PREFECT_API_URL"]
def call(method, path, body=None):
    req = urllib.request.Request(BASE + path, data=json.dumps(body).encode() if body is not None else None, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req) as r:
            t = r.read(); return r.status, json.loads(t) if t else None
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()[:500]
_, deps = call("POST", "/deployments/filter", {})
_, queues = call("POST", "/work_queues/filter", {})
_, pools = call("POST", "/work_pools/filter", {})
_, autos = call("POST", "/automations/filter", {})
_, runs = call("POST", "/flow_runs/filter", {})
# A webhook block.
_, bts = call("POST", "/block_types/filter", {})
webhook_type = next(b for b in bts if b["slug"] == "webhook")
_, schemas = call("POST", "/block_schemas/filter", {"block_types": {"id": {"any_": [webhook_type["id"]]}}})
st, doc = call("POST", "/block_documents/", {"name": "hook", "block_type_id": webhook_type["id"], "block_schema_id": schemas[0]["id"],
    "data": {"method": "POST", "url": "https://example.com/hook", "headers": {"X-A": "1"}}})
print("webhook", st, str(doc)[:200])
hook_id = doc["id"] if isinstance(doc, dict) else None
event = lambda name, **kw: dict({"type": "event", "expect": [name], "match": {"prefect.resource.id": "prefect.flow-run.*"}, "posture": "Reactive", "threshold": 1, "within": 0}, **kw)
actions = [
    {"type": "do-nothing"},
    {"type": "run-deployment", "source": "selected", "deployment_id": deps[0]["id"], "parameters": {"n": 1}, "job_variables": {"env": {"A": "1"}}},
    {"type": "run-deployment", "source": "inferred"},
    {"type": "pause-deployment", "source": "selected", "deployment_id": deps[0]["id"]},
    {"type": "resume-deployment", "source": "selected", "deployment_id": deps[1]["id"]},
    {"type": "pause-deployment", "source": "inferred"},
    {"type": "resume-deployment", "source": "inferred"},
    {"type": "cancel-flow-run"},
    {"type": "delete-flow-run"},
    {"type": "change-flow-run-state", "state": "FAILED", "name": "Failed by automation", "message": "no"},
    {"type": "pause-work-queue", "source": "selected", "work_queue_id": queues[0]["id"]},
    {"type": "resume-work-queue", "source": "selected", "work_queue_id": queues[0]["id"]},
    {"type": "pause-work-pool", "source": "selected", "work_pool_id": pools[0]["id"]},
    {"type": "resume-work-pool", "source": "inferred"},
    {"type": "pause-automation", "source": "selected", "automation_id": autos[0]["id"]},
    {"type": "resume-automation", "source": "inferred"},
    {"type": "suspend-flow-run"},
    {"type": "resume-flow-run"},
]
if hook_id:
    actions += [{"type": "send-notification", "block_document_id": hook_id, "subject": "S", "body": "B"},
                {"type": "call-webhook", "block_document_id": hook_id, "payload": "{\"a\": 1}"}]
made = 0
for index, action in enumerate(actions):
    st, body = call("POST", "/automations/", {"name": f"action-{action['type']}-{index}", "trigger": event("prefect.flow-run.Failed"), "actions": [action],
                                              "actions_on_trigger": [action] if index % 3 == 0 else [], "actions_on_resolve": [], "enabled": index % 2 == 0})
    if st >= 300: print("action", action["type"], st, body)
    else: made += 1
triggers = [
    {"type": "compound", "require": "all", "within": 3600, "triggers": [event("a.b"), event("c.d", posture="Proactive", within=60)]},
    {"type": "compound", "require": 1, "within": None, "triggers": [event("a.b"), {"type": "sequence", "within": 10, "triggers": [event("x"), event("y")]}]},
    {"type": "sequence", "within": 600, "triggers": [event("one"), {"type": "compound", "require": "any", "within": 5, "triggers": [event("two")]}]},
    event("prefect.flow-run.*", after=["prefect.flow-run.Pending"], for_each=["prefect.resource.id"], match_related={"prefect.resource.role": "flow"}, threshold=3, within=120),
    event("prefect.flow-run.Running", posture="Proactive", within=30, match_related=[{"prefect.resource.role": "tag", "prefect.resource.id": ["prefect.tag.a", "prefect.tag.b"]}]),
]
for index, trigger in enumerate(triggers):
    st, body = call("POST", "/automations/", {"name": f"trigger-{trigger['type']}-{index}", "trigger": trigger, "actions": [{"type": "do-nothing"}]})
    if st >= 300: print("trigger", trigger["type"], st, body)
    else: made += 1
print("automations made", made)
# States: cancel, pause, crash some scheduled runs.
scheduled = [r for r in runs if r["state_type"] == "SCHEDULED"]
for r, state in zip(scheduled, [{"type": "CANCELLED", "name": "Cancelled", "message": "by hand"},
                                 {"type": "PENDING"}, {"type": "RUNNING"}]):
    print("state", call("POST", f"/flow_runs/{r['id']}/set_state", {"state": state, "force": True})[0])
# Saved searches and more variables, a tag-limited concurrency v2 lease
print("search", call("PUT", "/saved_searches/", {"name": "mine", "filters": [{"object": "flow", "property": "name", "type": "string", "operation": "equals", "value": "pipeline"}]})[0])
for name, value in [("num", 3.5), ("flag", True), ("nothing", None), ("list", [1, "a", {"b": []}])]:
    print("var", call("POST", "/variables/", {"name": name, "value": value, "tags": ["t"]})[0])
print("pool2", call("POST", "/work_pools/", {"name": "pool-b", "type": "docker", "base_job_template": {"job_configuration": {"image": "{{ image }}"}, "variables": {"type": "object", "properties": {"image": {"type": "string", "default": "python:3.12"}}}}, "concurrency_limit": 5, "is_paused": True})[0])
print("populated")
