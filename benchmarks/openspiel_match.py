"""Our ISMCTS against OpenSpiel's ISMCTS bot, through the OpenSpiel adapter, at the same budget.

Run ``nice python benchmarks/openspiel_match.py`` (``--games``, ``--iterations``,
``--players``, ``--jobs``; about 25 CPU seconds a game at the defaults).
Needs the ``openspiel`` extra.

Each game is an OpenSpiel state of the registered ``baldurs_gate`` game, dealt with
a chosen seed. One seat is our [`IsmctsBot`][baldurs_rules.bots.ismcts.IsmctsBot]
(``iterations`` per decision, its default heuristic leaf evaluation), reading the
wrapped game like any bot; the other seats are OpenSpiel's
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with the same number of
simulations per decision, its standard random-rollout evaluator, UCT, and its own
information-set keys (the adapter's information-state strings) and resampling
(``resample_from_infostate``, fed by a seeded sampler so games replay). It runs with
``allow_inconsistent_action_sets`` on: two worlds of one information set can offer
different actions (a drawn card differs), OpenSpiel's documented switch for that.

Seats rotate: every deal is played once with our bot in each seat. Printed: one
line per game, then our win rate with its 95% Wilson interval and the games played,
the mean prestige margin, and the CPU seconds per search decision of each bot. Every
game is deterministic for its seed. The figures are kept in
``benchmarks/results/bots_strength.json`` (the ``openspiel`` match), which the bots
page quotes.
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from baldurs_rules.bots import IsmctsBot
from baldurs_rules.rl.openspiel import BaldursGateGame
from baldurs_rules.runs.balance import wilson


@dataclass
class Tally:
    """What the games so far add up to."""

    games: int = 0
    wins: float = 0.0
    margins: list[int] = field(default_factory=list)
    ours: list[float] = field(default_factory=list)
    theirs: list[float] = field(default_factory=list)


def openspiel_bot(game: BaldursGateGame, iterations: int, seed: int) -> ismcts.ISMCTSBot:
    """OpenSpiel's ISMCTS bot with its standard evaluator, seeded."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=iterations,
        random_state=np.random.RandomState(seed + 1),
        allow_inconsistent_action_sets=True,
        child_selection_policy=ismcts.ChildSelectionPolicy.UCT,
    )
    sampler = pyspiel.UniformProbabilitySampler(seed + 2, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


def play(game: BaldursGateGame, deal: int, hero: int, iterations: int, tally: Tally) -> str:
    """One game with our bot in seat ``hero``; a line saying how it went."""
    state = game.new_initial_state()
    state.deal(deal)
    ours = IsmctsBot(deal * 10 + hero, iterations=iterations)
    theirs = {s: openspiel_bot(game, iterations, deal * 100 + s) for s in range(game.players)}
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        start = time.process_time()
        if seat == hero:
            number = game.codec.encode(ours.choose(state.game))
            spent = tally.ours
        else:
            number = int(theirs[seat].step(state))
            spent = tally.theirs
        if len(legal) > 1:
            spent.append(time.process_time() - start)
        state.apply_action(number)
    result = state.game.result()
    share = 1 / len(result.winners) if hero in result.winners else 0.0
    best_other = max(p for s, p in enumerate(result.prestige) if s != hero)
    tally.games += 1
    tally.wins += share
    tally.margins.append(result.prestige[hero] - best_other)
    return (
        f"deal {deal:3} ours in seat {hero}: prestige {result.prestige},"
        f" winners {result.winners}, ours {'won' if share else 'lost'}"
    )


_GAME: BaldursGateGame | None = None


def _one(job: tuple[int, int, int, int]) -> tuple[str, Tally]:
    """One game in a worker process (each makes its own OpenSpiel game)."""
    global _GAME
    players, deal, hero, iterations = job
    if _GAME is None:
        _GAME = BaldursGateGame({"players": players})
    tally = Tally()
    return play(_GAME, deal, hero, iterations, tally), tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games (rounded up to rotate seats)")
    parser.add_argument("--iterations", type=int, default=48, help="iterations per decision")
    parser.add_argument("--players", type=int, default=2, help="seats (ours is one of them)")
    parser.add_argument("--seed", type=int, default=1, help="first deal")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args()
    deals = -(-args.games // args.players)
    jobs = [
        (args.players, deal, hero, args.iterations)
        for deal in range(args.seed, args.seed + deals)
        for hero in range(args.players)
    ]
    print(
        f"our IsmctsBot vs OpenSpiel ISMCTSBot, {args.players} players,"
        f" {args.iterations} iterations per decision each, {len(jobs)} games"
    )
    total = Tally()
    with multiprocessing.Pool(args.jobs) as pool:
        for line, tally in pool.imap(_one, jobs):  # in order: the output is the same
            total.games += tally.games
            total.wins += tally.wins
            total.margins += tally.margins
            total.ours += tally.ours
            total.theirs += tally.theirs
            low, high = wilson(total.wins, total.games)
            print(f"{line}  | {total.wins:g}/{total.games} [{low:.2f}, {high:.2f}]", flush=True)
    summary(total, args.players)
    _bots_benchmark().save_result(
        "openspiel",
        {
            "hero": "ismcts",
            "field": f"{args.players - 1} OpenSpiel `ISMCTSBot`",
            "games": total.games,
            "wins": total.wins,
            "target": 1 / args.players,
            "margin": round(statistics.mean(total.margins), 1),
            "seed": args.seed,
            "budget": f"{args.iterations} iterations per decision, both",
        },
    )


def _bots_benchmark() -> Any:
    """``benchmarks/bots.py``, beside this script, which keeps the strength matches' figures
    (loaded by its path: a plain ``import bots`` may find another ``bots``)."""
    path = Path(__file__).resolve().with_name("bots.py")
    spec = importlib.util.spec_from_file_location("bots_benchmark", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def summary(tally: Tally, players: int) -> None:
    """The final figures."""
    low, high = wilson(tally.wins, tally.games)
    print(
        f"\nour ISMCTS won {tally.wins:g} of {tally.games} games: {tally.wins / tally.games:.1%}"
        f" (95% interval {low:.1%} to {high:.1%}; an equal bot wins {1 / players:.0%})"
    )
    print(f"mean prestige margin over the best other seat: {statistics.mean(tally.margins):+.1f}")
    print(
        f"CPU seconds per searched decision: ours {statistics.mean(tally.ours):.3f}"
        f" ({len(tally.ours)} decisions), OpenSpiel's {statistics.mean(tally.theirs):.3f}"
        f" ({len(tally.theirs)} decisions)"
    )


if __name__ == "__main__":
    main()
