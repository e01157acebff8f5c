"""The public game API: play, determinism, saving, hidden information, records, copies.

RULES B17 (hidden information) and B18 (one seeded generator) and the contract
of `baldurs_rules.game`.
"""

from __future__ import annotations

import json
import random

import pytest
from rules_support import play_randomly

import baldurs_rules as br
from baldurs_rules.invariants import check_all

CONFIGS = [(p, adv) for p in (2, 3, 4) for adv in (False, True)]


def midgame(players=3, seed=5, steps=60, advanced=False):
    game = br.new_game(players=players, seed=seed, advanced=advanced)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


# ------------------------------------------------------------------ playing to the end


@pytest.mark.parametrize(("players", "advanced"), CONFIGS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_legal_play_reaches_a_scored_end(players, advanced, seed):
    game = br.new_game(players=players, seed=seed, advanced=advanced)
    played = play_randomly(game, seed)
    assert game.is_over, f"not over after {len(played)} actions"
    assert check_all(game) == []
    result = game.result()
    assert len(result.prestige) == players
    assert result.prestige == [row[3] for row in game.state.res]
    for seat in range(players):
        steps = sum(result.steps[name][seat] for name in result.steps)
        assert result.prestige[seat] == result.before_scoring[seat] + steps
    assert sorted(result.ranking) == list(range(players))
    assert result.winners and set(result.winners) <= set(range(players))
    assert result.ranking[: len(result.winners)] == result.winners
    best = max(result.prestige)
    assert all(result.prestige[w] == best for w in result.winners)


def test_invariants_hold_at_every_decision_point():
    game = br.new_game(players=4, seed=11, advanced=True)
    rng = random.Random(11)
    while not game.is_over:
        assert check_all(game) == []
        assert game.legal_actions(), "a game that is not over always has a legal action"
        game.apply(rng.choice(game.legal_actions()))
    assert check_all(game) == []


def test_every_decision_offered_is_a_real_choice_or_a_forced_extra():
    # a decision with exactly one legal answer is taken automatically
    game = br.new_game(players=2, seed=8)
    rng = random.Random(8)
    while not game.is_over:
        options = game.legal_actions()
        assert len(options) >= 2, game.state.decision
        game.apply(rng.choice(options))


# ------------------------------------------------------------------ determinism


@pytest.mark.parametrize(("players", "advanced"), [(2, False), (4, True)])
def test_same_seed_and_actions_give_identical_json(players, advanced):
    first = br.new_game(players=players, seed=42, advanced=advanced)
    actions = play_randomly(first, 99)
    second = br.new_game(players=players, seed=42, advanced=advanced)
    for action in actions:
        second.apply(action)
    assert second.to_json() == first.to_json()
    assert second.result() == first.result()


def test_different_seeds_lead_to_different_games():
    a = br.new_game(players=3, seed=1)
    b = br.new_game(players=3, seed=2)
    assert a.to_json() != b.to_json()


# ------------------------------------------------------------------ saving


def test_json_round_trip_at_every_decision_point():
    game = br.new_game(players=3, seed=21, advanced=True)
    rng = random.Random(21)
    while not game.is_over:
        loaded = br.Game.from_json(game.to_json())
        assert loaded == game
        assert loaded.to_json() == game.to_json()
        assert loaded.legal_actions() == game.legal_actions()
        assert loaded.current_player == game.current_player
        game.apply(rng.choice(game.legal_actions()))
    loaded = br.Game.from_json(game.to_json())
    assert loaded.is_over and loaded.result() == game.result()


@pytest.mark.parametrize("steps", [0, 1, 7, 30, 80, 150])
def test_loaded_game_continues_exactly_like_the_original(steps):
    game = br.new_game(players=4, seed=3)
    rng = random.Random(3)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    loaded = br.Game.from_json(game.to_json())
    rest = play_randomly(game, 77)
    for action in rest:
        loaded.apply(action)
    assert loaded.to_json() == game.to_json()
    assert loaded.result() == game.result()


# ------------------------------------------------------------------ illegal actions


def illegal_cases(game, other):
    stale = None
    probe = game.clone()
    for action in probe.legal_actions():
        if not game.is_legal(action):
            stale = action
    return [
        "",
        "   ",
        "dance",
        "build",
        "build nothing 99",
        "trade 0",
        "income income",
        "visit",
        "x" * 10_000,
        "\x00\n\t",
        5,
        None,
        3.5,
        b"income",
        ("income", ()),
        ["income"],
        {"kind": "income"},
        br.Action("use", ("no_such_card",)),
        br.Action("income", ("extra",)),
        *([stale] if stale is not None else []),
        *[a for a in other.legal_actions() if not game.is_legal(a)][:5],
    ]


def test_illegal_actions_raise_and_leave_the_game_unchanged():
    game = midgame()
    other = br.new_game(players=2, seed=999)  # actions of another game
    before = game.to_json()
    for action in illegal_cases(game, other):
        with pytest.raises(br.IllegalActionError):
            game.apply(action)
        assert game.to_json() == before, action
        assert not game.is_legal(action)


def test_stale_actions_from_an_earlier_decision_are_refused():
    game = br.new_game(players=2, seed=4)
    first = game.legal_actions()
    game.apply("income")  # seat 0's income decision now
    before = game.to_json()
    for action in first:
        if action not in game.legal_actions():
            with pytest.raises(br.IllegalActionError):
                game.apply(action)
    assert game.to_json() == before


def test_action_of_another_game_is_refused():
    game = br.new_game(players=2, seed=4)
    other = br.new_game(players=2, seed=5)
    foreign = [a for a in other.legal_actions() if a not in game.legal_actions()]
    assert foreign
    before = game.to_json()
    for action in foreign:
        with pytest.raises(br.IllegalActionError):
            game.apply(action)
        with pytest.raises(br.IllegalActionError):
            game.apply(str(action))
    assert game.to_json() == before


def test_notation_round_trip_for_every_legal_action():
    for players, seed, advanced in ((2, 1, True), (3, 2, False), (4, 3, True)):
        game = br.new_game(players=players, seed=seed, advanced=advanced)
        rng = random.Random(seed)
        while not game.is_over:
            options = game.legal_actions()
            for action in options:
                assert game.parse_action(str(action)) == action
                assert br.Action.from_notation(str(action)) == action
            game.apply(rng.choice(options))


def test_notation_tolerates_case_and_spacing():
    game = br.new_game(players=2, seed=4)
    assert game.parse_action("  INCOME  ") == br.Action("income")


# ------------------------------------------------------------------ hidden information


def hidden_changed(game, seat):
    """A copy whose hidden information (for ``seat``) differs: other hands, deck
    orders, the bag and the face-down token, resampled by ``determinize``."""
    for sample in range(20):
        copy = game.determinize(seat, sample)
        if copy.state.hand != game.state.hand or copy.state.final_token != game.state.final_token:
            return copy
    raise AssertionError("20 samples left every secret where it was")


@pytest.mark.parametrize("steps", [0, 25, 90])
def test_view_is_unchanged_by_anything_hidden_from_the_seat(steps):
    game = midgame(players=3, seed=8, steps=steps, advanced=True)
    for seat in range(3):
        changed = hidden_changed(game, seat)
        assert changed.state != game.state
        assert json.dumps(changed.view(seat), sort_keys=True) == json.dumps(
            game.view(seat), sort_keys=True
        )


def test_view_shows_own_cards_and_public_counts_only():
    game = midgame(players=3, seed=8, steps=10)
    state = game.state
    view = game.view(1)
    assert view["hand"] == state.hand[1]
    assert view["agendas"] == state.agendas[1]
    assert view["seats"][0]["hand_size"] == len(state.hand[0])
    assert view["seats"][0]["agenda_count"] == len(state.agendas[0])
    assert view["deck_size"] == len(state.deck)
    assert view["bag_size"] == len(state.bag)
    assert view["final_token"] is None
    text = json.dumps(view)
    for key in ("deck", "bag", "agenda_deck", "rng"):
        assert f'"{key}"' not in text
    json.dumps(view)  # JSON-ready


def test_view_of_an_unknown_seat_is_refused():
    game = br.new_game(players=2, seed=1)
    for seat in (-1, 2, "0", None):
        with pytest.raises(br.RulesError):
            game.view(seat)


# ------------------------------------------------------------------ records and copies


@pytest.mark.parametrize(("players", "advanced"), [(2, True), (3, False)])
def test_record_and_replay_reproduce_the_game(players, advanced):
    game = br.new_game(players=players, seed=17, advanced=advanced)
    play_randomly(game, 17)
    record = game.record()
    json.dumps(record)  # plain data
    assert record["seed"] == 17 and record["players"] == players
    again = br.replay(record)
    assert again == game
    assert again.to_json() == game.to_json()
    assert again.result() == game.result()


def test_replay_of_a_broken_record_is_refused():
    game = br.new_game(players=2, seed=17)
    play_randomly(game, 17, limit=20)
    record = game.record()
    with pytest.raises(br.IllegalActionError):
        br.replay({**record, "actions": [*record["actions"][:5], "dance"]})
    with pytest.raises(br.StateError):
        br.replay({**record, "content": "0" * 16})
    with pytest.raises(br.StateError):
        br.replay({**record, "format": "other"})
    with pytest.raises(br.StateError):
        br.replay({**record, "actions": "income"})


def test_clone_is_independent():
    game = midgame(players=2, seed=6, steps=20)
    before = game.to_json()
    copy = game.clone()
    assert copy == game
    play_randomly(copy, 1, limit=30)
    copy.state.hand[0].append("x")
    copy.state.res[1][0] += 100
    assert game.to_json() == before
    original_copy_json = copy.to_json()
    play_randomly(game, 2, limit=30)
    assert copy.to_json() == original_copy_json


# ------------------------------------------------------------------ corrupted saves


def corrupt(text, edit):
    data = json.loads(text)
    edit(data["state"]) if callable(edit) else None
    return json.dumps(data)


def _set(path, value):
    def edit(state):
        target = state
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


def _duplicate_card(state):
    state["hand"][1].append(state["deck"][0])


CORRUPTIONS = {
    "res is text": _set(["res"], "lots"),
    "players is text": _set(["players"], "3"),
    "hand is a dict": _set(["hand"], {}),
    "resource is a float": _set(["res", 0, 0], 1.5),
    "unknown card id": _set(["hand", 0, 0], "no_such_card"),
    "unknown agenda id": _set(["agendas", 0, 0], "no_such_agenda"),
    "duplicated card": _duplicate_card,
    "negative resource": _set(["res", 0, 0], -1),
    "negative cubes": _set(["cubes", 1], -3),
    "unknown decision kind": _set(["decision", 0], "dance"),
    "decision of no seat": _set(["decision", 1], 7),
    "no decision before the end": _set(["decision"], None),
    "unknown frame": lambda s: s["stack"].append(["teleport", 0]),
    "frame that is not a list": lambda s: s["stack"].append(5),
    "attack on a district that does not exist": lambda s: s["stack"].append(["attack", 99, 0]),
    "faction decision with a text amount": _set(["decision"], ["faction", 0, "two", "x"]),
    "pending build of a card not in hand": lambda s: s["stack"].append(
        ["build", 0, "no_such_card", 0, 0, "build"]
    ),
    "effect frame with too few arguments": lambda s: s["stack"].append(["fx", 0, 0]),
    "lot token twice": lambda s: s["bag"].append(s["bag"][0]),
    "worker on a missing location": _set(["worker", 0], 42),
    "influence past the top": _set(["influence", 0, 0], 11),
    "unknown phase": _set(["phase"], "lunch"),
    "missing field": lambda s: s.pop("bag"),
    "extra field": _set(["cheat"], True),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_hand_edited_json_is_refused(name):
    text = midgame(players=3, seed=5, steps=40).to_json()
    with pytest.raises(br.StateError):
        br.Game.from_json(corrupt(text, CORRUPTIONS[name]))


def test_unreadable_or_foreign_json_is_refused():
    game = midgame(players=3, seed=5, steps=40)
    text = game.to_json()
    data = json.loads(text)
    cases = [
        text[: len(text) // 2],  # truncated
        text[:-1],
        "",
        "null",
        "[]",
        '"a game"',
        b"\xff\xfe",
        json.dumps({**data, "format": "chess@1"}),
        json.dumps({**data, "content": "0123456789abcdef"}),  # other content
        json.dumps({**data, "actions": "income"}),
        json.dumps({**data, "state": []}),
    ]
    for case in cases:
        with pytest.raises(br.StateError):
            br.Game.from_json(case)


def test_json_saved_for_other_content_is_refused(tmp_path):
    from rules_support import mod_content

    other = mod_content(tmp_path, game="setup: {offer: 5}\n")
    saved = br.new_game(players=2, seed=1).to_json()
    with pytest.raises(br.StateError):
        br.Game.from_json(saved, content=other)
    with pytest.raises(br.StateError):
        br.Game.from_json(br.new_game(players=2, seed=1, content=other).to_json())
