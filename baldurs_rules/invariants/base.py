"""What every invariant module shares: the parts of a game and where it started."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from baldurs_rules.rules import Rules
from baldurs_rules.rules.state import State

__all__ = ["Check", "at_decision", "is_turn", "parts", "played"]

Check = Callable[[Any], list[str]]
"""An invariant: a game in, the list of its problems out (empty when it holds)."""


def parts(game: Any) -> tuple[Rules, State]:
    """The rules of the game's content and its state."""
    return Rules.of(game.content), game.state


def played(game: Any) -> bool:
    """Whether the game was played from a new game (not from a scenario position)."""
    return getattr(game, "scenario", None) is None


def at_decision(state: State) -> bool:
    """Whether the state waits for a decision (or is over): not in the middle of a run."""
    return state.decision is not None or not state.stack


def is_turn(state: State) -> bool:
    """Whether the pending decision is a seat's turn (its one action)."""
    return state.decision is not None and state.decision[0] == "turn"
