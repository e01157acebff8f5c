"""The architecture page and the API page's module table, from the code itself.

The floors come from the import contract in ``pyproject.toml`` (the one ``lint-imports``
checks), what each package holds from the first line of its docstring, and the kinds
of pending work from their classes: the page cannot drift from the code.
"""

from __future__ import annotations

import importlib
import re
import warnings
from collections.abc import Mapping

import tomllib

from .common import ROOT, Part

PACKAGE = "baldurs_rules"


def floors() -> list[list[str]]:
    """The layers of the ``floors`` contract, top first: the names on each floor."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "floors")
    return [[name.strip() for name in re.split(r"[|:]", layer)] for layer in contract["layers"]]


def summary(module: str) -> str:
    """The first line of a module's docstring."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = importlib.import_module(module).__doc__ or ""
    return doc.strip().splitlines()[0] if doc.strip() else ""


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def where(old: str) -> str:
    """One row per package and root module: its floor, what it holds, what it may import."""
    layers = floors()
    rows = ["| Floor | Package or module | What it holds | May import |", "|---|---|---|---|"]
    for depth, names in enumerate(layers):
        number = len(layers) - depth
        below = f"floors 1 to {number - 1}" if number > 2 else ("floor 1" if number == 2 else "—")
        for name in names:
            kind = "package" if (ROOT / PACKAGE / name).is_dir() else "module"
            shown = f"`{name}/`" if kind == "package" else f"`{name}.py`"
            text = _cell(summary(f"{PACKAGE}.{name}"))
            rows.append(f"| {number} | {shown} | {text} | {below} |")
    return "\n".join(rows) + "\n"


def layers(old: str) -> str:
    """The floors as the contract lists them, top first, siblings on one line."""
    lines = []
    for depth, names in enumerate(floors()):
        number = len(floors()) - depth
        lines.append(f"{number:>2}. " + " · ".join(f"`{n}`" for n in names))
    return "```text\n" + "\n".join(lines) + "\n```\n"


def kinds(old: str) -> str:
    """Every kind of frame and ask, its class and its fields, in order."""
    from baldurs_rules.rules import pending

    rows = ["| Kind | Frame or ask | Class | Fields |", "|---|---|---|---|"]
    for what, registry in (("frame", pending.FRAMES), ("ask", pending.ASKS)):
        for kind, cls in sorted(registry.items()):
            fields = ", ".join(f"`{f}`" for f in cls.FIELDS) or "—"
            rows.append(f"| `{kind}` | {what} | `{cls.__name__}` | {fields} |")
    return "\n".join(rows) + "\n"


def modules(old: str) -> str:
    """The API page's table: each module it documents (``::: name``), with its docstring line."""
    page = (ROOT / "docs" / "api.md").read_text("utf-8")
    names = list(dict.fromkeys(re.findall(r"^::: (baldurs_rules[\w.]*)$", page, re.M)))
    rows = ["| Module | What it is for |", "|--------|----------------|"]
    rows += [f"| [`{n}`](#{n}) | {_cell(summary(n))} |" for n in names]
    return "\n".join(rows) + "\n"


PAGES: dict[str, Mapping[str, Part]] = {
    "architecture.md": {"where": where, "floors": layers, "kinds": kinds},
    "api.md": {"modules": modules},
}
"""The generated parts of the architecture and API pages."""
