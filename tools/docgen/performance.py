"""The performance page's counts: how long random games are and how big their saves grow.

Only what a seeded game determines is generated here (decisions, turns, events, JSON
size); every timing is left to the benchmarks, which print it on the reader's machine
(timings are noisy on a shared machine, so they are never checked in CI).
"""

from __future__ import annotations

import random
import statistics
from functools import cache
from typing import Any

from .common import Part, content, settings

SEEDS = 40
"""Random games per player count (seeds 0 to SEEDS - 1): enough for a median, and quick."""


def _random_game(players: int, seed: int, stop: int | None = None) -> Any:
    """The policy of the page's script: ``random.Random(seed).choice(game.legal_actions())``."""
    import baldurs_rules as br

    game = br.new_game(players, seed, content=content())
    rng = random.Random(seed)
    while not game.is_over and (stop is None or len(game.actions) < stop):
        game.apply(rng.choice(game.legal_actions()))
    return game


@cache
def _lengths(players: int) -> list[tuple[int, int, int]]:
    """(decisions, turns, seed) of each sample game."""
    games = [(_random_game(players, seed), seed) for seed in range(SEEDS)]
    return [(len(g.actions), g.state.turn, seed) for g, seed in games]


def _counts() -> range:
    return range(settings()["players"]["min"], settings()["players"]["max"] + 1)


def players(old: str) -> str:
    """Decisions and turns per random game, for each player count."""
    lines = [
        f"From {SEEDS} random games per player count (seeds 0 to {SEEDS - 1}):",
        "",
        "| Players | Decisions per game: median (min–max) | Turns per game (median) |",
        "|--------:|-------------------------------------:|------------------------:|",
    ]
    for count in _counts():
        decisions = [d for d, _, _ in _lengths(count)]
        turns = statistics.median(t for _, t, _ in _lengths(count))
        spread = f"{statistics.median(decisions):g} ({min(decisions)}–{max(decisions)})"
        lines.append(f"| {count} | {spread} | {turns:g} |")
    return "\n".join(lines) + "\n"


@cache
def _longest() -> tuple[int, int]:
    """(seed, decisions) of the longest sample game with the fewest players."""
    decisions, _, seed = max(_lengths(settings()["players"]["min"]))
    return seed, decisions


def _sizes(step: int = 100) -> list[tuple[int, int, float]]:
    """(decisions, events, JSON KiB) along the longest game, every ``step`` decisions."""
    seed, total = _longest()
    marks = [*range(0, total, step), total]
    rows = []
    for mark in marks:
        game = _random_game(settings()["players"]["min"], seed, stop=mark)
        rows.append((mark, len(game.events), len(game.to_json().encode()) / 1024))
    return rows


def length(old: str) -> str:
    """The event log and the JSON size along the longest game of the sample."""
    seed, total = _longest()
    fewest = settings()["players"]["min"]
    lines = [
        f"Along the longest {fewest}-player game of the sample (seed {seed}, {total} decisions),",
        "every 100 decisions:",
        "",
        "| Decisions | Events in the log | JSON size (KiB) |",
        "|----------:|------------------:|----------------:|",
    ]
    lines += [f"| {d} | {e} | {k:.0f} |" for d, e, k in _sizes()]
    return "\n".join(lines) + "\n"


def bytes_per_event(old: str) -> str:
    """The JSON bytes per logged event, over the longest game (rounded to ten)."""
    (_, first, start), *_, (_, last, end) = _sizes()
    return f"{round((end - start) * 1024 / (last - first), -1):.0f}"


PARTS: dict[str, Part] = {
    "players": players,
    "length": length,
    "bytes-per-event": bytes_per_event,
}
