"""The build action (RULES Part A "Build" steps 1-8; B2, B9, B11).

Positions come from `br.scenario` with the real map of content/map.yaml. Around
lot 6 (Citadel Streets) the lines are: lot 5, lot 7, lot 12 (Temples) and the
fortification site citadel_streets_fort_1. `closed_city` reveals every lot except
the hidden ones, so the lot token drawn comes from a known set.
"""

from __future__ import annotations

import pytest
from rules_support import (
    LOT_AVAILABLE,
    LOT_BUILT,
    closed_city,
    events_of,
    legal,
    mod_content,
    node,
    play,
    res,
    tables,
)

import baldurs_rules as br
from baldurs_rules.rules.pending import TurnAsk

# No district reaches a fourth token when one of these is drawn.
QUIET = [1, 2, 13, 14]


def position(players=2, seats=None, lots=None, sites=None, available=(6,), hidden=QUIET, **more):
    seats = seats or [{} for _ in range(players)]
    built = list(lots or {})
    spec = {
        "players": players,
        "seats": seats,
        "lots": lots or {},
        "sites": sites or {},
        **closed_city(hidden=hidden, available=available, built=built),
        **more,
    }
    return br.scenario(spec)


def bonus_events(game, start):
    return [
        (e["seat"], e["resource"], e["delta"])
        for e in events_of(game, start, "resource")
        if e["cause"].startswith("bonus:")
    ]


def test_build_steps_happen_in_order():
    game = position(
        seats=[
            {"hq": "gilded_manor_house", "resources": {"gold": 4}, "hand": ["copper_coin_stalls"]},
            {"hq": "sunlit_cloister", "worker": "watch_citadel"},
        ],
        lots={5: {"building": "wailing_gull", "owner": 1}},
    )
    start = len(game.events)
    play(game, "build copper_coin_stalls 6")
    kinds = [
        (e["kind"], e["seat"], e.get("resource"), e.get("delta"), e["cause"])
        for e in events_of(game, start)
        if e["kind"] != "action"
    ]
    assert kinds == [
        ("resource", 0, "gold", -3, "copper_coin_stalls"),  # 1. pay the cost
        ("build", 0, None, None, "build"),  # 1-3. portfolio, tile, cube
        ("worker_home", 1, None, None, "copper_coin_stalls"),  # 4. workers return
        ("resource", 1, "favor", 1, "bonus:lot_5"),  # 5. connection bonuses
        ("resource", 0, "gold", 3, "copper_coin_stalls"),  # 6. when built: gain 3 gold,
        ("resource", 0, "prestige", 1, "copper_coin_stalls"),  # 1 prestige
        ("lot", 0, None, None, "draw_lot"),  # 7. a lot token
    ]
    state, t, lot6 = game.state, tables(game), node(game, 6)
    assert state.portfolio[0] == ("copper_coin_stalls",)
    assert state.hand[0] == []
    assert state.lots[lot6] == LOT_BUILT
    assert state.piece[lot6] == t.tile_index["market"]
    assert state.owner[lot6] == 0
    assert state.cubes[0] == 22 - 1
    assert state.piles[t.tile_index["market"]] == 9
    assert state.worker[1] == -1
    assert res(game, 0)["gold"] == 4 - 3 + 3
    assert game.state.decision == TurnAsk(1)


def test_drawn_lot_token_becomes_available_and_goes_on_its_track():
    game = position(
        seats=[{"resources": {"gold": 2}, "hand": ["ropewalk"]}, {}], hidden=[1, 2]
    )  # the bag holds only lot 2 (Manorborn)
    manorborn = tables(game).district_index["manorborn"]
    before = game.state.track[manorborn]
    play(game, "build ropewalk 6")
    assert game.state.lots[node(game, 2)] == LOT_AVAILABLE
    assert game.state.track[manorborn] == before + 1
    assert game.state.bag == []
    (lot,) = events_of(game, 0, "lot")
    assert (lot["lot"], lot["district"]) == (2, "manorborn")


def test_rules_worked_example_market_joined_to_three_structures():
    # a market (cost 5) joined to your inn, an opponent's trading hall and a third
    # player's keep: you gain 1 favor, that opponent 1 supply, the keep's owner 1 prestige
    game = position(
        players=3,
        seats=[
            {
                "hq": "gilded_manor_house",
                "resources": {"gold": 5},
                "hand": ["street_of_silks_bazaar"],
            },
            {"hq": "sunlit_cloister"},
            {"hq": "smugglers_warehouse"},
        ],
        lots={5: {"building": "wailing_gull", "owner": 0}, 7: {"building": "ropewalk", "owner": 1}},
        sites={"citadel_streets_fort_1": {"piece": "keep", "owner": 2}},
        hidden=[1, 13],  # the bag holds one Seatower lot
    )
    before = [res(game, s) for s in range(3)]
    start = len(game.events)
    play(game, "build street_of_silks_bazaar 6")
    assert bonus_events(game, start) == [(0, "favor", 1), (1, "supply", 1), (2, "prestige", 1)]
    after = [res(game, s) for s in range(3)]
    assert after[0] == {**before[0], "gold": 0, "favor": 1, "prestige": 1}  # when built
    assert after[1] == {**before[1], "supply": 1}
    assert after[2] == {**before[2], "prestige": 1}
    # the token drawn is a Seatower lot and goes on Seatower's track
    (lot,) = events_of(game, start, "lot")
    assert lot["district"] == "seatower"
    assert game.state.track[tables(game).district_index["seatower"]] == 4
    # ... and it is Seatower's fourth: Seatower is attacked now
    (attack,) = events_of(game, start, "attack")
    assert attack["district"] == "seatower"


