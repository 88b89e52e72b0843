#!/usr/bin/env python3
"""Fills a local Apache Superset server through its REST API, for `Scripts/server-payloads.py`:
a SQLite database of sales, a dataset on it with a calculated column and a metric, charts of
three kinds, a dashboard that holds them, a saved query, a query run in SQL Lab, a CSS
template, an annotation layer with annotations, a tag on a chart and a dashboard, a report
schedule and a row-level security rule.

    python3 -m venv /tmp/sup-venv && /tmp/sup-venv/bin/pip install apache-superset rich cachetools \\
        'flask-caching==2.3.0'                           # Superset 6.1.0 here
    # /tmp/sup-home/superset_config.py:
    #   SECRET_KEY = "…"; SQLALCHEMY_DATABASE_URI = "sqlite:////tmp/sup-home/superset.db"
    #   WTF_CSRF_ENABLED = False; PREVENT_UNSAFE_DB_CONNECTIONS = False; FAB_ADD_SECURITY_API = True
    #   FEATURE_FLAGS = {"TAGGING_SYSTEM": True, "ALERT_REPORTS": True}
    export SUPERSET_CONFIG_PATH=/tmp/sup-home/superset_config.py FLASK_APP=superset
    superset db upgrade && superset fab create-admin --username admin --password admin \\
        --firstname A --lastname D --email admin@example.com && superset init
    superset run -p 8088 --with-threads &
    TOKEN=$(python3 Scripts/server-payloads/superset-populate.py)
    curl -s -H "Authorization: Bearer $TOKEN" http://127.0.0.1:8088/api/v1/_openapi -o /tmp/superset.json
    python3 Scripts/server-payloads.py --base http://127.0.0.1:8088 --description /tmp/superset.json \\
        --header "Authorization: Bearer $TOKEN" --utc-without-offset \\
        --overlay Scripts/server-payloads/superset-overlay.yaml

Superset 6.1.0's description differs from what its server answers: it refers to four schemas it
does not define, writes Flask-AppBuilder's relations to many (a chart's `owners`, a user's
`roles`…) as one object where the server answers a list, a dashboard's JSON metadata as an
object where the server sends JSON text, and its envelopes' `id` and `ids` as text where the
server sends integers. Courier refuses the first with their locations and the
rest with decoding errors naming the key; `superset-overlay.yaml`, an OpenAPI Overlay, mends
them all, as a user would until Superset does. Superset writes its date-times in UTC without an
offset, hence `--utc-without-offset`.
"""
import json, re, sqlite3, urllib.parse, uuid

from api_calls import call

BASE = "http://127.0.0.1:8088"
EXAMPLES = "/tmp/sup-home/examples.db"


def login():
    answer = call(BASE, "POST", "/api/v1/security/login",
                  {"username": "admin", "password": "admin", "provider": "db", "refresh": True})
    return answer["access_token"]


def sales_database():
    """A SQLite file with one table of every column kind: integers, reals, text, a null."""
    connection = sqlite3.connect(EXAMPLES)
    connection.execute("create table if not exists sales(id integer primary key, region text, amount real, "
                       "units integer, sold_at text, ok integer, note text)")
    connection.execute("delete from sales")
    connection.executemany("insert into sales values (?, ?, ?, ?, ?, ?, ?)",
                           [(i, ["EU", "US", "Asia"][i % 3], i * 12.5, i, f"2026-0{1 + i % 9}-1{i % 10}T10:00:00",
                             i % 2, None if i % 4 else "ünïcode ✓") for i in range(1, 41)])
    connection.commit()


def rison(value):
    """Rison, the JSON in a URL that Superset's `q` parameters take: `(filters:!((col:name)))`."""
    if isinstance(value, dict):
        return "(" + ",".join(f"{key}:{rison(item)}" for key, item in value.items()) + ")"
    if isinstance(value, list):
        return "!(" + ",".join(rison(item) for item in value) + ")"
    if isinstance(value, str) and re.fullmatch(r"[A-Za-z_./~-][\w./~-]*", value):
        return value
    if isinstance(value, str):
        return "'" + value.replace("!", "!!").replace("'", "!'") + "'"
    return json.dumps(value)


def first(headers, path, key, value):
    """The id of the object under `path` whose `key` is `value`, if there is one already."""
    query = rison({"filters": [{"col": key, "opr": "eq", "value": value}]})
    answer = call(BASE, "GET", f"{path}?q={urllib.parse.quote(query)}", headers=headers) or {}
    ids = answer.get("ids") or [item.get("id") for item in answer.get("result", [])]
    return ids[0] if ids else None


def create(headers, path, key, body):
    """Creates the object unless one of that name is there; its id."""
    existing = first(headers, path, key, body[key])
    if existing is not None:
        return existing
    answer = call(BASE, "POST", path, body, headers=headers)
    return answer and answer.get("id")


