"""Taking income (RULES Part A "Take income" 1-3; B1, B9, B11)."""

from __future__ import annotations

import pytest
from rules_support import closed_city, events_of, legal, mod_content, play, res

import baldurs_rules as br
from baldurs_rules.rules.pending import IncomeAsk, TurnAsk


@pytest.fixture(scope="module")
def gate_mod(tmp_path_factory):
    """A mod with one inn whose income ability takes a gate."""
    return mod_content(
        tmp_path_factory.mktemp("gate_mod"),
        buildings=(
            "buildings:\n"
            "  - id: gatekeepers_lodge\n"
            "    name: The Gatekeepers' Lodge\n"
            "    type: inn\n"
            "    cost: 2\n"
            '    income: "take gate"\n'
        ),
    )


def position(seats, **more):
    return br.scenario({"players": len(seats), "seats": seats, **more})


def test_basic_hq_automatic_income_is_six_gold_one_supply():
    # the worker is out, so the HQ's "return worker" ability is still to choose after the income
    game = position([{"resources": {"gold": 1, "favor": 2}, "worker": "high_hall"}, {}])
    start = 0  # income is the only action with the worker out and no card: taken at once
    assert res(game, 0) == {"gold": 7, "supply": 1, "favor": 2, "prestige": 0}
    gains = [(e["resource"], e["delta"]) for e in events_of(game, start, "resource")]
    assert gains == [("gold", 6), ("supply", 1)]
    assert game.state.decision == IncomeAsk(0)  # then the abilities


def test_advanced_hq_automatic_income_comes_from_the_card():
    game = position([{"hq": "merchants_loggia"}, {}], advanced=True)  # "gain 6 gold, 1 supply"
    play(game, "income")
    assert res(game, 0) == {"gold": 6, "supply": 1, "favor": 0, "prestige": 0}


def test_each_ability_once_in_any_order_until_done():
    game = position(
        [
            {
                "hq": "gilded_manor_house",
                "worker": "high_hall",
                "portfolio": ["wide_fruit_market", "fishmongers_row"],
            },
            {},
        ]
    )
    # the only action with the worker out: taken at once
    assert game.state.decision == IncomeAsk(0)
    assert legal(game) == [
        "use gilded_manor_house",
        "use wide_fruit_market",
        "use fishmongers_row",
        "done",
    ]
    play(game, "use fishmongers_row")  # pay 1 supply: gain 2 gold
    assert legal(game) == ["use gilded_manor_house", "use wide_fruit_market", "done"]
    play(game, "use wide_fruit_market")  # gain 1 gold
    assert legal(game) == ["use gilded_manor_house", "done"]
    assert res(game, 0)["gold"] == 6 + 2 + 1
    with pytest.raises(br.IllegalActionError):
        game.apply("use fishmongers_row")
    play(game, "done")
    assert game.state.decision == TurnAsk(1)


def test_done_ends_the_income_action_without_using_abilities():
    game = position([{"portfolio": ["wide_fruit_market"]}, {}])
    play(game, "income", "done")
    assert res(game, 0)["gold"] == 6
    assert game.state.decision == TurnAsk(1)


def test_ability_whose_cost_cannot_be_paid_is_not_offered():
    # the counting house costs 1 supply, the moneylenders' arcade 2 supply
    game = position(
        [
            {
                "hq": "gilded_manor_house",
                "worker": "high_hall",
                "portfolio": ["counting_house", "moneylenders_arcade"],
            },
            {},
        ]
    )
    # income is the only action, taken at once: + 1 supply, so only the counting house is payable
    assert game.state.decision == IncomeAsk(0)
    assert legal(game) == ["use gilded_manor_house", "use counting_house", "done"]
    play(game, "use counting_house")
    assert res(game, 0)["supply"] == 0
    assert legal(game) == ["use gilded_manor_house", "done"]


def test_a_gate_taken_during_income_can_be_used_in_the_same_income(gate_mod):
    seats = [{"hq": "gilded_manor_house", "portfolio": ["gatekeepers_lodge"]}, {}]
    game = br.scenario({"players": 2, "seats": seats}, content=gate_mod)
    play(game, "income", "use gatekeepers_lodge", "site eastway_gate")
    top = game.state.portfolio[0][-1]
    assert top in gate_mod.gates
    assert f"use {top}" in legal(game)
    gold = res(game, 0)["gold"]
    play(game, f"use {top}")  # the Bellgate: pay 1 supply: gain 3 gold
    assert top == "bellgate"
    assert res(game, 0)["gold"] == gold + 3


def test_a_building_built_during_income_can_be_used_in_the_same_income():
    # The Grand Coster Exchange: "pay 2 supply: build trading_hall with discount 2";
    # the Marsh Road Caravanserai (trading hall, cost 3): "gain 1 supply"
    game = br.scenario(
        {
            "players": 2,
            "seats": [
                {
                    "hq": "gilded_manor_house",
                    "resources": {"supply": 1},
                    "portfolio": ["grand_coster_exchange"],
                    "hand": ["marsh_road_caravanserai"],
                },
                {},
            ],
            **closed_city(hidden=[1, 2, 13, 14], available=[6]),
        }
    )
    play(game, "income", "use grand_coster_exchange")  # the only build is taken at once
    assert game.state.portfolio[0] == ("grand_coster_exchange", "marsh_road_caravanserai")
    assert res(game, 0)["gold"] == 6 - 1  # cost 3 - 2
    assert "use marsh_road_caravanserai" in legal(game)
    play(game, "use marsh_road_caravanserai")
    assert res(game, 0)["supply"] == 1 + 1 - 2 + 1


def test_used_marks_reset_after_done():
    seat0 = {"hq": "gilded_manor_house", "portfolio": ["wide_fruit_market", "crossing_tollhouse"]}
    game = position([seat0, {"worker": "high_hall"}])
    play(game, "income", "use wide_fruit_market")
    assert game.state.used == ["wide_fruit_market"]
    play(game, "done")
    assert game.state.used == []
    assert game.state.decision == IncomeAsk(1)  # seat 1: its only action, taken at once
    play(game, "done")
    play(game, "income")  # seat 0 again: the market is usable again
    assert "use wide_fruit_market" in legal(game)


def test_damaged_buildings_card_keeps_its_ability():
    game = br.scenario(
        {
            "players": 2,
            "seats": [{"hq": "gilded_manor_house"}, {}],
            "lots": {5: {"building": "wide_fruit_market", "owner": 0, "damaged": True}},
        }
    )
    assert game.state.owner[game.content.board.node("lot_5").index] == -1
    assert game.state.portfolio[0] == ("wide_fruit_market",)
    play(game, "income")
    assert "use wide_fruit_market" in legal(game)
    play(game, "use wide_fruit_market")
    assert res(game, 0)["gold"] == 7
