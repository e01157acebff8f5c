"""The quick start's tables: the optional extras (from pyproject.toml) and the commands (from bbg).

The extras table lists each extra of ``[project.optional-dependencies]`` with the
distributions it adds, read from ``pyproject.toml``; what it is for is the page's own
words (the last cell of the extra's row), so a new extra without a row is refused. The
command table is every ``bbg`` command, its arguments and its one-line help.
"""

from __future__ import annotations

import re
import sys
from typing import Any

import click

from .cli import command, commands
from .common import ROOT, Part, words

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser, as hatchling installs it
    import tomli as tomllib

REQUIREMENT = re.compile(r"^[A-Za-z0-9._-]+")


def _project() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]  # type: ignore[no-any-return]


def _extras() -> dict[str, list[str]]:
    return _project()["optional-dependencies"]  # type: ignore[no-any-return]


def dependencies(old: str) -> str:
    """The runtime dependencies, as prose: ``a``, ``b`` and ``c``."""
    found = [m.group(0) for r in _project()["dependencies"] if (m := REQUIREMENT.match(r))]
    return words([f"`{name}`" for name in found])


def extras(old: str) -> str:
    """The extras table: name, the distributions it installs, what for."""
    kept = {}
    for line in old.splitlines()[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3:
            kept[cells[0].strip("`")] = cells[-1]
    lines = ["| Extra | Installs | For |", "|-------|----------|-----|"]
    for name, requirements in _extras().items():
        if name not in kept:
            raise SystemExit(f"docs/quickstart.md: the extras table has no row for {name!r}")
        found = [m.group(0) for r in requirements if (m := REQUIREMENT.match(r))]
        shown = ", ".join(dict.fromkeys(found))
        lines.append(f"| `{name}` | {shown} | {kept[name]} |")
    return "\n".join(lines) + "\n"


def _arguments(name: str) -> str:
    shown = []
    for param in command(name).params:
        if isinstance(param, click.Argument):
            arg = (param.name or "arg").upper()
            shown.append(arg if param.required else f"[{arg}]")
    return " ".join(shown)


def command_table(old: str) -> str:
    """Every bbg command with its arguments and its one-line help."""
    lines = ["| Command | Does |", "|---------|------|"]
    for name, summary in commands():
        usage = f"bbg {name} {_arguments(name)}".strip()
        lines.append(f"| [`{usage}`](cli.md#bbg-{name}) | {summary} |")
    return "\n".join(lines) + "\n"


PARTS: dict[str, Part] = {
    "extras": extras,
    "commands": command_table,
    "dependencies": dependencies,
    "python": lambda old: _project()["requires-python"].removeprefix(">="),
}
