"""Steps per CPU second: the single-agent vector of games against N separate ``single_env``.

Run ``python benchmarks/rl_vector.py`` (``--quick``: fewer rounds). For each opponent
(``random``, ``greedy``, ``heuristic``) and N games, both sides play uniformly random
legal actions for the learning seat (the vector samples its batch in one numpy call,
the separate environments one by one, as a user of each would), interleaved round by
round in this process; a step is one learning-seat action (the bots' moves inside it).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from baldurs_rules.rl import single_env
from baldurs_rules.rl.single_vector import single_vector_env


def vector_task(n: int, opponent: str, steps: int) -> Any:
    envs = single_vector_env(n, players=4, opponents=opponent, seed=0)
    envs.reset(seed=0)
    rng = np.random.default_rng(0)

    def task() -> int:
        for _ in range(steps):
            envs.step(np.argmax(rng.random(envs.masks.shape) * envs.masks, axis=1))
        return steps * n

    return task


def separate_task(n: int, opponent: str, steps: int) -> Any:
    envs = [single_env(players=4, opponents=opponent) for _ in range(n)]
    infos = [e.reset(seed=i)[1] for i, e in enumerate(envs)]
    rng = np.random.default_rng(0)

    def task() -> int:
        for _ in range(steps):
            for i, e in enumerate(envs):
                legal = np.flatnonzero(infos[i]["action_mask"])
                _, _, terminated, truncated, info = e.step(int(legal[rng.integers(len(legal))]))
                infos[i] = e.reset()[1] if terminated or truncated else info
        return steps * n

    return task


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("-n", type=int, default=64)
    args = parser.parse_args()
    rounds = 2 if args.quick else 5
    for opponent, steps in (("random", 10), ("greedy", 1), ("heuristic", 1)):
        tasks = {
            "vector": vector_task(args.n, opponent, steps),
            "separate": separate_task(args.n, opponent, steps),
        }
        done, spent = dict.fromkeys(tasks, 0), dict.fromkeys(tasks, 0.0)
        for _ in range(rounds):
            for name, task in tasks.items():
                start = time.process_time()
                done[name] += task()
                spent[name] += time.process_time() - start
        rate = {name: done[name] / spent[name] for name in tasks}
        print(
            f"{opponent:>9} opponents, N={args.n}: vector {rate['vector']:8.0f} steps/s,"
            f" {args.n} separate {rate['separate']:8.0f} steps/s,"
            f" ratio {rate['vector'] / rate['separate']:.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
