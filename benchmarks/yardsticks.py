"""Yardsticks of the RL and search paths: ours and others', interleaved in one process.

Run ``python benchmarks/yardsticks.py`` (``--quick`` for fewer rounds); ``bench.py``
runs it after its own figures. Needs the ``bench`` extra (python-chess, OpenSpiel,
PettingZoo with pygame for ``connect_four_v3``); a missing yardstick is said and
skipped.

Every task runs in turn, round after round (ours, theirs, ours, ...), so a change
of load on a shared machine hits all of them alike; each figure is the total over
the rounds. Times are this process's CPU time (``time.process_time``), which other
jobs disturb much less than wall-clock time. Decisions per second is the unit:

* random 4-player games (``legal_actions`` + ``apply``, log on and off), OpenSpiel's
  hearts and spades (C++ games) driven by the same Python loop, and our game through
  the OpenSpiel adapter;
* PettingZoo steps: our environment against ``connect_four_v3``, raw and with the
  standard wrappers, with the same driver loop (``last()``, the mask, a random legal
  action, ``step``), and the vector of games;
* ISMCTS iterations per second: our ``IsmctsBot`` and OpenSpiel's ``ISMCTSBot``
  (through the adapter, random-rollout evaluator) at the same positions.
"""

from __future__ import annotations

import argparse
import random
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

import baldurs_rules as br

Task = Callable[[], int]
"""One round of a task: does some work and returns how many units it did."""


def interleave(tasks: dict[str, Task], rounds: int) -> dict[str, float]:
    """Units per CPU second of each task, the tasks run in turn ``rounds`` times."""
    done = dict.fromkeys(tasks, 0)
    spent = dict.fromkeys(tasks, 0.0)
    for _ in range(rounds):
        for name, task in tasks.items():
            start = time.process_time()
            done[name] += task()
            spent[name] += time.process_time() - start
    return {name: done[name] / spent[name] for name in tasks}


# ---------------------------------------------------------------- decisions
def our_games(content: br.Content, players: int, log: bool, games: int) -> Task:
    """Random games of ours; the task returns the decisions played."""
    seeds = iter(range(10**9))

    def task() -> int:
        decisions = 0
        for _ in range(games):
            seed = next(seeds)
            game, rng = br.new_game(players, seed, content=content, log=log), random.Random(seed)
            while not game.is_over:
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions

    return task


def spiel_games(game: Any, games: int) -> Task:
    """Random playouts of an OpenSpiel game from Python; the task returns the decisions."""
    rng = random.Random(0)

    def task() -> int:
        decisions = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    decisions += 1
        return decisions

    return task


def decisions(quick: bool) -> None:
    content = br.load_content()
    tasks = {
        "ours, 4 players (log on)": our_games(content, 4, True, 2),
        "ours, 4 players (log off)": our_games(content, 4, False, 2),
    }
    try:
        import pyspiel

        import baldurs_rules.rl.openspiel  # noqa: F401  (registers the game)

        tasks["OpenSpiel hearts (C++)"] = spiel_games(pyspiel.load_game("hearts"), 10)
        tasks["OpenSpiel spades (C++)"] = spiel_games(pyspiel.load_game("spades"), 10)
        game = pyspiel.load_game("baldurs_gate(players=4,rng_seed=1)")
        tasks["ours through the OpenSpiel adapter"] = spiel_games(game, 1)
    except ImportError:
        print(
            "OpenSpiel not installed (pip install 'baldurs_rules[bench]'): no card-game yardstick"
        )
    rates = interleave(tasks, 4 if quick else 15)
    for name, rate in rates.items():
        print(f"decisions: {name:36} {rate:9.0f} /s  ({1e6 / rate:6.1f} us per decision)")
    if "OpenSpiel hearts (C++)" in rates:
        ratio = rates["ours, 4 players (log off)"] / rates["OpenSpiel hearts (C++)"]
        print(
            f"ratio: our decisions/s (log off) over OpenSpiel hearts = {ratio:.2f}  (goal >= 0.7)"
        )


# ---------------------------------------------------------------- environments
def _legal(mask: np.ndarray) -> np.ndarray:
    """The legal action numbers of a 0/1 mask, read as booleans when it is bytes."""
    return np.flatnonzero(mask.view(bool) if mask.dtype.itemsize == 1 else mask)


def env_steps(make: Callable[[], Any], steps: int) -> Task:
    """PettingZoo AEC steps with a random legal action; the mask from infos or the observation.

    The random agent reads the int8 mask as booleans (``mask.view(bool)``, no copy):
    numpy's ``flatnonzero`` on a wide int8 mask costs several times the same call on
    booleans, and what the agent spends is not the environment's. Both environments
    are stepped the same way.
    """
    environment = make()
    rng = random.Random(0)
    episode = iter(range(10**9))
    environment.reset(seed=next(episode))

    def task() -> int:
        done = 0
        while done < steps:
            observation, _, terminated, truncated, info = environment.last()
            if terminated or truncated:
                environment.reset(seed=next(episode))
                continue
            mask = info["action_mask"] if "action_mask" in info else observation["action_mask"]
            legal = _legal(mask)
            environment.step(int(legal[rng.randrange(len(legal))]))
            done += 1
        return done

    return task


