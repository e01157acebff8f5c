"""Attacks (RULES Part A "Attacks"; B8, B9).

Every test attacks Seatower the same way: lots 14-16 are revealed (three tokens on
Seatower's track), the bag holds only lot 13, and seat 0 builds a ropewalk in
Citadel Streets (lot 6): the drawn token is Seatower's fourth (the ropewalk gives seat 0
1 prestige when built). Strength track: [1, 1, 2, 2, 2, 2, 3, 3, 3, 3] (the scenario key
``strength`` is the index); the largest defender gains the strength once more
(``held_bonus`` 1, RULES Part A).
"""

from __future__ import annotations

from rules_support import closed_city, events_of, node, play, res, tables

import baldurs_rules as br
from baldurs_rules.rules.core import districts_occupied, largest_network


def attack(strength, sites=None, lots=None, players=3, seats=None):
    lots = lots or {}
    seats = seats or [{} for _ in range(players)]
    seats[0] = {**seats[0], "resources": {"gold": 2}, "hand": ["ropewalk"]}
    game = br.scenario(
        {
            "players": players,
            "seats": seats,
            "strength": strength,
            "lots": lots,
            "sites": sites or {},
            **closed_city(
                hidden=[1, 13],
                available=[6, *(n for n in (14, 15, 16) if n not in lots)],
                built=list(lots),
            ),
        }
    )
    before = [res(game, s)["prestige"] for s in range(players)]
    start = len(game.events)
    play(game, "build ropewalk 6")
    (event,) = events_of(game, start, "attack")
    assert event["district"] == "seatower"
    gained = [res(game, s)["prestige"] - before[s] for s in range(players)]
    return game, event, gained


def test_defense_is_one_per_watchtower_two_per_keep_and_gates_count_nothing():
    _, event, _ = attack(
        6,
        sites={
            "seatower_fort_1": {"piece": "keep", "owner": 1},
            "seatower_fort_2": {"piece": "watchtower", "owner": 2},
            "seatower_gate": {"piece": "gate", "owner": 0},
        },
    )
    assert (event["strength"], event["defense"], event["held"]) == (3, 3, True)


def test_defense_only_counts_the_attacked_district():
    _, event, _ = attack(0, sites={"manorborn_fort_1": {"piece": "keep", "owner": 1}})
    assert (event["defense"], event["held"]) == (0, False)


def test_held_every_contributor_gains_strength_and_the_largest_gains_it_again():
    _, event, gained = attack(
        6,  # strength 3
        sites={
            "seatower_fort_1": {"piece": "keep", "owner": 1},
            "seatower_fort_2": {"piece": "watchtower", "owner": 2},
            "seatower_gate": {"piece": "gate", "owner": 0},  # no contribution
        },
    )
    assert event["held"]
    assert gained == [1, 3 + 3, 3]  # seat 0: the ropewalk's prestige


def test_held_by_a_single_contributor_who_is_also_the_largest():
    _, event, gained = attack(0, sites={"seatower_fort_1": {"piece": "watchtower", "owner": 2}})
    assert (event["strength"], event["defense"], event["held"]) == (1, 1, True)
    assert gained == [1, 0, 1 + 1]


def test_held_with_a_tie_for_largest_nobody_gets_the_bonus():
    _, event, gained = attack(
        2,  # strength 2
        sites={
            "seatower_fort_1": {"piece": "watchtower", "owner": 1},
            "seatower_fort_2": {"piece": "watchtower", "owner": 2},
        },
    )
    assert event["held"]
    assert gained == [1, 2, 2]


def test_held_exactly_when_defense_equals_strength():
    _, event, _ = attack(2, sites={"seatower_fort_1": {"piece": "keep", "owner": 1}})
    assert (event["strength"], event["defense"], event["held"]) == (2, 2, True)
    _, event, _ = attack(6, sites={"seatower_fort_1": {"piece": "keep", "owner": 1}})
    assert (event["strength"], event["defense"], event["held"]) == (3, 2, False)


