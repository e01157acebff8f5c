"""The PettingZoo environment: API and seed tests, encodings, rewards, truncation, no hidden
information, and contents it must refuse at creation rather than crash on."""

from __future__ import annotations

import random
import re
import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

import baldurs_rules as br
from baldurs_rules.content import default_content_dir
from baldurs_rules.errors import RulesError
from baldurs_rules.rl import ActionCodec, BaldursGateEnv, ObservationEncoder, env, raw_env

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def _mod(tmp_path: Path, name: str, files: dict[str, str]) -> br.Content:
    """A mod of the default content with the given files."""
    directory = tmp_path / name
    directory.mkdir()
    (directory / "mod.yaml").write_text(f"name: {name}\n", "utf-8")
    for file, text in files.items():
        (directory / file).write_text(text, "utf-8")
    return br.load_content(directory)


def _play(e: BaldursGateEnv, seed: int) -> dict[str, float]:
    """A random episode with masked actions; the total reward of each agent."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        _, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        legal = np.flatnonzero(info["action_mask"])
        e.step(None if terminated or truncated else int(rng.choice(legal)))
    return totals


# ---------------------------------------------------------------- PettingZoo's own tests
@pytest.mark.parametrize(("players", "advanced"), [(2, True), (3, False), (4, False)])
def test_pettingzoo_api_test_passes_without_a_warning(players: int, advanced: bool) -> None:
    environment = env(players=players, advanced=advanced, seed=players)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning of api_test fails the test
        api_test(environment, num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        seed_test(env, num_cycles=200)


def test_spaces_are_a_box_and_a_discrete_action_space() -> None:
    e = raw_env(players=3)
    box = e.observation_space("player_1")
    assert type(box).__name__ == "Box" and box.shape == (ObservationEncoder(e.content, 3).size,)
    encoder = e.encoder
    assert (box.low == encoder.low).all() and (box.high == encoder.high).all()
    assert e.action_space("player_0").n == len(ActionCodec(e.content))


# ---------------------------------------------------------------- the action codec
def test_every_legal_action_has_a_number_that_decodes_back() -> None:
    content = br.load_content()
    codec = ActionCodec(content)
    assert len(codec) == len(set(codec.actions))
    for players, advanced in ((2, True), (4, False)):
        game = br.new_game(players, 9, advanced, content)
        rng = np.random.default_rng(9)
        while not game.is_over:
            legal = game.legal_actions()
            assert [codec.decode(n) for n in codec.numbers(legal)] == legal
            assert codec.mask(legal).sum() == len(legal)
            game.apply(legal[int(rng.integers(len(legal)))])


def test_codec_is_stable_for_the_same_content() -> None:
    a, b = ActionCodec(br.load_content()), ActionCodec(br.load_content(cache=False))
    assert a.actions == b.actions and a.encode(br.Action("income")) == 1728 + 9


def test_codec_refuses_unknown_actions_and_numbers() -> None:
    codec = ActionCodec(br.load_content())
    with pytest.raises(RulesError, match="'build nowhere 99' has no number"):
        codec.encode(br.Action("build", ("nowhere", 99)))
    with pytest.raises(RulesError, match="action number 1971 is not between 0 and 1970"):
        codec.decode(1971)
    with pytest.raises(RulesError, match="action number -1"):
        codec.decode(-1)
    with pytest.raises(RulesError, match="has no number"):
        codec.mask([br.Action("income"), br.Action("fly")])


def test_mask_writes_into_the_given_vector() -> None:
    codec = ActionCodec(br.load_content())
    out = np.ones(len(codec), dtype=np.int8)
    assert codec.mask([br.Action("income")], out) is out
    assert np.flatnonzero(out).tolist() == [1737]


def test_mask_of_numbers_and_its_bad_inputs() -> None:
    codec = ActionCodec(br.load_content())
    mask = codec.mask_of([3, 1737])
    assert mask.dtype == np.int8 and mask.shape == (len(codec),)
    assert np.flatnonzero(mask).tolist() == [3, 1737]
    assert np.flatnonzero(codec.mask_of([])).tolist() == []
    for number in (-1, len(codec)):
        with pytest.raises(RulesError, match=f"action number {number} is not between 0 and 1970"):
            codec.mask_of([1, number])
    read_only = np.zeros(len(codec), dtype=np.int8)
    read_only.flags.writeable = False
    for out, problem in [
        (np.zeros(len(codec) - 1, dtype=np.int8), r"has shape \(1970,\), not \(1971,\)"),
        (read_only, "is read-only"),
        ([0] * len(codec), "is a list, not a numpy array"),
    ]:
        with pytest.raises(RulesError, match=f"mask: out {problem}; pass np.zeros"):
            codec.mask([br.Action("income")], out)  # type: ignore[arg-type]


def test_numbers_of_a_generator_with_an_unknown_action_say_which() -> None:
    codec = ActionCodec(br.load_content())
    actions = (a for a in [br.Action("income"), br.Action("fly", (1,))])
    with pytest.raises(RulesError, match="'fly 1' has no number"):
        codec.numbers(actions)
    assert codec.numbers(a for a in [br.Action("income"), br.Action("skip")]) == [1737, 1740]


# ---------------------------------------------------------------- observations
def _states(players: int, advanced: bool, seed: int) -> list[br.Game]:
    """Copies of every position of a random game."""
    game = br.new_game(players, seed, advanced)
    rng = random.Random(seed)
    found = [game.clone()]
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        found.append(game.clone())
    return found


@pytest.mark.parametrize(
    ("players", "advanced", "seed"), [(2, True, 1), (3, False, 2), (4, True, 3)]
)
def test_fast_encoding_equals_the_view_based_reference(
    players: int, advanced: bool, seed: int
) -> None:
    encoder = ObservationEncoder(br.load_content(), players)
    out = np.zeros(encoder.size, dtype=np.float32)
    for game in _states(players, advanced, seed):
        for seat in range(players):
            reference = encoder.encode_view(game.view(seat))
            assert np.array_equal(encoder.encode(game, seat), reference)
            assert encoder.encode(game, seat, out) is out and np.array_equal(out, reference)


@pytest.mark.parametrize(("players", "advanced"), [(2, True), (4, False)])
def test_encoding_is_unchanged_by_determinizing_for_that_seat(players: int, advanced: bool) -> None:
    encoder = ObservationEncoder(br.load_content(), players)
    rng = random.Random(5)
    others_differ = 0
    for game in _states(players, advanced, 7)[::5]:
        if game.is_over:
            continue
        seat = rng.randrange(players)
        sample = game.determinize(seat, rng)
        assert np.array_equal(encoder.encode(sample, seat), encoder.encode(game, seat))
        other = (seat + 1) % players
        others_differ += not np.array_equal(
            encoder.encode(sample, other), encoder.encode(game, other)
        )
    assert others_differ > 0  # another seat's vector shows its resampled hand: the test can fail


def test_observation_uses_only_what_the_seat_may_see() -> None:
    e = raw_env(players=3)
    e.reset(seed=4)
    game = e.game
    assert game is not None
    before = e.observe("player_1")
    state = game.state
    state.hand[0].reverse()
    state.hand[2].reverse()
    state.deck.reverse()
    state.bag.reverse()
    if state.hand[0] and state.deck:
        state.hand[0][0], state.deck[0] = state.deck[0], state.hand[0][0]
    assert np.array_equal(before, e.observe("player_1"))
    assert not np.array_equal(before, e.observe("player_0"))  # seat 0 sees its own hand change


def test_observations_stay_inside_the_box() -> None:
    e = raw_env(players=4, advanced=True)
    box = e.observation_space("player_0")
    rng = np.random.default_rng(1)
    e.reset(seed=1)
    seen = 0
    while e.agents and not e.terminations[e.agent_selection]:
        for agent in e.possible_agents:
            observation = e.observe(agent)
            assert box.contains(observation), agent
            seen += 1
        e.step(int(rng.choice(np.flatnonzero(e.action_mask(e.agent_selection)))))
    assert seen > 400


def _section(heading: str) -> str:
    text = DOCS.read_text("utf-8")
    start = text.index(heading + "\n")
    end = text.find("\n#", start + len(heading))
    return text[start : end if end >= 0 else None]


def test_documented_layout_matches_the_encoder() -> None:
    """Every row of the layout table in docs/rl.md names a part and its size, and the
    sizes quoted for 2, 3 and 4 players are the encoder's."""
    content = br.load_content()
    encoder = ObservationEncoder(content, 4)
    section = _section("### Layout")
    rows = re.findall(r"^\| `([^`]+)` \| [^|]+ \|[^|]*\| (\d+) \|$", section, re.M)
    sizes = {re.sub(r"^seat \d+ ", "seat k ", part.name): str(part.size) for part in encoder.parts}
    assert dict(rows) == sizes and len(rows) == len(sizes)
    quoted = re.search(
        r"([\d,]+) with four players \(([\d,]+) with\s+three and ([\d,]+) with two\)", section
    )
    assert quoted, "the sizes sentence of the layout section"
    numbers = [int(x.replace(",", "")) for x in quoted.groups()]
    assert numbers == [ObservationEncoder(content, p).size for p in (4, 3, 2)]


