"""``bbg simulate``, ``bbg replay`` and ``bbg render``: many games, recorded games, pictures."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from rich.console import Console

    from baldurs_rules.content.model import Content
    from baldurs_rules.game import Game
    from baldurs_rules.runs.parallel import Outcome

from baldurs_rules.cli.common import (
    CONTENT_DIR,
    CONTENT_HELP,
    BotsOption,
    bot_list,
    check_players,
    escaped,
    final_table,
    load_content_dir,
    make_console,
    print_action,
    print_events,
    printable,
    read_line,
    run_plan,
)


# ---------------------------------------------------------------- simulate
@click.command()
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=1))
@click.option("--players", default=4, show_default=True, type=int)
@click.option(
    "--bots",
    "bot_names",
    default="random,greedy",
    show_default=True,
    cls=BotsOption,
    help="Bot names cycled over the seats, shifted by one each game ({bots}).",
)
@click.option("--seed", default=0, show_default=True, type=int, help="Game i uses seed + i.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1))
@click.option("--advanced", is_flag=True, help="Use the advanced setup.")
@click.option("--content", "content_dir", type=CONTENT_DIR, help=CONTENT_HELP)
@click.option(
    "--out",
    "out_file",
    type=click.Path(dir_okay=False),
    help="Write each game's record as it finishes (.jsonl).",
)
@click.option(
    "--resume",
    is_flag=True,
    help="Continue the --out file of an interrupted run (same options).",
)
@click.option(
    "--backend",
    type=click.Choice(["local", "ray"], case_sensitive=False),
    default="local",
    show_default=True,
    help="Processes on this machine, or a Ray cluster (extra baldurs_rules[ray]).",
)
@click.option("--address", help="Ray cluster address (default: start a local Ray instance).")
@click.option(
    "--per-card",
    is_flag=True,
    help="Also print, for every card and trade, in how many games it was built or used.",
)
def simulate(
    games: int,
    players: int,
    bot_names: str,
    seed: int,
    jobs: int,
    advanced: bool,
    content_dir: str | None,
    out_file: str | None,
    resume: bool,
    backend: str,
    address: str | None,
    per_card: bool,
) -> None:
    """Play many bot games and summarize who wins and how.

    Ctrl-C (or SIGTERM) stops the run: the finished games stay in --out, a
    partial summary is printed, and --resume continues later.
    """
    from baldurs_rules.runs.balance import card_usage
    from baldurs_rules.runs.simulate import simulate_plan, summarize

    names = bot_list(bot_names)
    content = load_content_dir(content_dir)
    check_players(content, players)
    extras = card_usage if per_card else None
    plan = simulate_plan(
        games, players, names, seed, jobs, advanced, content_dir, extras, backend.lower(), address
    )
    out = make_console()

    def show(outcome: Outcome) -> None:
        _summary_tables(out, summarize(outcome.records), players, outcome.games)
        if per_card and outcome.records:
            _per_card_table(out, content, outcome.records, advanced)
        if out_file and outcome.complete:
            out.print(f"records written to {escaped(out_file)}")

    run_plan(plan, out_file, resume, "games", show)


def _per_card_table(
    out: Console, content: Content, records: list[dict[str, Any]], advanced: bool
) -> None:
    from rich.table import Table

    from baldurs_rules.runs.balance import content_items, per_card

    table = Table(
        title="Per card: games where some seat built or used it (a trade: made it)",
        caption="uses: times built, taken, made, scored or picked in all games",
    )
    for name in ("card", "kind", "games", "share", "uses"):
        table.add_column(name, justify="left" if name in ("card", "kind") else "right")
    games = max(1, len(records))
    for item, kind, used, uses in per_card(records, content_items(content, advanced)):
        table.add_row(escaped(item), kind, str(used), f"{used / games:.0%}", str(uses))
    out.print(table)


def _summary_tables(out: Console, summary: dict[str, Any], players: int, planned: int) -> None:
    from rich.table import Table

    done = summary["games"]
    count = f"{done} games" if done == planned else f"{done} of {planned} games"
    out.print(f"[bold]{count}[/], {players} players")
    if not done:
        out.print("no game finished: nothing to summarize")
        return
    seats = Table(title="Wins per seat")
    seats.add_column("seat")
    seats.add_column("wins", justify="right")
    seats.add_column("share", justify="right")
    games = max(1, summary["games"])
    for seat, wins in enumerate(summary["wins_per_seat"]):
        seats.add_row(str(seat), f"{wins:g}", f"{wins / games:.0%}")
    out.print(seats)
    bots = Table(title="Wins per bot (a shared victory splits one win)")
    bots.add_column("bot")
    bots.add_column("wins", justify="right")
    bots.add_column("seats played", justify="right")
    bots.add_column("wins per seat", justify="right")
    for name, wins in summary["wins_per_bot"].items():
        bots.add_row(
            name,
            f"{wins:g}",
            str(summary["seats_per_bot"][name]),
            f"{summary['win_rate_per_bot'][name]:.0%}",
        )
    out.print(bots)
    _steps_table(out, summary)
    out.print(
        f"mean game length: {summary['mean_turns']:.1f} turns, "
        f"{summary['mean_decisions']:.1f} decisions"
    )


def _steps_table(out: Console, summary: dict[str, Any]) -> None:
    from rich.table import Table

    steps = Table(title="Mean prestige per scoring step (per seat)")
    steps.add_column("who")
    columns = list(summary["mean_prestige"])
    for column in columns:
        steps.add_column(column.replace("_", " "), justify="right")
    rows = [("all", summary["mean_prestige"]), *summary["mean_prestige_per_bot"].items()]
    for who, means in rows:
        steps.add_row(who, *(f"{means.get(c, 0.0):.1f}" for c in columns))
    out.print(steps)


# ---------------------------------------------------------------- replay
def _read_record(path: str, index: int) -> dict[str, Any]:
    """The record of game ``index``: a game file of ``bbg play``, or line K of a .jsonl."""
    from baldurs_rules.bots.game_file import read_record

    return read_record(path, index)


def _start_record(record: dict[str, Any], content: Content) -> tuple[Game, list[str]]:
    """A new game for a record (checked like ``replay``), and its actions."""
    from baldurs_rules.errors import StateError
    from baldurs_rules.game import FORMAT, new_game

    if record.get("format") != FORMAT:
        raise StateError(f"not a game record (expected format {FORMAT!r})")
    if record.get("content") != content.fingerprint:
        raise StateError(
            f"the record is for content {record.get('content')!r}, "
            f"not {content.fingerprint!r} (use --content)"
        )
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise StateError("the record's actions must be a list of notations")
    game = new_game(
        int(record.get("players", 0)),
        int(record.get("seed", 0)),
        bool(record.get("advanced", False)),
        content,
    )
    return game, actions


def _labels(record: dict[str, Any], players: int) -> list[str]:
    seats = record.get("seats")  # a game file of bbg play
    if isinstance(seats, list) and len(seats) == players:
        return [str(s.get("bot", "human")) if isinstance(s, dict) else "?" for s in seats]
    bots = record.get("bots")
    if isinstance(bots, list) and len(bots) == players:
        return [str(b) for b in bots]
    return [f"player {s}" for s in range(players)]


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--game", "index", default=0, show_default=True, type=click.IntRange(min=0))
@click.option("--step", is_flag=True, help="Wait for Enter between actions.")
@click.option("--content", "content_dir", type=CONTENT_DIR, help=CONTENT_HELP)
def replay(file: str, index: int, step: bool, content_dir: str | None) -> None:
    """Step through a recorded game: a game file of bbg play, or record K of a .jsonl."""
    from baldurs_rules.errors import IllegalActionError

    record = _read_record(file, index)
    content = load_content_dir(content_dir)
    game, actions = _start_record(record, content)
    labels = _labels(record, game.state.players)
    out = make_console()
    out.print(
        f"[bold]replay[/] of game {index} of {escaped(file)}: {game.state.players} players, "
        f"seed {game.state.seed}, {len(actions)} actions"
    )
    waiting = step
    for number, text in enumerate(actions, 1):
        seat = game.current_player
        try:
            action = game.parse_action(text)
        except IllegalActionError as exc:
            raise IllegalActionError(f"action {number} of the record: {exc.message}") from None
        before = len(game.events)
        print_action(out, game, seat, action, labels)
        game.apply(action)
        print_events(out, game, game.events[before:], labels)
        if waiting and number < len(actions) and read_line("") is None:
            waiting = False
    if game.is_over:
        out.print()
        final_table(out, game, labels)
    else:
        out.print(f"the record stops before the end (seat {game.current_player} to decide)")


# ---------------------------------------------------------------- render
def _svg_file(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """Refuse an --out that is not .svg: an SVG in a .png file opens nowhere."""
    path = Path(value)
    if path.suffix.lower() != ".svg":
        found = f"not {path.suffix!r}" if path.suffix else "it has no suffix"
        raise click.BadParameter(
            f"render writes SVG: the file must end in .svg, {found} "
            f"(try {path.with_suffix('.svg').name!r})"
        )
    return value


@click.command()
@click.option("--seed", default=0, show_default=True, type=int, help="A fresh game's seed.")
@click.option("--players", default=4, show_default=True, type=int)
@click.option(
    "--moves",
    default=0,
    show_default=True,
    type=click.IntRange(min=0),
    help="Random moves to play from the start.",
)
@click.option(
    "--record",
    "record_file",
    type=click.Path(dir_okay=False),
    help="Draw a recorded game instead (a game file of bbg play, or a .jsonl).",
)
@click.option(
    "--game",
    "index",
    default=0,
    show_default=True,
    type=click.IntRange(min=0),
    help="Which record of the file.",
)
@click.option("--at", "at", type=click.IntRange(min=0), help="Moves of the record to play.")
@click.option("--seat", type=int, help="Draw from this seat's point of view.")
@click.option("--content", "content_dir", type=CONTENT_DIR, help=CONTENT_HELP)
@click.option(
    "-o",
    "--out",
    "out_file",
    required=True,
    type=click.Path(dir_okay=False),
    callback=_svg_file,
    help="The SVG file to write (.svg).",
)
def render(
    seed: int,
    players: int,
    moves: int,
    record_file: str | None,
    index: int,
    at: int | None,
    seat: int | None,
    content_dir: str | None,
    out_file: str,
) -> None:
    """Write an SVG picture of the board of a game."""
    from baldurs_rules.bots import RandomBot
    from baldurs_rules.game import new_game
    from baldurs_rules.present.board_svg import render_svg

    content = load_content_dir(content_dir)
    if record_file:
        record = _read_record(record_file, index)
        game, actions = _start_record(record, content)
        for text in actions[: len(actions) if at is None else at]:
            game.apply(text)
        where = f"game {index} of {record_file} at move {len(game.actions)}"
    else:
        game = new_game(players, seed, False, content)
        bot = RandomBot(seed)
        for _ in range(moves):
            if game.is_over:
                break
            game.apply(bot.choose(game))
        where = f"seed {seed}, {players} players, after {len(game.actions)} random moves"
    if seat is not None and not 0 <= seat < game.state.players:
        raise click.BadParameter(f"must be 0 to {game.state.players - 1}", param_hint="'--seat'")
    Path(out_file).write_text(render_svg(game, seat), encoding="utf-8")
    click.echo(printable(f"wrote {out_file} ({where})"))
