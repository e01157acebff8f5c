"""The OpenSpiel game: registered and loaded by name, OpenSpiel's own checks and algorithms
(random_sim_test, random playouts, ISMCTSBot) run on it unchanged, resampling keeps what a
seat knows, and bad parameters are refused at creation."""

from __future__ import annotations

import pickle
import random
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install 'baldurs_rules[openspiel]')"
)

import pyspiel

import baldurs_rules as br
from baldurs_rules.errors import IllegalActionError, RulesError, StateError
from baldurs_rules.rl import openspiel as adapter
from baldurs_rules.rl.common import final_rewards


def _dealt(spec: str, seed: int) -> object:
    state = pyspiel.load_game(spec).new_initial_state()
    state.deal(seed)
    return state


def _random_playout(state: object, rng: random.Random) -> int:
    """Play random legal actions to the end; the number of decisions."""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def test_the_game_is_registered_and_loads_by_name() -> None:
    assert adapter.GAME_NAME in pyspiel.registered_names()
    game = pyspiel.load_game("baldurs_gate(players=3,advanced=True,reward=prestige)")
    assert isinstance(game, adapter.BaldursGateGame)
    assert game.num_players() == 3 and game.get_parameters()["advanced"] is True
    assert game.num_distinct_actions() == len(game.codec) == 1971
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.observation_tensor_shape() == [game.encoder.size]
    assert game.max_chance_outcomes() == adapter.DEALS
    assert (game.min_utility(), game.max_utility()) == (-999.0, 999.0)


@pytest.mark.parametrize(
    "spec", ["baldurs_gate(players=2,advanced=True,rng_seed=3)", "baldurs_gate(rng_seed=4)"]
)
def test_openspiels_random_simulation_test_passes(spec: str) -> None:
    """OpenSpiel's own consistency checks: legal actions, strings, tensors, clones, returns."""
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=1, serialize=False, verbose=False)


def test_random_playouts_end_zero_sum_within_the_declared_length() -> None:
    game = pyspiel.load_game("baldurs_gate(players=4,rng_seed=9)")
    rng = random.Random(9)
    for _ in range(2):
        state = game.new_initial_state()
        decisions = _random_playout(state, rng)
        assert state.is_terminal() and len(state.history()) == decisions + 1
        assert decisions <= game.max_game_length()
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0, abs=1e-9)
        assert returns == final_rewards(state.game.result(), "win")
        assert max(returns) == pytest.approx(1.0)


def test_no_random_game_comes_near_the_declared_decisions_per_turn() -> None:
    """MAX_DECISIONS_PER_TURN (the game length OpenSpiel is told) is far above what games do."""
    most = 0
    for seed in range(12):
        game = br.new_game(2 + seed % 3, seed, seed % 2 == 0, log=False)
        rng, turn, run = random.Random(seed), 0, 0
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            run += 1
            if game.state.turn != turn:
                most, turn, run = max(most, run), game.state.turn, 0
    assert 0 < most <= adapter.MAX_DECISIONS_PER_TURN // 2


def test_the_deal_follows_the_seed() -> None:
    first = pyspiel.load_game("baldurs_gate(players=2,rng_seed=5)").new_initial_state()
    again = pyspiel.load_game("baldurs_gate(players=2,rng_seed=5)").new_initial_state()
    first.apply_action(3)
    again.apply_action(3)
    assert first.game == again.game == br.new_game(2, 5 * adapter.DEALS + 3)
    plain = pyspiel.load_game("baldurs_gate(players=2)").new_initial_state()
    assert plain.chance_outcomes()[:2] == [(0, 1 / adapter.DEALS), (1, 1 / adapter.DEALS)]
    plain.apply_action(9)
    assert plain.game == br.new_game(2, 9) and plain.history() == [9]
    chosen = _dealt("baldurs_gate(players=2)", 17)
    assert chosen.game == br.new_game(2, 17)
    with pytest.raises(RulesError, match="already dealt"):
        chosen.deal(3)


def test_actions_are_the_codec_numbers_and_illegal_ones_are_refused() -> None:
    state = _dealt("baldurs_gate(players=2)", 1)
    game = state.game
    codec = state.get_game().codec
    assert state.legal_actions() == sorted(codec.numbers(game.legal_actions()))
    assert state.legal_actions(1) == []  # seat 1 does not decide now
    assert state.action_to_string(state.legal_actions()[0]) == str(
        codec.decode(state.legal_actions()[0])
    )
    history = state.history()
    illegal = next(n for n in range(len(codec)) if n not in state.legal_actions())
    with pytest.raises(IllegalActionError, match="is not legal now"):
        state.apply_action(illegal)
    assert state.history() == history


