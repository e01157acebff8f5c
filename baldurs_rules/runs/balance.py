"""Per-card balance reports from bot simulations.

For every card (buildings, gates, agendas, HQ advanced sides) and every
location trade, a report says how often it was built / used / scored, the win
rate of the seats that used it against the seats that did not (with a 95%
Wilson interval), the difference of the two (the *lift*, with its interval),
and the mean prestige it gave directly. Rows are ranked by the lower end of
the lift's interval (Newcombe's method, from two Wilson intervals), so a card
tops the report only when it clearly helps: one lucky use is not enough.

Examples:
    ```python
    from baldurs_rules.runs.balance import run_balance
    report = run_balance(games=500, players=4, bots=["heuristic"], jobs=2)
    print(report.rows[0].item, report.rows[0].lift)
    ```
"""

from __future__ import annotations

import csv
import json
import math
import os
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from baldurs_rules.content.model import Content
from baldurs_rules.game import Game
from baldurs_rules.rules import Rules
from baldurs_rules.runs.parallel import Plan

__all__ = [
    "STATUS_LABELS",
    "BalanceReport",
    "CardRow",
    "balance_plan",
    "card_usage",
    "compare",
    "content_items",
    "per_card",
    "report_of",
    "run_balance",
    "wilson",
]


def card_usage(game: Game) -> dict[str, Any]:
    """What each seat did with each card in a finished game (an extra for simulate).

    Returns ``{"items": {item: {seat: [uses, prestige]}}, "kinds": {item: kind}}``,
    where an item is a card id or ``<location>:<trade>``.
    """
    items: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    kinds: dict[str, str] = {}
    content, state = game.content, game.state
    events = game.events
    for event in events:
        kind, seat = event["kind"], event["seat"]
        if kind == "build":
            items[event["card"]][seat][0] += 1
            kinds[event["card"]] = "building"
        elif kind == "gate_card":
            items[event["card"]][seat][0] += 1
            kinds[event["card"]] = "gate"
        elif kind == "trade":
            items[event["cause"]][seat][0] += 1
            kinds[event["cause"]] = "trade"
        elif kind == "agenda_scored":
            items[event["cause"]][seat][0] += 1
            kinds[event["cause"]] = "agenda"
    t = Rules.of(content).t
    score = t.resource_ids[t.prestige]
    for event in events:
        if event["kind"] == "resource" and event["resource"] == score:
            cause = event["cause"].removeprefix("agenda:")
            if cause in kinds or cause in content.hqs:
                items[cause][event["seat"]][1] += event["delta"]
    if state.advanced:
        for seat, hq in enumerate(state.hq):
            items[hq][seat][0] += 1
            kinds[hq] = "hq"
    return {
        "items": {
            k: {s: v for s, v in seats.items() if v[0] > 0}
            for k, seats in items.items()
            if k in kinds
        },
        "kinds": kinds,
    }


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate.

    Examples:
        >>> low, high = wilson(50, 100)
        >>> round(low, 3), round(high, 3)
        (0.404, 0.596)
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class CardRow:
    """One line of the report.

    Attributes:
        item: A card id, or ``<location>:<trade>`` for a location trade.
        kind: ``building``, ``gate``, ``agenda``, ``hq`` or ``trade``.
        games_used: Games in which some seat used it.
        uses: Times it was used (built, taken, made, scored, picked) in all games.
        use_rate: ``games_used`` over all games.
        win_rate: Win share of the (game, seat) pairs that used it, with its
            95% Wilson interval ``win_low``..``win_high``.
        others_win_rate: Win share of all other (game, seat) pairs.
        lift: ``win_rate - others_win_rate``, with its 95% interval
            ``lift_low``..``lift_high``.
        mean_prestige: Prestige it gave directly, per (game, seat) that used it.
    """

    item: str
    kind: str
    games_used: int
    uses: int
    use_rate: float
    win_rate: float
    win_low: float
    win_high: float
    others_win_rate: float
    lift: float
    lift_low: float
    lift_high: float
    mean_prestige: float


