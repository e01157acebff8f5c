"""The plain-data state: clone copies every field to the right depth."""

from __future__ import annotations

import random

import pytest

import baldurs_rules as br
from baldurs_rules.rules import Rules
from baldurs_rules.rules.state import FIELDS, State


def _midgame() -> br.Game:
    game = br.new_game(4, 11, advanced=True)
    rng = random.Random(11)
    for _ in range(120):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_clone_copies_every_field_to_its_depth() -> None:
    state = _midgame().state
    copy = state.clone()
    assert copy == state
    for name, depth in FIELDS.items():
        original, cloned = getattr(state, name), getattr(copy, name)
        assert cloned == original, name
        if depth >= 1:
            assert cloned is not original, f"{name} is shared, not copied"
        if depth == 2:
            assert all(a is not b for a, b in zip(cloned, original, strict=True)), name


def test_changing_a_clone_leaves_the_original_alone() -> None:
    game = _midgame()
    before = game.to_json()
    copy = game.clone()
    rng = random.Random(3)
    while not copy.is_over:
        copy.apply(rng.choice(copy.legal_actions()))
    assert game.to_json() == before


def test_a_copy_without_a_log_holds_none_and_never_makes_the_original_copy_its_log() -> None:
    """A search's playout (``clone(log=False)``) records nothing and holds no log, and the
    original goes on appending to its own list: a game whose bots clone it at every
    decision never copies its log because of them (it copied 600k events per lookahead)."""
    game = _midgame()
    events = game.state.events
    before = list(events)
    copy = game.clone(log=False)
    assert copy.state.events == [] and not copy.state.logging
    assert not game.state.events_shared
    rng = random.Random(5)
    for _ in range(30):
        if not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
    assert game.state.events is events and game.state.events[: len(before)] == before
    for _ in range(30):
        if not copy.is_over:
            copy.apply(rng.choice(copy.legal_actions()))
    assert copy.state.events == [] and game.state.events is events
    again = copy.clone()  # a copy of a log-less game: log-less too, everything else copied
    assert again.state == copy.state and not again.state.logging
    for name, depth in FIELDS.items():
        if depth >= 1 and name != "events":
            assert getattr(again.state, name) is not getattr(copy.state, name), name


def test_a_clone_shares_the_log_until_either_records_an_event() -> None:
    game = _midgame()
    logged = list(game.state.events)
    copy = game.clone()
    assert copy.state.events is game.state.events  # nothing copied yet
    copy.apply(copy.legal_actions()[0])
    assert copy.state.events is not game.state.events
    assert copy.state.events[: len(logged)] == logged and len(copy.state.events) > len(logged)
    assert game.state.events == logged, "the copy's events went into the original's log"
    mine = len(copy.state.events)
    game.apply(game.legal_actions()[-1])  # the original copies its own list too
    assert game.state.events[: len(logged)] == logged and len(game.state.events) > len(logged)
    assert len(copy.state.events) == mine, "the original's events went into the copy's log"


def test_a_kept_clone_never_copies_the_log_and_never_sees_later_events() -> None:
    state = _midgame().state
    kept = state.clone()
    logged = kept.events
    again = state.clone()  # a second copy of the same list
    from baldurs_rules.rules.events import record

    record(state, ("end_triggered", -1, "test"))
    record(again, ("final_round", -1, "test"))
    assert kept.events is logged and len(logged) == len(state.events) - 1
    assert state.events[-1][0] == "end_triggered" and again.events[-1][0] == "final_round"
    assert state.events[:-1] == logged == again.events[:-1]


def test_assign_carries_the_sharing_of_the_log() -> None:
    state = _midgame().state
    snapshot = state.clone()
    target = _midgame().state
    target.assign(snapshot.clone())  # shares snapshot's list: must copy before writing
    from baldurs_rules.rules.events import record

    before = list(snapshot.events)
    record(target, ("end_triggered", -1, "test"))
    assert snapshot.events == before


def test_the_machine_refuses_to_answer_when_no_decision_is_pending() -> None:
    game = br.new_game(2, 3)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    before = game.to_json()
    machine = Rules.of(game.content).machine
    assert machine.legal_view(game.state) == [] and not machine.is_legal(
        game.state, br.Action("income")
    )
    with pytest.raises(br.EngineError, match="answers no decision: none is pending"):
        machine.answer(game.state, br.Action("income"))
    assert game.to_json() == before


def test_a_state_is_a_machine_state() -> None:
    from baldurs_rules.engine.machine import MachineState

    state = _midgame().state
    assert isinstance(state, MachineState)
    if "__slots__" in vars(State):  # pure Python (a compiled class keeps no __slots__)
        assert set(vars(MachineState)["__slots__"]) == {"stack", "decision", "options"}
        assert not set(vars(MachineState)["__slots__"]) & set(vars(State)["__slots__"])
