"""A baseline to beat: a masked linear policy trained by REINFORCE (numpy only) in ``single_env``.

Run ``python benchmarks/rl_baseline.py`` (``--quick`` for a smaller budget). For each
opponent (``random``, then ``greedy``) it measures the win rate of the untrained policy
(all weights 0: uniform over the legal actions), trains it for a fixed number of
episodes, and measures again, each win rate over the same evaluation deals with its
95% Wilson interval. It prints a table and writes it to
``benchmarks/results/rl_baseline.json``, which ``python -m tools.docgen`` quotes in
docs/rl.md. Everything is seeded and the budget is counted in episodes, not seconds:
the same run gives the same figures on any machine.

The policy: logits ``W[a] · x + b[a]`` over the legal actions ``a`` only (the mask),
``x`` the observation divided by the encoder's upper bounds (``encoder.high``), a
softmax; REINFORCE with the episode's ``win`` reward minus a running mean as the
baseline. It is the smallest thing that learns, not a good agent: beating it says
little, losing to it says a lot.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import numpy as np

from baldurs_rules.rl import single_env

RESULTS = Path(__file__).resolve().parent / "results" / "rl_baseline.json"
"""Where the last full run is written (docs/rl.md quotes it)."""

PLAYERS = 4
LEARNING_RATE = 0.02
BUDGET = {"random": 600, "greedy": 200}
"""Training episodes per opponent (the full run)."""
EVALUATION = {"random": 200, "greedy": 100}
"""Evaluation episodes per opponent, before and after (the full run)."""


class LinearPolicy:
    """Masked linear softmax policy over the action numbers."""

    def __init__(self, actions: int, features: int, scale: np.ndarray, seed: int) -> None:
        self.weights = np.zeros((actions, features), dtype=np.float64)
        self.bias = np.zeros(actions, dtype=np.float64)
        self.scale = np.where(scale > 0, scale, 1.0).astype(np.float64)
        self.rng = np.random.default_rng(seed)

    def probabilities(self, obs: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The scaled features and the probabilities of the legal actions."""
        x = obs / self.scale
        logits = self.weights[legal] @ x + self.bias[legal]
        logits -= logits.max()
        p = np.exp(logits)
        return x, p / p.sum()

    def act(self, obs: np.ndarray, mask: np.ndarray) -> tuple[int, tuple[Any, ...]]:
        legal = np.flatnonzero(mask)
        x, p = self.probabilities(obs, legal)
        k = int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), (legal, x, p, k)

    def learn(self, steps: list[tuple[Any, ...]], advantage: float) -> None:
        """One REINFORCE update: the gradient of log p(action) times the advantage."""
        for legal, x, p, k in steps:
            g = -p * advantage * LEARNING_RATE
            g[k] += advantage * LEARNING_RATE
            self.weights[legal] += np.outer(g, x)
            self.bias[legal] += g


def episode(env: Any, policy: LinearPolicy, seed: int) -> tuple[bool, list[tuple[Any, ...]]]:
    """One game; whether the learning seat won (alone or shared) and its steps."""
    obs, info = env.reset(seed=seed)
    steps = []
    while True:
        action, step = policy.act(obs, info["action_mask"])
        steps.append(step)
        obs, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return info["seat"] in info["winners"], steps


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def evaluate(env: Any, policy: LinearPolicy, episodes: int) -> dict[str, Any]:
    """Win rate over the evaluation deals (seeds 10**6 + k), with its interval."""
    wins = sum(episode(env, policy, 10**6 + k)[0] for k in range(episodes))
    low, high = wilson(wins, episodes)
    return {"wins": wins, "games": episodes, "rate": wins / episodes, "low": low, "high": high}


def run(opponent: str, budget: int, evaluation: int) -> dict[str, Any]:
    """Before, train, after: one opponent's row of the table."""
    env = single_env(players=PLAYERS, seat="random", opponents=opponent, reward="win")
    policy = LinearPolicy(len(env.codec), env.encoder.size, env.encoder.high, seed=1)
    start = time.process_time()
    before = evaluate(env, policy, evaluation)
    mean = 0.0
    for k in range(budget):
        won, steps = episode(env, policy, k)
        reward = 1.0 if won else -1.0 / (PLAYERS - 1)
        policy.learn(steps, reward - mean)
        mean += 0.05 * (reward - mean)
    after = evaluate(env, policy, evaluation)
    return {
        "opponent": opponent,
        "players": PLAYERS,
        "episodes": budget,
        "before": before,
        "after": after,
        "cpu_seconds": round(time.process_time() - start, 1),
    }


def table(rows: list[dict[str, Any]]) -> str:
    """The results as a Markdown table."""
    lines = [
        "| Opponents | Training episodes | Win rate before (95% interval) "
        "| Win rate after (95% interval) |",
        "|-----------|------------------:|-------------------------------|"
        "-------------------------------|",
    ]
    for row in rows:
        cells = []
        for when in ("before", "after"):
            r = row[when]
            cells.append(
                f"{r['rate']:.0%} ({r['low']:.0%}–{r['high']:.0%}), {r['wins']}/{r['games']}"
            )
        others = f"{row['players'] - 1} × `{row['opponent']}`"
        lines.append(f"| {others} | {row['episodes']} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small budget (not written)")
    args = parser.parse_args()
    rows = []
    for opponent in BUDGET:
        budget, evaluation = BUDGET[opponent], EVALUATION[opponent]
        if args.quick:
            budget, evaluation = budget // 20, evaluation // 20
        rows.append(run(opponent, budget, evaluation))
        print(table(rows[-1:]), flush=True)
    print(table(rows))
    if not args.quick:
        RESULTS.parent.mkdir(exist_ok=True)
        RESULTS.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
