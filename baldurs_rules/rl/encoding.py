"""Fixed integer encodings of actions and observations for a content.

[`ActionCodec`][baldurs_rules.rl.encoding.ActionCodec] numbers every action that
can ever be legal with a content, in a documented order, so the same content
always gives the same numbers. [`ObservationEncoder`][baldurs_rules.rl.encoding.ObservationEncoder]
turns ``game.view(seat)`` (public information and the seat's own cards only)
into a flat float vector, seats rotated so the observing seat comes first.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from baldurs_rules.actions import Action
from baldurs_rules.content.model import Content
from baldurs_rules.dsl import ast as A
from baldurs_rules.rules import Rules

__all__ = ["ActionCodec", "ObservationEncoder"]


class ActionCodec:
    """Every possible action of a content, numbered.

    The order is: ``build`` (each building × each lot, cards in content order,
    lots by number), ``visit`` (locations), ``income``, ``trade 1..T``, ``skip``,
    ``use`` (HQ cards, then buildings, then gates), ``done``, ``choose 1..C``,
    ``pay``, ``decline``, ``faction`` (factions), ``site`` (fortification and
    gate sites in map order), ``take`` (buildings, then ``deck``), ``hq`` (HQ
    cards), ``discard`` (buildings, then agendas). T and C are the most trades of
    a location and the most options of a ``choose`` in the content.

    Examples:
        >>> import baldurs_rules as br
        >>> codec = ActionCodec(br.load_content())
        >>> codec.decode(codec.encode(br.Action("income")))
        Action('income')
    """

    def __init__(self, content: Content) -> None:
        t = Rules.of(content).t
        buildings, hqs = list(content.buildings), list(content.hqs)
        lots = sorted(t.lot_node)
        trades = max(len(loc.trades) for loc in content.locations)
        choices = max([len(n.options) for n in t.program.nodes if isinstance(n, A.Choose)] or [2])
        sites = [t.node_ids[n] for n, k in enumerate(t.node_kind) if k in ("fortification", "gate")]
        actions: list[Action] = [Action("build", (b, lot)) for b in buildings for lot in lots]
        actions += [Action("visit", (loc,)) for loc in t.locations]
        actions.append(Action("income"))
        actions += [Action("trade", (i,)) for i in range(1, trades + 1)]
        actions.append(Action("skip"))
        actions += [Action("use", (c,)) for c in [*hqs, *buildings, *content.gates]]
        actions.append(Action("done"))
        actions += [Action("choose", (i,)) for i in range(1, choices + 1)]
        actions += [Action("pay"), Action("decline")]
        actions += [Action("faction", (f,)) for f in t.factions]
        actions += [Action("site", (s,)) for s in sites]
        actions += [Action("take", (b,)) for b in [*buildings, "deck"]]
        actions += [Action("hq", (h,)) for h in hqs]
        actions += [Action("discard", (c,)) for c in [*buildings, *content.agendas]]
        self.actions = actions
        self.index = {a: i for i, a in enumerate(actions)}
        self.fingerprint = content.fingerprint

    def __len__(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int:
        """The number of an action (KeyError if the content can never produce it)."""
        return self.index[action]

    def decode(self, number: int) -> Action:
        """The action with this number."""
        return self.actions[int(number)]

    def mask(self, legal: list[Action]) -> np.ndarray:
        """An int8 vector with 1 at the numbers of the legal actions."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        for action in legal:
            mask[self.index[action]] = 1
        return mask


class ObservationEncoder:
    """A flat float32 vector of what one seat sees (built from ``view(seat)`` only).

    Layout (seats rotated so the observer is seat 0): phase and turn; for each
    seat its resources, cubes, influence, worker location (one-hot), building
    types in portfolio, hand size and agenda count; the observer's hand and
    agendas (counts per card); each lot's status, tile and owner (one-hot); each
    site's piece and owner; attack tracks, damage, strength; the offer; deck,
    bag and gate-deck sizes; whether the observer must decide now.
    """

    def __init__(self, content: Content, players: int) -> None:
        self.content = content
        self.players = players
        self.t = Rules.of(content).t
        self.buildings = {b: i for i, b in enumerate(content.buildings)}
        self.agendas = {a: i for i, a in enumerate(content.agendas)}
        self.size = len(self.encode_view(None))

    def encode_view(self, view: dict[str, Any] | None) -> np.ndarray:
        """Encode a view (None gives a zero vector of the right size)."""
        parts: list[float] = []
        self._fill(parts, view)
        return np.asarray(parts, dtype=np.float32)

    def _fill(self, out: list[float], view: dict[str, Any] | None) -> None:
        t, v = self.t, view or {}
        me = v.get("seat", 0)
        phases = ("setup", "play", "final", "over")
        out += [float(v.get("phase") == p) for p in phases]
        out.append(min(v.get("turn", 0), 999) / 100.0)
        seats = v.get("seats") or [{} for _ in range(self.players)]
        for k in range(self.players):
            self._seat(out, seats[(me + k) % self.players] if seats else {})
        hand, agendas = [0.0] * len(self.buildings), [0.0] * len(self.agendas)
        for card in v.get("hand", []):
            hand[self.buildings[card]] += 1
        for card in v.get("agendas", []):
            agendas[self.agendas[card]] += 1
        out += hand + agendas
        statuses = ("hidden", "available", "banned", "built")
        for number in sorted(t.lot_node):
            lot = (v.get("lots") or {}).get(number, {})
            out += [float(lot.get("status") == s) for s in statuses]
            out += [float(lot.get("tile") == tile) for tile in t.tiles]
            out += self._owner(lot.get("owner"), me)
        for node, kind in enumerate(t.node_kind):
            if kind == "lot":
                continue
            site = (v.get("sites") or {}).get(t.node_ids[node], {})
            out += [float(site.get("piece") == p) for p in ("hq", "watchtower", "keep", "gate")]
            out += self._owner(site.get("owner"), me)
        out += [float((v.get("tracks") or {}).get(d, 0)) for d in t.districts]
        out += [float((v.get("damage") or {}).get(d, 0)) for d in t.districts]
        out.append(float(v.get("strength", 0)))
        offer = [0.0] * len(self.buildings)
        for card in v.get("offer", []):
            offer[self.buildings[card]] += 1
        out += offer
        out += [
            v.get("deck_size", 0) / 10,
            v.get("bag_size", 0) / 10,
            v.get("gate_deck_size", 0) / 10,
            float(v.get("current_player") == me),
        ]

    def _owner(self, owner: int | None, me: int) -> list[float]:
        cells = [0.0] * self.players
        if owner is not None:
            cells[(owner - me) % self.players] = 1.0
        return cells

    def _seat(self, out: list[float], seat: dict[str, Any]) -> None:
        t = self.t
        resources = seat.get("resources") or {}
        out += [min(resources.get(r, 0), 999) / 10 for r in t.resource_ids]
        out.append(seat.get("cubes", 0) / 10)
        influence = seat.get("influence") or {}
        out += [influence.get(f, 0) / 10 for f in t.factions]
        worker = seat.get("worker")
        out += [float(worker == loc) for loc in t.locations]
        types = [0.0] * len(t.tiles)
        for card in seat.get("portfolio", []):
            if card in t.tile_of:
                types[t.tile_of[card]] += 1
        out += types
        out += [seat.get("hand_size", 0) / 5, seat.get("agenda_count", 0) / 5]
