"""Invariants of the data: plain values, the log, the caches and the final scores."""

from __future__ import annotations

from typing import Any

from baldurs_rules.engine.machine import Record
from baldurs_rules.invariants.base import Checked, parts
from baldurs_rules.rules import Rules, pending
from baldurs_rules.rules.core import districts_occupied, largest_network
from baldurs_rules.rules.scoring import STEPS
from baldurs_rules.rules.shapes import event_problem
from baldurs_rules.rules.state import FIELDS, State

__all__ = [
    "caches_consistent",
    "events_well_formed",
    "plain_data",
    "prestige_matches_events",
    "scores_consistent",
]


def plain_data(game: Checked) -> list[str]:
    """Every field holds plain data: whole numbers (never a float), text, lists, tuples,
    dicts with text keys, booleans, None, and the frames and asks of the game's kinds
    (records of plain values, see [`baldurs_rules.rules.pending`][]). The log is checked
    event by event by
    [`events_well_formed`][baldurs_rules.invariants.events_well_formed]."""
    _, state = parts(game)
    problems = []
    for name in FIELDS:
        if name != "events":
            bad = _first_unplain(getattr(state, name))
            if bad is not None:
                problems.append(f"field {name!r} holds {bad!r}, which is not plain data")
    return problems


KNOWN: frozenset[type[Record]] = frozenset([*pending.FRAMES.values(), *pending.ASKS.values()])
"""The classes of the game's frames and asks."""


def _first_unplain(value: Any) -> Any:
    todo = [value]
    while todo:
        item = todo.pop()
        kind = type(item)
        if item is None or kind in (int, str, bool):
            continue
        if kind in (list, tuple):
            todo.extend(item)
        elif kind in KNOWN:  # a frame or an ask of the game
            todo.extend(item.values())
        elif kind is dict:
            for key, inner in item.items():
                if type(key) is not str:
                    return key
                todo.append(inner)
        else:
            return item
    return None


def events_well_formed(game: Checked) -> list[str]:
    """Every event of the log has a known kind, seat and cause, and values of the right kind
    (see [`event_problem`][baldurs_rules.rules.shapes.event_problem])."""
    rules, state = parts(game)
    for number, event in enumerate(state.events, 1):
        problem = event_problem(rules, event, state.players)
        if problem:
            return [f"event {number}: {problem}"]
    return []


def prestige_matches_events(game: Checked) -> list[str]:
    """Each player's prestige is the sum of the prestige changes in the log.

    Only for a game that has recorded its log from the start (``state.logging``).
    """
    rules, state = parts(game)
    if not state.logging:
        return []
    logged = [0] * state.players
    score = rules.t.resource_ids[rules.t.prestige]
    for event in state.events:  # ("resource", seat, cause, resource, delta)
        if event[0] == "resource" and event[3] == score:
            logged[event[1]] += event[4]
    actual = [row[rules.t.prestige] for row in state.res]
    return [] if logged == actual else [f"prestige {actual} but the log sums to {logged}"]


def caches_consistent(game: Checked) -> list[str]:
    """What the state caches agrees with its fields: the available lots, and the legal
    answers of the pending decision (when listed)."""
    rules, state = parts(game)
    problems = []
    expected = state.available_from_lots(rules.t.lot_nodes)
    if state.available != expected:
        problems.append(f"available lots {state.available} but the lots say {expected}")
    if state.options is not None:
        decision = state.decision
        if decision is None or (
            rules.machine.decisions[type(decision)].options(state, decision) != state.options
        ):
            problems.append("the cached legal answers are not those of the pending decision")
    return problems


def scores_consistent(game: Checked) -> list[str]:
    """The final scores agree with the state: prestige, the steps that can be counted again
    (network, districts, leftovers), the tie-breaks, the ranking and the winners."""
    rules, state = parts(game)
    scores = state.scores
    if scores is None:
        return []
    t, seats = rules.t, range(state.players)
    prestige = [row[t.prestige] for row in state.res]
    steps, ties = scores.get("steps", {}), scores.get("tie_breaks", {})
    names = list(rules.settings["scoring"]["tie_breaks"])
    if list(steps) != list(STEPS) or list(ties) != names:
        return [f"scores with steps {list(steps)} and tie-breaks {list(ties)}"]
    problems = []
    totals = [scores["before_scoring"][s] + sum(steps[k][s] for k in STEPS) for s in seats]
    if scores["prestige"] != prestige or totals != prestige:
        problems.append(f"scored prestige {scores['prestige']} (steps {totals}), but {prestige}")
    again = _recount(rules, state)
    for name, values in again.items():
        table = ties if name in ties else steps
        if name in table and table[name] != values:
            problems.append(f"the {name!r} of the scores is {table[name]}, but counts {values}")
    if ties.get("agenda_prestige", steps["agendas"]) != steps["agendas"]:
        problems.append("the agenda tie-break is not the prestige from agendas")
    ranking, winners = _ranked(prestige, [ties[name] for name in names])
    if scores["ranking"] != ranking or scores["winners"] != winners:
        problems.append(
            f"ranking {scores['ranking']}, winners {scores['winners']}: not {ranking}, {winners}"
        )
    if scores.get("truncated", False) != bool(state.bag):
        problems.append("the scores say the game was truncated, but the bag says otherwise")
    if state.logging and (
        not state.events or state.events[-1] != ("game_over", -1, "score", winners)
    ):
        problems.append("the log does not end with the game over and its winners")
    return problems


def _ranked(prestige: list[int], ties: list[list[int]]) -> tuple[list[int], list[int]]:
    """The ranking (most prestige first, then the tie-breaks, then seat order) and winners."""

    def key(s: int) -> tuple[int, ...]:
        return (prestige[s], *(tie[s] for tie in ties))

    ranking = sorted(range(len(prestige)), key=lambda s: (tuple(-k for k in key(s)), s))
    return ranking, [s for s in ranking if key(s) == key(ranking[0])]


def _recount(rules: Rules, state: State) -> dict[str, list[int]]:
    """What the scoring steps and tie-breaks count, from the final state."""
    t, settings, seats = rules.t, rules.settings["scoring"], range(state.players)
    table = settings["districts"]
    found = {
        "network": [largest_network(t, state, s) * settings["network_per_piece"] for s in seats],
        "districts": [table[min(districts_occupied(t, state, s), len(table) - 1)] for s in seats],
        "portfolio_buildings": [
            sum(1 for c in state.portfolio[s] if c in t.tile_of) for s in seats
        ],
        "fortifications": [
            sum(
                1
                for n, who in enumerate(state.owner)
                if who == s and t.node_kind[n] in ("fortification", "gate")
            )
            for s in seats
        ],
    }
    if t.prestige not in t.leftovers:  # otherwise the prestige scored changed what counts
        divisor = settings["leftovers_divisor"]
        found["leftovers"] = [
            (sum(state.res[s][i] for i in t.leftovers) + len(state.hand[s])) // divisor
            for s in seats
        ]
    return found
