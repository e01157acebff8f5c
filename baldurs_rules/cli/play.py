"""``bbg play``: a game in the terminal, with any mix of humans and bots."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from rich.console import Console

    from baldurs_rules.actions import Action
    from baldurs_rules.bots import Bot
    from baldurs_rules.game import Game

from baldurs_rules.cli import (
    _bot_list,
    _check_players,
    _console,
    _content,
    _describe,
    _final_table,
    _markup,
    _one_line,
    _print_action,
    _print_events,
    _read,
    _short,
)
from baldurs_rules.cli.content import _explain_text


# ---------------------------------------------------------------- play
@click.command()
@click.option("--players", default=4, show_default=True, type=int, help="Number of players.")
@click.option("--humans", default=0, show_default=True, type=int, help="Human seats (first).")
@click.option("--seed", default=7, show_default=True, type=int, help="The game's seed.")
@click.option("--advanced", is_flag=True, help="Use the advanced setup.")
@click.option(
    "--bots",
    "bot_names",
    default="greedy",
    show_default=True,
    help="Bots for the other seats, comma separated, cycled (random, greedy).",
)
@click.option("--content", "content_dir", type=click.Path(file_okay=False), help="Content dir.")
@click.option("--quiet", is_flag=True, help="Bot games: print only the final table.")
def play(
    players: int,
    humans: int,
    seed: int,
    advanced: bool,
    bot_names: str,
    content_dir: str | None,
    quiet: bool,
) -> None:
    """Play a game: humans take the first seats, bots the rest.

    At a human decision type the number of an action or its notation, or one
    of: help, board, explain CARD, undo, save FILE, load FILE, quit.
    """
    from baldurs_rules.bots import make_bot
    from baldurs_rules.game import new_game
    from baldurs_rules.simulate import bot_seed

    if not 0 <= humans <= players:
        raise click.BadParameter(f"must be 0 to {players}", param_hint="'--humans'")
    names = _bot_list(bot_names)
    content = _content(content_dir)
    _check_players(content, players)
    game = new_game(players, seed, advanced, content)
    bots: list[Bot | None] = [None] * players
    labels: list[str] = []
    for seat in range(players):
        if seat < humans:
            labels.append("you" if humans == 1 else f"human {seat + 1}")
        else:
            bot = make_bot(names[(seat - humans) % len(names)], bot_seed(seed, seat))
            bots[seat] = bot
            labels.append(bot.name)
    out = _console()
    out.print(
        f"[bold]Builders of Baldur's Gate[/] — {players} players, seed {seed}"
        + (", advanced" if advanced else "")
        + ": "
        + ", ".join(f"seat {s} {labels[s]}" for s in range(players))
    )
    session = _Session(out, game, bots, labels, quiet)
    if not session.run():
        return
    out.print()
    _final_table(out, session.game, labels)


_QUIT = "quit"
_CHANGED = "changed"


class _Session:
    """The play loop: bots move, humans are asked, with undo/save/load."""

    def __init__(
        self,
        out: Console,
        game: Game,
        bots: list[Bot | None],
        labels: list[str],
        quiet: bool,
    ) -> None:
        self.out = out
        self.game = game
        self.bots = bots
        self.labels = labels
        self.quiet = quiet
        self.history: list[Game] = []

    def run(self) -> bool:
        """Play to the end; False if the human quit (or the input ended)."""
        while not self.game.is_over:
            seat = self.game.current_player
            bot = self.bots[seat]
            if bot is not None:
                self.apply(seat, bot.choose(self.game))
                continue
            answer = self.ask(seat)
            if answer is _QUIT:
                return False
            if answer is _CHANGED:
                continue
            assert not isinstance(answer, str)
            self.history.append(self.game.clone())
            self.apply(seat, answer)
        return True

    def apply(self, seat: int, action: Action) -> None:
        game = self.game
        before = len(game.events)
        if not self.quiet:
            _print_action(self.out, game, seat, action, self.labels)
        game.apply(action)
        if not self.quiet:
            _print_events(self.out, game, game.events[before:], self.labels)

    # ------------------------------------------------------------ a human's decision
    def ask(self, seat: int) -> Action | str:
        """A human's answer: an action, ``_CHANGED`` (undo, load) or ``_QUIT``."""
        from baldurs_rules.errors import RulesError

        game = self.game
        if game.state.decision is not None and game.state.decision[0] == "turn":
            _board(self.out, game, seat, self.labels)
        self.show_options(seat)
        while True:
            line = _read(f"seat {seat}> ")
            if line is None:
                self.out.print("end of input: leaving the game")
                return _QUIT
            words = line.split()
            if not words:
                continue
            command, rest = words[0].lower(), " ".join(words[1:])
            if command.isdigit():
                options = game.legal_actions()
                number = int(command)
                if 1 <= number <= len(options):
                    return options[number - 1]
                self.out.print(f"[red]choose 1 to {len(options)}[/]")
                continue
            if command in ("quit", "exit"):
                self.out.print("bye")
                return _QUIT
            try:
                handled = self.command(seat, command, rest)
            except (RulesError, OSError) as exc:
                self.out.print(f"[red]error: {_markup(_one_line(exc))}[/]")
                continue
            if handled is True:
                return _CHANGED
            if handled is False:
                continue
            try:
                return game.parse_action(line)
            except RulesError as exc:
                self.out.print(f"[red]{_markup(_one_line(exc))}[/] (type help)")

    def command(self, seat: int, command: str, rest: str) -> bool | None:
        """Run a session command: True if the game changed, False if handled, None if not one."""
        from baldurs_rules.actions import ACTION_KINDS
        from baldurs_rules.game import Game

        out = self.out
        if command in ("help", "?"):
            out.print(
                "Type the number of an action, or its notation (e.g. 'income').\n"
                "Commands: help · board · explain CARD · undo · save FILE · load FILE · quit\n"
                "Action kinds:"
            )
            for kind, meaning in ACTION_KINDS.items():
                out.print(f"  [bold]{kind}[/]: {_markup(meaning)}")
            return False
        if command == "board":
            _board(out, self.game, seat, self.labels)
            self.show_options(seat)
            return False
        if command == "explain":
            if not rest:
                out.print("[red]explain what? give a card, location or faction id[/]")
                return False
            out.print(_markup(_explain_text(self.game.content, rest.strip())))
            return False
        if command == "undo":
            if not self.history:
                out.print("[red]nothing to undo[/]")
                return False
            self.game = self.history.pop()
            out.print("undone: back to your previous decision")
            return True
        if command == "save":
            if not rest:
                out.print("[red]save where? give a file name[/]")
                return False
            Path(rest).write_text(self.game.to_json(), encoding="utf-8")
            out.print(f"saved to {_markup(rest)}")
            return False
        if command == "load":
            if not rest:
                out.print("[red]load what? give a file name[/]")
                return False
            text = Path(rest).read_text(encoding="utf-8")
            loaded = Game.from_json(text, self.game.content)
            if loaded.state.players != self.game.state.players:
                out.print(
                    f"[red]that game has {loaded.state.players} players, "
                    f"this one {self.game.state.players}[/]"
                )
                return False
            self.game = loaded
            self.history.clear()
            out.print(f"loaded {_markup(rest)}")
            return True
        return None

    def show_options(self, seat: int) -> None:
        from rich.markup import escape

        game, out = self.game, self.out
        decision = game.state.decision
        kind = decision[0] if decision else "?"
        out.print(f"[bold]{escape(self.labels[seat])} (seat {seat}) decides: {kind}[/]")
        for text in _relevant_texts(game, seat):
            out.print(escape(text))
        for number, action in enumerate(game.legal_actions(), 1):
            out.print(
                f"  [cyan]{number:>3}[/] [bold]{escape(str(action))}[/] — "
                f"{escape(_short(_describe(game, action), 160))}",
                no_wrap=True,
                overflow="ellipsis",
            )


