"""Random operations for `random-schemas.py`: parameters in every location, style and `explode`,
of every shape (scalars, lists, objects, unions, JSON content), with names that collide once made
Swift names or with the generated code's own; request bodies of every kind (JSON, forms with
`encoding` entries, multipart with files and styled fields, text, binary), some offering a second
kind with a schema of its own; several responses.
`request_checks.py` sends random arguments through them and reads each one back."""


class Operations:
    """Random operations over a description's schemas. `specs` keeps, per operation, what the
    request checks need: its path, method, parameters (each described `P<index>`, which the
    generated documentation repeats beside the Swift argument's name) and body."""

    NAMES = ["id", "user_id", "userId", "user-id", "page-size", "X-Request-ID", "sort", "q", "self", "Self", "class",
             "default", "filter", "filter[name]", "$filter", "Type", "limit", "since", "tags", "point", "x-trace",
             "in", "where", "1st", "ünïcode", "body", "to", "progress", "endpoint", "client", "query", "headers",
             "request", "_", "api-version", "operationID", "Protocol", "destination", "multipart", "form"]
    STYLES = {"path": ["simple", "label", "matrix"], "query": ["form", "spaceDelimited", "pipeDelimited",
                                                               "deepObject"],
              "header": ["simple"], "cookie": ["form"]}

    def __init__(self, rng, schemas):
        self.rng = rng
        self.schemas = schemas
        self.specs = []

    def parameter_schema(self):
        r = self.rng
        roll = r.random()
        if roll < 0.3:
            return self.schemas.scalar()
        if roll < 0.45:
            return {"type": "array", "items": self.schemas.scalar()}
        if roll < 0.6 and self.schemas.object_names:
            return {"$ref": "#/components/schemas/" + r.choice(self.schemas.object_names)}
        if roll < 0.7 and self.schemas.union_names:
            return {"$ref": "#/components/schemas/" + r.choice(sorted(self.schemas.union_names))}
        if roll < 0.8:
            return {"oneOf": [self.schemas.scalar(), self.schemas.scalar()]}
        if roll < 0.9:
            return {"type": "object", "properties": {"a": self.schemas.scalar(), "b": self.schemas.scalar()}}
        return self.schemas.value_schema(1)

    def parameters(self, path_names):
        r = self.rng
        result = []
        for name in path_names:
            parameter = {"name": name, "in": "path", "required": True, "schema": self.parameter_schema()}
            if r.random() < 0.5:
                parameter["style"] = r.choice(self.STYLES["path"])
            if r.random() < 0.5:
                parameter["explode"] = r.random() < 0.5
            result.append(parameter)
        taken = set(("path", name) for name in path_names)
        for _ in range(r.randint(0, 6)):
            name = r.choice(self.NAMES)
            location = r.choice(["query", "query", "header", "cookie"])
            key = (location, name.lower() if location == "header" else name)
            if key in taken or name.lower() in ("accept", "content-type", "authorization", "cookie"):
                continue
            taken.add(key)
            parameter = {"name": name, "in": location, "schema": self.parameter_schema()}
            if r.random() < 0.4:
                parameter["style"] = r.choice(self.STYLES[location])
            if r.random() < 0.4:
                parameter["explode"] = r.random() < 0.5
            if r.random() < 0.3:
                parameter["required"] = True
            if r.random() < 0.1:
                del parameter["schema"]
                parameter["content"] = {"application/json": {"schema": self.parameter_schema()}}
            elif location == "query" and r.random() < 0.25:
                parameter["allowReserved"] = True
            result.append(parameter)
        for index, parameter in enumerate(result):
            parameter["description"] = f"P{index}"
        return result

    def request_body(self):
        r = self.rng
        kind = r.choice(["json", "json", "form", "form", "multipart", "text", "binary"])
        content = self.body_content(kind)
        # Another kind with a schema of its own: another request to the same operation, which the
        # generator offers as an overload labelled by its kind.
        if r.random() < 0.3:
            other = r.choice([k for k in ["json", "form", "multipart", "text", "binary"] if k != kind])
            content.update(self.body_content(other))
        body = {"content": content, "description": "BODY"}
        if r.random() < 0.5:
            body["required"] = True
        return body

    def body_content(self, kind):
        r = self.rng
        if kind == "json":
            return {"application/json": {"schema": self.schemas.value_schema(0)}}
        if kind == "form":
            schema = self.schemas.object_schema(1, closable=False)
            encoding = {}
            for key in schema["properties"]:
                if r.random() < 0.5:
                    entry = {}
                    if r.random() < 0.8:
                        entry["style"] = r.choice(["form", "spaceDelimited", "pipeDelimited", "deepObject"])
                    if r.random() < 0.6:
                        entry["explode"] = r.random() < 0.5
                    if not entry:
                        entry["contentType"] = "application/json"
                    encoding[key] = entry
            return {"application/x-www-form-urlencoded": dict({"schema": schema},
                                                              **({"encoding": encoding} if encoding else {}))}
        if kind == "multipart":
            schema = self.schemas.object_schema(1, closable=False)
            schema["properties"]["file"] = {"type": "string", "format": "binary"}
            if r.random() < 0.5:
                schema["properties"]["files"] = {"type": "array", "items": {"type": "string", "format": "binary"}}
            encoding = {}
            for key in schema["properties"]:
                if r.random() < 0.4:
                    encoding[key] = r.choice([{"contentType": "image/png"}, {"style": "deepObject", "explode": True},
                                              {"style": "form", "explode": False}, {"contentType": "text/plain"}])
            return {"multipart/form-data": dict({"schema": schema}, **({"encoding": encoding} if encoding else {}))}
        if kind == "text":
            return {"text/plain": {"schema": {"type": "string"}}}
        return {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}

    def responses(self):
        r = self.rng
        responses = {}
        for status in r.sample(["200", "201", "202", "204", "206", "default", "400", "404", "4XX"], r.randint(1, 4)):
            if status == "204":
                responses[status] = {"description": "none"}
                continue
            kind = r.choice(["json", "json", "json", "events", "binary", "text", "both"])
            content = {}
            if kind in ("json", "both"):
                content["application/json"] = {"schema": self.schemas.value_schema(0)}
            if kind == "events":
                content[r.choice(["text/event-stream", "application/jsonl"])] = {
                    "schema": {"$ref": "#/components/schemas/" + r.choice(self.schemas.object_names)}}
            if kind in ("binary", "both"):
                content["application/octet-stream"] = {"schema": {"type": "string", "format": "binary"}}
            if kind == "text":
                content["text/plain"] = {"schema": {"type": "string"}}
            response = {"description": status, "content": content}
            if r.random() < 0.3:
                response["headers"] = {"X-Rate-Limit": {"schema": {"type": "integer"}}}
            responses[status] = response
        return responses

    def paths(self, count):
        r = self.rng
        paths = {}
        for index in range(count):
            path_names = r.sample(["id", "user_id", "userId", "page-size", "self", "Type", "in", "body", "_"],
                                  r.randint(0, 3))
            path = f"/op{index}" + "".join("/{" + name + "}" for name in path_names)
            method = r.choice(["get", "post", "put", "patch", "delete", "head", "options"])
            # Some operation IDs differ only in punctuation or case, and some are missing.
            operation_id = r.choice([f"op{index}", f"op{index}", f"op {index}-x", f"Op_{index}_x", f"op{index // 2}-y",
                                     f"op{index // 2}_y", None])
            operation = {"operationId": operation_id,
                         "parameters": self.parameters(path_names), "responses": self.responses()}
            if method in ("post", "put", "patch") or (method == "delete" and r.random() < 0.3):
                operation["requestBody"] = self.request_body()
            if operation_id is None:
                del operation["operationId"]
            paths[path] = {method: operation}
            self.specs.append({"path": path, "method": method.upper(), "parameters": operation["parameters"],
                               "body": operation.get("requestBody")})
        return paths
