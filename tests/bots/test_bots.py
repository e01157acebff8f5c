"""The computer players: protocol, spec strings, saved state, no hidden information, factory."""

from __future__ import annotations

import json
import random

import pytest

import baldurs_rules as br
from baldurs_rules.bots import (
    BOTS,
    Bot,
    GreedyBot,
    HeuristicBot,
    IsmctsBot,
    RandomBot,
    evaluate,
    make_bot,
    parse_spec,
    play_game,
    split_specs,
)
from baldurs_rules.rules import Rules
from baldurs_rules.runs.simulate import simulate, summarize

SPECS = ["random", "greedy", "heuristic", "ismcts:iterations=40"]


@pytest.fixture(scope="module")
def content() -> br.Content:
    return br.load_content()


def midgame(players: int, seed: int, steps: int, advanced: bool = False) -> br.Game:
    """A game after ``steps`` random decisions."""
    game = br.new_game(players, seed, advanced=advanced)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


# ---------------------------------------------------------------- playing
def test_random_bot_same_seed_same_game(content: br.Content) -> None:
    first = play_game(3, 11, [RandomBot(1), RandomBot(2), RandomBot(3)], content=content)
    again = play_game(3, 11, [RandomBot(1), RandomBot(2), RandomBot(3)], content=content)
    other = play_game(3, 11, [RandomBot(9), RandomBot(2), RandomBot(3)], content=content)
    assert first.is_over
    assert first.record() == again.record()
    assert first.result() == again.result()
    assert first.actions != other.actions


@pytest.mark.parametrize("spec", SPECS[1:])
def test_searching_bots_same_seed_same_game(content: br.Content, spec: str) -> None:
    def game() -> br.Game:
        return play_game(2, 5, [make_bot(spec, 4), RandomBot(5)], content=content)

    first, again = game(), game()
    assert first.record() == again.record()
    assert first.result().prestige == again.result().prestige


@pytest.mark.parametrize("spec", SPECS)
def test_bots_only_choose_legal_actions(content: br.Content, spec: str) -> None:
    seen: list[tuple[int, str]] = []

    def check(game: br.Game, seat: int, action: br.Action) -> None:
        assert seat == game.current_player
        assert action in game.legal_actions()
        seen.append((seat, str(action)))

    bots = [make_bot(spec, 1), RandomBot(2)]
    game = play_game(2, 8, bots, content=content, on_action=check)
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


def test_simulate_takes_bot_specs() -> None:
    records = simulate(2, players=2, bots=["Heuristic:Follow=0", "random"], seed=3)
    assert [r["bots"] for r in records] == [
        ["heuristic:follow=0", "random"],
        ["random", "heuristic:follow=0"],
    ]
    with pytest.raises(br.RulesError, match="did you mean 'follow'"):
        simulate(1, players=2, bots=["heuristic:folow=0"], seed=3)


def test_play_game_needs_one_bot_per_seat(content: br.Content) -> None:
    with pytest.raises(br.RulesError, match="one bot per seat"):
        play_game(3, 0, [RandomBot(1)], content=content)


# ---------------------------------------------------------------- no hidden information
@pytest.mark.parametrize("spec", SPECS)
def test_a_choice_is_the_same_in_every_world_the_seat_cannot_tell_apart(spec: str) -> None:
    """Not using hidden information: the same choice on the game and on any determinization.

    The bot is made afresh with the same seed each time, so its generator starts
    the same; a bot that peeked at another hand, the deck or the bag would choose
    differently in some of the worlds.
    """
    positions = [midgame(4, 1, 60), midgame(3, 2, 110), midgame(2, 3, 30), midgame(4, 4, 9, True)]
    tried = 0
    for game in positions:
        if game.is_over or len(game.legal_actions()) < 2:
            continue
        seat = game.current_player
        real = make_bot(spec, 7).choose(game)
        for k in range(12 if spec.startswith("ismcts") else 30):
            world = game.determinize(seat, k)
            assert world.view(seat) == game.view(seat)
            assert make_bot(spec, 7).choose(world) == real, (spec, k)
        tried += 1
    assert tried >= 3


