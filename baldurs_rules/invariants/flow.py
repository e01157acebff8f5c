"""Invariants of the flow of play: phases, the pending steps, the decision, the income action."""

from __future__ import annotations

from baldurs_rules.engine.interpreter import FxFrame, PayAsk
from baldurs_rules.engine.machine import Ask
from baldurs_rules.invariants.base import Checked, at_decision, is_turn, parts, played
from baldurs_rules.rules import Rules
from baldurs_rules.rules.pending import (
    AskFactionFrame,
    EndTurnFrame,
    FactionAsk,
    FortSiteAsk,
    GateSiteAsk,
    IncomeAsk,
    IncomeNextFrame,
    InfluenceFrame,
    StartFrame,
    TradeAsk,
    TurnAsk,
)
from baldurs_rules.rules.shapes import pending_problem
from baldurs_rules.rules.state import LOT_FINAL, State

__all__ = [
    "SETUP_DECISIONS",
    "TURN_DECISIONS",
    "WAITING",
    "decision_answerable",
    "income_in_progress",
    "pending_consistent",
    "phase_consistent",
]

WAITING = frozenset(
    {
        "fx",
        "draw_lot",
        "influence",
        "ask_faction",
        "draw_building",
        "income_next",
        "end_turn",
        "start",
        "draft",
        "keep",
    }
)
"""Frame kinds that can wait on the stack under a decision. Every other kind (a build,
a connection, an attack, a turn, ...) is pushed and handled at once, before any decision."""

TURN_DECISIONS = frozenset({"turn", "trade", "income"})
"""Decisions of the active seat's own action (never in the setup)."""

SETUP_DECISIONS = frozenset({"draft", "keep"})
"""Decisions of the advanced setup only."""


def phase_consistent(game: Checked) -> list[str]:
    """What each phase implies: no turn played in the setup, a last-round queue only in the
    final round, scores and the revealed final token exactly when the game is over.

    The last-round queue holds the seats after the active one, in turn order (RULES B13).
    Played from a new game, the end is triggered only by the empty bag or the turn
    limit (RULES B19), and a turn of the ``play`` phase starts before either.
    """
    rules, state = parts(game)
    t, phase, n = rules.t, state.phase, state.players
    if phase not in ("setup", "play", "final", "over"):
        return [f"unknown phase {phase!r}"]
    problems = []
    queue = state.final_queue
    if queue and (
        phase != "final" or queue != _after(state.active, n, len(queue)) or len(queue) >= n
    ):
        problems.append(f"last-round queue {queue} in phase {phase!r} after seat {state.active}")
    if phase == "setup" and (state.turn or state.end_triggered):
        problems.append("turns played or the end triggered during the setup")
    if phase == "final" and not (state.end_triggered or state.turn >= t.max_turns):
        problems.append("the final round without the end triggered or the turn limit reached")
    if (state.scores is not None) != (phase == "over"):
        problems.append(f"phase {phase!r} with{'out' if state.scores is None else ''} scores")
    if phase == "over" and (state.decision is not None or state.stack):
        problems.append("the game is over but a decision or pending steps remain")
    if (phase == "over") != (state.lots[state.final_token] == LOT_FINAL) and at_decision(state):
        problems.append(
            f"phase {phase!r} but the final token is {'not ' * (phase == 'over')}revealed"
        )
    if played(game):
        if state.end_triggered and state.bag:
            problems.append(f"the end was triggered with {len(state.bag)} tokens in the bag")
        late = state.end_triggered or state.turn >= t.max_turns
        if state.turn > t.max_turns + n or (phase == "play" and is_turn(state) and late):
            problems.append(f"turn {state.turn} of phase {phase!r}: the final round was missed")
    return problems


def _after(seat: int, players: int, count: int) -> list[int]:
    return [(seat + i) % players for i in range(1, count + 1)]


def pending_consistent(game: Checked) -> list[str]:
    """Every pending step is well formed and could be waiting where it is.

    At a decision the stack holds, bottom up: the setup's ``start`` and the advanced
    setup's ``keep`` then ``draft`` steps (in the setup), or the active seat's
    ``end_turn`` (during a turn; nothing at its ``turn`` decision) and at most that
    seat's next ``income_next``; then effects and what they queued (``WAITING``
    lists the kinds). An effect a
    player chose (``selected``) runs at once, so none waits selected.
    """
    rules, state = parts(game)
    problem = pending_problem(rules, state)
    if problem:
        return [problem]
    if state.decision is None:  # over (phase_consistent), or between two decisions
        return []
    stack, kinds = state.stack, [f.kind for f in state.stack]
    problems = [f"a {k!r} step never waits under a decision" for k in kinds if k not in WAITING]
    problems += [
        f"a chosen effect waits: {f}" for f in stack if isinstance(f, FxFrame) and f.selected
    ]
    problems += [
        f"a step that gains no influence: {f}"
        for f in stack
        if isinstance(f, (InfluenceFrame, AskFactionFrame)) and f.amount < 1
    ]
    check = _setup_stack if state.phase == "setup" else _turn_stack
    return problems + check(rules, state, kinds)


