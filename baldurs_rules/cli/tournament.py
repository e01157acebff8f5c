"""``bbg tournament``: seat-rotated bot games and a ratings table.

Registered on the ``bbg`` group by [`baldurs_rules.cli`][baldurs_rules.cli]; the
work is [`run_tournament`][baldurs_rules.runs.tournament.run_tournament].
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from baldurs_rules.cli.common import CONTENT_HELP, BotsOption

if TYPE_CHECKING:
    from rich.console import Console

    from baldurs_rules.runs.tournament import TournamentResult

__all__ = ["tournament"]


def _table(out: Console, result: TournamentResult) -> None:
    from rich.table import Table

    table = Table(
        title=f"Ratings ({result.games} games, {result.players} players, seats rotated)",
        caption="win: wins per seat played (a shared victory splits one win), 95% Wilson"
        " interval; rating: Bradley–Terry on the Elo scale (mean 0), 95% interval"
        " (bootstrap over games, at least the fit's own)",
    )
    for name in ("bot", "seats", "wins", "win", "95% CI", "prestige", "rating", "95% CI "):
        table.add_column(name, justify="left" if name == "bot" else "right", no_wrap=True)
    for row in result.ratings:
        table.add_row(
            row.bot,
            str(row.seats),
            f"{row.wins:g}",
            f"{row.win_rate:.0%}",
            f"{row.win_low * 100:.0f}-{row.win_high * 100:.0f}",
            f"{row.mean_prestige:.1f}",
            f"{row.rating:+.0f}",
            f"{row.rating_low:+.0f}..{row.rating_high:+.0f}",
        )
    out.print(table)


@click.command()
@click.option(
    "--bots",
    "bot_names",
    default="ismcts,heuristic,greedy,random",
    show_default=True,
    cls=BotsOption,
    help="Bot specs, comma separated (name or name:key=value,...; {bots}). With fewer bots than"
    " seats the last fills the other seats; with more, every combination plays.",
)
@click.option("--players", default=4, show_default=True, type=int)
@click.option(
    "--games",
    default=40,
    show_default=True,
    type=click.IntRange(min=1),
    help="Games in all (rounded up so every bot plays every seat equally often).",
)
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1))
@click.option("--think", help="Time per decision for bots that search (e.g. 0.5s, 500ms).")
@click.option("--seed", default=0, show_default=True, type=int, help="Game i uses seed + i.")
@click.option("--advanced", is_flag=True, help="Use the advanced setup.")
@click.option("--content", "content_dir", type=click.Path(file_okay=False), help=CONTENT_HELP)
@click.option("--out", "out_file", type=click.Path(dir_okay=False), help="Write records (.jsonl).")
def tournament(
    bot_names: str,
    players: int,
    games: int,
    jobs: int,
    think: str | None,
    seed: int,
    advanced: bool,
    content_dir: str | None,
    out_file: str | None,
) -> None:
    """Play seat-rotated games between bots and rate them."""
    from baldurs_rules.bots import split_specs
    from baldurs_rules.cli.common import (
        check_players,
        escaped,
        load_content_dir,
        make_console,
        progress_bar,
    )
    from baldurs_rules.errors import RulesError
    from baldurs_rules.runs.tournament import lineups, planned_games, run_tournament

    try:
        names = split_specs(bot_names)
        tables = lineups([str(_spec(n)) for n in names], players)
    except RulesError as exc:
        raise click.BadParameter(exc.message, param_hint="'--bots'") from None
    check_players(load_content_dir(content_dir), players)
    if out_file:
        open(out_file, "w", encoding="utf-8").close()  # fail before playing, not after
    total = planned_games(games, len(tables), players) * len(tables)
    out = make_console()
    for table in tables:
        out.print(f"line-up: {', '.join(table)} (rotated over the seats)")
    with progress_bar("games", total) as advance:
        result = run_tournament(
            names,
            players,
            games,
            seed=seed,
            jobs=jobs,
            think=think,
            advanced=advanced,
            content_path=content_dir,
            progress=advance,
        )
    _table(out, result)
    if out_file:
        with open(out_file, "w", encoding="utf-8") as handle:
            for record in result.records:
                handle.write(json.dumps(record, separators=(",", ":")) + "\n")
        out.print(f"records written to {escaped(out_file)}")


def _spec(text: str) -> object:
    from baldurs_rules.bots import parse_spec

    return parse_spec(text)
