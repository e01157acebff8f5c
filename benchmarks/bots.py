"""Benchmarks of the bots: speed per decision, the strength matches of issue 11, and weight tuning.

Run ``python benchmarks/bots.py speed`` (a minute), ``python benchmarks/bots.py match``
(hours: the search bot thinks a second per decision; size it with ``--games``) or
``python benchmarks/bots.py tune`` (the self-play search that set
``HEURISTIC_WEIGHTS``). Every figure is printed with the games played and a 95%
interval; run long matches under ``nice`` on a shared machine.

* ``speed``: milliseconds per decision of ``greedy`` and ``heuristic`` (mean,
  median, 90th percentile, over every decision of 4-player games between copies
  of the bot) and ISMCTS iterations per second, next to the time of a random
  game in the same run (the machine's yardstick). Times are this process's CPU
  time (``time.process_time``), which other jobs on a shared machine disturb
  much less than wall-clock time;
* ``match``: seat-rotated 4-player games of one bot against three copies of
  another: ``heuristic`` vs ``greedy`` (target: at least 45% wins), ``ismcts`` at
  ``--think`` (default 1 s) per decision vs ``greedy`` (60%) and vs ``heuristic``
  (40%). The search's second counts its own CPU time by default (``--clock cpu``),
  so other jobs on a shared machine do not take its thinking time away;
* ``tune``: coordinate search over the heuristic's weights; each candidate plays
  one seat against three bots with the current weights (self-play) and one
  against three ``greedy``, on the same seeds; a change is kept when it wins more
  of both together than the current weights by a margin.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import baldurs_rules as br
from baldurs_rules.bots import HEURISTIC_WEIGHTS, make_bot
from baldurs_rules.runs.balance import wilson
from baldurs_rules.runs.simulate import simulate

RESULTS = Path(__file__).resolve().parent / "results" / "bots_strength.json"
"""The strength matches' last full runs, by match (``match`` here and
``openspiel_match.py`` write it; the bots page quotes its :func:`table`)."""


# ---------------------------------------------------------------- speed
def random_game_seconds(content: br.Content, games: int = 20) -> float:
    """Median seconds of a random 4-player game (the yardstick of this run)."""
    times = []
    for seed in range(games):
        game = br.new_game(4, seed, content=content)
        rng = random.Random(seed)
        start = time.process_time()
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        times.append(time.process_time() - start)
    return statistics.median(times)


def decision_times(spec: str, games: int, content: br.Content) -> list[float]:
    """Seconds of every decision in ``games`` 4-player games between copies of a bot."""
    times: list[float] = []
    for seed in range(games):
        bots = [make_bot(spec, seed * 10 + seat) for seat in range(4)]
        game = br.new_game(4, seed, content=content)
        while not game.is_over:
            bot = bots[game.current_player]
            start = time.process_time()
            action = bot.choose(game)
            times.append(time.process_time() - start)
            game.apply(action)
    return times


def ismcts_rate(content: br.Content, positions: int = 6, iterations: int = 300) -> float:
    """ISMCTS iterations per second at turn decisions of greedy 4-player games."""
    from baldurs_rules.bots import IsmctsBot

    done, spent = 0, 0.0
    for seed in range(positions):
        game = br.new_game(4, seed, content=content)
        greedy = [make_bot("greedy", seat) for seat in range(4)]
        for _ in range(30 + 10 * seed):
            game.apply(greedy[game.current_player].choose(game))
        while game.state.decision is not None and len(game.legal_actions()) < 2:
            game.apply(greedy[game.current_player].choose(game))
        bot = IsmctsBot(seed, iterations=iterations)
        start = time.process_time()
        bot.choose(game)
        spent += time.process_time() - start
        done += bot.last_iterations
    return done / spent


def speed(games: int) -> None:
    content = br.load_content()
    base = random_game_seconds(content)
    print(f"yardstick: random 4-player game, median {base * 1000:.2f} ms")
    for spec in ("greedy", "heuristic"):
        times = decision_times(spec, games, content)
        times.sort()
        print(
            f"{spec:10} {len(times):6} decisions ({games} games):"
            f" mean {statistics.mean(times) * 1000:6.3f} ms"
            f"  median {statistics.median(times) * 1000:6.3f} ms"
            f"  p90 {times[int(0.9 * (len(times) - 1))] * 1000:6.3f} ms"
            f"  (mean / random game: {statistics.mean(times) / base:.3f})"
        )
    print(f"ismcts     {ismcts_rate(content):6.0f} iterations/s at turn decisions")


# ---------------------------------------------------------------- matches
def one_against_three(
    hero: str, field: str, games: int, seed: int = 0, jobs: int = 2
) -> tuple[float, int, float]:
    """(wins, seats, mean prestige margin over the best other) of ``hero`` vs 3 ``field``."""
    lineup = [hero, field, field, field]
    records = simulate(games, 4, lineup, seed=seed, jobs=jobs)
    key = hero.strip().lower()
    wins, margin = 0.0, 0.0
    for record in records:
        seat = record["bots"].index(key)
        if seat in record["winners"]:
            wins += 1 / len(record["winners"])
        others = [p for s, p in enumerate(record["prestige"]) if s != seat]
        margin += record["prestige"][seat] - max(others)
    return wins, len(records), margin / max(1, len(records))


def report(
    hero: str, field: str, games: int, seed: int, jobs: int, target: float
) -> dict[str, Any]:
    """Play one match, print its line and return its figures (as the results file keeps them)."""
    start = time.perf_counter()
    wins, n, margin = one_against_three(hero, field, games, seed, jobs)
    low, high = wilson(wins, n)
    print(
        f"{hero} vs 3 {field}: {wins:g}/{n} wins = {wins / n:.1%} (95% CI {low:.1%}-{high:.1%});"
        f" target {target:.0%}: {verdict(low, high, target)}; mean margin {margin:+.1f};"
        f" {time.perf_counter() - start:.0f} s",
        flush=True,
    )
    return {
        "hero": hero,
        "field": f"3 {field}",
        "games": n,
        "wins": wins,
        "target": target,
        "margin": round(margin, 1),
        "seed": seed,
    }


def verdict(low: float, high: float, target: float) -> str:
    """Whether a win rate with this 95% interval meets a target."""
    return "met" if low >= target else ("not met" if high < target else "not settled")


def save_result(key: str, entry: Mapping[str, Any]) -> None:
    """Keep one match's figures in :data:`RESULTS`, with the build and content they ran on."""
    results = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else {}
    results[key] = {
        **entry,
        "build": br.BUILD,
        "version": br.__version__,
        "content": br.load_content().fingerprint,
    }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {key} to {RESULTS}", flush=True)


