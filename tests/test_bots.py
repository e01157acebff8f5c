"""The computer players: determinism, strength and the bot factory."""

from __future__ import annotations

import pytest

import baldurs_rules as br
from baldurs_rules.bots import (
    Bot,
    GreedyBot,
    RandomBot,
    evaluate,
    make_bot,
    play_game,
)
from baldurs_rules.rules import Rules
from baldurs_rules.simulate import simulate, summarize


@pytest.fixture(scope="module")
def content() -> br.Content:
    return br.load_content()


def test_random_bot_same_seed_same_game(content: br.Content) -> None:
    first = play_game(3, 11, [RandomBot(1), RandomBot(2), RandomBot(3)], content=content)
    again = play_game(3, 11, [RandomBot(1), RandomBot(2), RandomBot(3)], content=content)
    other = play_game(3, 11, [RandomBot(9), RandomBot(2), RandomBot(3)], content=content)
    assert first.is_over
    assert first.record() == again.record()
    assert first.result() == again.result()
    assert first.actions != other.actions


def test_greedy_bot_same_seed_same_game(content: br.Content) -> None:
    def game() -> br.Game:
        return play_game(2, 5, [GreedyBot(4), RandomBot(5)], content=content)

    first, again = game(), game()
    assert first.record() == again.record()
    assert first.result().prestige == again.result().prestige


def test_bots_only_choose_legal_actions(content: br.Content) -> None:
    seen: list[tuple[int, str]] = []

    def check(game: br.Game, seat: int, action: br.Action) -> None:
        assert seat == game.current_player
        assert action in game.legal_actions()
        seen.append((seat, str(action)))

    game = play_game(2, 8, [GreedyBot(1), RandomBot(2)], content=content, on_action=check)
    assert game.is_over
    assert len(seen) == len(game.actions)
    assert {seat for seat, _ in seen} == {0, 1}


def test_greedy_beats_random_more_often_than_not() -> None:
    # 20 four-player games; seats alternate greedy/random and swap every game.
    records = simulate(20, players=4, bots=["greedy", "random"], seed=100, jobs=2)
    summary = summarize(records)
    wins = summary["wins_per_bot"]
    assert summary["seats_per_bot"] == {"greedy": 40, "random": 40}
    assert wins["greedy"] + wins["random"] == pytest.approx(20)
    # A weak but real inequality: greedy takes most of the wins.
    assert wins["greedy"] > 12, wins
    greedy, random_ = (summary["mean_prestige_per_bot"][b]["total"] for b in ("greedy", "random"))
    assert greedy > random_


def test_evaluate_is_final_prestige_when_over(content: br.Content) -> None:
    game = play_game(2, 3, [RandomBot(1), RandomBot(2)], content=content)
    for seat in range(2):
        assert evaluate(game, seat) == game.result().prestige[seat]


def test_evaluate_counts_resources_and_weights(content: br.Content) -> None:
    game = br.new_game(2, 1, content=content)
    base = evaluate(game, 0)
    richer = game.clone()
    richer.state.res[0][Rules.of(content).t.gold] += 3
    assert evaluate(richer, 0) > base
    assert evaluate(game, 0, {"portfolio": 100.0}) == base  # nothing in the portfolio yet


def test_make_bot_known_names() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot(" Greedy ", 1), GreedyBot)
    assert make_bot("greedy", 3).name == "greedy"
    assert isinstance(make_bot("random"), Bot)


def test_make_bot_unknown_name_suggests() -> None:
    with pytest.raises(br.RulesError) as info:
        make_bot("gready", 0)
    assert "unknown bot 'gready'" in str(info.value)
    assert "did you mean 'greedy'" in str(info.value)


def test_play_game_needs_one_bot_per_seat(content: br.Content) -> None:
    with pytest.raises(br.RulesError, match="one bot per seat"):
        play_game(3, 0, [RandomBot(1)], content=content)
