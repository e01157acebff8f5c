"""Placing the worker (RULES Part A "Place the worker"; B5, B6, B10)."""

from __future__ import annotations

import pytest
from rules_support import closed_city, events_of, legal, node, play, res, tables

import baldurs_rules as br
from baldurs_rules.rules.pending import IncomeAsk, TurnAsk

VISITS = [
    "visit high_hall",
    "visit watch_citadel",
    "visit pilgrims_steps",
    "visit seatower_barbican",
    "visit wide_market_cross",
    "visit eastway_gatehouse",
    "visit harbourmasters_pier",
    "visit rag_and_bone_yard",
    "visit wyrms_rock_toll_bridge",
]


def position(seats, **more):
    spec = {"players": len(seats), "seats": seats, **more}
    return br.scenario(spec)


def location(game, name):
    return tables(game).location_index[name]


def test_worker_at_home_may_visit_any_location():
    game = position([{}, {}])
    assert [a for a in legal(game) if a.startswith("visit")] == VISITS


def test_worker_away_cannot_be_placed():
    game = position([{"worker": "high_hall"}, {}])
    assert not [a for a in legal(game) if a.startswith("visit")]
    with pytest.raises(br.IllegalActionError):
        game.apply("visit watch_citadel")


def test_placing_on_an_occupied_location_sends_the_other_worker_home():
    game = position([{"resources": {"favor": 1}}, {"worker": "high_hall"}])
    start = len(game.events)
    play(game, "visit high_hall")
    assert game.state.worker == [location(game, "high_hall"), -1]
    (home,) = events_of(game, start, "worker_home")
    assert (home["seat"], home["cause"]) == (1, "displaced")


def test_one_trade_at_most_then_the_turn_ends():
    game = position([{"resources": {"favor": 5}}, {}])
    play(game, "visit high_hall")
    assert legal(game) == ["trade 1", "trade 2", "skip"]
    play(game, "trade 1")  # gain 3 influence with council_of_four
    assert game.state.influence[0][0] == 3
    assert res(game, 0)["favor"] == 5 - 1 + 1  # paid 1; Council space 2 gives 1 favor
    assert game.state.decision == TurnAsk(1)  # no second trade
    assert len(events_of(game, 0, "trade")) == 1


def test_skip_is_legal_and_changes_nothing_else():
    game = position([{"resources": {"favor": 5}}, {}])
    play(game, "visit high_hall")
    before = res(game, 0)
    play(game, "skip")
    assert res(game, 0) == before
    assert game.state.worker[0] == location(game, "high_hall")
    assert game.state.decision == TurnAsk(1)


def test_trade_only_offered_when_its_favor_can_be_paid():
    game = position([{"resources": {"favor": 1}}, {}])
    play(game, "visit high_hall")  # costs 1 and 2
    assert legal(game) == ["trade 1", "skip"]


@pytest.mark.parametrize("tokens", [1, 2])
def test_each_damage_token_adds_one_favor_to_each_trade(tokens):
    # The High Hall's trades cost 1 and 2; with damage tokens, 1 + d and 2 + d
    game = position([{"resources": {"favor": 2 + tokens}}, {}], damage={"manorborn": tokens})
    play(game, "visit high_hall")
    assert legal(game) == ["trade 1", "trade 2", "skip"]
    play(game, "trade 2")
    assert res(game, 0)["favor"] == 0
    game = position([{"resources": {"favor": 1 + tokens}}, {}], damage={"manorborn": tokens})
    play(game, "visit high_hall")
    assert legal(game) == ["trade 1", "skip"]


def test_damage_token_makes_a_free_trade_cost_favor():
    game = position([{}, {}], damage={"eastway": 1})
    play(game, "visit eastway_gatehouse")  # trade 1 costs 0 + 1: nothing is affordable
    assert game.state.decision == TurnAsk(1)  # the lone "skip" was taken at once
    assert not events_of(game, 0, "trade")
    game = position([{"resources": {"favor": 1}}, {}], damage={"eastway": 1})
    play(game, "visit eastway_gatehouse")
    assert legal(game) == ["trade 1", "skip"]
    play(game, "trade 1")  # gain 1 supply, 1 favor, for 1 favor
    assert res(game, 0) == {"gold": 0, "supply": 1, "favor": 1, "prestige": 0}


