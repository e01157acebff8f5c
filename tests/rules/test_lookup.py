"""The lookup that presentation reads: ids and positions agree with the content and the state."""

from __future__ import annotations

import pytest

import baldurs_rules as br
from baldurs_rules.rules.lookup import Lookup

CONTENT = br.load_content()
LOOK = Lookup.of(CONTENT)


def test_ids_and_positions_agree_with_the_content() -> None:
    assert LOOK is Lookup.of(CONTENT), "kept with the content"
    assert LOOK.districts == tuple(d.id for d in CONTENT.board.districts)
    assert LOOK.locations == tuple(loc.id for loc in CONTENT.locations)
    assert LOOK.resources == tuple(r.id for r in CONTENT.resources)
    assert all(LOOK.district_index[d] == i for i, d in enumerate(LOOK.districts))
    for node in CONTENT.board.nodes:
        assert LOOK.node_ids[node.index] == node.id and LOOK.node_kind[node.index] == node.kind
        assert LOOK.districts[LOOK.node_district[node.index]] == node.district
        if node.lot is not None:
            assert LOOK.lot_node[node.lot] == node.index and LOOK.node_lot[node.index] == node.lot
    for i, loc in enumerate(CONTENT.locations):
        district = LOOK.location_district[i]
        assert LOOK.districts[district] == loc.district and LOOK.district_location[district] == i


def test_tables_cannot_be_changed_through_it() -> None:
    with pytest.raises(TypeError):
        LOOK.lot_node[1] = 0  # type: ignore[index]
    with pytest.raises(AttributeError):
        LOOK.districts.append("x")  # type: ignore[attr-defined]


def test_a_trade_costs_its_printed_favor_plus_the_damage() -> None:
    game = br.scenario({"players": 2, "damage": {"manorborn": 2}})
    where = LOOK.location_index["high_hall"]
    printed = int(CONTENT.locations[where].trades[0].cost)
    assert LOOK.trade_cost(game.state, where, 0) == printed + 2 * LOOK.damage_favor


def test_an_agenda_is_worth_what_its_score_says_now() -> None:
    """Master of the Counting Tables: 3 prestige per market the seat owns."""
    spec = {
        "players": 2,
        "lots": {
            1: {"building": "fishmongers_row", "owner": 0},
            2: {"building": "copper_coin_stalls", "owner": 0},
            3: {"building": "wide_fruit_market", "owner": 1},
        },
        "seats": [{"agendas": ["master_of_the_counting_tables"]}, {}],
    }
    game = br.scenario(spec)
    assert LOOK.agenda_value(game.state, 0, "master_of_the_counting_tables") == 6
    assert LOOK.agenda_value(game.state, 1, "master_of_the_counting_tables") == 3


def test_effect_trees_are_those_the_cards_show() -> None:
    from baldurs_rules.dsl.render import to_text
    from baldurs_rules.engine.interpreter import ChooseAsk

    game = br.new_game(players=3, seed=5)
    while not isinstance(game.state.decision, ChooseAsk):
        assert not game.is_over, "no choice in this game: pick another seed"
        game.apply(game.legal_actions()[0])
    ask = game.state.decision
    texts = [to_text(b, CONTENT.names()) for b in LOOK.branches(ask.nid)]
    assert game.decision is not None and list(game.decision.texts) == texts
    assert len(LOOK.branches(ask.nid)) >= 2 and LOOK.effect(ask.nid) is not None
