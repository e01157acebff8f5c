"""Steps per CPU second: the single-agent vector of games against N separate ``single_env``.

Run ``python benchmarks/rl_vector.py`` (``--quick``: fewer rounds, nothing written; ``-n``:
another number of games). For each opponent (``random``, ``greedy``, ``heuristic``) it
makes ``single_vector_env(N)`` and N separate ``single_env``, four players, and plays
uniformly random legal actions for the learning seat on both sides, as a user of each
would pick them from the masks: the vector from its ``(N, A)`` masks in a few numpy
calls for the whole batch, each separate environment from the ``action_mask`` of its
last ``info`` (reset when its episode ends), both reading the int8 masks as booleans
(``view(bool)``, no copy: numpy's ``nonzero`` over int8 costs several times as much,
and the policy's cost is not the environment's). The two sides run interleaved, round by
round, in this process, timed in CPU seconds (``time.process_time``); a step is one
learning-seat action (the bots' moves inside it).

It prints which build ran (compiled by mypyc, or pure Python) and the figures, and the
full run writes them to ``benchmarks/results/rl_vector.json`` (keyed by the build, so a
run on the other build keeps the figures of this one), which ``python -m tools.docgen``
quotes in docs/rl.md. The issue's target: the vector at least 1.5 times as many steps
per CPU second as the separate environments with ``random`` opponents at N=64.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import baldurs_rules as br
from baldurs_rules.rl import single_env
from baldurs_rules.rl.single_vector import single_vector_env

RESULTS = Path(__file__).resolve().parent / "results" / "rl_vector.json"
"""Where the last full run of each build is written (docs/rl.md quotes it)."""

OPPONENTS = {"random": 20, "greedy": 3, "heuristic": 2}
"""The opponents measured, with the steps of the batch per round."""

TARGET = 1.5
"""The ratio the issue asks for with ``random`` opponents at N=64."""


def uniform_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of ``(N, A)`` masks (each row has one)."""
    rows, numbers = masks.view(bool).nonzero()  # row-major: each row's numbers together
    counts = np.bincount(rows, minlength=len(masks))
    firsts = np.cumsum(counts) - counts
    return numbers[firsts + (rng.random(len(masks)) * counts).astype(np.int64)]


def vector_task(n: int, opponent: str, steps: int) -> Callable[[], int]:
    envs = single_vector_env(n, players=4, opponents=opponent, seed=0)
    envs.reset(seed=0)
    rng = np.random.default_rng(0)

    def task() -> int:
        for _ in range(steps):
            envs.step(uniform_legal(envs.masks, rng))
        return steps * n

    return task


def separate_task(n: int, opponent: str, steps: int) -> Callable[[], int]:
    envs = [single_env(players=4, opponents=opponent) for _ in range(n)]
    infos = [e.reset(seed=i)[1] for i, e in enumerate(envs)]
    rng = np.random.default_rng(0)

    def task() -> int:
        for _ in range(steps):
            for i, e in enumerate(envs):
                legal = np.flatnonzero(infos[i]["action_mask"].view(bool))
                _, _, terminated, truncated, info = e.step(int(legal[rng.integers(len(legal))]))
                infos[i] = e.reset()[1] if terminated or truncated else info
        return steps * n

    return task


def measure(n: int, opponent: str, steps: int, rounds: int) -> dict[str, Any]:
    """Both sides' steps per CPU second, interleaved round by round."""
    tasks = {
        "vector": vector_task(n, opponent, steps),
        "separate": separate_task(n, opponent, steps),
    }
    done, spent = dict.fromkeys(tasks, 0), dict.fromkeys(tasks, 0.0)
    for _ in range(rounds):
        for name, task in tasks.items():
            start = time.process_time()
            done[name] += task()
            spent[name] += time.process_time() - start
    rate = {name: done[name] / spent[name] for name in tasks}
    return {
        "opponents": opponent,
        "n": n,
        "vector": round(rate["vector"]),
        "separate": round(rate["separate"]),
        "ratio": round(rate["vector"] / rate["separate"], 2),
    }


def table(results: dict[str, list[dict[str, Any]]]) -> str:
    """The results of each build as a Markdown table."""
    lines = [
        "| Build | Opponents | N | Vector (steps per CPU second) "
        "| N separate `single_env` | Ratio |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for build, rows in sorted(results.items()):
        for row in rows:
            lines.append(
                f"| {build} | `{row['opponents']}` | {row['n']} | {row['vector']:,} "
                f"| {row['separate']:,} | {row['ratio']:.2f} |"
            )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("-n", type=int, default=64)
    args = parser.parse_args()
    rounds = 2 if args.quick else 10
    print(f"build: {br.BUILD}", flush=True)
    rows = []
    for opponent, steps in OPPONENTS.items():
        row = measure(args.n, opponent, steps, rounds)
        rows.append(row)
        print(
            f"{opponent:>9} opponents, N={args.n}: vector {row['vector']:8,} steps/s,"
            f" {args.n} separate {row['separate']:8,} steps/s, ratio {row['ratio']:.2f}",
            flush=True,
        )
    if not args.quick and args.n == 64:
        results = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else {}
        results[br.BUILD] = rows
        RESULTS.parent.mkdir(exist_ok=True)
        RESULTS.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
