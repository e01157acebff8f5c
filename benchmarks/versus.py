"""Decisions per second of two installs of baldurs_rules, side by side.

Runs the same random 4-player games in two interpreters (each with its own install,
for instance this checkout's compiled wheel and an older commit's editable install),
in turn, round after round, so both see the same machine load; each round is a fresh
process that reports its own CPU time per decision. Prints the median of the rounds
for each side and the ratio::

    python benchmarks/versus.py --base /path/to/old/venv/bin/python
    python benchmarks/versus.py --base OLD_PYTHON --ours NEW_PYTHON --rounds 9

Run it from a directory outside the checkouts (``cd /tmp``), or an interpreter's
install may be shadowed by the checkout it starts in.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

ROUND = """
import json, random, time
import baldurs_rules as br
content = br.load_content()
def play(seeds):
    decisions = 0
    for seed in seeds:
        game, rng = br.new_game(4, seed, content=content), random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions
play([-1])  # untimed: the first game imports the game's modules, once per process
start = time.process_time()
decisions = play(range({first}, {first} + {games}))
spent = time.process_time() - start
print(json.dumps({{"decisions": decisions, "seconds": spent, "build": getattr(br, "BUILD", "")}}))
"""
"""One round: seeded random games with the default log, timed by the process's CPU clock.

One untimed game comes first on both sides: the package imports its game modules on first
use (a few milliseconds once per process, more than 1,000 decisions of the compiled build),
which is start-up (measured by bench.py's fresh-process figures), not a decision.

Self-contained on purpose (not ``bench.random_game``): it must run on any version of
the package, including ones whose benchmarks or helpers differ."""


def one_round(python: str, first: int, games: int) -> dict[str, float | str]:
    """Run a round in ``python``; its decisions, CPU seconds and build."""
    done = subprocess.run(
        [python, "-c", ROUND.format(first=first, games=games)],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float | str] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="the interpreter of the install to beat")
    parser.add_argument("--ours", default=sys.executable, help="the interpreter of ours")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=40, help="games per round")
    args = parser.parse_args()
    per: dict[str, list[float]] = {"base": [], "ours": []}
    builds: dict[str, str] = {}
    for r in range(args.rounds):
        for side, python in (("base", args.base), ("ours", args.ours)):
            result = one_round(python, r * args.games, args.games)
            per[side].append(float(result["seconds"]) / float(result["decisions"]))
            builds[side] = str(result["build"]) or "before BUILD existed"
    for side in per:
        cost = statistics.median(per[side])
        print(f"{side}: {1e6 * cost:6.2f} us per decision ({1 / cost:8.0f} /s), {builds[side]}")
    ratio = statistics.median(per["base"]) / statistics.median(per["ours"])
    print(f"ratio: our decisions/s over the base's = {ratio:.2f}  (target >= 4)")


if __name__ == "__main__":
    main()
