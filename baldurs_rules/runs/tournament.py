"""Tournaments: seat-rotated bot games, win rates with intervals, Bradley–Terry ratings.

How seats are filled ([`lineups`][baldurs_rules.runs.tournament.lineups]):

* as many bots as seats: one line-up, every bot at the table;
* fewer bots than seats: each bot listed takes one seat and the **last** one fills
  the others (``ismcts,greedy`` at 4 players: one ismcts against three greedy);
* more bots than seats: every combination of ``players`` bots is a table (a round
  robin), each with the same number of games.

Each line-up is played in every rotation equally often (game ``i`` shifts the
seats by ``i``, as [`seat_bots`][baldurs_rules.runs.simulate.seat_bots] does), so every
bot plays every seat equally often: the number of games per line-up is rounded up
to a multiple of the number of seats. Every line-up uses the same game seeds.

Ratings ([`rate`][baldurs_rules.runs.tournament.rate]): per bot, the win rate
(a shared victory splits one win) with its 95% Wilson interval, the mean final
prestige, and a Bradley–Terry rating fitted on the pairwise results inside each
game (the winner beats everyone; the others are ordered by prestige; seats of the
same bot are not compared), on the Elo scale (a 400-point gap means 10 to 1 odds
of finishing ahead). Its 95% interval is the wider of two: the percentile
interval of a bootstrap over games (it sees that the comparisons inside one game
are not independent) and the normal interval from the fit's Fisher information
(it stays honest when every resample looks alike, as after a handful of games
that one bot won).

Examples:
    >>> lineups(["ismcts", "greedy"], 4)
    [['ismcts', 'greedy', 'greedy', 'greedy']]
    >>> result = run_tournament(["random", "greedy"], players=2, games=4, seed=1)
    >>> [r.bot for r in result.ratings], result.games
    (['greedy', 'random'], 4)
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from baldurs_rules.bots.base import BOTS, parse_spec
from baldurs_rules.errors import RulesError

__all__ = [
    "Rating",
    "TournamentResult",
    "bradley_terry",
    "lineups",
    "pairwise",
    "planned_games",
    "rate",
    "run_tournament",
    "wald_errors",
    "with_option",
]

PRIOR = 0.5
"""Virtual wins each way between every two bots in the Bradley–Terry fit: keeps a bot
that won every comparison at a finite rating."""


def lineups(bots: Sequence[str], players: int) -> list[list[str]]:
    """The tables of a tournament: one line-up (a bot per seat) each.

    Raises:
        RulesError: No bots, a bot listed twice, or fewer than two seats.

    Examples:
        >>> lineups(["a", "b", "c"], 4)
        [['a', 'b', 'c', 'c']]
        >>> lineups(["a", "b", "c"], 2)
        [['a', 'b'], ['a', 'c'], ['b', 'c']]
    """
    if not bots:
        raise RulesError("a tournament needs at least one bot")
    if players < 2:
        raise RulesError(f"a tournament needs at least 2 seats, not {players}")
    seen: set[str] = set()
    for bot in bots:
        if bot in seen:
            raise RulesError(f"bot {bot!r} is listed twice; list each bot once")
        seen.add(bot)
    if len(bots) <= players:
        return [[*bots[:-1], *[bots[-1]] * (players - len(bots) + 1)]]
    return [list(table) for table in itertools.combinations(bots, players)]


def with_option(spec: str, key: str, value: str) -> str:
    """``spec`` with ``key=value`` added, if its bot takes ``key`` and the spec does not set it.

    Examples:
        >>> with_option("ismcts", "think", "0.5s"), with_option("greedy", "think", "0.5s")
        ('ismcts:think=0.5s', 'greedy')
        >>> with_option("ismcts:think=2s", "think", "0.5s")
        'ismcts:think=2s'
    """
    parsed = parse_spec(spec)
    if key not in BOTS[parsed.name].OPTIONS or key in parsed.options:
        return str(parsed)
    joiner = "," if parsed.options else ":"
    return f"{parsed}{joiner}{key}={value}"


# ---------------------------------------------------------------- ratings
@dataclass(frozen=True)
class Rating:
    """One bot's line of the ratings table.

    Attributes:
        bot: The bot's spec.
        seats: Seats it played (games, counting each of its seats).
        wins: Wins (a shared victory splits one win).
        win_rate: Wins per seat played.
        win_low, win_high: 95% Wilson interval of the win rate.
        mean_prestige: Mean final prestige.
        rating: Bradley–Terry rating on the Elo scale (the bots' mean is 0).
        rating_low, rating_high: 95% interval of the rating (see the module docs).
    """

    bot: str
    seats: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_prestige: float
    rating: float
    rating_low: float
    rating_high: float


def pairwise(record: dict[str, Any]) -> list[tuple[str, str, float]]:
    """(bot a, bot b, a's score) for every two seats of different bots in one game.

    A winner beats every non-winner; two winners, or two others with the same
    prestige, draw (0.5); otherwise more prestige finishes ahead.

    Examples:
        >>> pairwise({"bots": ["x", "y", "x"], "prestige": [5, 9, 9], "winners": [1]})
        [('x', 'y', 0.0), ('y', 'x', 1.0)]
    """
    bots, prestige, winners = record["bots"], record["prestige"], set(record["winners"])
    rank = [(seat in winners, prestige[seat]) for seat in range(len(bots))]
    found = []
    for a, b in itertools.combinations(range(len(bots)), 2):
        if bots[a] == bots[b]:
            continue
        score = 0.5 if rank[a] == rank[b] else (1.0 if rank[a] > rank[b] else 0.0)
        found.append((bots[a], bots[b], score))
    return found


def bradley_terry(
    names: Sequence[str], results: Sequence[tuple[str, str, float]], iterations: int = 200
) -> dict[str, float]:
    """Bradley–Terry ratings (Elo scale, mean 0) fitted by minorization–maximization.

    Every two bots also get [`PRIOR`][baldurs_rules.runs.tournament.PRIOR] virtual
    wins each way, so the fit always exists.

    Examples:
        >>> ratings = bradley_terry(["a", "b"], [("a", "b", 1.0)] * 9 + [("a", "b", 0.0)])
        >>> ratings["a"] > 0 > ratings["b"], round(ratings["a"] + ratings["b"], 6)
        (True, 0.0)
    """
    strength, _ = _fit(names, results, iterations)
    return {name: _ELO * math.log(s) for name, s in zip(names, strength, strict=True)}


_ELO = 400 / math.log(10)
"""Elo points per unit of log-strength."""


def _fit(
    names: Sequence[str], results: Sequence[tuple[str, str, float]], iterations: int
) -> tuple[list[float], list[list[float]]]:
    """Strengths (geometric mean 1) and the comparison counts (prior included)."""
    index = {name: i for i, name in enumerate(names)}
    k = len(names)
    wins = [PRIOR * (k - 1)] * k
    games = [[2 * PRIOR if i != j else 0.0 for j in range(k)] for i in range(k)]
    for a, b, score in results:
        i, j = index[a], index[b]
        wins[i] += score
        wins[j] += 1.0 - score
        games[i][j] += 1.0
        games[j][i] += 1.0
    strength = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            total = sum(games[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i)
            new.append(wins[i] / total if total else strength[i])
        mean = sum(math.log(s) for s in new) / k
        strength = [s / math.exp(mean) for s in new]
    return strength, games


def wald_errors(names: Sequence[str], results: Sequence[tuple[str, str, float]]) -> list[float]:
    """Standard errors of the ratings (Elo scale) from the fit's Fisher information.

    The information of the log-strengths is a weighted graph Laplacian; its
    pseudo-inverse (the ratings sum to 0) is the covariance.

    Examples:
        >>> [round(e) for e in wald_errors(["a", "b"], [("a", "b", 1.0)] * 4)]
        [129, 129]
    """
    strength, games = _fit(names, results, 200)
    k = len(names)
    if k < 2:
        return [0.0] * k
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j:
                w = games[i][j] * strength[i] * strength[j] / (strength[i] + strength[j]) ** 2
                info[i][j] -= w
                info[i][i] += w
    shifted = [[info[i][j] + 1.0 / k for j in range(k)] for i in range(k)]
    inverse = _inverse(shifted)
    return [_ELO * math.sqrt(max(0.0, inverse[i][i] - 1.0 / k)) for i in range(k)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small invertible matrix (Gauss–Jordan with partial pivoting)."""
    k = len(matrix)
    rows = [[*row, *(1.0 if i == j else 0.0 for j in range(k))] for i, row in enumerate(matrix)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [x / head for x in rows[col]]
        for r in range(k):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [row[k:] for row in rows]


def rate(records: Sequence[dict[str, Any]], bootstrap: int = 200, seed: int = 0) -> list[Rating]:
    """The ratings table of a set of game records, best rating first.

    Args:
        records: Records of [`play_record`][baldurs_rules.runs.simulate.play_record].
        bootstrap: Resamples of the games for the rating's interval (0: none).
        seed: Seeds the resampling.
    """
    from baldurs_rules.runs.balance import wilson

    names = sorted({bot for r in records for bot in r["bots"]})
    seats = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0.0)
    prestige = dict.fromkeys(names, 0.0)
    for r in records:
        for seat, bot in enumerate(r["bots"]):
            seats[bot] += 1
            prestige[bot] += r["prestige"][seat]
        for seat in r["winners"]:
            wins[r["bots"][seat]] += 1.0 / len(r["winners"])
    per_game = [pairwise(r) for r in records]
    flat = [p for game in per_game for p in game]
    ratings = bradley_terry(names, flat)
    low, high = _bootstrap(names, per_game, bootstrap, seed, ratings)
    for name, error in zip(names, wald_errors(names, flat), strict=True):
        low[name] = min(low[name], ratings[name] - 1.96 * error)
        high[name] = max(high[name], ratings[name] + 1.96 * error)
    rows = []
    for name in names:
        interval = wilson(wins[name], seats[name])
        rows.append(
            Rating(
                bot=name,
                seats=seats[name],
                wins=wins[name],
                win_rate=wins[name] / max(1, seats[name]),
                win_low=interval[0],
                win_high=interval[1],
                mean_prestige=prestige[name] / max(1, seats[name]),
                rating=ratings[name],
                rating_low=low[name],
                rating_high=high[name],
            )
        )
    rows.sort(key=lambda row: (-row.rating, row.bot))
    return rows


def _bootstrap(
    names: list[str],
    per_game: list[list[tuple[str, str, float]]],
    rounds: int,
    seed: int,
    ratings: dict[str, float],
) -> tuple[dict[str, float], dict[str, float]]:
    """95% percentile intervals of the ratings over games resampled with replacement."""
    if rounds <= 0 or not per_game:
        return dict(ratings), dict(ratings)
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(rounds):
        drawn = [per_game[rng.randrange(len(per_game))] for _ in per_game]
        fitted = bradley_terry(names, [p for game in drawn for p in game], iterations=60)
        for name in names:
            samples[name].append(fitted[name])
    low, high = {}, {}
    for name, values in samples.items():
        values.sort()
        low[name] = values[int(0.025 * (len(values) - 1))]
        high[name] = values[math.ceil(0.975 * (len(values) - 1))]
    return low, high


# ---------------------------------------------------------------- running
@dataclass
class TournamentResult:
    """What a tournament played and how the bots rate.

    Attributes:
        players: Seats per game.
        games: Games played (all tables).
        lineups: The line-ups, one per table.
        ratings: The ratings table, best first.
        records: Every game's record, each with ``table`` (its line-up's index).
    """

    players: int
    games: int
    lineups: list[list[str]]
    ratings: list[Rating]
    records: list[dict[str, Any]] = field(repr=False)


def run_tournament(
    bots: Sequence[str],
    players: int,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    think: str | None = None,
    advanced: bool = False,
    content_path: str | None = None,
    progress: Callable[[int], None] | None = None,
    bootstrap: int = 200,
) -> TournamentResult:
    """Play a seat-rotated tournament and rate the bots.

    Args:
        bots: Bot specs (see [`lineups`][baldurs_rules.runs.tournament.lineups] for
            how seats are filled).
        players: Seats per game.
        games: Games in all; rounded up so that every line-up is played in every
            rotation equally often (see ``planned_games``).
        seed: Game ``i`` of every line-up uses seed ``seed + i``.
        jobs: Worker processes (through [`simulate`][baldurs_rules.runs.simulate.simulate]).
        think: A time per decision (``0.5s``) for every bot that takes ``think``
            and whose spec does not set it.
        advanced: Use the advanced setup.
        content_path: Content directory (default content if None).
        progress: Called with the number of games just finished.
        bootstrap: Resamples for the ratings' intervals.

    Raises:
        RulesError: Bad bots, options, counts or content.
    """
    from baldurs_rules.runs.simulate import simulate

    if games < 1:
        raise RulesError(f"a tournament needs at least 1 game, not {games}")
    specs = [str(parse_spec(spec)) for spec in bots]
    if think is not None:
        specs = [with_option(spec, "think", think) for spec in specs]
        for spec in specs:
            parse_spec(spec)  # a bad duration fails here, before any game
    tables = lineups(specs, players)
    per_table = planned_games(games, len(tables), players)
    records: list[dict[str, Any]] = []
    for index, table in enumerate(tables):
        played = simulate(
            per_table,
            players,
            table,
            seed=seed,
            jobs=jobs,
            advanced=advanced,
            content_path=content_path,
            progress=progress,
        )
        for record in played:
            record["table"] = index
        records.extend(played)
    return TournamentResult(players, len(records), tables, rate(records, bootstrap, seed), records)


def planned_games(games: int, tables: int, players: int) -> int:
    """Games per line-up: at least ``games`` in all, a multiple of ``players`` per line-up.

    Examples:
        >>> planned_games(10, 1, 4), planned_games(10, 3, 2)
        (12, 4)
    """
    per_table = math.ceil(games / tables)
    return math.ceil(per_table / players) * players
