"""The game state: plain data only (ints, strings, lists, tuples, dicts).

No generators, closures or content objects live here, so a state can be
cloned, turned into JSON and back, and compared, at any decision point.
Cards are referred to by id, map nodes by index in the board's node list,
districts, factions, resources, tiles and locations by index in content order.
"""

from __future__ import annotations

from typing import Any, Final

from baldurs_rules.engine.machine import MachineState
from baldurs_rules.rules.pending import ASKS, FRAMES, from_list

__all__ = [
    "FIELDS",
    "LOT_AVAILABLE",
    "LOT_BANNED",
    "LOT_BUILT",
    "LOT_FINAL",
    "LOT_HIDDEN",
    "State",
]

# Final: the compiled build (mypyc) inlines these instead of looking them up
LOT_HIDDEN: Final = 0
LOT_AVAILABLE: Final = 1
LOT_BANNED: Final = 2
LOT_BUILT: Final = 3
LOT_FINAL: Final = 4

# field name -> how deep to copy it on clone (0: immutable, 1: list, 2: list of lists)
FIELDS: dict[str, int] = {
    "players": 0,
    "advanced": 0,
    "seed": 0,
    "rng": 1,
    "phase": 0,
    "active": 0,
    "turn": 0,
    "end_triggered": 0,
    "stack": 1,
    "decision": 0,
    "final_queue": 1,
    "used": 1,
    "res": 2,
    "cubes": 1,
    "influence": 2,
    "worker": 1,
    "hand": 2,
    "agendas": 2,
    "portfolio": 1,
    "hq": 1,
    "owner": 1,
    "piece": 1,
    "lots": 1,
    "bag": 1,
    "final_token": 0,
    "track": 1,
    "strength": 0,
    "damage": 1,
    "deck": 1,
    "offer": 1,
    "discard": 1,
    "agenda_deck": 1,
    "gate_deck": 1,
    "piles": 1,
    "hq_offer": 1,
    "known_by": 1,
    "batch": 1,
    "scores": 0,
    "logging": 0,
    "events": 0,
}
"""Every field of the state and how deeply ``clone`` copies it (the events are
shared, copied on write: see [`record`][baldurs_rules.rules.events.record])."""


