"""Does the content play? Coverage, balance and game-length figures from bot games.

[`content_report`][baldurs_rules.content_report.content_report] simulates games
(with [`simulate`][baldurs_rules.simulate.simulate] and the per-game extra
[`game_figures`][baldurs_rules.content_report.game_figures]) and answers the
questions a content designer asks of a rule set:

1. was every building card built at least once?
2. was every agenda scored (worth more than 0) at least once?
3. was every location trade used at least once?
4. did some player reach level 6 (``FACTION_LEVEL``) on every faction track, and
   was every reward of the spaces 1 to 6 received?
5. does every seat win between 15% and 35% of the games (``SEAT_SHARE``)?
6. did each scoring step and held attacks give prestige in some games?

plus the mean prestige of each scoring step (and its share of the final score),
the game length and how many games ended by the turn limit instead of the lot
bag. [`format_report`][baldurs_rules.content_report.format_report] prints the
figures as Markdown tables.

Examples:
    ```sh
    python -m baldurs_rules.content_report --games 1000 --jobs 2
    ```

    ```python
    from baldurs_rules.content_report import content_report
    report = content_report(games=200, jobs=2)
    assert report["criteria"]["buildings"]["ok"], report["criteria"]["buildings"]["missing"]
    ```
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from baldurs_rules.bots.base import split_specs
from baldurs_rules.content.loader import load_content
from baldurs_rules.errors import RulesError
from baldurs_rules.game import Game
from baldurs_rules.rules import Rules

__all__ = [
    "COVERAGE_CRITERIA",
    "FACTION_LEVEL",
    "PLAY_CRITERIA",
    "SEAT_SHARE",
    "checked_criteria",
    "content_report",
    "format_report",
    "game_figures",
    "main",
    "splice_report",
]

FACTION_LEVEL = 6
"""Criterion 4: every faction's rewards up to this space must be collected in some game."""

SEAT_SHARE = (0.15, 0.35)
"""Criterion 5: the lowest and highest share of the wins any seat may have."""

STEPS = ("agendas", "network", "districts", "leftovers")
"""The final scoring steps, in order (as ``Game.result().steps`` names them)."""

LAYERS = ("buildings", "factions", "network", "districts", "defense", "locations", "leftovers")
"""Where prestige comes from (see
[`prestige_layer`][baldurs_rules.content_report.prestige_layer])."""

MIN_LAYER_SHARE = 0.08
"""Each layer that must matter (all but ``locations`` and ``leftovers``) gives at least
this share of all prestige."""
MAX_LEFTOVERS = 0.15
"""Leftovers give at most this share of all prestige."""
MIN_HELD = 0.25
"""At least this share of all attacks (the final one included) is held."""
SEAT_BAND = {2: (0.40, 0.60), 3: (0.25, 0.42), 4: (0.20, 0.30)}
"""The band every seat's win share must fall in, by player count (4 players: 20-30%)."""

COVERAGE_CRITERIA = ("buildings", "agendas", "trades", "factions", "steps")
"""What random bots must show: every card built, agenda scored, trade used, faction
level reached, scoring step paid (random players try everything; strong ones do not)."""
PLAY_CRITERIA = ("steps", "seats", "layers", "defense", "length")
"""What strong bots (all but ``random``) must show: every scoring step pays, seats win
within ``SEAT_BAND``, every layer matters, attacks are held, no game hits the turn limit."""


def checked_criteria(bots: Sequence[str]) -> tuple[str, ...]:
    """The criteria a run with these bots is judged by (and ``main`` exits on).

    Random bots only: ``COVERAGE_CRITERIA``; any other bot in the list: ``PLAY_CRITERIA``.

    Examples:
        >>> checked_criteria(["random"])
        ('buildings', 'agendas', 'trades', 'factions', 'steps')
        >>> checked_criteria(["ismcts:iterations=100", "heuristic"])[-1]
        'length'
    """
    if all(bot.split(":", 1)[0].strip() == "random" for bot in bots):
        return COVERAGE_CRITERIA
    return PLAY_CRITERIA