def vector_steps(n: int, rounds: int) -> Task:
    """Steps of the vector of games (n games per step)."""
    from baldurs_rules.rl import vector_env

    games = vector_env(n, players=4, seed=0)
    batch = games.reset()
    rng = random.Random(0)

    def task() -> int:
        nonlocal batch
        for _ in range(rounds):
            actions = []
            for mask in batch.action_masks:
                legal = _legal(mask)
                actions.append(int(legal[rng.randrange(len(legal))]))
            batch = games.step(actions)
        return n * rounds

    return task


def environments(quick: bool) -> None:
    from baldurs_rules.rl import env, raw_env

    tasks = {
        "ours, raw_env(players=4)": env_steps(lambda: raw_env(players=4), 300),
        "ours, env(players=4) (wrapped)": env_steps(lambda: env(players=4), 300),
        "ours, vector_env(16)": vector_steps(16, 20),
    }
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # PettingZoo's old-API notice
            from pettingzoo.classic import connect_four_v3
        tasks["connect_four_v3.raw_env()"] = env_steps(connect_four_v3.raw_env, 300)
        tasks["connect_four_v3.env() (wrapped)"] = env_steps(connect_four_v3.env, 300)
    except ImportError as exc:
        print(f"connect_four_v3 not available ({exc}): pip install 'baldurs_rules[bench]'")
    rates = interleave(tasks, 4 if quick else 15)
    for name, rate in rates.items():
        print(f"env steps: {name:34} {rate:9.0f} /s  ({1e6 / rate:6.1f} us per step)")
    if "connect_four_v3.raw_env()" in rates:
        # (raw, wrapped) of each side; the wrappers are PettingZoo's, the same three on both
        ours = rates["ours, raw_env(players=4)"], rates["ours, env(players=4) (wrapped)"]
        four = rates["connect_four_v3.raw_env()"], rates["connect_four_v3.env() (wrapped)"]
        print(
            f"ratio: our env steps/s over connect_four_v3 = {ours[0] / four[0]:.2f} raw,"
            f" {ours[1] / four[1]:.2f} wrapped"
            "  (target >= 1.5, environment against environment: raw; env target >= 10k steps/s)"
        )
        added = [1e6 / wrapped - 1e6 / raw for raw, wrapped in (ours, four)]
        print(
            f"env steps: PettingZoo's wrappers add {added[0]:.1f} us per step to ours,"
            f" {added[1]:.1f} us to connect_four_v3"
        )


# ---------------------------------------------------------------- search
def positions(count: int) -> list[br.Game]:
    """Turn decisions of 4-player games between greedy bots, with two or more options."""
    from baldurs_rules.bots import make_bot

    found = []
    for seed in range(count):
        game = br.new_game(4, seed)
        greedy = [make_bot("greedy", seat) for seat in range(4)]
        for _ in range(30 + 10 * seed):
            game.apply(greedy[game.current_player].choose(game))
        while len(game.legal_actions()) < 2:
            game.apply(greedy[game.current_player].choose(game))
        found.append(game)
    return found


def ours_ismcts(games: list[br.Game], iterations: int) -> Task:
    from baldurs_rules.bots import IsmctsBot

    def task() -> int:
        done = 0
        for game in games:
            bot = IsmctsBot(0, iterations=iterations)
            bot.choose(game)
            done += bot.last_iterations
        return done

    return task


def spiel_ismcts(games: list[br.Game], iterations: int) -> Task:
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from baldurs_rules.rl.openspiel import BaldursGateGame

    spiel = BaldursGateGame({"players": 4})
    states = []
    for game in games:
        state = spiel.new_initial_state()
        state.deal(game.state.seed)
        for notation in game.actions:
            state.apply_action(spiel.codec.encode(br.Action.from_notation(notation)))
        states.append(state)
    sampler = pyspiel.UniformProbabilitySampler(0, 0.0, 1.0)

    def task() -> int:
        for state in states:
            evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
            bot = ismcts.ISMCTSBot(
                spiel, evaluator, 2.0, iterations, random_state=np.random.RandomState(0)
            )
            bot.set_resampler(lambda s, p: s.resample_from_infostate(p, sampler))
            bot.step(state)
        return iterations * len(states)

    return task


def search(quick: bool) -> None:
    import importlib.util

    games = positions(3 if quick else 6)
    tasks = {"our IsmctsBot": ours_ismcts(games, 100)}
    if importlib.util.find_spec("pyspiel") is not None:
        tasks["OpenSpiel ISMCTSBot (adapter, random rollouts)"] = spiel_ismcts(games, 20)
    rates = interleave(tasks, 1 if quick else 3)
    for name, rate in rates.items():
        print(f"ISMCTS: {name:46} {rate:8.0f} iterations/s")


def main(quick: bool = False) -> None:
    """Print every yardstick (see the module docs)."""
    print("yardsticks (CPU time of this process, tasks interleaved):")
    decisions(quick)
    environments(quick)
    search(quick)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    main(parser.parse_args().quick)
