"""Play many bot games, in parallel if asked, and summarize them.

Game ``i`` of a run uses seed ``seed + i``; its seats get bots by cycling
through the bot names, shifted by the game index (see
[`seat_bots`][baldurs_rules.runs.simulate.seat_bots]), so over a run every bot plays
every seat. Each bot is seeded from the game's seed and its seat
([`bot_seed`][baldurs_rules.runs.simulate.bot_seed]), so a game depends only on its
seed, the bot names and the content, never on ``jobs``, on the order in which
games finish, or on a run being interrupted and resumed. The games are played
by the [runner][baldurs_rules.runs.parallel], which can stream them to a file.

Examples:
    >>> records = simulate(2, players=2, bots=["random"], seed=5)
    >>> [r["seed"] for r in records]
    [5, 6]
    >>> summarize(records)["games"]
    2
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from baldurs_rules.errors import RulesError
from baldurs_rules.runs.parallel import Plan

if TYPE_CHECKING:
    from baldurs_rules.content.model import Content
    from baldurs_rules.game import Game

__all__ = ["bot_seed", "play_record", "seat_bots", "simulate", "simulate_plan", "summarize"]


def seat_bots(game_index: int, players: int, bots: Sequence[str]) -> list[str]:
    """The bot name of each seat in game ``game_index``: ``bots[(game_index + seat) % len(bots)]``.

    With ``bots = ["random", "greedy"]`` and 4 players, game 0 is
    random, greedy, random, greedy and game 1 is greedy, random, greedy, random.

    Examples:
        >>> seat_bots(1, 3, ["a", "b"])
        ['b', 'a', 'b']
    """
    if not bots:
        raise RulesError("need at least one bot name")
    return [bots[(game_index + seat) % len(bots)] for seat in range(players)]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a game: ``game_seed * 1000 + seat``.

    Examples:
        >>> bot_seed(7, 2)
        7002
    """
    return game_seed * 1000 + seat


def play_record(
    game_seed: int,
    players: int,
    names: Sequence[str],
    advanced: bool = False,
    content: Content | None = None,
    extras: Callable[[Game], Any] | None = None,
) -> dict[str, Any]:
    """Play one bot game and return its record with the outcome.

    Returns:
        ``game.record()`` (replayable with [`replay`][baldurs_rules.game.replay]) plus
        ``bots`` (name per seat), ``prestige``, ``steps`` (per scoring step),
        ``before_scoring``, ``winners``, ``turns`` and ``decisions``; and
        ``extras``: what ``extras(game)`` returns for the finished game, if given
        (a module-level function, so it can travel to worker processes).

    Examples:
        >>> play_record(3, 2, ["random", "random"])["winners"] in ([0], [1], [0, 1])
        True
    """
    from baldurs_rules.bots import make_bot, play_game

    bots = [make_bot(name, bot_seed(game_seed, seat)) for seat, name in enumerate(names)]
    game = play_game(players, game_seed, bots, advanced=advanced, content=content)
    result = game.result()
    record = game.record()
    record.update(
        bots=list(names),
        prestige=list(result.prestige),
        steps={k: list(v) for k, v in result.steps.items()},
        before_scoring=list(result.before_scoring),
        winners=list(result.winners),
        turns=game.state.turn,
        decisions=len(record["actions"]),
    )
    if extras is not None:
        record["extras"] = extras(game)
    return record


def _play_game(
    players: int,
    names: Sequence[str],
    seed: int,
    advanced: bool,
    extras: Callable[[Game], Any] | None,
    index: int,
    content: Content,
) -> dict[str, Any]:
    """Game ``index`` of a run: the play function of a ``simulate_plan``."""
    names = seat_bots(index, players, names)
    return play_record(seed + index, players, names, advanced, content, extras)