def _setup_stack(rules: Rules, state: State, kinds: list[str]) -> list[str]:
    first = int(rules.settings["players"]["first"]) % state.players
    if state.stack[:1] != [StartFrame(first)] or state.active != first:
        return [f"the setup's steps {kinds[:3]} do not rest on seat {first}'s start"]
    rest = kinds[1:]
    block = next((i for i, k in enumerate(rest) if k not in SETUP_DECISIONS), len(rest))
    ordered = sorted(rest[:block], key=lambda k: k == "draft")  # keeps under drafts
    if ordered != rest[:block] or SETUP_DECISIONS & set(rest[block:]):
        return [f"the advanced setup's steps are out of order: {kinds}"]
    if (block and not state.advanced) or {"end_turn", "income_next"} & set(kinds):
        return [f"steps of a turn, or of an advanced setup, in this setup: {kinds}"]
    return []


def _turn_stack(rules: Rules, state: State, kinds: list[str]) -> list[str]:
    stack, active, decision = state.stack, state.active, state.decision
    assert decision is not None
    if {"start", "draft", "keep"} & set(kinds):
        return [f"steps of the setup pending in phase {state.phase!r}: {kinds}"]
    if isinstance(decision, TurnAsk):
        return [f"steps {kinds[:3]} pending when a turn starts"] if stack else []
    if stack[:1] != [EndTurnFrame(active)] or "end_turn" in kinds[1:]:
        return [f"pending steps {kinds[:3]} do not rest on the end of seat {active}'s turn"]
    nexts = [i for i, k in enumerate(kinds) if k == "income_next"]
    if nexts not in ([], [1]) or (nexts and stack[1] != IncomeNextFrame(active)):
        return [f"seat {active}'s income steps are out of place: {kinds}"]
    if isinstance(decision, (IncomeAsk, TradeAsk)) and len(stack) != 1:
        return [f"steps {kinds} pending under the {decision.kind!r} decision"]
    return []


def decision_answerable(game: Checked) -> list[str]:
    """The pending decision belongs to the right seat for its phase and is a real choice.

    The active seat's own decisions (``turn``, ``trade``, ``income``) come outside the
    setup, the draft and keeps only in the advanced setup. A decision with one legal
    answer is taken automatically and one with none is dropped, so a pending decision
    of a kind the engine may take itself has at least two answers; and each kind's
    preconditions hold (a cost to pay can be paid, a site to choose has a cube and,
    for a gate, a gate card to go with it; a trade is at the worker's location).
    """
    rules, state = parts(game)
    decision = state.decision
    if decision is None:
        stuck = state.phase != "over" and not state.stack
        return ["no decision and nothing pending, but the game is not over"] if stuck else []
    if pending_problem(rules, state):
        return []  # reported by pending_consistent
    kind, seat = decision.kind, decision.seat
    problems = []
    if kind in TURN_DECISIONS and (state.phase not in ("play", "final") or seat != state.active):
        problems.append(f"a {kind!r} decision for seat {seat} in phase {state.phase!r}")
    if kind in SETUP_DECISIONS and (state.phase != "setup" or not state.advanced):
        problems.append(f"a {kind!r} decision outside the advanced setup")
    problems += _preconditions(rules, state, decision)
    kind_rules = rules.machine.decisions[type(decision)]
    try:
        options = kind_rules.options(state, decision)
    except Exception as exc:  # a state the rules cannot list answers for
        return [*problems, f"the {kind!r} decision's answers cannot be listed: {exc!r}"]
    if kind_rules.auto and len(options) < 2:
        problems.append(f"a {kind!r} decision with {len(options)} legal answers (it needs 2)")
    return problems


def _preconditions(rules: Rules, state: State, ask: Ask) -> list[str]:
    kind, seat, t = ask.kind, ask.seat, rules.t
    if isinstance(ask, PayAsk):
        cost, kid = t.program.nodes[ask.nid].cost, t.program.kids[ask.nid][0]
        if not rules.atoms.can_pay(state, seat, cost, ask.here):
            return [f"seat {seat} is asked to pay a cost it cannot pay"]
        if not rules.interpreter.possible(state, kid, seat, ask.here):
            return [f"seat {seat} is asked to pay for an effect that is not possible"]
    if isinstance(ask, (FortSiteAsk, GateSiteAsk)):
        gate = ask.fort == t.fort["gate"]
        if state.cubes[seat] < 1 or gate != isinstance(ask, GateSiteAsk):
            return [f"a {kind!r} decision without a cube or for the wrong piece"]
        if isinstance(ask, GateSiteAsk) and not state.gate_deck:
            return ["a gate to place, but no gate card is left"]
    if isinstance(ask, TradeAsk) and state.worker[seat] != ask.location:
        return [f"a trade at location {ask.location}, but the worker is at {state.worker[seat]}"]
    if isinstance(ask, FactionAsk) and ask.amount < 1:
        return ["a faction to choose for no influence"]
    return []


def income_in_progress(game: Checked) -> list[str]:
    """Cards are marked used only during the active seat's income action (RULES Take
    income 2), each once, and each is that seat's HQ card or a card of its portfolio."""
    _, state = parts(game)
    used, active = state.used, state.active
    if not used:
        return []
    problems = []
    decision = state.decision
    during = isinstance(decision, IncomeAsk) or any(
        isinstance(f, IncomeNextFrame) for f in state.stack
    )
    if not during:
        problems.append(f"cards {used} marked used outside an income action")
    own = {state.hq[active], *state.portfolio[active]}
    if len(used) != len(set(used)) or set(used) - own:
        problems.append(f"used cards {used} are not seat {active}'s HQ and portfolio, once each")
    return problems
