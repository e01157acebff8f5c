"""The play loop of ``bbg play``: bots move, humans answer at the terminal, every move narrated.

A [`Session`][baldurs_rules.cli.session.Session] holds the game and who plays each
seat. At a human's turn it draws the compact screen (or the full board on a large
terminal) with the summary of what happened since that seat's last turn, then reads
lines: an option's number, its notation, or one of the ``COMMANDS`` (help, map,
board, hand, explain, log, undo, save, load, quit). Each human reads the story
from their own seat; in hot seat the screen pauses before each human's turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import click

from baldurs_rules.cli.common import bot_list, escaped, one_line, read_line

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from baldurs_rules.actions import Action
    from baldurs_rules.bots import Bot
    from baldurs_rules.cli.compact import Move
    from baldurs_rules.cli.screen import Entry
    from baldurs_rules.content.model import Content
    from baldurs_rules.game import Game

    _Answer = Action | list[Action] | str
    """A human's answer: an action, several (use all), or ``_QUIT``/``_CHANGED``."""

__all__ = ["COMMANDS", "Session", "seat_bots"]

COMMANDS = {
    "help": "this help",
    "map": "show the board again",
    "board": "the full board: the special locations' trades, agendas' text, portfolios",
    "hand": "your cards and agendas with their whole text",
    "explain": "explain CARD: a card's, location's or faction's rules text"
    " (explain CARD --source: its effect source and file too)",
    "log": "the story of the game so far, as you know it (the last 40 lines)",
    "undo": "take back your last decision (not past a card or lot token drawn since)",
    "save": "save FILE: the game, who plays each seat and the bots' random state",
    "load": "load FILE: continue a saved game",
    "quit": "leave the game (it offers to save it first)",
}
"""The commands a human may type at a decision, besides an option."""


def seat_bots(names: Sequence[str], players: int, humans: int, seed: int) -> list[Bot | None]:
    from baldurs_rules.bots import make_bot
    from baldurs_rules.runs.simulate import bot_seed

    return [
        None
        if seat < humans
        else make_bot(names[(seat - humans) % len(names)], bot_seed(seed, seat))
        for seat in range(players)
    ]


_QUIT = "quit"
_CHANGED = "changed"


