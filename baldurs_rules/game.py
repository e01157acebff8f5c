"""The public game API: create, ask, answer, inspect, undo, save, replay.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=3, seed=7)
    >>> game.current_player
    0
    >>> game.apply("income")
    >>> br.Game.from_json(game.to_json()) == game
    True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, overload

from baldurs_rules.actions import Action
from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.errors import (
    EngineError,
    IllegalActionError,
    RulesError,
    StateError,
    did_you_mean,
)
from baldurs_rules.rules import Rules
from baldurs_rules.rules.events import decode
from baldurs_rules.rules.knowledge import public_event
from baldurs_rules.rules.state import State
from baldurs_rules.scenarios import scenario_start
from baldurs_rules.serialize import (
    FORMAT,
    FORMATS,
    RecordStart,
    check_deciders,
    check_record,
    parse_json,
    replayed_problems,
    state_from_data,
)

if TYPE_CHECKING:
    from pathlib import Path

    from baldurs_rules.present.decisions import Decision

__all__ = ["FORMAT", "FORMATS", "Game", "Result", "new_game", "replay", "scenario"]

CHECKPOINT_EVERY: Final = 50
"""Actions between two snapshots of the state (restoring after an engine failure and
[`Game.undo`][baldurs_rules.game.Game.undo] replay at most this many actions)."""

REVEALING_EVENTS: Final = frozenset(
    {"draw_building", "draw_agenda", "lot", "lot_banned", "final_token", "end_triggered"}
)
"""Event kinds that show someone something that was hidden (undo stops before them)."""


class Checkpoint:
    """A snapshot of a game's state after ``done`` actions, to restore or undo from.

    The snapshot holds no log: it keeps the log's length, and a restored state takes
    that many events of the game's log (which only ever grows, or is cut back to an
    earlier length by an undo). So taking a snapshot never makes the game copy its log.
    """

    __slots__ = ("done", "events", "logging", "state")

    def __init__(self, done: int, state: State) -> None:
        self.done = done
        self.state = state.clone(log=False)
        self.events = len(state.events)
        self.logging = state.logging

    def restored(self, log: list[tuple[Any, ...]]) -> State:
        """The state of the snapshot, with the first ``events`` of ``log`` as its own log."""
        state = self.state.clone(log=False)
        state.logging = self.logging
        state.events = log[: self.events]
        return state


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
        truncated: Whether the game ended by the turn limit (RULES B19).
    """

    prestige: list[int]
    steps: dict[str, list[int]]
    before_scoring: list[int]
    tie_breaks: dict[str, list[int]]
    ranking: list[int]
    winners: list[int]
    truncated: bool = False


