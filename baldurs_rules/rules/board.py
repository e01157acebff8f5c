"""The city: building, placing pieces, connection bonuses, lot tokens and attacks.

Frames handled here: [`BuildFrame`][baldurs_rules.rules.pending.BuildFrame],
``ConnectFrame``, ``DrawLotFrame``, ``AttackFrame``.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from baldurs_rules.engine.interpreter import FxFrame
from baldurs_rules.engine.machine import Frame, Handler
from baldurs_rules.engine.rng import below
from baldurs_rules.rules.core import change, log, record, seats_from
from baldurs_rules.rules.pending import AttackFrame, BuildFrame, ConnectFrame, DrawLotFrame
from baldurs_rules.rules.state import LOT_AVAILABLE, LOT_BUILT, State

if TYPE_CHECKING:
    from baldurs_rules.rules import Rules

__all__ = ["BoardProcedures"]


class BoardProcedures:
    """Frame handlers for what happens on the map."""

    def __init__(self, rules: Rules) -> None:
        self.r = rules
        self.t = rules.t
        self.handlers: dict[type[Frame], Handler] = {
            BuildFrame: self.build,
            ConnectFrame: self.connect,
            DrawLotFrame: self.draw_lot,
            AttackFrame: self.attack,
        }

    # ------------------------------------------------------------ build (RULES: Build 1-8)
    def build(self, state: State, frame: BuildFrame) -> None:
        """Steps 1-4 at once; then connections, the when-built effect and a lot token."""
        seat, card, node, cause = frame.seat, frame.card, frame.lot_node, frame.cause
        t = self.t
        cost = max(0, t.cost[card] - frame.discount)
        change(t, state, seat, t.gold, -cost, card)
        state.hand[seat].remove(card)
        state.portfolio[seat] += (card,)
        if state.known_by:  # face up in the portfolio: public now
            state.known_by.pop(card, None)
        if state.batch:
            state.batch.pop(card, None)
        tile = t.tile_of[card]
        state.piles[tile] -= 1
        state.lots[node] = LOT_BUILT
        state.available.remove(t.lot_position[node])
        state.piece[node] = tile
        state.owner[node] = seat
        state.cubes[seat] -= 1
        district = t.node_district[node]
        if state.logging:
            record(state, ("build", seat, cause, card, t.node_lot[node], cost))
        self.workers_return(state, district, card)
        state.stack.append(DrawLotFrame(seat))
        when_built = self.r.when_built[card]
        if when_built >= 0:
            state.stack.append(FxFrame(when_built, seat, district, card))
        state.stack.append(ConnectFrame(node, card))

    def workers_return(self, state: State, district: int, cause: str) -> None:
        location = self.t.district_location[district]
        if location < 0:
            return
        for seat, where in enumerate(state.worker):
            if where == location:
                state.worker[seat] = -1
                log(state, "worker_home", seat, cause, self.t.locations[location])

    def put_piece(self, state: State, seat: int, node: int, piece: int, cause: str) -> None:
        """Put a fortification (or gate) with the seat's cube on a site; then connections."""
        state.piece[node] = piece
        state.owner[node] = seat
        state.cubes[seat] -= 1
        kind = self.t.content.fortifications[piece].id
        log(state, "place", seat, cause, kind, self.t.node_ids[node])
        state.stack.append(ConnectFrame(node, cause))

    # ------------------------------------------------------------ connections (Build 5, B2, B3)
    def connect(self, state: State, frame: ConnectFrame) -> None:
        """Every undamaged structure joined to the new piece pays its owner's bonus,
        active player first, then clockwise."""
        t, owner = self.t, state.owner
        node = frame.node
        joined = [m for m in t.neighbors[node] if owner[m] >= 0]
        if not joined:
            return
        frames = []
        for seat in seats_from(state, state.active):
            for m in joined:
                if owner[m] == seat:
                    nid = self.r.bonus_nid(state, m)
                    if nid >= 0:
                        cause = f"bonus:{t.node_ids[m]}"
                        frames.append(FxFrame(nid, seat, t.node_district[m], cause))
        state.stack.extend(reversed(frames))

    # ------------------------------------------------------------ lot tokens (Build 7-8)
    def draw_lot(self, state: State, frame: DrawLotFrame) -> None:
        """Draw a token from the bag: its lot becomes available; a district's 4th attacks."""
        if not state.bag:
            return
        i = below(state.rng, len(state.bag))
        node = state.bag[i]
        state.bag[i] = state.bag[-1]
        state.bag.pop()
        t = self.t
        state.lots[node] = LOT_AVAILABLE
        insort(state.available, t.lot_position[node])
        district = t.node_district[node]
        state.track[district] += 1
        if state.logging:
            event = ("lot", frame.seat, "draw_lot", t.node_lot[node], t.districts[district])
            record(state, event)
        if not state.bag and not state.end_triggered:
            state.end_triggered = True
            log(state, "end_triggered", frame.seat, "last_lot")
        if state.track[district] == t.trigger:
            state.stack.append(AttackFrame(district, 0))

    # ------------------------------------------------------------ attacks
    def attack(self, state: State, frame: AttackFrame) -> None:
        """Defense against strength: held pays prestige, fallen damages a district."""
        district, final = frame.district, frame.final
        t = self.t
        strength = t.strength_track[state.strength]
        contribution = [0] * state.players
        for site in t.district_forts[district]:
            if state.owner[site] >= 0 and state.piece[site] >= 0:
                contribution[state.owner[site]] += t.defense[state.piece[site]]
        defense = sum(contribution)
        name = t.districts[district]
        held = defense >= strength
        cause = "final_attack" if final else "attack"
        log(state, "attack", -1, cause, name, strength, defense, held)
        cause = f"attack:{name}"
        if held:
            self.held(state, contribution, strength, cause)
        else:
            self.fallen(state, district, contribution, cause)
        if not final:
            state.strength = min(state.strength + 1, len(t.strength_track) - 1)

    def held(self, state: State, contribution: list[int], strength: int, cause: str) -> None:
        t = self.t
        for seat in seats_from(state, state.active):
            if contribution[seat] > 0:
                change(t, state, seat, t.prestige, strength, cause)
        best = max(contribution)
        if best > 0 and contribution.count(best) == 1:
            bonus = strength * t.held_bonus
            change(t, state, contribution.index(best), t.prestige, bonus, cause + ":largest")

    def fallen(self, state: State, district: int, contribution: list[int], cause: str) -> None:
        t = self.t
        if t.district_location[district] >= 0:
            state.damage[district] += 1
            log(state, "damage_token", -1, cause, t.districts[district])
        for node in t.district_lots[district]:
            seat = state.owner[node]
            if seat >= 0 and contribution[seat] == 0:
                state.owner[node] = -1
                state.cubes[seat] += 1
                log(state, "damaged", seat, cause, t.node_lot[node])
