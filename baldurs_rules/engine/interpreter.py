"""The effect interpreter: a tree-walker over numbered effect nodes.

It handles the control structure of the language (sequences, costs, choices,
conditions, repetition, effects on others) and leaves every *atom* (gain,
draw, place, build, ...) to an [`Atoms`][baldurs_rules.engine.interpreter.Atoms]
object supplied by the rules. Pending work is an
[`FxFrame`][baldurs_rules.engine.interpreter.FxFrame] (run effect node ``nid``
for ``seat``); the interpreter asks [`ChooseAsk`][baldurs_rules.engine.interpreter.ChooseAsk]
and [`PayAsk`][baldurs_rules.engine.interpreter.PayAsk]. All are plain data.

*selected* is 1 when the node is the root of an option the player just chose
(an income ability, a trade, a choice branch): a cost there is simply paid.
A cost anywhere else is optional, and the player is asked whether to pay.

An option is legal only when everything it unconditionally requires is
possible now ([`Interpreter.possible`][baldurs_rules.engine.interpreter.Interpreter.possible]);
a step that has become impossible by the time it resolves is skipped.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Final, final

from baldurs_rules.actions import Action
from baldurs_rules.dsl import ast as A
from baldurs_rules.engine.machine import Ask, DecisionKind, Frame, Handler, MachineState, kinds
from baldurs_rules.engine.program import Program

__all__ = ["ASKS", "FRAMES", "Atoms", "ChooseAsk", "FxFrame", "Interpreter", "PayAsk"]


@final
class FxFrame(Frame):
    """Run effect node ``nid`` for ``seat``.

    Attributes:
        nid: The effect node: its number in the effects program (``engine.program``).
        seat: Whose effect it is.
        here: The district the effect happens in (-1: none), for ``here`` in effects.
        cause: What the effect comes from (a card, a trade, a faction space, ...).
        selected: 1 when the node is the root of an option the player just chose
            (an income ability, a trade, a choice branch): a cost there is simply paid.
    """

    kind = "fx"

    def __init__(self, nid: int, seat: int, here: int, cause: str, selected: int = 0) -> None:
        self.nid: Final = nid
        self.seat: Final = seat
        self.here: Final = here
        self.cause: Final = cause
        self.selected: Final = selected


@final
class ChooseAsk(Ask):
    """Which branch of a ``choose (a | b)`` effect (node ``nid``) to take."""

    kind = "choose"

    def __init__(self, seat: int, nid: int, here: int, cause: str) -> None:
        self.seat = seat
        self.nid: Final = nid
        self.here: Final = here
        self.cause = cause


@final
class PayAsk(Ask):
    """Whether to pay the cost of the optional effect ``pay ...: ...`` (node ``nid``)."""

    kind = "pay"

    def __init__(self, seat: int, nid: int, here: int, cause: str) -> None:
        self.seat = seat
        self.nid: Final = nid
        self.here: Final = here
        self.cause = cause


FRAMES: Final[dict[str, type[Frame]]] = kinds(FxFrame)
"""The interpreter's frame kind, by name."""

ASKS: Final[dict[str, type[Ask]]] = kinds(ChooseAsk, PayAsk)
"""The interpreter's ask kinds, by name."""

PAY: Final = Action("pay")
DECLINE: Final = Action("decline")


class Atoms(ABC):
    """The game-specific half of the interpreter (the rules subclass it).

    An abstract base class rather than a protocol, so that in the compiled build
    the interpreter calls these methods directly instead of looking them up.
    """

    @abstractmethod
    def runner(self, node: Any) -> Callable[[Any, Any, int, int, str], None]:
        """The function that performs this atom, as ``f(state, node, seat, here, cause)``."""

    @abstractmethod
    def possible(self, state: Any, node: Any, seat: int, here: int) -> bool:
        """Whether an atom can be done now."""

    @abstractmethod
    def always_possible(self, node: Any) -> bool:
        """Whether an atom can be done in every state (so it never needs checking)."""

    @abstractmethod
    def can_pay(self, state: Any, seat: int, cost: tuple[Any, ...], here: int) -> bool:
        """Whether the player can pay the whole cost."""

    @abstractmethod
    def pay(self, state: Any, seat: int, cost: tuple[Any, ...], here: int, cause: str) -> None:
        """Pay a cost."""

    @abstractmethod
    def env(self, state: Any, seat: int, here: int) -> Any:
        """The read-only view expressions evaluate against."""

    @abstractmethod
    def seats(self, state: Any, seat: int, who: str) -> list[int]:
        """The seats an ``each <who>`` effect applies to, in order."""


