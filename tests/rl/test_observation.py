"""The fast observation path: equal to the view-based reference on live, changed and odd states.

``tests/rl/test_pettingzoo.py`` checks the encoder on copies of every position (each a new state);
these tests keep one live state, as the environments do, so the map bytes kept per
state and observer are patched from one decision to the next, and change states in
place behind the encoder's back.
"""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

import baldurs_rules as br
from baldurs_rules.errors import RulesError
from baldurs_rules.rl.observation import ObservationEncoder


def _same_as_reference(encoder: ObservationEncoder, game: br.Game, seat: int) -> bool:
    return bool(np.array_equal(encoder.encode(game, seat), encoder.encode_view(game.view(seat))))


def _advance(game: br.Game, rng: random.Random, decisions: int) -> None:
    for _ in range(decisions):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize(("players", "advanced", "seed"), [(2, True, 11), (4, False, 12)])
def test_one_live_game_is_encoded_right_at_every_decision_for_every_seat(
    players: int, advanced: bool, seed: int
) -> None:
    encoder = ObservationEncoder(br.load_content(), players)
    game = br.new_game(players, seed, advanced)
    rng = random.Random(seed)
    map_changes = 0
    while not game.is_over:
        for seat in rng.sample(range(players), players):  # observers in a changing order
            assert _same_as_reference(encoder, game, seat)
        before = (game.state.lots[:], game.state.piece[:], game.state.owner[:])
        _advance(game, rng, 1)
        map_changes += before != (game.state.lots, game.state.piece, game.state.owner)
    assert all(_same_as_reference(encoder, game, seat) for seat in range(players))
    assert map_changes > 10  # the map changed under the kept bytes: the test can fail


def test_games_sharing_one_encoder_in_turn_are_each_encoded_right() -> None:
    encoder = ObservationEncoder(br.load_content(), 3)
    games = [br.new_game(3, seed) for seed in (21, 22, 23)]
    rng = random.Random(2)
    for _ in range(60):
        for game in games:
            seat = rng.randrange(3)
            assert _same_as_reference(encoder, game, seat)
            _advance(game, rng, 3)


def test_a_state_changed_in_place_into_another_game_is_encoded_from_its_new_lists() -> None:
    """The same state object (same id) takes another game's fields: the kept map bytes
    are checked against the lists by value, not trusted by identity."""
    encoder = ObservationEncoder(br.load_content(), 4)
    rng = random.Random(3)
    game, other = br.new_game(4, 31), br.new_game(4, 32)
    _advance(game, rng, 120)
    _advance(other, rng, 200)
    before = encoder.encode(game, 2)
    game.state.assign(other.state.clone())
    after = encoder.encode(game, 2)
    assert np.array_equal(after, encoder.encode_view(other.view(2)))
    assert not np.array_equal(before, after)
    third = br.new_game(4, 33)
    _advance(third, rng, 250)
    for name in ("lots", "piece", "owner"):  # in place, behind the encoder's back
        getattr(game.state, name)[:] = getattr(third.state, name)
    assert game.state.owner != other.state.owner
    assert _same_as_reference(encoder, game, 2)


def test_counts_that_do_not_fit_a_byte_are_exact_and_do_not_stay() -> None:
    encoder = ObservationEncoder(br.load_content(), 2)
    game = br.new_game(2, 41)
    _advance(game, random.Random(4), 30)
    state = game.state
    state.res[1][0], state.turn, state.cubes[0] = 300, 640, 1000
    vector = encoder.encode(game, 0)
    assert np.array_equal(vector, encoder.encode_view(game.view(0)))
    assert vector[encoder.o_turn] == np.float32(6.4)
    state.res[1][0], state.turn, state.cubes[0] = 3, 7, 2
    assert _same_as_reference(encoder, game, 0) and _same_as_reference(encoder, game, 1)


def test_a_vector_is_the_callers_to_keep() -> None:
    encoder = ObservationEncoder(br.load_content(), 2)
    game = br.new_game(2, 5)
    first = encoder.encode(game, 1)
    kept = first.copy()
    first[:] = 7.0
    assert np.array_equal(encoder.encode(game, 1), kept)
    assert first.flags.writeable and first.dtype == np.float32 and first.shape == (encoder.size,)


@pytest.mark.parametrize(
    ("make_out", "message"),
    [
        (lambda size: np.zeros(size, dtype=np.float64), "has dtype float64, not float32"),
        (lambda size: np.zeros(size + 1, dtype=np.float32), r"has shape \(\d+,\), not \(\d+,\)"),
        (lambda size: np.zeros((1, size), dtype=np.float32), r"has shape \(1, \d+\), not \(\d+,\)"),
        (lambda size: [0.0] * size, "is a list, not a numpy array"),
        (lambda size: _read_only(size), "is read-only"),
    ],
)
def test_an_out_that_cannot_take_the_vector_is_refused(make_out: object, message: str) -> None:
    encoder = ObservationEncoder(br.load_content(), 2)
    out = make_out(encoder.size)  # type: ignore[operator]
    with pytest.raises(RulesError, match=f"encode: out {message}; pass np.empty"):
        encoder.encode(br.new_game(2, 1), 0, out)