def table(results: Mapping[str, Mapping[str, Any]]) -> str:
    """The matches as a Markdown table, each win rate with its 95% Wilson interval, and
    which content they were measured on."""
    lines = [
        "| Match | Budget | Games | Win rate | 95% interval | Target | Mean margin | Build |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    fingerprints = set()
    for key in sorted(results):
        row = results[key]
        low, high = wilson(row["wins"], row["games"])
        target = row.get("target")
        met = f"{target:.0%} ({verdict(low, high, target)})" if target is not None else "-"
        lines.append(
            f"| `{row['hero']}` vs {row['field']} | {row['budget']} | {row['games']} "
            f"| {row['wins'] / row['games']:.1%} | {low:.1%}-{high:.1%} | {met} "
            f"| {row['margin']:+.1f} | {row['build']} |"
        )
        fingerprints.add(row["content"])
    current = br.load_content().fingerprint
    if fingerprints == {current}:
        lines += ["", "Every match ran on the default content as it is now."]
    else:
        lines += [
            "",
            f"**Stale:** some matches ran on another content than today's default ({current});"
            " rerun them.",
        ]
    return "\n".join(lines) + "\n"


def match(
    games: int, ismcts_games: int, think: str, clock: str, seed: int, jobs: int, only: str
) -> None:
    """Play the matches ``only`` names, and keep each one's figures in :data:`RESULTS`."""
    search = f"ismcts:think={think},clock={clock}"
    budget = f"{think} {'CPU' if clock == 'cpu' else 'wall-clock'} per decision"
    plan = {
        "heuristic": ("heuristic", "greedy", games, 0.45, "no search"),
        "greedy": (search, "greedy", ismcts_games, 0.60, budget),
        "vs-heuristic": (search, "heuristic", ismcts_games, 0.40, budget),
    }
    for name, (hero, field, n, target, spent) in plan.items():
        if only in ("all", name):
            found = report(hero, field, n, seed, jobs, target)
            save_result(name, {**found, "hero": hero.split(":")[0], "budget": spent})


# ---------------------------------------------------------------- tuning
def spec_of(weights: dict[str, float]) -> str:
    """The heuristic spec that sets every weight."""
    return "heuristic:" + ",".join(f"{k}={v:g}" for k, v in weights.items())


def score(weights: dict[str, float], current: dict[str, float], games: int, jobs: int) -> float:
    """Win rate in self-play (vs 3 current) plus win rate vs 3 greedy, same seeds."""
    total = 0.0
    for field in (spec_of(current), "greedy"):
        if field == spec_of(weights):
            total += 0.25
            continue
        wins, n, _ = one_against_three(spec_of(weights), field, games, seed=1000, jobs=jobs)
        total += wins / n
    return total


def tune(games: int, rounds: int, jobs: int, keys: Sequence[str], margin: float) -> None:
    current = dict(HEURISTIC_WEIGHTS)
    wins, n, _ = one_against_three(spec_of(current), "greedy", games, seed=1000, jobs=jobs)
    best = 0.25 + wins / n
    print(f"start: {spec_of(current)} score {best:.3f}", flush=True)
    for round_ in range(rounds):
        for key in keys or list(current):
            value = current[key]
            for trial in (value * 0.5, value * 1.5) if value else (0.3, -0.3):
                candidate = {**current, key: round(trial, 3)}
                found = score(candidate, current, games, jobs)
                print(f"round {round_} {key}={trial:g}: score {found:.3f}", flush=True)
                if found > best + margin:
                    current, best = candidate, found
                    print(f"  kept: {spec_of(current)}", flush=True)
                    wins, n, _ = one_against_three(spec_of(current), "greedy", games, 1000, jobs)
                    best = 0.25 + wins / n
    print(f"final: {spec_of(current)}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("speed", help="time per decision")
    p.add_argument("--games", type=int, default=10)
    p = sub.add_parser("match", help="the strength matches of issue 11")
    p.add_argument("--games", type=int, default=400, help="games of heuristic vs greedy")
    p.add_argument("--ismcts-games", type=int, default=100, help="games of each ismcts match")
    p.add_argument("--think", default="1s")
    p.add_argument("--clock", default="cpu", choices=["cpu", "wall"], help="what --think counts")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--only", default="all", choices=["all", "heuristic", "greedy", "vs-heuristic"])
    p = sub.add_parser("tune", help="self-play search of the heuristic's weights")
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--keys", nargs="*", default=[])
    p.add_argument("--margin", type=float, default=0.03, help="score gain needed to keep")
    args = parser.parse_args(argv)
    print(f"baldurs_rules {br.__version__}, Python {sys.version.split()[0]}")
    if args.command == "speed":
        speed(args.games)
    elif args.command == "match":
        match(
            args.games, args.ismcts_games, args.think, args.clock, args.seed, args.jobs, args.only
        )
    else:
        tune(args.games, args.rounds, args.jobs, args.keys, args.margin)


if __name__ == "__main__":
    main()
