"""The names and numbers that code showing a game reads: a small public lookup of the rules.

A state holds positions, not names: ``state.worker[seat]`` is a location's position
in content order, ``state.piece[node]`` a tile's, ``state.track[district]`` a
district's. [`Lookup`][baldurs_rules.rules.lookup.Lookup] turns them into ids (and ids
into positions), and answers the few questions of the rules a reader needs (what a
trade costs now, what an agenda is worth). Presentation, frontends and adapters read
the rules through it, never through the engine's own tables, which may change.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=2, seed=1)
    >>> look = Lookup.of(game.content)
    >>> look.districts[0], look.lot_node[1] == look.node_index["lot_1"]
    ('manorborn', True)
    >>> look.trade_cost(game.state, look.location_index["high_hall"], 0)
    1
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from baldurs_rules.content.model import Content

if TYPE_CHECKING:
    from baldurs_rules.rules import Rules
    from baldurs_rules.rules.state import State

__all__ = ["Lookup"]


class Lookup:
    """Ids by position and positions by id, for one content (see the module docs).

    Build it with [`Lookup.of`][baldurs_rules.rules.lookup.Lookup.of]; it is kept with
    the content. Every table is read-only (tuples and mappings).

    Attributes:
        resources: Resource ids in content order; ``favor`` is the position of the
            resource that pays location trades.
        factions, districts, locations, tiles: Ids in content order.
        district_index, location_index, tile_index: The position of each id.
        location_district: The district of each location; ``district_location`` the
            location of each district (-1: none).
        tile_of: The tile (building type) of each building card.
        node_ids, node_index: Map nodes (lots, HQ, fortification and gate sites) by
            position, and the position of each node id.
        node_kind, node_district: Each node's kind (``lot``, ``hq``,
            ``fortification``, ``gate``) and district.
        lot_node, node_lot: The node of each lot number, and the lot number of each
            lot node; ``lot_nodes`` the lot nodes in lot-number order;
            ``district_lots`` the lot nodes of each district.
        strength_track: The attack strength of each space of the track.
        trigger: Tokens on a district's track that trigger its attack.
        damage_favor: Extra favor per damage token on a location's trades.
    """

    __slots__ = (
        "_rules",
        "damage_favor",
        "district_index",
        "district_location",
        "district_lots",
        "districts",
        "factions",
        "favor",
        "location_district",
        "location_index",
        "locations",
        "lot_node",
        "lot_nodes",
        "node_district",
        "node_ids",
        "node_index",
        "node_kind",
        "node_lot",
        "resources",
        "strength_track",
        "tile_index",
        "tile_of",
        "tiles",
        "trigger",
    )

    def __init__(self, rules: Rules) -> None:
        t = rules.t
        self._rules = rules
        self.resources: tuple[str, ...] = tuple(t.resource_ids)
        self.favor: int = t.favor
        self.factions: tuple[str, ...] = tuple(t.factions)
        self.districts: tuple[str, ...] = tuple(t.districts)
        self.district_index: Mapping[str, int] = MappingProxyType(dict(t.district_index))
        self.locations: tuple[str, ...] = tuple(t.locations)
        self.location_index: Mapping[str, int] = MappingProxyType(dict(t.location_index))
        self.location_district: tuple[int, ...] = tuple(t.location_district)
        self.district_location: tuple[int, ...] = tuple(t.district_location)
        self.tiles: tuple[str, ...] = tuple(t.tiles)
        self.tile_index: Mapping[str, int] = MappingProxyType(dict(t.tile_index))
        self.tile_of: Mapping[str, int] = MappingProxyType(dict(t.tile_of))
        self.node_ids: tuple[str, ...] = tuple(t.node_ids)
        self.node_index: Mapping[str, int] = MappingProxyType(dict(t.node_index))
        self.node_kind: tuple[str, ...] = tuple(t.node_kind)
        self.node_district: tuple[int, ...] = tuple(t.node_district)
        self.lot_node: Mapping[int, int] = MappingProxyType(dict(t.lot_node))
        self.node_lot: Mapping[int, int] = MappingProxyType(dict(t.node_lot))
        self.lot_nodes: tuple[int, ...] = tuple(t.lot_nodes)
        self.district_lots: tuple[tuple[int, ...], ...] = tuple(map(tuple, t.district_lots))
        self.strength_track: tuple[int, ...] = tuple(t.strength_track)
        self.trigger: int = t.trigger
        self.damage_favor: int = t.damage_favor

    @classmethod
    def of(cls, content: Content) -> Lookup:
        """The lookup of a content (built once, kept with the content)."""
        found = content._cache.get("lookup")
        if found is None:
            from baldurs_rules.rules import Rules

            found = content._cache["lookup"] = cls(Rules.of(content))
        assert isinstance(found, Lookup)
        return found

    # ------------------------------------------------------------ questions of the rules
    def trade_cost(self, state: State, location: int, trade: int) -> int:
        """The favor trade ``trade`` (0 first) of ``location`` costs now, damage included."""
        return self._rules.turns.trade_cost(state, location, trade)

    def agenda_value(self, state: State, seat: int, card: str) -> int:
        """What agenda ``card`` is worth to ``seat`` now (its score expression)."""
        from baldurs_rules.rules.core import Env

        return self._rules.agenda_value(card, Env(self._rules.t, state, seat, -1))

    def effect(self, nid: int) -> Any:
        """The effect tree of node ``nid`` of the effects program (an AST node)."""
        return self._rules.t.program.nodes[nid]

    def branches(self, nid: int) -> tuple[Any, ...]:
        """The effect trees of the branches (or body) of node ``nid``, in order."""
        program = self._rules.t.program
        return tuple(program.nodes[k] for k in program.kids[nid])
