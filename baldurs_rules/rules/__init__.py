"""The rules of Builders of Baldur's Gate, driven by content.

This package is the only place that knows the game. It plugs its procedures
(setup, the turn, building, attacks, scoring) into the generic
[`Machine`][baldurs_rules.engine.machine.Machine] as frame handlers and decision
kinds, and its atoms into the generic
[`Interpreter`][baldurs_rules.engine.interpreter.Interpreter]. Every number and
table comes from content.
"""

from __future__ import annotations

from typing import Any

from baldurs_rules.actions import Action
from baldurs_rules.content.model import Content, HqSide
from baldurs_rules.engine.interpreter import Interpreter
from baldurs_rules.engine.machine import Ask, DecisionKind, Frame, Handler, Machine
from baldurs_rules.engine.rng import shuffle
from baldurs_rules.rules.atoms import GameAtoms
from baldurs_rules.rules.board import BoardProcedures
from baldurs_rules.rules.core import Env, log
from baldurs_rules.rules.pending import StartFrame, TurnFrame
from baldurs_rules.rules.scoring import Scoring
from baldurs_rules.rules.setup import Setup
from baldurs_rules.rules.state import State
from baldurs_rules.rules.tables import Tables
from baldurs_rules.rules.turn import TurnProcedures

__all__ = ["Rules", "State"]


