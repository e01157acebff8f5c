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
    from baldurs_rules.actions import Action
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

    def income_at_once(self, state: State) -> tuple[Action, ...]:
        """The income abilities one answer may use together; () when none.

        At an income decision, when every ability still to use is a constant gain of
        resources (``gain 1 supply``; ``pay 1 supply: gain 2 gold``: no draw, no
        choice, no influence that could reach a faction reward) and the seat can pay
        all their costs at once, the order of using them cannot change anything: a
        frontend may offer one answer that applies these actions in order. They are
        every ability left, so the income action then ends by itself. Nothing of the
        game's own legal actions changes (bots and records play as before).

        Examples:
            >>> import baldurs_rules as br
            >>> game = br.scenario({"players": 2, "seats": [{"resources": {"supply": 1},
            ...     "portfolio": ["counting_house", "crossing_tollhouse"]}, {}]})
            >>> game.apply("income")
            >>> look = Lookup.of(game.content)
            >>> [str(a) for a in look.income_at_once(game.state)]
            ['use counting_house', 'use crossing_tollhouse']
            >>> game.apply("use crossing_tollhouse")  # gains the supply the other pays
            >>> [str(a) for a in look.income_at_once(game.state)]
            ['use counting_house']
            >>> game = br.scenario({"players": 2, "seats": [{"resources": {"supply": 0},
            ...     "portfolio": ["counting_house", "grand_market_of_the_wide"]}, {}]})
            >>> game.apply("income")  # the HQ gives 1 supply: only one can be paid
            >>> look.income_at_once(game.state)
            ()
        """
        from baldurs_rules.rules.pending import IncomeAsk

        ask = state.decision
        if not isinstance(ask, IncomeAsk):
            return ()
        uses = [a for a in self._rules.machine.legal_view(state) if a.kind == "use"]
        if self._may_become_possible(state, ask.seat, {str(a.args[0]) for a in uses}):
            return ()  # one may become possible after another: the order matters
        costs = [0] * len(self.resources)
        for use in uses:
            cost = self._constant_gain(state, ask.seat, str(use.args[0]))
            if cost is None:
                return ()
            costs = [have + more for have, more in zip(costs, cost, strict=True)]
        if not uses or any(c > have for c, have in zip(costs, state.res[ask.seat], strict=True)):
            return ()
        return tuple(uses)

    def _may_become_possible(self, state: State, seat: int, usable: set[str]) -> bool:
        """Whether an unused ability not usable now might become usable after a gain
        (anything but a plain step, such as ``return worker``, that gains cannot enable)."""
        from baldurs_rules.dsl import ast as A

        rules, used = self._rules, state.used
        nids = {c: rules.income_nid.get(c, -1) for c in state.portfolio[seat]}
        nids[state.hq[seat]] = rules.hq_nids(state, seat)[1]
        plain = (A.Gain, A.Draw, A.TakeGate, A.Place, A.Build, A.ReturnWorker)
        return any(
            nid >= 0
            and card not in used
            and card not in usable
            and not isinstance(rules.t.program.nodes[nid], plain)
            for card, nid in nids.items()
        )

    def _constant_gain(self, state: State, seat: int, card: str) -> list[int] | None:
        """The cost of a card's income ability that only gains constant resources."""
        from baldurs_rules.dsl import ast as A

        rules = self._rules
        if card == state.hq[seat]:
            nid = rules.hq_nids(state, seat)[1]
        else:
            nid = rules.income_nid.get(card, -1)
        if nid < 0:
            return None
        tree = rules.t.program.nodes[nid]
        cost = [0] * len(self.resources)
        if isinstance(tree, A.Paid):
            for amount in tree.cost:
                if not isinstance(amount.value, A.Number):
                    return None
                cost[self.resources.index(amount.resource.text)] += amount.value.value
            tree = tree.body
        steps = tree.steps if isinstance(tree, A.Seq) else (tree,)
        for step in steps:
            if not isinstance(step, A.Gain):
                return None
            for item in step.items:
                if not isinstance(item, A.Amount) or not isinstance(item.value, A.Number):
                    return None
        return cost

    def branches(self, nid: int) -> tuple[Any, ...]:
        """The effect trees of the branches (or body) of node ``nid``, in order."""
        program = self._rules.t.program
        return tuple(program.nodes[k] for k in program.kids[nid])