@dataclass
class BalanceReport:
    """The whole report: card rows (ranked), seat win rates, and the run's settings."""

    games: int
    players: int
    bots: list[str]
    rows: list[CardRow]
    seat_win_rates: list[float]
    settings: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        """The report as JSON text."""
        return json.dumps(asdict(self), indent=2)

    def write(self, path: str | Path) -> Path:
        """Write as ``.csv`` or ``.json`` (by the file's suffix)."""
        path = Path(path)
        if path.suffix.lower() == ".json":
            path.write_text(self.to_json(), encoding="utf-8")
            return path
        with path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(CardRow.__dataclass_fields__))
            writer.writeheader()
            writer.writerows(asdict(row) for row in self.rows)
        return path

    def chart(self, path: str | Path, top: int = 10) -> Path:
        """A bar chart (PNG or SVG) of the ``top`` most and least effective cards.

        The file carries the figures it shows as its ``Description`` metadata (one
        ``item lift [low, high]`` per bar, in percentage points), so a chart can be
        checked against a report without comparing pixels.
        """
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        rows = self.rows[:top] + self.rows[-top:] if len(self.rows) > 2 * top else self.rows
        labels = [r.item for r in rows]
        lifts = [r.lift * 100 for r in rows]
        errors = [
            [(r.lift - r.lift_low) * 100 for r in rows],
            [(r.lift_high - r.lift) * 100 for r in rows],
        ]
        fig, ax = plt.subplots(figsize=(9, 0.32 * len(rows) + 1.5))
        colours = ["#2a9d8f" if x >= 0 else "#e76f51" for x in lifts]
        ax.barh(range(len(rows)), lifts, xerr=errors, color=colours, capsize=2)
        ax.set_yticks(range(len(rows)), labels, fontsize=8)
        ax.invert_yaxis()
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_xlabel("win-rate lift of the seats that used it (percentage points, 95% CI)")
        title = (
            f"Most and least effective cards ({self.games} games,"
            f" {self.players} players, bots: {', '.join(self.bots)})"
        )
        ax.set_title(title)
        fig.tight_layout()
        path = Path(path)
        described = "; ".join(
            f"{r.item} {r.lift * 100:+.1f} [{r.lift_low * 100:+.1f}, {r.lift_high * 100:+.1f}]"
            for r in rows
        )
        fig.savefig(path, metadata={"Title": title, "Description": described})
        plt.close(fig)
        return path


def build_report(
    records: Sequence[dict[str, Any]],
    players: int,
    bots: Sequence[str],
    settings: dict[str, Any] | None = None,
) -> BalanceReport:
    """Aggregate simulation records (with ``card_usage`` extras) into a report."""
    seat_wins = [0.0] * players
    pairs: dict[str, dict[tuple[int, int], list[int]]] = defaultdict(dict)
    kinds: dict[str, str] = {}
    shares: list[list[float]] = []
    for g, record in enumerate(records):
        share = [0.0] * players
        for seat in record["winners"]:
            share[seat] = 1.0 / len(record["winners"])
            seat_wins[seat] += share[seat]
        shares.append(share)
        usage = record["extras"]
        kinds.update(usage["kinds"])
        for item, seats in usage["items"].items():
            for seat, value in seats.items():
                pairs[item][(g, int(seat))] = value
    total = len(records) * players
    rows = [_row(item, kinds[item], used, shares, total) for item, used in pairs.items()]
    rows.sort(key=lambda r: (-r.lift_low, -r.lift, r.item))
    n = max(1, len(records))
    return BalanceReport(
        len(records), players, list(bots), rows, [w / n for w in seat_wins], settings or {}
    )


def _row(
    item: str,
    kind: str,
    used: dict[tuple[int, int], list[int]],
    shares: list[list[float]],
    total: int,
) -> CardRow:
    """One card's line; the lift's interval is Newcombe's, built from two Wilson intervals."""
    n = len(used)
    wins = sum(shares[g][s] for g, s in used)
    all_wins = sum(sum(row) for row in shares)
    others_n = max(0, total - n)
    rate = wins / n if n else 0.0
    others = (all_wins - wins) / others_n if others_n else 0.0
    low, high = wilson(wins, n)
    o_low, o_high = wilson(all_wins - wins, others_n)
    lift = rate - others
    games = len({g for g, _ in used})
    return CardRow(
        item=item,
        kind=kind,
        games_used=games,
        uses=sum(v[0] for v in used.values()),
        use_rate=games / max(1, len(shares)),
        win_rate=rate,
        win_low=low,
        win_high=high,
        others_win_rate=others,
        lift=lift,
        lift_low=lift - math.hypot(rate - low, o_high - others),
        lift_high=lift + math.hypot(high - rate, others - o_low),
        mean_prestige=sum(v[1] for v in used.values()) / max(n, 1),
    )


def balance_plan(
    games: int,
    players: int,
    bots: Sequence[str] = ("heuristic",),
    seed: int = 0,
    jobs: int = 1,
    advanced: bool = True,
    content_path: str | None = None,
) -> Plan:
    """The [plan][baldurs_rules.runs.parallel.Plan] of a balance run: bot games with ``card_usage``.

    Examples:
        >>> balance_plan(10, 2).identity["extras"]
        'baldurs_rules.runs.balance.card_usage'
    """
    from baldurs_rules.runs.simulate import simulate_plan

    return simulate_plan(
        games, players, bots, seed, jobs, advanced, content_path, extras=card_usage
    )


def report_of(plan: Plan, records: Sequence[dict[str, Any]]) -> BalanceReport:
    """The report of a balance plan's records (all of them, or those of an interrupted run)."""
    identity = plan.identity
    settings = {
        "seed": identity["seed"],
        "advanced": identity["advanced"],
        "content": plan.content_path or "default",
    }
    return build_report(records, identity["players"], identity["bots"], settings)