def populate(token):
    headers = {"Authorization": f"Bearer {token}"}
    sales_database()
    database = create(headers, "/api/v1/database/", "database_name", {
        "database_name": "sales", "sqlalchemy_uri": f"sqlite:///{EXAMPLES}", "expose_in_sqllab": True,
        "allow_run_async": False, "allow_ctas": False, "allow_dml": False,
        "extra": json.dumps({"metadata_params": {}, "engine_params": {}, "allows_virtual_table_explore": True})})
    dataset = create(headers, "/api/v1/dataset/", "table_name",
                     {"database": database, "table_name": "sales", "schema": "main"})
    detail = call(BASE, "GET", f"/api/v1/dataset/{dataset}", headers=headers)["result"]
    if not any(column["column_name"] == "amount_per_unit" for column in detail["columns"]):
        columns = [{key: column[key] for key in ("id", "column_name", "type", "is_dttm", "groupby", "filterable")}
                   for column in detail["columns"]]
        columns.append({"column_name": "amount_per_unit", "expression": "amount / units", "type": "REAL"})
        call(BASE, "PUT", f"/api/v1/dataset/{dataset}?override_columns=false", {
            "description": "Sales by region", "main_dttm_col": "sold_at", "columns": columns,
            "metrics": [{"metric_name": "total", "expression": "SUM(amount)", "verbose_name": "Total",
                         "d3format": ",.2f"}]}, headers=headers)
    params = {"datasource": f"{dataset}__table", "viz_type": "table", "metrics": ["count"],
              "groupby": ["region"], "row_limit": 100}
    charts = [create(headers, "/api/v1/chart/", "slice_name", {
        "slice_name": name, "viz_type": kind, "datasource_id": dataset, "datasource_type": "table",
        "description": f"A {kind} of sales", "cache_timeout": 60,
        "params": json.dumps({**params, "viz_type": kind})})
        for name, kind in [("Sales table", "table"), ("Sales by region", "pie"), ("Big number", "big_number_total")]]
    dashboard = create(headers, "/api/v1/dashboard/", "dashboard_title", {
        "dashboard_title": "Sales", "slug": "sales", "published": True, "css": ".x { color: red; }",
        "json_metadata": json.dumps({"color_scheme": "supersetColors", "refresh_frequency": 0,
                                     "label_colors": {"EU": "#1FA8C9"}, "native_filter_configuration": []})})
    for chart in charts:
        call(BASE, "PUT", f"/api/v1/chart/{chart}", {"dashboards": [dashboard]}, headers=headers)
    create(headers, "/api/v1/saved_query/", "label", {
        "db_id": database, "label": "EU sales", "schema": "main", "description": "Only Europe",
        "sql": "SELECT * FROM sales WHERE region = 'EU'"})
    call(BASE, "POST", "/api/v1/sqllab/execute/", {
        "database_id": database, "sql": "SELECT region, SUM(amount) AS total FROM sales GROUP BY region",
        "runAsync": False, "schema": "main", "tab": "Sales", "client_id": uuid.uuid4().hex[:10]}, headers=headers)
    create(headers, "/api/v1/css_template/", "template_name",
           {"template_name": "Dark", "css": "body { background: #000; }"})
    layer = create(headers, "/api/v1/annotation_layer/", "name", {"name": "Releases", "descr": "Product releases"})
    if not (call(BASE, "GET", f"/api/v1/annotation_layer/{layer}/annotation/", headers=headers) or {}).get("count"):
        for day, text in [(3, "1.0"), (20, "1.1 ✓")]:
            call(BASE, "POST", f"/api/v1/annotation_layer/{layer}/annotation/", {
                "short_descr": f"Release {text}", "long_descr": "Shipped", "start_dttm": f"2026-01-{day:02}T00:00:00",
                "end_dttm": f"2026-01-{day:02}T12:00:00", "json_metadata": json.dumps({"by": "team", "n": day})},
                headers=headers)
    if first(headers, "/api/v1/tag/", "name", "quarterly") is None:
        call(BASE, "POST", "/api/v1/tag/", {"name": "quarterly", "description": "Quarterly review",
                                           "objects_to_tag": [["chart", charts[0]], ["dashboard", dashboard]]},
             headers=headers)
    create(headers, "/api/v1/report/", "name", {
        "type": "Report", "name": "Weekly sales", "crontab": "0 9 * * 1", "dashboard": dashboard,
        "description": "Every Monday", "active": False, "report_format": "PNG", "timezone": "Europe/Paris",
        "recipients": [{"type": "Email", "recipient_config_json": {"target": "sales@example.com"}}]})
    create(headers, "/api/v1/rowlevelsecurity/", "name", {
        "name": "Europe only", "filter_type": "Regular", "tables": [dataset], "roles": [1],
        "clause": "region = 'EU'", "group_key": "region", "description": "Admins see Europe"})
    return token


if __name__ == "__main__":
    print(populate(login()))
