"""Final scoring (agendas, largest network, districts, leftovers) and the tie-breaks.

Frame: [`ScoreFrame`][baldurs_rules.rules.pending.ScoreFrame]. The result is stored in
``state.scores`` as plain data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from baldurs_rules.engine.machine import Frame, Handler
from baldurs_rules.rules.core import Env, change, districts_occupied, largest_network, log
from baldurs_rules.rules.pending import ScoreFrame
from baldurs_rules.rules.state import State

if TYPE_CHECKING:
    from baldurs_rules.rules import Rules

__all__ = ["STEPS", "Scoring"]

STEPS = ("agendas", "network", "districts", "leftovers")
"""The scoring steps, in order."""


class Scoring:
    """The ``score`` frame: the four steps for every player, then the ranking."""

    def __init__(self, rules: Rules) -> None:
        self.r = rules
        self.t = rules.t
        self.settings = rules.settings["scoring"]
        self.handlers: dict[type[Frame], Handler] = {ScoreFrame: self.score}

    def score(self, state: State, frame: ScoreFrame) -> None:
        before = [row[self.t.prestige] for row in state.res]
        steps: dict[str, list[int]] = {}
        agenda_points = [0] * state.players
        steps["agendas"] = [self.agendas(state, s, agenda_points) for s in range(state.players)]
        steps["network"] = [self.network(state, s) for s in range(state.players)]
        steps["districts"] = [self.districts(state, s) for s in range(state.players)]
        steps["leftovers"] = [self.leftovers(state, s) for s in range(state.players)]
        prestige = [row[self.t.prestige] for row in state.res]
        keys = [self.tie_key(state, s, agenda_points) for s in range(state.players)]
        ranking = sorted(
            range(state.players), key=lambda s: (-prestige[s], *(-k for k in keys[s]), s)
        )
        best = (prestige[ranking[0]], keys[ranking[0]])
        winners = [s for s in ranking if (prestige[s], keys[s]) == best]
        state.scores = {
            "prestige": prestige,
            "before_scoring": before,
            "steps": steps,
            "tie_breaks": {
                name: [k[i] for k in keys] for i, name in enumerate(self.settings["tie_breaks"])
            },
            "ranking": ranking,
            "winners": winners,
            "truncated": bool(state.bag),  # ended by the turn limit (RULES B19)
        }
        state.phase = "over"
        log(state, "game_over", -1, "score", winners)

    def agendas(self, state: State, seat: int, agenda_points: list[int]) -> int:
        """One agenda per faction at the threshold, the best ones (RULES B14)."""
        threshold = self.settings["agenda_influence"]
        k = sum(1 for level in state.influence[seat] if level >= threshold)
        env = Env(self.t, state, seat, -1)
        values = sorted(
            ((max(0, self.r.agenda_value(card, env)), card) for card in state.agendas[seat]),
            key=lambda vc: (-vc[0], vc[1]),
        )
        total = 0
        for value, card in values[:k]:
            change(self.t, state, seat, self.t.prestige, value, f"agenda:{card}")
            log(state, "agenda_scored", seat, card, value)
            total += value
        agenda_points[seat] = total
        return total

    def network(self, state: State, seat: int) -> int:
        points = largest_network(self.t, state, seat) * int(self.settings["network_per_piece"])
        change(self.t, state, seat, self.t.prestige, points, "score:network")
        return points

    def districts(self, state: State, seat: int) -> int:
        table = self.settings["districts"]
        count = districts_occupied(self.t, state, seat)
        points = int(table[min(count, len(table) - 1)])
        change(self.t, state, seat, self.t.prestige, points, "score:districts")
        return points

    def leftovers(self, state: State, seat: int) -> int:
        t = self.t
        row = state.res[seat]
        total = sum(row[i] for i in t.leftovers) + len(state.hand[seat])
        points = total // int(self.settings["leftovers_divisor"])
        change(t, state, seat, t.prestige, points, "score:leftovers")
        return points

    def tie_key(self, state: State, seat: int, agenda_points: list[int]) -> tuple[int, ...]:
        values: dict[str, Any] = {
            "portfolio_buildings": sum(1 for c in state.portfolio[seat] if c in self.t.tile_of),
            "fortifications": sum(
                1
                for n, who in enumerate(state.owner)
                if who == seat and self.t.node_kind[n] in ("fortification", "gate")
            ),
            "agenda_prestige": agenda_points[seat],
        }
        return tuple(int(values[name]) for name in self.settings["tie_breaks"])