def simulate_plan(
    games: int,
    players: int,
    bots: Sequence[str],
    seed: int = 0,
    jobs: int = 1,
    advanced: bool = False,
    content_path: str | os.PathLike[str] | None = None,
    extras: Callable[[Game], Any] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> Plan:
    """The [plan][baldurs_rules.runs.parallel.Plan] of a run of bot games, checked before any game.

    The arguments are those of [`simulate`][baldurs_rules.runs.simulate.simulate]. The
    plan's identity (stored with each record in a file, compared on resume) is
    ``players``, ``bots``, ``seed``, ``advanced``, the ``content`` fingerprint and
    the name of the ``extras`` function.

    Raises:
        RulesError: Bad arguments, an unknown bot name, or unloadable content.

    Examples:
        >>> plan = simulate_plan(10, 2, ["Random", "greedy"], seed=3)
        >>> plan.identity["bots"], plan.identity["seed"], plan.games
        (['random', 'greedy'], 3, 10)
    """
    from baldurs_rules.bots import make_bot
    from baldurs_rules.content.loader import load_content

    names = [name.strip().lower() for name in bots]
    for name in names:
        make_bot(name)  # fail early on an unknown name
    seat_bots(0, players, names)
    path = None if content_path is None else os.fspath(content_path)
    content = load_content(path)  # fail early, in this process, on bad content
    min_players = content.settings["players"]["min"]
    max_players = content.settings["players"]["max"]
    if not min_players <= players <= max_players:
        raise RulesError(f"players must be {min_players} to {max_players}, not {players}")
    identity = {
        "players": players,
        "bots": names,
        "seed": seed,
        "advanced": advanced,
        "content": content.fingerprint,
        "extras": None if extras is None else f"{extras.__module__}.{extras.__qualname__}",
    }
    play = partial(_play_game, players, tuple(names), seed, advanced, extras)
    return Plan(games, play, identity, path, jobs, backend, address)


def simulate(
    games: int,
    players: int,
    bots: Sequence[str],
    seed: int = 0,
    jobs: int = 1,
    advanced: bool = False,
    content_path: str | os.PathLike[str] | None = None,
    progress: Callable[[int], None] | None = None,
    extras: Callable[[Game], Any] | None = None,
    backend: str = "local",
    address: str | None = None,
    out: str | os.PathLike[str] | None = None,
    resume: bool = False,
) -> list[dict[str, Any]]:
    """Play ``games`` bot games and return one record per game, in game order.

    Args:
        games: How many games.
        players: Seats per game.
        bots: Bot names (any case), assigned to seats by
            [`seat_bots`][baldurs_rules.runs.simulate.seat_bots].
        seed: Game ``i`` uses seed ``seed + i``.
        jobs: Worker processes; more than 1 plays the games in worker processes
            (each loads the content once). The records are identical to ``jobs=1``.
        advanced: Use the advanced setup.
        content_path: Content directory (the default content if None).
        progress: Called with the number of games just finished.
        extras: A module-level function of the finished game whose result is
            stored as each record's ``extras`` (e.g. ``balance.card_usage``).
        backend: ``local`` (processes on this machine) or ``ray`` (tasks on a Ray
            cluster; needs ``baldurs_rules[ray]``). Both give identical records.
        address: The Ray cluster to join (``ray.init(address=...)``); without it a
            local Ray instance with ``jobs`` CPUs is started for the run.
        out: A [record file][baldurs_rules.runs.record_file] that gets each game as
            it finishes (the finished games stay in it if the run is interrupted).
        resume: Continue ``out`` without replaying the games already in it.

    Returns:
        The records of [`play_record`][baldurs_rules.runs.simulate.play_record].

    Raises:
        RulesError: Bad arguments, an unknown bot name, or unloadable content.
        KeyboardInterrupt: On Ctrl-C, once the workers are stopped (the
            ``bbg simulate`` command stops cleanly instead, see
            [`runner.run`][baldurs_rules.runs.parallel.run]).

    Examples:
        >>> len(simulate(3, players=2, bots=["random", "greedy"], seed=1))
        3
    """
    from baldurs_rules.runs.parallel import run

    plan = simulate_plan(
        games, players, bots, seed, jobs, advanced, content_path, extras, backend, address
    )
    return run(plan, out, resume, progress).records


def _share(records: Sequence[dict[str, Any]]) -> list[tuple[dict[str, Any], int, float]]:
    """(record, seat, win share) of every winner: a shared victory splits one win."""
    return [
        (r, seat, 1 / len(r["winners"])) for r in records for seat in r["winners"] if r["winners"]
    ]


def summarize(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Wins, prestige and game length over a set of game records.

    A shared victory counts as a fractional win (1/k to each of k winners), so
    ``sum(wins_per_seat) == games`` and ``sum(wins_per_bot.values()) == games``.

    Returns:
        ``games``; ``wins_per_seat`` (list); ``wins_per_bot``, ``seats_per_bot``
        (seats played) and ``win_rate_per_bot`` (wins per seat played), by bot
        name; ``mean_prestige``: mean per seat of ``before_scoring``, of each
        scoring step and of the ``total`` (so the parts add up to the total);
        ``mean_prestige_per_bot``: the same by bot name; ``mean_turns`` and
        ``mean_decisions`` per game.

    Examples:
        >>> records = simulate(2, players=2, bots=["random"], seed=0)
        >>> summarize(records)["wins_per_bot"]
        {'random': 2.0}
    """
    games = len(records)
    seats = max((len(r["prestige"]) for r in records), default=0)
    wins_per_seat = [0.0] * seats
    wins_per_bot: dict[str, float] = {}
    seats_per_bot: dict[str, int] = {}
    for r in records:
        for name in r["bots"]:
            seats_per_bot[name] = seats_per_bot.get(name, 0) + 1
            wins_per_bot.setdefault(name, 0.0)
    for r, seat, share in _share(records):
        wins_per_seat[seat] += share
        wins_per_bot[r["bots"][seat]] += share

    def means(rows: list[tuple[dict[str, Any], int]]) -> dict[str, float]:
        if not rows:
            return {}
        steps = list(rows[0][0]["steps"])
        sums = {"before_scoring": 0.0, **dict.fromkeys(steps, 0.0), "total": 0.0}
        for r, seat in rows:
            sums["before_scoring"] += r["before_scoring"][seat]
            for step in steps:
                sums[step] += r["steps"][step][seat]
            sums["total"] += r["prestige"][seat]
        return {k: v / len(rows) for k, v in sums.items()}

    everyone = [(r, s) for r in records for s in range(len(r["prestige"]))]
    return {
        "games": games,
        "wins_per_seat": wins_per_seat,
        "wins_per_bot": wins_per_bot,
        "seats_per_bot": seats_per_bot,
        "win_rate_per_bot": {
            name: wins_per_bot[name] / seats_per_bot[name] for name in seats_per_bot
        },
        "mean_prestige": means(everyone),
        "mean_prestige_per_bot": {
            name: means([(r, s) for r, s in everyone if r["bots"][s] == name])
            for name in seats_per_bot
        },
        "mean_turns": sum(r["turns"] for r in records) / games if games else 0.0,
        "mean_decisions": sum(r["decisions"] for r in records) / games if games else 0.0,
    }
