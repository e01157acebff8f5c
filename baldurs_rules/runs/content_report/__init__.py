"""Does the content play? Coverage, balance and game-length figures from bot games.

[`content_report`][baldurs_rules.runs.content_report.content_report] simulates games
(with [`simulate`][baldurs_rules.runs.simulate.simulate] and the per-game extra
[`game_figures`][baldurs_rules.runs.content_report.game_figures]) and answers the
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
bag. [`format_report`][baldurs_rules.runs.content_report.markdown.format_report] prints the
figures as Markdown tables, and ``python -m baldurs_rules.runs.content_report`` (its
[`main`][baldurs_rules.runs.content_report.markdown.main]) prints them or writes them into a page.

Examples:
    ```sh
    python -m baldurs_rules.runs.content_report --games 1000 --jobs 2
    ```

    ```python
    from baldurs_rules.runs.content_report import content_report
    report = content_report(games=200, jobs=2)
    assert report["criteria"]["buildings"]["ok"], report["criteria"]["buildings"]["missing"]
    ```
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from typing import Any

from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.game import Game
from baldurs_rules.rules import Rules

__all__ = [
    "COVERAGE_CRITERIA",
    "FACTION_LEVEL",
    "MIN_DEFENSE_SHARE",
    "PLAY_CRITERIA",
    "SEAT_SHARE",
    "balance_table",
    "checked_criteria",
    "content_report",
    "game_figures",
]

FACTION_LEVEL = 6
"""Criterion 4: every faction's rewards up to this space must be collected in some game."""

SEAT_SHARE = (0.15, 0.35)
"""Criterion 5: the lowest and highest share of the wins any seat may have."""

STEPS = ("agendas", "network", "districts", "leftovers")
"""The final scoring steps, in order (as ``Game.result().steps`` names them)."""

LAYERS = ("buildings", "factions", "network", "districts", "defense", "locations", "leftovers")
"""Where prestige comes from (see
[`prestige_layer`][baldurs_rules.runs.content_report.prestige_layer])."""

MIN_LAYER_SHARE = 0.08
"""Each layer that must matter (buildings, factions with agendas, network, districts)
gives at least this share of all prestige."""
MIN_DEFENSE_SHARE = 0.05
"""Defense gives at least this share of all prestige: with the seed's held bonus (the
strength once more, RULES.md Part A) it cannot carry as much as the other layers."""
MAX_LEFTOVERS = 0.15
"""Leftovers give at most this share of all prestige."""
MIN_HELD = 0.25
"""At least this share of all attacks (the final one included) is held."""
SEAT_BAND = {2: (0.40, 0.60), 3: (0.28, 0.39), 4: (0.20, 0.30)}
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
    from baldurs_rules.runs.simulate import simulate

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
    figures = _figures(records, content, players)
    criteria = _criteria(figures, records, players)
    checked = checked_criteria(bots)
    balance = balance_table(
        figures["layers"],
        figures["attacks"]["held_share"],
        figures["win_share"],
        figures["length"]["turn_limit_games"],
        players,
    )
    return {
        "checked": list(checked),
        "ok": all(not criteria[name] for name in checked),
        "settings": {
            "games": len(records),
            "players": players,
            "bots": list(bots),
            "seed": seed,
            "advanced": advanced,
            "content": content_path or "default",
            "fingerprint": content.fingerprint,
        },
        **figures,
        "seconds": seconds,
        "criteria": {
            name: {"ok": not missing, "missing": missing} for name, missing in criteria.items()
        },
        "balance": balance,
    }


