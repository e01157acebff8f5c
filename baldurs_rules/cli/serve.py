"""``bbg serve``: a web table for 2 to 4 players, bots playing the other seats.

The command prints one secret link per human seat and one for spectators,
then serves the game until interrupted. The game file is written after every
move; ``--resume FILE`` continues it after a restart with the same links, and
the players' open pages reconnect by themselves.
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from baldurs_rules.cli.common import (
    CONTENT_DIR,
    CONTENT_HELP,
    BotsOption,
    bot_list,
    check_players,
    load_content_dir,
    printable,
)

if TYPE_CHECKING:
    from baldurs_rules.content.model import Content
    from baldurs_rules.web.table import Table

_LOOPBACK_NAMES = ("localhost", "127.0.0.1")


@click.command()
@click.option("--players", type=int, help="Number of players.  [default: 4]")
@click.option("--humans", type=int, help="Human seats (the first ones).  [default: 1]")
@click.option(
    "--bots",
    "bot_names",
    cls=BotsOption,
    help="Bots for the other seats, comma separated, cycled ({bots}).  [default: heuristic]",
)
@click.option("--seed", type=int, help="The game's seed (default: a random one, kept secret).")
@click.option("--advanced", is_flag=True, default=None, help="Use the advanced setup.")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; anything but loopback must be given explicitly.",
)
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(1, 65535),
    help="Port to listen on.",
)
@click.option("--url", help="The start of the printed links.  [default: http://HOST:PORT]")
@click.option(
    "--save",
    "save_file",
    type=click.Path(dir_okay=False),
    help="The game file, written after every move.  [default: table-DATE-TIME.json]",
)
@click.option(
    "--resume",
    "resume_file",
    type=click.Path(exists=True, dir_okay=False),
    help="Continue the game of this file (saving to it), with the same links.",
)
@click.option(
    "--bot-delay",
    default=0.3,
    show_default=True,
    type=click.FloatRange(0, 60),
    help="Seconds between two bot moves.",
)
@click.option("--content", "content_dir", type=CONTENT_DIR, help=CONTENT_HELP)
def serve(
    players: int | None,
    humans: int | None,
    bot_names: str | None,
    seed: int | None,
    advanced: bool | None,
    host: str,
    port: int,
    url: str | None,
    save_file: str | None,
    resume_file: str | None,
    bot_delay: float,
    content_dir: str | None,
) -> None:
    """Serve a game in the browser: a secret link per human seat, bots on the server.

    Each human opens their own link; a spectator link shows the public table.
    The game is saved after every move: after a restart, --resume FILE
    continues it and the open pages reconnect by themselves.
    """
    try:
        from baldurs_rules.web.server import serve as run_server
    except ImportError as exc:
        raise click.ClickException(
            f"bbg serve needs the web extra ({exc.name} is missing):"
            " pip install 'baldurs_rules[web]'"
        ) from None
    content = load_content_dir(content_dir)
    if resume_file:
        given = {"--players": players, "--humans": humans, "--bots": bot_names, "--seed": seed}
        given |= {"--advanced": advanced, "--save": save_file}
        clash = next((name for name, value in given.items() if value is not None), None)
        if clash:
            raise click.UsageError(f"{clash} cannot change a resumed game (it comes from the file)")
        table = _resumed(content, resume_file)
    else:
        table = _new_table(content, players, humans, bot_names, seed, bool(advanced), save_file)
    _check_port(host, port)
    _announce(table, host, url or f"http://{_url_host(host)}:{port}")
    allowed = list(_LOOPBACK_NAMES) if host in _LOOPBACK_NAMES else None
    run_server(table, host, port, bot_delay, allowed)
    path = printable(str(table.path))
    click.echo(f"stopped; the game is in {path} (bbg serve --resume {path})")


def _new_table(
    content: Content,
    players: int | None,
    humans: int | None,
    bot_names: str | None,
    seed: int | None,
    advanced: bool,
    save_file: str | None,
) -> Table:
    from baldurs_rules.cli.play import seat_bots
    from baldurs_rules.game import new_game
    from baldurs_rules.web.table import Table

    players = 4 if players is None else players
    humans = 1 if humans is None else humans
    check_players(content, players)
    if not 0 <= humans <= players:
        raise click.BadParameter(f"must be 0 to {players}, not {humans}", param_hint="'--humans'")
    names = bot_list(bot_names or "heuristic")
    path = Path(save_file or time.strftime("table-%Y%m%d-%H%M%S.json"))
    if path.exists():
        raise click.BadParameter(
            f"{path} exists; continue it with --resume {path}, or choose another file",
            param_hint="'--save'",
        )
    if not path.parent.is_dir():
        raise click.BadParameter(f"no folder {path.parent} for {path}", param_hint="'--save'")
    seed = secrets.randbits(62) if seed is None else seed
    game = new_game(players, seed, advanced, content)
    return Table.new(game, seat_bots(names, players, humans, seed), path)


def _resumed(content: Content, path: str) -> Table:
    from baldurs_rules.web.table import Table

    return Table.resume(path, content)


def _check_port(host: str, port: int) -> None:
    """Refuse early (before printing links) an address that cannot be listened on."""
    try:
        with socket.create_server((host, port)):
            pass
    except OSError as exc:
        reason = (exc.strerror or str(exc)).lower()
        raise click.ClickException(
            f"cannot listen on {host}:{port}: {reason}; choose another --port or --host"
        ) from None


def _is_loopback(host: str) -> bool:
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _url_host(host: str) -> str:
    if host in ("0.0.0.0", "::", ""):
        return socket.gethostname()
    return f"[{host}]" if ":" in host else host


def _announce(table: Table, host: str, base: str) -> None:
    roster = printable(", ".join(f"seat {s} {label}" for s, label in enumerate(table.labels)))
    state = table.game.state
    where = "game over" if table.game.is_over else f"move {table.version}, turn {state.turn}"
    path = printable(str(table.path))
    click.echo(f"Builders of Baldur's Gate — web table, {state.players} players: {roster}")
    click.echo(f"The game is saved to {path} after every move ({where});")
    click.echo(f"after a restart, continue it with: bbg serve --resume {path}")
    if not _is_loopback(host):
        click.echo(
            f"Listening on {host}: anyone who can reach it can load the page, but only a"
            " link's key lets them play or watch; the traffic is plain HTTP (not encrypted)."
        )
    click.echo("Send each player their own link (it is their seat's key):")
    links = table.links(base)
    width = max(len(who) for who, _ in links)
    for who, link in links:
        click.echo(f"  {who + ':':<{width + 1}} {link}")
    click.echo("Serving; press Ctrl-C to stop.", nl=True)
