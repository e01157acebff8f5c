"""`br.scenario` and its documentation, docs/scenarios.md.

Every ```yaml block of the page must build a scenario, its examples must do what
the page says, and the worked example's ```python snippet must pass. Scenario
defaults and refusals are checked here too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rules_support import LOT_AVAILABLE, LOT_BUILT, events_of, legal, node, play, res, tables

import baldurs_rules as br
from baldurs_rules.rules.pending import TurnAsk

DOC = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"


def blocks(kind):
    return re.findall(rf"```{kind}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def yaml_block(containing):
    (found,) = [b for b in blocks("yaml") if containing in b]
    return br.scenario(found)


# ------------------------------------------------------------------ the documentation


def test_every_yaml_block_of_the_page_builds():
    found = blocks("yaml")
    assert len(found) >= 5
    for text in found:
        game = br.scenario(text)
        assert game.legal_actions()


def test_worked_example_snippet_runs():
    snippets = [b for b in blocks("python") if "assert" in b]
    assert len(snippets) == 1
    exec(compile(snippets[0], str(DOC), "exec"), {})


def test_every_scenario_key_is_documented():
    from baldurs_rules.scenarios import SCENARIO_KEYS, SEAT_KEYS

    text = DOC.read_text(encoding="utf-8")
    for key in SCENARIO_KEYS | SEAT_KEYS:
        assert f"| `{key}` |" in text, key


def test_doc_smallest_scenario():
    (text,) = [b for b in blocks("yaml") if b == "players: 2\n"]
    game = br.scenario(text)
    assert game.state.hq == ["gilded_manor_house", "marshals_barracks"]
    assert not [a for a in legal(game) if a.startswith("build")]


def test_doc_when_built_example():
    game = yaml_block("spice_road_emporium")
    play(game, "build spice_road_emporium 6", "choose 1")
    assert legal(game) == ["build counting_house 18", "build counting_house 19"]


def test_doc_damaged_trade_example():
    game = yaml_block("damage: {citadel_streets: 1}")
    play(game, "visit watch_citadel")
    assert game.state.worker[1] == -1
    assert legal(game) == ["trade 1", "skip"]


def test_doc_attack_example():
    game = yaml_block("strength: 6")
    play(game, "build ropewalk 6")
    (attack,) = events_of(game, 0, "attack")
    assert (attack["district"], attack["strength"], attack["defense"]) == ("seatower", 3, 3)
    assert [res(game, s)["prestige"] for s in range(3)] == [1, 3 + 3, 3]
    assert game.state.strength == 7


def test_doc_final_scoring_example():
    game = yaml_block("end_triggered: true")
    turns = []
    while not game.is_over:
        if game.state.decision.kind == "turn":
            turns.append(game.current_player)
            game.apply("income")
        else:
            game.apply("done")
    assert turns == [0, 1, 0]
    result = game.result()
    assert result.before_scoring == [0, 5]
    assert result.steps["agendas"] == [3, 0]  # host of the city: 2 * 1 inn + 1 opponent


# ------------------------------------------------------------------ defaults and derived values


def test_defaults_are_empty_and_derived():
    game = br.scenario(
        {
            "players": 3,
            "seats": [{}, {"hq": "caravan_yards"}, {}],
            "lots": {5: {"building": "ropewalk", "owner": 2}},
            "sites": {"temples_fort_1": {"piece": "keep", "owner": 2}},
            "available": [1, 2],
            "banned": [3],
        }
    )
    state, t = game.state, tables(game)
    assert state.hq == ["gilded_manor_house", "caravan_yards", "marshals_barracks"]
    assert all(res(game, s) == dict.fromkeys(t.resource_ids, 0) for s in range(3))
    assert state.hand == [[], [], []] and state.agendas == [[], [], []]
    assert state.offer == [] and state.discard == []
    assert state.worker == [-1, -1, -1]
    assert state.portfolio[2] == ("ropewalk",)
    assert state.cubes == [22, 22, 20]  # 25 - 3 on the tracks - pieces on the map
    assert state.lots[node(game, 5)] == LOT_BUILT
    assert state.lots[node(game, 1)] == LOT_AVAILABLE
    manorborn = t.district_index["manorborn"]
    assert state.track[manorborn] == 3  # lots 1, 2 and 3 revealed
    assert state.piles[t.tile_index["trading_hall"]] == 9
    assert len(state.deck) == 48 - 1
    assert len(state.agenda_deck) == len(game.content.agendas)
    assert state.gate_deck[-1] == next(iter(game.content.gates))  # the first gate on top
    assert state.final_token not in state.bag
    assert game.state.decision == TurnAsk(0)


def test_seed_decides_the_shuffles():
    one = br.scenario({"players": 2, "seed": 1})
    two = br.scenario({"players": 2, "seed": 2})
    again = br.scenario({"players": 2, "seed": 1})
    assert one.state.deck != two.state.deck
    assert one.to_json() == again.to_json()


def test_starting_prestige_is_logged():
    game = br.scenario({"players": 2, "seats": [{"resources": {"prestige": 4}}, {}]})
    assert res(game, 0)["prestige"] == 4
    (event,) = events_of(game, 0, "resource")
    assert (event["seat"], event["cause"], event["delta"]) == (0, "scenario", 4)


def test_yaml_text_and_path_are_accepted(tmp_path):
    path = tmp_path / "position.yaml"
    path.write_text("players: 3\nactive: 2\n", encoding="utf-8")
    assert br.scenario(path).state.decision == TurnAsk(2)
    assert br.scenario("players: 3\nactive: 1\n").state.decision == TurnAsk(1)


# ------------------------------------------------------------------ refusals

REFUSED = {
    "unknown key": {"playres": 2},
    "unknown seat key": {"seats": [{"gould": 1}, {}]},
    "unknown card": {"seats": [{"hand": ["elfsong"]}, {}]},
    "unknown lot": {"available": [37]},
    "unknown site": {"sites": {"nowhere": {"piece": "keep", "owner": 0}}},
    "too many players": {"players": 7},
    "players as text": {"players": "2"},
    "seats of the wrong length": {"players": 3, "seats": [{}, {}]},
    "lots not a mapping of mappings": {"lots": {5: "wailing_gull"}},
    "lots as a list": {"lots": [5]},
    "site owner out of range": {"sites": {"seatower_fort_1": {"piece": "keep", "owner": 9}}},
    "site owner as text": {"sites": {"seatower_fort_1": {"piece": "keep", "owner": "a"}}},
    "keep on a gate site": {"sites": {"eastway_gate": {"piece": "keep", "owner": 0}}},
    "gate on a fortification site": {"sites": {"eastway_fort_1": {"piece": "gate", "owner": 0}}},
    "keep on an HQ site": {"sites": {"eastway_hq": {"piece": "keep", "owner": 0}}},
    "resource as text": {"seats": [{"resources": {"gold": "5"}}, {}]},
    "negative resource": {"seats": [{"resources": {"gold": -5}}, {}]},
    "influence past the top": {"seats": [{"influence": {"flaming_fist": 11}}, {}]},
    "seed as text": {"seed": "abc"},
    "turn as text": {"turn": "x"},
    "card in two hands": {"seats": [{"hand": ["ropewalk"]}, {"hand": ["ropewalk"]}]},
    "one HQ card for two seats": {
        "seats": [{"hq": "marshals_barracks"}, {"hq": "marshals_barracks"}]
    },
    "two workers on one location": {"seats": [{"worker": "high_hall"}, {"worker": "high_hall"}]},
    "bag not the hidden lots": {"bag": [1]},
    "tracks disagree": {"tracks": {"seatower": 2}},
    "negative damage": {"damage": {"seatower": -1}},
    "strength past the track": {"strength": 99},
    "face-down token revealed": {"available": [5], "final_token": 5},
    "partial deck": {"deck": ["ropewalk"]},
    "not a mapping": [1, 2],
    "broken YAML": "players: [",
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_impossible_scenarios_are_refused(name):
    with pytest.raises(br.StateError):
        br.scenario(REFUSED[name])


def test_refusal_suggests_the_closest_name():
    with pytest.raises(br.StateError, match="elfsong_tavern"):
        br.scenario({"seats": [{"hand": ["elfsong_taverne"]}, {}]})