class Rules:
    """The game's procedures for one content, assembled into a machine.

    Build it with [`Rules.of`][baldurs_rules.rules.Rules.of]; it is cached with the content.
    """

    def __init__(self, content: Content) -> None:
        self.content = content
        self.settings = content.settings
        self.t = t = Tables.of(content)
        self.when_built = {b.id: t.nid(b.when_built) for b in content.buildings.values()}
        self.income_nid = {b.id: t.nid(b.income) for b in content.buildings.values()}
        self.income_nid.update({g.id: t.nid(g.income) for g in content.gates.values()})
        self.trade_nids = [[t.nid(tr.effect) for tr in loc.trades] for loc in content.locations]
        self.tile_bonus = [t.nid(tile.bonus) for tile in content.tiles]
        self.fort_bonus = [t.nid(f.bonus) for f in content.fortifications]
        self._hq = {
            h.id: (self._side(h.basic), self._side(h.advanced), t.district_index[h.district])
            for h in content.hqs.values()
        }
        self.build_rows = {
            card: [Action("build", (card, t.node_lot[n])) for n in t.lot_nodes]
            for card in content.buildings
        }
        self.site_actions = {n: Action("site", (t.node_ids[n],)) for n in range(len(t.node_ids))}
        self.faction_actions = [Action("faction", (f,)) for f in t.factions]
        cards = [*content.buildings, *content.gates, *content.hqs]
        self.use_actions = {card: Action("use", (card,)) for card in cards}
        self.take_actions = {card: Action("take", (card,)) for card in content.buildings}
        self.take_deck = Action("take", ("deck",))
        most = max((len(loc.trades) for loc in content.locations), default=0)
        self.trade_actions = [Action("trade", (i + 1,)) for i in range(most)]
        self.atoms = GameAtoms(self)
        self.interpreter = Interpreter(t.program, self.atoms)
        self.board = BoardProcedures(self)
        self.turns = TurnProcedures(self)
        self.scoring = Scoring(self)
        self.setup = Setup(self)
        parts = (self.interpreter, self.atoms, self.board, self.turns, self.scoring, self.setup)
        handlers: dict[type[Frame], Handler] = {StartFrame: self._start}
        decisions: dict[type[Ask], DecisionKind] = {}
        for part in parts:
            handlers.update(part.handlers)
        for asker in (self.interpreter, self.atoms, self.turns, self.setup):
            decisions.update(asker.decisions)
        self.machine = Machine(handlers, decisions, on_forced=self._forced)
        self.field_checks: dict[int, Any] = {}  # by player count, see serialize

    @classmethod
    def of(cls, content: Content) -> Rules:
        """The rules for a content (built once, kept with the content)."""
        rules = content._cache.get("rules")
        if rules is None:
            rules = content._cache["rules"] = cls(content)
        assert isinstance(rules, Rules)
        return rules

    def _side(self, side: HqSide) -> tuple[int, int, int, int]:
        t = self.t
        return (t.nid(side.income), t.nid(side.ability), t.nid(side.bonus), t.nid(side.setup))

    # ------------------------------------------------------------ shared helpers
    def refresh(self, state: State) -> None:
        """Recompute what a state caches (available lots, legal actions) from its fields."""
        state.available = state.available_from_lots(self.t.lot_nodes)
        state.options = None

    def new_state(self, players: object, seed: object, advanced: bool, log: bool = True) -> State:
        """Set up a game and run it to its first decision (``log``: record events).

        ``players`` and ``seed`` are ``object``:
        [`Setup.new_state`][baldurs_rules.rules.setup.Setup.new_state] checks them.
        """
        state = self.setup.new_state(players, seed, advanced, log)
        self.machine.run(state)
        return state

    @staticmethod
    def _forced(state: State, ask: Ask, action: Action) -> None:
        """Log an ask that had one legal answer, taken automatically."""
        if state.logging:
            log(state, "forced", ask.seat, ask.cause, ask.kind, str(action))

    def _start(self, state: State, frame: StartFrame) -> None:
        state.phase = "play"
        log(state, "start", frame.seat, "setup")
        state.stack.append(TurnFrame(frame.seat))

    def hq_nids(self, state: State, seat: int) -> tuple[int, int, int, int]:
        """(income, ability, bonus, setup) nids of the seat's HQ side in play."""
        basic, advanced, _ = self._hq[state.hq[seat]]
        return advanced if state.advanced else basic

    def hq_district(self, hq: str) -> int:
        """District index of an HQ card."""
        return self._hq[hq][2]

    def bonus_nid(self, state: State, node: int) -> int:
        """The connection bonus of the structure on a node (for its owner)."""
        kind = self.t.node_kind[node]
        if kind == "lot":
            return self.tile_bonus[state.piece[node]]
        if kind == "hq":
            return self.hq_nids(state, state.owner[node])[2]
        return self.fort_bonus[state.piece[node]]

    def agenda_value(self, card: str, env: Env) -> int:
        """What an agenda is worth for the env's seat."""
        tree = self.content.agendas[card].score.tree
        return self.t.program.expr(tree)(env)

    def build_actions_for(
        self, state: State, seat: int, discount: int, tile: int, limit: int = 0
    ) -> list[Action]:
        """Legal ``build`` actions: affordable cards of hand on available lots."""
        if state.cubes[seat] <= 0:
            return []
        lots = state.available
        if not lots:
            return []
        t, gold, piles = self.t, state.res[seat][self.t.gold], state.piles
        tile_of, cost, rows = t.tile_of, t.cost, self.build_rows
        found: list[Action] = []
        for card in state.hand[seat]:  # card ids are unique: a hand holds each once
            kind = tile_of[card]
            if (tile >= 0 and kind != tile) or piles[kind] <= 0 or cost[card] - discount > gold:
                continue
            row = rows[card]
            found += [row[i] for i in lots]
            if limit:
                break
        return found

    def put_piece(self, state: State, seat: int, node: int, piece: int, cause: str) -> None:
        """Put a fortification on a site (see [`BoardProcedures.put_piece`][])."""
        self.board.put_piece(state, seat, node, piece, cause)

    def take_from_deck(self, state: State, seat: int, cause: str) -> None:
        """Draw the top building card (reshuffling the discard pile into an empty deck).

        Whoever knew where the card lay in the deck (it put it back there) now knows
        that this seat holds it: its ``known_by`` entry stays.
        """
        if not state.deck and state.discard:
            self.reshuffle(state)
        if state.deck:
            card = state.deck.pop()
            state.hand[seat].append(card)
            log(state, "draw_building", seat, cause, card)

    def reshuffle(self, state: State) -> None:
        """Shuffle the (public) discard pile into the empty deck, as a new batch."""
        number = max(state.batch.values(), default=0) + 1
        for card in state.discard:
            state.batch[card] = number
        state.deck, state.discard = state.discard, []
        shuffle(state.rng, state.deck)

    def refill_offer(self, state: State) -> None:
        """Refill the offer from the deck at once (RULES B12)."""
        size = self.t.offer_size
        while len(state.offer) < size:
            if not state.deck and state.discard:
                self.reshuffle(state)
            if not state.deck:
                return
            card = state.deck.pop()
            state.known_by.pop(card, None)  # face up: public now
            state.batch.pop(card, None)
            state.offer.append(card)
