"""The ISMCTS bot: determinism, budgets, two-level builds, one tree per seat, rewards."""

from __future__ import annotations

import math
import time

import pytest

import baldurs_rules as br
from baldurs_rules.actions import Action
from baldurs_rules.bots import IsmctsBot, RandomBot, make_bot
from baldurs_rules.bots.ismcts import _Edge, observed
from baldurs_rules.runs.simulate import simulate, summarize


def turn_with_builds(players: int = 3, seed: int = 4) -> br.Game:
    """A turn decision where the seat can build on several lots."""
    game = br.new_game(players, seed)
    bots = [RandomBot(s) for s in range(players)]
    while True:
        options = game.legal_actions()
        builds = {a.args[0] for a in options if a.kind == "build"}
        if game.state.decision.kind == "turn" and builds and len(options) > len(builds) + 3:
            return game
        game.apply(bots[game.current_player].choose(game))


def test_same_seed_and_iterations_same_search() -> None:
    game = turn_with_builds()
    first, again = IsmctsBot(5, iterations=120), IsmctsBot(5, iterations=120)
    assert first.choose(game) == again.choose(game)
    assert first.last_stats == again.last_stats
    assert first.last_iterations == again.last_iterations
    other = IsmctsBot(6, iterations=120)
    other.choose(game)
    assert other.last_stats != first.last_stats


def test_builds_are_chosen_card_first_then_lot() -> None:
    game = turn_with_builds()
    bot = IsmctsBot(1, iterations=200)
    choice = bot.choose(game)
    stats = bot.last_stats
    cards = {str(a.args[0]) for a in game.legal_actions() if a.kind == "build"}
    for card in cards:
        visits, _ = stats[f"build {card}"]
        lots = [v for key, (v, _) in stats.items() if key.startswith(f"build {card} ")]
        assert visits == sum(lots)  # every visit of the card went on to one of its lots
    top = [key for key in stats if key.count(" ") < 2]
    assert sum(stats[key][0] for key in top) == bot.last_iterations
    assert choice in game.legal_actions()
    if choice.kind == "build":  # the most visited card, then its most visited lot
        assert stats[f"build {choice.args[0]}"][0] == max(stats[key][0] for key in top)


def test_a_time_budget_stops_the_search() -> None:
    game = turn_with_builds()
    bot = make_bot("ismcts:think=20ms", 2)
    assert isinstance(bot, IsmctsBot)
    assert bot.think == pytest.approx(0.02) and bot.iterations > 10**6
    assert bot.choose(game) in game.legal_actions()
    assert 1 <= bot.last_iterations < bot.iterations
    cpu = make_bot("ismcts:think=20ms,clock=cpu", 2)
    assert isinstance(cpu, IsmctsBot) and cpu.clock is time.process_time
    assert cpu.choose(game) in game.legal_actions() and cpu.last_iterations >= 1
    both = IsmctsBot(2, think=60.0, iterations=25)  # whichever ends first
    both.choose(game)
    assert both.last_iterations <= 25


def test_the_prior_tries_the_heuristics_favourite_first_and_biases_uct() -> None:
    game = turn_with_builds()
    probe = IsmctsBot(3, iterations=1, prior=1.0)
    bias = probe._root_bias(game.clone(log=False), game.legal_actions())
    favourite = max(bias, key=lambda key: bias[key])
    assert bias[favourite] == 1.0 and min(bias.values()) == 0.0
    build = isinstance(favourite, tuple) and not isinstance(favourite, Action)
    name = " ".join(map(str, favourite)) if build else str(favourite)
    for seed in range(4):  # a fresh root: the favourite is the first choice tried
        bot = IsmctsBot(seed, iterations=1, prior=1.0)
        bot.choose(game)
        tried = [key for key, (visits, _) in bot.last_stats.items() if visits]
        assert tried[0] == name
    blind = {str(IsmctsBot(seed, iterations=1).choose(game)) for seed in range(12)}
    assert len(blind) > 1  # without the prior the first try is a random one
    # UCT: with equal statistics, the bias decides, and fades with the visits
    bot = IsmctsBot(0, prior=1.0)
    a, b = Action("income"), Action("visit", ("high_hall",))
    root = {a: _Edge(), b: _Edge()}
    for edge in root.values():
        edge.visits, edge.total, edge.available = 10, 5.0, 20
    bot._root, bot._bias = root, {a: 0.0, b: 1.0}
    assert bot._pick(root, [a, b]) == (b, False)
    for edge in root.values():
        edge.visits, edge.total, edge.available = 10_000, 5_000.0, 20_000
    root[a].total += 2.0  # a mean better by 0.0002 now outweighs the faded bias
    assert bot._pick(root, [a, b]) == (a, False)


def test_the_search_stops_when_the_choice_is_settled() -> None:
    root = {Action("income"): _Edge(), Action("visit", ("high_hall",)): _Edge()}
    root[Action("income")].visits, root[Action("visit", ("high_hall",))].visits = 50, 10
    assert IsmctsBot._settled(root, 39)
    assert not IsmctsBot._settled(root, 40)
    assert not IsmctsBot._settled({Action("income"): root[Action("income")]}, 0)


def test_a_hidden_action_is_seen_as_hidden_by_the_other_trees() -> None:
    card = Action("discard", ("elfsong_tavern",))
    assert observed(card, 1, 1) == card
    assert observed(card, 1, 0) == Action("discard", ("?",))
    game = br.new_game(3, 5, advanced=True)
    while game.state.decision.kind != "keep":
        game.apply(RandomBot(1).choose(game))
    mover = game.current_player
    bot = IsmctsBot(3, iterations=1)
    roots: list[dict] = [{} for _ in range(3)]
    for k in range(20):
        bot._iterate(game.determinize(mover, k), roots)
    mine = {key for key in roots[mover] if isinstance(key, Action)}
    assert mine and all(a.kind == "discard" and a.args[0] != "?" for a in mine)
    for seat in range(3):
        if seat != mover:
            assert set(roots[seat]) == {Action("discard", ("?",))}


def test_rewards_are_win_shares_or_a_softmax_of_estimates() -> None:
    bot = IsmctsBot(0, temperature=5.0)
    over = br.new_game(2, 1)
    while not over.is_over:
        over.apply(RandomBot(4).choose(over))
    winners = over.result().winners
    shares = bot._rewards(over.clone())
    assert shares == [1 / len(winners) if s in winners else 0.0 for s in range(2)]
    young = br.new_game(3, 2)
    rewards = bot._rewards(young.clone(log=False))
    assert sum(rewards) == pytest.approx(1.0)
    assert all(0 < r < 1 for r in rewards)
    from baldurs_rules.bots import Evaluator

    values = Evaluator.of(young.content).values(young.state)
    ratio = rewards[0] / rewards[1]
    assert ratio == pytest.approx(math.exp((values[0] - values[1]) / 5.0))


def test_the_search_beats_random_players() -> None:
    records = simulate(2, players=2, bots=["ismcts:iterations=60", "random"], seed=8)
    assert summarize(records)["wins_per_bot"]["ismcts:iterations=60"] == 2
