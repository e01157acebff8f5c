"""Small helpers shared by the rule tests (tests/rules/, tests/core/ and others).

Not a test module itself: it builds positions and reads the state in the
words of RULES.md, so each test says only what its rule is about.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import baldurs_rules as br
from baldurs_rules.rules import Rules
from baldurs_rules.rules.state import LOT_AVAILABLE, LOT_BANNED, LOT_BUILT, LOT_HIDDEN

__all__ = [
    "ALL_LOTS",
    "LOT_AVAILABLE",
    "LOT_BANNED",
    "LOT_BUILT",
    "LOT_HIDDEN",
    "RUNS_COMPILED",
    "closed_city",
    "events_of",
    "legal",
    "mod_content",
    "node",
    "play",
    "play_randomly",
    "res",
    "tables",
]

ALL_LOTS = range(1, 37)

RUNS_COMPILED = br.BUILD == "compiled (mypyc)"
"""Whether the mypyc-compiled modules run (``br.BUILD``; tests/build/test_build_kind.py pins it)."""


def tables(game: br.Game) -> Any:
    """The content's lookup tables (node indices, districts, ...)."""
    return Rules.of(game.content).t


def node(game: br.Game, ident: str | int) -> int:
    """The node index of a site id (``eastway_gate``) or a lot number."""
    t = tables(game)
    return t.lot_node[ident] if isinstance(ident, int) else t.node_index[ident]


def res(game: br.Game, seat: int) -> dict[str, int]:
    """A seat's resources by name."""
    t = tables(game)
    return dict(zip(t.resource_ids, game.state.res[seat], strict=True))


def legal(game: br.Game) -> list[str]:
    """The legal actions as notation."""
    return [str(a) for a in game.legal_actions()]


def play(game: br.Game, *actions: str) -> None:
    """Apply each action (notation) in turn."""
    for action in actions:
        game.apply(action)


def events_of(game: br.Game, start: int = 0, kind: str | None = None) -> list[dict[str, Any]]:
    """Events logged since index ``start`` (of one kind, if given)."""
    return [e for e in game.events[start:] if kind is None or e["kind"] == kind]


def closed_city(
    hidden: list[int] | tuple[int, ...] = (),
    available: list[int] | tuple[int, ...] = (),
    built: list[int] | tuple[int, ...] = (),
) -> dict[str, Any]:
    """Scenario keys for a city where every lot is revealed except ``hidden``.

    The first hidden lot is the face-down final token, the others are the bag.
    Every lot neither hidden, available nor built is banned (its token is on its
    district's track), so which lot token comes out of the bag is known.
    """
    hidden = list(hidden)
    keep = set(hidden) | set(available) | set(built)
    spec: dict[str, Any] = {
        "available": list(available),
        "banned": [n for n in ALL_LOTS if n not in keep],
        "bag": hidden[1:],
    }
    if hidden:
        spec["final_token"] = hidden[0]
    return spec


def mod_content(tmp_path: Path, **files: str) -> br.Content:
    """A mod over the default content: ``mod.yaml`` plus the given files (name=YAML text)."""
    (tmp_path / "mod.yaml").write_text("name: test\n", encoding="utf-8")
    for name, text in files.items():
        (tmp_path / f"{name}.yaml").write_text(text, encoding="utf-8")
    return br.load_content(tmp_path, cache=False)


def play_randomly(game: br.Game, seed: int, limit: int = 5000) -> list[str]:
    """Play uniformly random legal actions to the end; return their notation."""
    rng = random.Random(seed)
    played = []
    for _ in range(limit):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        played.append(str(action))
        game.apply(action)
    return played
