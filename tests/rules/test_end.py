"""The end of the game (RULES Part A "End of the game"; B8, B13).

The positions reveal every lot except two: lot 13 (Seatower) is the face-down
final token and lot 2 (Manorborn) the last token in the bag. Manorborn's other
lots are revealed, so lot 2 is also Manorborn's fourth token (B13).
"""

from __future__ import annotations

import pytest
from rules_support import closed_city, events_of, node, play, res, tables

import baldurs_rules as br
from baldurs_rules.rules.pending import TurnAsk
from baldurs_rules.rules.state import LOT_FINAL


def last_token_position(strength=0, sites=None, lots=None, hidden=(13, 2)):
    lots = lots or {}
    return br.scenario(
        {
            "players": 3,
            "active": 1,
            "strength": strength,
            "seats": [
                {"hq": "gilded_manor_house"},
                {"hq": "marshals_barracks", "resources": {"gold": 2}, "hand": ["ropewalk"]},
                {
                    "hq": "sunlit_cloister",
                    "resources": {"gold": 3},
                    "hand": ["marsh_road_caravanserai"],
                },
            ],
            "sites": sites or {},
            "lots": lots,
            **closed_city(hidden=list(hidden), available=[6, 7], built=list(lots)),
        }
    )


def finish_turns(game):
    """Answer every decision with its last legal action ('done', 'skip', ...) to the end,
    recording whose turn each was."""
    turns = []
    while not game.is_over:
        if game.state.decision.kind == "turn":
            turns.append(game.current_player)
            game.apply("income")
        else:
            game.apply(game.legal_actions()[-1])
    return turns


def test_drawing_the_last_token_triggers_the_end():
    game = last_token_position()
    assert not game.state.end_triggered
    start = len(game.events)
    play(game, "build ropewalk 6")
    assert game.state.bag == []
    assert game.state.end_triggered
    (event,) = events_of(game, start, "end_triggered")
    assert event["seat"] == 1
    assert game.state.phase == "final"


def test_no_end_while_tokens_remain_in_the_bag():
    game = last_token_position(hidden=(13, 2, 25))
    play(game, "build ropewalk 6")
    assert len(game.state.bag) == 1
    assert not game.state.end_triggered
    assert game.state.phase == "play"


def test_final_round_players_after_the_active_one_then_the_active_one():
    game = last_token_position()
    play(game, "build ropewalk 6")  # seat 1 triggers the end and finishes its turn
    assert finish_turns(game) == [2, 0, 1]
    assert game.is_over


def test_final_round_two_players():
    game = br.scenario(
        {
            "players": 2,
            "seats": [{"resources": {"gold": 2}, "hand": ["ropewalk"]}, {}],
            **closed_city(hidden=[13, 2], available=[6]),
        }
    )
    play(game, "build ropewalk 6")
    assert finish_turns(game) == [1, 0]


def test_builds_in_the_final_round_draw_no_token():
    game = last_token_position()
    play(game, "build ropewalk 6")
    track = list(game.state.track)
    start = len(game.events)
    play(game, "build marsh_road_caravanserai 7")  # seat 2's last turn
    assert game.state.owner[node(game, 7)] == 2
    assert not events_of(game, start, "lot")
    assert not events_of(game, start, "attack")
    assert game.state.track == track


def test_the_last_token_being_a_fourth_token_is_attacked_first():
    game = last_token_position(strength=1)
    start = len(game.events)
    play(game, "build ropewalk 6")
    kinds = [e["kind"] for e in events_of(game, start)]
    assert kinds.index("lot") < kinds.index("end_triggered") < kinds.index("attack")
    assert kinds.index("attack") < kinds.index("final_round")
    (attack,) = events_of(game, start, "attack")
    assert (attack["district"], attack["cause"]) == ("manorborn", "attack")
    assert game.state.strength == 2  # a regular attack moves the marker
    assert game.state.decision == TurnAsk(2)


def test_face_down_token_revealed_and_final_attack_at_current_strength():
    # strength index 1 (value 2); Manorborn's regular attack moves it to index 2
    # (value 2); seat 2's keep in Seatower holds the final attack at 2
    game = last_token_position(strength=1, sites={"seatower_fort_1": {"piece": "keep", "owner": 2}})
    play(game, "build ropewalk 6")
    assert game.view(0)["final_token"] is None  # still face down
    prestige = res(game, 2)["prestige"]
    start = len(game.events)
    finish_turns(game)
    (token,) = events_of(game, start, "final_token")
    assert (token["lot"], token["district"]) == (13, "seatower")
    assert game.state.lots[node(game, 13)] == LOT_FINAL
    assert game.view(0)["final_token"] == 13
    (attack,) = events_of(game, start, "attack")
    assert attack == {
        "kind": "attack",
        "seat": -1,
        "cause": "final_attack",
        "district": "seatower",
        "strength": 2,
        "defense": 2,
        "held": True,
    }
    assert game.state.strength == 2  # the final attack does not move the marker
    # held_bonus 1: the largest defender gains the strength once more
    assert game.result().before_scoring[2] - prestige == 2 + 2
    # the final attack comes after every last turn and before scoring
    kinds = [e["kind"] for e in events_of(game, start)]
    assert kinds.index("attack") > max(i for i, k in enumerate(kinds) if k == "action")
    assert kinds.index("attack") < kinds.index("game_over")


def test_final_attack_can_damage_before_scoring():
    game = last_token_position(strength=3, lots={14: {"building": "fishmongers_row", "owner": 2}})
    play(game, "build ropewalk 6")
    finish_turns(game)
    assert game.state.owner[node(game, 14)] == -1
    assert game.state.damage[tables(game).district_index["seatower"]] == 1
    # seat 2 scores its HQ's district only (Temples): the table gives 3 for one district
    assert game.result().steps["districts"][2] == 3


def test_game_over_state():
    game = last_token_position()
    play(game, "build ropewalk 6")
    finish_turns(game)
    assert game.is_over
    assert game.state.phase == "over"
    assert game.legal_actions() == []
    assert game.current_player == -1
    assert game.state.decision is None
    before = game.to_json()
    with pytest.raises(br.IllegalActionError):
        game.apply("income")
    with pytest.raises(br.IllegalActionError):
        game.apply(br.Action("income"))
    assert game.to_json() == before


def test_result_only_once_over():
    game = last_token_position()
    with pytest.raises(br.RulesError):
        game.result()


def test_end_triggered_scenario_starts_the_final_round_after_this_turn():
    game = br.scenario({"players": 3, "active": 2, "end_triggered": True})
    assert finish_turns(game) == [2, 0, 1, 2]
