"""The state agrees with its log: everything public the log tells, the state shows.

A game that records its log from the start (``state.logging``) logs every change
of a resource, an influence level, a worker, a lot, a piece, a card drawn, built
or put back, and every attack; replaying those events on the setup gives the
public part of the state. [`state_matches_log`][baldurs_rules.invariants.log.state_matches_log]
does it in one pass.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=2, seed=3)
    >>> game.apply("income")
    >>> game.state.turn += 1  # a turn that was never played
    >>> state_matches_log(game)
    ['turn 2, but the log shows 1 turns']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from baldurs_rules.invariants.base import Checked, is_turn, parts, played
from baldurs_rules.rules import Rules
from baldurs_rules.rules.state import LOT_AVAILABLE, LOT_BANNED, LOT_BUILT, LOT_FINAL, State

__all__ = ["state_matches_log"]


@dataclass
class _Told:
    """What the log tells, event by event."""

    players: int
    resources: list[Counter[str]] = field(default_factory=list)
    influence: dict[tuple[int, str], int] = field(default_factory=dict)
    turns: int = 0
    worker: dict[int, str] = field(default_factory=dict)
    lots: dict[int, int] = field(default_factory=dict)
    builders: dict[int, int] = field(default_factory=dict)
    damaged: set[int] = field(default_factory=set)
    portfolio: list[Counter[str]] = field(default_factory=list)
    sites: dict[str, tuple[int, str]] = field(default_factory=dict)
    attacks: int = 0
    damage: Counter[str] = field(default_factory=Counter)
    last_round_from: int = -1
    uses: list[str] = field(default_factory=list)
    hand: Counter[int] = field(default_factory=Counter)
    agendas: Counter[int] = field(default_factory=Counter)
    hqs: dict[int, str] = field(default_factory=dict)
    taken: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.resources = [Counter() for _ in range(self.players)]
        self.portfolio = [Counter() for _ in range(self.players)]

    def read(self, event: tuple[Any, ...]) -> None:
        """Take in one event: ``(kind, seat, cause, *values)``."""
        kind, seat, cause, values = event[0], event[1], event[2], event[3:]
        if kind == "resource":
            self.resources[seat][values[0]] += values[1]
        elif kind == "influence":
            self.influence[(seat, values[0])] = values[2]
        elif kind == "action" and cause == "turn":
            self.turns += 1
            self.uses = []
        elif kind in ("worker", "worker_home"):
            self.worker[seat] = values[0] if kind == "worker" else ""
        elif kind in _LOT_STATUS:
            self.lots[values[0]] = _LOT_STATUS[kind]
        elif kind == "build":
            self.lots[values[1]] = LOT_BUILT
            self.builders[values[1]] = seat
            self.portfolio[seat][values[0]] += 1
            self.hand[seat] -= 1
        else:
            self.read_more(kind, seat, cause, values)

    def read_more(self, kind: str, seat: int, cause: str, values: tuple[Any, ...]) -> None:
        """The rarer events."""
        if kind == "damaged":
            self.damaged.add(values[0])
        elif kind == "gate_card":
            self.portfolio[seat][values[0]] += 1
        elif kind == "place":
            self.sites[values[1]] = (seat, values[0])
        elif kind == "attack" and cause == "attack":
            self.attacks += 1
        elif kind == "damage_token":
            self.damage[values[0]] += 1
        elif kind == "final_round":
            self.last_round_from = seat
        elif kind == "use":
            self.uses.append(values[0])
        elif kind in ("draw_building", "take"):
            self.hand[seat] += 1
            if kind == "take":
                self.taken[values[0]] = seat
        elif kind == "draw_agenda":
            self.agendas[seat] += 1
        elif kind == "discard":
            (self.hand if values[0] == "building" else self.agendas)[seat] -= 1
        elif kind == "hq":
            self.hqs[seat] = values[0]


_LOT_STATUS = {"lot": LOT_AVAILABLE, "lot_banned": LOT_BANNED, "final_token": LOT_FINAL}
"""The lot status each lot event tells."""


def state_matches_log(game: Checked) -> list[str]:
    """The public state is what the log says happened since the setup: resources,
    influence, turns, workers, lots, portfolios, pieces, attacks, damage, the last
    round, the cards used in this income, the number of cards in each hand and the HQs.

    Only for a game played from a new game that records its log from the start.
    """
    rules, state = parts(game)
    if not state.logging or not played(game):
        return []
    told = _Told(state.players)
    for event in state.events:
        told.read(event)
    return [
        *_seat_problems(rules, state, told),
        *_map_problems(rules, state, told),
        *_flow_problems(rules, state, told),
    ]


def _seat_problems(rules: Rules, state: State, told: _Told) -> list[str]:
    t, settings = rules.t, rules.settings
    start = settings["setup"]["resources"]
    dealt = _dealt(rules, state)
    problems = []
    for seat in range(state.players):
        res = [int(start.get(r, 0)) + told.resources[seat][r] for r in t.resource_ids]
        levels = [told.influence.get((seat, f), 0) for f in t.factions]
        if res != state.res[seat] or levels != state.influence[seat]:
            problems.append(
                f"seat {seat} has {state.res[seat]} and influence {state.influence[seat]},"
                f" but the log gives {res} and {levels}"
            )
        where = told.worker.get(seat, "")
        if state.worker[seat] != (t.location_index[where] if where else -1):
            problems.append(f"seat {seat}'s worker is not where the log last put it ({where})")
        if Counter(state.portfolio[seat]) != told.portfolio[seat]:
            problems.append(f"seat {seat}'s portfolio is not the cards the log shows it built")
        sizes = (len(state.hand[seat]), len(state.agendas[seat]))
        logged = (dealt[0][seat] + told.hand[seat], dealt[1][seat] + told.agendas[seat])
        if sizes != logged:
            problems.append(f"seat {seat} holds {sizes} cards and agendas; the log gives {logged}")
        if told.hqs.get(seat, "") != state.hq[seat]:
            problems.append(f"seat {seat}'s HQ is {state.hq[seat]!r}, the log gives another")
    everyone = (1 << state.players) - 1
    for card, seat in sorted(told.taken.items()):
        hands = [s for s in range(state.players) if card in state.hand[s]]
        if hands and (hands != [seat] or state.known_by.get(card) != everyone):
            problems.append(f"{card!r} was taken from the offer by seat {seat}, seen by all")
    return problems


def _dealt(rules: Rules, state: State) -> tuple[list[int], list[int]]:
    """Buildings and agendas dealt to each seat at the setup (decks may run short)."""
    settings = rules.settings
    deal = settings["advanced"]["deal"] if state.advanced else settings["setup"]["hand"]
    out: tuple[list[int], list[int]] = ([], [])
    for kind, cards, into in (
        ("buildings", rules.content.buildings, out[0]),
        ("agendas", rules.content.agendas, out[1]),
    ):
        left = len(cards)
        for _ in range(state.players):
            into.append(min(deal[kind], left))
            left -= into[-1]
    return out


def _map_problems(rules: Rules, state: State, told: _Told) -> list[str]:
    t = rules.t
    problems = []
    for n in t.lot_nodes:
        lot = t.node_lot[n]
        owner = -1 if lot in told.damaged else told.builders.get(lot, -1)
        if state.lots[n] != told.lots.get(lot, 0) or state.owner[n] != owner:
            problems.append(f"lot {lot} is not what the log says (status, owner)")
    for n, kind in enumerate(t.node_kind):
        if kind in ("fortification", "gate"):
            seat, piece = told.sites.get(t.node_ids[n], (-1, ""))
            has = (
                state.owner[n],
                t.content.fortifications[state.piece[n]].id if state.piece[n] >= 0 else "",
            )
            if has != (seat, piece):
                problems.append(f"{t.node_ids[n]} holds {has}, the log says {(seat, piece)}")
    strength = min(told.attacks, len(t.strength_track) - 1)
    damage = [told.damage[d] for d in t.districts]
    if state.strength != strength or state.damage != damage:
        problems.append(
            f"strength and damage {state.strength, state.damage}: the log gives {strength, damage}"
        )
    return problems


def _flow_problems(rules: Rules, state: State, told: _Told) -> list[str]:
    problems = []
    running = state.phase in ("play", "final") and state.decision is not None
    turns = state.turn + (running and not is_turn(state))
    if told.turns != turns:
        problems.append(f"turn {state.turn}, but the log shows {told.turns} turns")
    n, last = state.players, told.last_round_from
    if state.phase == "final" and last >= 0:
        queue = [(state.active + i) % n for i in range(1, (last - state.active) % n + 1)]
        if state.final_queue != queue:
            problems.append(f"last-round queue {state.final_queue}: the log gives {queue}")
    if state.phase == "over" and last >= 0 and state.active != last:
        problems.append(f"the last turn was seat {state.active}'s, the log says seat {last}'s")
    if (last >= 0) != (state.phase in ("final", "over")):
        problems.append(
            f"phase {state.phase!r}, but the log {'shows' if last >= 0 else 'lacks'} the last round"
        )
    during = state.used or any(f.kind == "income_next" for f in state.stack)
    if (during or _is_income(state)) and state.used != told.uses:
        problems.append(f"cards used {state.used}, the log says {told.uses}")
    return problems


def _is_income(state: State) -> bool:
    return state.decision is not None and state.decision.kind == "income"