class Session:
    """The play loop: bots move, humans are asked; every move is narrated.

    Args:
        out: Where the game is shown.
        game: The game to play on.
        bots: One entry per seat: a bot, or None for a human.
        read: Reads one line of input after a prompt (None at the end of input).
    """

    def __init__(
        self,
        out: Console,
        game: Game,
        bots: list[Bot | None],
        read: Callable[[str], str | None] = read_line,
    ) -> None:
        self.out = out
        self.read = read
        self.quiet = False
        self.seat_up: int | None = None  # the human whose screen is up (hot seat)
        self.batches: dict[int, int] = {}  # moves after a "use all" -> moves before it
        self.turn_started: dict[int, int] = {}  # events when each human's last turn began
        self.adopt(game, bots)

    @classmethod
    def loaded(
        cls,
        out: Console,
        content: Content,
        path: str,
        bot_names: str,
        humans: int,
        players: int | None,
    ) -> Session:
        """A session for a saved game; a record without seats gets ``--humans``/``--bots``."""
        from baldurs_rules.bots.game_file import read_game_file

        loaded = read_game_file(path, content)
        game = loaded.game
        if players is not None and players != game.state.players:
            raise click.BadParameter(
                f"the saved game has {game.state.players} players, not {players}",
                param_hint="'--players'",
            )
        if loaded.seats is not None:
            bots = [None if seat.human else seat.make_bot() for seat in loaded.seats]
        else:
            bots = seat_bots(bot_list(bot_names), game.state.players, humans, game.state.seed)
        session = cls(out, game, bots)
        out.print(
            f"[bold]Builders of Baldur's Gate[/] — loaded {escaped(path)}: {session.roster()}",
            soft_wrap=True,
        )
        return session

    def adopt(self, game: Game, bots: list[Bot | None]) -> None:
        """Play on with this game and these seats (a new or loaded game)."""
        self.game = game
        self.bots = bots
        self.humans = [seat for seat, bot in enumerate(bots) if bot is None]
        one = len(self.humans) == 1
        self.labels = [
            ("you" if one else f"human {seat}") if bot is None else bot.name
            for seat, bot in enumerate(bots)
        ]
        told = 0 if not game.actions else len(game.state.events)
        self.told = dict.fromkeys(self.humans, told)  # events each human has been told
        self.printed = told  # events told to anyone on screen

    def roster(self) -> str:
        return ", ".join(f"seat {s} {escaped(self.labels[s])}" for s in range(len(self.labels)))

    # ------------------------------------------------------------ the loop
    def run(self) -> bool:
        """Play to the end; False if a human quit (or the input ended)."""
        if len(self.humans) < 2:  # the setup (or, for one human, what they missed)
            reader = self.humans[0] if self.humans else None
            self.tell(
                reader,
                self.told.get(reader, self.printed) if reader is not None else self.printed,
                None,
            )
        while not self.game.is_over:
            seat = self.game.current_player
            bot = self.bots[seat]
            if bot is not None:
                self.play(seat, bot.choose(self.game))
                continue
            answer = self.ask(seat)
            if answer is _QUIT:
                return False
            if isinstance(answer, list):  # use all: one answer, several moves
                start = len(self.game.actions)
                for action in answer:
                    self.play(seat, action)
                self.batches[len(self.game.actions)] = start
            elif not isinstance(answer, str):
                self.play(seat, answer)
        self.tell(None if len(self.humans) != 1 else self.humans[0], self.printed, None)
        return True

    def play(self, seat: int, action: Action) -> None:
        """Apply an action and tell what it caused to whoever may read it now."""
        game = self.game
        start, turn = len(game.state.events), game.state.turn + 1
        game.apply(action)
        if not self.humans:
            self.tell(None, start, turn)
        elif len(self.humans) == 1 or seat in self.humans:
            self.tell(self.humans[0] if len(self.humans) == 1 else seat, start, turn)

    def tell(self, reader: int | None, start: int, turn: int | None) -> None:
        """Print the narration of the log from ``start`` for ``reader`` (None: the city)."""
        from baldurs_rules.cli.screen import narrated
        from baldurs_rules.present.narration import narration

        end = len(self.game.state.events)
        if reader is not None:
            self.told[reader] = end
        self.printed = max(self.printed, end)
        if self.quiet and not self.humans:
            return
        for line in narration(self.game, reader, start):
            self.out.print(narrated(line, turn), soft_wrap=True)

    # ------------------------------------------------------------ a human's decision
    def ask(self, seat: int) -> _Answer:
        """A human's answer: an action, ``_CHANGED`` (undo, load) or ``_QUIT``."""
        if self.seat_up != seat and len(self.humans) > 1 and not self.pause(seat):
            return _QUIT
        self.seat_up = seat
        if self.told[seat] < len(self.game.state.events):
            self.out.rule(f"since your last decision (seat {seat})", style="dim")
            self.tell(seat, self.told[seat], None)
        decision = self.game.decision
        if decision is None or decision.kind not in ("turn", "draft"):
            return self.answer(seat)
        summary = self.summary(seat)
        if self.is_large():
            from baldurs_rules.cli.compact import summary_lines

            self.show_board(seat)
            for line in summary_lines(summary):
                self.out.print(line)
            return self.answer(seat)
        from baldurs_rules.cli.compact import turn_screen
        from baldurs_rules.cli.screen import menu_entries

        entries = menu_entries(self.game)
        self.show_board(seat, lines=turn_screen(self.game, seat, self.labels, entries, summary))
        return self.answer(seat, entries)

    def summary(self, seat: int) -> list[Move]:
        """What each seat did since this seat's last turn, and the attacks (the story
        itself scrolled up with the board): one entry per move, for above the prompt."""
        from baldurs_rules.cli.compact import digest
        from baldurs_rules.present.narration import narration

        start = self.turn_started.get(seat)
        end = self.turn_started[seat] = len(self.game.state.events)
        if start is None or start >= end:
            return []
        return digest(self.game, narration(self.game, seat, start, end), seat)

    def pause(self, seat: int) -> bool:
        """Hide the screen until the next human says they alone are looking (False: quit)."""
        if self.out.is_terminal:
            self.out.clear()
        label = escaped(self.labels[seat])
        self.out.rule(f"[bold]Hot seat: pass the keyboard to seat {seat} ({label})[/]")
        line = self.read(f"seat {seat}, press Enter when only you can see the screen: ")
        if line is None or line.strip().lower() in ("quit", "exit"):
            self.out.print("bye" if line is not None else "end of input: leaving the game")
            return False
        return True

    def show_board(self, seat: int, full: bool = False, lines: Sequence[Text] = ()) -> None:
        """The board screen: compact, or full when asked or when the terminal is large
        (``lines``: the compact screen of a turn, with its summary and options)."""
        from rich.console import Group

        from baldurs_rules.cli.compact import compact_screen
        from baldurs_rules.cli.screen import FULL_WIDTH, board_screen

        if lines:
            self.out.print(Group(*lines))
        elif full or self.is_large():
            width = self.out.width  # a narrower terminal wraps the full board's lines
            self.out.width = max(width, FULL_WIDTH)
            try:
                self.out.print(board_screen(self.game, seat, self.labels))
            finally:
                self.out.width = width
        else:
            self.out.print(compact_screen(self.game, seat, self.labels))

    def is_large(self) -> bool:
        """Whether the terminal holds the full board at every turn."""
        from baldurs_rules.cli.screen import fits_full

        return self.out.is_terminal and fits_full(self.out.width, self.out.height)

    def show_options(self, entries: Sequence[Entry]) -> None:
        from baldurs_rules.cli.screen import FULL_WIDTH, SCREEN_WIDTH, options_view

        width = FULL_WIDTH if self.is_large() else SCREEN_WIDTH
        self.out.print(options_view(self.game, entries, width))

    def answer(self, seat: int, shown: Sequence[Entry] = ()) -> _Answer:
        """Ask until the line typed is an answer (``shown``: the options already on screen)."""
        from baldurs_rules.cli.screen import menu_entries

        entries = list(shown) or menu_entries(self.game)
        if not shown:
            self.show_options(entries)
        while True:
            line = self.read(f"seat {seat}> ")
            if line is None:
                self.out.print("end of input: leaving the game")
                return _QUIT
            if not line.strip():
                continue
            result = self.understand(seat, line, entries)
            if result is None:
                continue
            return result

    def understand(self, seat: int, line: str, entries: Sequence[Entry]) -> _Answer | None:
        """What a line means: an action, ``_QUIT``, ``_CHANGED``, or None (ask again)."""
        from baldurs_rules.errors import RulesError

        words = line.split()
        command, rest = words[0].lower(), line.strip()[len(words[0]) :].strip()
        try:
            if command.isdecimal():
                return self.numbered(seat, int(command), entries)
            if command in ("quit", "exit"):
                self.offer_to_save()
                self.out.print("bye")
                return _QUIT
            if command in COMMANDS:
                return self.command(seat, command, rest)
            return self.notation(seat, line, entries)
        except (RulesError, OSError) as exc:
            self.out.print(f"[red]{escaped(one_line(exc))}[/]")
            return None

    def numbered(self, seat: int, number: int, entries: Sequence[Entry]) -> _Answer | None:
        from baldurs_rules.errors import RulesError

        if not 1 <= number <= len(entries):
            raise RulesError(f"there is no option {number}: choose 1 to {len(entries)}")
        return self.pick(seat, entries[number - 1], entries)

    def pick(self, seat: int, entry: Entry, entries: Sequence[Entry]) -> _Answer | None:
        """The entry's action; for a card to build, ask for the lot (step two).

        At the lot prompt a number is a lot; ``back`` goes back to the options;
        anything else is read as at the options (a command, another action).
        """
        if entry.together:
            return list(entry.actions)
        if len(entry.actions) == 1:
            return entry.actions[0]
        from baldurs_rules.present.labels import lot_text

        lots = {str(a.args[1]): a for a in entry.actions}
        card = self.game.content.names()[str(entry.actions[0].args[0])]
        self.out.print(f"[bold]{escaped(card)}[/]: on which lot? (type its number, or back)")
        for lot in lots:
            self.out.print(f"  [cyan]{lot:>2}[/] {escaped(lot_text(self.game, int(lot)))}")
        while True:
            line = self.read("lot> ")
            if line is None:
                self.out.print("end of input: leaving the game")
                return _QUIT
            words = line.lower().split()
            if words in (["back"], []):
                return None
            lot = words[-1] if words[0] in ("lot", words[-1]) else ""
            if lot in lots:
                return lots[lot]
            if lot.isdecimal():
                self.out.print(f"[red]{escaped(_lot_hint(int(lot), lots))}[/]")
                continue
            return self.understand(seat, line, entries)

    def notation(self, seat: int, line: str, entries: Sequence[Entry]) -> _Answer | None:
        """An action's notation, or an option's label (``build ropewalk``), in any case."""
        from baldurs_rules.errors import IllegalActionError

        wanted = " ".join(line.lower().split())
        for entry in entries:
            if entry.label == wanted:
                return self.pick(seat, entry, entries)
        if self.game.is_legal(wanted):
            return self.game.parse_action(wanted)
        raise IllegalActionError(
            f"{line.strip()[:60]!r} is not an option or a command here"
            f"{_hint(wanted, entries)} (type help)"
        )

    # ------------------------------------------------------------ commands
    def command(self, seat: int, command: str, rest: str) -> str | None:
        """Run a command: ``_CHANGED`` if the game changed, None otherwise."""
        if command == "help":
            self.help()
        elif command in ("map", "board"):
            from baldurs_rules.cli.compact import turn_screen
            from baldurs_rules.cli.screen import menu_entries

            entries = menu_entries(self.game)
            if command == "map" and not self.is_large():
                self.show_board(seat, lines=turn_screen(self.game, seat, self.labels, entries, []))
            else:
                self.show_board(seat, full=True)
                self.show_options(entries)
        elif command == "hand":
            self.hand(seat)
        elif command == "explain":
            self.explain(rest)
        elif command == "log":
            self.log(seat)
        elif command == "undo":
            return self.undo(seat)
        elif command == "save":
            self.save(rest)
        elif command == "load":
            return self.load(rest)
        return None

    def help(self) -> None:
        from baldurs_rules.actions import ACTION_KINDS

        self.out.print(
            "Type the number of an option, or its notation (e.g. 'income', 'build ropewalk')."
        )
        self.out.print("A card to build asks for its lot next. Commands:")
        for name, meaning in COMMANDS.items():
            self.out.print(f"  [bold]{name}[/]: {escaped(meaning)}")
        self.out.print("Action kinds:")
        for kind, meaning in ACTION_KINDS.items():
            self.out.print(f"  [bold]{kind}[/]: {escaped(meaning)}")

    def hand(self, seat: int) -> None:
        """The seat's building cards and agendas, each with its whole text."""
        from baldurs_rules.present.card_text import card_text

        state, content = self.game.state, self.game.content
        for title, cards in (
            ("Your hand", state.hand[seat]),
            ("Your agendas", state.agendas[seat]),
        ):
            self.out.print(f"[bold]{title}[/] ({len(cards)})")
            for card in cards:
                self.out.print(escaped(card_text(content, card)), soft_wrap=True)

    def explain(self, what: str) -> None:
        from baldurs_rules.cli.content import explain_text
        from baldurs_rules.errors import RulesError

        if not what:
            raise RulesError(
                "explain what? give a card, location or faction (e.g. explain ropewalk)"
            )
        source = what.endswith(" --source") or what.startswith("--source ")
        what = what.replace("--source", "").strip()
        self.out.print(escaped(explain_text(self.game.content, what, source)))

    def log(self, seat: int) -> None:
        from baldurs_rules.cli.screen import narrated
        from baldurs_rules.present.narration import narration

        for line in narration(self.game, seat)[-40:]:
            self.out.print(narrated(line), soft_wrap=True)

    def undo(self, seat: int) -> str | None:
        from baldurs_rules.errors import RulesError

        deciders = self.game.record()["deciders"]
        mine = [i for i, who in enumerate(deciders) if who == seat]
        if mine and any(who in self.humans and who != seat for who in deciders[mine[-1] :]):
            raise RulesError("another player has decided since your last decision: ask them first")
        before = self.game.clone()
        undone = self.game.undo(seat)
        start = self.batches.get(len(self.game.actions) + 1)  # a "use all": all of it
        try:
            while start is not None and len(self.game.actions) > start:
                undone[:0] = self.game.undo(seat)
        except RulesError:
            self.game = before
            raise
        self.batches = {k: v for k, v in self.batches.items() if k <= len(self.game.actions)}
        events = len(self.game.state.events)
        self.told = {s: min(n, events) for s, n in self.told.items()}
        self.printed = min(self.printed, events)
        others = len(undone) - 1
        after = f" and {others} move{'s' if others != 1 else ''} after it" if others else ""
        self.out.print(f"undone: your decision {escaped(str(undone[0]))!r}{after}")
        return _CHANGED

    def offer_to_save(self) -> None:
        """Before leaving: save the game if the player gives a file name."""
        from baldurs_rules.errors import RulesError

        while True:
            line = self.read("save the game before you leave? a file name, or Enter to leave: ")
            path = (line or "").strip()
            if path.lower() in ("", "n", "no", "quit", "exit"):
                return
            try:
                self.save(path)
                return
            except (RulesError, OSError) as exc:
                self.out.print(f"[red]{escaped(one_line(exc))}[/] (try another name)")

    def save(self, path: str) -> None:
        from baldurs_rules.bots.game_file import write_game_file
        from baldurs_rules.errors import RulesError

        if not path:
            raise RulesError("save where? give a file name (e.g. save game.json)")
        write_game_file(path, self.game, self.bots)
        self.out.print(f"saved to {escaped(path)} (the game, its seats and the bots' state)")

    def load(self, path: str) -> str:
        from baldurs_rules.bots.game_file import read_game_file
        from baldurs_rules.errors import RulesError

        if not path:
            raise RulesError("load what? give a file name (e.g. load game.json)")
        loaded = read_game_file(path, self.game.content)
        if loaded.seats is None and loaded.game.state.players != self.game.state.players:
            raise RulesError(
                f"that game has {loaded.game.state.players} players, this one"
                f" {self.game.state.players}"
            )
        bots = (
            self.bots
            if loaded.seats is None
            else [None if seat.human else seat.make_bot() for seat in loaded.seats]
        )
        self.adopt(loaded.game, bots)
        self.seat_up = None
        self.out.print(f"loaded {escaped(path)}: {self.roster()}", soft_wrap=True)
        return _CHANGED


