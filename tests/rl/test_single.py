"""The single-agent Gymnasium environment: Gymnasium's checker, masks, bots of the registry as
opponents, seats, invalid actions, rewards, determinism, and a one-player content."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env
from rules_support import mod_content

from baldurs_rules.errors import IllegalActionError, RulesError
from baldurs_rules.rl import SingleAgentEnv, single_env, vector_env
from baldurs_rules.rl.single import GYM_ID


def _episode(e: SingleAgentEnv, seed: int, pick: int = 0) -> tuple[list[float], dict, int]:
    """Play the ``pick``-th legal action (mod the count) to the end: rewards, last info, steps."""
    obs, info = e.reset(seed=seed)
    rewards: list[float] = []
    while True:
        legal = np.flatnonzero(e.action_masks())
        assert (legal == np.flatnonzero(info["action_mask"])).all() and len(legal) > 0
        obs, reward, terminated, truncated, info = e.step(int(legal[pick % len(legal)]))
        assert obs in e.observation_space
        rewards.append(reward)
        if terminated or truncated:
            return rewards, info, len(rewards)


def test_gymnasiums_check_env_passes_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning of the checker fails the test
        made = gymnasium.make(GYM_ID, players=3, opponents="greedy", invalid="lose", seed=1)
        check_env(made.unwrapped)  # with a spec: the render modes are checked too
        other = gymnasium.make(GYM_ID, players=2, seat="random", reward="prestige_delta")
        check_env(gymnasium.make(other.spec, invalid="lose").unwrapped)
    assert isinstance(made.unwrapped, SingleAgentEnv) and made.unwrapped.players == 3


def test_the_mask_is_in_info_and_from_action_masks() -> None:
    e = single_env(players=4, seat=2, opponents="random")
    obs, info = e.reset(seed=3)
    assert info["seat"] == 2 and e.game is not None and e.game.current_player == 2
    mask = e.action_masks()
    assert mask.dtype == bool and mask.shape == (e.action_space.n,)
    assert info["action_mask"].dtype == np.int8
    assert sorted(np.flatnonzero(mask)) == sorted(e.codec.numbers(e.game.legal_actions()))
    assert (obs == e.encoder.encode(e.game, 2)).all()


def test_opponents_play_until_the_learning_seat_decides() -> None:
    e = single_env(players=3, seat=1, opponents=["greedy", "heuristic"])
    e.reset(seed=5)
    assert [bot.name for bot in e.bots.values()] == ["greedy", "heuristic"]
    assert sorted(e.bots) == [0, 2]
    for _ in range(20):
        assert e.game.current_player == 1
        e.step(int(np.flatnonzero(e.action_masks())[0]))


def test_the_same_seed_gives_the_same_episode_and_another_seed_another() -> None:
    make = lambda: single_env(players=4, seat="random", opponents="greedy")  # noqa: E731
    a, b = make(), make()
    (rewards_a, info_a, steps_a), (rewards_b, info_b, steps_b) = (
        _episode(a, 7, 3),
        _episode(b, 7, 3),
    )
    assert (rewards_a, steps_a, info_a["prestige"]) == (rewards_b, steps_b, info_b["prestige"])
    assert a.game == b.game and a.seat == b.seat
    seats = set()
    for seed in range(8):
        b.reset(seed=seed)
        seats.add(b.seat)
    assert len(seats) > 1  # "random" draws the seat
    seeded = single_env(players=2, seed=3, invalid="lose")
    first = seeded.reset()[0]
    seeded.step(int(np.flatnonzero(~seeded.action_masks())[0]))  # lost: the game is dropped
    assert (seeded.reset()[0] != first).any()  # the seed is the first reset's only
    assert (single_env(players=2, seed=3).reset()[0] == first).all()


def test_an_invalid_action_raises_and_leaves_the_game_or_loses() -> None:
    e = single_env(players=2, invalid="raise")
    e.reset(seed=2)
    before = e.game.clone()
    illegal = int(np.flatnonzero(~e.action_masks())[0])
    with pytest.raises(IllegalActionError, match="not legal for seat 0"):
        e.step(illegal)
    with pytest.raises(IllegalActionError):
        e.step(len(e.codec) + 5)
    assert e.game == before
    lose = single_env(players=2, invalid="lose")
    lose.reset(seed=2)
    obs, reward, terminated, truncated, info = lose.step(illegal)
    assert (reward, terminated, truncated, info["invalid"]) == (-1.0, True, False, True)
    assert obs in lose.observation_space and not info["action_mask"].any()
    with pytest.raises(RulesError, match="call reset"):
        lose.step(0)


@pytest.mark.parametrize("reward", ["win", "prestige", "prestige_delta"])
def test_rewards(reward: str) -> None:
    e = single_env(players=3, seat=1, opponents="random", reward=reward)
    rewards, info, _ = _episode(e, 4)
    result = e.game.result()
    assert info["prestige"] == result.prestige[1] and info["winners"] == result.winners
    if reward == "prestige_delta":  # every step; they add up to the final prestige
        assert sum(rewards) == pytest.approx(result.prestige[1])
        assert sum(1 for r in rewards if r) > 1
    else:  # only at the end
        assert all(r == 0.0 for r in rewards[:-1])
        assert rewards[-1] == (1.0 if 1 in result.winners else -1.0) or reward == "prestige"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seat": 4}, "seat must be a seat of the table"),
        ({"seat": "first"}, "seat must be"),
        ({"opponents": "greedyy"}, "greedy"),
        ({"opponents": ["random"]}, "one bot spec per other seat"),
        ({"invalid": "ignore"}, "invalid must be one of"),
        ({"reward": "prestige_delta2"}, "did you mean"),
        ({"players": 5}, "from 2 to 4"),
    ],
)
def test_bad_options_are_refused_at_creation(options: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        single_env(**options)


def test_one_player_content_plays_to_the_end_in_the_single_and_vector_envs(
    tmp_path: Path,
) -> None:
    """Issue 25: a content allowing one player plays to the end in every environment
    (the AEC environment: tests/rl/test_pettingzoo.py; OpenSpiel: tests/rl/test_openspiel.py)."""
    content = mod_content(tmp_path, game="players: {min: 1, max: 1}\n")
    for reward in ("win", "prestige", "prestige_delta"):
        e = single_env(players=1, content=content, reward=reward, opponents=[])
        rewards, info, steps = _episode(e, 1, pick=2)
        assert e.game.is_over and info["winners"] == [0] and steps > 10
        final = e.game.result().prestige[0]
        assert sum(rewards) == pytest.approx(1.0 if reward == "win" else final)
    batch_env = vector_env(2, players=1, content=content, reward="prestige")
    batch = batch_env.reset(seed=3)
    rng = np.random.default_rng(0)
    while batch_env.finished < 2:
        batch = batch_env.step([rng.choice(np.flatnonzero(m)) for m in batch.action_masks])
        for i in np.flatnonzero(batch.terminated | batch.truncated):
            assert batch.rewards[i, 0] == batch.results[i].prestige[0]


def test_render_is_the_text_board() -> None:
    e = single_env(players=2, render_mode="ansi")
    e.reset(seed=0)
    assert e.render().startswith("turn 0, phase play, seat 0 to decide")
    assert single_env(players=2).render() is None


def test_the_baseline_script_trains_and_reports_with_intervals() -> None:
    """benchmarks/rl_baseline.py at a tiny budget: before, training, after, the table."""
    import importlib.util

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "rl_baseline.py"
    spec = importlib.util.spec_from_file_location("rl_baseline", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    row = module.run("random", 3, 2)
    assert row["before"]["games"] == row["after"]["games"] == 2 and row["episodes"] == 3
    assert 0.0 <= row["after"]["low"] <= row["after"]["rate"] <= row["after"]["high"] <= 1.0
    assert module.wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert "| 3 × `random` | 3 |" in module.table([row])