def test_fallen_damages_the_location_and_non_contributors_buildings():
    lots = {
        14: {"building": "wailing_gull", "owner": 0},  # seat 0: no watchtower or keep
        15: {"building": "fishmongers_row", "owner": 1},  # seat 1 contributed: safe
        16: {"building": "marsh_road_caravanserai", "owner": 2},  # seat 2: only a gate
    }
    sites = {
        "seatower_fort_1": {"piece": "watchtower", "owner": 1},
        "seatower_gate": {"piece": "gate", "owner": 2},
    }
    seats = [{"hq": "tidewatch_tower"}, {}, {}]  # seat 0's HQ is in Seatower
    game, event, gained = attack(6, sites=sites, lots=lots, seats=seats)  # strength 3
    state, t = game.state, tables(game)
    assert not event["held"]
    assert gained == [1, 0, 0]  # nobody gains prestige (seat 0: the ropewalk's)
    assert state.damage[t.district_index["seatower"]] == 1
    lot14, lot15, lot16 = node(game, 14), node(game, 15), node(game, 16)
    assert state.owner[lot14] == -1 and state.owner[lot16] == -1  # damaged
    assert state.piece[lot14] == t.tile_index["inn"]  # the tiles stay
    assert state.piece[lot16] == t.tile_index["trading_hall"]
    assert state.owner[lot15] == 1  # the contributor's building is safe
    assert sorted(e["seat"] for e in events_of(game, 0, "damaged")) == [0, 2]
    # HQs and fortifications are never damaged
    assert state.owner[node(game, "seatower_hq")] == 0
    assert state.owner[node(game, "seatower_fort_1")] == 1
    assert state.owner[node(game, "seatower_gate")] == 2
    # the cards stay in the portfolios
    assert "wailing_gull" in state.portfolio[0]
    assert "marsh_road_caravanserai" in state.portfolio[2]


def test_damaged_buildings_cubes_go_back_to_their_owners():
    lots = {
        14: {"building": "wailing_gull", "owner": 1},
        15: {"building": "fishmongers_row", "owner": 1},
    }
    game = br.scenario(
        {
            "players": 2,
            "seats": [{"resources": {"gold": 2}, "hand": ["ropewalk"]}, {}],
            "lots": lots,
            **closed_city(hidden=[1, 13], available=[6, 16], built=[14, 15]),
        }
    )
    cubes = game.state.cubes[1]
    play(game, "build ropewalk 6")
    assert game.state.cubes[1] == cubes + 2


def test_damaged_buildings_count_for_no_network_and_no_district_afterwards():
    lots = {
        14: {"building": "wailing_gull", "owner": 1},
        15: {"building": "fishmongers_row", "owner": 1},
    }
    game = br.scenario(
        {
            "players": 2,
            "seats": [
                {"resources": {"gold": 2}, "hand": ["ropewalk"]},
                {"hq": "gilded_manor_house"},
            ],
            "lots": lots,
            **closed_city(hidden=[1, 13], available=[6, 16], built=[14, 15]),
        }
    )
    t, state = tables(game), game.state
    assert largest_network(t, state, 1) == 2
    assert districts_occupied(t, state, 1) == 2  # Seatower and the HQ's Manorborn
    play(game, "build ropewalk 6")
    assert largest_network(t, state, 1) == 1  # the HQ alone
    assert districts_occupied(t, state, 1) == 1


def test_damaged_building_pays_no_bonus_after_the_attack():
    lots = {14: {"building": "wailing_gull", "owner": 1}}
    game = br.scenario(
        {
            "players": 2,
            "seats": [
                {"resources": {"gold": 2}, "hand": ["ropewalk"]},
                {"resources": {"gold": 3}, "hand": ["marsh_road_caravanserai"]},
            ],
            "lots": lots,
            **closed_city(hidden=[1, 13], available=[6, 15, 16], built=[14]),
        }
    )
    play(game, "build ropewalk 6")  # Seatower falls; lot 14 is damaged
    assert game.state.owner[node(game, 14)] == -1
    favor = res(game, 1)["favor"]
    play(game, "build marsh_road_caravanserai 15")  # joined to lot 14 (now nobody's)
    assert res(game, 1)["favor"] == favor


def test_damaged_lot_cannot_be_built_again():
    lots = {14: {"building": "wailing_gull", "owner": 1}}
    game, _, _ = attack(0, lots=lots, players=2)
    assert game.state.owner[node(game, 14)] == -1
    assert not [a for a in game.legal_actions() if a.kind == "build" and a.args[1] == 14]


def test_strength_marker_advances_after_each_regular_attack():
    for index in range(9):
        game, event, _ = attack(index, players=2)
        assert event["strength"] == tables(game).strength_track[index]
        assert game.state.strength == index + 1


def test_strength_marker_never_passes_the_last_space():
    game, event, _ = attack(9, players=2)
    assert event["strength"] == tables(game).strength_track[-1]
    assert game.state.strength == 9
