"""The effect interpreter: a tree-walker over numbered effect nodes.

It handles the control structure of the language (sequences, costs, choices,
conditions, repetition, effects on others) and leaves every *atom* (gain,
draw, place, build, ...) to an [`Atoms`][baldurs_rules.engine.interpreter.Atoms]
object supplied by the rules. Pending work is a frame
``("fx", nid, seat, here, cause, selected)``: plain data.

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
from typing import Any, Final

from baldurs_rules.actions import Action
from baldurs_rules.dsl import ast as A
from baldurs_rules.engine.machine import Decision, DecisionKind, Frame, MachineState
from baldurs_rules.engine.program import Program

__all__ = ["Atoms", "Interpreter"]

PAY: Final = Action("pay")
DECLINE: Final = Action("decline")


class Atoms(ABC):
    """The game-specific half of the interpreter (the rules subclass it).

    An abstract base class rather than a protocol, so that in the compiled build
    the interpreter calls these methods directly instead of looking them up.
    """

    @abstractmethod
    def run(self, state: Any, node: Any, seat: int, here: int, cause: str) -> None:
        """Perform an atom (it may push frames or set a decision)."""

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
        self.handlers = {"fx": self.fx}
        self.decisions = {
            "choose": DecisionKind(self._choose_options, self._choose_resolve),
            "pay": DecisionKind(self._pay_options, self._pay_resolve),
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
        control: dict[int, Callable[[Any, Frame], None]] = {
            SEQ: self._seq,
            PAID: self._paid,
            WHEN: self._when,
            REPEAT: self._repeat,
            EACH: self._each,
            CHOOSE: self._choose,
            NOTHING: _nothing,
        }
        # One entry per nid: control nodes run here, atoms through the rules.
        self._runners: list[Callable[[Any, Frame], None]] = [
            control[code] if code != ATOM else self._atom(node)
            for node, code in zip(nodes, self._codes, strict=True)
        ]
        most = max((len(k) for k in program.kids), default=0)
        self._choose_actions = [Action("choose", (i + 1,)) for i in range(most)]

    @staticmethod
    def frame(nid: int, seat: int, here: int, cause: str, selected: int = 0) -> Frame:
        """The frame that runs effect ``nid`` for ``seat``."""
        return ("fx", nid, seat, here, cause, selected)

    # ---------------------------------------------------------------- running
    def fx(self, state: MachineState, frame: Frame) -> None:
        self._runners[frame[1]](state, frame)

    def _atom(self, node: Any) -> Callable[[Any, Frame], None]:
        run = self.atoms.runner(node)

        def atom(state: Any, frame: Frame) -> None:
            run(state, node, frame[2], frame[3], frame[4])

        return atom

    @staticmethod
    def _push(state: MachineState, frame: Frame, kids: tuple[int, ...]) -> None:
        seat, here, cause = frame[2], frame[3], frame[4]
        stack = state.stack
        for k in reversed(kids):
            stack.append(("fx", k, seat, here, cause, 0))

    def _seq(self, state: MachineState, frame: Frame) -> None:
        self._push(state, frame, self._kids[frame[1]])

    def _paid(self, state: MachineState, frame: Frame) -> None:
        _, nid, seat, here, cause, selected = frame
        cost = self._costs[nid]
        if selected:
            self.atoms.pay(state, seat, cost, here, cause)
            self._push(state, frame, self._kids[nid])
        elif self.atoms.can_pay(state, seat, cost, here) and self.possible(
            state, self._kids[nid][0], seat, here
        ):
            state.decision = ("pay", seat, nid, here, cause)

    def _when(self, state: MachineState, frame: Frame) -> None:
        _, nid, seat, here, _, _ = frame
        kids = self._kids[nid]
        if self.program.cond(self.program.nodes[nid].cond)(self.atoms.env(state, seat, here)):
            self._push(state, frame, kids[:1])
        elif len(kids) > 1:
            self._push(state, frame, kids[1:])

    def _repeat(self, state: MachineState, frame: Frame) -> None:
        nid = frame[1]
        self._push(state, frame, self._kids[nid] * self._times[nid])

    def _each(self, state: MachineState, frame: Frame) -> None:
        _, nid, seat, here, cause, _ = frame
        body = self._kids[nid][0]
        seats = self.atoms.seats(state, seat, self._who[nid])
        state.stack.extend(("fx", body, s, here, cause, 0) for s in reversed(seats))

    def _choose(self, state: MachineState, frame: Frame) -> None:
        _, nid, seat, here, cause, _ = frame
        state.decision = ("choose", seat, nid, here, cause)

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
    def _choose_options(self, state: Any, decision: Decision) -> list[Action]:
        _, seat, nid, here, _ = decision
        actions = self._choose_actions
        return [
            actions[i]
            for i, kid in enumerate(self._kids[nid])
            if self.possible(state, kid, seat, here, 1)
        ]

    def _choose_resolve(self, state: MachineState, decision: Decision, action: Action) -> None:
        _, seat, nid, here, cause = decision
        kid = self._kids[nid][int(action.args[0]) - 1]
        state.stack.append(("fx", kid, seat, here, cause, 1))

    def _pay_options(self, state: Any, decision: Decision) -> list[Action]:
        return [PAY, DECLINE]

    def _pay_resolve(self, state: MachineState, decision: Decision, action: Action) -> None:
        _, seat, nid, here, cause = decision
        if action == PAY:
            state.stack.append(("fx", nid, seat, here, cause, 1))


def _nothing(state: Any, frame: Frame) -> None:
    """``nothing`` does nothing."""
