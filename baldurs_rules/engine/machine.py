"""The decision-stack machine: a generic turn loop over plain-data frames.

A game's pending work is a stack of *frames* in its state. The machine pops a
frame and calls the handler for its kind; a handler changes the state, pushes
more frames, or sets an *ask* (the pending decision: the seat that decides and
what is asked) and the loop stops. Answering the ask resumes it.

Frames and asks are [`Record`][baldurs_rules.engine.machine.Record]s: one class
per kind, whose ``__init__`` names its fields in order, read by name everywhere
(``frame.seat``, never a position). They hold plain values only and never change,
so a game can be cloned, saved and compared at any decision point; saved, a
record is the list ``[kind, *fields]``.

A decision with exactly one legal answer is taken automatically (the machine
tells the rules through ``on_forced``, so the move can be logged and shown); a
decision with none is dropped. So every decision a player sees is a real choice.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from baldurs_rules.actions import Action
from baldurs_rules.errors import EngineError

__all__ = [
    "Ask",
    "DecisionKind",
    "Frame",
    "Handler",
    "Machine",
    "MachineState",
    "Record",
    "kinds",
]


class Record:
    """A value of named plain fields that never changes: the base of frames and asks.

    A kind is a subclass with a class variable ``kind`` (its name in saved games) and an
    ``__init__`` whose parameters are its fields, in order.
    [`kinds`][baldurs_rules.engine.machine.kinds] reads that order once into ``FIELDS``;
    comparing, hashing, printing, pickling and saving
    ([`to_list`][baldurs_rules.engine.machine.Record.to_list]) use it. Records of
    two kinds never compare equal, whatever their fields. In the compiled build these
    are native classes: a kind is declared in a compiled module (as
    [`baldurs_rules.rules.pending`][] is), not in interpreted code.

    Examples:
        >>> class Visit(Frame):
        ...     kind = "visit"
        ...     def __init__(self, seat: int, location: int) -> None:
        ...         self.seat, self.location = seat, location
        >>> _ = kinds(Visit)
        >>> Visit(1, 3), Visit(1, 3).to_list(), Visit(1, 3) == Visit(1, 3)
        (Visit(seat=1, location=3), ['visit', 1, 3], True)
    """

    kind: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in order."""
        return tuple([getattr(self, name) for name in self.FIELDS])

    def to_list(self) -> list[Any]:
        """The record as saved: ``[kind, *values]``."""
        return [self.kind, *self.values()]

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.values() == other.values()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.kind, self.values()))

    def __repr__(self) -> str:
        fields = ", ".join([f"{name}={getattr(self, name)!r}" for name in self.FIELDS])
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self.values())


class Frame(Record):
    """Pending work on the machine's stack (a subclass per kind)."""


class Ask(Record):
    """A pending decision (a subclass per kind): who decides, and why it is asked.

    Attributes:
        seat: The seat that decides (every kind's first field).
        cause: What asks (a card, a location trade, a faction space...): a field of
            the kinds that have one; for the others, their kind.
    """

    seat: int
    cause: str


R = TypeVar("R", bound=Record)

Handler = Callable[[Any, Any], None]
"""A frame handler: ``(state, frame) -> None`` (typed by each kind's own signature)."""


def kinds(*classes: type[R]) -> dict[str, type[R]]:
    """Each class by its ``kind``, its ``FIELDS`` read from its ``__init__`` (once).

    Raises:
        EngineError: Two classes share a kind.
    """
    found: dict[str, type[R]] = {}
    for cls in classes:
        if cls.kind in found:
            raise EngineError(f"two kinds named {cls.kind!r}: {found[cls.kind]} and {cls}")
        cls.FIELDS = tuple(inspect.signature(cls).parameters)
        found[cls.kind] = cls
    return found


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
    decision: Ask | None
    options: list[Action] | None


@dataclass(frozen=True, slots=True)
class DecisionKind:
    """How to list and apply the answers of one kind of ask.

    Attributes:
        options: ``(state, ask) -> legal actions``.
        resolve: ``(state, ask, action) -> None``; pushes frames.
        auto: Whether a single legal answer is taken without asking.
    """

    options: Callable[[Any, Any], list[Action]]
    resolve: Callable[[Any, Any, Action], None]
    auto: bool = True


class Machine:
    """Runs frames until a decision is needed or the stack is empty.

    Args:
        handlers: Frame class to its handler ``(state, frame) -> None``.
        decisions: Ask class to its [`DecisionKind`][baldurs_rules.engine.machine.DecisionKind].
        max_steps: Frames handled per run before giving up (a content loop guard).
        on_forced: Called as ``on_forced(state, ask, action)`` when an ask with one
            legal answer is taken automatically.
    """

    def __init__(
        self,
        handlers: dict[type[Frame], Handler],
        decisions: dict[type[Ask], DecisionKind],
        max_steps: int = 100_000,
        on_forced: Callable[[Any, Any, Action], None] | None = None,
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
                kind = decisions[type(decision)]
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
            handlers[type(frame)](state, frame)
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
            options = state.options = self.decisions[type(decision)].options(state, decision)
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
        self.decisions[type(decision)].resolve(state, decision, action)
        self.run(state)