def run_balance(
    games: int,
    players: int,
    bots: Sequence[str] = ("heuristic",),
    seed: int = 0,
    jobs: int = 1,
    advanced: bool = True,
    content_path: str | None = None,
    progress: Any = None,
    records: str | os.PathLike[str] | None = None,
    resume: bool = False,
) -> BalanceReport:
    """Simulate ``games`` games and build the report.

    Advanced games are the default, so HQ advanced sides are measured too. The
    default bot is ``heuristic``: a card's lift says how much it helps a player
    who plans; ``ismcts`` (slower) plans further ahead. With ``records`` each game
    is streamed to that [record file][baldurs_rules.runs.record_file] as it finishes,
    and ``resume`` continues it.
    """
    from baldurs_rules.runs.parallel import run

    plan = balance_plan(games, players, bots, seed, jobs, advanced, content_path)
    return report_of(plan, run(plan, records, resume, progress).records)


STATUS_LABELS = {"added": "new", "replaced": "replaced", "removed": "removed"}
"""How a comparison row names what the mod did to its card (others are ``unchanged``)."""


def compare(
    report: BalanceReport,
    baseline: BalanceReport,
    statuses: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """What a mod changed: per item, use rate and lift in both reports, and the change of lift.

    Args:
        report: The report of the mod.
        baseline: The report of the content it is compared with.
        statuses: What the mod did to each card id (``added``, ``replaced``,
            ``removed``, ``unchanged``, as ``baldurs_rules.content.diff.card_statuses``
            gives); a trade ``<location>:<n>`` takes its location's. Without it, an
            item is ``new`` or ``removed`` by whether it was used in either report.

    Each row's ``change`` is the lift with the mod minus the lift without it, with
    its 95% interval ``change_low``..``change_high`` (the two runs are independent,
    so the half-widths add in quadrature); for a new card it is its lift (against
    the other seats), for a removed one minus the lift it had. The cards the mod
    changed come first, then the others; each group surest change first: by how
    far the interval stays from 0, then by the size of the change.

    Examples:
        >>> rows = compare(BalanceReport(0, 4, [], [], []), BalanceReport(0, 4, [], [], []))
        >>> rows
        []
    """
    base = {r.item: r for r in baseline.rows}
    mine = {r.item: r for r in report.rows}
    items = set(base) | set(mine)
    if statuses is not None:
        items |= {i for i, s in statuses.items() if s in STATUS_LABELS}
    rows = [_compared(item, mine.get(item), base.get(item), statuses) for item in sorted(items)]
    rows.sort(
        key=lambda r: (
            r["status"] == "unchanged",
            -r["sureness"],
            -abs(r["change"] or 0.0),
            r["item"],
        )
    )
    return rows


def _compared(
    item: str, a: CardRow | None, b: CardRow | None, statuses: Mapping[str, str] | None
) -> dict[str, Any]:
    if statuses is None:
        status = "new" if b is None else "removed" if a is None else "unchanged"
    else:
        found = statuses.get(item, statuses.get(item.split(":")[0], "unchanged"))
        status = STATUS_LABELS.get(found, "unchanged")
    change: float | None = None
    low = high = 0.0
    if a is not None and b is not None:
        change = a.lift - b.lift
        low = change - math.hypot(a.lift - a.lift_low, b.lift_high - b.lift)
        high = change + math.hypot(a.lift_high - a.lift, b.lift - b.lift_low)
    elif a is not None:
        change, low, high = a.lift, a.lift_low, a.lift_high
    elif b is not None:
        change, low, high = -b.lift, -b.lift_high, -b.lift_low
    return {
        "item": item,
        "status": status,
        "use_rate": a.use_rate if a else None,
        "baseline_use_rate": b.use_rate if b else None,
        "lift": a.lift if a else None,
        "baseline_lift": b.lift if b else None,
        "change": change,
        "change_low": low if change is not None else None,
        "change_high": high if change is not None else None,
        "sureness": max(low, -high) if change is not None else -math.inf,
    }


def per_card(
    records: Sequence[dict[str, Any]], items: Mapping[str, str]
) -> list[tuple[str, str, int, int]]:
    """(item, kind, games where some seat used it, uses) of every item, most used first.

    Args:
        records: Simulation records with [`card_usage`][baldurs_rules.runs.balance.card_usage]
            extras.
        items: Every item to list, with its kind: one never used counts 0.
    """
    games: dict[str, int] = dict.fromkeys(items, 0)
    uses: dict[str, int] = dict.fromkeys(items, 0)
    kinds = dict(items)
    for record in records:
        usage = record["extras"]
        kinds.update(usage["kinds"])
        for item, seats in usage["items"].items():
            games[item] = games.get(item, 0) + 1
            uses[item] = uses.get(item, 0) + sum(v[0] for v in seats.values())
    return sorted(
        ((item, kinds[item], games[item], uses[item]) for item in games),
        key=lambda row: (-row[2], -row[3], row[0]),
    )


def content_items(content: Content, advanced: bool) -> dict[str, str]:
    """Every item a balance report can name, with its kind (HQs only in advanced games)."""
    items = dict.fromkeys(content.buildings, "building")
    items.update(dict.fromkeys(content.gates, "gate"))
    items.update(dict.fromkeys(content.agendas, "agenda"))
    if advanced:
        items.update(dict.fromkeys(content.hqs, "hq"))
    for loc in content.locations:
        items.update({f"{loc.id}:{i}": "trade" for i in range(1, len(loc.trades) + 1)})
    return items
