"""Factions and influence (RULES Part A "Factions"; B7).

Thieves' Guild rewards (content/factions.yaml): 1: gain 1 gold, 2: -, 3: gain 2 gold,
4: gain 1 supply; each opponent: lose 1 gold, 5: -, ... 9: gain 2 prestige, 10: gain 3
prestige; past the top: 1 prestige per point. The Harbourmaster's Pier trade 1 (1 favor)
gives 2 influence with the Thieves' Guild and 1 gold (left out of ``rewards``).
"""

from __future__ import annotations

from rules_support import closed_city, events_of, legal, play, res, tables

import baldurs_rules as br

COUNCIL, FIST, THIEVES = 0, 1, 2


def pier(level, gold=0, opponent_gold=0):
    """Seat 0 at the given Thieves' Guild level makes the Pier's trade 1."""
    game = br.scenario(
        {
            "players": 2,
            "seats": [
                {"resources": {"favor": 1, "gold": gold}, "influence": {"thieves_guild": level}},
                {"resources": {"gold": opponent_gold}},
            ],
        }
    )
    start = len(game.events)
    play(game, "visit harbourmasters_pier", "trade 1")
    return game, start


def rewards(game, start):
    return [
        (e["seat"], e["resource"], e["delta"], e["cause"])
        for e in events_of(game, start, "resource")
        if e["resource"] != "favor" and not e["cause"].startswith("harbourmasters_pier")
    ]


def test_influence_moves_the_cube():
    game, start = pier(0)
    assert game.state.influence[0] == [0, 0, 2]
    assert game.state.influence[1] == [0, 0, 0]
    (moved,) = events_of(game, start, "influence")
    assert (moved["faction"], moved["delta"], moved["level"]) == ("thieves_guild", 2, 2)


def test_reward_of_each_space_passed_and_landed_on_in_order():
    game, start = pier(2, opponent_gold=3)  # passes 3, lands on 4
    assert game.state.influence[0][THIEVES] == 4
    assert rewards(game, start) == [
        (0, "gold", 2, "thieves_guild:3"),  # passed
        (0, "supply", 1, "thieves_guild:4"),  # landed on
        (1, "gold", -1, "thieves_guild:4"),  # "each opponent: lose 1 gold"
    ]


def test_space_without_reward_pays_nothing():
    game, start = pier(0)  # passes 1 (1 gold), lands on 2 (nothing)
    assert rewards(game, start) == [(0, "gold", 1, "thieves_guild:1")]
    assert game.state.influence[0][THIEVES] == 2


def test_influence_past_the_top_gives_one_prestige_per_point():
    game, start = pier(9)  # lands on 10 (3 prestige) and goes one past (1 prestige)
    assert game.state.influence[0][THIEVES] == 10
    assert rewards(game, start) == [
        (0, "prestige", 3, "thieves_guild:10"),
        (0, "prestige", 1, "thieves_guild:top"),
    ]
    assert res(game, 0)["prestige"] == 4


def test_influence_at_the_top_stays_there_and_gives_prestige():
    game, start = pier(10)
    assert game.state.influence[0][THIEVES] == 10
    assert rewards(game, start) == [(0, "prestige", 1, "thieves_guild:top")] * 2


def test_any_faction_asks_the_gaining_player():
    # Pilgrims' Steps trade 2 (2 favor): "gain 3 influence with any faction"
    game = br.scenario({"players": 3, "seats": [{}, {"resources": {"favor": 2}}, {}], "active": 1})
    play(game, "visit pilgrims_steps", "trade 2")
    assert (game.state.decision.kind, game.state.decision.seat) == ("faction", 1)
    assert game.current_player == 1
    assert legal(game) == [
        "faction council_of_four",
        "faction flaming_fist",
        "faction thieves_guild",
    ]
    play(game, "faction council_of_four")
    assert game.state.influence[1] == [3, 0, 0]
    assert res(game, 1)["favor"] == 1  # paid 2; Council space 2 gives 1 favor, 3 nothing


def test_any_faction_from_a_connection_bonus_asks_the_temple_owner():
    game = br.scenario(
        {
            "players": 3,
            "seats": [{}, {}, {"resources": {"gold": 2}, "hand": ["ropewalk"]}],
            "active": 2,
            "lots": {5: {"building": "wayside_shrine_of_tymora", "owner": 0}},
            **closed_city(hidden=[1, 2, 13, 14], available=[6], built=[5]),
        }
    )
    play(game, "build ropewalk 6")
    assert (game.state.decision.kind, game.state.decision.seat) == ("faction", 0)
    play(game, "faction thieves_guild")
    assert game.state.influence[0] == [0, 0, 1]
    assert res(game, 0)["gold"] == 1  # Thieves' Guild space 1


def test_reward_that_grants_influence_chains():
    # Council space 7: "gain 1 influence with any faction"; from 4 the High Hall's
    # trade 1 lifts Council to 7 (5, 6 then 7) and the extra point goes where chosen
    game = br.scenario(
        {
            "players": 2,
            "seats": [{"resources": {"favor": 1}, "influence": {"council_of_four": 4}}, {}],
        }
    )
    play(game, "visit high_hall", "trade 1")  # 6: return worker; draw 1 agenda, 7: any faction
    assert (game.state.decision.kind, game.state.decision.seat) == ("faction", 0)
    play(game, "faction flaming_fist")
    assert game.state.influence[0] == [7, 1, 0]
    assert game.state.worker[0] == -1  # space 6 returned the worker
    assert len(game.state.agendas[0]) == 1
    assert tables(game).factions == ["council_of_four", "flaming_fist", "thieves_guild"]
