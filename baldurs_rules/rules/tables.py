"""Static lookup tables derived from content, built once per content.

The rules read content through these indices (by position, not by name) so
the hot paths of the engine do list lookups only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from baldurs_rules.content.model import Content, Script
from baldurs_rules.engine.program import Program

__all__ = ["Tables"]


class Tables:
    """Indices of a content, and the effect program of all its scripts.

    Attributes:
        gold, favor, prestige: Indices of the resources with a role in the rules
            (``roles`` in game.yaml: building cost, trade cost, score).
        leftovers: Indices of the resources counted in the leftovers step.
        resource_ids: Resource ids in order.
        factions: Faction ids in order.
        districts: District ids in order.
        node_district: District index of each node.
        lot_node: Node index of each lot number.
        lot_nodes: Lot node indices in lot-number order.
        lot_position: Position of each lot node in ``lot_nodes``.
        district_lots: Lot node indices of each district.
        district_forts: Fortification-site node indices of each district.
        gate_sites: Gate-site node indices.
        hq_site: The HQ-site node index of each district.
        location_district: District index of each special location.
        district_location: Location index of each district (-1 if none).
        tile_of: Tile index of each building card.
        fort: Fortification index by id (watchtower, keep, gate).
        defense: Defense of each fortification index.
        trigger, damage_favor, held_bonus, max_turns, offer_size: Numbers of
            ``game.yaml`` the hot paths read (``attack``, ``limits``, ``setup``).
        trade_costs: The printed favor cost of each trade, by location.
    """

    def __init__(self, content: Content) -> None:
        self.content = content
        settings = content.settings
        self.resource_ids = [r.id for r in content.resources]
        rid = {r: i for i, r in enumerate(self.resource_ids)}
        roles = settings["roles"]
        self.gold, self.favor = rid[roles["build_cost"]], rid[roles["trade_cost"]]
        self.prestige = rid[roles["score"]]
        self.leftovers = [rid[r] for r in settings["scoring"]["leftovers"]]
        self.factions = [f.id for f in content.factions]
        self.faction_index = {f: i for i, f in enumerate(self.factions)}
        self.districts = [d.id for d in content.board.districts]
        self.district_index = {d: i for i, d in enumerate(self.districts)}
        nodes = content.board.nodes
        self.node_ids = [n.id for n in nodes]
        self.node_index = {n.id: n.index for n in nodes}
        self.node_kind = [n.kind for n in nodes]
        self.node_district = [self.district_index[n.district] for n in nodes]
        self.neighbors = content.board.neighbors
        self.lot_node = {n.lot: n.index for n in nodes if n.lot is not None}
        self.node_lot = {n.index: n.lot for n in nodes if n.lot is not None}
        self.lot_nodes = sorted(self.lot_node.values(), key=lambda i: self.node_lot[i])
        self.lot_position = {n: i for i, n in enumerate(self.lot_nodes)}
        self.district_lots = self._by_district("lot")
        self.district_forts = self._by_district("fortification")
        self.gate_sites = [n.index for n in nodes if n.kind == "gate"]
        self.fort_sites = [n.index for n in nodes if n.kind == "fortification"]
        self.hq_site = [self._by_district("hq")[d][0] for d in range(len(self.districts))]
        self.locations = [loc.id for loc in content.locations]
        self.location_index = {loc: i for i, loc in enumerate(self.locations)}
        self.location_district = [self.district_index[loc.district] for loc in content.locations]
        self.district_location = [-1] * len(self.districts)
        for i, d in enumerate(self.location_district):
            self.district_location[d] = i
        self.tiles = [t.id for t in content.tiles]
        self.tile_index = {t: i for i, t in enumerate(self.tiles)}
        self.tile_of = {b.id: self.tile_index[b.type] for b in content.buildings.values()}
        self.cost = {b.id: b.cost for b in content.buildings.values()}
        self.fort = {f.id: i for i, f in enumerate(content.fortifications)}
        self.defense = [f.defense for f in content.fortifications]
        self.resource_index = rid
        self.count_match = self._count_match()
        self.strength_track = list(settings["attack"]["strength"])
        self.trigger: int = settings["attack"]["trigger"]
        self.damage_favor: int = settings["attack"]["damage_favor"]
        self.held_bonus: int = settings["attack"]["held_bonus"]
        self.max_turns: int = settings["limits"]["max_turns"]
        self.offer_size: int = settings["setup"]["offer"]
        self.trade_costs: list[list[int]] = [
            [int(trade.cost) for trade in loc.trades] for loc in content.locations
        ]
        self.program = Program(self._trees())
        self._nids = self._script_nids()

    def _count_match(self) -> dict[str, Callable[[str, int], bool]]:
        """For each countable kind, a test of (node kind, piece)."""
        tower, keep = self.fort["watchtower"], self.fort["keep"]
        match: dict[str, Callable[[str, int], bool]] = {
            "building": lambda k, p: k == "lot",
            "hq": lambda k, p: k == "hq",
            "fortification": lambda k, p: k in ("fortification", "gate"),
            "structure": lambda k, p: True,
            "watchtower": lambda k, p: k == "fortification" and p == tower,
            "keep": lambda k, p: k == "fortification" and p == keep,
            "gate": lambda k, p: k == "gate",
        }
        for i, tile in enumerate(self.tiles):
            match[tile] = lambda k, p, i=i: k == "lot" and p == i  # type: ignore[misc]
        return match

    def _by_district(self, kind: str) -> list[list[int]]:
        found: list[list[int]] = [[] for _ in self.districts]
        for n in self.content.board.nodes:
            if n.kind == kind:
                found[self.district_index[n.district]].append(n.index)
        return found

    def scripts(self) -> list[Script]:
        """Every effect script of the content (agenda scores apart), in a fixed order."""
        return self.content.scripts(agendas=False)

    def _trees(self) -> list[Any]:
        return [s.tree for s in self.scripts()]

    def _script_nids(self) -> dict[int, int]:
        return {id(s): self.program.root(s.tree) for s in self.scripts()}

    def nid(self, script: Script | None) -> int:
        """The root nid of a script, -1 for None."""
        return -1 if script is None else self._nids[id(script)]

    @classmethod
    def of(cls, content: Content) -> Tables:
        """The tables of a content, built on first use and kept with it."""
        tables = content._cache.get("tables")
        if tables is None:
            tables = content._cache["tables"] = cls(content)
        assert isinstance(tables, Tables)
        return tables
