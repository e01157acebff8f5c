"""Sample outputs and pictures of the pages other than rules, play and modding.

Most parts of these pages are generic (``python:`` snippets and ``console:`` commands,
see ``session.py``), so the pages only need to be listed here; the parts that
trim a long output and the board pictures are written by the functions below.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

from . import quickstart
from .common import Part, block, cli, inside, results_table

BOARD_PICTURES = {
    "images/board-start.svg": ["--seed", "7", "--players", "4"],
    "images/board-late.svg": ["--seed", "7", "--players", "4", "--moves", "120"],
}
"""The pictures of the home and rules pages, and the ``bbg render`` options that draw them."""


def _picture(options: list[str]) -> Callable[[], str]:
    def draw() -> str:
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "board.svg"
            said = cli(["render", *options, "--out", str(out)])
            moves = options[options.index("--moves") + 1] if "--moves" in options else "0"
            if f"after {moves} random moves" not in said:  # the captions promise that many
                raise SystemExit(f"bbg render {' '.join(options)}: {said.strip()}")
            return out.read_text(encoding="utf-8")

    return draw


def _trimmed(command: list[str], head: int, tail: int) -> Part:
    """``$ bbg COMMAND`` with its first ``head`` and last ``tail`` lines of output."""

    def make(old: str) -> str:
        lines = cli(command).rstrip("\n").splitlines()
        shown = lines if len(lines) <= head + tail else [*lines[:head], "...", *lines[-tail:]]
        return block("\n".join([f"$ bbg {' '.join(command)}", *shown]))

    return make


def bot_options(name: str) -> str:
    """The options of the bot ``name`` (its ``OPTIONS``; the heuristic weights as one item)."""
    from baldurs_rules.bots import BOTS, HEURISTIC_WEIGHTS

    if name not in BOTS:
        raise SystemExit(f"no bot {name!r}: the bots are {sorted(BOTS)}")
    keys = list(BOTS[name].OPTIONS)
    shown = [f"`{k}`" for k in keys if k not in HEURISTIC_WEIGHTS]
    if any(k in HEURISTIC_WEIGHTS for k in keys):
        shown.append("every weight")
    return ", ".join(shown) or "none"


BOTS_PAGE: dict[str, Part] = {
    "strength": lambda old: results_table("bots"),
}
"""The bots page's own parts: ``strength`` quotes the strength matches' last runs
(``benchmarks/bots.py match`` and ``benchmarks/openspiel_match.py``)."""

CLI: dict[str, Part] = {
    "replay": _trimmed(["replay", "games.jsonl", "--game", "3"], 8, 13),
}

PAGES: dict[str, Mapping[str, Part]] = {
    "index.md": {},
    "quickstart.md": quickstart.PARTS,
    "cli.md": CLI,
    "bots.md": BOTS_PAGE,
    "balance.md": {},
    "scenarios.md": {},
}
"""The pages whose parts this module (or a generic generator) writes."""

FILES: dict[str, Callable[[], str]] = {name: _picture(o) for name, o in BOARD_PICTURES.items()}

BALANCE_CHART = ["balance", "--games", "20", "--bots", "random", "--top", "8"]
"""The command of the balance page's table (its ``console:table`` part), whose chart the
page shows."""


def _balance_chart() -> bytes:
    with tempfile.TemporaryDirectory() as folder, inside(Path(folder)):
        said = cli(BALANCE_CHART)
        if "chart written to balance.png" not in said:
            raise SystemExit(f"bbg {' '.join(BALANCE_CHART)}: no chart: {said.strip()[-200:]}")
        return (Path(folder) / "balance.png").read_bytes()


CHARTS: dict[str, Callable[[], bytes]] = {"images/balance.png": _balance_chart}
"""Generated PNG files under docs/, by path. A chart is up to date when its figures (the
``Description`` metadata the chart is written with) are those of a new one: the pixels
depend on the matplotlib version, the figures only on the code and content."""
"""Whole generated files under docs/, by path."""
