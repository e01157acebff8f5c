"""Fortifications: watchtowers, keeps, gates (RULES Part A "Fortifications"; B2, B3, B5, B10).

Map lines used (content/map.yaml): lot_14 - seatower_fort_1, lot_15 - seatower_fort_2,
lot_22 - eastway_gate, lot_6 - citadel_streets_fort_1.
"""

from __future__ import annotations

import pytest
from rules_support import closed_city, events_of, legal, mod_content, node, play, res, tables

import baldurs_rules as br
from baldurs_rules.rules.pending import TurnAsk

FORT_SITES = [
    f"site {d}_fort_{i}"
    for d in (
        "manorborn",
        "citadel_streets",
        "temples",
        "seatower",
        "the_wide",
        "eastway",
        "grey_harbor",
        "heapside",
        "wyrms_crossing",
    )
    for i in (1, 2)
]
GATE_SITES = [
    "site manorborn_gate",
    "site citadel_streets_gate",
    "site temples_gate",
    "site seatower_gate",
    "site eastway_gate",
]


def position(seats, **more):
    return br.scenario({"players": len(seats), "seats": seats, **more})


def test_place_watchtower_here_restricts_the_sites_to_the_district():
    game = position([{"resources": {"favor": 2}}, {}])
    play(game, "visit seatower_barbican", "trade 2")  # place watchtower here
    assert (game.state.decision.kind, game.state.decision.seat) == ("fort_site", 0)
    assert legal(game) == ["site seatower_fort_1", "site seatower_fort_2"]
    cubes = game.state.cubes[0]
    play(game, "site seatower_fort_2")
    site = node(game, "seatower_fort_2")
    assert game.state.owner[site] == 0
    assert game.state.piece[site] == tables(game).fort["watchtower"]
    assert game.state.cubes[0] == cubes - 1


def test_place_without_a_district_offers_every_free_fortification_site():
    # Flaming Fist space 4: "place watchtower" (anywhere)
    game = position(
        [{"resources": {"favor": 1}, "influence": {"flaming_fist": 3}}, {}],
        sites={"temples_fort_1": {"piece": "keep", "owner": 1}},
    )
    play(game, "visit seatower_barbican", "trade 1")
    assert (game.state.decision.kind, game.state.decision.seat) == ("fort_site", 0)
    assert legal(game) == [s for s in FORT_SITES if s != "site temples_fort_1"]


def test_place_keep_here_puts_a_keep():
    game = position([{"resources": {"favor": 3}}, {}])
    play(game, "visit watch_citadel", "trade 2", "site citadel_streets_fort_1")
    site = node(game, "citadel_streets_fort_1")
    assert game.state.piece[site] == tables(game).fort["keep"]
    assert game.state.owner[site] == 0


def test_take_gate_puts_a_gate_on_a_gate_site_and_the_top_card_in_the_portfolio():
    game = position([{"resources": {"favor": 2}}, {}])
    top = game.state.gate_deck[-1]
    play(game, "visit eastway_gatehouse", "trade 2")
    assert (game.state.decision.kind, game.state.decision.seat) == ("gate_site", 0)
    assert legal(game) == GATE_SITES
    play(game, "site temples_gate")
    site = node(game, "temples_gate")
    assert game.state.owner[site] == 0
    assert game.state.piece[site] == tables(game).fort["gate"]
    assert game.state.portfolio[0] == (top,)
    assert top not in game.state.gate_deck
    assert game.view(1)["gate_deck_top"] == game.state.gate_deck[-1]  # the next one is public


def test_new_building_next_to_a_fortification_pays_its_owner_one_prestige():
    for piece in ("watchtower", "keep"):
        game = position(
            [{"resources": {"gold": 2}, "hand": ["ropewalk"]}, {}],
            sites={"citadel_streets_fort_1": {"piece": piece, "owner": 1}},
            **closed_city(hidden=[1, 2, 13, 14], available=[6]),
        )
        play(game, "build ropewalk 6")
        assert res(game, 1)["prestige"] == 1


