"""Set up a position directly, to test a rule or a card at the exact situation.

A scenario is a dict (or YAML text) that says only what matters; everything
else is empty or derived. See ``docs/scenarios.md`` for every key.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.scenario('''
    ... players: 2
    ... seats:
    ...   - resources: {gold: 5}
    ...     hand: [elfsong_tavern]
    ...   - {}
    ... available: [1, 2]
    ... ''')
    >>> [str(a) for a in game.legal_actions()][:2]
    ['build elfsong_tavern 1', 'build elfsong_tavern 2']
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from baldurs_rules.content.model import Content
from baldurs_rules.content.yamlio import read_yaml_text
from baldurs_rules.engine.rng import seed_state, shuffle
from baldurs_rules.errors import ContentError, StateError, did_you_mean, quoted
from baldurs_rules.invariants import Position, check_all
from baldurs_rules.rules import Rules
from baldurs_rules.rules.core import log
from baldurs_rules.rules.pending import TurnFrame
from baldurs_rules.rules.state import LOT_AVAILABLE, LOT_BANNED, LOT_BUILT, LOT_HIDDEN, State
from baldurs_rules.serialize import field_checks

__all__ = ["SCENARIO_DEFAULTS", "SCENARIO_KEYS", "SEAT_KEYS", "ScenarioStart", "scenario_start"]

SCENARIO_DEFAULTS: dict[str, Any] = {
    "players": 2,
    "seed": 0,
    "advanced": False,
    "active": 0,
    "turn": 0,
    "end_triggered": False,
    "strength": 0,
}
"""The value of each top-level key of a scenario that has a fixed default (the
other keys default to what is derived from the rest, see the Scenarios page)."""

SCENARIO_KEYS = {
    "players",
    "seed",
    "advanced",
    "active",
    "turn",
    "seats",
    "lots",
    "sites",
    "available",
    "banned",
    "final_token",
    "bag",
    "tracks",
    "strength",
    "damage",
    "offer",
    "deck",
    "discard",
    "agenda_deck",
    "gate_deck",
    "piles",
    "end_triggered",
}
SEAT_KEYS = {"hq", "resources", "hand", "agendas", "portfolio", "influence", "worker"}


@dataclass(frozen=True)
class ScenarioStart:
    """A checked scenario: the state at its first decision, and the spec as plain data.

    [`scenario`][baldurs_rules.game.scenario] makes a game of it; the game's record
    keeps ``spec``, so [`replay`][baldurs_rules.game.replay] sets up the same position.
    """

    state: State
    spec: dict[str, Any]


def scenario_start(spec: dict[str, Any] | str | Path, content: Content) -> ScenarioStart:
    """Set up the state a scenario describes, check it, and run it to its first decision.

    Args:
        spec: A dict, YAML text, or a path to a YAML file (see ``docs/scenarios.md``).
        content: The content to play.

    Raises:
        StateError: Unknown keys or ids (with suggestions), or an impossible position.
    """
    data = _plain(_read(spec))
    builder = _Scenario(content, data)
    try:
        state = builder.build()
    except (AttributeError, IndexError, KeyError, TypeError, ValueError, OverflowError) as exc:
        raise StateError(f"scenario is malformed ({type(exc).__name__}: {exc})") from None
    builder.rules.refresh(state)
    _check_fields(builder.rules, state)
    problems = check_all(Position(content, state, data))
    if problems:
        raise StateError("scenario is inconsistent: " + "; ".join(problems))
    builder.rules.machine.run(state)
    return ScenarioStart(state, data)


def _plain(spec: dict[str, Any]) -> dict[str, Any]:
    """The spec as JSON data (what a record keeps of it, to replay the game)."""
    try:
        data: dict[str, Any] = json.loads(json.dumps(spec, allow_nan=False))
    except (TypeError, ValueError, RecursionError) as exc:
        raise StateError(f"a scenario must be plain data (as in YAML or JSON): {exc}") from None
    return data


def _check_fields(rules: Rules, state: State) -> None:
    """Every field has a value a saved game could have (types, ranges, seats)."""
    data = state.to_dict()
    for name, check in field_checks(rules, state.players).items():
        if not check(data[name]):
            raise StateError(f"scenario gives an impossible {name!r}: {quoted(data[name])}")


def _read(spec: dict[str, Any] | str | Path) -> dict[str, Any]:
    if isinstance(spec, Path):
        spec = spec.read_text(encoding="utf-8")
    if isinstance(spec, str):
        try:
            spec = read_yaml_text(spec, "<scenario>").data or {}
        except ContentError as exc:
            raise StateError(exc.problems) from None
    if not isinstance(spec, dict):
        raise StateError("a scenario must be a mapping of keys to values")
    return spec


class _Scenario:
    def __init__(self, content: Content, data: dict[str, Any]) -> None:
        self.content = content
        self.data = {**SCENARIO_DEFAULTS, **data}  # every defaulted key has its value
        self.rules = Rules.of(content)
        self.t = self.rules.t
        _keys(data, SCENARIO_KEYS, "scenario key")

    def ident(self, value: Any, known: Iterable[str], what: str) -> str:
        options = list(known)
        if value not in options:
            raise StateError(f"unknown {what} {value!r}{did_you_mean(str(value), options)}")
        return str(value)

    def lot(self, number: Any) -> int:
        if isinstance(number, str) and number.isdigit():
            number = int(number)
        if type(number) is not int or number not in self.t.lot_node:
            raise StateError(f"unknown lot {number!r} (lots are 1 to {len(self.t.lot_node)})")
        return self.t.lot_node[number]

    def build(self) -> State:
        data = self.data
        players = data["players"]
        low, high = self.rules.settings["players"]["min"], self.rules.settings["players"]["max"]
        if type(players) is not int or not low <= players <= high:
            raise StateError(f"'players' must be a whole number from {low} to {high}")
        state = self.rules.setup.empty(players, int(data["seed"]), bool(data["advanced"]))
        state.rng = seed_state(int(data["seed"]))
        seats = data.get("seats") or [{} for _ in range(players)]
        if not isinstance(seats, list) or len(seats) != players:
            raise StateError(f"'seats' must list {players} seats")
        for seat, spec in enumerate(seats):
            self.seat(state, seat, spec or {})
        self.hqs(state, seats)
        self.map(state)
        self.lots(state)
        self.cards(state)
        self.tables(state)
        for seat in range(players):  # the log explains every point of prestige
            prestige = state.res[seat][self.t.prestige]
            if prestige:
                score = self.t.resource_ids[self.t.prestige]
                log(state, "resource", seat, "scenario", score, prestige)
        active = data["active"]
        if type(active) is not int or not 0 <= active < players:
            raise StateError(f"'active' must be a seat from 0 to {players - 1}")
        state.active, state.phase, state.turn = active, "play", int(data["turn"])
        state.end_triggered = bool(data["end_triggered"])
        state.stack = [TurnFrame(active)]
        return state

    def seat(self, state: State, seat: int, spec: dict[str, Any]) -> None:
        _keys(spec, SEAT_KEYS, f"key of seat {seat}")
        t, content = self.t, self.content
        state.res[seat] = [0] * len(t.resource_ids)
        for res, amount in (spec.get("resources") or {}).items():
            state.res[seat][t.resource_index[self.ident(res, t.resource_ids, "resource")]] = amount
        for faction, level in (spec.get("influence") or {}).items():
            state.influence[seat][t.faction_index[self.ident(faction, t.factions, "faction")]] = (
                level
            )
        state.hand[seat] = [
            self.ident(c, content.buildings, "building card") for c in spec.get("hand") or []
        ]
        state.agendas[seat] = [
            self.ident(c, content.agendas, "agenda") for c in spec.get("agendas") or []
        ]
        cards = list(content.buildings) + list(content.gates)
        state.portfolio[seat] = tuple(
            self.ident(c, cards, "portfolio card") for c in spec.get("portfolio") or []
        )
        worker = spec.get("worker")
        state.worker[seat] = (
            -1 if worker is None else t.location_index[self.ident(worker, t.locations, "location")]
        )

    def hqs(self, state: State, seats: list[Any]) -> None:
        taken = {s.get("hq") for s in seats if s and s.get("hq")}
        spare = [h for h in self.content.hqs if h not in taken]
        for seat, spec in enumerate(seats):
            hq = (spec or {}).get("hq") or spare.pop(0)
            self.rules.setup.place_hq(state, seat, self.ident(hq, self.content.hqs, "HQ card"))
        state.events, state.events_shared = [], False  # never cleared in place: a copy may share it

    def map(self, state: State) -> None:
        t, content = self.t, self.content
        for number, spec in (self.data.get("lots") or {}).items():
            node = self.lot(number)
            card = self.ident(spec.get("building"), content.buildings, "building card")
            owner = spec.get("owner")
            if type(owner) is not int or not 0 <= owner < state.players:
                raise StateError(f"lot {number}: 'owner' must be a seat")
            state.lots[node], state.piece[node] = LOT_BUILT, t.tile_of[card]
            state.owner[node] = -1 if spec.get("damaged") else owner
            state.portfolio[owner] += (card,)
        for site, spec in (self.data.get("sites") or {}).items():
            node = t.node_index[self.ident(site, t.node_ids, "site")]
            piece = self.ident(spec.get("piece"), t.fort, "fortification")
            state.piece[node], state.owner[node] = t.fort[piece], spec.get("owner", 0)
        for seat in range(state.players):
            placed = sum(
                1 for n, o in enumerate(state.owner) if o == seat and t.node_kind[n] != "hq"
            )
            state.cubes[seat] = self.rules.settings["setup"]["cubes"] - len(t.factions) - placed

    def lots(self, state: State) -> None:
        t = self.t
        for key, status in (("available", LOT_AVAILABLE), ("banned", LOT_BANNED)):
            for number in self.data.get(key) or []:
                state.lots[self.lot(number)] = status
        hidden = [n for n in t.lot_nodes if state.lots[n] == LOT_HIDDEN]
        final = self.data.get("final_token")
        if final is None:
            pick = _pick(state.rng, hidden)
            state.final_token = pick
        else:
            state.final_token = self.lot(final)
        if state.lots[state.final_token] != LOT_HIDDEN:
            raise StateError("the final token must be a lot that is not revealed")
        bag = self.data.get("bag")
        state.bag = (
            [self.lot(n) for n in bag]
            if bag is not None
            else [n for n in hidden if n != state.final_token]
        )
        revealed = [0] * len(t.districts)
        for n in t.lot_nodes:
            if state.lots[n] != LOT_HIDDEN:
                revealed[t.node_district[n]] += 1
        state.track = revealed

    def cards(self, state: State) -> None:
        content, data = self.content, self.data
        placed = {
            c for seat in range(state.players) for c in (*state.hand[seat], *state.portfolio[seat])
        }
        state.offer = [
            self.ident(c, content.buildings, "building card") for c in data.get("offer") or []
        ]
        state.discard = [
            self.ident(c, content.buildings, "building card") for c in data.get("discard") or []
        ]
        state.deck = self._deck(
            state, "deck", content.buildings, placed | set(state.offer) | set(state.discard)
        )
        held = {c for seat in range(state.players) for c in state.agendas[seat]}
        state.agenda_deck = self._deck(state, "agenda_deck", content.agendas, held)
        owned = {c for seat in range(state.players) for c in state.portfolio[seat]}
        gates = data.get("gate_deck")
        state.gate_deck = (
            [self.ident(c, content.gates, "gate card") for c in gates]
            if gates is not None
            else [g for g in reversed(list(content.gates)) if g not in owned]
        )

    def _deck(self, state: State, key: str, cards: Any, used: set[str]) -> list[str]:
        given = self.data.get(key)
        if given is not None:
            return [self.ident(c, cards, "card") for c in given]
        rest = [c for c in cards if c not in used]
        shuffle(state.rng, rest)
        return rest

    def tables(self, state: State) -> None:
        t, data = self.t, self.data
        for district, count in (data.get("tracks") or {}).items():
            state.track[t.district_index[self.ident(district, t.districts, "district")]] = count
        for district, count in (data.get("damage") or {}).items():
            state.damage[t.district_index[self.ident(district, t.districts, "district")]] = count
        for tile, count in (data.get("piles") or {}).items():
            state.piles[t.tile_index[self.ident(tile, t.tiles, "tile type")]] = count
        built = [state.piece[n] for n in t.lot_nodes if state.piece[n] >= 0]
        for i in range(len(t.tiles)):
            if t.tiles[i] not in (data.get("piles") or {}):
                state.piles[i] -= built.count(i)
        strength = data["strength"]
        if type(strength) is not int or not 0 <= strength < len(t.strength_track):
            raise StateError(f"'strength' must be 0 to {len(t.strength_track) - 1}")
        state.strength = strength


def _pick(rng: list[int], items: list[int]) -> int:
    from baldurs_rules.engine.rng import below

    if not items:
        raise StateError("no hidden lot is left for the face-down final token")
    return items[below(rng, len(items))]


def _keys(spec: Any, known: set[str], what: str) -> None:
    if not isinstance(spec, dict):
        raise StateError(f"expected a mapping for the {what}s, not {spec!r}")
    for key in spec:
        if key not in known:
            raise StateError(f"unknown {what} {key!r}{did_you_mean(str(key), known)}")