def test_take_gate_not_offered_without_a_gate_card():
    gates = list(br.load_content().gates)  # every gate card is already in a portfolio
    game = position([{"resources": {"favor": 2}}, {"portfolio": gates}], gate_deck=[])
    assert game.state.gate_deck == []
    play(game, "visit eastway_gatehouse")
    assert legal(game) == ["trade 1", "skip"]


def test_take_gate_not_offered_without_a_free_gate_site():
    gates = [
        "manorborn_gate",
        "citadel_streets_gate",
        "temples_gate",
        "seatower_gate",
        "eastway_gate",
    ]
    game = position(
        [{"resources": {"favor": 2}}, {}],
        sites={site: {"piece": "gate", "owner": 1} for site in gates},
    )
    assert game.state.gate_deck  # cards are left; the sites are not
    play(game, "visit eastway_gatehouse")
    assert legal(game) == ["trade 1", "skip"]


def test_take_gate_offered_with_a_site_and_a_card():
    game = position([{"resources": {"favor": 2}}, {}])
    play(game, "visit eastway_gatehouse")
    assert legal(game) == ["trade 1", "trade 2", "skip"]


def test_place_keep_here_not_offered_with_both_sites_taken():
    game = position(
        [{"resources": {"favor": 3}}, {}],
        sites={
            "citadel_streets_fort_1": {"piece": "watchtower", "owner": 1},
            "citadel_streets_fort_2": {"piece": "keep", "owner": 1},
        },
    )
    play(game, "visit watch_citadel")
    assert legal(game) == ["trade 1", "skip"]


def test_place_keep_here_offered_with_one_site_free_and_it_must_be_here():
    game = position(
        [{"resources": {"favor": 3}}, {}],
        sites={"citadel_streets_fort_1": {"piece": "watchtower", "owner": 1}},
    )
    play(game, "visit watch_citadel", "trade 2")  # the only free site is taken at once
    site = node(game, "citadel_streets_fort_2")
    assert game.state.owner[site] == 0
    assert game.state.piece[site] == tables(game).fort["keep"]


def test_worker_returns_when_someone_else_builds_in_its_district():
    game = br.scenario(
        {
            "players": 2,
            "seats": [
                {"resources": {"gold": 2}, "hand": ["ropewalk"]},
                {"worker": "watch_citadel"},
            ],
            **closed_city(hidden=[1, 2, 13, 14], available=[6]),
        }
    )
    play(game, "build ropewalk 6")
    assert game.state.worker[1] == -1
    assert "visit watch_citadel" in legal(game)  # seat 1 may place it again


def test_worker_stays_when_a_fortification_is_placed_in_its_district():
    # Seatower Barbican trade 1 lifts seat 0 to Flaming Fist 4: "place watchtower"
    # (any district); seat 0 puts it in Citadel Streets, where seat 1's worker is.
    game = position(
        [
            {"resources": {"favor": 1}, "influence": {"flaming_fist": 3}},
            {"worker": "watch_citadel"},
        ],
    )
    play(game, "visit seatower_barbican", "trade 1")
    assert (game.state.decision.kind, game.state.decision.seat) == ("fort_site", 0)
    start = len(game.events)
    play(game, "site citadel_streets_fort_1")
    assert game.state.owner[node(game, "citadel_streets_fort_1")] == 0
    assert game.state.worker[1] == location(game, "watch_citadel")
    assert not events_of(game, start, "worker_home")


def test_basic_hq_ability_returns_the_worker():
    game = position([{"hq": "gilded_manor_house", "worker": "high_hall"}, {}])
    # no card to build, no worker to place: income is the only action, taken at once
    assert game.state.decision == IncomeAsk(0)
    assert "use gilded_manor_house" in legal(game)
    play(game, "use gilded_manor_house")
    assert game.state.worker[0] == -1
    (home,) = events_of(game, 0, "worker_home")
    assert home["cause"] == "gilded_manor_house"


def test_returning_a_worker_that_is_home_is_not_offered():
    """A `return worker` ability does nothing with the worker at home, so it is not an option."""
    for worker, offered in ((None, False), ("high_hall", True)):
        game = position(
            [{"hq": "gilded_manor_house", "worker": worker, "portfolio": ["wide_fruit_market"]}, {}]
        )
        if game.state.decision != IncomeAsk(0):
            play(game, "income")
        assert game.state.decision == IncomeAsk(0)
        assert "use wide_fruit_market" in legal(game)
        assert ("use gilded_manor_house" in legal(game)) is offered