# Final: the compiled build (mypyc) inlines these instead of looking them up
SEQ: Final = 0
PAID: Final = 1
WHEN: Final = 2
REPEAT: Final = 3
EACH: Final = 4
CHOOSE: Final = 5
NOTHING: Final = 6
ATOM: Final = 7
"""Codes of the node kinds the interpreter handles (``ATOM``: everything the rules do)."""

_CODES: dict[type, int] = {
    A.Seq: SEQ,
    A.Paid: PAID,
    A.When: WHEN,
    A.Repeat: REPEAT,
    A.Each: EACH,
    A.Choose: CHOOSE,
    A.Nothing: NOTHING,
}


class Interpreter:
    """Runs effect frames; plugs into a [`Machine`][baldurs_rules.engine.machine.Machine].

    Everything the hot paths need of a node (its kind, cost, repeat count, ...) is
    read from the AST once, here, into plain per-nid tables.
    """

    def __init__(self, program: Program, atoms: Atoms) -> None:
        self.program = program
        self.atoms = atoms
        self.handlers: dict[type[Frame], Handler] = {FxFrame: self.fx}
        self.decisions: dict[type[Ask], DecisionKind] = {
            ChooseAsk: DecisionKind(self._choose_options, self._choose_resolve),
            PayAsk: DecisionKind(self._pay_options, self._pay_resolve),
        }
        nodes = program.nodes
        self._kids: list[tuple[int, ...]] = list(program.kids)
        self._codes: list[int] = [_CODES.get(type(node), ATOM) for node in nodes]
        self._costs: list[tuple[Any, ...]] = [
            node.cost if code == PAID else () for node, code in zip(nodes, self._codes, strict=True)
        ]
        self._times: list[int] = [
            node.times if code == REPEAT else 0
            for node, code in zip(nodes, self._codes, strict=True)
        ]
        self._who: list[str] = [
            node.who.text if code == EACH else ""
            for node, code in zip(nodes, self._codes, strict=True)
        ]
        self._static = self._static_table()
        control: dict[int, Callable[[Any, FxFrame], None]] = {
            SEQ: self._seq,
            PAID: self._paid,
            WHEN: self._when,
            REPEAT: self._repeat,
            EACH: self._each,
            CHOOSE: self._choose,
            NOTHING: _nothing,
        }
        # One entry per nid: control nodes run here, atoms through the rules.
        self._runners: list[Callable[[Any, FxFrame], None]] = [
            control[code] if code != ATOM else self._atom(node)
            for node, code in zip(nodes, self._codes, strict=True)
        ]
        most = max((len(k) for k in program.kids), default=0)
        self._choose_actions = [Action("choose", (i + 1,)) for i in range(most)]

    # ---------------------------------------------------------------- running
    def fx(self, state: MachineState, frame: FxFrame) -> None:
        self._runners[frame.nid](state, frame)

    def _atom(self, node: Any) -> Callable[[Any, FxFrame], None]:
        run = self.atoms.runner(node)

        def atom(state: Any, frame: FxFrame) -> None:
            run(state, node, frame.seat, frame.here, frame.cause)

        return atom

    @staticmethod
    def _push(state: MachineState, frame: FxFrame, kids: tuple[int, ...]) -> None:
        seat, here, cause = frame.seat, frame.here, frame.cause
        stack = state.stack
        for k in reversed(kids):
            stack.append(FxFrame(k, seat, here, cause))

    def _seq(self, state: MachineState, frame: FxFrame) -> None:
        self._push(state, frame, self._kids[frame.nid])

    def _paid(self, state: MachineState, frame: FxFrame) -> None:
        nid, seat, here = frame.nid, frame.seat, frame.here
        cost = self._costs[nid]
        if frame.selected:
            self.atoms.pay(state, seat, cost, here, frame.cause)
            self._push(state, frame, self._kids[nid])
        elif self.atoms.can_pay(state, seat, cost, here) and self.possible(
            state, self._kids[nid][0], seat, here
        ):
            state.decision = PayAsk(seat, nid, here, frame.cause)

    def _when(self, state: MachineState, frame: FxFrame) -> None:
        nid = frame.nid
        kids = self._kids[nid]
        env = self.atoms.env(state, frame.seat, frame.here)
        if self.program.cond(self.program.nodes[nid].cond)(env):
            self._push(state, frame, kids[:1])
        elif len(kids) > 1:
            self._push(state, frame, kids[1:])

    def _repeat(self, state: MachineState, frame: FxFrame) -> None:
        nid = frame.nid
        self._push(state, frame, self._kids[nid] * self._times[nid])

    def _each(self, state: MachineState, frame: FxFrame) -> None:
        nid, here, cause = frame.nid, frame.here, frame.cause
        body = self._kids[nid][0]
        seats = self.atoms.seats(state, frame.seat, self._who[nid])
        state.stack.extend([FxFrame(body, s, here, cause) for s in reversed(seats)])

    def _choose(self, state: MachineState, frame: FxFrame) -> None:
        state.decision = ChooseAsk(frame.seat, frame.nid, frame.here, frame.cause)

    # ---------------------------------------------------------------- legality
    def _static_table(self) -> list[bool]:
        """For each nid, whether ``possible`` (unselected) is True in every state."""
        nodes, kids, codes = self.program.nodes, self._kids, self._codes
        static = [False] * len(nodes)
        for nid in range(len(nodes) - 1, -1, -1):  # children have larger nids
            code = codes[nid]
            if code in (SEQ, REPEAT):
                static[nid] = all(static[k] for k in kids[nid])
            elif code == CHOOSE:
                static[nid] = all(static[k] and codes[k] != PAID for k in kids[nid])
            elif code in (PAID, WHEN, EACH, NOTHING):
                static[nid] = True
            else:
                static[nid] = self.atoms.always_possible(nodes[nid])
        return static

    def possible(self, state: Any, nid: int, seat: int, here: int, selected: int = 0) -> bool:
        """Whether effect ``nid`` may be chosen now: all it unconditionally needs is possible."""
        code = self._codes[nid]
        if self._static[nid] and not (selected and code == PAID):
            return True
        if code == SEQ:
            return all(self.possible(state, k, seat, here) for k in self._kids[nid])
        if code == PAID:
            if not selected:
                return True
            return self.atoms.can_pay(state, seat, self._costs[nid], here) and self.possible(
                state, self._kids[nid][0], seat, here
            )
        if code == CHOOSE:
            return any(self.possible(state, k, seat, here, 1) for k in self._kids[nid])
        if code == REPEAT:
            return self.possible(state, self._kids[nid][0], seat, here)
        if code != ATOM:
            return True
        return self.atoms.possible(state, self.program.nodes[nid], seat, here)

    # ---------------------------------------------------------------- decisions
    def _choose_options(self, state: Any, ask: ChooseAsk) -> list[Action]:
        seat, here, actions = ask.seat, ask.here, self._choose_actions
        return [
            actions[i]
            for i, kid in enumerate(self._kids[ask.nid])
            if self.possible(state, kid, seat, here, 1)
        ]

    def _choose_resolve(self, state: MachineState, ask: ChooseAsk, action: Action) -> None:
        kid = self._kids[ask.nid][int(action.args[0]) - 1]
        state.stack.append(FxFrame(kid, ask.seat, ask.here, ask.cause, 1))

    def _pay_options(self, state: Any, ask: PayAsk) -> list[Action]:
        return [PAY, DECLINE]

    def _pay_resolve(self, state: MachineState, ask: PayAsk, action: Action) -> None:
        if action == PAY:
            state.stack.append(FxFrame(ask.nid, ask.seat, ask.here, ask.cause, 1))


def _nothing(state: Any, frame: FxFrame) -> None:
    """``nothing`` does nothing."""
