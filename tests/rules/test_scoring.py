"""Final scoring and tie-breaks (RULES Part A "End of the game"; B14, B15).

Every position starts in the final round (``end_triggered: true``, every lot
revealed but the face-down token, lot 36 in Wyrm's Crossing, where nobody has
anything). With two players and seat 0 active the last turns are 0, 1, 0; each
is an income action (6 gold, 1 supply) closed with ``done``. So seat 0 takes two
incomes (+12 gold, +2 supply) and seat 1 one (+6 gold, +1 supply) before scoring.

HQs: seat 0 The Gilded Manor House (Manorborn), seat 1 The Sunlit Cloister (Temples).
Map lines used: lot_1-lot_2, lot_1-lot_4, lot_4-manorborn_hq, lot_4-manorborn_fort_1,
lot_2-lot_8, lot_2-lot_3, lot_3-lot_4, lot_3-lot_13.
"""

from __future__ import annotations

from rules_support import closed_city

import baldurs_rules as br


def final_position(seats, lots=None, sites=None):
    lots = lots or {}
    base = [{"hq": "gilded_manor_house"}, {"hq": "sunlit_cloister"}]
    return br.scenario(
        {
            "players": 2,
            "seats": [{**b, **s} for b, s in zip(base, seats, strict=True)],
            "lots": lots,
            "sites": sites or {},
            "end_triggered": True,
            **closed_city(hidden=[36], built=list(lots)),
        }
    )


def play_out(game):
    """Income then done on every last turn; the result."""
    turns = []
    while not game.is_over:
        kind = game.state.decision.kind
        if kind == "turn":
            turns.append(game.current_player)
            game.apply("income")
        elif kind == "income":
            game.apply("done")
        else:  # nothing else should be asked in these positions
            raise AssertionError(f"unexpected decision {game.state.decision}")
    assert turns == [0, 1, 0]
    return game.result()


# ------------------------------------------------------------------ agendas


def test_agendas_one_per_faction_at_four_influence_the_best_ones():
    game = final_position(
        [
            {
                # 2 factions at 4 or more (Thieves' Guild at 3 does not count)
                "influence": {"council_of_four": 4, "flaming_fist": 5, "thieves_guild": 3},
                "agendas": ["master_of_the_counting_tables", "host_of_the_city", "coster_lord"],
            },
            {},
        ],
        lots={
            17: {"building": "fishmongers_row", "owner": 0},  # 2 markets: master = 6
            19: {"building": "counting_house", "owner": 0},
            25: {"building": "drowned_lantern", "owner": 0},  # 1 inn: host = 2 + 1 opponent
            27: {"building": "ropewalk", "owner": 0},  # 1 trading hall: coster = 2
        },
    )
    result = play_out(game)
    assert result.steps["agendas"] == [6 + 3, 0]
    assert result.tie_breaks["agenda_prestige"] == [9, 0]
    scored = [(e["cause"], e["value"]) for e in game.events if e["kind"] == "agenda_scored"]
    assert scored == [("master_of_the_counting_tables", 6), ("host_of_the_city", 3)]


def test_each_agenda_scores_once_even_with_more_factions():
    game = final_position(
        [
            {},
            {
                "influence": {"council_of_four": 4, "flaming_fist": 4, "thieves_guild": 10},
                "agendas": ["lords_of_the_seatower"],  # 3 * buildings in seatower + forts there
            },
        ],
        lots={13: {"building": "ropewalk", "owner": 1}},
    )
    result = play_out(game)
    assert result.steps["agendas"] == [0, 3]


def test_no_agenda_below_four_influence():
    game = final_position(
        [{"influence": {"council_of_four": 3}, "agendas": ["host_of_the_city"]}, {}]
    )
    result = play_out(game)
    assert result.steps["agendas"] == [0, 0]


# ------------------------------------------------------------------ largest network


def test_largest_network_two_per_piece_of_the_one_largest_group():
    game = final_position(
        [{}, {}],
        lots={
            1: {"building": "drowned_lantern", "owner": 0},
            2: {"building": "ropewalk", "owner": 0},
            4: {"building": "fishmongers_row", "owner": 0},
            8: {"building": "wailing_gull", "owner": 0, "damaged": True},  # joined to 2: no
            17: {"building": "copper_coin_stalls", "owner": 0},  # a second, smaller group
            3: {"building": "marsh_road_caravanserai", "owner": 1},  # joined to 2 and 4:
            13: {"building": "wide_fruit_market", "owner": 1},  # an opponent's, no bridge
        },
        sites={
            "manorborn_fort_1": {"piece": "watchtower", "owner": 0},  # joined to 4
            "seatower_fort_2": {"piece": "keep", "owner": 0},  # alone
        },
    )
    result = play_out(game)
    # seat 0: lots 1, 2, 4 + the HQ + the watchtower = 5; seat 1: lots 3 and 13 = 2
    assert result.steps["network"] == [2 * 5, 2 * 2]  # 2 prestige a piece (RULES Part A)


def test_largest_network_of_an_hq_alone():
    result = play_out(final_position([{}, {}]))
    assert result.steps["network"] == [2, 2]


# ------------------------------------------------------------------ districts


