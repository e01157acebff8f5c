"""The atoms of the effect language, as Builders of Baldur's Gate does them.

Gain, lose, influence, draw, place a fortification, take a gate, build,
return the worker. Each atom either happens at once, pushes frames, or asks
its player a decision (which faction, which site, which card, what to build).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from baldurs_rules.actions import Action
from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.checker import singular
from baldurs_rules.engine.interpreter import Atoms, FxFrame
from baldurs_rules.engine.machine import Ask, DecisionKind, Frame, Handler
from baldurs_rules.rules.core import Env, change, log, record
from baldurs_rules.rules.pending import (
    AskFactionFrame,
    BuildAsk,
    BuildFrame,
    DrawBuildingFrame,
    FactionAsk,
    FortSiteAsk,
    GateSiteAsk,
    InfluenceFrame,
    TakeAsk,
)
from baldurs_rules.rules.state import State

if TYPE_CHECKING:
    from baldurs_rules.rules import Rules

__all__ = ["GameAtoms"]

# Final: the compiled build (mypyc) inlines these instead of looking them up
ANY: Final = -1
RESOURCE: Final = 0
LOSS: Final = 1
INFLUENCE: Final = 2
ANY_FACTION: Final = 3
SOURCES: Final = {None: 0, "offer": 1, "deck": 2}


class CostPlan:
    """A cost read once: (resource index, amount) pairs, and (index, expression) pairs."""

    __slots__ = ("constant", "varying")

    def __init__(self, constant: list[tuple[int, int]], varying: list[tuple[int, Any]]) -> None:
        self.constant = constant
        self.varying = varying


class GameAtoms(Atoms):
    """Implements [`baldurs_rules.engine.interpreter.Atoms`][] for this game."""

    def __init__(self, rules: Rules) -> None:
        self.r = rules
        self.t = rules.t
        self._run: dict[type, Any] = {
            A.Gain: self.gain,
            A.Lose: self.lose,
            A.Draw: self.draw,
            A.TakeGate: self.take_gate,
            A.Place: self.place,
            A.Build: self.build,
            A.ReturnWorker: self.return_worker,
        }
        self._plans: dict[int, CostPlan] = {}
        self._possible = {
            A.TakeGate: self.can_take_gate,
            A.Place: self.can_place,
            A.Build: self.can_build,
            A.ReturnWorker: self.can_return_worker,
        }
        self.handlers: dict[type[Frame], Handler] = {
            InfluenceFrame: self.influence_frame,
            DrawBuildingFrame: self.draw_frame,
            AskFactionFrame: self.ask_faction,
        }
        self.decisions: dict[type[Ask], DecisionKind] = {
            FactionAsk: DecisionKind(self.faction_options, self.faction_resolve),
            FortSiteAsk: DecisionKind(self.fort_site_options, self.fort_resolve),
            GateSiteAsk: DecisionKind(self.gate_site_options, self.gate_resolve),
            TakeAsk: DecisionKind(self.take_options, self.take_resolve),
            BuildAsk: DecisionKind(self.build_options, self.build_resolve),
        }

    # ------------------------------------------------------------ protocol
    def runner(self, node: Any) -> Callable[[State, Any, int, int, str], None]:
        if type(node) in (A.Gain, A.Lose):  # the most frequent atoms: plans read once
            plan = self._items_plan(node.items, type(node) is A.Lose)

            def items(state: State, node: Any, seat: int, here: int, cause: str) -> None:
                self.gain_items(state, plan, seat, here, cause)

            return items
        return self._run[type(node)]  # type: ignore[no-any-return]

    def _items_plan(self, items: tuple[Any, ...], lose: bool) -> list[tuple[int, int, int, Any]]:
        """(what, index, constant amount or -1, expression) of each item of a gain or loss.

        ``what`` is ``RESOURCE`` (index: resource), ``LOSS`` (index: resource),
        ``INFLUENCE`` (index: faction) or ``ANY_FACTION``.
        """
        t, plan = self.t, []
        for item in items:
            value = item.value
            constant = value.value if type(value) is A.Number else -1
            if isinstance(item, A.InfluenceAmount):
                if item.faction is None:
                    plan.append((ANY_FACTION, -1, constant, value))
                else:
                    plan.append((INFLUENCE, t.faction_index[item.faction.text], constant, value))
            else:
                what = LOSS if lose else RESOURCE
                plan.append((what, t.resource_index[item.resource.text], constant, value))
        return plan

    def gain_items(
        self, state: State, plan: list[tuple[int, int, int, Any]], seat: int, here: int, cause: str
    ) -> None:
        """Gain (or lose) the items of a plan; influence is queued as frames, in order."""
        later: list[Frame] = []
        for what, index, constant, value in plan:
            amount = constant if constant >= 0 else self.amount(state, value, seat, here)
            if what == LOSS:
                change(self.t, state, seat, index, -amount, cause)
            elif amount <= 0:
                continue
            elif what == RESOURCE:
                change(self.t, state, seat, index, amount, cause)
            elif what == INFLUENCE:
                later.append(InfluenceFrame(seat, index, amount, cause))
            else:
                later.append(AskFactionFrame(seat, amount, cause))
        if later:
            state.stack.extend(reversed(later))

    def possible(self, state: State, node: Any, seat: int, here: int) -> bool:
        test = self._possible.get(type(node))
        return True if test is None else test(state, node, seat, here)

    def always_possible(self, node: Any) -> bool:
        return type(node) not in self._possible

    def env(self, state: State, seat: int, here: int) -> Env:
        return Env(self.t, state, seat, here)

    def amount(self, state: State, expr: Any, seat: int, here: int) -> int:
        if type(expr) is A.Number:
            return expr.value
        return max(0, self.t.program.expr(expr)(Env(self.t, state, seat, here)))

    def _cost_plan(self, cost: tuple[Any, ...]) -> CostPlan:
        """The cost read once: constant amounts summed per resource, the rest as expressions."""
        plan = self._plans.get(id(cost))
        if plan is None:
            constant: dict[int, int] = {}
            varying: list[tuple[int, Any]] = []
            for item in cost:
                index = self.t.resource_index[item.resource.text]
                if type(item.value) is A.Number:
                    constant[index] = constant.get(index, 0) + item.value.value
                else:
                    varying.append((index, item.value))
            plan = self._plans[id(cost)] = CostPlan(list(constant.items()), varying)
        return plan

    def cost_of(self, state: State, seat: int, cost: tuple[Any, ...], here: int) -> list[int]:
        need = [0] * len(self.t.resource_ids)
        plan = self._cost_plan(cost)
        for index, amount in plan.constant:
            need[index] += amount
        for index, value in plan.varying:
            need[index] += self.amount(state, value, seat, here)
        return need

    def can_pay(self, state: State, seat: int, cost: tuple[Any, ...], here: int) -> bool:
        plan, have = self._cost_plan(cost), state.res[seat]
        if not plan.varying:  # the common case: constant costs
            return all(have[index] >= amount for index, amount in plan.constant)
        return all(n <= have[i] for i, n in enumerate(self.cost_of(state, seat, cost, here)))

    def pay(self, state: State, seat: int, cost: tuple[Any, ...], here: int, cause: str) -> None:
        for i, n in enumerate(self.cost_of(state, seat, cost, here)):
            if n:
                change(self.t, state, seat, i, -n, cause)

    def seats(self, state: State, seat: int, who: str) -> list[int]:
        n = state.players
        first = 1 if who == "opponent" else 0
        return [(seat + i) % n for i in range(first, n)]

    # ------------------------------------------------------------ resources & influence
    def gain(self, state: State, node: A.Gain, seat: int, here: int, cause: str) -> None:
        later: list[Frame] = []
        for item in node.items:
            amount = self.amount(state, item.value, seat, here)
            if amount <= 0:
                continue
            if isinstance(item, A.InfluenceAmount):
                if item.faction is None:
                    later.append(AskFactionFrame(seat, amount, cause))
                else:
                    faction = self.t.faction_index[item.faction.text]
                    later.append(InfluenceFrame(seat, faction, amount, cause))
            else:
                change(
                    self.t, state, seat, self.t.resource_index[item.resource.text], amount, cause
                )
        state.stack.extend(reversed(later))

    def ask_faction(self, state: State, frame: AskFactionFrame) -> None:
        """``gain N influence with any faction``: the player picks the faction."""
        state.decision = FactionAsk(frame.seat, frame.amount, frame.cause)

    def lose(self, state: State, node: A.Lose, seat: int, here: int, cause: str) -> None:
        for item in node.items:
            amount = self.amount(state, item.value, seat, here)
            change(self.t, state, seat, self.t.resource_index[item.resource.text], -amount, cause)

    def influence_frame(self, state: State, frame: InfluenceFrame) -> None:
        """Move a cube up a track; every space passed or landed on pays its reward."""
        seat, faction, amount, cause = frame.seat, frame.faction, frame.amount, frame.cause
        rewards = self.t.content.factions[faction].rewards
        old = state.influence[seat][faction]
        new = min(old + amount, len(rewards))
        state.influence[seat][faction] = new
        fid = self.t.factions[faction]
        if state.logging:
            record(state, ("influence", seat, cause, fid, new - old, new))
        frames = [
            FxFrame(self.t.nid(rewards[level - 1]), seat, -1, f"{fid}:{level}")
            for level in range(old + 1, new + 1)
            if rewards[level - 1] is not None
        ]
        past = self.t.nid(self.t.content.past_top)
        if past >= 0:
            frames += [FxFrame(past, seat, -1, f"{fid}:top")] * (old + amount - new)
        state.stack.extend(reversed(frames))

    def faction_options(self, state: State, ask: FactionAsk) -> list[Action]:
        return self.r.faction_actions

    def faction_resolve(self, state: State, ask: FactionAsk, action: Action) -> None:
        faction = self.t.faction_index[str(action.args[0])]
        state.stack.append(InfluenceFrame(ask.seat, faction, ask.amount, ask.cause))

    # ------------------------------------------------------------ cards
    def draw(self, state: State, node: A.Draw, seat: int, here: int, cause: str) -> None:
        count = self.amount(state, node.count, seat, here)
        if singular(node.what.text) == "agenda":
            for _ in range(count):
                if state.agenda_deck:
                    card = state.agenda_deck.pop()
                    state.agendas[seat].append(card)
                    log(state, "draw_agenda", seat, cause, card)
            return
        source = SOURCES[None if node.source is None else node.source.text]
        state.stack.extend([DrawBuildingFrame(seat, source, cause)] * count)

    def draw_frame(self, state: State, frame: DrawBuildingFrame) -> None:
        if frame.source == SOURCES["deck"]:
            self.r.take_from_deck(state, frame.seat, frame.cause)
        else:
            state.decision = TakeAsk(frame.seat, frame.source, frame.cause)

    def take_options(self, state: State, ask: TakeAsk) -> list[Action]:
        source = ask.source
        take = self.r.take_actions
        options = [take[card] for card in state.offer]  # card ids are unique
        if source != SOURCES["offer"] and (state.deck or state.discard):
            options.append(self.r.take_deck)
        return options

    def take_resolve(self, state: State, ask: TakeAsk, action: Action) -> None:
        seat, cause = ask.seat, ask.cause
        card = str(action.args[0])
        if card == "deck":
            self.r.take_from_deck(state, seat, cause)
            return
        state.offer.remove(card)
        state.hand[seat].append(card)
        state.known_by[card] = (1 << state.players) - 1  # everyone saw it taken
        if state.logging:
            record(state, ("take", seat, cause, card))
        self.r.refill_offer(state)

    # ------------------------------------------------------------ the map
    def free_sites(self, state: State, kind: str, district: int) -> list[int]:
        t = self.t
        if kind == "gate":
            sites = t.gate_sites
        elif district >= 0:
            sites = t.district_forts[district]
        else:
            sites = t.fort_sites
        return [n for n in sites if state.piece[n] < 0]

    def _district(self, node: A.Place, here: int) -> int:
        if node.where is None:
            return ANY
        if isinstance(node.where, A.Here):
            return here
        return self.t.district_index[node.where.district.text]

    def can_place(self, state: State, node: A.Place, seat: int, here: int) -> bool:
        return state.cubes[seat] > 0 and bool(
            self.free_sites(state, "fort", self._district(node, here))
        )

    def place(self, state: State, node: A.Place, seat: int, here: int, cause: str) -> None:
        if self.can_place(state, node, seat, here):
            fort = self.t.fort[node.kind.text]
            state.decision = FortSiteAsk(seat, fort, self._district(node, here), cause)

    def can_take_gate(self, state: State, node: Any, seat: int, here: int) -> bool:
        return (
            state.cubes[seat] > 0
            and bool(state.gate_deck)
            and bool(self.free_sites(state, "gate", ANY))
        )

    def take_gate(self, state: State, node: Any, seat: int, here: int, cause: str) -> None:
        if self.can_take_gate(state, node, seat, here):
            state.decision = GateSiteAsk(seat, self.t.fort["gate"], ANY, cause)

    def fort_site_options(self, state: State, ask: FortSiteAsk) -> list[Action]:
        return [self.r.site_actions[n] for n in self.free_sites(state, "fort", ask.district)]

    def gate_site_options(self, state: State, ask: GateSiteAsk) -> list[Action]:
        return [self.r.site_actions[n] for n in self.free_sites(state, "gate", ask.district)]

    def fort_resolve(self, state: State, ask: FortSiteAsk, action: Action) -> None:
        node = self.t.node_index[str(action.args[0])]
        self.r.put_piece(state, ask.seat, node, ask.fort, ask.cause)

    def gate_resolve(self, state: State, ask: GateSiteAsk, action: Action) -> None:
        seat, cause = ask.seat, ask.cause
        card = state.gate_deck.pop()
        state.portfolio[seat] += (card,)
        log(state, "gate_card", seat, cause, card)
        self.r.put_piece(state, seat, self.t.node_index[str(action.args[0])], ask.fort, cause)

    # ------------------------------------------------------------ building
    def _build_args(self, state: State, node: A.Build, seat: int, here: int) -> tuple[int, int]:
        tile = ANY if node.kind is None else self.t.tile_index[node.kind.text]
        discount = 0 if node.discount is None else self.amount(state, node.discount, seat, here)
        return tile, discount

    def can_build(self, state: State, node: A.Build, seat: int, here: int) -> bool:
        tile, discount = self._build_args(state, node, seat, here)
        return bool(self.r.build_actions_for(state, seat, discount, tile, limit=1))

    def build(self, state: State, node: A.Build, seat: int, here: int, cause: str) -> None:
        tile, discount = self._build_args(state, node, seat, here)
        state.decision = BuildAsk(seat, tile, discount, cause)

    def build_options(self, state: State, ask: BuildAsk) -> list[Action]:
        return self.r.build_actions_for(state, ask.seat, ask.discount, ask.tile)

    def build_resolve(self, state: State, ask: BuildAsk, action: Action) -> None:
        card, lot = action.args
        node = self.t.lot_node[int(lot)]
        state.stack.append(BuildFrame(ask.seat, str(card), node, ask.discount, ask.cause))

    def can_return_worker(self, state: State, node: Any, seat: int, here: int) -> bool:
        """Bringing the worker home is only an option while it is out."""
        return state.worker[seat] >= 0

    def return_worker(self, state: State, node: Any, seat: int, here: int, cause: str) -> None:
        where = state.worker[seat]
        if where >= 0:
            state.worker[seat] = -1
            log(state, "worker_home", seat, cause, self.t.locations[where])
