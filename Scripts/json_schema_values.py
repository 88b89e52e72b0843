"""What JSON Schema's types and date-time format accept, for the scripts that check generated code
with payloads (random-schemas.py, real-payloads.py) and the requests it sends (request_checks.py)."""
import re

# RFC 3339's date-time, as JSON Schema's `date-time` format takes it (`T` or a space between).
DATE_TIME = re.compile(r"^\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d:\d\d(\.\d+)?([Zz]|[+-]\d\d:\d\d)$")


def has_type(kind, value):
    """Whether a JSON value (as `json` loads it) has one of JSON Schema's types; an integer may be
    written with a zero fraction (`3.0`). A type name JSON Schema does not have allows anything."""
    return {
        "null": value is None,
        "boolean": isinstance(value, bool),
        "integer": (isinstance(value, int) and not isinstance(value, bool))
                   or (isinstance(value, float) and value.is_integer()),
        "number": isinstance(value, (int, float)) and not isinstance(value, bool),
        "string": isinstance(value, str),
        "array": isinstance(value, list),
        "object": isinstance(value, dict),
    }.get(kind, True)
