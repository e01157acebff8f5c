"""Lists of the bots, read from the bot registry (``baldurs_rules.bots.BOTS``).

A part ``bots:NAME`` quotes the registered bots, weakest first
([`bot_names`][baldurs_rules.bots.bot_names]): ``bots:names`` as code words
(```random`, `greedy`, ...``), ``bots:described`` with each bot's one-line
description (the first line of its docstring), and ``bots:table`` as the table of the
bots page (name, description, options). A bot added to the registry shows up in every
list at the next ``python -m tools.docgen``.
"""

from __future__ import annotations

from collections.abc import Callable


def _names() -> str:
    from baldurs_rules.bots import bot_names

    names = [f"`{name}`" for name in bot_names()]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def _lowered(summary: str) -> str:
    text = summary.rstrip(".")
    return text[:1].lower() + text[1:]


def _described() -> str:
    from baldurs_rules.bots import bot_summaries

    return "; ".join(f"`{name}`: {_lowered(text)}" for name, text in bot_summaries().items())


def _table() -> str:
    from baldurs_rules.bots import bot_summaries

    from .samples import bot_options

    rows = ["| Bot | What it does | Options |", "|-----|--------------|---------|"]
    rows += [
        f"| `{name}` | {_lowered(text)} | {bot_options(name)} |"
        for name, text in bot_summaries().items()
    ]
    return "\n".join(rows) + "\n"


LISTS: dict[str, Callable[[], str]] = {
    "names": _names,
    "described": _described,
    "table": _table,
}


def quote_bots(name: str) -> str:
    """The list ``name`` of ``LISTS`` (the rest of a part named ``bots:NAME``).

    Raises:
        SystemExit: No such list (the message names the lists there are).
    """
    if name not in LISTS:
        raise SystemExit(f"no bot list {name!r}: the lists are {sorted(LISTS)}")
    return LISTS[name]()
