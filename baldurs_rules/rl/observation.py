"""What one seat sees, as a flat float32 vector written straight from the state.

[`ObservationEncoder`][baldurs_rules.rl.observation.ObservationEncoder] has
two ways to the same vector:

* [`encode`][baldurs_rules.rl.observation.ObservationEncoder.encode], the
  fast path: read from the game's state into a preallocated array, with no
  ``view()`` dicts (the RL environments and the OpenSpiel game use it);
* [`encode_view`][baldurs_rules.rl.observation.ObservationEncoder.encode_view],
  the reference: built from ``game.view(seat)`` alone, so it cannot hold anything
  the seat may not see. The tests check that both give the same vector.

The layout is a list of named parts (``encoder.parts``, each a
[`Part`][baldurs_rules.rl.observation.Part]); seats are rotated so the
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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from baldurs_rules.content.model import Content
from baldurs_rules.errors import RulesError
from baldurs_rules.rl.common import check_out
from baldurs_rules.rules import Rules
from baldurs_rules.rules.knowledge import cards_known_to
from baldurs_rules.rules.state import State

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = ["LOT_STATUSES", "PHASES", "ObservationEncoder", "Part"]

PHASES = ("setup", "play", "final", "over")
"""The phases, in their one-hot order."""

LOT_STATUSES = ("hidden", "available", "banned", "built", "final")
"""A lot's statuses, in their one-hot order (``final``: the face-down token's lot, revealed)."""

MAX_TURN = 999
"""Turns past this are encoded as this many."""

MAP_MEMO = 256
"""Map bytes kept per encoder (by game state and observer; see ``_map_into``)."""

TURN_SCALE = 100.0
"""What the turn is divided by."""

COUNT_SCALE = 10.0
"""What resources, cubes, influence, tiles left and pile sizes are divided by."""

CARDS_SCALE = 5.0
"""What the number of cards in a hand (buildings, agendas) is divided by."""


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
        parts: The layout, in order (see [`Part`][baldurs_rules.rl.observation.Part]).
        decision_kinds: The decision kinds, in their one-hot order.
        low: The least each value can be (0: ``float32``, one per feature).
        high: The most each value can be, from the content (``float32``, one per feature):
            1 for one-hots, else the largest count the content allows (a resource's
            cap, the cubes a seat has, a faction track's length, the cards there are,
            a pile's size, the turn limit, ...) divided by the scale.
        feature_names: One name per value, ``"<part>: <item>"`` (``"seat 1 resources:
            gold"``, ``"lots: 7 status built"``); a part of one value is named alone.
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
        self.decision_kinds = sorted(kind.kind for kind in rules.machine.decisions)
        self._kind = {k: i for i, k in enumerate(self.decision_kinds)}
        self._phase = {p: i for i, p in enumerate(PHASES)}
        self.parts: list[Part] = []
        self._layout()
        self.size = sum(p.size for p in self.parts)
        self._map_tables()
        self.low: np.ndarray = np.zeros(self.size, dtype=np.float32)
        self.high: np.ndarray = self._most() / self._scales
        self.feature_names: list[str] = self._names()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what makes it: a copy gets a buffer of its own (and numpy's
        view of that buffer, which a field-by-field copy would lose)."""
        return (type(self), (self.content, self.players))

    def __deepcopy__(self, memo: dict[int, Any]) -> ObservationEncoder:
        return type(self)(self.content, self.players)  # the content is shared, never copied

    # ------------------------------------------------------------ layout
    def _add(self, name: str, size: int, scale: float = 1.0) -> int:
        start = self.parts[-1].start + self.parts[-1].size if self.parts else 0
        self.parts.append(Part(name, start, size, scale))
        return start

    def _layout(self) -> None:
        t, p = self.t, self.players
        self.o_phase = self._add("phase", len(PHASES))
        self.o_turn = self._add("turn", 1, TURN_SCALE)
        self.o_advanced = self._add("advanced", 1)
        self.o_kind = self._add("decision kind", len(self.decision_kinds))
        self.o_decider = self._add("decision seat", p)
        self.o_active = self._add("active seat", p)
        self.seat_parts = [
            ("resources", len(t.resource_ids), COUNT_SCALE),
            ("cubes", 1, COUNT_SCALE),
            ("influence", len(t.factions), COUNT_SCALE),
            ("hand size", 1, CARDS_SCALE),
            ("agenda count", 1, CARDS_SCALE),
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
        self.o_piles = self._add("piles", len(t.tiles), COUNT_SCALE)
        self.o_sizes = self._add("sizes", 4, COUNT_SCALE)

    def _map_tables(self) -> None:
        """Offsets the fast path reads: per lot and site its node and first index."""
        t, p = self.t, self.players
        # per map node: its first index in the map's bytes, lot or site, and for a
        # site the column of piece 0 (an HQ is piece 0 in column 0, fortification f in 1 + f)
        self._node_at = [0] * len(t.node_kind)
        self._node_is_lot = [False] * len(t.node_kind)
        self._node_shift = [0] * len(t.node_kind)
        for k, n in enumerate(t.lot_nodes):
            self._node_at[n], self._node_is_lot[n] = k * self.lot_width, True
        for k, n in enumerate(self.site_nodes):
            self._node_at[n] = self.o_sites - self.o_lots + k * self.site_width
            self._node_shift[n] = 0 if t.node_kind[n] == "hq" else 1
        self._blank_lot, self._blank_site = bytes(self.lot_width), bytes(self.site_width)
        self._rotation = [[(s - seat) % p for s in range(p)] for seat in range(p)]
        self._maps: dict[tuple[int, int], _MapBytes] = {}
        self._strength: list[int] = [int(value) for value in t.strength_track]
        self._scales = self.scale_of()
        self._scale_list: list[float] = [float(scale) for scale in self._scales]
        # one buffer of whole numbers for every encode, and numpy's view of it (made once)
        self._flags = bytearray(self.size)
        self._blank = bytes(self.size)
        self._values = np.frombuffer(self._flags, dtype=np.uint8)
        # the byte matrix of encode_rows (made again when the number of games changes)
        self._rows = bytearray()
        self._rows_values: np.ndarray = np.frombuffer(self._rows, dtype=np.uint8)
        parts = ("resources", "worker", "hq", "portfolio", "known hand", "known agendas")
        self._seat_at = [tuple(start[name] for name in parts) for start in self.seat_start]

    def scale_of(self) -> np.ndarray:
        """What each value of the vector is divided by (1 for one-hots and counts)."""
        scales = np.ones(self.size, dtype=np.float32)
        for part in self.parts:
            scales[part.start : part.start + part.size] = part.scale
        return scales

    # ------------------------------------------------------------ bounds and names
    def _most(self) -> np.ndarray:
        """The largest whole number each value can hold before scaling (1 for one-hots)."""
        from baldurs_rules.content.checks import ATTACKS_PER_DISTRICT
        from baldurs_rules.dsl.bounds import MAX_RESOURCE

        t, content, settings = self.t, self.content, self.content.settings
        most = np.ones(self.size, dtype=np.float32)
        turns = min(int(settings["limits"]["max_turns"]) + 1, MAX_TURN)
        most[self.o_turn] = turns
        for start in self.seat_start:
            at = start["resources"]
            most[at : at + len(t.resource_ids)] = MAX_RESOURCE
            at += len(t.resource_ids)
            most[at] = int(settings["setup"]["cubes"])
            for k, faction in enumerate(content.factions):
                most[at + 1 + k] = len(faction.rewards)
            most[start["hand size"]] = len(content.buildings)
            most[start["agenda count"]] = len(content.agendas)
        for d, lots in enumerate(t.district_lots):
            most[self.o_tracks + d] = len(lots)
            most[self.o_damage + d] = ATTACKS_PER_DISTRICT
        most[self.o_strength] = max(self._strength)
        for k, tile in enumerate(content.tiles):
            most[self.o_piles + k] = tile.pile
        decks = (len(content.buildings), len(content.agendas), len(t.lot_nodes), len(self.gates))
        most[self.o_sizes : self.o_sizes + 4] = decks
        return most

    def _names(self) -> list[str]:
        """One name per value (see ``feature_names``)."""
        t, p = self.t, self.players
        relative = ["me", *(f"+{k}" for k in range(1, p))]
        node_ids = t.node_ids
        lot_items = [
            *(f"status {status}" for status in LOT_STATUSES),
            *(f"tile {tile}" for tile in t.tiles),
            *(f"owner {who}" for who in relative),
        ]
        pieces = ["hq", *(f.id for f in self.content.fortifications)]
        site_items = [*(f"piece {piece}" for piece in pieces), *(f"owner {w}" for w in relative)]
        per_seat = {
            "resources": t.resource_ids,
            "influence": t.factions,
            "worker": t.locations,
            "hq": list(self.hqs),
            "portfolio": list(self.portfolio_cards),
            "known hand": list(self.buildings),
            "known agendas": list(self.agendas),
        }
        items: dict[str, list[str]] = {
            "phase": list(PHASES),
            "decision kind": self.decision_kinds,
            "decision seat": relative,
            "active seat": relative,
            "lots": [f"{t.node_lot[n]} {item}" for n in t.lot_nodes for item in lot_items],
            "sites": [f"{node_ids[n]} {item}" for n in self.site_nodes for item in site_items],
            "tracks": t.districts,
            "damage": t.districts,
            "strength position": [str(k) for k in range(len(t.strength_track))],
            "offer": list(self.buildings),
            "discard pile": list(self.buildings),
            "known in deck": list(self.buildings),
            "known in agenda deck": list(self.agendas),
            "gate deck top": list(self.gates),
            "hq offer": list(self.hqs),
            "used": list(self.used_cards),
            "piles": t.tiles,
            "sizes": ["deck", "agenda deck", "bag", "gate deck"],
        }
        names: list[str] = []
        for part in self.parts:
            kind = part.name.split(" ", 2)[2] if part.name.startswith("seat ") else part.name
            labels = per_seat.get(kind) if part.name.startswith("seat ") else items.get(kind)
            if labels is None or part.size == 1:
                names.extend([part.name] * part.size)
            else:
                names.extend(f"{part.name}: {label}" for label in labels)
        return names

    # ------------------------------------------------------------ the fast path
    def encode(self, game: Game, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The vector of ``seat``, read from the state (no ``view()``).

        Every whole number (one-hots and counts) is set one by one in the
        encoder's ``bytearray`` (the cheapest item set there is, compiled or not;
        cleared at each call, so an encoder serves one thread), and one numpy
        call divides the bytes by the scales into the float32 vector (a
        float32 division of whole numbers rounds exactly as the reference's float64
        division rounded to float32). A count outside ``0 .. 255`` is set apart
        and written after, from the same float64 division as the reference.

        Args:
            game: The game.
            seat: The observing seat (``0 .. players - 1``).
            out: A writeable float32 vector of ``size`` to write into; a new one when None.

        Returns:
            ``out`` (or the new vector).

        Raises:
            RulesError: ``seat`` is not a seat of this encoder, the game has another
                number of players, or ``out`` is not a writeable float32 vector of ``size``.
        """
        if out is not None:
            check_out(
                out, self.size, np.float32, "encode", f"np.empty({self.size}, dtype=np.float32)"
            )
        big = self._bytes(game, seat)
        values = self._values
        if out is None:  # uint8 over float32 is float32: one call makes the new vector
            out = np.divide(values, self._scales)
        else:
            np.divide(values, self._scales, out=out)
        for at, count in big:
            out[at] = count / self._scale_list[at]
        return out

    def encode_rows(self, games: list[Game], seats: list[int], out: np.ndarray) -> np.ndarray:
        """The vectors of several games, one per row of ``out``, divided in one batch.

        Each game's whole numbers are set in the encoder's buffer as
        [`encode`][baldurs_rules.rl.observation.ObservationEncoder.encode] sets them and
        copied into row ``k`` of a ``(len(games), size)`` byte matrix the encoder keeps;
        one numpy call then divides the whole matrix by the scales into ``out`` (the
        vector environment of single-agent games encodes every game of a step this way).
        Row ``k`` equals ``encode(games[k], seats[k])``.

        Args:
            games: The games.
            seats: The observing seat of each game.
            out: A writeable float32 array of shape ``(len(games), size)``.

        Returns:
            ``out``.

        Raises:
            RulesError: A seat is not a seat of this encoder, a game has another number
                of players, ``seats`` is not one seat per game, or ``out`` has another
                shape or type.

        Examples:
            >>> import baldurs_rules as br
            >>> games = [br.new_game(players=2, seed=s) for s in range(3)]
            >>> encoder = ObservationEncoder(games[0].content, players=2)
            >>> out = np.empty((3, encoder.size), dtype=np.float32)
            >>> rows = encoder.encode_rows(games, [0, 1, 0], out)
            >>> bool((rows[1] == encoder.encode(games[1], 1)).all())
            True
        """
        n, size = len(games), self.size
        if len(seats) != n:
            raise RulesError(f"encode_rows: {len(seats)} seats for {n} games (one per game)")
        if not (
            isinstance(out, np.ndarray)
            and out.dtype == np.float32
            and out.shape == (n, size)
            and out.flags.writeable
        ):
            raise RulesError(
                f"encode_rows: out must be a writeable float32 array of shape ({n}, {size}),"
                f" pass np.empty(({n}, {size}), dtype=np.float32)"
            )
        if len(self._rows) != n * size:
            self._rows = bytearray(n * size)
            self._rows_values = np.frombuffer(self._rows, dtype=np.uint8).reshape(n, size)
        rows, flags = self._rows, self._flags
        bigs: list[tuple[int, int, int]] = []
        for k in range(n):
            for at, count in self._bytes(games[k], seats[k]):
                bigs.append((k, at, count))
            rows[k * size : (k + 1) * size] = flags
        np.divide(self._rows_values, self._scales, out=out)
        for k, at, count in bigs:
            out[k, at] = count / self._scale_list[at]
        return out

    def _bytes(self, game: Game, seat: int) -> list[tuple[int, int]]:
        """Set the whole numbers of ``seat``'s vector in the buffer; the counts set apart.

        Returns:
            (index, count) of each count that is not a byte (the buffer holds 0 there).
        """
        state = game.state
        if state.players != self.players or not 0 <= seat < self.players:
            raise RulesError(self._seat_problem(state.players, seat))
        flags = self._flags
        flags[:] = self._blank
        big: list[tuple[int, int]] = []  # (index, count) of counts that are not a byte
        self._header(flags, state, seat, big)
        known = cards_known_to(state, seat)
        for s in range(self.players):
            self._seat(flags, state, s, seat, known, big)
        self._cards(flags, state, known)
        self._map_into(flags, state, seat)
        return big

    def _seat_problem(self, players: int, seat: object) -> str:
        if players != self.players:
            return (
                f"this ObservationEncoder is for {self.players} players, the game has"
                f" {players}: make one with players={players}"
            )
        last = self.players - 1
        return f"seat {seat!r} is not a seat of this {self.players}-player game (0 .. {last})"

    def _header(
        self, flags: bytearray, state: State, seat: int, big: list[tuple[int, int]]
    ) -> None:
        rotation = self._rotation[seat]
        flags[self.o_phase + self._phase[state.phase]] = 1
        _count(flags, self.o_turn, min(state.turn, MAX_TURN), big)
        if state.advanced:
            flags[self.o_advanced] = 1
        decision = state.decision
        if decision is not None:
            flags[self.o_kind + self._kind[decision.kind]] = 1
            flags[self.o_decider + rotation[decision.seat]] = 1
        flags[self.o_active + rotation[state.active]] = 1
        _counts(flags, self.o_tracks, state.track, big)
        _counts(flags, self.o_damage, state.damage, big)
        _count(flags, self.o_strength, self._strength[state.strength], big)
        flags[self.o_strength_index + state.strength] = 1
        _counts(flags, self.o_piles, state.piles, big)
        at = self.o_sizes
        _count(flags, at, len(state.deck), big)
        _count(flags, at + 1, len(state.agenda_deck), big)
        _count(flags, at + 2, len(state.bag), big)
        _count(flags, at + 3, len(state.gate_deck), big)

    def _seat(
        self,
        flags: bytearray,
        state: State,
        s: int,
        seat: int,
        known: set[str],
        big: list[tuple[int, int]],
    ) -> None:
        """The part of seat ``s`` in the vector of ``seat``."""
        slot = self._seat_at[self._rotation[seat][s]]
        at, worker_at, hq_at, portfolio_at, hand_at, agenda_at = slot
        hand, held = state.hand[s], state.agendas[s]
        at = _counts(flags, at, state.res[s], big)
        _count(flags, at, state.cubes[s], big)
        at = _counts(flags, at + 1, state.influence[s], big)
        _count(flags, at, len(hand), big)
        _count(flags, at + 1, len(held), big)
        if state.worker[s] >= 0:
            flags[worker_at + state.worker[s]] = 1
        hq = self.hqs.get(state.hq[s], -1)
        if hq >= 0:
            flags[hq_at + hq] = 1
        portfolio = self.portfolio_cards
        for card in state.portfolio[s]:
            flags[portfolio_at + portfolio[card]] = 1
        mine = s == seat  # of the others' cards, only those this seat knows are there
        if mine or known:
            buildings, agendas = self.buildings, self.agendas
            for card in hand:
                if mine or card in known:
                    flags[hand_at + buildings[card]] = 1
            for card in held:
                if mine or card in known:
                    flags[agenda_at + agendas[card]] = 1

    def _cards(self, flags: bytearray, state: State, known: set[str]) -> None:
        buildings = self.buildings
        for card in state.offer:
            flags[self.o_offer + buildings[card]] = 1
        for card in state.discard:
            flags[self.o_discard + buildings[card]] = 1
        if known:
            for card in state.deck:
                if card in known:
                    flags[self.o_known_deck + buildings[card]] = 1
            for card in state.agenda_deck:
                if card in known:
                    flags[self.o_known_agenda_deck + self.agendas[card]] = 1
        if state.gate_deck:
            flags[self.o_gate_top + self.gates[state.gate_deck[-1]]] = 1
        for hq in state.hq_offer:
            flags[self.o_hq_offer + self.hqs[hq]] = 1
        for card in state.used:
            flags[self.o_used + self.used_cards[card]] = 1

    def _map_into(self, flags: bytearray, state: State, seat: int) -> None:
        """The lots and sites: the map bytes this seat saw last in this state, patched.

        The map changes on few decisions and then at one or two nodes, so the bytes
        are kept per game state and observer with the lists they were written
        from; only the nodes whose status, piece or owner differ are written again.
        The lists are compared by value: a stale entry costs time, never a wrong byte.
        """
        key = (id(state), seat)
        seen = self._maps.get(key)
        if seen is None:
            if len(self._maps) >= MAP_MEMO:
                self._maps.clear()
            seen = self._maps[key] = _MapBytes(self.o_map_end - self.o_lots)
        if not seen.holds(state):
            self._patch(seen, state, self._rotation[seat])
        flags[self.o_lots : self.o_map_end] = seen.chunk

    def _patch(self, seen: _MapBytes, state: State, rotation: list[int]) -> None:
        """Write again the nodes of ``seen`` that differ from ``state`` (all when new)."""
        lots, piece, owner = state.lots, state.piece, state.owner
        if len(seen.lots) != len(lots):  # new: every node
            seen.lots, seen.piece, seen.owner = [-1] * len(lots), [-2] * len(lots), [-2] * len(lots)
        old_lots, old_piece, old_owner = seen.lots, seen.piece, seen.owner
        for node in range(len(lots)):
            if (
                lots[node] != old_lots[node]
                or piece[node] != old_piece[node]
                or owner[node] != old_owner[node]
            ):
                self._node(seen.chunk, node, lots[node], piece[node], owner[node], rotation)
                old_lots[node], old_piece[node], old_owner[node] = (
                    lots[node],
                    piece[node],
                    owner[node],
                )

    def _node(
        self, chunk: bytearray, node: int, status: int, piece: int, owner: int, rotation: list[int]
    ) -> None:
        """The bytes of one lot or site (owners relative to the observer)."""
        at = self._node_at[node]
        if self._node_is_lot[node]:
            chunk[at : at + self.lot_width] = self._blank_lot
            chunk[at + status] = 1
            if piece >= 0:
                chunk[at + len(LOT_STATUSES) + piece] = 1
            if owner >= 0:
                chunk[at + self.lot_width - self.players + rotation[owner]] = 1
        else:
            chunk[at : at + self.site_width] = self._blank_site
            if piece >= 0:
                chunk[at + self._node_shift[node] + piece] = 1
            if owner >= 0:
                chunk[at + self.site_width - self.players + rotation[owner]] = 1

    # ------------------------------------------------------------ the reference
    def encode_view(self, view: dict[str, Any]) -> np.ndarray:
        """The same vector, built from ``game.view(seat)`` only (the reference).

        Slower than [`encode`][baldurs_rules.rl.observation.ObservationEncoder.encode];
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


def _count(flags: bytearray, at: int, count: int, big: list[tuple[int, int]]) -> None:
    """Set a whole number at ``flags[at]``, or set it apart when it is not a byte."""
    if 0 <= count < 256:
        flags[at] = count
    else:
        big.append((at, count))


def _counts(flags: bytearray, at: int, counts: list[int], big: list[tuple[int, int]]) -> int:
    """Set whole numbers from ``flags[at]`` on (zeros are there already); the next index."""
    for count in counts:
        if count:
            _count(flags, at, count, big)
        at += 1
    return at


class _MapBytes:
    """The map's part of one observer's vector and the map lists it was written from.

    Attributes:
        chunk: The bytes of the lots and sites.
        lots, piece, owner: Copies of the state's lists they show (empty: nothing yet).
    """

    def __init__(self, size: int) -> None:
        self.chunk = bytearray(size)
        self.lots: list[int] = []
        self.piece: list[int] = []
        self.owner: list[int] = []

    def holds(self, state: State) -> bool:
        """Whether the bytes show the map of ``state``."""
        return self.lots == state.lots and self.piece == state.piece and self.owner == state.owner