class Game:
    """A game in progress: a content (shared, static) and a state (plain data).

    Create one with [`new_game`][baldurs_rules.game.new_game],
    [`replay`][baldurs_rules.game.replay], [`Game.from_json`][baldurs_rules.game.Game.from_json]
    or [`scenario`][baldurs_rules.game.scenario].

    Besides the state, a game keeps its history: every action applied (with the
    seat that chose it) and a snapshot of the state every
    [`CHECKPOINT_EVERY`][baldurs_rules.game.CHECKPOINT_EVERY] actions. The history
    makes [`apply`][baldurs_rules.game.Game.apply] atomic even if the engine fails,
    and lets a player [`undo`][baldurs_rules.game.Game.undo].

    A copy shares its original's list of actions: each game knows how many of
    them are its own and appends in place only while the list ends there;
    a game whose list another copy has extended takes a copy of its own part
    first. So [`clone`][baldurs_rules.game.Game.clone] copies no history, and a
    search that clones a game and plays on the copy never copies it either.
    """

    __slots__ = (
        "_actions",
        "_checkpoints",
        "_decoded",
        "_mark",
        "_n",
        "_rules",
        "_scenario",
        "_seats",
        "_texts",
        "content",
        "state",
    )

    def __init__(
        self,
        content: Content,
        state: State,
        actions: list[Action] | None = None,
        seats: list[int] | None = None,
        checkpoints: list[Checkpoint] | None = None,
        scenario: dict[str, Any] | None = None,
    ) -> None:
        self.content = content
        self.state = state
        self._rules = Rules.of(content)
        self._actions: list[Action] = actions if actions is not None else []
        self._seats: list[int] = seats if seats is not None else [-1] * len(self._actions)
        self._n = len(self._actions)  # how many of the (maybe shared) actions are ours
        if checkpoints is None:  # the history starts here
            checkpoints = [Checkpoint(self._n, state)]
        self._checkpoints: list[Checkpoint] = checkpoints
        self._mark = len(state.events)
        # caches of the decoded log and the actions' notation, made on first use
        self._decoded: list[dict[str, Any]] | None = None
        self._texts: list[str] | None = None
        self._scenario = scenario

    # ------------------------------------------------------------ asking
    @property
    def current_player(self) -> int:
        """The seat that must decide now (-1 when the game is over)."""
        decision = self.state.decision
        return -1 if decision is None else decision.seat

    @property
    def scenario(self) -> dict[str, Any] | None:
        """The [`scenario`][baldurs_rules.game.scenario] this game started from, as plain
        data (a copy), or None for a game from [`new_game`][baldurs_rules.game.new_game].

        A game's [`record`][baldurs_rules.game.Game.record] carries it, so
        [`replay`][baldurs_rules.game.replay] sets up the same position again.
        """
        return None if self._scenario is None else json.loads(json.dumps(self._scenario))

    @property
    def is_over(self) -> bool:
        """Whether the game has ended and been scored."""
        return self.state.phase == "over"

    @property
    def decision(self) -> Decision | None:
        """The pending decision as a typed value (None when the game is over).

        See [`baldurs_rules.present.decisions`][] for the kinds and their fields; the raw
        tuple the engine keeps is ``game.state.decision``.
        """
        from baldurs_rules.present.decisions import decision_of

        return decision_of(self)

    def legal_actions(self) -> list[Action]:
        """Every legal answer to the pending decision; empty only when the game is over."""
        return self._rules.machine.legal(self.state)

    # The overloads give the static types; the implementations take any value and
    # refuse what is not an action themselves: compiled (mypyc), an ``Action | str``
    # parameter would raise a bare TypeError at the call instead.
    @overload
    def is_legal(self, action: Action) -> bool: ...
    @overload
    def is_legal(self, action: str) -> bool: ...
    def is_legal(self, action: object) -> bool:
        """Whether ``action`` (an action or its notation, in any case) is legal now."""
        if isinstance(action, str):
            action = Action.from_notation(action[:200])
        return isinstance(action, Action) and self._rules.machine.is_legal(self.state, action)

    # ------------------------------------------------------------ answering
    @overload
    def apply(self, action: Action) -> None: ...
    @overload
    def apply(self, action: str) -> None: ...
    def apply(self, action: object) -> None:
        """Answer the pending decision.

        Args:
            action: A legal action, or its notation (in any case).

        Raises:
            IllegalActionError: The action is not legal now; the game is unchanged.
            EngineError: The engine failed on a legal action (a bug, or content it
                cannot run); the game is restored to exactly what it was.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        # Only real actions: a plain tuple compares equal to an Action but has no ``kind``.
        legal = self._rules.machine.legal_view(self.state)
        index = _position(legal, action) if isinstance(action, Action) else -1
        if index < 0:
            raise IllegalActionError(self._illegal_message(action))
        action = legal[index]  # the canonical form (e.g. 1, not True)
        state = self.state
        done = self._n
        if done - self._checkpoints[-1].done >= CHECKPOINT_EVERY:
            self._checkpoints.append(Checkpoint(done, state))
        self._mark = len(state.events)
        seat = state.decision.seat  # type: ignore[union-attr]
        try:  # from here on, an interruption (Ctrl-C) anywhere is undone like a failure
            self._push(action, seat)
            self._rules.machine.answer(state, action)
        except BaseException as exc:
            self._n = done
            try:
                self._restore(done)
            except Exception as again:  # replay is deterministic: this is a bug
                raise EngineError(
                    f"the engine failed on {str(action)!r} ({exc!r}) and again while"
                    f" restoring the game ({again!r}); the game is not usable"
                ) from exc
            if not isinstance(exc, Exception):
                raise  # KeyboardInterrupt, SystemExit: the game is as it was before
            raise EngineError(
                f"the engine failed on {str(action)!r} (seat {seat}): {exc!r};"
                " the game is unchanged"
            ) from exc

    def _illegal_message(self, action: Any) -> str:
        if self.is_over:
            return f"the game is over; {action!r} cannot be played"
        legal = [str(a) for a in self.legal_actions()]
        hint = did_you_mean(str(action), legal) if isinstance(action, Action) else ""
        kind, seat = self.state.decision.kind, self.current_player  # type: ignore[union-attr]
        return f"{action!r} is not legal now (seat {seat} decides: {kind}){hint}"

    def parse_action(self, text: object) -> Action:  # object: checked below (mypyc)
        """Read an action's notation (any case, any spacing) and check it is legal now.

        Raises:
            IllegalActionError: Unreadable, or not legal now.

        Examples:
            >>> import baldurs_rules as br
            >>> game = br.new_game(players=2, seed=1)
            >>> game.parse_action("  INCOME ")
            Action('income')
        """
        if not isinstance(text, str):
            raise IllegalActionError(
                f"an action's notation must be text, not {type(text).__name__}"
            )
        action = Action.from_notation(text[:200])
        if not self.is_legal(action):
            legal = [str(a) for a in self.legal_actions()]
            hint = did_you_mean(" ".join(text.split()).lower(), legal)
            raise IllegalActionError(f"{text[:60]!r} is not a legal action now{hint}")
        return action

    # ------------------------------------------------------------ history
    def _push(self, action: Action, seat: int) -> None:
        """Append to this game's history; a list shared with a copy that has gone on
        is never changed: this game takes its own part of it first."""
        n = self._n
        if len(self._actions) != n:
            self._actions, self._seats = self._actions[:n], self._seats[:n]
        self._actions.append(action)
        self._seats.append(seat)
        self._n = n + 1

    def _history(self) -> tuple[list[Action], list[int]]:
        """This game's actions and the seat that chose each (new lists)."""
        return self._actions[: self._n], self._seats[: self._n]

    def _restore(self, done: int) -> None:
        """Set the state to what it was after the first ``done`` actions (in place)."""
        while self._checkpoints[-1].done > done:
            self._checkpoints.pop()
        checkpoint = self._checkpoints[-1]
        start, state = checkpoint.done, checkpoint.restored(self.state.events)
        machine = self._rules.machine
        for action in self._actions[start:done]:
            machine.legal_view(state)
            machine.answer(state, action)
        self.state.assign(state)
        self._n = done  # the list is left alone: a copy may share it

    def undo(self, seat: object = None, *, reveal: bool = False) -> list[Action]:
        """Take back moves: back to ``seat``'s previous decision.

        Every action from ``seat``'s last decision on is undone (including what other
        seats did since), so ``seat`` decides again where it decided last.

        Args:
            seat: Whose decision to return to (default: the seat deciding now); typed
                ``object``, as anything else than a seat is refused with RulesError.
            reveal: Allow undoing across a draw that showed something hidden (a card
                from the deck, a lot token); refused by default, since the player
                would decide again knowing it.

        Returns:
            The actions undone, oldest first.

        Raises:
            RulesError: Nothing to undo for that seat, it is before the start of this
                game's history, or a hidden draw is in the way (and ``reveal`` is False).
        """
        who = self.current_player if seat is None else seat
        seats = self._seats
        target = next((i for i in range(self._n - 1, -1, -1) if seats[i] == who), -1)
        if target < 0 or target < self._checkpoints[0].done:
            raise RulesError(f"seat {who} has no earlier decision in this game to go back to")
        before = self.clone()
        before._restore(target)
        revealed = {e[0] for e in self.state.events[len(before.state.events) :]}
        if not reveal and (revealed & REVEALING_EVENTS or not self.state.logging):
            raise RulesError(
                "cannot undo past a draw that showed something hidden;"
                " use reveal=True to do it anyway"
            )
        undone = self._actions[target : self._n]
        self._actions, self._seats, self._n = before._actions, before._seats, before._n
        self._checkpoints = before._checkpoints
        self.state.assign(before.state)
        self._mark = len(self.state.events)
        return undone

    @property
    def forced(self) -> list[dict[str, Any]]:
        """The moves taken automatically since the last action (one legal answer each)."""
        return [decode(e) for e in self.state.events[self._mark :] if e[0] == "forced"]

    # ------------------------------------------------------------ inspecting
    @property
    def events(self) -> list[dict[str, Any]]:
        """The whole structured log (every seat's secrets included; for one seat use
        [`events_for`][baldurs_rules.game.Game.events_for]).

        Each event is a dict with ``kind``, ``seat``, ``cause`` and the values
        [`EVENTS`][baldurs_rules.rules.events.EVENTS] names for its kind (a new list
        each time; the state keeps the events as compact tuples).
        """
        events, decoded = self.state.events, self._decoded
        if decoded is None:
            decoded = self._decoded = []
        if len(decoded) > len(events):  # undone: the log is a prefix of what it was
            del decoded[len(events) :]
        decoded.extend(decode(e) for e in events[len(decoded) :])
        return [dict(e) for e in decoded]

    def events_for(self, seat: int, start: int = 0) -> list[dict[str, Any]]:
        """The log from ``start`` on, as ``seat`` may see it (others' drawn cards removed)."""
        return [public_event(decode(e), seat) for e in self.state.events[start:]]

    def result(self) -> Result:
        """The final scores, breakdown, ranking and winners.

        Raises:
            RulesError: The game is not over yet.
        """
        if self.state.scores is None:
            raise RulesError("the game is not over yet; there is no result")
        return Result(**self.state.scores)

    def view(self, seat: object) -> dict[str, Any]:
        """What ``seat`` may see (no other hands, deck orders, bag order or hidden token).

        ``seat`` is a seat number; any other value raises RulesError (typed ``object``
        so that the compiled build refuses it the same way).

        The data is independent of the game (changing it changes nothing) and holds
        no log; read the log with [`events_for`][baldurs_rules.game.Game.events_for].
        """
        from baldurs_rules.present.view import view

        return view(self, seat)

    @overload
    def describe(self, action: Action) -> str: ...
    @overload
    def describe(self, action: str) -> str: ...
    def describe(self, action: object) -> str:  # object: checked below (mypyc)
        """A sentence explaining what an action does here (card text included).

        Raises:
            IllegalActionError: The action (or its notation) is not legal now.
        """
        from baldurs_rules.present.view import describe_action

        if isinstance(action, str):
            action = self.parse_action(action)
        elif not isinstance(action, Action) or not self.is_legal(action):
            raise IllegalActionError(self._illegal_message(action))
        return describe_action(self, action)

    def determinize(self, seat: object, rng: random.Random | int) -> Game:
        """A game ``seat`` cannot tell from this one, with every secret it lacks resampled.

        Other hands, the order of both decks, which lot is face down and the random
        generator are dealt again uniformly among the states consistent with what
        ``seat`` has seen (a card an opponent took from the offer stays in its hand;
        a card ``seat`` put back under a deck stays where it lies). OpenSpiel calls
        this ``resample_from_infostate``. The copy has no history to undo or replay.

        Args:
            seat: Whose knowledge is kept (a seat number; anything else raises
                RulesError, so it is typed ``object`` for the compiled build).
            rng: A ``random.Random`` (or a seed for one) to sample with.

        Examples:
            >>> import baldurs_rules as br
            >>> game = br.new_game(players=3, seed=2)
            >>> sample = game.determinize(0, rng=5)
            >>> sample.view(0) == game.view(0), sample.state.hand[1] == game.state.hand[1]
            (True, False)
        """
        from baldurs_rules.rules.knowledge import determinize

        if not isinstance(seat, int) or not 0 <= seat < self.state.players:
            raise RulesError(f"seat must be 0 to {self.state.players - 1}, not {seat!r}")
        source = random.Random(rng) if isinstance(rng, int) else rng
        state = determinize(self._rules, self.state, seat, source)
        self._rules.machine.run(state)  # a decision left with one answer is taken
        return Game(self.content, state, scenario=self._scenario)

    # ------------------------------------------------------------ copying and saving
    def clone(self, log: bool | None = None) -> Game:
        """An independent copy of the game.

        Args:
            log: ``False`` gives a copy that records no events and holds none (a search's
                playout: the original's log is never copied because of it); None or
                True keep the game's setting.
        """
        state = self.state.clone(log=log is not False)
        new = Game(
            self.content,
            state,
            self._actions,  # shared: see _push
            self._seats,
            self._checkpoints[:],
            self._scenario,
        )
        new._n = self._n
        new._mark = self._mark
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.content.fingerprint == other.content.fingerprint and self.state == other.state

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"seat {self.current_player} to decide"
        return f"<Game {self.state.players} players, turn {self.state.turn}, {where}>"

    def __str__(self) -> str:
        """The compact text board, public information only (see
        [`board_text`][baldurs_rules.present.board_text.board_text])."""
        from baldurs_rules.present.board_text import board_text

        return board_text(self)

    def _repr_svg_(self) -> str:
        """The board as SVG, public information only (Jupyter shows it for a game)."""
        from baldurs_rules.present.board_svg import render_svg

        return render_svg(self)

    def to_json(self, log: bool = True) -> str:
        """The whole game as JSON text (any decision point): its record and its state.

        Args:
            log: Include the event log (False: the state alone, much smaller; the log
                can be rebuilt with [`replay`][baldurs_rules.game.replay]).
        """
        data = self.record()
        data["state"] = self.state.to_dict(log=log)
        return json.dumps(data, separators=(",", ":"))

    @overload
    @classmethod
    def from_json(cls, text: str, content: Content | None = None) -> Game: ...
    @overload
    @classmethod
    def from_json(cls, text: bytes, content: Content | None = None) -> Game: ...
    @classmethod
    def from_json(cls, text: object, content: Content | None = None) -> Game:
        """Load a game file: a save of [`to_json`][baldurs_rules.game.Game.to_json], or a
        [`record`][baldurs_rules.game.Game.record] (replayed).

        Every field and every invariant of the state is checked (see
        [`baldurs_rules.serialize`][]): a file the engine could not have written is
        refused with the reason.

        Raises:
            StateError: Not valid JSON, another format or content, or a state the engine
                cannot reach (the message says what is wrong).
            IllegalActionError: A record whose actions are not legal where they are played.
        """
        content = content or load_content()
        data = parse_json(text)
        if isinstance(data, dict) and data.get("state") is None:
            return replay(data, content)
        loaded = state_from_data(data, content)
        return cls(content, loaded.state, loaded.actions, loaded.deciders, None, loaded.scenario)

    def record(self) -> dict[str, Any]:
        """Seed, players, options, content fingerprint and every action, as plain data
        (and the scenario, for a game that started from one)."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "content": self.content.fingerprint,
            "players": self.state.players,
            "seed": self.state.seed,
            "advanced": self.state.advanced,
            "actions": self.actions,
            "deciders": self._seats[: self._n],
        }
        if self._scenario is not None:
            data["scenario"] = self.scenario
        return data

    @property
    def actions(self) -> list[str]:
        """The notation of every action applied so far."""
        n, texts = self._n, self._texts
        if texts is None:
            texts = self._texts = []
        if len(texts) > n:  # undone: the actions are a prefix of what they were
            del texts[n:]
        texts.extend(str(a) for a in self._actions[len(texts) : n])
        return texts[:]


def _position(legal: list[Action], action: Action) -> int:
    """Where ``action`` is in ``legal`` (-1: not there): by identity first, as a caller
    usually hands back one of the legal actions themselves; then by value."""
    for i in range(len(legal)):
        if legal[i] is action:
            return i
    try:
        return legal.index(action)
    except ValueError:
        return -1


def new_game(
    players: object = 4,
    seed: object = 0,
    advanced: bool = False,
    content: Content | None = None,
    log: bool = True,
) -> Game:
    """Set up a new game and run it to its first decision.

    Args:
        players: Number of players (2 to 4 with the default content); anything but a
            whole number in range raises RulesError (typed ``object`` so that the
            compiled build refuses a bad value the same way, not with a TypeError).
        seed: Seeds every shuffle and draw of the game (an integer).
        advanced: Use the advanced setup (HQ draft, keep 3 of 5).
        content: The content to play (the default content if None).
        log: Record the event log (False for fast playouts).
    """
    content = content or load_content()
    state = Rules.of(content).new_state(players, seed, advanced, log)
    return Game(content, state)


def replay(record: object, content: Content | None = None) -> Game:  # object: checked below
    """Replay a [`record`][baldurs_rules.game.Game.record]: the same game, move by move.

    The record is checked first (see [`check_record`][baldurs_rules.serialize.check_record]);
    every action must be legal where it is played, chosen by the seat the record
    says, and the game reached must keep every invariant.

    Raises:
        StateError: The record is malformed, for other content, or says another seat
            chose an action.
        IllegalActionError: An action of the record is not legal where it is played.
    """
    content = content or load_content()
    start = check_record(record, content)
    game = _start_of(start, content)
    for number, text in enumerate(start.actions):
        try:
            game.apply(text)
        except IllegalActionError as exc:
            raise IllegalActionError(f"action {number + 1} of the record: {exc.message}") from None
    check_deciders(start, game._history()[1])
    problems = replayed_problems(game)
    if problems:
        raise StateError("replaying the record gives an inconsistent game: " + "; ".join(problems))
    return game


def _start_of(start: RecordStart, content: Content) -> Game:
    """The game a checked record starts from: a new game, or its scenario."""
    if start.scenario is None:
        try:
            return new_game(start.players, start.seed, start.advanced, content)
        except RulesError as exc:
            raise StateError(f"the record cannot start a game: {exc.message}") from None
    game = scenario(start.scenario, content)
    said = (start.players, start.seed, start.advanced)
    has = (game.state.players, game.state.seed, game.state.advanced)
    if has != said:
        raise StateError(
            f"the record says players, seed, advanced = {said}, but its scenario sets up {has}"
        )
    return game


def scenario(spec: dict[str, Any] | str | Path, content: Content | None = None) -> Game:
    """Set up a game at the start of the ``active`` seat's turn from a description.

    A scenario says only what matters; everything else is empty or derived (see the
    Scenarios page and [`baldurs_rules.scenarios`][] for every key).

    Args:
        spec: A dict, YAML text, or a path to a YAML file.
        content: The content (default content if None).

    Raises:
        StateError: Unknown keys or ids (with suggestions), or an impossible position.

    Examples:
        >>> import baldurs_rules as br
        >>> game = br.scenario({"players": 2, "available": [1, 2],
        ...     "seats": [{"resources": {"gold": 5}, "hand": ["elfsong_tavern"]}, {}]})
        >>> [str(a) for a in game.legal_actions()][:2]
        ['build elfsong_tavern 1', 'build elfsong_tavern 2']
    """
    content = content or load_content()
    start = scenario_start(spec, content)
    return Game(content, start.state, scenario=start.spec)  # its history starts here
