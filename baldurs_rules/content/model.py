"""The content model: static, shared, read-only after loading.

A [`Content`][baldurs_rules.content.model.Content] holds every table and card of
a game, each effect already parsed and checked. Game states never hold content
objects; they refer to cards and map nodes by id or index.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from baldurs_rules.dsl import ast as A
from baldurs_rules.errors import Location

__all__ = [
    "Agenda",
    "Board",
    "Building",
    "Content",
    "District",
    "Faction",
    "Fortification",
    "Gate",
    "Hq",
    "HqSide",
    "MapNode",
    "Resource",
    "Script",
    "SpecialLocation",
    "Tile",
    "Trade",
]


@dataclass(frozen=True, slots=True)
class Script:
    """One effect (or agenda expression): its source, its AST and where it was written.

    Attributes:
        source: The text as written in the content file.
        tree: The parsed and checked AST.
        location: Where the text starts (file, line, column).
        slot: Which kind of slot it fills (``income ability``, ``agenda score``, ...).
    """

    source: str
    tree: A.Effect | A.Expr
    location: Location | None = field(default=None, compare=False)
    slot: str = ""


@dataclass(frozen=True, slots=True)
class Resource:
    """A resource (gold, supply, favor, prestige)."""

    id: str
    name: str
    payable: bool


@dataclass(frozen=True, slots=True)
class Tile:
    """A building type, its tile pile and the bonus its owner gets on a connection."""

    id: str
    name: str
    pile: int
    bonus: Script | None


@dataclass(frozen=True, slots=True)
class Fortification:
    """A fortification kind (watchtower, keep, gate)."""

    id: str
    name: str
    defense: int
    bonus: Script | None


@dataclass(frozen=True, slots=True)
class Faction:
    """A faction track: ``rewards[i]`` is the reward of space ``i + 1``."""

    id: str
    name: str
    rewards: tuple[Script | None, ...]


@dataclass(frozen=True, slots=True)
class District:
    """A district of the city, with its drawing data."""

    id: str
    name: str
    wall: bool
    label: tuple[float, float]
    location: tuple[float, float]
    outline: tuple[tuple[float, float], ...]


@dataclass(frozen=True, slots=True)
class MapNode:
    """A node of the solid-line network: a lot or a site.

    Attributes:
        index: Position in ``Board.nodes`` (what game states store).
        kind: ``lot``, ``hq``, ``fortification`` or ``gate``.
        lot: The lot number (lots only).
    """

    index: int
    id: str
    kind: str
    district: str
    at: tuple[float, float]
    lot: int | None = None


@dataclass(frozen=True, slots=True)
class Board:
    """The city map.

    Attributes:
        neighbors: For each node index, the indices joined to it by a line.
    """

    width: float
    height: float
    districts: tuple[District, ...]
    nodes: tuple[MapNode, ...]
    lines: tuple[tuple[int, int], ...]
    neighbors: tuple[tuple[int, ...], ...]

    def node(self, node_id: str) -> MapNode:
        """The node with this id."""
        return self.nodes[self.node_index[node_id]]

    @property
    def node_index(self) -> dict[str, int]:
        """Node id to index."""
        return {n.id: n.index for n in self.nodes}


@dataclass(frozen=True, slots=True)
class Building:
    """A building card."""

    id: str
    name: str
    type: str
    cost: int
    income: Script | None = None
    when_built: Script | None = None
    flavor: str = ""


@dataclass(frozen=True, slots=True)
class Gate:
    """A gate card."""

    id: str
    name: str
    income: Script | None
    flavor: str = ""


@dataclass(frozen=True, slots=True)
class Agenda:
    """An agenda card: secret end-game scoring."""

    id: str
    name: str
    score: Script
    flavor: str = ""


@dataclass(frozen=True, slots=True)
class HqSide:
    """One side of an HQ card."""

    income: Script | None = None
    ability: Script | None = None
    bonus: Script | None = None
    setup: Script | None = None


@dataclass(frozen=True, slots=True)
class Hq:
    """An HQ card: the district of its site and its two sides."""

    id: str
    name: str
    district: str
    basic: HqSide
    advanced: HqSide
    flavor: str = ""


@dataclass(frozen=True, slots=True)
class Trade:
    """A trade of a special location: favor cost and effect."""

    cost: int
    effect: Script


@dataclass(frozen=True, slots=True)
class SpecialLocation:
    """A special location (one per district)."""

    id: str
    name: str
    district: str
    trades: tuple[Trade, ...]
    flavor: str = ""


@dataclass(slots=True)
class Content:
    """Everything a game is played from. Static and shared between games.

    Attributes:
        settings: The tables of ``game.yaml`` as plain data.
        fingerprint: A hash of the content's meaning; saved games and records
            carry it so they are never replayed against other rules.
        sources: The directories the content was loaded from.
    """

    settings: Mapping[str, Any]
    resources: tuple[Resource, ...]
    tiles: tuple[Tile, ...]
    fortifications: tuple[Fortification, ...]
    factions: tuple[Faction, ...]
    past_top: Script | None
    hq_basic: HqSide
    board: Board
    buildings: Mapping[str, Building]
    gates: Mapping[str, Gate]
    agendas: Mapping[str, Agenda]
    hqs: Mapping[str, Hq]
    locations: tuple[SpecialLocation, ...]
    fingerprint: str = ""
    sources: tuple[str, ...] = ()
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __getstate__(self) -> dict[str, Any]:
        state = {name: getattr(self, name) for name in self.__slots__}
        state["_cache"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)

    def counts(self) -> dict[str, int]:
        """How many of each content kind there are."""
        lots = sum(1 for n in self.board.nodes if n.kind == "lot")
        return {
            "lots": lots,
            "buildings": len(self.buildings),
            "gates": len(self.gates),
            "agendas": len(self.agendas),
            "HQs": len(self.hqs),
            "locations": len(self.locations),
            "factions": len(self.factions),
        }

    def summary(self) -> str:
        """One line with the counts, as ``bbg validate`` prints it.

        Examples:
            >>> from baldurs_rules import load_content
            >>> load_content().summary()
            'ok: 36 lots, 48 buildings, 8 gates, 28 agendas, 9 HQs, 9 locations, 3 factions'
        """
        return "ok: " + ", ".join(f"{n} {kind}" for kind, n in self.counts().items())

    def names(self) -> dict[str, str]:
        """Display names of every id (factions, districts, types, cards, ...)."""
        cached = self._cache.get("names")
        if cached is None:
            cached = {r.id: r.name for r in self.resources}
            for group in (
                self.tiles,
                self.fortifications,
                self.factions,
                self.board.districts,
                self.locations,
            ):
                cached.update({x.id: x.name for x in group})
            for cards in (self.buildings, self.gates, self.agendas, self.hqs):
                cached.update({k: v.name for k, v in cards.items()})
            self._cache["names"] = cached
        return cached

    def scripts(self, agendas: bool = True) -> list[Script]:
        """Every effect (and agenda score) of the content, in a fixed order.

        The order is part of the engine's numbering of effect nodes, so it never
        depends on anything but the content.
        """
        found: list[Script | None] = [t.bonus for t in self.tiles]
        found += [f.bonus for f in self.fortifications]
        for faction in self.factions:
            found += list(faction.rewards)
        found.append(self.past_top)
        for b in self.buildings.values():
            found += [b.income, b.when_built]
        found += [g.income for g in self.gates.values()]
        sides = [self.hq_basic] + [s for h in self.hqs.values() for s in (h.basic, h.advanced)]
        for side in sides:
            found += [side.income, side.ability, side.bonus, side.setup]
        for loc in self.locations:
            found += [t.effect for t in loc.trades]
        if agendas:
            found += [a.score for a in self.agendas.values()]
        return [s for s in found if s is not None]

    def card(self, card_id: str) -> Building | Gate | Agenda | Hq:
        """Any card by id.

        Raises:
            KeyError: No card has this id.
        """
        for cards in (self.buildings, self.gates, self.agendas, self.hqs):
            if card_id in cards:
                return cards[card_id]
        raise KeyError(card_id)
