#!/usr/bin/env python3
"""Fills a Label Studio server through its API, for `Scripts/server-payloads.py`: three projects
(text classification, image boxes, named entities with a comment and a rating), tasks imported
as JSON and from JSON and CSV files, annotations (one cancelled, one ground truth) and
predictions with each project's results, a task's `meta`, a Data Manager view
with filters, a webhook and an export snapshot.

Label Studio 1.23 accepts only its newer JWT tokens unless the organization allows the legacy
ones, which the commands below switch on (its Sentry DSN is cleared: the package's default one
needs a sentry-sdk older than the one pip installs).

    python3 -m venv /tmp/ls && /tmp/ls/bin/pip install label-studio    # 1.23.2 here
    export LABEL_STUDIO_BASE_DATA_DIR=/tmp/ls-data SENTRY_DSN= FRONTEND_SENTRY_DSN=
    /tmp/ls/bin/label-studio start --no-browser --port 8090 --username admin@example.com \\
        --password adminpass123 --user-token abcdef0123456789abcdef0123456789abcdef01 &
    (cd /tmp/ls/lib/python3.*/site-packages/label_studio && \\
        DJANGO_SETTINGS_MODULE=label_studio.core.settings.label_studio /tmp/ls/bin/python manage.py shell -c \\
        "from jwt_auth.models import JWTSettings; [JWTSettings.objects.update_or_create(organization_id=i, \\
         defaults={'legacy_api_tokens_enabled': True}) for i in (1,)]")
    python3 Scripts/server-payloads/label-studio-populate.py
    curl -s -H "Authorization: Token abcdef0123456789abcdef0123456789abcdef01" \\
        "http://127.0.0.1:8090/docs/api/schema/?format=json" -o /tmp/label-studio.json
    python3 Scripts/server-payloads.py --base http://127.0.0.1:8090 --description /tmp/label-studio.json \\
        --header "Authorization: Token abcdef0123456789abcdef0123456789abcdef01" \\
        --bodies Scripts/server-payloads/label-studio.json
"""
import json

import api_calls

BASE = "http://127.0.0.1:8090"
TOKEN = "abcdef0123456789abcdef0123456789abcdef01"


def call(method, path, body=None, files=None):
    return api_calls.call(BASE, method, path, body, headers={"Authorization": f"Token {TOKEN}"}, files=files)


CONFIGS = [
    '<View><Text name="text" value="$text"/><Choices name="sentiment" toName="text">'
    '<Choice value="Positive"/><Choice value="Negative"/><Choice value="Neutral"/></Choices></View>',
    '<View><Image name="image" value="$image"/><RectangleLabels name="label" toName="image">'
    '<Label value="Cat"/><Label value="Dog"/></RectangleLabels></View>',
    '<View><Text name="text" value="$text"/><Labels name="ner" toName="text"><Label value="PER"/>'
    '<Label value="ORG"/></Labels><TextArea name="comment" toName="text"/><Rating name="rating" toName="text"/></View>',
]

RESULTS = [
    [{"from_name": "sentiment", "to_name": "text", "type": "choices", "value": {"choices": ["Positive"]}}],
    [{"id": "r1", "from_name": "label", "to_name": "image", "type": "rectanglelabels", "original_width": 640,
      "original_height": 480, "image_rotation": 0,
      "value": {"x": 10.5, "y": 20, "width": 30.25, "height": 40, "rotation": 0, "rectanglelabels": ["Cat"]}}],
    [{"from_name": "ner", "to_name": "text", "type": "labels",
      "value": {"start": 0, "end": 6, "text": "Sample", "labels": ["PER"]}},
     {"from_name": "comment", "to_name": "text", "type": "textarea", "value": {"text": ["looks fine"]}},
     {"from_name": "rating", "to_name": "text", "type": "rating", "value": {"rating": 4}}],
]


def main():
    projects = []
    for index, config in enumerate(CONFIGS):
        project = call("POST", "/api/projects/", {
            "title": f"Project {index}", "description": "d" * index, "label_config": config, "color": "#FF0000",
            "maximum_annotations": 2, "show_skip_button": index % 2 == 0,
            "expert_instruction": "<b>Read twice</b>" if index else ""})
        projects.append(project["id"])
    for project, config, result in zip(projects, CONFIGS, RESULTS):
        tasks = [{"text": f"Sample text {k} — naïve café ☕"} if "Text" in config else {"image": f"https://example.com/{k}.jpg"}
                 for k in range(4)]
        call("POST", f"/api/projects/{project}/import", tasks)
        answer = call("GET", f"/api/tasks/?project={project}")
        ids = [task["id"] for task in answer["tasks"]]
        for number, task in enumerate(ids[:3]):
            call("POST", f"/api/tasks/{task}/annotations/",
                 {"result": result, "was_cancelled": number == 2, "ground_truth": number == 0, "lead_time": 12.5})
            call("POST", "/api/predictions/", {"task": task, "result": result, "score": 0.87, "model_version": "v1"})
        call("PATCH", f"/api/tasks/{ids[3]}", {"meta": {"source": "populate"}})
    call("POST", f"/api/projects/{projects[0]}/import", files={"tasks.json": b'[{"text": "from a file"}, {"text": "two"}]'})
    call("POST", f"/api/projects/{projects[2]}/import?commit_to_project=false",
         files={"tasks.csv": b"text,meta\nrow one,a\nrow two,b\n"})
    call("POST", "/api/dm/views/", {"project": projects[0], "data": {
        "title": "Recent", "ordering": ["tasks:id"], "filters": {"conjunction": "and", "items": [
            {"filter": "filter:tasks:id", "operator": "greater", "type": "Number", "value": 1}]}}})
    # Label Studio refuses webhooks to loopback, private and documentation addresses: this public
    # one is never called, as nothing the webhook listens for happens after it is made.
    call("POST", "/api/webhooks/", {"project": projects[0], "url": "http://93.184.216.34/hook", "send_payload": True,
                                    "send_for_all_actions": False, "headers": {"X-Source": "courier"},
                                    "actions": ["ANNOTATION_CREATED"]})
    call("POST", f"/api/projects/{projects[0]}/exports/", {"title": "snapshot"})
    print(json.dumps({"projects": projects}))


if __name__ == "__main__":
    main()
