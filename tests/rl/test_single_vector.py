"""The Gymnasium vector of single-agent games: shapes, autoreset, masks, determinism."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from baldurs_rules.errors import IllegalActionError
from baldurs_rules.rl.single_vector import single_vector_env


def _pick(envs, rng):
    return np.argmax(rng.random(envs.masks.shape) * envs.action_masks(), axis=1)


def test_shapes_autoreset_and_final_infos() -> None:
    envs = single_vector_env(3, players=2, opponents="random", reward="prestige_delta")
    obs, infos = envs.reset(seed=1)
    assert obs.shape == (3, envs.encoder.size) and envs.observation_space.shape == obs.shape
    rng = np.random.default_rng(1)
    totals, finals = np.zeros(3), 0
    for _ in range(400):
        obs, rewards, terminated, truncated, infos = envs.step(_pick(envs, rng))
        totals += rewards
        for i in np.flatnonzero(terminated | truncated):
            assert infos["_final_obs"][i] and infos["final_info"]["prestige"][i] == totals[i]
            totals[i], finals = 0.0, finals + 1
        for i, game in enumerate(envs.games):
            assert game.current_player == infos["seat"][i]
            assert sorted(np.flatnonzero(infos["action_mask"][i])) == sorted(
                envs.codec.numbers(game.legal_actions())
            )
            assert (obs[i] == envs.encoder.encode(game, int(infos["seat"][i]))).all()
    assert finals >= 3


def test_an_illegal_action_moves_no_game_and_seeds_replay() -> None:
    envs = single_vector_env(2, players=3, seat="random", opponents=["greedy", "random"])
    envs.reset(seed=4)
    before = [g.clone() for g in envs.games]
    bad = _pick(envs, np.random.default_rng(0))
    bad[1] = int(np.flatnonzero(envs.masks[1] == 0)[0])
    with pytest.raises(IllegalActionError, match="game 1 of the batch"):
        envs.step(bad)
    assert envs.games == before
    again = single_vector_env(2, players=3, seat="random", opponents=["greedy", "random"])
    again.reset(seed=4)
    assert again.games == envs.games and (again.seats == envs.seats).all()
