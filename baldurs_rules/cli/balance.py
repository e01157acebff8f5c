"""``bbg balance``: per-card balance reports (table, CSV/JSON file, chart).

Registered on the ``bbg`` group by [`baldurs_rules.cli`][baldurs_rules.cli].
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from rich.console import Console

    from baldurs_rules.runs.balance import BalanceReport
    from baldurs_rules.runs.parallel import Outcome, Plan

from baldurs_rules.cli.common import CONTENT_DIR, CONTENT_HELP, BotsOption, escaped

__all__ = ["balance"]


def _measure(
    plan: Plan, records_file: str | None, resume: bool, label: str, console: Console, top: int
) -> BalanceReport:
    """Run a balance plan; on an interruption show the partial table, then stop."""
    from baldurs_rules.cli.common import run_plan
    from baldurs_rules.runs.balance import report_of

    def show(outcome: Outcome) -> None:
        if outcome.complete:
            return
        console.print(f"{label}: {len(outcome.records)} of {outcome.games} games finished")
        if outcome.records:
            _table(console, report_of(plan, outcome.records), top)

    return report_of(plan, run_plan(plan, records_file, resume, label, show).records)


def _check_output(path: str, suffixes: tuple[str, ...], option: str) -> None:
    """Refuse, before any game is played, a file that could not be written as asked."""
    file = Path(path)
    if file.suffix.lower() not in suffixes:
        raise click.BadParameter(
            f"{path!r} must end in {' or '.join(suffixes)}", param_hint=f"'{option}'"
        )
    if not file.parent.is_dir():
        raise click.BadParameter(
            f"the directory of {path!r} does not exist", param_hint=f"'{option}'"
        )


def _baseline_dir(text: str | None) -> tuple[bool, str | None]:
    """(is there a baseline, its content directory: None for the built-in content)."""
    if text is None:
        return False, None
    if text.strip().lower() == "default":
        return True, None
    if not Path(text).is_dir():
        raise click.BadParameter(
            f"{text!r} is not a directory (or 'default' for the built-in content)",
            param_hint="'--baseline'",
        )
    return True, text


def _sibling(path: str | None, tag: str) -> str | None:
    """``games.jsonl`` -> ``games.baseline.jsonl``."""
    if path is None:
        return None
    file = Path(path)
    return str(file.with_name(file.stem + tag + file.suffix))


def _table(console: Console, report: BalanceReport, top: int) -> None:
    from rich.table import Table

    table = Table(
        title=f"Cards by effectiveness ({report.games} games, {report.players} players,"
        f" bots: {', '.join(report.bots)}) — top and bottom {top}",
        caption="used: share of games where a seat used it; win: win rate of the seats that"
        " used it; lift: win-rate points over the seats that did not",
    )
    for name in ("card", "kind", "used", "win", "95% CI", "lift", "95% CI ", "prestige"):
        table.add_column(
            name, justify="left" if name in ("card", "kind") else "right", no_wrap=True
        )
    rows = report.rows if len(report.rows) <= 2 * top else report.rows[:top] + report.rows[-top:]
    for i, row in enumerate(rows):
        if len(report.rows) > 2 * top and i == top:
            table.add_section()
        table.add_row(
            row.item,
            row.kind,
            f"{row.use_rate:.0%}",
            f"{row.win_rate:.0%}",
            f"{row.win_low * 100:.0f}-{row.win_high * 100:.0f}",
            f"{row.lift * 100:+.0f}",
            f"{row.lift_low * 100:+.0f}..{row.lift_high * 100:+.0f}",
            f"{row.mean_prestige:.1f}",
        )
    console.print(table)
    seats = ", ".join(f"seat {s}: {w:.0%}" for s, w in enumerate(report.seat_win_rates))
    console.print(f"win rate per seat: {seats}")


def _comparison(console: Console, rows: list[dict[str, Any]], top: int) -> None:
    from rich.table import Table

    table = Table(
        title="What the mod changed: its cards, then the others' surest changes of lift",
        caption="status: what the mod did to the card; change: lift with the mod minus lift"
        " without (a new card: its lift), with its 95% interval",
    )
    names = ("card", "status", "use rate", "baseline", "lift", "baseline lift", "change")
    for name in (*names, "95% CI"):
        table.add_column(name, justify="left" if name in ("card", "status") else "right")

    def pct(value: float | None, signed: bool = False) -> str:
        if value is None:
            return "-"
        return f"{value * 100:+.1f}" if signed else f"{value:.0%}"

    changed = [row for row in rows if row["status"] != "unchanged"]
    for row in changed + [row for row in rows if row["status"] == "unchanged"][:top]:
        interval = "-"
        if row["change"] is not None:
            interval = f"{row['change_low'] * 100:+.0f}..{row['change_high'] * 100:+.0f}"
        table.add_row(
            row["item"],
            row["status"],
            pct(row["use_rate"]),
            pct(row["baseline_use_rate"]),
            pct(row["lift"], True),
            pct(row["baseline_lift"], True),
            pct(row["change"], True),
            interval,
        )
    console.print(table)


def _statuses(content_dir: str | None, base_path: str | None) -> dict[str, str]:
    """What the measured content changed against the baseline, card by card."""
    from baldurs_rules.cli.common import load_content_dir
    from baldurs_rules.content.diff import card_statuses, diff_contents

    return card_statuses(diff_contents(load_content_dir(base_path), load_content_dir(content_dir)))


@click.command()
@click.option("--games", default=500, show_default=True, type=click.IntRange(min=1))
@click.option("--players", default=4, show_default=True, type=int)
@click.option(
    "--bots",
    "bot_names",
    default="heuristic",
    show_default=True,
    cls=BotsOption,
    help="Comma-separated bot specs, cycled over the seats ({bots}; e.g. ismcts:think=0.2s).",
)
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1))
@click.option(
    "--advanced/--basic",
    default=True,
    show_default=True,
    help="Advanced games also measure the HQ advanced sides.",
)
@click.option("--content", "content_dir", type=CONTENT_DIR, help=CONTENT_HELP)
@click.option(
    "--baseline",
    "baseline_dir",
    type=click.Path(file_okay=False),
    help="Also run this content ('default' for the default content) and show what changed.",
)
@click.option(
    "--out",
    "out_file",
    default="balance.csv",
    show_default=True,
    type=click.Path(dir_okay=False),
    help="Report file (.csv or .json).",
)
@click.option(
    "--chart",
    "chart_file",
    default="balance.png",
    show_default=True,
    type=click.Path(dir_okay=False),
    help="Chart file (.png or .svg).",
)
@click.option("--top", default=10, show_default=True, type=click.IntRange(min=1))
@click.option(
    "--records",
    "records_file",
    type=click.Path(dir_okay=False),
    help="Also write each game's record as it finishes (.jsonl), to keep or --resume.",
)
@click.option("--resume", is_flag=True, help="Continue the --records file of an interrupted run.")
def balance(
    games: int,
    players: int,
    bot_names: str,
    seed: int,
    jobs: int,
    advanced: bool,
    content_dir: str | None,
    baseline_dir: str | None,
    out_file: str,
    chart_file: str,
    top: int,
    records_file: str | None,
    resume: bool,
) -> None:
    """Per-card balance: use, win rate with confidence interval, prestige; a chart.

    Ctrl-C (or SIGTERM) stops the run and shows the partial table; with
    --records the finished games are kept and --resume continues them.
    """
    from baldurs_rules.cli.common import bot_list, check_players, load_content_dir, make_console
    from baldurs_rules.runs.balance import balance_plan, compare

    names = bot_list(bot_names)
    check_players(load_content_dir(content_dir), players)
    _check_output(out_file, (".csv", ".json"), "--out")
    _check_output(chart_file, (".png", ".svg", ".pdf"), "--chart")
    with_baseline, base_path = _baseline_dir(baseline_dir)
    out = make_console()
    plan = balance_plan(games, players, names, seed, jobs, advanced, content_dir)
    report = _measure(plan, records_file, resume, "games", out, top)
    _table(out, report, top)
    report.write(out_file)
    out.print(f"report written to {escaped(out_file)}")
    try:
        report.chart(chart_file, top)
        out.print(f"chart written to {escaped(chart_file)}")
    except ImportError:
        out.print("no chart: install the extra 'baldurs_rules[balance]' (matplotlib)")
    if with_baseline:
        base_plan = balance_plan(games, players, names, seed, jobs, advanced, base_path)
        base_records = _sibling(records_file, ".baseline")
        base = _measure(base_plan, base_records, resume, "baseline", out, top)
        rows = compare(report, base, _statuses(content_dir, base_path))
        _comparison(out, rows, 2 * top)
        base.write(_sibling(out_file, ".baseline") or out_file)