def _relevant_texts(game: Game, seat: int) -> list[str]:
    """Card texts worth showing at the pending decision."""
    from baldurs_rules.text import card_text

    content = game.content
    decision = game.state.decision
    if decision is None:
        return []
    kind = decision[0]
    cards: list[str] = []
    if kind == "trade":
        cards = [content.locations[int(decision[2])].id]
    elif kind == "income":
        cards = [str(a.args[0]) for a in game.legal_actions() if a.kind == "use"]
    elif kind in ("take", "build"):
        cards = list(dict.fromkeys(str(a.args[0]) for a in game.legal_actions() if a.args))
        cards = [c for c in cards if c in content.buildings]
    elif kind in ("keep", "draft"):
        cards = [str(a.args[0]) for a in game.legal_actions() if a.args]
    texts = []
    for card in cards:
        try:
            texts.append(card_text(content, card))
        except KeyError:
            continue
    return texts


def _board(out: Console, game: Game, seat: int, labels: Sequence[str]) -> None:
    """The public board and the seat's own cards."""
    from rich.markup import escape
    from rich.table import Table

    from baldurs_rules.text import card_text

    content = game.content
    names = content.names()
    view = game.view(seat)
    out.rule(
        f"turn {view['turn']} · {view['phase']} · attack strength {view['strength']} · "
        f"{view['bag_size']} lot tokens in the bag"
    )
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("seat")
    for rid in content.resources:
        table.add_column(rid.id, justify="right")
    for faction in content.factions:
        table.add_column(faction.name.split()[-1][:8], justify="right")
    table.add_column("worker")
    table.add_column("portfolio", justify="right")
    table.add_column("hand", justify="right")
    for s, info in enumerate(view["seats"]):
        worker = info["worker"]
        table.add_row(
            f"{s} {labels[s]}" + (" *" if s == seat else ""),
            *(str(info["resources"][r.id]) for r in content.resources),
            *(str(info["influence"][f.id]) for f in content.factions),
            names.get(worker, "home") if worker else "home",
            str(len(info["portfolio"])),
            str(info["hand_size"]),
        )
    out.print(table)
    tracks = ", ".join(
        f"{names.get(d, d)} {n}" + (f" (damage {view['damage'][d]})" if view["damage"][d] else "")
        for d, n in view["tracks"].items()
        if n or view["damage"][d]
    )
    out.print(f"attack tracks: {escape(tracks or 'all empty')}")
    available = [str(n) for n, lot in view["lots"].items() if lot["status"] == "available"]
    out.print(f"available lots: {', '.join(available) or 'none'}")
    offer = ", ".join(names.get(c, c) for c in view["offer"])
    out.print(f"offer: {escape(offer or 'empty')}")
    out.print("[bold]your hand:[/]")
    for card in view["hand"]:
        out.print("  " + escape(card_text(content, card)).replace("\n", "\n  "))
    if not view["hand"]:
        out.print("  (no building cards)")
    out.print("[bold]your agendas:[/]")
    for card in view["agendas"]:
        out.print("  " + escape(card_text(content, card)).replace("\n", "\n  "))
    portfolio = [names.get(c, c) for c in view["seats"][seat]["portfolio"]]
    if portfolio:
        out.print(f"your portfolio: {escape(', '.join(portfolio))}")