def test_documented_action_numbers_match_the_codec() -> None:
    codec = ActionCodec(br.load_content())
    ranges: dict[str, list[int]] = {}
    for number, action in enumerate(codec.actions):
        ranges.setdefault(action.kind, [number, number])[1] = number
    section = _section("## Actions")
    rows = re.findall(r"^\| `(\w+)[^`]*` \| [^|]+ \| (\d+)(?:–(\d+))? \|$", section, re.M)
    documented = {kind: [int(lo), int(hi or lo)] for kind, lo, hi in rows}
    assert documented == ranges
    prose = re.sub(r"<!-- (?:generated|end): [\w.:-]+ -->", "", section)  # python -m tools.docgen
    assert f"That is {len(codec):,} actions" in prose


def test_the_python_examples_of_the_page_run() -> None:
    """Every Python block of docs/rl.md runs (their asserts check what they claim)."""
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text("utf-8"), re.S)
    assert len(blocks) >= 4
    for block in blocks:
        exec(compile(block, str(DOCS), "exec"), {})


# ---------------------------------------------------------------- masks, rewards, ends
def test_only_the_agent_to_act_has_legal_actions() -> None:
    e = raw_env(players=4)
    e.reset(seed=3)
    game = e.game
    assert game is not None
    for agent in e.possible_agents:
        mask = e.action_mask(agent)
        if agent == e.agent_selection:
            assert mask.sum() == len(game.legal_actions()) > 0
        else:
            assert mask.sum() == 0