def test_connection_bonuses_active_player_first_then_clockwise():
    # seat 2 builds on lot 6: seat 2 first, then 0, then 1
    game = position(
        players=3,
        seats=[{}, {}, {"resources": {"gold": 5}, "hand": ["street_of_silks_bazaar"]}],
        lots={5: {"building": "wailing_gull", "owner": 0}, 7: {"building": "ropewalk", "owner": 2}},
        sites={"citadel_streets_fort_1": {"piece": "watchtower", "owner": 1}},
        active=2,
    )
    start = len(game.events)
    play(game, "build street_of_silks_bazaar 6")
    assert [s for s, _, _ in bonus_events(game, start)] == [2, 0, 1]


def test_temple_owner_chooses_the_faction_on_another_players_turn():
    game = position(
        seats=[{"resources": {"gold": 2}, "hand": ["ropewalk"]}, {}],
        lots={5: {"building": "wayside_shrine_of_tymora", "owner": 1}},
    )
    play(game, "build ropewalk 6")
    assert (game.state.decision.kind, game.state.decision.seat) == ("faction", 1)
    assert game.current_player == 1
    assert sorted(legal(game)) == [
        "faction council_of_four",
        "faction flaming_fist",
        "faction thieves_guild",
    ]
    play(game, "faction flaming_fist")
    assert game.state.influence[1] == [0, 1, 0]
    assert game.state.decision == TurnAsk(1)


def test_damaged_buildings_pay_no_connection_bonus():
    game = position(
        seats=[{"resources": {"gold": 2}, "hand": ["ropewalk"]}, {}],
        lots={
            5: {"building": "wailing_gull", "owner": 1, "damaged": True},
            7: {"building": "fishmongers_row", "owner": 1},
        },
    )
    start = len(game.events)
    play(game, "build ropewalk 6")
    assert bonus_events(game, start) == [(1, "gold", 1)]  # the market only


def test_hq_pays_the_bonus_of_its_card_basic_side():
    # the Citadel Streets HQ site is joined to lot 7
    game = position(
        seats=[{"resources": {"gold": 2}, "hand": ["ropewalk"]}, {"hq": "marshals_barracks"}],
        available=(7,),
    )
    start = len(game.events)
    play(game, "build ropewalk 7")
    assert bonus_events(game, start) == [(1, "gold", 1)]


def test_hq_pays_the_bonus_of_its_card_advanced_side():
    # The Merchants' Loggia (The Wide, joined to lot 20): advanced bonus "gain 2 gold"
    game = position(
        seats=[{"resources": {"gold": 2}, "hand": ["ropewalk"]}, {"hq": "merchants_loggia"}],
        available=(20,),
        advanced=True,
    )
    start = len(game.events)
    play(game, "build ropewalk 20")
    assert bonus_events(game, start) == [(1, "gold", 2)]


def test_several_structures_of_one_owner_each_pay():
    game = position(
        seats=[{"resources": {"gold": 3}, "hand": ["marsh_road_caravanserai"]}, {}],
        lots={5: {"building": "wailing_gull", "owner": 1}, 7: {"building": "ropewalk", "owner": 1}},
        sites={"citadel_streets_fort_1": {"piece": "watchtower", "owner": 1}},
    )
    start = len(game.events)
    play(game, "build marsh_road_caravanserai 6")
    assert sorted(bonus_events(game, start)) == [
        (1, "favor", 1),
        (1, "prestige", 1),
        (1, "supply", 1),
    ]


def test_the_new_piece_itself_pays_nothing():
    # an inn built next to nothing of anyone: no bonus at all, not even its own
    # (the 1 prestige is the Wailing Gull's when-built effect)
    game = position(seats=[{"resources": {"gold": 3}, "hand": ["wailing_gull"]}, {}])
    start = len(game.events)
    play(game, "build wailing_gull 6")
    assert bonus_events(game, start) == []
    assert res(game, 0) == {"gold": 0, "supply": 0, "favor": 0, "prestige": 1}


def test_own_structures_joined_to_the_new_one_pay_their_owner():
    game = position(
        seats=[{"resources": {"gold": 2}, "hand": ["ropewalk"]}, {}],
        lots={5: {"building": "wailing_gull", "owner": 0}},
    )
    start = len(game.events)
    play(game, "build ropewalk 6")
    assert bonus_events(game, start) == [(0, "favor", 1)]