def prestige_layer(cause: str, content: Any) -> str:
    """The layer of the game a prestige change comes from, by its cause.

    ``buildings``: building, gate and HQ effects and connection bonuses (``bonus:``);
    ``factions``: faction track rewards and the agendas scored at the end;
    ``network``/``districts``/``leftovers``: those scoring steps; ``defense``:
    held attacks; ``locations``: trades of special locations.

    Examples:
        >>> from baldurs_rules import load_content
        >>> c = load_content()
        >>> causes = ("bonus:lot_5", "agenda:host_of_the_city", "attack:seatower")
        >>> [prestige_layer(cause, c) for cause in causes]
        ['buildings', 'factions', 'defense']
    """
    head, _, tail = cause.partition(":")
    if cause.startswith("score:"):
        return {"network": "network", "districts": "districts"}.get(tail, "leftovers")
    if head == "attack":
        return "defense"
    if head in ("bonus",) or cause in content.buildings or cause in content.gates:
        return "buildings"
    if cause in content.hqs:
        return "buildings"
    if head == "agenda" or any(f.id == head for f in content.factions):
        return "factions"
    if any(loc.id == head for loc in content.locations):
        return "locations"
    return "buildings"


def game_figures(game: Game) -> dict[str, Any]:
    """What a finished game shows about the content (an ``extras`` function for simulate).

    Returns:
        ``built`` (building card ids built), ``agendas`` (agenda ids scored with a
        value above 0), ``trades`` (``<location>:<n>`` of the trades used),
        ``levels`` (faction id -> the highest influence level any player reached),
        ``spaces`` (faction id -> the track spaces some player passed or landed
        on, so received the reward of), ``held`` (regular and final attacks held),
        ``attacks`` (all attacks), ``held_prestige`` (prestige paid by held
        attacks), ``unpaid_holds`` (held attacks that paid nobody), ``layers``
        (layer -> prestige, all seats), ``turn_limit`` (the game ended by the turn
        limit, not by the lot bag).
    """
    tables = Rules.of(game.content).t
    score = tables.resource_ids[tables.prestige]
    built: set[str] = set()
    agendas: set[str] = set()
    trades: set[str] = set()
    levels: dict[str, int] = {f.id: 0 for f in game.content.factions}
    spaces: dict[str, set[int]] = {f.id: set() for f in game.content.factions}
    held = held_prestige = attacks = 0
    layers = dict.fromkeys(LAYERS, 0)
    holds: list[int] = []  # prestige paid by each held attack, in order
    turn_limit = False
    for event in game.events:
        kind = event["kind"]
        if kind == "build":
            built.add(event["card"])
        elif kind == "agenda_scored":
            if event["value"] > 0:
                agendas.add(event["cause"])
        elif kind == "trade":
            trades.add(event["cause"])
        elif kind == "influence":
            faction, level = event["faction"], event["level"]
            levels[faction] = max(levels[faction], level)
            spaces[faction].update(range(level - event["delta"] + 1, level + 1))
        elif kind == "attack":
            attacks += 1
            if event["held"]:
                held += 1
                holds.append(0)
        elif kind == "resource" and event["resource"] == score:
            layer = prestige_layer(event["cause"], game.content)
            layers[layer] += event["delta"]
            if layer == "defense" and holds:
                held_prestige += event["delta"]
                holds[-1] += event["delta"]
        elif kind == "final_round":
            turn_limit = event["cause"] == "turn_limit"
    return {
        "built": sorted(built),
        "agendas": sorted(agendas),
        "trades": sorted(trades),
        "levels": levels,
        "spaces": {k: sorted(v) for k, v in spaces.items()},
        "held": held,
        "attacks": attacks,
        "held_prestige": held_prestige,
        "unpaid_holds": sum(1 for paid in holds if paid == 0),
        "layers": layers,
        "turn_limit": turn_limit,
    }