def test_districts_with_a_building_or_the_hq_fortifications_do_not_count():
    game = final_position(
        [{}, {}],
        lots={
            1: {"building": "drowned_lantern", "owner": 0},  # Manorborn (HQ there too)
            17: {"building": "copper_coin_stalls", "owner": 0},  # The Wide
            8: {"building": "wailing_gull", "owner": 0, "damaged": True},  # not counted
            3: {"building": "ropewalk", "owner": 1},  # Manorborn
            13: {"building": "wide_fruit_market", "owner": 1},  # Seatower
            21: {"building": "fishmongers_row", "owner": 1},  # Eastway
            29: {"building": "counting_house", "owner": 1},  # Heapside
        },
        sites={"grey_harbor_fort_1": {"piece": "keep", "owner": 0}},
    )
    result = play_out(game)
    # table [0, 3, 7, 10, 14, 17, ...]: seat 0 has 2 districts, seat 1 five (with Temples)
    assert result.steps["districts"] == [7, 17]


# ------------------------------------------------------------------ leftovers


def test_leftovers_gold_supply_favor_and_building_cards_in_hand_divided_by_three():
    game = final_position(
        [
            {"resources": {"gold": 1, "supply": 1, "favor": 1}, "hand": ["ropewalk", "gate_mint"]},
            {"resources": {"gold": 3, "prestige": 5}, "agendas": ["host_of_the_city"]},
        ]
    )
    result = play_out(game)
    # seat 0: 1 + 12 gold, 1 + 2 supply, 1 favor, 2 cards = 19 -> 6
    # seat 1: 3 + 6 gold, 1 supply = 10 -> 3 (prestige and agendas are not leftovers)
    assert result.steps["leftovers"] == [6, 3]


# ------------------------------------------------------------------ the whole result


def test_result_adds_every_step_to_the_prestige_before_scoring():
    game = final_position(
        [
            {
                "resources": {"prestige": 3},
                "influence": {"council_of_four": 4},
                "agendas": ["host_of_the_city"],
            },
            {"resources": {"prestige": 1, "favor": 2}},
        ],
        lots={4: {"building": "drowned_lantern", "owner": 0}},
    )
    result = play_out(game)
    assert result.before_scoring == [3, 1]
    assert result.steps == {
        "agendas": [2 + 1, 0],
        "network": [4, 2],
        "districts": [3, 3],
        "leftovers": [14 // 3, 9 // 3],
    }
    assert result.prestige == [3 + 3 + 4 + 3 + 4, 1 + 0 + 2 + 3 + 3]
    assert result.ranking == [0, 1]
    assert result.winners == [0]
    assert [row[3] for row in game.state.res] == result.prestige


# ------------------------------------------------------------------ tie-breaks
# Equal positions: each seat scores 2 (network) + 3 (district) + 4 (leftovers:
# seat 0 14 -> 4, seat 1 5 + 7 = 12 -> 4) = 9 prestige.
EVEN = [{}, {"resources": {"gold": 5}}]


def test_equal_everything_shares_the_victory():
    result = play_out(final_position(EVEN))
    assert result.prestige == [9, 9]
    assert result.tie_breaks == {
        "portfolio_buildings": [0, 0],
        "fortifications": [0, 0],
        "agenda_prestige": [0, 0],
    }
    assert result.winners == [0, 1]


def test_tie_break_more_buildings_in_portfolio_damaged_included():
    game = final_position(
        EVEN, lots={5: {"building": "drowned_lantern", "owner": 1, "damaged": True}}
    )
    result = play_out(game)
    assert result.prestige == [9, 9]
    assert result.tie_breaks["portfolio_buildings"] == [0, 1]
    assert result.ranking == [1, 0]
    assert result.winners == [1]


def test_tie_break_portfolio_buildings_before_fortifications():
    game = final_position(
        EVEN,
        lots={5: {"building": "drowned_lantern", "owner": 1, "damaged": True}},
        sites={"heapside_fort_1": {"piece": "watchtower", "owner": 0}},
    )
    result = play_out(game)
    assert result.prestige == [9, 9]
    assert result.tie_breaks["fortifications"] == [1, 0]
    assert result.winners == [1]


def test_tie_break_more_fortifications_gates_included():
    game = final_position(EVEN, sites={"seatower_gate": {"piece": "gate", "owner": 0}})
    result = play_out(game)
    assert result.prestige == [9, 9]
    assert result.tie_breaks["fortifications"] == [1, 0]
    assert result.winners == [0]


def test_tie_break_counts_fortifications_not_their_defense():
    game = final_position(
        EVEN,
        sites={
            "heapside_fort_1": {"piece": "keep", "owner": 0},
            "grey_harbor_fort_1": {"piece": "watchtower", "owner": 1},
            "grey_harbor_fort_2": {"piece": "watchtower", "owner": 1},
        },
    )
    result = play_out(game)
    assert result.prestige == [9, 9]
    assert result.tie_breaks["fortifications"] == [1, 2]
    assert result.winners == [1]


def test_tie_break_more_prestige_from_agendas():
    # seat 0 scores "host of the city" (0 inns + 1 opponent = 1); seat 1 starts with 1
    game = final_position(
        [
            {"influence": {"council_of_four": 4}, "agendas": ["host_of_the_city"]},
            {"resources": {"gold": 5, "prestige": 1}},
        ]
    )
    result = play_out(game)
    assert result.prestige == [10, 10]
    assert result.tie_breaks["agenda_prestige"] == [1, 0]
    assert result.winners == [0]
