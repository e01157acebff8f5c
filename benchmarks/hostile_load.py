"""Load time of the worst content inputs we know: each a mod over the default content.

Run ``python benchmarks/hostile_load.py``. Every input is written to a
temporary mod directory and loaded with the cache off, in this process (the
default content's files are parsed once and reused, as in any process that
loads several mods). Prints the time of each and the slowest; docs/security.md
quotes the figures. Whether each is accepted or refused is printed too.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ["BALDURS_RULES_CACHE"] = "0"

from baldurs_rules import RulesError, load_content
from baldurs_rules.content.files import MAX_BYTES
from baldurs_rules.content.yamlio import MAX_NODES
from baldurs_rules.dsl.parser import MAX_SOURCE


def _cards(count: int, effect: str) -> str:
    card = "  - {{id: card_{i}, name: Card {i}, type: market, cost: 3, income: {e}}}\n"
    return "buildings:\n" + "".join(card.format(i=i, e=effect) for i in range(count))


def _long_effect() -> str:
    steps = "; ".join(["gain 1 gold"] * 200)
    return '"' + steps[: MAX_SOURCE - 2].rsplit(";", 1)[0] + '"'


def _bomb() -> str:
    lines = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for i in range(1, 9):
        lines.append(f"{chr(97 + i)}: &{chr(97 + i)} [" + ", ".join([f"*{chr(96 + i)}"] * 9) + "]")
    return "\n".join(lines) + "\n"


INPUTS: dict[str, tuple[str, Callable[[], str]]] = {
    "flow list, 3 x MAX_NODES values": (
        "gates.yaml",
        lambda: "gates: [" + ", ".join(["1"] * 3 * MAX_NODES) + "]\n",
    ),
    "block list, 3 x MAX_NODES values": (
        "gates.yaml",
        lambda: "gates:\n" + "  - 1\n" * 3 * MAX_NODES,
    ),
    "just under MAX_NODES values, all wrong": (
        "gates.yaml",
        lambda: "gates: [" + ", ".join(["1"] * (MAX_NODES - 3)) + "]\n",
    ),
    "500 cards (the most), one effect each": (
        "buildings.yaml",
        lambda: _cards(500, '"gain 1 gold; draw 1 building"'),
    ),
    "cards with MAX_SOURCE-long effects, to MAX_BYTES": (
        "buildings.yaml",
        lambda: _cards(MAX_BYTES // (MAX_SOURCE + 80), _long_effect()),
    ),
    "MAX_BYTES of comment": ("gates.yaml", lambda: "#" * (MAX_BYTES - 2) + "\n"),
    "MAX_BYTES plain scalar": ("gates.yaml", lambda: "a: " + "x" * (MAX_BYTES - 5) + "\n"),
    "MAX_BYTES quoted scalar": ("gates.yaml", lambda: 'a: "' + "x" * (MAX_BYTES - 7) + '"\n'),
    "alias bomb (9 ** 9 values)": ("gates.yaml", _bomb),
    "deep flow nesting, MAX_BYTES": ("gates.yaml", lambda: "[" * (MAX_BYTES - 1) + "\n"),
    "1 GB sparse file": ("gates.yaml", lambda: ""),
}


def main() -> int:
    load_content(cache=False)  # parse the default content once
    slowest = ("", 0.0)
    with tempfile.TemporaryDirectory() as tmp:
        for name, (file, make) in INPUTS.items():
            mod = Path(tmp) / name.replace(" ", "_").replace("/", "_")
            mod.mkdir()
            (mod / "mod.yaml").write_text("name: Worst\n", "utf-8")
            if name.startswith("1 GB"):
                with open(mod / file, "wb") as handle:
                    handle.truncate(1 << 30)
            else:
                (mod / file).write_text(make(), "utf-8")
            start = time.perf_counter()
            try:
                load_content(mod, cache=False)
                outcome = "accepted"
            except RulesError as exc:
                outcome = f"refused ({len(exc.problems)} problems)"
            elapsed = time.perf_counter() - start
            slowest = max(slowest, (name, elapsed), key=lambda x: x[1])
            print(f"{name:52} {elapsed * 1000:8.0f} ms  {outcome}")
    print(f"slowest: {slowest[0]}, {slowest[1] * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