def _count(records: Sequence[dict[str, Any]], key: str, ids: Sequence[str]) -> dict[str, int]:
    """In how many games each id appears in the extras' list ``key``."""
    counts = dict.fromkeys(ids, 0)
    for record in records:
        for item in record["extras"][key]:
            counts[item] = counts.get(item, 0) + 1
    return counts


def content_report(
    games: int = 1000,
    players: int = 4,
    bots: Sequence[str] = ("heuristic",),
    seed: int = 0,
    jobs: int = 1,
    content_path: str | None = None,
    advanced: bool = True,
) -> dict[str, Any]:
    """Simulate ``games`` games and compute every figure of the content's acceptance criteria.

    Args:
        games: How many games (game ``i`` uses seed ``seed + i``).
        players: Seats per game.
        bots: Bot names, cycled over the seats (see ``simulate``).
        seed: The first game's seed.
        jobs: Worker processes.
        content_path: A content directory (the default content if None).
        advanced: Use the advanced setup (HQ advanced sides, 5 cards dealt, keep 3).

    Returns:
        A dict of plain data: ``settings``; ``buildings``, ``agendas``, ``trades``
        (id -> games where it was built / scored above 0 / used); ``factions``
        (id -> ``max_level``, ``games_at_level`` (games where someone reached
        ``FACTION_LEVEL``), ``spaces`` (space -> games where it was reached) and
        ``rewarded`` (the spaces up to ``FACTION_LEVEL`` that carry a reward));
        ``wins_per_seat`` and ``win_share`` (shared victories split);
        ``steps`` (step -> ``mean`` prestige per player, ``share`` of the mean
        final score, ``games`` where someone scored in it), with
        ``before_scoring`` and ``total`` means; ``attacks`` (``held``,
        ``games_with_held_prestige``, mean ``held_prestige`` per game);
        ``length`` (``mean_turns``, ``min_turns``, ``max_turns``,
        ``turn_limit_games``, ``turn_limit_rate``); ``seconds`` of simulation;
        ``criteria``: name -> ``{"ok": bool, "missing": [...]}`` for
        ``buildings``, ``agendas``, ``trades``, ``factions``, ``seats``,
        ``steps``, ``layers``, ``defense`` and ``length``; and ``checked``: the
        names the bots are judged by (``checked_criteria``) and ``ok``: whether
        all of those hold.
    """
    from baldurs_rules.simulate import simulate

    content = load_content(content_path)
    started = time.perf_counter()
    records = simulate(
        games,
        players,
        list(bots),
        seed=seed,
        jobs=jobs,
        advanced=advanced,
        content_path=content_path,
        extras=game_figures,
    )
    seconds = time.perf_counter() - started
    n = len(records)

    buildings = _count(records, "built", sorted(content.buildings))
    agendas = _count(records, "agendas", sorted(content.agendas))
    trade_ids = [f"{loc.id}:{i + 1}" for loc in content.locations for i in range(len(loc.trades))]
    trades = _count(records, "trades", trade_ids)

    factions: dict[str, Any] = {}
    for faction in content.factions:
        top = len(faction.rewards)
        reached = dict.fromkeys(range(1, top + 1), 0)
        for record in records:
            for space in record["extras"]["spaces"][faction.id]:
                reached[space] += 1
        factions[faction.id] = {
            "max_level": max((r["extras"]["levels"][faction.id] for r in records), default=0),
            "games_at_level": sum(
                1 for r in records if r["extras"]["levels"][faction.id] >= FACTION_LEVEL
            ),
            "spaces": reached,
            "rewarded": [
                i + 1
                for i, reward in enumerate(faction.rewards[:FACTION_LEVEL])
                if reward is not None
            ],
        }

    wins = [0.0] * players
    for record in records:
        for seat in record["winners"]:
            wins[seat] += 1 / len(record["winners"])
    share = [w / n if n else 0.0 for w in wins]

    seats_played = n * players
    total = sum(sum(r["prestige"]) for r in records) / max(1, seats_played)
    steps: dict[str, Any] = {}
    for step in STEPS:
        mean = sum(sum(r["steps"][step]) for r in records) / max(1, seats_played)
        steps[step] = {
            "mean": mean,
            "share": mean / total if total else 0.0,
            "games": sum(1 for r in records if any(v > 0 for v in r["steps"][step])),
        }
    before = sum(sum(r["before_scoring"]) for r in records) / max(1, seats_played)

    all_attacks = sum(r["extras"]["attacks"] for r in records)
    attacks = {
        "held": sum(r["extras"]["held"] for r in records),
        "all": all_attacks,
        "held_share": sum(r["extras"]["held"] for r in records) / max(1, all_attacks),
        "unpaid_holds": sum(r["extras"]["unpaid_holds"] for r in records),
        "games_with_held_prestige": sum(1 for r in records if r["extras"]["held_prestige"] > 0),
        "held_prestige": sum(r["extras"]["held_prestige"] for r in records) / max(1, n),
    }
    layer_sum = {k: sum(r["extras"]["layers"][k] for r in records) for k in LAYERS}
    prestige_sum = sum(layer_sum.values())
    layers = {
        k: {"mean": v / max(1, seats_played), "share": v / prestige_sum if prestige_sum else 0.0}
        for k, v in layer_sum.items()
    }
    turns = [r["turns"] for r in records]
    limit_games = sum(1 for r in records if r["extras"]["turn_limit"])
    length = {
        "median_turns": statistics.median(turns) if turns else 0,
        "mean_turns": sum(turns) / n if n else 0.0,
        "min_turns": min(turns, default=0),
        "max_turns": max(turns, default=0),
        "turn_limit_games": limit_games,
        "turn_limit_rate": limit_games / n if n else 0.0,
    }

    low, high = SEAT_BAND.get(players, SEAT_SHARE)
    faction_missing = [
        f"{fid}: level {FACTION_LEVEL} never reached (max {f['max_level']})"
        for fid, f in factions.items()
        if f["games_at_level"] == 0
    ] + [
        f"{fid}: reward of space {space} never received"
        for fid, f in factions.items()
        for space in f["rewarded"]
        if f["spaces"][space] == 0
    ]
    step_missing = [
        f"{step}: no prestige in any game" for step in STEPS if not steps[step]["games"]
    ]
    if not attacks["games_with_held_prestige"]:
        step_missing.append("held attacks: no prestige in any game")
    criteria = {
        "buildings": [k for k, v in buildings.items() if v == 0],
        "agendas": [k for k, v in agendas.items() if v == 0],
        "trades": [k for k, v in trades.items() if v == 0],
        "factions": faction_missing,
        "seats": [
            f"seat {seat}: {s:.1%} of the wins (not within {low:.0%} to {high:.0%})"
            for seat, s in enumerate(share)
            if not low <= s <= high
        ],
        "steps": step_missing,
        "layers": [
            f"{k}: {layers[k]['share']:.1%} of all prestige (at least {MIN_LAYER_SHARE:.0%})"
            for k in LAYERS
            if k not in ("locations", "leftovers") and layers[k]["share"] < MIN_LAYER_SHARE
        ]
        + (
            [f"leftovers: {layers['leftovers']['share']:.1%} (at most {MAX_LEFTOVERS:.0%})"]
            if layers["leftovers"]["share"] > MAX_LEFTOVERS
            else []
        ),
        "defense": (
            [f"attacks held: {attacks['held_share']:.1%} (at least {MIN_HELD:.0%})"]
            if attacks["held_share"] < MIN_HELD
            else []
        )
        + (
            [f"{attacks['unpaid_holds']} held attacks paid nobody"]
            if attacks["unpaid_holds"]
            else []
        ),
        "length": (
            [
                f"{limit_games} games ended by the turn limit (seeds"
                f" {', '.join(str(r['seed']) for r in records if r['extras']['turn_limit'])})"
            ]
            if limit_games
            else []
        ),
    }
    checked = checked_criteria(bots)
    return {
        "checked": list(checked),
        "ok": all(not criteria[name] for name in checked),
        "settings": {
            "games": n,
            "players": players,
            "bots": list(bots),
            "seed": seed,
            "advanced": advanced,
            "content": content_path or "default",
            "fingerprint": content.fingerprint,
        },
        "buildings": buildings,
        "agendas": agendas,
        "trades": trades,
        "factions": factions,
        "wins_per_seat": wins,
        "win_share": share,
        "steps": steps,
        "layers": layers,
        "before_scoring": before,
        "total": total,
        "attacks": attacks,
        "length": length,
        "seconds": seconds,
        "criteria": {
            name: {"ok": not missing, "missing": missing} for name, missing in criteria.items()
        },
    }