def test_prestige_delta_rewards_every_step_and_adds_up_to_the_final_prestige() -> None:
    e = raw_env(players=3, reward="prestige_delta")
    totals = _play(e, 5)
    result = e.game.result()
    assert totals == {a: float(result.prestige[s]) for s, a in enumerate(e.possible_agents)}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        api_test(env(players=2, reward="prestige_delta", seed=1), num_cycles=100)


@pytest.mark.parametrize("reward", ["win", "prestige"])
def test_rewards_come_at_the_end(reward: str) -> None:
    e = env(players=3, reward=reward)
    e.reset(seed=2)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    final_info: dict = {}
    for agent in e.agent_iter():
        _, r, term, trunc, info = e.last()
        totals[agent] += r
        if term or trunc:
            final_info = info
        else:
            assert r == 0.0
        e.step(None if term or trunc else int(np.flatnonzero(info["action_mask"])[0]))
    assert abs(sum(totals.values())) < 1e-9  # zero-sum in both modes
    winners = final_info["winners"]
    for seat, agent in enumerate(e.possible_agents):
        if reward == "win":
            expected = 1 / len(winners) if seat in winners else -1 / (3 - len(winners))
            assert totals[agent] == pytest.approx(expected)
        elif seat in winners:
            assert totals[agent] == max(totals.values())


def test_an_end_by_the_turn_limit_is_a_truncation(tmp_path: Path) -> None:
    content = _mod(tmp_path, "short", {"game.yaml": "limits:\n  max_turns: 6\n"})
    e = raw_env(players=2, content=content)
    _play(e, 0)
    assert e.game is not None and e.game.result().truncated
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    while not (any(e.terminations.values()) or any(e.truncations.values())):
        e.step(int(rng.choice(np.flatnonzero(e.action_mask(e.agent_selection)))))
    assert all(e.truncations.values()) and not any(e.terminations.values())


def test_a_normal_end_is_a_termination() -> None:
    e = raw_env(players=2)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    while not (any(e.terminations.values()) or any(e.truncations.values())):
        e.step(int(rng.choice(np.flatnonzero(e.action_mask(e.agent_selection)))))
    assert all(e.terminations.values()) and not any(e.truncations.values())