class _Peeker(RandomBot):
    """Reads the next seat's hand (forbidden)."""

    def choose(self, game: br.Game) -> br.Action:
        options = game.legal_actions()
        other = (game.current_player + 1) % game.state.players
        return options[sum(map(ord, "".join(game.state.hand[other]))) % len(options)]


class _RealCloneGreedy(GreedyBot):
    """Greedy looking ahead on a clone of the real game (sees the next lot and card)."""

    def choose(self, game: br.Game) -> br.Action:
        seat = game.current_player
        values = []
        for action in game.legal_actions():
            after = game.clone(log=False)
            after.apply(action)
            values.append((self._value(after, seat, "turn", 1), str(action), action))
        return max(values)[2]


@pytest.mark.parametrize("cheat", [_Peeker, _RealCloneGreedy])
def test_the_check_catches_a_bot_that_peeks(cheat: type[RandomBot]) -> None:
    """Bots that use hidden information fail the check above (so the check can fail)."""
    caught = 0
    positions = [(3, 1, 90), (2, 3, 60), (2, 9, 30), (3, 11, 90), (4, 5, 70), (4, 8, 120)]
    for game in (midgame(*where) for where in positions):
        rng = random.Random(0)
        while game.decision is not None and game.decision.kind != "turn":  # where peeking pays
            game.apply(rng.choice(game.legal_actions()))
        seat = game.current_player
        real = cheat(7).choose(game)
        worlds = [cheat(7).choose(game.determinize(seat, k)) for k in range(30)]
        caught += any(choice != real for choice in worlds)
    assert caught >= 2


# ---------------------------------------------------------------- specs
def test_spec_names_keys_and_values_are_case_insensitive() -> None:
    spec = parse_spec(" ISMCTS : Think=500MS , C=0.7 ")
    assert spec.name == "ismcts"
    assert spec.options == {"think": 0.5, "c": 0.7}
    assert str(spec) == "ismcts:think=500ms,c=0.7"
    bot = make_bot("ISMCTS:Iterations=50", 3)
    assert isinstance(bot, IsmctsBot)
    assert bot.iterations == 50
    assert bot.name == "ismcts:iterations=50"
    assert make_bot("greedy", 3).name == "greedy"
    assert isinstance(make_bot(" Greedy ", 1), GreedyBot)
    assert isinstance(make_bot("heuristic"), HeuristicBot)


