"""The shape of every pending step and decision, to check saved games.

A saved game holds its pending work as plain tuples; before the engine may run
them, [`pending_problem`][baldurs_rules.rules.shapes.pending_problem] checks
that each has a known kind and arguments of the right kind and range.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from baldurs_rules.dsl import ast as A

if TYPE_CHECKING:
    from baldurs_rules.rules import Rules
    from baldurs_rules.rules.state import State

__all__ = ["DECISIONS", "FRAMES", "pending_problem"]

FRAMES: dict[str, tuple[str, ...]] = {
    "fx": ("nid", "seat", "here", "str", "flag"),
    "influence": ("seat", "faction", "amount", "str"),
    "draw_building": ("seat", "source", "str"),
    "ask_faction": ("seat", "amount", "str"),
    "build": ("seat", "card", "lot_node", "amount", "str"),
    "connect": ("node", "str"),
    "draw_lot": ("seat",),
    "attack": ("district", "flag"),
    "turn": ("seat",),
    "visit": ("seat", "location"),
    "income": ("seat",),
    "income_next": ("seat",),
    "end_turn": ("seat",),
    "finish": (),
    "score": (),
    "start": ("seat",),
    "draft": ("seat",),
    "keep": ("seat", "what", "count"),
}
"""Argument kinds of each frame kind."""

DECISIONS: dict[str, tuple[str, ...]] = {
    "turn": ("seat",),
    "trade": ("seat", "location"),
    "income": ("seat",),
    "choose": ("seat", "choose_nid", "here", "str"),
    "pay": ("seat", "paid_nid", "here", "str"),
    "faction": ("seat", "amount", "str"),
    "fort_site": ("seat", "fort", "district_any", "str"),
    "gate_site": ("seat", "fort", "district_any", "str"),
    "take": ("seat", "source", "str"),
    "build": ("seat", "tile_any", "amount", "str"),
    "draft": ("seat",),
    "keep": ("seat", "what", "count"),
}
"""Argument kinds of each decision kind."""


def _int_in(low: int, high: int) -> Callable[[Any], bool]:
    return lambda v: type(v) is int and low <= v <= high


def _tests(rules: Rules, state: State) -> dict[str, Callable[[Any], bool]]:
    t = rules.t
    nodes = t.program.nodes
    districts = len(t.districts)
    return {
        "seat": _int_in(0, state.players - 1),
        "nid": _int_in(0, len(nodes) - 1),
        "choose_nid": lambda v: _int_in(0, len(nodes) - 1)(v) and type(nodes[v]) is A.Choose,
        "paid_nid": lambda v: _int_in(0, len(nodes) - 1)(v) and type(nodes[v]) is A.Paid,
        "here": _int_in(-1, districts - 1),
        "district": _int_in(0, districts - 1),
        "district_any": _int_in(-1, districts - 1),
        "str": lambda v: isinstance(v, str),
        "flag": _int_in(0, 1),
        "faction": _int_in(0, len(t.factions) - 1),
        "amount": _int_in(0, 999),
        "source": _int_in(0, 2),
        "card": lambda v: v in t.tile_of,
        "lot_node": lambda v: type(v) is int and v in t.node_lot,
        "node": _int_in(0, len(t.node_ids) - 1),
        "location": _int_in(0, len(t.locations) - 1),
        "fort": _int_in(0, len(t.defense) - 1),
        "tile_any": _int_in(-1, len(t.tiles) - 1),
        "what": _int_in(0, 1),
        "count": _int_in(1, 99),
    }


def _shape_problem(
    item: Any, shapes: dict[str, tuple[str, ...]], tests: dict[str, Any], what: str
) -> str | None:
    if not isinstance(item, tuple) or not item or item[0] not in shapes:
        return f"unknown {what} {item[:1] if isinstance(item, tuple) else item!r}"
    kinds = shapes[item[0]]
    args = item[1:]
    if len(args) != len(kinds):
        return f"{what} {item[0]!r} needs {len(kinds)} arguments, not {len(args)}"
    for position, (kind, value) in enumerate(zip(kinds, args, strict=True), 1):
        if isinstance(value, bool) or not tests[kind](value):
            return f"{what} {item[0]!r}: argument {position} ({kind}) is wrong: {value!r}"
    return None


def pending_problem(rules: Rules, state: State) -> str | None:
    """The first malformed pending step or decision, described; None when all are fine."""
    tests = _tests(rules, state)
    for frame in state.stack:
        problem = _shape_problem(frame, FRAMES, tests, "pending step")
        if problem:
            return problem
        if frame[0] == "build" and frame[2] not in state.hand[frame[1]]:
            return f"pending build of {frame[2]!r}, which is not in seat {frame[1]}'s hand"
    if state.decision is not None:
        return _shape_problem(state.decision, DECISIONS, tests, "decision")
    return None
