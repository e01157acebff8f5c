"""The command line page's usage lines and option tables, read from the click commands.

A part ``usage:CMD`` is the usage of ``bbg CMD`` (``content.export`` for a subcommand):
every argument and option with its default, wrapped as a shell would show it. A part
``options:CMD`` is its option table: the option, its default and what it accepts are
read from click's parameters (a default written in the help as ``[default: X]`` counts),
so they cannot drift; the meaning is the page's own sentence for an option it already
explains, else click's help text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import click

from .common import Part, block

WIDTH = 92
"""Where the usage lines wrap."""

HELP_DEFAULT = re.compile(r"\s*\[default: ([^\]]+)\]")


def command(path: str) -> click.Command:
    """The click command of ``bbg PATH`` (``simulate``, ``content.export``).

    Raises:
        SystemExit: No such command (the message names the commands there are).
    """
    from baldurs_rules.cli import main

    found: click.Command = main
    for step in path.split("."):
        commands = getattr(found, "commands", {})
        if step not in commands:
            raise SystemExit(f"no command 'bbg {path.replace('.', ' ')}': {sorted(commands)}")
        found = commands[step]
    return found


def commands() -> list[tuple[str, str]]:
    """(name, one-line help) of every ``bbg`` command, in alphabetical order."""
    from baldurs_rules.cli import main

    return [
        (name, cmd.get_short_help_str(limit=300)) for name, cmd in sorted(main.commands.items())
    ]


def _unset(value: Any) -> bool:
    return value is None or type(value).__name__ == "Sentinel" or value == ()


def _metavar(param: click.Parameter) -> str:
    kind = param.type
    if param.metavar:
        return param.metavar
    if isinstance(kind, click.Choice):
        return "|".join(str(c) for c in kind.choices)
    if isinstance(kind, click.types.IntParamType):
        return "N"
    if isinstance(kind, click.types.FloatParamType):
        return "X"
    if isinstance(kind, click.Path):
        return "DIR" if kind.dir_okay and not kind.file_okay else "FILE"
    if isinstance(param, click.Option):
        return param.opts[-1].lstrip("-").upper()
    return (param.name or "value").upper()


def default(param: click.Parameter) -> str | None:
    """The default of an option as the user sees it, or None when it has none."""
    found = HELP_DEFAULT.search(getattr(param, "help", None) or "")
    if found:
        return found.group(1)
    if isinstance(param, click.Option) and param.is_flag and not param.secondary_opts:
        return None
    if isinstance(param, click.Option) and param.secondary_opts:
        return (param.opts if param.default else param.secondary_opts)[0].lstrip("-")
    if _unset(param.default):
        return None
    return str(param.default)


def _usage_pieces(param: click.Parameter) -> str:
    if isinstance(param, click.Argument):
        name = (param.name or "arg").upper()
        return name if param.required else f"[{name}]"
    assert isinstance(param, click.Option)
    flag = param.opts[-1]
    if param.is_flag:
        both = "/".join([param.opts[-1], *param.secondary_opts])
        return f"[{both}]"
    shown = default(param)
    plain = shown is not None and " " not in shown and not isinstance(param.type, click.Choice)
    value = shown if plain else _metavar(param)
    return f"{flag} {value}" if param.required else f"[{flag} {value}]"


def usage(path: str) -> str:
    """The usage block of ``bbg PATH``: every argument and option, each with its default."""
    cmd = command(path)
    pieces = [_usage_pieces(p) for p in cmd.params if not getattr(p, "hidden", False)]
    pieces += ["COMMAND"] if isinstance(cmd, click.Group) else []
    start = f"bbg {path.replace('.', ' ')}"
    lines, line = [], start
    for piece in pieces:
        if len(line) + 1 + len(piece) > WIDTH and line.strip():
            lines.append(line)
            line = " " * len(start)
        line += " " + piece
    return block("\n".join([*lines, line]), "text")


def _accepts(param: click.Parameter) -> str:
    kind = param.type
    if isinstance(kind, click.Choice):
        return " or ".join(f"`{c}`" for c in kind.choices)
    if isinstance(kind, (click.IntRange, click.FloatRange)):
        low, high = kind.min, kind.max
        if low is not None and high is not None:
            return f"{low} to {high}"
        return f"at least {low}" if low is not None else f"at most {high}"
    if isinstance(param, click.Option) and param.is_flag:
        return "flag"
    if isinstance(kind, click.Path):
        what = "directory" if not kind.file_okay else "file" if not kind.dir_okay else "path"
        return f"an existing {what}" if kind.exists else f"a {what}"
    return {"integer": "a whole number", "float": "a number", "text": "text"}.get(
        kind.name, kind.name
    )


def _name(param: click.Option) -> str:
    names = ", ".join(f"`{o}`" for o in [*param.opts, *param.secondary_opts])
    shown = _metavar(param)
    shown = param.opts[-1].lstrip("-").upper() if "|" in shown else shown  # a table's cell
    return names if param.is_flag else names[:-1] + f" {shown}`"


def _kept_meanings(old: str) -> dict[str, str]:
    """The page's own meaning (last cell) of each option row of the old table."""
    kept = {}
    for line in old.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        found = re.search(r"`(--[\w-]+)", cells[0]) if len(cells) >= 3 else None
        if found and cells[-1] and not set(cells[-1]) <= {"-"}:
            kept[found.group(1)] = cells[-1]
    return kept


def _rows(cmd: click.Command, old: str) -> Iterator[list[str]]:
    kept = _kept_meanings(old)
    for param in cmd.params:
        if not isinstance(param, click.Option) or param.hidden:
            continue
        helped = HELP_DEFAULT.sub("", param.help or "").strip()
        # a --bots option's help lists the bot registry: the page's sentence would go stale
        listed = type(param).__name__ == "BotsOption"
        meaning = (
            helped if listed else kept.get(param.opts[-1]) or kept.get(param.opts[0]) or helped
        )
        if not meaning:
            raise SystemExit(f"bbg {cmd.name} {param.opts[-1]}: no help and no meaning on the page")
        shown = "required" if param.required else default(param)
        shown = "off" if shown is None and param.is_flag else (shown or "—")
        quoted = shown if shown in {"off", "—", "required"} else f"`{shown}`"
        yield [_name(param), quoted, _accepts(param), meaning]


def options(path: str) -> Part:
    """The option table of ``bbg PATH`` (a generator keeping the page's meanings)."""

    def make(old: str) -> str:
        rows = list(_rows(command(path), old))
        lines = [
            "| Option | Default | Accepts | Meaning |",
            "|--------|---------|---------|---------|",
        ]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(lines) + "\n"

    return make
