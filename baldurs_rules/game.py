"""The public game API: create, ask, answer, inspect, save, replay.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=3, seed=7)
    >>> game.current_player
    0
    >>> action = game.legal_actions()[0]
    >>> game.apply(action)
    >>> br.Game.from_json(game.to_json()) == game
    True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from baldurs_rules.actions import Action
from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.errors import IllegalActionError, RulesError, StateError, did_you_mean
from baldurs_rules.rules import Rules
from baldurs_rules.rules.state import State

__all__ = ["FORMAT", "Game", "Result", "new_game", "replay"]

FORMAT = "baldurs_rules/game@1"
"""The format tag of saved games and records."""


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    Attributes:
        prestige: Final prestige per seat.
        steps: Prestige per scoring step (``agendas``, ``network``, ``districts``,
            ``leftovers``), each a list per seat.
        before_scoring: Prestige per seat before the final scoring.
        tie_breaks: The tie-break values per seat, by name.
        ranking: Seats from first to last.
        winners: The winning seats (more than one when the victory is shared).
    """

    prestige: list[int]
    steps: dict[str, list[int]]
    before_scoring: list[int]
    tie_breaks: dict[str, list[int]]
    ranking: list[int]
    winners: list[int]


class Game:
    """A game in progress: a content (shared, static) and a state (plain data).

    Create one with [`new_game`][baldurs_rules.game.new_game],
    [`replay`][baldurs_rules.game.replay], [`Game.from_json`][baldurs_rules.game.Game.from_json]
    or [`scenario`][baldurs_rules.scenario.scenario].
    """

    __slots__ = ("_actions", "_rules", "content", "state")

    def __init__(self, content: Content, state: State, actions: list[Action] | None = None) -> None:
        self.content = content
        self.state = state
        self._rules = Rules.of(content)
        self._actions: list[Action] = actions if actions is not None else []

    # ------------------------------------------------------------ asking
    @property
    def current_player(self) -> int:
        """The seat that must decide now (-1 when the game is over)."""
        decision = self.state.decision
        return -1 if decision is None else int(decision[1])

    @property
    def is_over(self) -> bool:
        """Whether the game has ended and been scored."""
        return self.state.phase == "over"

    @property
    def decision(self) -> tuple[Any, ...] | None:
        """The pending decision as plain data: (kind, seat, details...)."""
        return self.state.decision

    def legal_actions(self) -> list[Action]:
        """Every legal answer to the pending decision; empty only when the game is over."""
        return self._rules.machine.legal(self.state)

    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` is legal now."""
        return isinstance(action, Action) and self._rules.machine.is_legal(self.state, action)

    # ------------------------------------------------------------ answering
    def apply(self, action: Action | str) -> None:
        """Answer the pending decision.

        Args:
            action: A legal action, or its notation.

        Raises:
            IllegalActionError: The action is not legal now; the game is unchanged.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        # Only real actions: a plain tuple compares equal to an Action but has no ``kind``.
        legal = self._rules.machine.legal_view(self.state)
        try:
            index = legal.index(action) if isinstance(action, Action) else -1
        except ValueError:
            index = -1
        if index < 0:
            raise IllegalActionError(self._illegal_message(action))
        action = legal[index]  # the canonical form (e.g. 1, not True)
        self._actions.append(action)
        self._rules.machine.answer(self.state, action)

    def _illegal_message(self, action: Any) -> str:
        if self.is_over:
            return f"the game is over; {action!r} cannot be played"
        legal = [str(a) for a in self.legal_actions()]
        hint = did_you_mean(str(action), legal) if isinstance(action, Action) else ""
        kind, seat = self.state.decision[0], self.current_player  # type: ignore[index]
        return f"{action!r} is not legal now (seat {seat} decides: {kind}){hint}"

    def parse_action(self, text: str) -> Action:
        """Read an action's notation and check it is legal now.

        Raises:
            IllegalActionError: Unreadable, or not legal now.

        Examples:
            >>> import baldurs_rules as br
            >>> game = br.new_game(players=2, seed=1)
            >>> game.parse_action("income")
            Action('income')
        """
        if not isinstance(text, str):
            raise IllegalActionError(
                f"an action's notation must be text, not {type(text).__name__}"
            )
        action = Action.from_notation(text[:200])
        if not self.is_legal(action):
            legal = [str(a) for a in self.legal_actions()]
            hint = did_you_mean(" ".join(text.split()), legal)
            raise IllegalActionError(f"{text[:60]!r} is not a legal action now{hint}")
        return action

    # ------------------------------------------------------------ inspecting
    @property
    def events(self) -> list[dict[str, Any]]:
        """The structured log: each event has ``kind``, ``seat``, ``cause`` and details."""
        return self.state.events

    def result(self) -> Result:
        """The final scores, breakdown, ranking and winners.

        Raises:
            RulesError: The game is not over yet.
        """
        if self.state.scores is None:
            raise RulesError("the game is not over yet; there is no result")
        return Result(**self.state.scores)

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see (no other hands, deck orders, bag order or hidden token)."""
        from baldurs_rules.view import view

        return view(self, seat)

    def describe(self, action: Action) -> str:
        """A sentence explaining what an action does here (card text included)."""
        from baldurs_rules.view import describe_action

        return describe_action(self, action)

    # ------------------------------------------------------------ copying and saving
    def clone(self) -> Game:
        """An independent copy of the game."""
        return Game(self.content, self.state.clone(), self._actions[:])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.content.fingerprint == other.content.fingerprint and self.state == other.state

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"seat {self.current_player} to decide"
        return f"<Game {self.state.players} players, turn {self.state.turn}, {where}>"

    def to_json(self) -> str:
        """The whole game as JSON text (any decision point)."""
        data = {
            "format": FORMAT,
            "content": self.content.fingerprint,
            "actions": [str(a) for a in self._actions],
            "state": self.state.to_dict(),
        }
        return json.dumps(data, separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes, content: Content | None = None) -> Game:
        """Load a game saved by [`to_json`][baldurs_rules.game.Game.to_json].

        Raises:
            StateError: Not valid JSON, another format or content, or an inconsistent state.
        """
        from baldurs_rules.serialize import state_from_data

        content = content or load_content()
        try:
            data = json.loads(text)
        except (ValueError, TypeError, RecursionError) as exc:
            raise StateError(f"saved game is not valid JSON: {exc}") from None
        state, actions = state_from_data(data, content)
        return cls(content, state, actions)

    def record(self) -> dict[str, Any]:
        """Seed, players, options, content fingerprint and every action, as plain data."""
        return {
            "format": FORMAT,
            "content": self.content.fingerprint,
            "players": self.state.players,
            "seed": self.state.seed,
            "advanced": self.state.advanced,
            "actions": [str(a) for a in self._actions],
        }

    @property
    def actions(self) -> list[str]:
        """The notation of every action applied so far."""
        return [str(a) for a in self._actions]


def new_game(
    players: int = 4, seed: int = 0, advanced: bool = False, content: Content | None = None
) -> Game:
    """Set up a new game and run it to its first decision.

    Args:
        players: Number of players (2 to 4 with the default content).
        seed: Seeds every shuffle and draw of the game.
        advanced: Use the advanced setup (HQ draft, keep 3 of 5).
        content: The content to play (the default content if None).
    """
    content = content or load_content()
    state = Rules.of(content).new_state(players, seed, advanced)
    return Game(content, state)


def replay(record: dict[str, Any], content: Content | None = None) -> Game:
    """Replay a [`record`][baldurs_rules.game.Game.record]: the same game, move by move.

    Raises:
        StateError: The record is malformed or for other content.
        IllegalActionError: An action of the record is not legal where it is played.
    """
    content = content or load_content()
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise StateError(f"not a game record (expected format {FORMAT!r})")
    if record.get("content") != content.fingerprint:
        raise StateError(
            f"the record is for content {record.get('content')!r}, not {content.fingerprint!r}"
        )
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise StateError("the record's actions must be a list of notations")
    game = new_game(
        record.get("players", 0),
        record.get("seed", 0),
        bool(record.get("advanced", False)),
        content,
    )
    for number, text in enumerate(actions):
        try:
            game.apply(text)
        except IllegalActionError as exc:
            raise IllegalActionError(f"action {number + 1} of the record: {exc.message}") from None
    return game