def _figures(records: Sequence[dict[str, Any]], content: Content, players: int) -> dict[str, Any]:
    """The report's figures of the games, from ``buildings`` to ``length``, in its order."""
    seats_played = len(records) * players
    trade_ids = [f"{loc.id}:{i + 1}" for loc in content.locations for i in range(len(loc.trades))]
    wins = _wins(records, players)
    steps, total = _step_figures(records, seats_played)
    return {
        "buildings": _count(records, "built", sorted(content.buildings)),
        "agendas": _count(records, "agendas", sorted(content.agendas)),
        "trades": _count(records, "trades", trade_ids),
        "factions": _faction_figures(records, content),
        "wins_per_seat": wins,
        "win_share": [w / len(records) if records else 0.0 for w in wins],
        "steps": steps,
        "layers": _layer_figures(records, seats_played),
        "before_scoring": sum(sum(r["before_scoring"]) for r in records) / max(1, seats_played),
        "total": total,
        "attacks": _attack_figures(records),
        "length": _length_figures(records),
    }


def _faction_figures(records: Sequence[dict[str, Any]], content: Content) -> dict[str, Any]:
    """Per faction: the highest level, the games at ``FACTION_LEVEL``, the spaces reached."""
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
    return factions


def _wins(records: Sequence[dict[str, Any]], players: int) -> list[float]:
    """The wins of each seat, a shared victory split among its winners."""
    wins = [0.0] * players
    for record in records:
        for seat in record["winners"]:
            wins[seat] += 1 / len(record["winners"])
    return wins


def _step_figures(
    records: Sequence[dict[str, Any]], seats_played: int
) -> tuple[dict[str, Any], float]:
    """Per scoring step: mean prestige per player, share of the final score, games; and the mean
    final score."""
    total = sum(sum(r["prestige"]) for r in records) / max(1, seats_played)
    steps: dict[str, Any] = {}
    for step in STEPS:
        mean = sum(sum(r["steps"][step]) for r in records) / max(1, seats_played)
        steps[step] = {
            "mean": mean,
            "share": mean / total if total else 0.0,
            "games": sum(1 for r in records if any(v > 0 for v in r["steps"][step])),
        }
    return steps, total


