"""JSON Schema validation of content files, every error reported with its place.

One schema (draft 2020-12) per content kind ships in ``baldurs_rules/schemas``.
Messages are rewritten to say what to do: an unknown key suggests the closest
known one, a missing key is named, a wrong type quotes the bad value.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from functools import cache
from itertools import islice
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from jsonschema.validators import extend

from baldurs_rules._resources import schema_dir
from baldurs_rules.errors import Problem, did_you_mean

__all__ = [
    "ID_PATTERN",
    "MAX_SCHEMA_PROBLEMS",
    "NAME_PATTERN",
    "ecma_regex",
    "schema",
    "schema_check",
    "schema_problems",
]

MAX_SCHEMA_PROBLEMS = 100
"""The most schema problems reported for one file; past it the file is not used at all."""

ID_PATTERN = "^[a-z][a-z0-9_]*$"
"""The pattern of every id in the schemas (an anchored, ASCII-only full match)."""
NAME_PATTERN = "^[^\\u0000-\\u001f\\u007f]*$"
"""The pattern of display names: one line, no control characters."""

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
def ecma_regex(pattern: str) -> re.Pattern[str]:
    """A JSON Schema ``pattern`` compiled with the meaning JSON Schema gives it (ECMA 262).

    Python's ``$`` also matches before a final line break, so ``"abc\\n"`` would
    pass ``^[a-z]+$``; in ECMA 262 ``$`` is the end of the text, which Python
    writes ``\\Z``. ``\\d`` and ``\\w`` are ASCII only, as in ECMA 262.

    Examples:
        >>> bool(ecma_regex("^[a-z]+$").search("abc\\n"))
        False
        >>> bool(ecma_regex("^[a-z]+$").search("abc"))
        True
        >>> bool(ecma_regex("^\\\\d$").search("٣"))
        False
    """
    out: list[str] = []
    escaped = in_class = False
    for char in pattern:
        if escaped:
            out.append(char)
            escaped = False
        elif char == "\\":
            out.append(char)
            escaped = True
        elif char == "[":
            in_class = True
            out.append(char)
        elif char == "]":
            in_class = False
            out.append(char)
        elif char == "$" and not in_class:
            out.append(r"\Z")
        else:
            out.append(char)
    return re.compile("".join(out), re.ASCII)


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[ValidationError]:
    if isinstance(instance, str) and not ecma_regex(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(
    validator: Any, patterns: dict[str, Any], instance: Any, schema: Any
) -> Iterator[ValidationError]:
    if not isinstance(instance, dict):
        return
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if ecma_regex(pattern).search(key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _is_integer(checker: Any, instance: Any) -> bool:
    """A whole number is an int: neither a bool nor a float (``3.0`` is refused)."""
    return type(instance) is int


def _is_number(checker: Any, instance: Any) -> bool:
    """A number is an int or a finite float, never a bool."""
    return type(instance) is int or (type(instance) is float and math.isfinite(instance))


_Validator = extend(
    Draft202012Validator,
    validators={"pattern": _pattern, "patternProperties": _pattern_properties},
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine_many(
        {"integer": _is_integer, "number": _is_number}
    ),
)


@cache
def _validator(kind: str) -> Any:
    return _Validator(schema(kind))


def schema_problems(kind: str, at: Any) -> list[Problem]:
    """Every schema violation of the document behind ``at`` (an ``At`` at the root)."""
    return schema_check(kind, at)[0]


def schema_check(kind: str, at: Any) -> tuple[list[Problem], set[int] | None]:
    """Every schema violation (up to ``MAX_SCHEMA_PROBLEMS``), and the entries they are in.

    Returns:
        The problems, and the indices of the entries of the list under ``kind``
        (``buildings``, ``gates``, ...) that have problems; None when a problem is
        outside any entry, so the document as a whole cannot be used.
    """
    found = list(islice(_validator(kind).iter_errors(at.data), MAX_SCHEMA_PROBLEMS + 1))
    errors = sorted(found[:MAX_SCHEMA_PROBLEMS], key=lambda e: list(e.absolute_path))
    problems: list[Problem] = []
    bad: set[int] | None = set() if len(found) <= MAX_SCHEMA_PROBLEMS else None
    if bad is None:
        message = f"more than {MAX_SCHEMA_PROBLEMS} problems in this file; the rest are not shown"
        problems.append(Problem(at.doc.location(()), message))
    for error in errors:
        problems.extend(_explain(error, at))
        path = list(error.absolute_path)
        if bad is not None and len(path) >= 2 and path[0] == kind and isinstance(path[1], int):
            bad.add(path[1])
        else:
            bad = None
    return problems, bad


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
        return [Problem(where(path), _type_message(error.validator_value, value))]
    if (
        error.validator == "anyOf"
        and error.schema.get("anyOf")
        and all("required" in s for s in error.schema["anyOf"])
    ):
        keys = " or ".join(repr(k) for s in error.schema["anyOf"] for k in s["required"])
        return [Problem(where(path), f"needs at least one of {keys}")]
    bound = _BOUNDS.get(str(error.validator))
    if bound is not None:
        return [Problem(where(path), bound(value, error.validator_value))]
    if error.validator == "pattern" and error.validator_value == NAME_PATTERN:
        return [Problem(where(path), f"{_short(value)} is not a valid name: write it on one line")]
    if error.validator == "pattern":
        return [
            Problem(
                where(path),
                f"{_short(value)} is not a valid id: use lowercase letters, digits"
                " and '_', starting with a letter",
            )
        ]
    return [Problem(where(path), error.message)]


def _type_message(wanted: Any, value: Any) -> str:
    """``expected a whole number, found a number 3.0`` and the like."""
    names = [
        _SCHEMA_TYPES.get(str(w), str(w))
        for w in (wanted if isinstance(wanted, list) else [wanted])
    ]
    found = _JSON_TYPES.get(type(value), type(value).__name__)
    if isinstance(value, float) and not math.isfinite(value):
        found = "a number that is not finite"
    shown = "" if value is None or isinstance(value, (dict, list)) else f" {_short(value)}"
    if isinstance(value, bool):
        found, shown = _short(value), ""
    return f"expected {' or '.join(names)}, found {found}{shown}"


_BOUNDS: dict[str, Any] = {
    "minimum": lambda v, n: f"{_short(v)} is too small: at least {n}",
    "maximum": lambda v, n: f"{_short(v)} is too large: at most {n}",
    "minItems": lambda v, n: f"the list needs at least {n} entr{'y' if n == 1 else 'ies'}",
    "maxItems": lambda v, n: f"the list has {len(v)} entries, at most {n} are allowed",
    "minLength": lambda v, n: "the text is empty" if n == 1 else f"the text needs {n} characters",
    "maxLength": lambda v, n: f"the text is {len(v)} characters long, at most {n} are allowed",
}


def _short(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