def _read_only(size: int) -> np.ndarray:
    out = np.zeros(size, dtype=np.float32)
    out.flags.writeable = False
    return out


def test_an_out_that_fits_gets_the_vector() -> None:
    encoder = ObservationEncoder(br.load_content(), 3)
    game = br.new_game(3, 2)
    out = np.full(encoder.size, 9.0, dtype=np.float32)
    assert encoder.encode(game, 2, out) is out
    assert np.array_equal(out, encoder.encode_view(game.view(2)))


@pytest.mark.parametrize(
    ("seat", "message"), [(-1, "seat -1 is not"), (3, r"seat 3 .*\(0 \.\. 2\)")]
)
def test_a_seat_outside_the_game_is_refused(seat: int, message: str) -> None:
    encoder = ObservationEncoder(br.load_content(), 3)
    with pytest.raises(RulesError, match=message):
        encoder.encode(br.new_game(3, 1), seat)


def test_a_game_of_another_size_is_refused() -> None:
    encoder = ObservationEncoder(br.load_content(), 3)
    with pytest.raises(
        RulesError, match="is for 3 players, the game has 4: make one with players=4"
    ):
        encoder.encode(br.new_game(4, 1), 0)


@pytest.mark.parametrize(
    "make_copy", [copy.copy, copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e))]
)
def test_a_copied_encoder_has_a_buffer_of_its_own_and_encodes_the_same(make_copy) -> None:
    encoder = ObservationEncoder(br.load_content(), 3)
    game = br.new_game(3, 31)
    _advance(game, random.Random(31), 40)
    twin = make_copy(encoder)
    assert np.array_equal(twin.encode(game, 2), encoder.encode(game, 2))
    other = br.new_game(3, 32)
    first = encoder.encode(game, 0)
    twin.encode(other, 1)  # writing the twin's buffer leaves the original's alone
    assert np.array_equal(encoder.encode(game, 0), first)
    assert _same_as_reference(twin, other, 1) and _same_as_reference(encoder, game, 0)


# ---------------------------------------------------------------- bounds and names
@pytest.mark.parametrize(("players", "advanced"), [(2, True), (3, False), (4, True)])
def test_every_value_of_whole_games_stays_within_the_content_bounds(
    players: int, advanced: bool
) -> None:
    content = br.load_content()
    encoder = ObservationEncoder(content, players)
    seen_max = np.zeros(encoder.size, dtype=np.float32)  # what random games reach
    for seed in range(2):
        game, rng = br.new_game(players, seed, advanced, content, log=False), random.Random(seed)
        while not game.is_over:
            for seat in range(players):
                vector = encoder.encode(game, seat)
                assert (vector >= encoder.low).all() and (vector <= encoder.high).all()
                np.maximum(seen_max, vector, out=seen_max)
            game.apply(rng.choice(game.legal_actions()))
    assert seen_max.any()


def test_bounds_come_from_the_content() -> None:
    from baldurs_rules.dsl.bounds import MAX_RESOURCE

    content = br.load_content()
    encoder = ObservationEncoder(content, 3)
    names, high = encoder.feature_names, encoder.high
    at = {name: i for i, name in enumerate(names)}
    assert high[at["seat 2 resources: gold"]] == pytest.approx(MAX_RESOURCE / 10)
    assert high[at["seat 0 cubes"]] == pytest.approx(content.settings["setup"]["cubes"] / 10)
    assert high[at["seat 1 hand size"]] == pytest.approx(len(content.buildings) / 5)
    assert high[at["sizes: agenda deck"]] == pytest.approx(len(content.agendas) / 10)
    pile = content.tiles[0]
    assert high[at[f"piles: {pile.id}"]] == pytest.approx(pile.pile / 10)
    assert high[at["phase: play"]] == 1.0 and high[at["lots: 1 status built"]] == 1.0
    assert (encoder.low == 0).all() and encoder.high.dtype == np.float32


@pytest.mark.parametrize("players", [2, 3, 4])
def test_feature_names_are_one_per_value_and_unique(players: int) -> None:
    encoder = ObservationEncoder(br.load_content(), players)
    names = encoder.feature_names
    assert len(names) == encoder.size == len(set(names))
    for part in encoder.parts:
        for name in names[part.start : part.start + part.size]:
            assert name == part.name or name.startswith(part.name + ": ")
    game = br.new_game(players, 3)
    vector = encoder.encode(game, 0)
    on = {names[i] for i in np.flatnonzero(vector)}
    assert "phase: play" in on and "decision seat: me" in on and "active seat: me" in on
