"""The game's history: atomic apply, undo, forced moves, the log per seat, saves.

The contract of `Game.apply` (a failed or rejected action leaves the game exactly
as it was), `Game.undo`, `Game.forced`, `Game.events_for` and the one game file
format read by `Game.from_json` and `replay`.
"""

from __future__ import annotations

import json
import random

import pytest

import baldurs_rules as br
from baldurs_rules.invariants import check_all
from baldurs_rules.rules import Rules
from baldurs_rules.rules.pending import BuildFrame, EndTurnFrame, IncomeAsk


def play(game: br.Game, steps: int, seed: int = 1) -> br.Game:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


# ------------------------------------------------------------------ atomic apply


def test_an_engine_failure_leaves_the_game_exactly_as_it_was(monkeypatch) -> None:
    game = play(br.new_game(players=3, seed=4), 57)
    rng = random.Random(2)
    while not any(a.kind == "build" for a in game.legal_actions()):
        game.apply(rng.choice(game.legal_actions()))
    before = game.clone()
    actions = game.actions
    rules = Rules.of(game.content)
    original = rules.board.build
    fail_at = game.state.turn

    def broken(state, frame):  # fails half-way through a build, from this turn on
        original(state, frame)
        if state.turn >= fail_at:
            raise ZeroDivisionError("planted")

    monkeypatch.setitem(rules.machine.handlers, BuildFrame, broken)
    action = next(a for a in game.legal_actions() if a.kind == "build")
    with pytest.raises(br.EngineError, match=r"planted.*the game is unchanged"):
        game.apply(action)
    assert game == before
    assert game.actions == actions
    assert game.events == before.events
    monkeypatch.setitem(rules.machine.handlers, BuildFrame, original)
    game.apply(action)  # and it plays on normally
    assert check_all(game) == []


def test_an_engine_failure_far_from_a_checkpoint_is_restored_too(monkeypatch) -> None:
    game = play(br.new_game(players=4, seed=9), 31)  # 31: between two checkpoints
    rules = Rules.of(game.content)
    original = rules.turns.end_turn
    fail_at = game.state.turn

    def boom(state, frame):  # fails from this turn on, as a deterministic bug would
        if state.turn >= fail_at:
            raise RuntimeError("planted failure")
        original(state, frame)

    monkeypatch.setitem(rules.machine.handlers, EndTurnFrame, boom)
    before = game.to_json()
    with pytest.raises(br.EngineError, match="planted failure"):
        while True:  # the next end of a turn fails
            game.apply(game.legal_actions()[-1])
            before = game.to_json()
    assert game.to_json() == before


def test_an_illegal_action_changes_nothing() -> None:
    game = play(br.new_game(players=2, seed=2), 10)
    before = game.to_json()
    for bad in ("build nothing 99", "trade 1x", "", "income income", "²", 42, None):
        with pytest.raises(br.IllegalActionError):
            game.apply(bad)  # type: ignore[arg-type]
    assert game.to_json() == before


# ------------------------------------------------------------------ strings


def test_actions_are_accepted_as_text_in_any_case() -> None:
    game = br.new_game(players=2, seed=1)
    assert game.is_legal("INCOME") and game.is_legal("  income ")
    assert game.describe("Income") == game.describe(br.Action("income"))
    game.apply("Income")
    assert game.actions == ["income"]


def test_unicode_digits_are_not_numbers() -> None:
    game = br.new_game(players=2, seed=1)
    assert not game.is_legal("trade ²")
    with pytest.raises(br.IllegalActionError, match="not a legal action"):
        game.parse_action("visit ²")


def test_clones_share_the_history_and_each_keeps_its_own() -> None:
    game = play(br.new_game(players=3, seed=5), 40)
    actions, record = game.actions, game.record()
    copy = game.clone()
    assert copy._actions is game._actions  # nothing copied by clone
    play(copy, 30, seed=2)  # the copy extends the shared list in place
    assert game.actions == actions and game.record() == record
    other = game.clone()
    play(game, 20, seed=3)  # the original sees the list extended: it takes its part
    play(other, 10, seed=4)
    for each in (game, copy, other):
        assert each.actions[: len(actions)] == actions
        assert br.replay(each.record()) == each, "a record replays to its own game"
    assert copy.actions[len(actions) :] != game.actions[len(actions) :]


def test_undo_and_failures_never_cut_a_shared_history(monkeypatch) -> None:
    game = play(br.new_game(players=2, seed=8), 30)
    copy = game.clone()
    play(copy, 12, seed=9)
    game.undo(reveal=True)  # shortens the original's history, not the list
    assert br.replay(copy.record()) == copy
    rules = Rules.of(game.content)
    original, fail_at = rules.turns.end_turn, copy.state.turn

    def boom(state, frame):  # the copy's next end of a turn fails
        if state.turn >= fail_at:
            raise RuntimeError("planted")
        original(state, frame)

    monkeypatch.setitem(rules.machine.handlers, EndTurnFrame, boom)
    with pytest.raises(br.EngineError, match="planted"):
        while True:
            copy.apply(copy.legal_actions()[-1])
    monkeypatch.undo()
    assert br.replay(copy.record()) == copy and br.replay(game.record()) == game
    play(game, 5, seed=1)
    assert br.replay(copy.record()) == copy and br.replay(game.record()) == game


# ------------------------------------------------------------------ undo


