"""``bbg play``: a game in the terminal, any mix of humans and bots, every move narrated.

Bots' games are told from the city's point of view (no one's cards). Each human
reads the story from their own seat: what they drew, never what others drew.
With two or more humans at one keyboard (hot seat), the screen pauses before
each human's turn, so no one sees another's hand. When ``--seed`` is not given
the seed is random and is shown only in saves: it fixes every shuffle, so
printing it would give the hidden cards away.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

import click

from baldurs_rules.cli.common import (
    CONTENT_DIR,
    CONTENT_HELP,
    BotsOption,
    bot_list,
    check_players,
    final_table,
    load_content_dir,
)
from baldurs_rules.cli.session import COMMANDS, Session, seat_bots

if TYPE_CHECKING:
    from rich.console import Console

    from baldurs_rules.content.model import Content

__all__ = ["COMMANDS", "new_session", "play", "seat_bots"]


# ---------------------------------------------------------------- play
@click.command()
@click.option("--players", type=int, help="Number of players.  [default: 4]")
@click.option("--humans", default=0, show_default=True, type=int, help="Human seats (first).")
@click.option("--seed", type=int, help="The game's seed (default: a random one, kept secret).")
@click.option("--advanced", is_flag=True, help="Use the advanced setup.")
@click.option(
    "--bots",
    "bot_names",
    default="heuristic",
    show_default=True,
    cls=BotsOption,
    help="Bots for the other seats, comma separated, cycled ({bots}).",
)
@click.option("--content", "content_dir", type=CONTENT_DIR, help=CONTENT_HELP)
@click.option(
    "--load",
    "load_file",
    type=click.Path(dir_okay=False),
    help="Continue a saved game (its seats and bots come with it).",
)
@click.option("--quiet", is_flag=True, help="Bot games: print only the final table.")
def play(
    players: int | None,
    humans: int,
    seed: int | None,
    advanced: bool,
    bot_names: str,
    content_dir: str | None,
    load_file: str | None,
    quiet: bool,
) -> None:
    """Play a game: humans take the first seats, bots the rest.

    At a decision type the number of an option, or its notation (in any
    case), or a command: help, map, board, hand, explain CARD, log, undo, save
    FILE, load FILE, quit.
    """
    from baldurs_rules.cli.screen import SCREEN_WIDTH

    content = load_content_dir(content_dir)
    out = _play_console(SCREEN_WIDTH)
    if load_file:
        session = Session.loaded(out, content, load_file, bot_names, humans, players)
    else:
        session = new_session(out, content, players or 4, humans, seed, advanced, bot_names)
    session.quiet = quiet
    if session.run():
        out.print()
        final_table(out, session.game, session.labels)


def _play_console(width: int) -> Console:
    """A console as wide as the terminal, or the screen's width when the output is a file."""
    import sys

    from rich.console import Console

    from baldurs_rules.cli.common import guarded

    return guarded(Console(width=None if sys.stdout.isatty() else width, highlight=False))


def new_session(
    out: Console,
    content: Content,
    players: int,
    humans: int,
    seed: int | None,
    advanced: bool,
    bot_names: str,
) -> Session:
    """A play session on a new game, its title and roster printed: what ``bbg play`` starts.

    Args:
        out: The console the session prints to.
        content: The content the game is played with.
        players: How many seats.
        humans: How many of them are people at this terminal (the first ones).
        seed: The game's seed; ``None`` draws a random one that only saves keep.
        advanced: Whether the advanced rules are on.
        bot_names: The bots of the other seats, as ``--bots`` takes them.

    Raises:
        click.BadParameter: ``players``, ``humans`` or ``bot_names`` is out of range.
    """
    from baldurs_rules.game import new_game

    check_players(content, players)
    if not 0 <= humans <= players:
        raise click.BadParameter(f"must be 0 to {players}", param_hint="'--humans'")
    names = bot_list(bot_names)
    secret = seed is None
    seed = secrets.randbits(62) if seed is None else seed
    game = new_game(players, seed, advanced, content)
    bots = seat_bots(names, players, humans, seed)
    session = Session(out, game, bots)
    shown = "a random seed (kept in saves only)" if secret else f"seed {seed}"
    mode = ", advanced" if advanced else ""
    title = f"[bold]Builders of Baldur's Gate[/] — {players} players, {shown}{mode}"
    out.print(f"{title}: {session.roster()}", soft_wrap=True)
    return session