def test_resampling_keeps_what_the_seat_knows_and_deals_the_rest() -> None:
    state = _dealt("baldurs_gate(players=3,advanced=True)", 2)
    rng = random.Random(2)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    changed = 0
    for seat in range(3):
        for _ in range(3):
            sample = state.resample_from_infostate(seat, sampler)
            assert sample.history() == state.history()
            assert sample.information_state_string(seat) == state.information_state_string(seat)
            assert sample.observation_string(seat) == state.observation_string(seat)
            assert sample.observation_tensor(seat) == state.observation_tensor(seat)
            other = (seat + 1) % 3
            changed += sample.game.state.hand[other] != state.game.state.hand[other]
            assert sample.game.view(seat) == state.game.view(seat)
    assert changed > 0  # the others' hands are dealt again


def test_resampling_is_deterministic_for_a_seeded_sampler() -> None:
    state = _dealt("baldurs_gate(players=2)", 4)
    a = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    b = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert a.game == b.game and a.game != state.game


def test_information_states_have_the_history_with_others_discards_hidden() -> None:
    state = _dealt("baldurs_gate(players=2,advanced=True)", 6)
    while state.game.decision.kind != "keep":
        state.apply_action(state.legal_actions()[0])
    mover = state.current_player()
    move = state.legal_actions()[0]
    card = str(state.get_game().codec.decode(move).args[0])
    state.apply_action(move)
    mine, theirs = (
        state.information_state_string(s).split("\nrecall:") for s in (mover, 1 - mover)
    )
    assert mine[0].endswith(f"{mover}:discard {card}")
    assert theirs[0].endswith(f"{mover}:discard ?")
    assert card not in theirs[0].split("seen:")[1]
    assert "seen:" not in state.observation_string(mover)  # observations: the view only


def test_openspiels_ismcts_bot_plays_a_whole_game_unchanged() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("baldurs_gate(players=2,rng_seed=11)")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=3, random_state=np.random.RandomState(2)
    )
    state = game.new_initial_state()
    state.apply_action(0)
    rng = random.Random(3)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)  # resample_from_infostate with OpenSpiel's own sampler
            assert action in state.legal_actions()
            searched += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert searched > 10 and sum(state.returns()) == pytest.approx(0.0)


def test_states_serialize_and_come_back() -> None:
    game = pyspiel.load_game("baldurs_gate(players=2)")
    state = game.new_initial_state()
    state.deal(8)
    for _ in range(20):
        state.apply_action(state.legal_actions()[-1])
    back = game.deserialize_state(state.serialize())
    assert back.history() == state.history() and back.game == state.game
    assert back.information_state_string(1) == state.information_state_string(1)
    assert game.deserialize_state(game.new_initial_state().serialize()).is_chance_node()


def test_a_content_can_be_given_as_a_directory_or_an_object(tmp_path: Path) -> None:
    mod = tmp_path / "short"
    mod.mkdir()
    (mod / "mod.yaml").write_text("name: short\n", "utf-8")
    (mod / "game.yaml").write_text("limits:\n  max_turns: 5\n", "utf-8")
    by_path = pyspiel.load_game(f"baldurs_gate(players=2,content={mod})")
    content = br.load_content(mod)
    by_object = adapter.BaldursGateGame({"players": 2}, content=content)
    assert by_path.content.fingerprint == content.fingerprint
    assert by_object.get_parameters()["content"] == content.fingerprint
    assert by_object.max_game_length() == (5 + 2) * adapter.MAX_DECISIONS_PER_TURN
    state = by_object.new_initial_state()
    _random_playout(state, random.Random(1))
    assert state.game.result().truncated


def test_a_saved_state_of_an_unknown_content_is_refused() -> None:
    box = adapter._Box(None)
    with pytest.raises(StateError, match="load that content"):
        box.__setstate__({"content": "not-a-fingerprint", "game": "{}"})