def test_undo_returns_to_the_seats_previous_decision() -> None:
    game = play(br.new_game(players=3, seed=6), 12, seed=6)
    seat = game.current_player
    snapshots = []
    while True:
        snapshots.append(game.clone())
        game.apply(game.legal_actions()[-1])
        if game.current_player == seat or game.is_over:
            break
    target = next(s for s in reversed(snapshots) if s.current_player == seat)
    try:
        undone = game.undo()
    except br.RulesError as exc:  # a draw showed something: allowed only on request
        assert "hidden" in str(exc)
        undone = game.undo(reveal=True)
    assert undone
    assert game == target
    assert game.actions == target.actions


def test_undo_refuses_to_cross_a_hidden_draw_unless_asked() -> None:
    game = br.scenario(
        {
            "players": 2,
            "available": [1, 2],
            "seats": [{"resources": {"gold": 9}, "hand": ["elfsong_tavern"]}, {}],
        }
    )
    game.apply("build elfsong_tavern 1")  # draws a lot token: seat 0 saw which
    game.apply(game.legal_actions()[0])  # seat 1 moves, now seat 0 again
    with pytest.raises(br.RulesError, match="hidden"):
        game.undo(seat=0)
    undone = game.undo(seat=0, reveal=True)
    assert str(undone[0]) == "build elfsong_tavern 1"
    assert game.current_player == 0 and game.is_legal("build elfsong_tavern 1")


def test_undo_with_nothing_to_undo_is_refused() -> None:
    game = br.new_game(players=2, seed=1)
    with pytest.raises(br.RulesError, match="no earlier decision"):
        game.undo()


# ------------------------------------------------------------------ forced moves


def test_moves_taken_automatically_are_logged_and_listed() -> None:
    game = br.scenario(
        {"players": 2, "seats": [{"worker": "high_hall"}, {"worker": "watch_citadel"}]}
    )
    # No cards and the worker out: "income" is each seat's only action.
    assert game.state.decision == IncomeAsk(0)
    first = [e for e in game.events if e["kind"] == "forced"]
    assert [(e["seat"], e["decision"], e["action"]) for e in first] == [(0, "turn", "income")]
    game.apply("done")
    assert [(e["seat"], e["decision"], e["action"]) for e in game.forced] == [(1, "turn", "income")]
    game.apply(game.legal_actions()[0])
    assert all(e["seat"] != 1 or e["decision"] != "turn" for e in game.forced)


def test_a_forced_turn_is_logged_with_its_action() -> None:
    game = br.new_game(players=2, seed=3)
    rng = random.Random(3)
    for _ in range(400):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        for event in game.forced:
            assert event["kind"] == "forced" and isinstance(event["action"], str)
    forced = [e for e in game.events if e["kind"] == "forced"]
    assert forced, "a random game has decisions with a single answer"
    assert {e["decision"] for e in forced} <= {
        "turn",
        "trade",
        "income",
        "choose",
        "pay",
        "faction",
        "fort_site",
        "gate_site",
        "take",
        "build",
        "draft",
        "keep",
    }


# ------------------------------------------------------------------ the log per seat


def test_events_for_a_seat_hide_cards_others_drew() -> None:
    game = play(br.new_game(players=3, seed=2), 80)
    draws = [e for e in game.events if e["kind"] == "draw_building"]
    assert draws and all("card" in e for e in draws)
    for seat in range(3):
        for event in game.events_for(seat):
            if event["kind"] in ("draw_building", "draw_agenda", "discard"):
                assert ("card" in event) == (event["seat"] == seat)


def test_view_is_independent_of_the_game_and_holds_no_log() -> None:
    game = play(br.new_game(players=3, seed=2), 80)
    view = game.view(0)
    assert "events" not in view and view["event_count"] == len(game.events)
    before = game.to_json()
    view["hand"].append("x")
    view["seats"][1]["portfolio"].append("x")
    view["lots"][1]["owner"] = 99
    if view["scores"]:
        view["scores"]["prestige"][0] = -5
    assert game.to_json() == before


# ------------------------------------------------------------------ files


def test_a_save_without_the_log_is_smaller_and_loads() -> None:
    game = play(br.new_game(players=4, seed=5), 120)
    full, lean = game.to_json(), game.to_json(log=False)
    assert len(lean) < len(full) / 2
    loaded = br.Game.from_json(lean)
    assert loaded.state.events == [] and not loaded.state.logging
    assert loaded.legal_actions() == game.legal_actions()
    assert check_all(loaded) == []


def test_a_record_is_a_game_file_too() -> None:
    game = play(br.new_game(players=2, seed=7), 50)
    loaded = br.Game.from_json(json.dumps(game.record()))
    assert loaded == game


def test_a_version_1_record_still_replays() -> None:
    game = play(br.new_game(players=2, seed=7), 30)
    old = {**game.record(), "format": "baldurs_rules/game@1"}
    old.pop("deciders")
    assert br.replay(old) == game


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": "2"}, "whole numbers"),
        ({"seed": None}, "whole numbers"),
        ({"players": 9}, "cannot start a game"),
        ({"format": "other"}, "not a game record"),
    ],
)
def test_a_bad_record_is_refused_with_the_reason(change, message) -> None:
    record = {**br.new_game(players=2, seed=1).record(), **change}
    with pytest.raises(br.StateError, match=message):
        br.replay(record)