# ------------------------------------------------------------------ Markdown


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
    s = report["settings"]
    games = s["games"]
    setup = "advanced" if s.get("advanced") else "basic"
    out = [
        f"## Content report: {games} games, {s['players']} players,"
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
    out += _table(
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
    steps = report["steps"]
    out += ["", "### Prestige per scoring step (mean per player)", ""]
    rows = [("before scoring", f"{report['before_scoring']:.2f}", "-", "-")]
    for step, v in steps.items():
        rows.append((step, f"{v['mean']:.2f}", f"{v['share']:.1%}", v["games"]))
    rows.append(("**total**", f"{report['total']:.2f}", "100%", "-"))
    out += _table(["step", "mean prestige", "share of final score", "games with prestige"], rows)
    out += ["", "### Where prestige comes from (all seats, all games)", ""]
    out += _table(
        ["layer", "mean prestige per player", "share of all prestige"],
        [(k, f"{v['mean']:.2f}", f"{v['share']:.1%}") for k, v in report["layers"].items()],
    )
    a = report["attacks"]
    out += [
        "",
        f"Attacks: {a['all']}, of which {a['held']} held ({a['held_share']:.1%});"
        f" held attacks paid prestige in {a['games_with_held_prestige']} of {games} games"
        f" ({a['held_prestige']:.2f} prestige per game).",
        "",
        "### Wins per seat (shared victories split)",
        "",
    ]
    out += _table(
        ["seat", "wins", "share"],
        [
            (seat, f"{w:g}", f"{sh:.1%}")
            for seat, (w, sh) in enumerate(
                zip(report["wins_per_seat"], report["win_share"], strict=True)
            )
        ],
    )
    length = report["length"]
    out += [
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
        "### Faction tracks",
        "",
    ]
    out += _table(
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
            for fid, f in report["factions"].items()
        ],
    )
    out.append("")
    out += _coverage("Buildings built", report["buildings"], games, "buildings were built")
    out += _coverage("Agendas scored (value > 0)", report["agendas"], games, "agendas scored")
    out += _coverage("Location trades used", report["trades"], games, "trades were used")
    out.append(f"Simulated in {report['seconds']:.1f} s.")
    return "\n".join(out) + "\n"


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
    return " ".join(["python -m baldurs_rules.content_report", *kept])


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m baldurs_rules.content_report``: simulate and print the report.

    With ``--docs FILE --block NAME`` the report (with the command that made it) also
    replaces the block ``NAME`` of a Markdown page (see
    [`splice_report`][baldurs_rules.content_report.splice_report]): this is how the
    figures of ``docs/content.md`` are written.

    Returns:
        The exit status: 0 when every criterion the bots are judged by holds
        (``checked_criteria``), 1 otherwise.
    """
    parser = argparse.ArgumentParser(
        prog="python -m baldurs_rules.content_report",
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


if __name__ == "__main__":
    raise SystemExit(main())
