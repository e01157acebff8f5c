"""A turn: exactly one action (build, place the worker, take income); then the end.

Frames: [`TurnFrame`][baldurs_rules.rules.pending.TurnFrame], ``VisitFrame``,
``IncomeFrame``, ``IncomeNextFrame``, ``EndTurnFrame``, ``FinishFrame``. Asks:
``TurnAsk``, ``TradeAsk``, ``IncomeAsk`` (all in [`baldurs_rules.rules.pending`][]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from baldurs_rules.actions import Action
from baldurs_rules.engine.interpreter import FxFrame
from baldurs_rules.engine.machine import Ask, DecisionKind, Frame, Handler
from baldurs_rules.rules.core import change, log, record
from baldurs_rules.rules.pending import (
    AttackFrame,
    BuildFrame,
    EndTurnFrame,
    FinishFrame,
    IncomeAsk,
    IncomeFrame,
    IncomeNextFrame,
    ScoreFrame,
    TradeAsk,
    TurnAsk,
    TurnFrame,
    VisitFrame,
)
from baldurs_rules.rules.state import LOT_FINAL, LOT_HIDDEN, State

if TYPE_CHECKING:
    from baldurs_rules.rules import Rules

__all__ = ["TurnProcedures"]

INCOME: Final = Action("income")
SKIP: Final = Action("skip")
DONE: Final = Action("done")


class TurnProcedures:
    """Frame handlers and decisions of the turn loop."""

    def __init__(self, rules: Rules) -> None:
        self.r = rules
        self.t = rules.t
        self.handlers: dict[type[Frame], Handler] = {
            TurnFrame: self.turn,
            VisitFrame: self.visit,
            IncomeFrame: self.income,
            IncomeNextFrame: self.income_next,
            EndTurnFrame: self.end_turn,
            FinishFrame: self.finish,
        }
        self.decisions: dict[type[Ask], DecisionKind] = {
            TurnAsk: DecisionKind(self.turn_options, self.turn_resolve),
            TradeAsk: DecisionKind(self.trade_options, self.trade_resolve),
            IncomeAsk: DecisionKind(self.income_options, self.income_resolve),
        }
        self.visit_actions = [Action("visit", (loc,)) for loc in self.t.locations]

    # ------------------------------------------------------------ the turn
    def turn(self, state: State, frame: TurnFrame) -> None:
        state.active = frame.seat
        state.decision = TurnAsk(frame.seat)

    def turn_options(self, state: State, ask: TurnAsk) -> list[Action]:
        seat = ask.seat
        options = self.r.build_actions_for(state, seat, 0, -1)
        if state.worker[seat] < 0:
            options.extend(self.visit_actions)
        options.append(INCOME)
        return options

    def turn_resolve(self, state: State, ask: TurnAsk, action: Action) -> None:
        seat = ask.seat
        state.stack.append(EndTurnFrame(seat))
        kind = action.kind
        if state.logging:
            record(state, ("action", seat, "turn", str(action)))
        if kind == "build":
            card, lot = action.args
            state.stack.append(BuildFrame(seat, str(card), self.t.lot_node[int(lot)], 0, "build"))
        elif kind == "visit":
            state.stack.append(VisitFrame(seat, self.t.location_index[str(action.args[0])]))
        else:
            state.stack.append(IncomeFrame(seat))

    # ------------------------------------------------------------ place the worker
    def visit(self, state: State, frame: VisitFrame) -> None:
        """Put the worker on a location (displacing another); then at most one trade."""
        seat, location = frame.seat, frame.location
        for other, where in enumerate(state.worker):
            if where == location and other != seat:
                state.worker[other] = -1
                log(state, "worker_home", other, "displaced", self.t.locations[location])
        state.worker[seat] = location
        if state.logging:
            record(state, ("worker", seat, "visit", self.t.locations[location]))
        state.decision = TradeAsk(seat, location)

    def trade_cost(self, state: State, location: int, trade: int) -> int:
        t = self.t
        return t.trade_costs[location][trade] + state.damage[t.location_district[location]] * (
            t.damage_favor
        )

    def trade_options(self, state: State, ask: TradeAsk) -> list[Action]:
        seat, location = ask.seat, ask.location
        favor = state.res[seat][self.t.favor]
        here = self.t.location_district[location]
        interpreter, actions = self.r.interpreter, self.r.trade_actions
        options = [
            actions[i]
            for i, nid in enumerate(self.r.trade_nids[location])
            if self.trade_cost(state, location, i) <= favor
            and interpreter.possible(state, nid, seat, here, 1)
        ]
        options.append(SKIP)
        return options

    def trade_resolve(self, state: State, ask: TradeAsk, action: Action) -> None:
        seat, location = ask.seat, ask.location
        if action == SKIP:
            return
        index = int(action.args[0]) - 1
        cause = f"{self.t.locations[location]}:{index + 1}"
        if state.logging:
            record(state, ("trade", seat, cause, self.t.locations[location], index + 1))
        change(self.t, state, seat, self.t.favor, -self.trade_cost(state, location, index), cause)
        here = self.t.location_district[location]
        state.stack.append(FxFrame(self.r.trade_nids[location][index], seat, here, cause, 1))

    # ------------------------------------------------------------ take income
    def income(self, state: State, frame: IncomeFrame) -> None:
        """Automatic HQ income first; then abilities, once each, until the player is done."""
        seat = frame.seat
        state.used = []
        state.stack.append(IncomeNextFrame(seat))
        nids = self.r.hq_nids(state, seat)
        if nids[0] >= 0:
            hq = state.hq[seat]
            state.stack.append(FxFrame(nids[0], seat, self.r.hq_district(hq), hq))

    def income_next(self, state: State, frame: IncomeNextFrame) -> None:
        state.decision = IncomeAsk(frame.seat)

    def income_options(self, state: State, ask: IncomeAsk) -> list[Action]:
        seat = ask.seat
        used, use, interpreter = state.used, self.r.use_actions, self.r.interpreter
        options: list[Action] = []
        hq = state.hq[seat]
        nid = self.r.hq_nids(state, seat)[1]
        here = self.r.hq_district(hq)
        if nid >= 0 and hq not in used and interpreter.possible(state, nid, seat, here, 1):
            options.append(use[hq])
        income = self.r.income_nid
        for card in state.portfolio[seat]:
            nid = income[card]
            if nid >= 0 and card not in used and interpreter.possible(state, nid, seat, -1, 1):
                options.append(use[card])
        options.append(DONE)
        return options

    def income_resolve(self, state: State, ask: IncomeAsk, action: Action) -> None:
        seat = ask.seat
        if action == DONE:
            state.used = []
            return
        card = str(action.args[0])
        state.used.append(card)
        if state.logging:
            record(state, ("use", seat, card, card))
        state.stack.append(IncomeNextFrame(seat))
        if card == state.hq[seat]:
            nid, here = self.r.hq_nids(state, seat)[1], self.r.hq_district(card)
        else:
            nid, here = self.r.income_nid[card], -1
        state.stack.append(FxFrame(nid, seat, here, card, 1))

    # ------------------------------------------------------------ the end
    def end_turn(self, state: State, frame: EndTurnFrame) -> None:
        """Next seat; or the final round once the end is triggered; or the finish."""
        seat = frame.seat
        state.turn += 1
        n = state.players
        if state.phase == "play" and (state.end_triggered or state.turn >= self.t.max_turns):
            state.phase = "final"
            state.final_queue = [(seat + i) % n for i in range(1, n)] + [seat]
            log(state, "final_round", seat, "end" if state.end_triggered else "turn_limit")
        if state.phase != "final":
            state.stack.append(TurnFrame((seat + 1) % n))
        elif state.final_queue:
            state.stack.append(TurnFrame(state.final_queue.pop(0)))
        else:
            state.stack.append(FinishFrame())

    def finish(self, state: State, frame: FinishFrame) -> None:
        """Reveal the face-down token, resolve the final attack, then score."""
        state.stack.append(ScoreFrame())
        token = state.final_token
        if token >= 0 and state.lots[token] == LOT_HIDDEN:
            state.lots[token] = LOT_FINAL
            district = self.t.node_district[token]
            lot, name = self.t.node_lot[token], self.t.districts[district]
            log(state, "final_token", -1, "finish", lot, name)
            state.stack.append(AttackFrame(district, 1))
