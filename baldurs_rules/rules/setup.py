"""Setup, basic and advanced (RULES Part A, Setup; B16).

Everything random happens here at once, from the seed; what players choose in
the advanced setup (the HQ draft, which dealt cards to keep) becomes frames.
Frames: [`DraftFrame`][baldurs_rules.rules.pending.DraftFrame], ``KeepFrame``,
``StartFrame``. Asks: ``DraftAsk``, ``KeepAsk``.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Final

from baldurs_rules.actions import Action
from baldurs_rules.engine.interpreter import FxFrame
from baldurs_rules.engine.machine import Ask, DecisionKind, Frame, Handler
from baldurs_rules.engine.rng import below, seed_state, shuffle
from baldurs_rules.errors import RulesError
from baldurs_rules.rules.core import log
from baldurs_rules.rules.pending import DraftAsk, DraftFrame, KeepAsk, KeepFrame, StartFrame
from baldurs_rules.rules.state import LOT_AVAILABLE, LOT_BANNED, LOT_HIDDEN, State

if TYPE_CHECKING:
    from baldurs_rules.rules import Rules

__all__ = ["Setup"]

BUILDINGS: Final = 0
AGENDAS: Final = 1


class Setup:
    """Creates the initial state and runs the advanced draft."""

    def __init__(self, rules: Rules) -> None:
        self.r = rules
        self.t = rules.t
        self.handlers: dict[type[Frame], Handler] = {DraftFrame: self.draft, KeepFrame: self.keep}
        self.decisions: dict[type[Ask], DecisionKind] = {
            DraftAsk: DecisionKind(self.draft_options, self.draft_resolve),
            KeepAsk: DecisionKind(self.keep_options, self.keep_resolve),
        }

    def new_state(self, players: object, seed: object, advanced: bool, log: bool = True) -> State:
        """A state after setup, before the first decision.

        ``players`` and ``seed`` are checked here, so they are typed ``object``: compiled
        (mypyc), an ``int`` parameter would refuse a bad value with a bare TypeError.
        """
        settings = self.r.settings
        low, high = settings["players"]["min"], settings["players"]["max"]
        if not isinstance(players, int) or not low <= players <= high:
            raise RulesError(
                f"players must be a whole number from {low} to {high}, not {players!r}"
            )
        if not isinstance(seed, int):
            raise RulesError(f"seed must be an integer, not {seed!r}")
        state = self.empty(players, seed, advanced)
        state.logging = bool(log)
        self.deal_hqs(state)
        self.deal_cards(state)
        self.draw_lots(state)
        self.push_start(state)
        return state

    def empty(self, players: int, seed: int, advanced: bool) -> State:
        """A state with every field set and nothing dealt yet."""
        state = State()
        state.players = players
        state.advanced = bool(advanced)
        state.seed = seed
        state.rng = seed_state(seed)
        state.phase = "setup"
        state.active = 0
        state.turn = 0
        state.end_triggered = False
        state.stack = []
        state.decision = None
        state.final_queue = []
        state.used = []
        state.deck = []
        state.offer = []
        state.discard = []
        state.agenda_deck = []
        state.gate_deck = []
        state.hq_offer = []
        state.known_by = {}
        state.batch = {}
        state.scores = None
        state.logging = True
        state.events = []
        state.options = None
        state.piles = [tile.pile for tile in self.t.content.tiles]
        self._empty_seats(state, players)
        self._empty_board(state)
        return state

    def _empty_seats(self, state: State, players: int) -> None:
        t, setup = self.t, self.r.settings["setup"]
        start = [int(setup["resources"].get(r, 0)) for r in t.resource_ids]
        state.res = [start[:] for _ in range(players)]
        state.cubes = [setup["cubes"] - len(t.factions)] * players
        state.influence = [[0] * len(t.factions) for _ in range(players)]
        state.worker = [-1] * players
        state.hand = [[] for _ in range(players)]
        state.agendas = [[] for _ in range(players)]
        state.portfolio = [()] * players
        state.hq = [""] * players

    def _empty_board(self, state: State) -> None:
        t = self.t
        nodes = len(t.node_ids)
        state.owner = [-1] * nodes
        state.piece = [-1] * nodes
        state.lots = [LOT_HIDDEN] * nodes
        state.bag = []
        state.final_token = -1
        state.track = [0] * len(t.districts)
        state.strength = 0
        state.damage = [0] * len(t.districts)
        state.available = []

    def deal_hqs(self, state: State) -> None:
        hqs = list(self.t.content.hqs)
        shuffle(state.rng, hqs)
        if state.advanced:
            extra = self.r.settings["advanced"]["extra_hqs"]
            state.hq_offer = sorted(hqs[-(state.players + extra) :])
            return
        for seat in range(state.players):
            self.place_hq(state, seat, hqs.pop())

    def place_hq(self, state: State, seat: int, hq: str) -> None:
        state.hq[seat] = hq
        site = self.t.hq_site[self.r.hq_district(hq)]
        state.owner[site] = seat
        state.piece[site] = 0
        log(state, "hq", seat, "setup", hq, self.t.node_ids[site])

    def deal_cards(self, state: State) -> None:
        content, settings = self.t.content, self.r.settings
        hand = settings["advanced" if state.advanced else "setup"]
        deal = hand["deal"] if state.advanced else hand["hand"]
        state.deck = list(content.buildings)
        shuffle(state.rng, state.deck)
        state.agenda_deck = list(content.agendas)
        shuffle(state.rng, state.agenda_deck)
        for seat in range(state.players):
            state.hand[seat] = [
                state.deck.pop() for _ in range(min(deal["buildings"], len(state.deck)))
            ]
            state.agendas[seat] = [
                state.agenda_deck.pop() for _ in range(min(deal["agendas"], len(state.agenda_deck)))
            ]
        state.offer = [
            state.deck.pop() for _ in range(min(settings["setup"]["offer"], len(state.deck)))
        ]
        state.gate_deck = list(reversed(list(content.gates)))

    def draw_lots(self, state: State) -> None:
        """Starting lots, the face-down final token, then banned lots (RULES Setup 7-9)."""
        setup = self.r.settings["setup"]
        state.bag = list(self.t.lot_nodes)
        for _ in range(setup["starting_lots"]):
            self.reveal(state, LOT_AVAILABLE)
        i = below(state.rng, len(state.bag))
        state.final_token = state.bag.pop(i)
        for _ in range(int(setup["banned_lots"].get(str(state.players), 0))):
            self.reveal(state, LOT_BANNED)

    def reveal(self, state: State, status: int) -> None:
        """Draw a token; a district's fourth goes back and another is drawn."""
        t = self.t
        allowed = [n for n in state.bag if state.track[t.node_district[n]] + 1 < t.trigger]
        if not allowed:
            return
        i = below(state.rng, len(allowed))
        node = allowed[i]
        state.bag.remove(node)
        state.lots[node] = status
        if status == LOT_AVAILABLE:
            insort(state.available, t.lot_position[node])
        state.track[t.node_district[node]] += 1
        kind = "lot" if status == LOT_AVAILABLE else "lot_banned"
        log(state, kind, -1, "setup", t.node_lot[node], t.districts[t.node_district[node]])

    def push_start(self, state: State) -> None:
        first = int(self.r.settings["players"]["first"]) % state.players
        state.active = first
        frames: list[Frame] = []
        if state.advanced:
            order = [(first + i) % state.players for i in range(state.players)]
            frames += [DraftFrame(seat) for seat in reversed(order)]
            keep = self.r.settings["advanced"]
            for seat in order:
                for what, key in ((BUILDINGS, "buildings"), (AGENDAS, "agendas")):
                    extra = keep["deal"][key] - keep["keep"][key]
                    if extra > 0:
                        frames.append(KeepFrame(seat, what, extra))
        frames.append(StartFrame(first))
        state.stack.extend(reversed(frames))

    # ------------------------------------------------------------ advanced decisions
    def draft(self, state: State, frame: DraftFrame) -> None:
        state.decision = DraftAsk(frame.seat)

    def draft_options(self, state: State, ask: DraftAsk) -> list[Action]:
        return [Action("hq", (hq,)) for hq in state.hq_offer]

    def draft_resolve(self, state: State, ask: DraftAsk, action: Action) -> None:
        seat, hq = ask.seat, str(action.args[0])
        state.hq_offer.remove(hq)
        self.place_hq(state, seat, hq)
        if all(state.hq):
            state.hq_offer = []
        setup = self.r.hq_nids(state, seat)[3]
        if setup >= 0:
            state.stack.append(FxFrame(setup, seat, self.r.hq_district(hq), hq))

    def keep(self, state: State, frame: KeepFrame) -> None:
        state.decision = KeepAsk(frame.seat, frame.what, frame.count)

    def keep_options(self, state: State, ask: KeepAsk) -> list[Action]:
        seat, what = ask.seat, ask.what
        cards = state.hand[seat] if what == BUILDINGS else state.agendas[seat]
        return [Action("discard", (card,)) for card in dict.fromkeys(cards)]

    def keep_resolve(self, state: State, ask: KeepAsk, action: Action) -> None:
        seat, what, left = ask.seat, ask.what, ask.count
        card = str(action.args[0])
        hand, deck = (
            (state.hand[seat], state.deck)
            if what == BUILDINGS
            else (state.agendas[seat], state.agenda_deck)
        )
        hand.remove(card)
        deck.insert(0, card)
        state.known_by[card] = 1 << seat  # the seat knows where it put the card
        kind = "building" if what == BUILDINGS else "agenda"
        log(state, "discard", seat, "advanced_setup", kind, card)
        if left > 1:
            state.stack.append(KeepFrame(seat, what, left - 1))