def test_new_building_next_to_a_gate_pays_its_owner_one_prestige():
    game = position(
        [{"resources": {"gold": 2}, "hand": ["ropewalk"]}, {}],
        sites={"eastway_gate": {"piece": "gate", "owner": 1}},
        **closed_city(hidden=[1, 2, 13, 14], available=[22]),
    )
    play(game, "build ropewalk 22")
    assert res(game, 1)["prestige"] == 1


def test_placing_a_fortification_runs_the_connection_step():
    # seat 1's inn on lot 14 is joined to seatower_fort_1
    game = position(
        [{"resources": {"favor": 2}}, {}],
        lots={14: {"building": "wailing_gull", "owner": 1}},
    )
    start = len(game.events)
    play(game, "visit seatower_barbican", "trade 2", "site seatower_fort_1")
    bonuses = [
        (e["seat"], e["resource"], e["delta"], e["cause"])
        for e in events_of(game, start, "resource")
        if e["cause"].startswith("bonus:")
    ]
    assert bonuses == [(1, "favor", 1, "bonus:lot_14")]


def test_placing_a_gate_runs_the_connection_step_for_a_fortification_owner_too():
    # lot 22 is joined to eastway_gate and eastway_fort_2: a market there pays 1 gold
    game = position(
        [{"resources": {"favor": 2}}, {}],
        lots={22: {"building": "fishmongers_row", "owner": 1}},
    )
    play(game, "visit eastway_gatehouse", "trade 2", "site eastway_gate")
    assert res(game, 1)["gold"] == 1
    assert res(game, 0) == {"gold": 0, "supply": 0, "favor": 0, "prestige": 0}  # nothing for 0


def test_placement_returns_no_worker_and_draws_no_lot_token():
    game = position(
        [{"resources": {"favor": 2}}, {"worker": "high_hall"}],
        lots={14: {"building": "wailing_gull", "owner": 1}},
    )
    bag = list(game.state.bag)
    track = list(game.state.track)
    start = len(game.events)
    play(game, "visit seatower_barbican", "trade 2", "site seatower_fort_1")
    assert game.state.bag == bag
    assert game.state.track == track
    assert not events_of(game, start, "lot")
    assert game.state.worker[0] == tables(game).location_index["seatower_barbican"]
    assert game.state.worker[1] == tables(game).location_index["high_hall"]


def test_no_free_site_means_placing_is_not_legal():
    game = position(
        [{"resources": {"favor": 2}}, {}],
        sites={
            "seatower_fort_1": {"piece": "watchtower", "owner": 1},
            "seatower_fort_2": {"piece": "watchtower", "owner": 1},
        },
    )
    play(game, "visit seatower_barbican")
    assert legal(game) == ["trade 1", "skip"]


def test_no_cubes_means_placing_is_not_legal(tmp_path):
    # the fewest cubes a content may give: three on the tracks, two on these watchtowers
    content = mod_content(tmp_path, game="setup: {cubes: 5}\n")
    towers = {f"manorborn_fort_{i}": {"piece": "watchtower", "owner": 0} for i in (1, 2)}
    game = br.scenario(
        {"players": 2, "seats": [{"resources": {"favor": 3}}, {}], "sites": towers},
        content=content,
    )
    assert game.state.cubes[0] == 0
    play(game, "visit seatower_barbican")
    assert legal(game) == ["trade 1", "skip"]
    with pytest.raises(br.IllegalActionError):
        game.apply("trade 2")


def test_impossible_placement_in_a_reward_is_skipped():
    # Flaming Fist space 4 "place watchtower" with every fortification site taken
    sites = {s.removeprefix("site "): {"piece": "watchtower", "owner": 1} for s in FORT_SITES}
    game = position(
        [{"resources": {"favor": 1}, "influence": {"flaming_fist": 2}}, {}], sites=sites
    )
    play(game, "visit seatower_barbican", "trade 1")  # gain 2 influence with flaming_fist
    assert game.state.influence[0][1] == 4
    assert game.state.decision == TurnAsk(1)
    assert not events_of(game, 0, "place")