def _attack_figures(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The attacks held, of all, unpaid, and the prestige they gave."""
    all_attacks = sum(r["extras"]["attacks"] for r in records)
    return {
        "held": sum(r["extras"]["held"] for r in records),
        "all": all_attacks,
        "held_share": sum(r["extras"]["held"] for r in records) / max(1, all_attacks),
        "unpaid_holds": sum(r["extras"]["unpaid_holds"] for r in records),
        "games_with_held_prestige": sum(1 for r in records if r["extras"]["held_prestige"] > 0),
        "held_prestige": sum(r["extras"]["held_prestige"] for r in records) / max(1, len(records)),
    }


def _layer_figures(records: Sequence[dict[str, Any]], seats_played: int) -> dict[str, Any]:
    """Per prestige layer: mean per player and share of all prestige."""
    layer_sum = {k: sum(r["extras"]["layers"][k] for r in records) for k in LAYERS}
    prestige_sum = sum(layer_sum.values())
    return {
        k: {"mean": v / max(1, seats_played), "share": v / prestige_sum if prestige_sum else 0.0}
        for k, v in layer_sum.items()
    }


def _length_figures(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """How many turns the games lasted, and how many the turn limit ended."""
    n = len(records)
    turns = [r["turns"] for r in records]
    limit_games = sum(1 for r in records if r["extras"]["turn_limit"])
    return {
        "median_turns": statistics.median(turns) if turns else 0,
        "mean_turns": sum(turns) / n if n else 0.0,
        "min_turns": min(turns, default=0),
        "max_turns": max(turns, default=0),
        "turn_limit_games": limit_games,
        "turn_limit_rate": limit_games / n if n else 0.0,
    }


def _criteria(
    figures: dict[str, Any], records: Sequence[dict[str, Any]], players: int
) -> dict[str, list[str]]:
    """What each acceptance criterion misses (an empty list: it holds)."""
    low, high = SEAT_BAND.get(players, SEAT_SHARE)
    attacks = figures["attacks"]
    return {
        "buildings": [k for k, v in figures["buildings"].items() if v == 0],
        "agendas": [k for k, v in figures["agendas"].items() if v == 0],
        "trades": [k for k, v in figures["trades"].items() if v == 0],
        "factions": _faction_missing(figures["factions"]),
        "seats": [
            f"seat {seat}: {s:.1%} of the wins (not within {low:.0%} to {high:.0%})"
            for seat, s in enumerate(figures["win_share"])
            if not low <= s <= high
        ],
        "steps": _step_missing(figures["steps"], attacks),
        "layers": _layer_missing(figures["layers"]),
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
        "length": _length_missing(records),
    }


def _faction_missing(factions: dict[str, Any]) -> list[str]:
    return [
        f"{fid}: level {FACTION_LEVEL} never reached (max {f['max_level']})"
        for fid, f in factions.items()
        if f["games_at_level"] == 0
    ] + [
        f"{fid}: reward of space {space} never received"
        for fid, f in factions.items()
        for space in f["rewarded"]
        if f["spaces"][space] == 0
    ]


def _step_missing(steps: dict[str, Any], attacks: dict[str, Any]) -> list[str]:
    missing = [f"{step}: no prestige in any game" for step in STEPS if not steps[step]["games"]]
    if not attacks["games_with_held_prestige"]:
        missing.append("held attacks: no prestige in any game")
    return missing


def _layer_missing(layers: dict[str, Any]) -> list[str]:
    return [
        f"{k}: {layers[k]['share']:.1%} of all prestige (at least {_min_share(k):.0%})"
        for k in LAYERS
        if k not in ("locations", "leftovers") and layers[k]["share"] < _min_share(k)
    ] + (
        [f"leftovers: {layers['leftovers']['share']:.1%} (at most {MAX_LEFTOVERS:.0%})"]
        if layers["leftovers"]["share"] > MAX_LEFTOVERS
        else []
    )


def _length_missing(records: Sequence[dict[str, Any]]) -> list[str]:
    limited = [str(r["seed"]) for r in records if r["extras"]["turn_limit"]]
    if not limited:
        return []
    return [f"{len(limited)} games ended by the turn limit (seeds {', '.join(limited)})"]


def _min_share(layer: str) -> float:
    return MIN_DEFENSE_SHARE if layer == "defense" else MIN_LAYER_SHARE


def balance_table(
    layers: dict[str, Any],
    held_share: float,
    win_share: Sequence[float],
    limit_games: int,
    players: int,
) -> list[dict[str, Any]]:
    """The balance criteria of the default content (issue 22), each with its figure.

    Returns:
        One row per criterion: ``criterion``, ``figure`` (as printed), ``target`` and
        ``met``: attacks held, leftovers, each layer, the seats' win shares (the band
        of ``SEAT_BAND`` for this player count) and the games cut by the turn limit.

    Examples:
        >>> layers = {k: {"share": 0.1} for k in LAYERS}
        >>> rows = balance_table(layers, 0.3, [0.25] * 4, 0, 4)
        >>> [(r["criterion"], r["met"]) for r in rows][:2]
        [('attacks held', True), ('leftovers', True)]
    """
    low, high = SEAT_BAND.get(players, SEAT_SHARE)
    rows: list[tuple[str, str, str, bool]] = [
        ("attacks held", f"{held_share:.1%}", f">= {MIN_HELD:.0%}", held_share >= MIN_HELD),
    ]
    left = layers["leftovers"]["share"]
    rows.append(("leftovers", f"{left:.1%}", f"<= {MAX_LEFTOVERS:.0%}", left <= MAX_LEFTOVERS))
    names = {"factions": "factions and agendas"}
    for layer in ("buildings", "factions", "network", "districts", "defense"):
        value, target = layers[layer]["share"], _min_share(layer)
        rows.append((names.get(layer, layer), f"{value:.1%}", f">= {target:.0%}", value >= target))
    seats = ", ".join(f"{s:.1%}" for s in win_share)
    in_band = all(low <= s <= high for s in win_share)
    rows.append(("seat win shares", seats, f"{low:.0%} to {high:.0%}", in_band))
    rows.append(("games cut by the turn limit", str(limit_games), "0", limit_games == 0))
    return [
        {"criterion": name, "figure": figure, "target": target, "met": met}
        for name, figure, target, met in rows
    ]
