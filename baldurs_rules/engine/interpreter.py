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

from typing import Any, Protocol

from baldurs_rules.actions import Action
from baldurs_rules.dsl import ast as A
from baldurs_rules.engine.machine import Decision, DecisionKind, Frame
from baldurs_rules.engine.program import Program

__all__ = ["Atoms", "Interpreter"]

PAY = Action("pay")
DECLINE = Action("decline")


class Atoms(Protocol):
    """The game-specific half of the interpreter."""

    def run(self, state: Any, node: Any, seat: int, here: int, cause: str) -> None:
        """Perform an atom (it may push frames or set a decision)."""

    def possible(self, state: Any, node: Any, seat: int, here: int) -> bool:
        """Whether an atom can be done now."""

    def always_possible(self, node: Any) -> bool:
        """Whether an atom can be done in every state (so it never needs checking)."""

    def can_pay(self, state: Any, seat: int, cost: tuple[Any, ...], here: int) -> bool:
        """Whether the player can pay the whole cost."""

    def pay(self, state: Any, seat: int, cost: tuple[Any, ...], here: int, cause: str) -> None:
        """Pay a cost."""

    def env(self, state: Any, seat: int, here: int) -> Any:
        """The read-only view expressions evaluate against."""

    def seats(self, state: Any, seat: int, who: str) -> list[int]:
        """The seats an ``each <who>`` effect applies to, in order."""


class Interpreter:
    """Runs effect frames; plugs into a [`Machine`][baldurs_rules.engine.machine.Machine]."""

    def __init__(self, program: Program, atoms: Atoms) -> None:
        self.program = program
        self.atoms = atoms
        self.handlers = {"fx": self.fx}
        self.decisions = {
            "choose": DecisionKind(self._choose_options, self._choose_resolve),
            "pay": DecisionKind(self._pay_options, self._pay_resolve),
        }
        self._static = self._static_table()
        self._control = {
            A.Seq: self._seq,
            A.Paid: self._paid,
            A.When: self._when,
            A.Repeat: self._repeat,
            A.Each: self._each,
            A.Choose: self._choose,
            A.Nothing: _nothing,
        }

    @staticmethod
    def frame(nid: int, seat: int, here: int, cause: str, selected: int = 0) -> Frame:
        """The frame that runs effect ``nid`` for ``seat``."""
        return ("fx", nid, seat, here, cause, selected)

    # ---------------------------------------------------------------- running
    def fx(self, state: Any, frame: Frame) -> None:
        node = self.program.nodes[frame[1]]
        control = self._control.get(type(node))
        if control is not None:
            control(state, frame)
        else:
            self.atoms.run(state, node, frame[2], frame[3], frame[4])

    def _push_kids(self, state: Any, frame: Frame, kids: tuple[int, ...] | list[int]) -> None:
        _, _, seat, here, cause, _ = frame
        state.stack.extend(("fx", k, seat, here, cause, 0) for k in reversed(kids))

    def _seq(self, state: Any, frame: Frame) -> None:
        self._push_kids(state, frame, self.program.kids[frame[1]])

    def _paid(self, state: Any, frame: Frame) -> None:
        _, nid, seat, here, cause, selected = frame
        node = self.program.nodes[nid]
        if selected:
            self.atoms.pay(state, seat, node.cost, here, cause)
            self._push_kids(state, frame, self.program.kids[nid])
        elif self.atoms.can_pay(state, seat, node.cost, here) and self.possible(
            state, self.program.kids[nid][0], seat, here
        ):
            state.decision = ("pay", seat, nid, here, cause)

    def _when(self, state: Any, frame: Frame) -> None:
        _, nid, seat, here, _, _ = frame
        node = self.program.nodes[nid]
        kids = self.program.kids[nid]
        if self.program.cond(node.cond)(self.atoms.env(state, seat, here)):
            self._push_kids(state, frame, kids[:1])
        elif len(kids) > 1:
            self._push_kids(state, frame, kids[1:])

    def _repeat(self, state: Any, frame: Frame) -> None:
        node = self.program.nodes[frame[1]]
        self._push_kids(state, frame, self.program.kids[frame[1]] * node.times)

    def _each(self, state: Any, frame: Frame) -> None:
        _, nid, seat, here, cause, _ = frame
        body = self.program.kids[nid][0]
        seats = self.atoms.seats(state, seat, self.program.nodes[nid].who.text)
        state.stack.extend(("fx", body, s, here, cause, 0) for s in reversed(seats))

    def _choose(self, state: Any, frame: Frame) -> None:
        _, nid, seat, here, cause, _ = frame
        state.decision = ("choose", seat, nid, here, cause)

    # ---------------------------------------------------------------- legality
    def _static_table(self) -> list[bool]:
        """For each nid, whether ``possible`` (unselected) is True in every state."""
        nodes, kids = self.program.nodes, self.program.kids
        static = [False] * len(nodes)
        for nid in range(len(nodes) - 1, -1, -1):  # children have larger nids
            kind = type(nodes[nid])
            if kind in (A.Seq, A.Repeat):
                static[nid] = all(static[k] for k in kids[nid])
            elif kind is A.Choose:
                static[nid] = all(static[k] and type(nodes[k]) is not A.Paid for k in kids[nid])
            elif kind in (A.Paid, A.When, A.Each, A.Nothing):
                static[nid] = True
            else:
                static[nid] = self.atoms.always_possible(nodes[nid])
        return static

    def possible(self, state: Any, nid: int, seat: int, here: int, selected: int = 0) -> bool:
        """Whether effect ``nid`` may be chosen now: all it unconditionally needs is possible."""
        node = self.program.nodes[nid]
        kind = type(node)
        if self._static[nid] and not (selected and kind is A.Paid):
            return True
        if kind is A.Seq:
            return all(self.possible(state, k, seat, here) for k in self.program.kids[nid])
        if kind is A.Paid:
            if not selected:
                return True
            return self.atoms.can_pay(state, seat, node.cost, here) and self.possible(
                state, self.program.kids[nid][0], seat, here
            )
        if kind is A.Choose:
            return any(self.possible(state, k, seat, here, 1) for k in self.program.kids[nid])
        if kind is A.Repeat:
            return self.possible(state, self.program.kids[nid][0], seat, here)
        if kind in (A.When, A.Each, A.Nothing):
            return True
        return self.atoms.possible(state, node, seat, here)

    # ---------------------------------------------------------------- decisions
    def _choose_options(self, state: Any, decision: Decision) -> list[Action]:
        _, seat, nid, here, _ = decision
        return [
            Action("choose", (i + 1,))
            for i, kid in enumerate(self.program.kids[nid])
            if self.possible(state, kid, seat, here, 1)
        ]

    def _choose_resolve(self, state: Any, decision: Decision, action: Action) -> None:
        _, seat, nid, here, cause = decision
        kid = self.program.kids[nid][int(action.args[0]) - 1]
        state.stack.append(("fx", kid, seat, here, cause, 1))

    def _pay_options(self, state: Any, decision: Decision) -> list[Action]:
        return [PAY, DECLINE]

    def _pay_resolve(self, state: Any, decision: Decision, action: Action) -> None:
        _, seat, nid, here, cause = decision
        if action == PAY:
            state.stack.append(("fx", nid, seat, here, cause, 1))


def _nothing(state: Any, frame: Frame) -> None:
    """``nothing`` does nothing."""
