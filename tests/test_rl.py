"""The PettingZoo environment: API and seed tests, encodings, rewards, no hidden information."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

import baldurs_rules as br
from baldurs_rules.rl import ActionCodec, ObservationEncoder, env, raw_env


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations draw style warnings
        api_test(env(players=players), num_cycles=400)


def test_pettingzoo_seed_test() -> None:
    seed_test(env, num_cycles=200)


def test_every_legal_action_has_a_number_that_decodes_back() -> None:
    content = br.load_content()
    codec = ActionCodec(content)
    assert len(codec) == len(set(codec.actions))
    for players, advanced in ((2, True), (4, False)):
        game = br.new_game(players, 9, advanced, content)
        rng = np.random.default_rng(9)
        while not game.is_over:
            legal = game.legal_actions()
            for action in legal:
                assert codec.decode(codec.encode(action)) == action
            mask = codec.mask(legal)
            assert mask.sum() == len(legal)
            game.apply(legal[int(rng.integers(len(legal)))])


def test_codec_is_stable_for_the_same_content() -> None:
    a, b = ActionCodec(br.load_content()), ActionCodec(br.load_content(cache=False))
    assert a.actions == b.actions and a.encode(br.Action("income")) == 1728 + 9


def test_observation_uses_only_what_the_seat_may_see() -> None:
    e = raw_env(players=3)
    e.reset(seed=4)
    game = e.game
    assert game is not None
    before = e.observe("player_1")["observation"]
    state = game.state
    state.hand[0].reverse()
    state.hand[2].reverse()
    state.deck.reverse()
    state.bag.reverse()
    if state.hand[0] and state.deck:
        state.hand[0][0], state.deck[0] = state.deck[0], state.hand[0][0]
    after = e.observe("player_1")["observation"]
    assert np.array_equal(before, after)
    assert before.shape == (ObservationEncoder(game.content, 3).size,)


@pytest.mark.parametrize("reward", ["win", "prestige"])
def test_rewards_come_at_the_end(reward: str) -> None:
    e = env(players=3, reward=reward)
    e.reset(seed=2)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    final_info: dict = {}
    for agent in e.agent_iter():
        obs, r, term, trunc, info = e.last()
        totals[agent] += r
        if term or trunc:
            final_info = info
        else:
            assert r == 0.0
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert abs(sum(totals.values())) < 1e-9  # zero-sum in both modes
    winners = final_info["winners"]
    for seat, agent in enumerate(e.possible_agents):
        if reward == "win":
            expected = 1 / len(winners) if seat in winners else -1 / (3 - len(winners))
            assert totals[agent] == pytest.approx(expected)
        elif seat in winners:
            assert totals[agent] == max(totals.values())


def test_render_is_text() -> None:
    e = env(players=2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "seat 0" in text


def test_bad_reward_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="reward"):
        raw_env(reward="money")
