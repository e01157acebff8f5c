"""The vector of games: stacked observations and masks, rewards at the ends, auto-reset with
the documented seeds, determinism, and refused input."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import baldurs_rules as br
from baldurs_rules.errors import IllegalActionError, RulesError
from baldurs_rules.rl import ActionCodec, ObservationEncoder, VectorEnv, vector_env
from baldurs_rules.rl.common import final_rewards


def _random_actions(masks: np.ndarray, rng: np.random.Generator) -> list[int]:
    return [int(rng.choice(np.flatnonzero(mask))) for mask in masks]


def _rollout(env: VectorEnv, steps: int, seed: int) -> list[tuple[np.ndarray, ...]]:
    """Copies of every batch of a seeded random rollout."""
    rng = np.random.default_rng(seed)
    batch = env.reset(seed=seed)
    seen = [(batch.observations.copy(), batch.action_masks.copy(), batch.players.copy())]
    for _ in range(steps):
        batch = env.step(_random_actions(batch.action_masks, rng))
        seen.append(
            (
                batch.observations.copy(),
                batch.action_masks.copy(),
                batch.players.copy(),
                batch.rewards.copy(),
                batch.terminated.copy(),
            )
        )
    return seen


def test_shapes_and_the_first_decisions() -> None:
    env = vector_env(3, players=3, seed=10)
    batch = env.reset()
    encoder = ObservationEncoder(env.content, 3)
    assert env.num_envs == 3
    assert batch.observations.shape == (3, encoder.size) and batch.observations.dtype == np.float32
    assert batch.action_masks.shape == (3, len(ActionCodec(env.content)))
    assert batch.rewards.shape == (3, 3) and not batch.terminated.any()
    for i in range(3):
        game = br.new_game(3, 10 + i)
        assert batch.players[i] == game.current_player
        assert np.array_equal(batch.observations[i], encoder.encode(game, game.current_player))
        assert batch.action_masks[i].sum() == len(game.legal_actions())


def test_rows_follow_their_games_and_restart_with_the_documented_seeds() -> None:
    n, seed = 2, 40
    env = vector_env(n, players=2, seed=seed)
    batch = env.reset()
    shadows = [br.new_game(2, seed + i) for i in range(n)]
    started = [1] * n
    rng = np.random.default_rng(1)
    ends = 0
    while ends < 3:
        actions = _random_actions(batch.action_masks, rng)
        batch = env.step(actions)
        for i, number in enumerate(actions):
            shadows[i].apply(env.codec.decode(number))
            if shadows[i].is_over:
                result = shadows[i].result()
                assert batch.terminated[i] != batch.truncated[i]
                assert batch.results[i] == result
                assert batch.rewards[i].tolist() == pytest.approx(final_rewards(result, "win"))
                shadows[i] = br.new_game(2, seed + i + n * started[i])
                started[i] += 1
                ends += 1
            else:
                assert not batch.terminated[i] and batch.results[i] is None
                assert not batch.rewards[i].any()
            seat = shadows[i].current_player
            assert batch.players[i] == seat
            assert np.array_equal(batch.observations[i], env.observe(i, seat))
            assert np.array_equal(batch.observations[i], env.encoder.encode(shadows[i], seat))
    assert env.finished == ends


def test_a_batch_is_deterministic_for_its_seed() -> None:
    first = _rollout(vector_env(4, players=4), 60, seed=3)
    again = _rollout(vector_env(4, players=4), 60, seed=3)
    other = _rollout(vector_env(4, players=4), 60, seed=4)
    assert all(
        all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
        for a, b in zip(first, again, strict=True)
    )
    assert not all(np.array_equal(a[0], b[0]) for a, b in zip(first, other, strict=True))


def test_prestige_rewards_and_truncations(tmp_path: Path) -> None:
    directory = tmp_path / "short"
    directory.mkdir()
    (directory / "mod.yaml").write_text("name: short\n", "utf-8")
    (directory / "game.yaml").write_text("limits:\n  max_turns: 4\n", "utf-8")
    env = vector_env(2, players=2, content=br.load_content(directory), reward="prestige")
    batch = env.reset(seed=0)
    rng = np.random.default_rng(0)
    while not batch.truncated.any():
        batch = env.step(_random_actions(batch.action_masks, rng))
        assert not batch.terminated.any()  # every end here is the turn limit
    row = int(np.flatnonzero(batch.truncated)[0])
    result = batch.results[row]
    assert result is not None and result.truncated
    assert batch.rewards[row].tolist() == pytest.approx(final_rewards(result, "prestige"))
    assert batch.rewards[row].sum() == pytest.approx(0.0, abs=1e-5)


def test_an_illegal_action_moves_no_game() -> None:
    env = vector_env(3, players=2, seed=0)
    batch = env.reset()
    before = [game.clone() for game in env.games]
    actions = _random_actions(batch.action_masks, np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(batch.action_masks[1] == 0)[0])
    with pytest.raises(IllegalActionError, match="game 1 of the batch: action 0 is not legal"):
        env.step(actions)
    assert all(a == b for a, b in zip(before, env.games, strict=True))
    with pytest.raises(IllegalActionError, match="game 2"):
        env.step([*actions[:1], actions[0], len(env.codec)])


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ([0, 0], "3 whole action numbers"),
        ([0.5, 1.0, 2.0], "type float64"),
        ([[0], [0], [0]], r"shape \(3, 1\)"),
    ],
)
def test_malformed_actions_are_refused(actions: list, message: str) -> None:
    env = vector_env(3, players=2)
    env.reset()
    with pytest.raises(RulesError, match=message):
        env.step(actions)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"n": 0}, "n >= 1"),
        ({"n": 2, "players": 7}, "from 2 to 4"),
        ({"n": 2, "reward": "gold"}, "reward must be one of"),
        ({"n": 2, "seed": "x"}, "seed must be a whole number"),
    ],
)
def test_bad_options_are_refused_at_creation(options: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        vector_env(**options)


def test_step_before_reset_is_refused() -> None:
    with pytest.raises(RulesError, match="reset"):
        vector_env(2).step([0, 0])
