"""The authoritative game of a web table: who may act, what each seat is sent, and the file.

A [`Table`][baldurs_rules.web.table.Table] holds the one real game, the bots
of the bot seats and the keys of the human seats. It checks every move
(the key, the seat, the turn, the version the page was showing, the move
itself) before playing it, writes the game file after every move, and builds
each reader's messages. It knows nothing of HTTP: the server in
[`baldurs_rules.web.server`][] feeds it requests and sends what it returns.

Examples:
    >>> import tempfile, pathlib, baldurs_rules as br
    >>> from baldurs_rules.bots import make_bot
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "table.json"
    >>> table = Table.new(br.new_game(2, seed=4), [None, make_bot("random", 1)], path)
    >>> key = table.tokens.seats[0]
    >>> table.act(Request("act", 0, key, "income", table.version))
    >>> table.version, table.game.current_player, path.exists()
    (1, 1, True)
    >>> table.act(Request("act", 0, key, "income", 0))
    Traceback (most recent call last):
    ...
    baldurs_rules.web.protocol.RefusedError: stale: your page showed move 0, the game is at...
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from baldurs_rules.errors import EngineError, IllegalActionError, StateError
from baldurs_rules.web.messages import (
    Line,
    catalog,
    log_part,
    narrated,
    public_part,
    state_body,
)
from baldurs_rules.web.protocol import RefusedError, Request, Viewer
from baldurs_rules.web.tokens import SPECTATOR, Tokens, tokens_path

if TYPE_CHECKING:
    from baldurs_rules.actions import Action
    from baldurs_rules.bots import Bot
    from baldurs_rules.content.model import Content
    from baldurs_rules.game import Game

__all__ = ["Table", "event_marks", "replayed"]


class Table:
    """One game served to its players.

    Args:
        game: The game (new, or loaded).
        bots: One entry per seat: its bot, or None for a human.
        path: The game file, written after every move.
        tokens: The keys (default: the ones kept next to ``path``, else new ones).
        marks: The event count at the start and after each move so far (default:
            counted by replaying the game's record).
        together: The moves that were one answer ("use all"), as ``(start, end)``
            ranges of the game's actions (a saved game's ``together``): an undo takes
            each back whole.
    """

    def __init__(
        self,
        game: Game,
        bots: Sequence[Bot | None],
        path: str | os.PathLike[str],
        tokens: Tokens | None = None,
        marks: list[int] | None = None,
        together: Sequence[tuple[int, int]] = (),
    ) -> None:
        if len(bots) != game.state.players:
            raise StateError(f"need one seat entry per seat: {game.state.players}, not {len(bots)}")
        self.game = game
        self.bots = list(bots)
        self.path = Path(path)
        self.humans = [seat for seat, bot in enumerate(bots) if bot is None]
        self.labels = ["human" if bot is None else bot.name for bot in bots]
        self.marks = marks if marks is not None else event_marks(game)
        self.version = len(self.marks) - 1  # updates: moves, then undos too
        self.tokens = tokens or self._keys()
        self.viewers: list[Viewer] = [*range(game.state.players), SPECTATOR]
        # Each move is told once, right after it is played (the moves before are told
        # now): a page that joins late or again gets the very lines the others got.
        self._lines = {viewer: narrated(game, viewer, self.marks) for viewer in self.viewers}
        self._bodies: dict[Viewer, tuple[int, dict[str, Any]]] = {}
        self._public: tuple[int, dict[str, Any]] = (-1, {})
        # moves after a "use all" -> moves before it (kept in the game file)
        self._batches: dict[int, int] = {end: start for start, end in together}
        self.catalog = catalog(game.content)

    @classmethod
    def new(cls, game: Game, bots: Sequence[Bot | None], path: str | os.PathLike[str]) -> Table:
        """A table for a new game: fresh keys, saved next to ``path``, and the game saved."""
        table = cls(
            game, bots, path, Tokens.new(len(bots), [s for s, b in enumerate(bots) if not b])
        )
        table.tokens.save(tokens_path(path))
        table.save()
        return table

    @classmethod
    def resume(cls, path: str | os.PathLike[str], content: Content | None = None) -> Table:
        """The table saved in a game file (``bbg serve --save``, or a ``bbg play`` save).

        Raises:
            StateError: Not a saved game with its seats, or its state is not what
                its record replays to.
            OSError: The file cannot be read.
        """
        from baldurs_rules.bots.game_file import read_game_file

        loaded = read_game_file(path, content)
        if loaded.kind != "save" or loaded.seats is None:
            raise StateError(
                f"{path}: not a saved game with its seats (a {loaded.kind}); give a file"
                " that bbg serve --save or bbg play's save wrote"
            )
        bots = [None if seat.human else seat.make_bot() for seat in loaded.seats]
        game, marks = replayed(loaded.game)  # with its history: undo reaches earlier moves
        return cls(game, bots, path, marks=marks, together=loaded.together)

    def _keys(self) -> Tokens:
        """The keys kept next to the game file, or new ones (then kept there)."""
        where = tokens_path(self.path)
        players = self.game.state.players
        if where.exists():
            return Tokens.load(where, players, self.humans)
        tokens = Tokens.new(players, self.humans)
        tokens.save(where)
        return tokens

    # ------------------------------------------------------------ who asks
    def viewer(self, seat: Viewer | None, token: str) -> Viewer:
        """Who may be shown what: the seat claimed, if ``token`` is its key.

        Raises:
            RefusedError: ``unauthorized`` (no key, or no one's) or ``wrong_seat``.
        """
        owner = self.tokens.seat_of(token)
        if owner is None:
            hint = "no token" if not token else "a token that is no one's at this table"
            raise RefusedError(
                "unauthorized", f"{hint}: open the link the server printed for your seat"
            )
        if seat != owner:
            whose = "the spectators'" if owner == SPECTATOR else f"seat {owner}'s"
            claimed = "the spectators" if seat == SPECTATOR else f"seat {seat}"
            raise RefusedError("wrong_seat", f"this is {whose} key, not {claimed}'s")
        return owner

    def act(self, request: Request) -> None:
        """Play a human's move, after every check; nothing changes when one fails.

        Raises:
            RefusedError: Who (``unauthorized``, ``wrong_seat``), when (``game_over``,
                ``stale``, ``not_your_turn``), what (``illegal``), or the move
                could not be saved (``not_saved``) or played (``engine``).
        """
        seat = self._mover(request)
        game = self.game
        decider = game.current_player
        if decider != seat:
            kind = game.state.decision.kind if game.state.decision else "?"
            raise RefusedError(
                "not_your_turn", f"seat {decider} decides now ({kind}); wait for your turn"
            )
        from baldurs_rules.present.labels import USE_ALL

        if request.action == USE_ALL:
            self.play_all(seat)
            return
        try:
            action = game.parse_action(request.action)
        except IllegalActionError as exc:
            raise RefusedError("illegal", exc.message) from None
        self.play(action)

    def play_all(self, seat: int) -> None:
        """Use every income ability of the decision's ``at_once``, in order (one answer).

        Raises:
            RefusedError: ``illegal`` when there is no such answer now.
        """
        decision = self.game.decision
        together = getattr(decision, "at_once", ())
        if not together:
            raise RefusedError(
                "illegal", "'use all' is not an answer now: the order of the abilities matters"
            )
        start = len(self.game.actions)
        end = start + len(together)
        self._batches[end] = start  # saved with the last move, so a restart keeps it
        try:
            for action in together:
                self.play(action)
        except RefusedError:
            del self._batches[end]
            raise

    def _mover(self, request: Request) -> int:
        """The seat of a move or undo, after the checks of who and when."""
        seat = self.viewer(request.seat, request.token)
        if seat == SPECTATOR:
            raise RefusedError("wrong_seat", "the spectators' link can watch the game, not play it")
        if self.game.is_over:
            raise RefusedError("game_over", "the game is over; no more moves")
        if request.version != self.version:
            raise RefusedError(
                "stale",
                f"stale: your page showed move {request.version}, the game is at move"
                f" {self.version}; your move was not played (the page is brought up to date)",
            )
        return seat

    # ------------------------------------------------------------ moves
    def bot_to_move(self) -> Bot | None:
        """The bot that decides now (None: a human decides, or the game is over)."""
        if self.game.is_over:
            return None
        return self.bots[self.game.current_player]

    def bot_turn(self) -> tuple[Bot, Game, dict[str, Any]] | None:
        """What a bot needs to choose its move: the bot deciding now, a copy of the game
        to choose on (so it may think in a worker thread while pages are sent the real
        game), and its random state before it chooses (to take the choice back if the
        move cannot be saved). None when a human decides or the game is over."""
        bot = self.bot_to_move()
        if bot is None:
            return None
        return bot, self.game.clone(), bot.state()

    def play(self, action: Action, bot_before: dict[str, Any] | None = None) -> None:
        """Play a checked move, save the game, count the move.

        Args:
            action: A legal move of the deciding seat.
            bot_before: For a bot's move, its random state before it chose.

        Raises:
            RefusedError: ``not_saved`` or ``engine``; the game (and the bot) are as before.
        """
        before = self.game.clone()
        bot = self.bots[self.game.current_player]
        try:
            self.game.apply(action)
        except EngineError as exc:
            if bot is not None and bot_before is not None:
                bot.restore(bot_before)
            raise RefusedError("engine", exc.message) from None
        try:
            self.save()
        except OSError as exc:
            self.game = before
            if bot is not None and bot_before is not None:
                bot.restore(bot_before)
            raise RefusedError(
                "not_saved",
                f"the game could not be saved to {self.path} ({exc.strerror or exc});"
                f" {action} was not played",
            ) from None
        self.marks.append(len(self.game.state.events))
        self.version += 1
        for viewer in self.viewers:
            self._lines[viewer] += narrated(self.game, viewer, self.marks, len(self.marks) - 1)

    def undo(self, request: Request) -> list[Action]:
        """Take back a human seat's own last decision (and the bots' moves after it).

        The rules of ``bbg play`` and the API: never across a draw that showed
        something hidden, and not once another human seat has decided since.
        Every page's story is told again from the start (see ``Hub``).

        Raises:
            RefusedError: Who (``unauthorized``, ``wrong_seat``), when (``game_over``,
                ``stale``), ``cannot_undo`` saying why, or ``not_saved``.
        """
        from baldurs_rules.errors import RulesError

        seat = self._mover(request)
        game = self.game
        deciders = game.record()["deciders"]
        mine = [i for i, who in enumerate(deciders) if who == seat]
        if not mine:
            raise RefusedError("cannot_undo", "you have made no decision to take back yet")
        others = [w for w in deciders[mine[-1] + 1 :] if w in self.humans and w != seat]
        if others:
            raise RefusedError(
                "cannot_undo",
                f"seat {others[0]} has decided since your last decision: an undo would"
                " take their move back too",
            )
        before = game.clone()
        try:
            undone = game.undo(seat)
            start = self._batches.get(len(game.actions) + 1)  # a "use all": all of it
            while start is not None and len(game.actions) > start:
                undone[:0] = game.undo(seat)
        except RulesError as exc:
            self.game = before  # as it was, even if a "use all" was half taken back
            drawn = "draw" in exc.message
            why = (
                "a card or lot token was revealed since your last decision"
                if drawn
                else exc.message
            )
            raise RefusedError(
                "cannot_undo", f"your last decision cannot be taken back: {why}"
            ) from None
        try:
            self.save()
        except OSError as exc:
            self.game = before
            raise RefusedError(
                "not_saved", f"the game could not be saved to {self.path} ({exc.strerror or exc})"
            ) from None
        del self.marks[len(game.actions) + 1 :]
        self._batches = {k: v for k, v in self._batches.items() if k <= len(game.actions)}
        self.version += 1
        self._lines = {v: narrated(game, v, self.marks) for v in self.viewers}
        return undone

    def save(self) -> None:
        """Write the game file (the game and its seats, atomically).

        Raises:
            OSError: The file cannot be written.
        """
        from baldurs_rules.bots.game_file import write_game_file

        moves = len(self.game.actions)
        batches = sorted((start, end) for end, start in self._batches.items() if end <= moves)
        write_game_file(self.path, self.game, self.bots, batches)

    # ------------------------------------------------------------ messages
    def lines(self, viewer: Viewer) -> list[Line]:
        """The reader's story so far: the moves before this table started, told when it
        started, then each move told right after it was played."""
        return self._lines[viewer]

    def message(self, viewer: Viewer, start: int) -> dict[str, Any]:
        """The ``state`` message for ``viewer``, with its log lines from ``start`` on."""
        if self._public[0] != self.version:  # made once per move, for every reader
            self._public = self.version, public_part(self.game)
        cached = self._bodies.get(viewer)
        if cached is None or cached[0] != self.version:
            moves = len(self.marks) - 1
            body = state_body(self.game, viewer, self.version, self.labels, self._public[1], moves)
            cached = self._bodies[viewer] = self.version, body
        return {**cached[1], "log": log_part(self.lines(viewer), start)}

    def welcome(self, viewer: Viewer) -> dict[str, Any]:
        """The ``welcome`` message a page gets when it joins: who it is, and the catalog."""
        return {
            "type": "welcome",
            "viewer": viewer,
            "players": self.game.state.players,
            "labels": self.labels,
            **self.catalog,
        }

    def links(self, base: str) -> list[tuple[str, str]]:
        """(who, link) for each human seat and the spectators; ``base`` is the server's URL."""
        from baldurs_rules.present.board_svg import PLAYER_NAMES

        root = base.rstrip("/")
        found = [
            (f"seat {s} ({PLAYER_NAMES[s % len(PLAYER_NAMES)]})", f"{root}/#seat={s}&token={key}")
            for s, key in enumerate(self.tokens.seats)
            if key is not None
        ]
        return [*found, ("spectators", f"{root}/#seat=spectator&token={self.tokens.spectator}")]


def event_marks(game: Game) -> list[int]:
    """The event count at the start of ``game`` and after each of its moves, by replaying
    its record.

    Raises:
        StateError: The game's state is not what its record replays to.

    Examples:
        >>> import baldurs_rules as br
        >>> game = br.new_game(2, seed=1)
        >>> game.apply("income")
        >>> marks = event_marks(game)
        >>> len(marks), marks[-1] == len(game.state.events)
        (2, True)
    """
    return replayed(game)[1]


def replayed(game: Game) -> tuple[Game, list[int]]:
    """``game`` played again from its record, so that its history (and undo) reaches
    every move, and its ``event_marks``.

    Raises:
        StateError: The game is not what its record replays to (an edited file).
    """
    from baldurs_rules.game import new_game

    state = game.state
    fresh = new_game(state.players, state.seed, state.advanced, game.content)
    marks = [len(fresh.state.events)]
    for action in game.actions:
        fresh.apply(action)
        marks.append(len(fresh.state.events))
    if fresh != game:
        raise StateError("the saved state is not what its record replays to; the file was edited")
    return fresh, marks