class State(MachineState):
    """Everything that changes during a game.

    Attributes:
        players: Number of seats.
        advanced: Whether the advanced setup (and HQ advanced sides) is used.
        seed: The seed the game was created with.
        rng: The random generator's state (see [`baldurs_rules.engine.rng`][]).
        phase: ``setup``, ``play``, ``final`` (the last round) or ``over``.
        active: The seat whose turn it is.
        turn: Turns completed.
        end_triggered: The last lot token has been drawn (or the turn limit reached).
        stack: Pending frames (see [`Machine`][baldurs_rules.engine.machine.Machine]).
        decision: The pending decision (an [`Ask`][baldurs_rules.engine.machine.Ask]), or None.
        final_queue: Seats still to take their last turn.
        used: Cards whose income ability was used in the current income action.
        res: ``res[seat][resource]`` in content resource order.
        cubes: Cubes in each player's supply.
        influence: ``influence[seat][faction]``: spaces moved from start.
        worker: Location index of each worker, -1 when at home.
        hand: Building cards in hand.
        agendas: Agenda cards in hand.
        portfolio: Building and gate cards in the portfolio (HQ apart), a tuple per seat:
            a portfolio only grows, and rarely, so copies share the tuples.
        hq: Each seat's HQ card id.
        owner: Owner seat of each map node's piece, -1 for none or damaged.
        piece: What stands on each node: -1 nothing; a tile index on a lot;
            a fortification index on a fortification or gate site; 0 for an HQ.
        lots: Lot status per node (hidden, available, banned, built, final).
        bag: Node indices of the lot tokens in the bag (unordered).
        final_token: Node index of the face-down token (its lot's status becomes
            ``LOT_FINAL`` when it is revealed at the end).
        track: Tokens on each district's attack track.
        strength: Position of the strength marker.
        damage: Damage tokens on each district's special location.
        deck, offer, discard: Building cards (deck top is the end of the list).
        agenda_deck, gate_deck: Agenda and gate cards (top is the end of the list).
        piles: Tiles left of each type.
        hq_offer: HQ cards on offer in the advanced draft.
        known_by: For a building or agenda card in a hand or a deck, the seats (a bit
            mask, bit ``s`` for seat ``s``) that know where it is besides its holder:
            everyone for a card taken from the offer, the seat itself for a card it
            put back under a deck. Cards not listed are known to their holder only.
            [`determinize`][baldurs_rules.rules.knowledge.determinize] keeps these.
        batch: For building cards shuffled back into the deck from the discard pile,
            the number of that reshuffle (its cards are known as a set, so they are
            only ever exchanged among themselves when secrets are resampled).
        scores: The final scoring, once the game is over.
        logging: Whether events are recorded (off for fast playouts; a game
            loaded without its log has none).
        events: The structured log (see [`Game.events`][baldurs_rules.game.Game.events]).
            Copies share the list until one of them records an event: record with
            [`record`][baldurs_rules.rules.events.record], and replace the list
            rather than change it in place.
        options: Cache of the legal actions at the pending decision (not saved).
        available: Positions (in lot-number order) of the available lots, kept up to
            date by the rules (derived from ``lots``, not saved).
        events_shared: The list of events may be shared with a copy: the next event
            recorded copies it first (not saved).
    """

    # stack, decision and options are the machine's (MachineState)
    __slots__ = (
        *(name for name in FIELDS if name not in ("stack", "decision")),
        "available",
        "events_shared",
    )

    players: int
    advanced: bool
    seed: int
    rng: list[int]
    phase: str
    active: int
    turn: int
    end_triggered: bool
    final_queue: list[int]
    used: list[str]
    res: list[list[int]]
    cubes: list[int]
    influence: list[list[int]]
    worker: list[int]
    hand: list[list[str]]
    agendas: list[list[str]]
    portfolio: list[tuple[str, ...]]
    hq: list[str]
    owner: list[int]
    piece: list[int]
    lots: list[int]
    bag: list[int]
    final_token: int
    track: list[int]
    strength: int
    damage: list[int]
    deck: list[str]
    offer: list[str]
    discard: list[str]
    agenda_deck: list[str]
    gate_deck: list[str]
    piles: list[int]
    hq_offer: list[str]
    known_by: dict[str, int]
    batch: dict[str, int]
    scores: dict[str, Any] | None
    logging: bool
    events: list[tuple[Any, ...]]
    available: list[int]
    events_shared: bool

    def __init__(self) -> None:
        """An empty state (every field unset but ``events_shared``);
        [`Setup`][baldurs_rules.rules.setup.Setup] and
        [`from_dict`][baldurs_rules.rules.state.State.from_dict] fill it."""
        self.events_shared = False

    def clone(self, log: bool = True) -> State:
        """An independent copy.

        The copy shares the list of events: no event is ever changed once logged,
        and the first event either of them records copies the list first (see
        [`record`][baldurs_rules.rules.events.record]). A state that records no log
        never appends to it again, so its copies share it for good.

        Args:
            log: False gives a copy that records no events and holds none (a search's
                playout); the original's log is left alone, so it is never copied
                because of such a copy.

        Written out field by field because it is on the hot path of search bots;
        ``tests/rules/test_state.py`` checks that it copies every field of ``FIELDS`` to
        the depth given there.
        """
        new = State()
        new.players = self.players
        new.advanced = self.advanced
        new.seed = self.seed
        new.rng = self.rng[:]
        new.phase = self.phase
        new.active = self.active
        new.turn = self.turn
        new.end_triggered = self.end_triggered
        new.stack = self.stack[:]
        new.decision = self.decision
        new.final_queue = self.final_queue[:]
        new.used = self.used[:]
        new.res = [row[:] for row in self.res]
        new.cubes = self.cubes[:]
        new.influence = [row[:] for row in self.influence]
        new.worker = self.worker[:]
        new.hand = [row[:] for row in self.hand]
        new.agendas = [row[:] for row in self.agendas]
        new.portfolio = self.portfolio[:]  # tuples: shared
        new.hq = self.hq[:]
        new.owner = self.owner[:]
        new.piece = self.piece[:]
        new.lots = self.lots[:]
        new.bag = self.bag[:]
        new.final_token = self.final_token
        new.track = self.track[:]
        new.strength = self.strength
        new.damage = self.damage[:]
        new.deck = self.deck[:]
        new.offer = self.offer[:]
        new.discard = self.discard[:]
        new.agenda_deck = self.agenda_deck[:]
        new.gate_deck = self.gate_deck[:]
        new.piles = self.piles[:]
        new.hq_offer = self.hq_offer[:]
        new.known_by = self.known_by.copy()
        new.batch = self.batch.copy()
        new.scores = self.scores
        if log:
            new.logging = self.logging
            new.events = self.events
            if self.logging:  # both copies write their own list from their next event on
                self.events_shared = new.events_shared = True
        else:
            new.logging = False
            new.events = []
        new.options = self.options
        new.available = self.available[:]
        return new

    def to_dict(self, log: bool = True) -> dict[str, Any]:
        """The state as JSON-ready data (tuples become lists).

        Args:
            log: Include the event log; without it the data says ``logging: false``
                and holds no events (a game loaded from it records no more).
        """
        data = {name: getattr(self, name) for name in FIELDS}
        data["stack"] = [f.to_list() for f in self.stack]
        data["portfolio"] = [list(row) for row in self.portfolio]
        data["decision"] = None if self.decision is None else self.decision.to_list()
        if not log:
            data["logging"], data["events"] = False, []
        return data

    def assign(self, other: State) -> None:
        """Make this state equal to ``other`` in place (``other`` must not be used after)."""
        for name in FIELDS:
            setattr(self, name, getattr(other, name))
        self.options = other.options
        self.available = other.available
        self.events_shared = other.events_shared

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        """Rebuild a state from [`to_dict`][baldurs_rules.rules.state.State.to_dict] data.

        The pending steps and the decision must be well formed (checked first by
        [`pending_problem`][baldurs_rules.rules.shapes.pending_problem] when the data
        comes from a file).
        """
        state = cls()
        for name in FIELDS:
            # stack and decision are records, set below: compiled, setattr checks the type
            if name not in ("stack", "decision"):
                setattr(state, name, data[name])
        state.stack = [from_list(FRAMES, f) for f in data["stack"]]
        state.portfolio = [tuple(row) for row in data["portfolio"]]
        state.events = [tuple(e) for e in data["events"]]
        decision = data["decision"]
        state.decision = None if decision is None else from_list(ASKS, decision)
        state.options = None
        state.available = []  # the rules fill it: see Rules.refresh
        return state

    def available_from_lots(self, lot_nodes: list[int]) -> list[int]:
        """The ``available`` positions as ``lots`` says (to refresh the cache)."""
        lots = self.lots
        return [i for i, n in enumerate(lot_nodes) if lots[n] == LOT_AVAILABLE]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in FIELDS)

    __hash__ = None  # type: ignore[assignment]