def _lot_hint(lot: int, lots: dict[str, Action]) -> str:
    """Why a lot is refused, and the offered lot nearest to it (by number)."""
    near = min(lots, key=lambda n: (abs(int(n) - lot), int(n)))
    return f"lot {lot} is not one of {', '.join(lots)}: did you mean lot {near}?"


def _hint(wanted: str, entries: Sequence[Entry]) -> str:
    """A suggestion for a line that is no option: the closest option or command, or the
    options of the same kind (``build ...``) when the kind was right but the rest not."""
    from baldurs_rules.errors import did_you_mean

    words = wanted.split()
    for entry in entries:
        if len(words) == 3 and " ".join(words[:2]) == entry.label and words[2].isdecimal():
            lots = {str(a.args[1]): a for a in entry.actions if a.kind == "build"}
            if lots:
                return "; " + _lot_hint(int(words[2]), lots)
    labels = list(dict.fromkeys(e.label for e in entries))
    starting = [label for label in labels if label.startswith(wanted)]
    if starting:
        return "; options starting so: " + ", ".join(repr(c) for c in starting[:6])
    kind = wanted.split()[0]
    choices = labels + [str(a) for e in entries for a in e.actions]
    close = did_you_mean(wanted, [*choices, *COMMANDS])
    if close.startswith("; did you mean"):
        return close
    same = [label for label in labels if label.split()[0] == kind]
    if same:
        return "; the options now: " + ", ".join(repr(c) for c in same[:6])
    return did_you_mean(kind, [*COMMANDS, *(label.split()[0] for label in labels)])
