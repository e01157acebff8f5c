"""Benchmarks of baldurs_rules: run ``python benchmarks/bench.py`` and read the figures.

Prints medians (one core, this process) of:

* content load, cold (parse, validate, check; no cache) and warm (cached);
* decisions per second (``legal_actions()`` + ``apply()`` with a random policy);
* full random games per second for 2, 3 and 4 players (and ms per game);
* ``clone()``, ``to_json()`` and ``Game.from_json()`` at mid-game;
* ``bbg --help`` start-up, and a fresh ``python -c`` that imports the package and
  plays nothing but ``new_game`` (subprocesses, wall clock);
* ``simulate`` with ``jobs=1`` and ``jobs=2`` (wall clock, and that the records are identical);
* the yardstick: random playouts of python-chess in the same run, and our 4-player
  games per second over chess games per second;
* the RL and search yardsticks of ``yardsticks.py`` (OpenSpiel card games, the
  PettingZoo env against ``connect_four_v3``, ISMCTS iterations/s); ``--yardsticks``
  runs only those.

Absolute times on shared machines are noisy; the ratio to python-chess is the
figure to compare across machines. ``--quick`` runs fewer repetitions.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import baldurs_rules as br
from baldurs_rules.content import loader


def median_time(fn: Callable[[], object], repeat: int, inner: int = 1) -> float:
    """Median seconds of one call of ``fn`` over ``repeat`` rounds of ``inner`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(inner):
            fn()
        times.append((time.perf_counter() - start) / inner)
    return statistics.median(times)


def random_game(players: int, seed: int, content: br.Content) -> tuple[br.Game, int]:
    """A full game with uniformly random legal actions; returns it and its decisions."""
    game = br.new_game(players, seed, content=content)
    rng = random.Random(seed)
    decisions = 0
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        decisions += 1
    return game, decisions


def bench_load(repeat: int) -> None:
    os.environ["BALDURS_RULES_CACHE"] = "0"
    cold = median_time(lambda: br.load_content(cache=False), max(3, repeat // 4))
    os.environ.pop("BALDURS_RULES_CACHE")
    loader.clear_memory_cache()
    br.load_content()  # fill the caches
    warm = median_time(br.load_content, repeat * 10)
    loader.clear_memory_cache()
    disk = median_time(lambda: (loader.clear_memory_cache(), br.load_content()), repeat)
    print(
        f"content load: cold {cold * 1000:8.1f} ms   warm (memory) {warm * 1e6:8.1f} us"
        f"   warm (disk cache, new process) {disk * 1000:6.1f} ms"
    )


def bench_games(content: br.Content, games: int) -> float:
    per_game: dict[int, float] = {}
    for players in (2, 3, 4):
        times, decisions = [], 0
        for seed in range(games):
            start = time.perf_counter()
            _, n = random_game(players, seed, content)
            times.append(time.perf_counter() - start)
            decisions += n
        median = statistics.median(times)
        per_game[players] = median
        print(
            f"random game, {players} players: median {median * 1000:6.2f} ms"
            f"  ({1 / median:6.1f} games/s, {decisions / sum(times):8.0f} decisions/s,"
            f" {decisions / games:5.0f} decisions/game)"
        )
    return per_game[4]


def bench_state(content: br.Content, repeat: int) -> None:
    game = br.new_game(4, 11, content=content)
    rng = random.Random(11)
    for _ in range(120):
        game.apply(rng.choice(game.legal_actions()))
    text = game.to_json()
    clone = median_time(game.clone, repeat, 200)
    quiet = game.clone(log=False)  # how search copies: a game that records no log
    quiet_clone = median_time(quiet.clone, repeat, 200)
    seen = median_time(lambda: game.view(1), repeat, 50)
    dump = median_time(game.to_json, repeat, 5)
    state_only = median_time(lambda: game.to_json(log=False), repeat, 5)
    load = median_time(lambda: br.Game.from_json(text, content), repeat, 2)
    print(
        f"mid-game (120 decisions): clone {clone * 1e6:6.1f} us"
        f" (log off {quiet_clone * 1e6:4.1f} us)"
        f"   view {seen * 1e6:6.1f} us"
        f"   to_json {dump * 1000:6.2f} ms (state only {state_only * 1e6:5.0f} us)"
        f"   from_json {load * 1000:6.2f} ms   ({len(text) / 1024:.0f} KiB)"
    )


def bench_cli(repeat: int) -> None:
    exe = Path(sys.executable).with_name("bbg")
    command = (
        [str(exe), "--help"]
        if exe.exists()
        else [sys.executable, "-m", "baldurs_rules.cli", "--help"]
    )
    elapsed = median_time(
        lambda: subprocess.run(command, capture_output=True, check=True), max(3, repeat // 2)
    )
    print(f"bbg --help start-up: {elapsed * 1000:6.1f} ms")
    first_game = [sys.executable, "-c", FRESH_PROCESS]
    subprocess.run(first_game, check=True)  # fills the content cache if it is empty
    elapsed = median_time(lambda: subprocess.run(first_game, check=True), max(5, repeat // 2))
    print(f"fresh process (warm cache), import and a first new_game: {elapsed * 1000:6.1f} ms")


FRESH_PROCESS = "import baldurs_rules as br; br.new_game(players=4)"
"""What the fresh-process line times, as ``python -c`` (wall clock, the content cache warm)."""


def bench_jobs(games: int) -> None:
    """Wall-clock scaling of ``simulate`` from one process to two (identical records)."""
    from baldurs_rules.runs.simulate import simulate

    times, results = {}, {}
    for jobs in (1, 2):
        start = time.perf_counter()
        results[jobs] = simulate(games, 4, ["random", "greedy"], seed=100, jobs=jobs)
        times[jobs] = time.perf_counter() - start
    same = "identical" if results[1] == results[2] else "DIFFERENT"
    print(
        f"simulate {games} games (random+greedy): jobs=1 {times[1]:5.1f} s, jobs=2"
        f" {times[2]:5.1f} s, scaling {times[1] / times[2]:.2f}x (records {same})"
    )


def bench_chess(games: int) -> float | None:
    try:
        import chess
    except ImportError:
        print("python-chess not installed (pip install 'baldurs_rules[bench]'): no yardstick")
        return None

    def playout(seed: int) -> None:
        board, rng = chess.Board(), random.Random(seed)
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))

    times = []
    for seed in range(games):
        start = time.perf_counter()
        playout(seed)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    print(
        f"yardstick: python-chess random playout: median {median * 1000:6.2f} ms"
        f" ({1 / median:6.1f} games/s)"
    )
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--yardsticks", action="store_true", help="only the RL/search yardsticks")
    args = parser.parse_args()
    import yardsticks  # benchmarks/yardsticks.py, beside this file

    if args.yardsticks:
        yardsticks.main(args.quick)
        return
    repeat, games = (5, 40) if args.quick else (20, 200)
    print(f"baldurs_rules {br.__version__}, Python {sys.version.split()[0]}, one process")
    bench_load(repeat)
    content = br.load_content()
    ours = bench_games(content, games)
    bench_state(content, repeat)
    bench_cli(repeat)
    bench_jobs(16 if args.quick else 40)
    chess_median = bench_chess(max(20, games // 4))
    if chess_median:
        print(
            f"ratio: our 4-player games/s over python-chess games/s = {chess_median / ours:.2f}"
            "  (target >= 2)"
        )
    yardsticks.main(args.quick)


if __name__ == "__main__":
    main()
