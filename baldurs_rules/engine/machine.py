"""The decision-stack machine: a generic turn loop over plain-data frames.

A game's pending work is a stack of *frames* (tuples: a kind and plain
arguments) in its state. The machine pops a frame and calls the handler for
its kind; a handler changes the state, pushes more frames, or sets a
*decision* (a tuple: a kind, the seat that decides, plain arguments) and the
loop stops. Answering the decision resumes it. Since frames and decisions are
plain data, a game can be cloned, saved and compared at any decision point.

A decision with exactly one legal answer is taken automatically (the machine
tells the rules through ``on_forced``, so the move can be logged and shown); a
decision with none is dropped. So every decision a player sees is a real choice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from baldurs_rules.actions import Action
from baldurs_rules.errors import EngineError

__all__ = ["DecisionKind", "Frame", "Machine", "MachineState"]

Frame = tuple[Any, ...]
Decision = tuple[Any, ...]


class MachineState:
    """What the machine needs of a state: a game's state class derives from it.

    A base class, not a protocol, so the compiled build reads and sets these
    fields directly (a protocol or ``Any`` costs a generic attribute lookup each).

    Attributes:
        stack: Pending frames, the next on top (the end of the list).
        decision: The pending decision, or None.
        options: Cache of the legal actions at the pending decision.
    """

    __slots__ = ("decision", "options", "stack")

    stack: list[Frame]
    decision: Decision | None
    options: list[Action] | None


@dataclass(frozen=True, slots=True)
class DecisionKind:
    """How to list and apply the answers of one kind of decision.

    Attributes:
        options: ``(state, decision) -> legal actions``.
        resolve: ``(state, decision, action) -> None``; pushes frames.
        auto: Whether a single legal answer is taken without asking.
    """

    options: Callable[[Any, Decision], list[Action]]
    resolve: Callable[[Any, Decision, Action], None]
    auto: bool = True


class Machine:
    """Runs frames until a decision is needed or the stack is empty.

    Args:
        handlers: Frame kind to handler ``(state, frame) -> None``.
        decisions: Decision kind to its [`DecisionKind`][baldurs_rules.engine.machine.DecisionKind].
        max_steps: Frames handled per run before giving up (a content loop guard).
        on_forced: Called as ``on_forced(state, decision, action)`` when a decision
            with one legal answer is taken automatically.
    """

    def __init__(
        self,
        handlers: dict[str, Callable[[Any, Frame], None]],
        decisions: dict[str, DecisionKind],
        max_steps: int = 100_000,
        on_forced: Callable[[Any, Decision, Action], None] | None = None,
    ) -> None:
        self.handlers = handlers
        self.decisions = decisions
        self.max_steps = max_steps
        self.on_forced = on_forced

    def run(self, state: MachineState) -> None:
        """Advance until a real decision is pending or nothing is left to do."""
        handlers, decisions, stack = self.handlers, self.decisions, state.stack
        for _ in range(self.max_steps):
            decision = state.decision
            if decision is not None:
                kind = decisions[decision[0]]
                options = kind.options(state, decision)
                if len(options) > 1 or (options and not kind.auto):
                    state.options = options
                    return
                state.decision = None
                if options:
                    if self.on_forced is not None:
                        self.on_forced(state, decision, options[0])
                    kind.resolve(state, decision, options[0])
                continue
            if not stack:
                state.options = None
                return
            frame = stack.pop()
            handlers[frame[0]](state, frame)
        raise EngineError(f"the game did not reach a decision in {self.max_steps} steps")

    def legal(self, state: MachineState) -> list[Action]:
        """The legal actions at the pending decision (empty when there is none)."""
        return list(self.legal_view(state))

    def legal_view(self, state: MachineState) -> list[Action]:
        """The cached legal actions themselves (do not modify); empty when none."""
        decision = state.decision
        if decision is None:
            return []
        options = state.options
        if options is None:
            options = state.options = self.decisions[decision[0]].options(state, decision)
        return options

    def is_legal(self, state: MachineState, action: Any) -> bool:
        """Whether ``action`` answers the pending decision."""
        return action in self.legal_view(state)

    def answer(self, state: MachineState, action: Action) -> None:
        """Apply a legal answer and run on. Check legality first with ``is_legal``."""
        decision = state.decision
        if decision is None:
            raise EngineError(f"{action!r} answers no decision: none is pending")
        state.decision = None
        state.options = None
        self.decisions[decision[0]].resolve(state, decision, action)
        self.run(state)