def test_render_is_text() -> None:
    e = env(players=2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "seat 0" in text and "seat 1" in text


def test_observing_an_agent_that_is_not_there_is_refused() -> None:
    e = raw_env(players=2)
    e.reset(seed=0)
    with pytest.raises(RulesError, match="no agent 'player_2' in this environment; did you mean"):
        e.observe("player_2")
    with pytest.raises(RulesError, match=r"no agent 'dealer'.*expected one of 'player_0'"):
        e.observe("dealer")


def test_an_illegal_or_unknown_number_leaves_the_game_and_the_mask_as_they_were() -> None:
    e = raw_env(players=2)
    e.reset(seed=3)
    assert e.game is not None
    agent, before = e.agent_selection, e.game.record()
    mask = e.infos[agent]["action_mask"].copy()
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(br.IllegalActionError, match="is not legal now"):
        e.step(illegal)
    with pytest.raises(RulesError, match="action number 1971 is not between 0 and 1970"):
        e.step(len(e.codec))
    assert e.game.record() == before and e.agent_selection == agent
    assert np.array_equal(e.infos[agent]["action_mask"], mask)
    legal = [int(n) for n in np.flatnonzero(mask)]
    e.step(legal[-1])
    assert e.game.actions == [str(e.codec.decode(legal[-1]))]


def test_acting_after_the_end_or_before_reset_is_refused() -> None:
    e = raw_env(players=2)
    with pytest.raises(RulesError, match="reset"):
        e.observe("player_0")
    with pytest.raises(RulesError, match="reset"):
        e.step(0)
    e.reset(seed=0)
    with pytest.raises(RulesError, match="player_0 must act"):
        e.step(None)
    with pytest.raises(br.IllegalActionError):
        e.step(0)  # build <first card> <lot 1>: not legal at the first decision


# ---------------------------------------------------------------- refused at creation
@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"reward": "money"},
            r"reward must be one of \('win', 'prestige', 'prestige_delta'\), not 'money'",
        ),
        ({"reward": "wins"}, "did you mean 'win'"),
        ({"players": 5}, "players must be a whole number from 2 to 4 for this content, not 5"),
        ({"players": 1}, "from 2 to 4"),
        ({"players": "4"}, "not '4'"),
        ({"advanced": "yes"}, "advanced must be True or False"),
        ({"render_mode": "rgb"}, "render_mode must be"),
    ],
)
def test_bad_options_are_refused_at_creation(options: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        raw_env(**options)


def test_solo_content_plays_to_the_end_in_both_reward_modes(tmp_path: Path) -> None:
    """Issue 14: a content allowing 1 player crashed the env at the last step
    (ZeroDivisionError in the prestige reward); it now plays, and the reward is
    the seat's final prestige."""
    content = _mod(
        tmp_path, "solo", {"game.yaml": '{"players": {"min": 1, "max": 4, "first": 0}}\n'}
    )
    for reward in ("prestige", "win", "prestige_delta"):
        e = raw_env(players=1, content=content, reward=reward)
        totals = _play(e, 3)
        assert e.game is not None and e.game.is_over
        expected = e.game.result().prestige[0] if reward != "win" else 1.0
        assert totals == {"player_0": expected}


def test_content_without_special_locations_gets_an_env(tmp_path: Path) -> None:
    """A content with no special locations crashed the codec (max of nothing)."""
    directory = tmp_path / "bare"
    default = default_content_dir()  # a checkout's content/ or the installed copy
    directory.mkdir()
    for path in default.glob("*.yaml"):
        (directory / path.name).write_text(path.read_text("utf-8"), "utf-8")
    (directory / "locations.yaml").write_text("locations: []\n", "utf-8")
    content = br.load_content(directory)
    e = raw_env(players=2, content=content)
    assert not any(a.kind in ("visit", "trade") for a in e.codec.actions)
    _play(e, 1)
    assert e.game is not None and e.game.is_over


def test_content_that_cannot_start_a_game_is_refused_at_creation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The load already refuses the contents known to fail at setup (issue 14); the env
    still sets up one game at creation, so any other failure shows there, said clearly."""
    from baldurs_rules.rl import common

    def failing(*args: object, **kwargs: object) -> br.Game:
        raise br.RulesError("no HQ left for seat 3")

    monkeypatch.setattr(common, "new_game", failing)
    with pytest.raises(RulesError, match=r"cannot start a 4-player game \(advanced setup\): no HQ"):
        raw_env(players=4, advanced=True)
