"""JSON Schema validation of content files, every error reported with its place.

One schema (draft 2020-12) per content kind ships in ``baldurs_rules/schemas``.
Messages are rewritten to say what to do: an unknown key suggests the closest
known one, a missing key is named, a wrong type quotes the bad value.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from baldurs_rules._resources import schema_dir
from baldurs_rules.errors import Problem, did_you_mean

__all__ = ["schema", "schema_problems"]

_SCHEMA_TYPES = {
    "object": "a mapping",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "nothing",
}
_JSON_TYPES = {
    dict: "a mapping",
    list: "a list",
    str: "text",
    bool: "true/false",
    int: "a whole number",
    float: "a number",
    type(None): "nothing (null)",
}


@cache
def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of a content kind (``game``, ``map``, ``buildings``, ...)."""
    data: dict[str, Any] = json.loads((schema_dir() / f"{kind}.json").read_text("utf-8"))
    return data


@cache
def _validator(kind: str) -> Draft202012Validator:
    return Draft202012Validator(schema(kind))


def schema_problems(kind: str, at: Any) -> list[Problem]:
    """Every schema violation of the document behind ``at`` (an ``At`` at the root)."""
    errors = sorted(_validator(kind).iter_errors(at.data), key=lambda e: list(e.absolute_path))
    problems: list[Problem] = []
    for error in errors:
        problems.extend(_explain(error, at))
    return problems


def _explain(error: ValidationError, at: Any) -> list[Problem]:
    path = tuple(error.absolute_path)
    where = at.doc.location
    value = error.instance
    if error.validator == "additionalProperties" and isinstance(value, dict):
        known = set(error.schema.get("properties", {}))
        extra = [k for k in value if k not in known]
        return [
            Problem(where((*path, k), key=True), f"unknown key {k!r}{did_you_mean(str(k), known)}")
            for k in extra
        ]
    if error.validator == "required":
        missing = [k for k in error.validator_value if k not in (value or {})]
        return [Problem(where(path, key=bool(path)), f"missing key {k!r}") for k in missing]
    if error.validator == "enum":
        options = [str(o) for o in error.validator_value]
        return [
            Problem(where(path), f"{value!r} is not allowed{did_you_mean(str(value), options)}")
        ]
    if error.validator == "type":
        wanted = error.validator_value
        names = [
            _SCHEMA_TYPES.get(str(w), str(w))
            for w in (wanted if isinstance(wanted, list) else [wanted])
        ]
        found = _JSON_TYPES.get(type(value), type(value).__name__)
        shown = "" if value is None or isinstance(value, (dict, list)) else f" {_short(value)}"
        return [Problem(where(path), f"expected {' or '.join(names)}, found {found}{shown}")]
    if (
        error.validator == "anyOf"
        and error.schema.get("anyOf")
        and all("required" in s for s in error.schema["anyOf"])
    ):
        keys = " or ".join(repr(k) for s in error.schema["anyOf"] for k in s["required"])
        return [Problem(where(path), f"needs at least one of {keys}")]
    if error.validator == "pattern":
        return [
            Problem(
                where(path),
                f"{value!r} is not a valid id: use lowercase letters, digits"
                " and '_', starting with a letter",
            )
        ]
    return [Problem(where(path), error.message)]


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