@pytest.mark.parametrize(
    ("text", "seconds"), [("1s", 1.0), ("0.25s", 0.25), ("250ms", 0.25), ("2", 2.0), ("1m", 60.0)]
)
def test_think_reads_durations(text: str, seconds: float) -> None:
    bot = make_bot(f"ismcts:think={text}")
    assert isinstance(bot, IsmctsBot)
    assert bot.think == pytest.approx(seconds)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("gready", "unknown bot 'gready'; did you mean 'greedy'?"),
        (
            "ismcts:iteratons=4",
            "unknown option 'iteratons' of bot 'ismcts'; did you mean 'iterations'?",
        ),
        (
            "random:follow=1",
            "unknown option 'follow' of bot 'random'; bot 'random' takes no options",
        ),
        (
            "ismcts:iterations=many",
            "option 'iterations' of bot 'ismcts' must be a whole number, not 'many'",
        ),
        ("ismcts:iterations=0", "option 'iterations' of bot 'ismcts' must be at least 1, not '0'"),
        ("ismcts:think=fast", "must be a duration such as 0.5s or 500ms, not 'fast'"),
        ("ismcts:c=nan", "option 'c' of bot 'ismcts' must be a number, not 'nan'"),
        ("ismcts:clock=cpus", "must be one of 'wall', 'cpu', not 'cpus'; did you mean 'cpu'?"),
        ("ismcts:", "has nothing after ':'"),
        ("ismcts:iterations", "'iterations' is not key=value (options of 'ismcts': iterations,"),
        ("ismcts:c=1,c=2", "gives option 'c' twice"),
        ("", "unknown bot ''"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(br.RulesError) as info:
        make_bot(spec)
    assert message in str(info.value)


def test_a_spec_must_be_text() -> None:
    with pytest.raises(br.RulesError, match="must be text, not int"):
        parse_spec(3)  # type: ignore[arg-type]


def test_bot_lists_split_on_commas_between_specs() -> None:
    assert split_specs("random,greedy") == ["random", "greedy"]
    assert split_specs(" ismcts:think=1s , c=0.5, heuristic,, ") == [
        "ismcts:think=1s,c=0.5",
        "heuristic",
    ]
    with pytest.raises(br.RulesError, match="starts with an option"):
        split_specs("c=0.5,greedy")


def test_every_registered_bot_follows_the_protocol() -> None:
    assert set(BOTS) == {"random", "greedy", "heuristic", "ismcts"}
    for name, cls in BOTS.items():
        bot = make_bot(name, 1)
        assert isinstance(bot, Bot) and isinstance(bot, cls)
        assert bot.name == name
    with pytest.raises(br.RulesError, match="unknown option 'x' of bot 'greedy'"):
        GreedyBot(1, x=2)


# ---------------------------------------------------------------- saved state
@pytest.mark.parametrize("spec", SPECS)
def test_a_restored_bot_continues_exactly(spec: str) -> None:
    game = midgame(3, 5, 40)
    bot = make_bot(spec, 11)
    bot.choose(game)
    saved = json.loads(json.dumps(bot.state()))  # plain data, through JSON
    ahead = [bot.choose(game) for _ in range(3)]
    fresh = make_bot(spec, 999)
    fresh.restore(saved)
    assert [fresh.choose(game) for _ in range(3)] == ahead


def test_restore_refuses_another_bot_or_garbage() -> None:
    saved = make_bot("greedy", 1).state()
    with pytest.raises(br.StateError, match="is for 'greedy', not for bot 'heuristic'"):
        make_bot("heuristic").restore(saved)
    with pytest.raises(br.StateError, match="malformed"):
        make_bot("greedy").restore({"bot": "greedy", "rng": [3, "x", None]})
    with pytest.raises(br.StateError, match="saved bot state is for"):
        make_bot("greedy").restore("nonsense")  # type: ignore[arg-type]


# ---------------------------------------------------------------- greedy's evaluation
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


# ---------------------------------------------------------------- the docs
def test_the_bots_page_examples_run() -> None:
    """Every ```python block of docs/bots.md runs (the custom bot example included)."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")
    blocks = [part.split("```", 1)[0] for part in text.split("```python\n")[1:]]
    assert len(blocks) >= 2
    try:
        for block in blocks:
            exec(compile(block, "docs/bots.md", "exec"), {})
        assert "builder" in BOTS
    finally:
        BOTS.pop("builder", None)


def test_docstrings_state_no_option_defaults_by_hand() -> None:
    """Defaults live in OPTIONS only: a docstring saying ``key`` (value) would go stale."""
    import re

    for cls in BOTS.values():
        for key in cls.OPTIONS:
            assert not re.search(rf"``{key}`` \(\d", cls.__doc__ or ""), (cls.name, key)


def test_play_and_simulate_read_bot_lists_with_spec_options() -> None:
    from click.testing import CliRunner

    from baldurs_rules.cli import main

    result = CliRunner().invoke(
        main,
        ["play", "--players", "2", "--seed", "1", "--quiet",
         "--bots", "Heuristic:follow=0,lots=1,random"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "heuristic:follow=0,lots=1" in result.output and "random" in result.output
    bad = CliRunner().invoke(main, ["simulate", "--games", "1", "--bots", "lots=1,random"])
    assert bad.exit_code == 2 and "starts with an option" in bad.output
