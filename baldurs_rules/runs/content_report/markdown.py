"""The content report as Markdown, and the command that prints it or writes it into a page.

[`format_report`][baldurs_rules.runs.content_report.markdown.format_report] turns a
[`content_report`][baldurs_rules.runs.content_report.content_report] into Markdown
tables; [`splice_report`][baldurs_rules.runs.content_report.markdown.splice_report] puts one
between the markers of a block of a page; [`main`][baldurs_rules.runs.content_report.markdown.main]
is ``python -m baldurs_rules.runs.content_report``.

Examples:
    ```sh
    python -m baldurs_rules.runs.content_report --games 200 --players 3 --jobs 2 \\
        --docs docs/content.md --block heuristic-3p
    ```
"""

from __future__ import annotations

import argparse
import datetime
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from baldurs_rules.bots.base import split_specs
from baldurs_rules.errors import RulesError
from baldurs_rules.runs.content_report import COVERAGE_CRITERIA, FACTION_LEVEL, content_report

__all__ = ["format_report", "main", "splice_report"]


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return lines


def _coverage(title: str, counts: dict[str, int], games: int, what: str) -> list[str]:
    """A coverage table: each id, in how many games, rarest first."""
    used = sum(1 for v in counts.values() if v)
    rows = [
        (f"`{k}`", v, f"{v / games:.1%}" if games else "-")
        for k, v in sorted(counts.items(), key=lambda kv: (kv[1], kv[0]))
    ]
    return [
        f"### {title}",
        "",
        f"{used} of {len(counts)} {what} at least once.",
        "",
        *_table(["id", "games", "share of games"], rows),
        "",
    ]


def format_report(report: dict[str, Any]) -> str:
    """The report as Markdown: criteria first, then the tables behind them."""
    games = report["settings"]["games"]
    out = [
        *_criteria_section(report),
        *_balance_section(report),
        *_steps_section(report),
        *_layers_section(report),
        *_attacks_line(report["attacks"], games),
        *_wins_section(report),
        *_length_section(report["length"]),
        *_factions_section(report["factions"]),
        *_coverage("Buildings built", report["buildings"], games, "buildings were built"),
        *_coverage("Agendas scored (value > 0)", report["agendas"], games, "agendas scored"),
        *_coverage("Location trades used", report["trades"], games, "trades were used"),
        f"Simulated in {report['seconds']:.1f} s.",
    ]
    return "\n".join(out) + "\n"


def _criteria_section(report: dict[str, Any]) -> list[str]:
    """The title, the settings and whether each criterion holds."""
    s = report["settings"]
    setup = "advanced" if s.get("advanced") else "basic"
    out = [
        f"## Content report: {s['games']} games, {s['players']} players,"
        f" bots {', '.join(s['bots'])}, seed {s['seed']}",
        "",
        f"Content `{s['content']}` (fingerprint `{s['fingerprint']}`), {setup} setup.",
        "",
        "### Criteria",
        "",
        "Judged by the criteria marked *checked* (those of "
        + ("random" if report["checked"] == list(COVERAGE_CRITERIA) else "strong")
        + f" bots): {'all hold' if report['ok'] else '**some fail**'}.",
        "",
    ]
    return out + _table(
        ["criterion", "checked", "ok", "missing"],
        [
            (
                name,
                "checked" if name in report["checked"] else "-",
                "yes" if c["ok"] else "**no**",
                "; ".join(c["missing"]) or "-",
            )
            for name, c in report["criteria"].items()
        ],
    )


def _balance_section(report: dict[str, Any]) -> list[str]:
    """Each balance criterion: its figure, its target and whether it is met."""
    table = _table(
        ["criterion", "figure", "target", "met"],
        [
            (r["criterion"], r["figure"], r["target"], "met" if r["met"] else "**not met**")
            for r in report["balance"]
        ],
    )
    return ["", "### Balance criteria (issue 22)", "", *table]


def _steps_section(report: dict[str, Any]) -> list[str]:
    """The mean prestige of each scoring step and its share of the final score."""
    rows = [("before scoring", f"{report['before_scoring']:.2f}", "-", "-")]
    for step, v in report["steps"].items():
        rows.append((step, f"{v['mean']:.2f}", f"{v['share']:.1%}", v["games"]))
    rows.append(("**total**", f"{report['total']:.2f}", "100%", "-"))
    table = _table(["step", "mean prestige", "share of final score", "games with prestige"], rows)
    return ["", "### Prestige per scoring step (mean per player)", "", *table]


def _layers_section(report: dict[str, Any]) -> list[str]:
    """Where prestige comes from, layer by layer."""
    table = _table(
        ["layer", "mean prestige per player", "share of all prestige"],
        [(k, f"{v['mean']:.2f}", f"{v['share']:.1%}") for k, v in report["layers"].items()],
    )
    return ["", "### Where prestige comes from (all seats, all games)", "", *table]


def _attacks_line(a: dict[str, Any], games: int) -> list[str]:
    """The attacks, held and paid, in one sentence."""
    return [
        "",
        f"Attacks: {a['all']}, of which {a['held']} held ({a['held_share']:.1%});"
        f" held attacks paid prestige in {a['games_with_held_prestige']} of {games} games"
        f" ({a['held_prestige']:.2f} prestige per game).",
        "",
    ]


