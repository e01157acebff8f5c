"""What every invariant module shares: what a check reads, and where a game started."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from baldurs_rules.content.model import Content
from baldurs_rules.rules import Rules
from baldurs_rules.rules.state import State

__all__ = ["Check", "Checked", "Position", "at_decision", "is_turn", "parts", "played"]


class Checked(Protocol):
    """What an invariant reads: a state, its content, and the scenario it started from.

    A [`Game`][baldurs_rules.game.Game] is one; so is a
    [`Position`][baldurs_rules.invariants.base.Position] (a loaded save is checked as
    one before a game is made of it).
    """

    @property
    def content(self) -> Content: ...

    @property
    def state(self) -> State: ...

    @property
    def scenario(self) -> dict[str, Any] | None: ...


@dataclass(frozen=True)
class Position:
    """A state to check, with its content and the scenario it started from (None: a new game).

    Examples:
        >>> import baldurs_rules as br
        >>> from baldurs_rules.invariants import check_all
        >>> game = br.new_game(players=2, seed=3)
        >>> check_all(Position(game.content, game.state))
        []
    """

    content: Content
    state: State
    scenario: dict[str, Any] | None = None


Check = Callable[[Checked], list[str]]
"""An invariant: a position in, the list of its problems out (empty when it holds)."""


def parts(game: Checked) -> tuple[Rules, State]:
    """The rules of the position's content and its state."""
    return Rules.of(game.content), game.state


def played(game: Checked) -> bool:
    """Whether the position was played from a new game (not from a scenario)."""
    return game.scenario is None


def at_decision(state: State) -> bool:
    """Whether the state waits for a decision (or is over): not in the middle of a run."""
    return state.decision is not None or not state.stack


def is_turn(state: State) -> bool:
    """Whether the pending decision is a seat's turn (its one action)."""
    return state.decision is not None and state.decision.kind == "turn"
