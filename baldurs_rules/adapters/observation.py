"""What one seat sees, as a flat float32 vector written straight from the state.

[`ObservationEncoder`][baldurs_rules.adapters.observation.ObservationEncoder] has
two ways to the same vector:

* [`encode`][baldurs_rules.adapters.observation.ObservationEncoder.encode], the
  fast path: read from the game's state into a preallocated array, with no
  ``view()`` dicts (the RL environments and the OpenSpiel game use it);
* [`encode_view`][baldurs_rules.adapters.observation.ObservationEncoder.encode_view],
  the reference: built from ``game.view(seat)`` alone, so it cannot hold anything
  the seat may not see. The tests check that both give the same vector.

The layout is a list of named parts (``encoder.parts``, each a
[`Part`][baldurs_rules.adapters.observation.Part]); seats are rotated so the
observing seat comes first, and every owner or seat field is relative (0 = me,
1 = the next seat, ...). It holds
everything ``view(seat)`` holds except the legal actions (the action mask), the
final scores (the reward), the event count, and where in a deck a known card lies
(the encoding says which cards the seat knows to be in each deck, not where).

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=3, seed=1)
    >>> encoder = ObservationEncoder(game.content, players=3)
    >>> fast = encoder.encode(game, 0)
    >>> bool((fast == encoder.encode_view(game.view(0))).all()), fast.shape == (encoder.size,)
    (True, True)
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from baldurs_rules.content.model import Content
from baldurs_rules.rules import Rules

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = ["HIGH", "LOT_STATUSES", "PHASES", "ObservationEncoder", "Part"]

PHASES = ("setup", "play", "final", "over")
"""The phases, in their one-hot order."""

LOT_STATUSES = ("hidden", "available", "banned", "built", "final")
"""A lot's statuses, in their one-hot order (``final``: the face-down token's lot, revealed)."""

HIGH = 1000.0
"""The upper bound of every value (the lower bound is 0)."""

MAX_TURN = 999
"""Turns past this are encoded as this many."""

MAP_MEMO = 4096
"""Encoded maps kept per encoder (by map state: the map changes on few decisions)."""


@dataclass(frozen=True)
class Part:
    """A named slice of the observation vector.

    Attributes:
        name: What it holds (``"seat 0 resources"``, ``"lots"``, ...).
        start: Its first index.
        size: How many values.
        scale: What each value is divided by (1 for one-hots and counts).
    """

    name: str
    start: int
    size: int
    scale: float = 1.0


class ObservationEncoder:
    """The observation vector of one seat for a content and a number of players.

    Attributes:
        size: The length of the vector.
        parts: The layout, in order (see [`Part`][baldurs_rules.adapters.observation.Part]).
        decision_kinds: The decision kinds, in their one-hot order.
    """

    def __init__(self, content: Content, players: int) -> None:
        rules = Rules.of(content)
        self.t = rules.t
        self.content, self.players = content, players
        self.buildings = {b: i for i, b in enumerate(content.buildings)}
        self.agendas = {a: i for i, a in enumerate(content.agendas)}
        self.hqs = {h: i for i, h in enumerate(content.hqs)}
        self.gates = {g: i for i, g in enumerate(content.gates)}
        nb = len(self.buildings)
        self.portfolio_cards = {**self.buildings, **{g: nb + i for g, i in self.gates.items()}}
        used = [*content.hqs, *content.buildings, *content.gates]
        self.used_cards = {c: i for i, c in enumerate(used)}
        self.decision_kinds = sorted(rules.machine.decisions)
        self._kind = {k: i for i, k in enumerate(self.decision_kinds)}
        self._phase = {p: i for i, p in enumerate(PHASES)}
        self.parts: list[Part] = []
        self._layout()
        self.size = sum(p.size for p in self.parts)
        self._map_tables()

    # ------------------------------------------------------------ layout
    def _add(self, name: str, size: int, scale: float = 1.0) -> int:
        start = self.parts[-1].start + self.parts[-1].size if self.parts else 0
        self.parts.append(Part(name, start, size, scale))
        return start

    def _layout(self) -> None:
        t, p = self.t, self.players
        self.o_phase = self._add("phase", len(PHASES))
        self.o_turn = self._add("turn", 1, 100.0)
        self.o_advanced = self._add("advanced", 1)
        self.o_kind = self._add("decision kind", len(self.decision_kinds))
        self.o_decider = self._add("decision seat", p)
        self.o_active = self._add("active seat", p)
        self.seat_parts = [
            ("resources", len(t.resource_ids), 10.0),
            ("cubes", 1, 10.0),
            ("influence", len(t.factions), 10.0),
            ("hand size", 1, 5.0),
            ("agenda count", 1, 5.0),
            ("worker", len(t.locations), 1.0),
            ("hq", len(self.hqs), 1.0),
            ("portfolio", len(self.portfolio_cards), 1.0),
            ("known hand", len(self.buildings), 1.0),
            ("known agendas", len(self.agendas), 1.0),
        ]
        self.seat_start = [
            {
                name: self._add(f"seat {k} {name}", size, scale)
                for name, size, scale in self.seat_parts
            }
            for k in range(p)
        ]
        self.lot_width = len(LOT_STATUSES) + len(t.tiles) + p
        self.o_lots = self._add("lots", len(t.lot_nodes) * self.lot_width)
        self.site_nodes = [n for n, kind in enumerate(t.node_kind) if kind != "lot"]
        self.site_width = 1 + len(self.content.fortifications) + p
        self.o_sites = self._add("sites", len(self.site_nodes) * self.site_width)
        self.o_map_end = self.o_sites + len(self.site_nodes) * self.site_width
        self._layout_rest()

    def _layout_rest(self) -> None:
        """The parts after the map: tracks and every public pile of cards."""
        t = self.t
        self.o_tracks = self._add("tracks", len(t.districts))
        self.o_damage = self._add("damage", len(t.districts))
        self.o_strength = self._add("strength", 1)
        self.o_strength_index = self._add("strength position", len(t.strength_track))
        self.o_offer = self._add("offer", len(self.buildings))
        self.o_discard = self._add("discard pile", len(self.buildings))
        self.o_known_deck = self._add("known in deck", len(self.buildings))
        self.o_known_agenda_deck = self._add("known in agenda deck", len(self.agendas))
        self.o_gate_top = self._add("gate deck top", len(self.gates))
        self.o_hq_offer = self._add("hq offer", len(self.hqs))
        self.o_used = self._add("used", len(self.used_cards))
        self.o_piles = self._add("piles", len(t.tiles), 10.0)
        self.o_sizes = self._add("sizes", 4, 10.0)

    def _map_tables(self) -> None:
        """Offsets the fast path reads: per lot and site its node and first index."""
        t, p = self.t, self.players
        self._lots = [(n, self.o_lots + k * self.lot_width) for k, n in enumerate(t.lot_nodes)]
        # an HQ is piece 0 in column 0; a fortification index f goes to column 1 + f
        self._sites = [
            (n, self.o_sites + k * self.site_width, 0 if t.node_kind[n] == "hq" else 1)
            for k, n in enumerate(self.site_nodes)
        ]
        self._rotation = [[(s - seat) % p for s in range(p)] for seat in range(p)]
        self._zeros = bytes(4 * self.size)
        self._map_memo: dict[tuple[Any, ...], tuple[array[float], list[tuple[int, int]]]] = {}
        self._scales = self.scale_of()
        parts = ("resources", "worker", "hq", "portfolio", "known hand", "known agendas")
        self._seat_at = [tuple(start[name] for name in parts) for start in self.seat_start]

    def scale_of(self) -> np.ndarray:
        """What each value of the vector is divided by (1 for one-hots and counts)."""
        scales = np.ones(self.size, dtype=np.float32)
        for part in self.parts:
            scales[part.start : part.start + part.size] = part.scale
        return scales

    # ------------------------------------------------------------ the fast path
    def encode(self, game: Game, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The vector of ``seat``, read from the state (no ``view()``).

        Whole numbers are set one by one in a plain ``array('f')`` (cheaper than
        numpy calls on vectors this small), then divided by their scales in one
        numpy call (a float32 division of whole numbers rounds exactly as the
        reference's float64 division rounded to float32).

        Args:
            game: The game.
            seat: The observing seat.
            out: A float32 vector of ``size`` to write into; a new one when None.

        Returns:
            ``out`` (or the new vector).
        """
        buf = array("f", self._zeros)
        state = game.state
        rotation = self._rotation[seat]
        known_by = state.known_by
        bit = 1 << seat
        known = {card for card, mask in known_by.items() if mask & bit} if known_by else set()
        self._header(buf, state, rotation)
        self._seats(buf, state, seat, rotation, known)
        self._cards(buf, state, known)
        key = (tuple(state.lots), tuple(state.piece), tuple(state.owner))
        memo = self._map_memo.get(key)
        if memo is None:  # the map changes on few decisions: keep what it gave
            if len(self._map_memo) >= MAP_MEMO:
                self._map_memo.clear()
            memo = self._map_memo[key] = self._map(state)
        chunk, owned = memo
        buf[self.o_lots : self.o_map_end] = chunk
        for at, owner in owned:  # owners are relative to the observer
            buf[at + rotation[owner]] = 1.0
        if out is None:
            out = np.empty(self.size, dtype=np.float32)
        np.divide(np.frombuffer(buf, dtype=np.float32), self._scales, out=out)
        return out

    def _header(self, buf: array[float], state: Any, rotation: list[int]) -> None:
        t = self.t
        buf[self.o_phase + self._phase[state.phase]] = 1.0
        buf[self.o_turn] = min(state.turn, MAX_TURN)
        if state.advanced:
            buf[self.o_advanced] = 1.0
        decision = state.decision
        if decision is not None:
            buf[self.o_kind + self._kind[decision[0]]] = 1.0
            buf[self.o_decider + rotation[decision[1]]] = 1.0
        buf[self.o_active + rotation[state.active]] = 1.0
        districts = len(t.districts)
        buf[self.o_tracks : self.o_tracks + districts] = array("f", state.track)
        buf[self.o_damage : self.o_damage + districts] = array("f", state.damage)
        buf[self.o_strength] = t.strength_track[state.strength]
        buf[self.o_strength_index + state.strength] = 1.0
        buf[self.o_piles : self.o_piles + len(t.tiles)] = array("f", state.piles)
        sizes = (len(state.deck), len(state.agenda_deck), len(state.bag), len(state.gate_deck))
        buf[self.o_sizes : self.o_sizes + 4] = array("f", sizes)

    def _seats(
        self, buf: array[float], state: Any, seat: int, rotation: list[int], known: set[str]
    ) -> None:
        buildings, agendas = self.buildings, self.agendas
        hqs, portfolio = self.hqs, self.portfolio_cards
        for s in range(self.players):
            at, worker_at, hq_at, portfolio_at, hand_at, agenda_at = self._seat_at[rotation[s]]
            hand, held = state.hand[s], state.agendas[s]
            scalars = [*state.res[s], state.cubes[s], *state.influence[s], len(hand), len(held)]
            buf[at : at + len(scalars)] = array("f", scalars)
            if state.worker[s] >= 0:
                buf[worker_at + state.worker[s]] = 1.0
            hq = hqs.get(state.hq[s])
            if hq is not None:
                buf[hq_at + hq] = 1.0
            for card in state.portfolio[s]:
                buf[portfolio_at + portfolio[card]] = 1.0
            if s != seat:  # only the cards this seat knows are there
                hand, held = known.intersection(hand), known.intersection(held)
            for card in hand:
                buf[hand_at + buildings[card]] = 1.0
            for card in held:
                buf[agenda_at + agendas[card]] = 1.0

    def _cards(self, buf: array[float], state: Any, known: set[str]) -> None:
        buildings = self.buildings
        for offset, cards in ((self.o_offer, state.offer), (self.o_discard, state.discard)):
            for card in cards:
                buf[offset + buildings[card]] = 1.0
        if known:
            for card in known.intersection(state.deck):
                buf[self.o_known_deck + buildings[card]] = 1.0
            for card in known.intersection(state.agenda_deck):
                buf[self.o_known_agenda_deck + self.agendas[card]] = 1.0
        if state.gate_deck:
            buf[self.o_gate_top + self.gates[state.gate_deck[-1]]] = 1.0
        for hq in state.hq_offer:
            buf[self.o_hq_offer + self.hqs[hq]] = 1.0
        for card in state.used:
            buf[self.o_used + self.used_cards[card]] = 1.0

    def _map(self, state: Any) -> tuple[array[float], list[tuple[int, int]]]:
        """The map's part without its owners, and (first owner index, owner) of each piece."""
        lots, piece, owner = state.lots, state.piece, state.owner
        start = self.o_lots
        chunk = array("f", bytes(4 * (self.o_map_end - start)))
        owned: list[tuple[int, int]] = []
        tile_at = len(LOT_STATUSES)
        owner_at = tile_at + len(self.t.tiles)
        for node, base in self._lots:
            chunk[base - start + lots[node]] = 1.0
            if piece[node] >= 0:
                chunk[base - start + tile_at + piece[node]] = 1.0
            if owner[node] >= 0:
                owned.append((base + owner_at, owner[node]))
        owner_at = self.site_width - self.players
        for node, base, shift in self._sites:
            if piece[node] >= 0:
                chunk[base - start + shift + piece[node]] = 1.0
            if owner[node] >= 0:
                owned.append((base + owner_at, owner[node]))
        return chunk, owned

    # ------------------------------------------------------------ the reference
    def encode_view(self, view: dict[str, Any]) -> np.ndarray:
        """The same vector, built from ``game.view(seat)`` only (the reference).

        Slower than [`encode`][baldurs_rules.adapters.observation.ObservationEncoder.encode];
        it shows what the vector means and that it holds nothing the view does not.
        """
        out = np.zeros(self.size, dtype=np.float32)
        t, p, me = self.t, self.players, view["seat"]
        out[self.o_phase + PHASES.index(view["phase"])] = 1
        out[self.o_turn] = min(view["turn"], MAX_TURN) / 100.0
        out[self.o_advanced] = float(view["advanced"])
        if view["decision"] is not None:
            out[self.o_kind + self.decision_kinds.index(view["decision"]["kind"])] = 1
            out[self.o_decider + (view["decision"]["seat"] - me) % p] = 1
        out[self.o_active + (view["active"] - me) % p] = 1
        for k in range(p):
            self._view_seat(out, self.seat_start[k], view["seats"][(me + k) % p])
        self._view_map(out, view, me)
        out[self.o_tracks : self.o_tracks + len(t.districts)] = [
            view["tracks"][d] for d in t.districts
        ]
        out[self.o_damage : self.o_damage + len(t.districts)] = [
            view["damage"][d] for d in t.districts
        ]
        out[self.o_strength] = view["strength"]
        out[self.o_strength_index + view["strength_index"]] = 1
        self._view_cards(out, view)
        out[self.o_piles : self.o_piles + len(t.tiles)] = [view["piles"][x] / 10 for x in t.tiles]
        sizes = ("deck_size", "agenda_deck_size", "bag_size", "gate_deck_size")
        out[self.o_sizes : self.o_sizes + 4] = [view[k] / 10 for k in sizes]
        return out

    def _view_seat(self, out: np.ndarray, start: dict[str, int], seat: dict[str, Any]) -> None:
        t = self.t
        scalars = [
            *(seat["resources"][r] / 10 for r in t.resource_ids),
            seat["cubes"] / 10,
            *(seat["influence"][f] / 10 for f in t.factions),
            seat["hand_size"] / 5,
            seat["agenda_count"] / 5,
        ]
        out[start["resources"] : start["resources"] + len(scalars)] = scalars
        if seat["worker"] is not None:
            out[start["worker"] + t.locations.index(seat["worker"])] = 1
        if seat["hq"] in self.hqs:
            out[start["hq"] + self.hqs[seat["hq"]]] = 1
        for card in seat["portfolio"]:
            out[start["portfolio"] + self.portfolio_cards[card]] = 1
        for card in seat["known_hand"]:
            out[start["known hand"] + self.buildings[card]] = 1
        for card in seat["known_agendas"]:
            out[start["known agendas"] + self.agendas[card]] = 1

    def _view_map(self, out: np.ndarray, view: dict[str, Any], me: int) -> None:
        t, p = self.t, self.players
        for k, node in enumerate(t.lot_nodes):
            lot = view["lots"][t.node_lot[node]]
            base = self.o_lots + k * self.lot_width
            out[base + LOT_STATUSES.index(lot["status"])] = 1
            if lot["tile"] is not None:
                out[base + len(LOT_STATUSES) + t.tiles.index(lot["tile"])] = 1
            if lot["owner"] is not None:
                out[base + len(LOT_STATUSES) + len(t.tiles) + (lot["owner"] - me) % p] = 1
        pieces = ["hq", *(f.id for f in self.content.fortifications)]
        for k, node in enumerate(self.site_nodes):
            site = view["sites"][t.node_ids[node]]
            base = self.o_sites + k * self.site_width
            if site["piece"] is not None:
                out[base + pieces.index(site["piece"])] = 1
            if site["owner"] is not None:
                out[base + self.site_width - p + (site["owner"] - me) % p] = 1

    def _view_cards(self, out: np.ndarray, view: dict[str, Any]) -> None:
        for part, cards, index in (
            (self.o_offer, view["offer"], self.buildings),
            (self.o_discard, view["discard"], self.buildings),
            (self.o_known_deck, [c for _, c in view["known_in_deck"]], self.buildings),
            (self.o_known_agenda_deck, [c for _, c in view["known_in_agenda_deck"]], self.agendas),
            (self.o_hq_offer, view["hq_offer"], self.hqs),
            (self.o_used, view["used"], self.used_cards),
        ):
            for card in cards:
                out[part + index[card]] = 1
        if view["gate_deck_top"] is not None:
            out[self.o_gate_top + self.gates[view["gate_deck_top"]]] = 1
