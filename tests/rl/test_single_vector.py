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


def test_encode_rows_equals_encode_row_by_row_and_refuses_a_bad_out() -> None:
    import baldurs_rules as br
    from baldurs_rules.errors import RulesError
    from baldurs_rules.rl.observation import ObservationEncoder

    games = [br.new_game(players=3, seed=s) for s in range(4)]
    for game in games[1:]:
        for _ in range(5):
            game.apply(game.legal_actions()[0])
    games[2].state.turn = 300  # a count that is not a byte is written apart
    encoder = ObservationEncoder(games[0].content, players=3)
    seats = [0, 2, 1, 0]
    rows = encoder.encode_rows(games, seats, np.full((4, encoder.size), 7, dtype=np.float32))
    for game, seat, row in zip(games, seats, rows, strict=True):
        assert (row == encoder.encode(game, seat)).all()
    assert rows[2, encoder.o_turn] == np.float32(3.0)
    with pytest.raises(RulesError, match=r"shape \(4, "):
        encoder.encode_rows(games, seats, np.empty((3, encoder.size), dtype=np.float32))
    with pytest.raises(RulesError, match="3 seats for 4 games"):
        encoder.encode_rows(games, seats[:3], rows)


def test_write_mask_clears_only_what_it_set() -> None:
    import baldurs_rules as br
    from baldurs_rules.errors import RulesError
    from baldurs_rules.rl.action_codec import ActionCodec

    game = br.new_game(players=2, seed=3)
    codec = ActionCodec(game.content)
    flags = bytearray(2 * len(codec))
    first = codec.write_mask(game.legal_actions(), flags, len(codec), [])
    game.apply(game.legal_actions()[0])
    second = codec.write_mask(game.legal_actions(), flags, len(codec), first)
    row = np.frombuffer(flags, dtype=np.int8).reshape(2, len(codec))
    assert not row[0].any() and (row[1] == codec.mask(game.legal_actions())).all()
    assert second == codec.numbers(game.legal_actions())
    with pytest.raises(RulesError, match="does not fit"):
        codec.write_mask(game.legal_actions(), flags, len(codec) + 1, [])


def test_the_masks_are_read_only_and_written_again_by_each_step() -> None:
    envs = single_vector_env(2, players=2, opponents="random")
    _, infos = envs.reset(seed=2)
    with pytest.raises(ValueError, match="read-only"):
        infos["action_mask"][0, 0] = 1
    first = infos["action_mask"].copy()
    _, _, _, _, infos = envs.step(_pick(envs, np.random.default_rng(2)))
    assert infos["action_mask"] is envs.masks and not (infos["action_mask"] == first).all()