def test_workers_in_the_district_return_yours_too():
    game = position(
        players=3,
        seats=[
            {"resources": {"gold": 2}, "hand": ["ropewalk"], "worker": "watch_citadel"},
            {"worker": "high_hall"},
            {},
        ],
    )
    play(game, "build ropewalk 6")
    assert game.state.worker[0] == -1
    assert game.state.worker[1] == tables(game).location_index["high_hall"]  # another district


def test_cannot_build_without_enough_gold():
    game = position(seats=[{"resources": {"gold": 4}, "hand": ["street_of_silks_bazaar"]}, {}])
    assert not [a for a in legal(game) if a.startswith("build")]
    with pytest.raises(br.IllegalActionError):
        game.apply("build street_of_silks_bazaar 6")


def test_cannot_build_with_an_empty_tile_pile():
    game = position(
        seats=[{"resources": {"gold": 9}, "hand": ["ropewalk", "fishmongers_row"]}, {}],
        piles={"market": 0},
    )
    builds = [a for a in legal(game) if a.startswith("build")]
    assert builds == ["build ropewalk 6"]
    with pytest.raises(br.IllegalActionError):
        game.apply("build fishmongers_row 6")


def test_cannot_build_without_cubes(tmp_path):
    # the fewest cubes a content may give: three on the tracks, two on these watchtowers
    content = mod_content(tmp_path, game="setup: {cubes: 5}\n")
    game = br.scenario(
        {
            "players": 2,
            "seats": [{"resources": {"gold": 9}, "hand": ["ropewalk"]}, {}],
            "sites": {f"manorborn_fort_{i}": {"piece": "watchtower", "owner": 0} for i in (1, 2)},
            **closed_city(hidden=QUIET, available=[6]),
        },
        content=content,
    )
    assert game.state.cubes[0] == 0
    assert not [a for a in legal(game) if a.startswith("build")]
    assert "income" in legal(game)


def test_cannot_build_on_a_lot_that_is_not_available():
    game = position(
        seats=[{"resources": {"gold": 9}, "hand": ["ropewalk"]}, {}],
        lots={5: {"building": "wailing_gull", "owner": 1}},
    )
    assert [a for a in legal(game) if a.startswith("build")] == ["build ropewalk 6"]
    for lot in (5, 1, 3):  # built, hidden (face down), banned
        with pytest.raises(br.IllegalActionError):
            game.apply(f"build ropewalk {lot}")


def test_a_districts_fourth_token_triggers_its_attack_at_once():
    # Seatower has 3 tokens (lots 14-16 banned); the bag holds only lot 13
    game = position(
        seats=[{"resources": {"gold": 2}, "hand": ["ropewalk"]}, {}],
        hidden=[1, 13],
    )
    seatower = tables(game).district_index["seatower"]
    assert game.state.track[seatower] == 3
    start = len(game.events)
    play(game, "build ropewalk 6")
    kinds = [e["kind"] for e in events_of(game, start)]
    assert kinds.index("lot") < kinds.index("attack")
    (attack,) = events_of(game, start, "attack")
    assert attack["district"] == "seatower" and attack["cause"] == "attack"
    assert game.state.track[seatower] == 4
    assert game.state.strength == 1  # the marker moved after the attack
    assert game.state.decision == TurnAsk(1)


def test_no_attack_on_a_third_token():
    game = position(
        seats=[{"resources": {"gold": 2}, "hand": ["ropewalk"]}, {}], hidden=[1, 13, 14]
    )
    play(game, "build ropewalk 6")
    assert events_of(game, 0, "attack") == []
    assert game.state.strength == 0


def test_build_from_an_effect_is_a_full_build_with_the_discount():
    # The Spice Road Emporium: "gain 2 gold; choose (build market with discount 2 | gain 2 gold)"
    game = position(
        seats=[
            {
                "resources": {"gold": 6},
                "hand": [
                    "spice_road_emporium",
                    "counting_house",
                    "golden_purse_exchange",
                    "ropewalk",
                ],
            },
            {"worker": "wide_market_cross"},
        ],
        lots={17: {"building": "wailing_gull", "owner": 1}},
        available=(6, 18, 19),
    )
    play(game, "build spice_road_emporium 6", "choose 1")
    assert (game.state.decision.kind, game.state.decision.seat) == ("build", 0)
    # only markets (not the trading hall), on available lots, that cost at most
    # 2 + 2 gold: the counting house (4) but not the golden purse exchange (7)
    assert sorted(legal(game)) == ["build counting_house 18", "build counting_house 19"]
    start = len(game.events)
    play(game, "build counting_house 18")
    builds = events_of(game, start, "build")
    assert [(b["card"], b["lot"], b["cost"], b["cause"]) for b in builds] == [
        ("counting_house", 18, 2, "spice_road_emporium")
    ]
    assert res(game, 0)["gold"] == 0
    assert game.state.portfolio[0] == ("spice_road_emporium", "counting_house")
    assert game.state.worker[1] == -1  # step 4 ran: The Wide's worker came home
    assert bonus_events(game, start) == [(1, "favor", 1)]  # step 5 ran
    assert len(events_of(game, start, "lot")) == 2  # step 7 ran for both builds