def _wins_section(report: dict[str, Any]) -> list[str]:
    """The wins of each seat, shared victories split."""
    table = _table(
        ["seat", "wins", "share"],
        [
            (seat, f"{w:g}", f"{sh:.1%}")
            for seat, (w, sh) in enumerate(
                zip(report["wins_per_seat"], report["win_share"], strict=True)
            )
        ],
    )
    return ["### Wins per seat (shared victories split)", "", *table]


def _length_section(length: dict[str, Any]) -> list[str]:
    """How long the games lasted."""
    return [
        "",
        "### Game length",
        "",
        *_table(
            ["median turns", "mean", "min", "max", "ended by the turn limit"],
            [
                (
                    f"{length['median_turns']:g}",
                    f"{length['mean_turns']:.1f}",
                    length["min_turns"],
                    length["max_turns"],
                    f"{length['turn_limit_games']} ({length['turn_limit_rate']:.1%})",
                )
            ],
        ),
        "",
    ]


def _factions_section(factions: dict[str, Any]) -> list[str]:
    """How far each faction track went, space by space."""
    table = _table(
        [
            "faction",
            "max level",
            f"games at level {FACTION_LEVEL}+",
            *(f"space {i}" for i in range(1, FACTION_LEVEL + 1)),
        ],
        [
            (
                f"`{fid}`",
                f["max_level"],
                f["games_at_level"],
                *(
                    f"{f['spaces'][i]}" + ("" if i in f["rewarded"] else " (no reward)")
                    for i in range(1, FACTION_LEVEL + 1)
                ),
            )
            for fid, f in factions.items()
        ],
    )
    return ["### Faction tracks", "", *table, ""]


def splice_report(text: str, block: str, body: str, where: str = "the document") -> str:
    r"""``text`` with the lines between the markers of ``block`` replaced by ``body``.

    The markers are ``<!-- content-report:BLOCK -->`` and ``<!-- /content-report:BLOCK -->``,
    each alone on its line; the headings of ``body`` are moved one level down (a report's
    ``##`` becomes ``###``), so a report can sit under a heading of the page.

    Raises:
        RulesError: A marker is missing or out of order (``where`` names the document).

    Examples:
        >>> page = "# Page\n<!-- content-report:x -->\nold\n<!-- /content-report:x -->\n"
        >>> print(splice_report(page, "x", "## New\nfigures\n"), end="")
        # Page
        <!-- content-report:x -->
        ### New
        figures
        <!-- /content-report:x -->
    """
    start, end = f"<!-- content-report:{block} -->", f"<!-- /content-report:{block} -->"
    lines = text.splitlines(keepends=True)
    stripped = [line.strip() for line in lines]
    if start not in stripped or end not in stripped[stripped.index(start) :]:
        found = sorted({m for m in stripped if m.startswith("<!-- content-report:")})
        raise RulesError(
            f"{where}: no block {block!r} (a line {start!r}, later a line {end!r});"
            f" blocks there: {', '.join(found) or 'none'}"
        )
    first = stripped.index(start)
    last = first + stripped[first:].index(end)
    demoted = [("#" + line) if line.startswith("#") else line for line in body.splitlines()]
    return (
        "".join(lines[: first + 1])
        + "".join(f"{line}\n" for line in demoted)
        + "".join(lines[last:])
    )


def _command(argv: Sequence[str]) -> str:
    """The command line of a run, without the ``--docs``/``--block`` options."""
    kept: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg in ("--docs", "--block"):
            skip = True
        elif not arg.startswith(("--docs=", "--block=")):
            kept.append(arg)
    return " ".join(["python -m baldurs_rules.runs.content_report", *kept])


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m baldurs_rules.runs.content_report``: simulate and print the report.

    With ``--docs FILE --block NAME`` the report (with the command that made it) also
    replaces the block ``NAME`` of a Markdown page (see
    [`splice_report`][baldurs_rules.runs.content_report.markdown.splice_report]): this is how the
    figures of ``docs/content.md`` are written.

    Returns:
        The exit status: 0 when every criterion the bots are judged by holds
        (``checked_criteria``), 1 otherwise.
    """
    parser = argparse.ArgumentParser(
        prog="python -m baldurs_rules.runs.content_report",
        description="Simulate bot games and print the content's coverage, balance and"
        " game-length figures as Markdown.",
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--bots", default="heuristic", help="comma-separated bot specs (default heuristic)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--content", default=None, help="content directory (default content)")
    parser.add_argument(
        "--basic", action="store_true", help="basic setup (the default is the advanced setup)"
    )
    parser.add_argument("--docs", default=None, help="a Markdown page to write the report into")
    parser.add_argument("--block", default=None, help="the block of --docs to replace")
    args = parser.parse_args(argv)
    if (args.docs is None) != (args.block is None):
        parser.error("--docs and --block go together")
    report = content_report(
        games=args.games,
        players=args.players,
        bots=split_specs(args.bots),
        seed=args.seed,
        jobs=args.jobs,
        content_path=args.content,
        advanced=not args.basic,
    )
    text = format_report(report) + f"Run on {datetime.date.today().isoformat()}.\n"
    sys.stdout.write(text)
    if args.docs is not None:
        page = Path(args.docs)
        command = _command(sys.argv[1:] if argv is None else argv)
        body = f"Command:\n\n```sh\n{command}\n```\n\n{text}"
        page.write_text(splice_report(page.read_text(), args.block, body, str(page)))
    return 0 if report["ok"] else 1
