"""Every kind of frame and ask is defined once and used everywhere by its fields' names."""

from __future__ import annotations

import baldurs_rules as br
from baldurs_rules.present import decisions
from baldurs_rules.present.narration import TELLERS
from baldurs_rules.rules import Rules
from baldurs_rules.rules.events import EVENTS
from baldurs_rules.rules.pending import ASKS, FRAMES
from baldurs_rules.rules.shapes import DECISIONS
from baldurs_rules.rules.shapes import FRAMES as FRAME_SHAPES

RULES = Rules.of(br.load_content())


def test_the_machine_handles_every_frame_kind_and_answers_every_ask_kind() -> None:
    assert set(RULES.machine.handlers) == set(FRAMES.values())
    assert set(RULES.machine.decisions) == set(ASKS.values())


def test_every_ask_kind_has_its_typed_decision_fields_and_prompt() -> None:
    assert set(br.Decision.KINDS) == set(ASKS)
    assert set(decisions._DETAILS) == set(ASKS.values())
    assert set(decisions._PROMPTS) == set(ASKS)


def test_the_shapes_of_saved_games_are_read_from_the_classes() -> None:
    assert set(FRAME_SHAPES) == set(FRAMES) and set(DECISIONS) == set(ASKS)
    for shapes, registry in ((FRAME_SHAPES, FRAMES), (DECISIONS, ASKS)):
        for kind, cls in registry.items():
            assert len(shapes[kind]) == len(cls.FIELDS), kind
    assert FRAME_SHAPES["build"] == ("seat", "card", "lot_node", "amount", "str")
    assert DECISIONS["choose"] == ("seat", "choose_nid", "here", "str")


def test_every_kind_of_event_is_told() -> None:
    assert set(TELLERS) == set(EVENTS)


def test_every_ask_has_a_seat_and_a_cause() -> None:
    game = br.new_game(players=4, seed=11, advanced=True)
    seen = set()
    while not game.is_over:
        ask = game.state.decision
        assert ask is not None and isinstance(ask.seat, int) and isinstance(ask.cause, str)
        assert game.current_player == ask.seat
        seen.add(ask.kind)
        game.apply(game.legal_actions()[-1])
    assert {"turn", "draft", "keep"} <= seen