@pytest.mark.parametrize(
    ("spec", "error", "message"),
    [
        ("baldurs_gate(players=7)", RulesError, "from 2 to 4"),
        ("baldurs_gate(reward=gold)", RulesError, "reward must be one of"),
        ("baldurs_gate(colour=3)", pyspiel.SpielError, "Unknown parameter 'colour'"),
        ("baldurs_gate(content=/no/such/dir)", RulesError, "/no/such/dir"),
    ],
)
def test_bad_parameters_are_refused_at_creation(spec: str, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        pyspiel.load_game(spec)


def test_unknown_parameters_given_in_python_are_refused() -> None:
    with pytest.raises(RulesError, match=r"unknown parameters \['colour'\]"):
        adapter.BaldursGateGame({"colour": 3})


def test_other_observation_types_are_refused_clearly() -> None:
    game = pyspiel.load_game("baldurs_gate(players=2)")
    public_only = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(RulesError, match="only a seat's own observation"):
        game.make_py_observer(public_only)
    with pytest.raises(RulesError, match="no parameters"):
        game.make_py_observer(None, {"x": 1})


@pytest.mark.parametrize("players", [2, 3])
def test_openspiels_random_simulation_test_passes_with_serialization(players: int) -> None:
    """serialize=True: OpenSpiel serializes the game and state at many points of the game
    (pyspiel.serialize_game_and_state) and checks they come back the same."""
    game = pyspiel.load_game(f"baldurs_gate(players={players},rng_seed=2)")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_games_and_states_pickle_and_play_on_the_same() -> None:
    game = pyspiel.load_game("baldurs_gate(players=3,advanced=True,rng_seed=4)")
    state = game.new_initial_state()
    assert pickle.loads(pickle.dumps(state)).is_chance_node()
    state.apply_action(11)
    rng = random.Random(4)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    game_back = pickle.loads(pickle.dumps(game))
    assert isinstance(game_back, adapter.BaldursGateGame)
    assert str(game_back) == str(game) and game_back.num_players() == 3
    back = pickle.loads(pickle.dumps(state))
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    for copy in (back, again):
        assert copy.history() == state.history() and copy.game == state.game
        for seat in range(3):
            assert copy.information_state_string(seat) == state.information_state_string(seat)
    for _ in range(30):  # the copies go on exactly as the original (the log and the digests too)
        action = rng.choice(state.legal_actions())
        for s in (state, back, again):
            s.apply_action(action)
    assert back.information_state_string(1) == again.information_state_string(1)
    assert back.information_state_string(1) == state.information_state_string(1)


def test_the_head_to_head_script_plays_a_game() -> None:
    """benchmarks/openspiel_match.py at a tiny budget: a whole game, tallied."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "openspiel_match.py"
    spec = importlib.util.spec_from_file_location("openspiel_match", path)
    assert spec is not None and spec.loader is not None
    match = importlib.util.module_from_spec(spec)
    sys.modules["openspiel_match"] = match  # its dataclass looks its module up
    try:
        spec.loader.exec_module(match)
    finally:
        sys.modules.pop("openspiel_match")
    game = adapter.BaldursGateGame({"players": 2})
    tally = match.Tally()
    line = match.play(game, 3, 1, 2, tally)
    assert line.startswith("deal   3 ours in seat 1") and tally.games == 1
    assert tally.ours and tally.theirs and len(tally.margins) == 1


def _trajectories(spec: str, deal: int, seeds: range, steps: int) -> list[tuple[str, tuple, str]]:
    """(seat 0's information state, what seat 0 observed so far, the true history) at every
    decision of games
    from one deal where seat 0 always plays its first legal action and the others play
    randomly (one game per seed)."""
    game = pyspiel.load_game(spec)
    seen = []
    for seed in seeds:
        state, rng = game.new_initial_state(), random.Random(seed)
        state.apply_action(deal)
        history: tuple = (state.observation_string(0),)
        for _ in range(steps):
            if state.is_terminal():
                break
            seen.append((state.information_state_string(0), history, str(state.history())))
            mover = state.current_player()
            legal = state.legal_actions()
            action = legal[0] if mover == 0 else rng.choice(legal)
            move = game.codec.decode(action)
            state.apply_action(action)
            history += (adapter._as_seen(mover, move, 0), state.observation_string(0))
    return seen


def test_information_states_have_perfect_recall_and_hide_what_the_seat_never_saw() -> None:
    """OpenSpiel's contract: a player's information state is a function of what it observed
    (its observations and the actions it saw, in order), and tells apart any two different such
    histories. Games from one deal where only the other seat's choices differ (in the advanced
    setup, its hidden discards too) share seat 0's information states exactly while seat 0
    saw the same, and never after."""
    seen = _trajectories("baldurs_gate(players=2,advanced=True)", 5, range(12), 40)
    by_info: dict[str, set] = {}
    by_history: dict[tuple, set] = {}
    worlds: dict[str, set] = {}
    for info, history, truth in seen:
        by_info.setdefault(info, set()).add(history)
        by_history.setdefault(history, set()).add(info)
        worlds.setdefault(info, set()).add(truth)
    assert all(len(histories) == 1 for histories in by_info.values())  # perfect recall
    assert all(len(infos) == 1 for infos in by_history.values())  # nothing more than seen
    # information states seat 0 reached in games that truly differ (the other's hidden moves)
    assert sum(1 for truths in worlds.values() if len(truths) > 1) >= 5
    state = _dealt("baldurs_gate(players=2)", 3)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    for seat in range(2):
        info, observation = state.information_state_string(seat), state.observation_string(seat)
        assert info != observation and info.startswith(observation + "\nseen:")


def test_a_one_player_content_plays_to_the_end(tmp_path: Path) -> None:
    """Issue 25: a content allowing one player is a one-player OpenSpiel game (not zero-sum)."""
    mod = tmp_path / "solo"
    mod.mkdir()
    (mod / "mod.yaml").write_text("name: solo\n", "utf-8")
    (mod / "game.yaml").write_text("players: {min: 1, max: 1}\n", "utf-8")
    for reward in ("win", "prestige"):
        game = pyspiel.load_game(f"baldurs_gate(players=1,reward={reward},content={mod})")
        assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
        state = game.new_initial_state()
        _random_playout(state, random.Random(2))
        expected = 1.0 if reward == "win" else float(state.game.result().prestige[0])
        assert state.returns() == [expected]
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("players", "advanced", "seed"), [(2, True, 21), (3, False, 22), (4, True, 23)]
)
def test_hidden_information_differential(players: int, advanced: bool, seed: int) -> None:
    """Another seat's secrets changed, the same public history: the seat's observation (string
    and tensor) and information state are identical, and stay so while it is shown the same;
    once it is shown something else (its own draw differs), its information state differs for
    good (perfect recall). The other seats' hands, agendas, decks, bag order, face-down token and
    generator are dealt again by ``resample_from_infostate``; both worlds then play on with the
    same actions. Over the three player counts, well over 200 positions are compared."""
    game = pyspiel.load_game(f"baldurs_gate(players={players},advanced={advanced})")
    state, rng = game.new_initial_state(), random.Random(seed)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    compared = diverged = secrets_differ = 0
    while compared < 70:  # three player counts: over 200 positions
        if state.is_chance_node() or state.is_terminal():  # a new deal
            state = game.new_initial_state()
            state.apply_action(rng.randrange(adapter.DEALS))
        for _ in range(rng.randrange(1, 6)):
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        seat = rng.randrange(players)
        real, other = state.clone(), state.resample_from_infostate(seat, sampler)
        secrets_differ += other.game != real.game
        same_so_far = True
        for _ in range(12):
            if real.is_terminal() or other.is_terminal():
                break
            same_now = real.observation_string(seat) == other.observation_string(seat)
            same_so_far = same_so_far and same_now
            info_real = real.information_state_string(seat)
            info_other = other.information_state_string(seat)
            if same_so_far:
                assert info_real == info_other
                assert real.observation_tensor(seat) == other.observation_tensor(seat)
                compared += 1
            else:
                assert info_real != info_other  # it was shown something else: never forgotten
                diverged += 1
            action = rng.choice(real.legal_actions())
            if action not in other.legal_actions():
                break
            real.apply_action(action)
            other.apply_action(action)
    assert secrets_differ >= 10 and diverged >= 1


def test_openspiels_rl_environment_plays_on_the_observation_tensor() -> None:
    """With no information-state tensor, rl_environment gives learners the observation."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment("baldurs_gate(players=2,rng_seed=3)")
    step, rng, size = env.reset(), random.Random(3), env.game.encoder.size
    assert env.observation_spec()["info_state"] == (size,)
    while not step.last():
        player = step.observations["current_player"]
        assert len(step.observations["info_state"][player]) == size
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
    assert sorted(step.rewards) == [-1.0, 1.0]
