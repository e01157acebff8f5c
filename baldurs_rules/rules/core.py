"""Shared helpers of the rules: the log, resources, seats, and what expressions read.

Every change of a resource goes through [`change`][baldurs_rules.rules.core.change],
which logs it, so the event log always explains every point of prestige.
"""

from __future__ import annotations

from baldurs_rules.dsl.bounds import MAX_RESOURCE
from baldurs_rules.dsl.evaluate import HERE
from baldurs_rules.rules.events import log, record
from baldurs_rules.rules.state import State
from baldurs_rules.rules.tables import Tables

__all__ = ["Env", "change", "districts_occupied", "largest_network", "log", "record", "seats_from"]


def change(t: Tables, state: State, seat: int, resource: int, delta: int, cause: str) -> int:
    """Add ``delta`` of a resource (never below zero, never above
    [`MAX_RESOURCE`][baldurs_rules.dsl.bounds.MAX_RESOURCE]); log and return the real change.

    The load-time bounds of every amount assume that ceiling.
    """
    row = state.res[seat]
    if delta < 0:
        delta = -min(-delta, row[resource])
    elif delta > MAX_RESOURCE - row[resource]:
        delta = MAX_RESOURCE - row[resource]
    if delta:
        row[resource] += delta
        if state.logging:  # inlined ``log``: this is the most frequent event
            record(state, ("resource", seat, cause, t.resource_ids[resource], delta))
    return delta


def seats_from(state: State, first: int) -> list[int]:
    """All seats in turn order, starting with ``first``."""
    n = state.players
    return [(first + i) % n for i in range(n)]


def largest_network(t: Tables, state: State, seat: int) -> int:
    """Pieces in the seat's largest group of own structures joined by lines."""
    owner, neighbors = state.owner, t.neighbors
    seen: set[int] = set()
    best = 0
    for start, who in enumerate(owner):
        if who != seat or start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            node = stack.pop()
            size += 1
            for nxt in neighbors[node]:
                if owner[nxt] == seat and nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        best = max(best, size)
    return best


def districts_occupied(t: Tables, state: State, seat: int) -> int:
    """Districts where the seat has an undamaged building or its HQ."""
    found = {
        t.node_district[n]
        for n, who in enumerate(state.owner)
        if who == seat and t.node_kind[n] in ("lot", "hq")
    }
    return len(found)


class Env:
    """What effect expressions read, for one seat (and the district ``here``).

    Implements [`baldurs_rules.dsl.evaluate.Env`][].
    """

    __slots__ = ("here", "seat", "state", "t")

    def __init__(self, t: Tables, state: State, seat: int, here: int) -> None:
        self.t = t
        self.state = state
        self.seat = seat
        self.here = here

    def quantity(self, name: str) -> int:
        t, state, seat = self.t, self.state, self.seat
        if name in t.resource_index:
            return state.res[seat][t.resource_index[name]]
        return int(_QUANTITIES[name](self))

    def count(self, kind: str, where: str | None) -> int:
        t, state, seat = self.t, self.state, self.seat
        district = -1
        if where == HERE:
            district = self.here
        elif where is not None:
            district = t.district_index[where]
        match = t.count_match[kind]
        return sum(
            1
            for n, who in enumerate(state.owner)
            if who == seat
            and (district < 0 or t.node_district[n] == district)
            and match(t.node_kind[n], state.piece[n])
        )

    def influence(self, faction: str) -> int:
        levels = self.state.influence[self.seat]
        if faction == "highest":
            return max(levels)
        if faction == "lowest":
            return min(levels)
        return levels[self.t.faction_index[faction]]


def _damage(env: Env) -> int:
    loc = env.t.district_location[env.here] if env.here >= 0 else -1
    return env.state.damage[env.here] if loc >= 0 else 0


def _fortifications(env: Env) -> int:
    kinds = env.t.node_kind
    return sum(
        1
        for n, who in enumerate(env.state.owner)
        if who == env.seat and kinds[n] in ("fortification", "gate")
    )


_QUANTITIES = {
    "districts": lambda e: districts_occupied(e.t, e.state, e.seat),
    "largest_network": lambda e: largest_network(e.t, e.state, e.seat),
    "portfolio": lambda e: sum(1 for c in e.state.portfolio[e.seat] if c in e.t.tile_of),
    "hand": lambda e: len(e.state.hand[e.seat]),
    "agendas": lambda e: len(e.state.agendas[e.seat]),
    "opponents": lambda e: e.state.players - 1,
    "strength": lambda e: e.t.strength_track[e.state.strength],
    "damage": _damage,
    "fortifications": _fortifications,
}
