"""The limits of the security and effect-language pages: the schemas' list maxima, and the
messages the effect language gives at its limits, produced by running it past each one.

The tables of named constants on both pages are generic ``constants:`` parts
(``common.constants_table``); the parts here are the ones that need more than a
constant's value.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from .common import Part, cells, table


def list_maxima(old: str) -> str:
    """Every top-level list of every content schema that has a most-entries bound.

    Raises:
        SystemExit: No schema has one (the schemas were not found where the package keeps them).
    """
    from baldurs_rules.content import schema_dir

    rows = []
    for path in sorted(schema_dir().glob("*.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        for key, spec in schema.get("properties", {}).items():
            if isinstance(spec, Mapping) and "maxItems" in spec:
                rows.append([f"`{path.stem}.yaml`", f"`{key}`", f"{spec['maxItems']:,}"])
    if not rows:
        raise SystemExit(f"no list of the schemas in {schema_dir()} has a maxItems bound")
    return table(["File", "List", "Most entries"], rows)


def _checked(text: str) -> str:
    """The first message the effect language gives for the effect ``text`` (an income ability).

    Raises:
        SystemExit: It gives none: the example no longer reaches its limit.
    """
    from baldurs_rules.dsl.checker import Slot, Vocabulary, check_effect
    from baldurs_rules.dsl.parser import parse_effect
    from baldurs_rules.errors import DslSyntaxError

    try:
        problems = check_effect(parse_effect(text), Vocabulary.minimal(), Slot.INCOME)
    except DslSyntaxError as exc:
        return exc.message
    if not problems:
        raise SystemExit(f"the effect {text[:60]!r} reaches no limit: no message to show")
    return problems[0].message


def _too_much_work() -> str:
    """Repeats of repeats, the fewest whose work passes ``MAX_WORK``."""
    from baldurs_rules.dsl.checker import MAX_REPEAT, MAX_WORK

    nesting = 1
    while MAX_REPEAT**nesting <= MAX_WORK:
        nesting += 1
    return f"repeat {MAX_REPEAT}: " * nesting + "gain 1 gold"


def _too_long() -> str:
    from baldurs_rules.dsl.parser import MAX_SOURCE

    step = "gain 1 gold"
    return step + " " * (MAX_SOURCE + 1 - len(step))


def _too_deep() -> str:
    from baldurs_rules.dsl.parser import MAX_DEPTH

    return "repeat 1: " * MAX_DEPTH + "gain 1 gold"


def _big_number() -> str:
    from baldurs_rules.dsl.checker import MAX_NUMBER

    return f"gain {MAX_NUMBER + 1} gold"


def _many_repeats() -> str:
    from baldurs_rules.dsl.checker import MAX_REPEAT

    return f"repeat {MAX_REPEAT + 1}: gain 1 gold"


LIMIT_EFFECTS: dict[str, Callable[[], str]] = {
    "MAX_NUMBER": _big_number,
    "MAX_REPEAT": _many_repeats,
    "MAX_WORK": _too_much_work,
    "MAX_SOURCE": _too_long,
    "MAX_DEPTH": _too_deep,
}
"""For each limit of the effect language, an effect just past it."""


def limit_messages(old: str) -> str:
    """The table of messages with the message of every limit's row (its ``Cause`` is the
    limit's name as code) written again from an effect just past that limit; the other
    rows are kept as written.

    Raises:
        SystemExit: A row names a limit there is no example effect for.
    """
    lines = old.rstrip("\n").splitlines()
    header = cells(lines[0]) if lines else []
    if header[:2] != ["Message", "Cause"]:
        raise SystemExit(f"a messages table starts with 'Message | Cause', not {header}")
    rows = lines[:2]
    for line in lines[2:]:
        message, cause = cells(line)[:2]
        if cause.startswith("`MAX_"):
            name = cause.strip("`")
            if name not in LIMIT_EFFECTS:
                raise SystemExit(f"no example effect for the limit {name}: {sorted(LIMIT_EFFECTS)}")
            message = f"`{_checked(LIMIT_EFFECTS[name]())}`"
        rows.append(f"| {message} | {cause} |")
    return "\n".join(rows) + "\n"


PAGES: dict[str, Mapping[str, Part]] = {
    "security.md": {"list-maxima": list_maxima},
    "dsl.md": {"limit-messages": limit_messages},
}
"""The pages whose parts this module writes (their ``constants:`` tables are generic)."""
