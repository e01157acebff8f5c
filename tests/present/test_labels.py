"""Option labels: names, cost and card text, districts and neighbours, never an id."""

from __future__ import annotations

import re

import pytest

import baldurs_rules as br
from baldurs_rules.actions import Action
from baldurs_rules.bots import make_bot
from baldurs_rules.present.card_text import script_text
from baldurs_rules.present.labels import lot_text, node_text, option_label, site_text
from baldurs_rules.rules.lookup import Lookup

ID = re.compile(r"[a-z]+_[a-z_]+")
"""An internal id (``council_of_four``, ``temples_fort_1``)."""


def labels_of(game: br.Game) -> list[str]:
    """The label of every option of the pending decision (a build: its card and its lot)."""
    found = []
    for action in game.legal_actions():
        found.append(option_label(game, action))
        if action.kind == "build":
            found.append(option_label(game, action, group=True))
    return found


@pytest.mark.parametrize(("players", "seed", "advanced"), [(3, 4, False), (2, 7, True)])
def test_no_label_of_a_whole_game_shows_an_id(players: int, seed: int, advanced: bool) -> None:
    game = br.new_game(players=players, seed=seed, advanced=advanced)
    bots = [make_bot("random", seed + seat) for seat in range(players)]
    kinds: set[str] = set()
    while not game.is_over:
        for label in labels_of(game):
            assert not ID.search(label), (game.decision, label)
        kinds.update(action.kind for action in game.legal_actions())
        for action in game.legal_actions():
            if action.kind == "take" and action.args != ("deck",):
                card = game.content.buildings[str(action.args[0])]
                assert option_label(game, action).startswith(f"{card.name} (")
                assert f"{card.cost} gold)" in option_label(game, action)
        game.apply(bots[game.current_player].choose(game))
    assert {"build", "visit", "income", "use", "trade", "take", "faction"} <= kinds


def test_a_card_offered_shows_its_type_cost_and_text() -> None:
    game = br.scenario(
        {
            "players": 2,
            "available": [3, 5],
            "seats": [{"hand": ["ropewalk"], "resources": {"gold": 9}}, {}],
        }
    )
    card = game.content.buildings["ropewalk"]
    text = script_text(game.content, card.when_built)
    assert option_label(game, Action("build", ("ropewalk", 3)), group=True) == (
        f"Build The Ropewalk (trading hall, {card.cost} gold): When built: {text}"
    )


def test_an_income_ability_shows_the_cards_name_and_text() -> None:
    game = br.scenario(
        {
            "players": 2,
            "seats": [{"portfolio": ["glimmering_curio_shop"], "resources": {"supply": 2}}, {}],
        }
    )
    game.apply("income")
    income = script_text(game.content, game.content.buildings["glimmering_curio_shop"].income)
    label = option_label(game, Action("use", ("glimmering_curio_shop",)))
    assert label == f"The Glimmering Curio Shop (income: {income[0].lower()}{income[1:-1]})"
    assert option_label(game, Action("done", ())) == "Done: end the income action"


def test_a_lot_shows_its_district_and_what_stands_next_to_it() -> None:
    game = br.new_game(players=2, seed=1)
    build = next(a for a in game.legal_actions() if a.kind == "build")
    game.apply(build)
    look = Lookup.of(game.content)
    built = look.lot_node[int(build.args[1])]
    tile = game.content.names()[look.tiles[game.state.piece[built]]]
    assert node_text(game, built) == f"lot {build.args[1]} ({tile}, red)"
    assert lot_text(game, 1).startswith("Lot 1 in Manorborn, next to lot 2")


def test_the_two_fortification_sites_of_a_district_are_told_apart() -> None:
    game = br.new_game(players=2, seed=1)
    first, second = site_text(game, "temples_fort_1"), site_text(game, "temples_fort_2")
    assert first.startswith("Fortification site 1 of Temples, next to lot")
    assert second.startswith("Fortification site 2 of Temples, next to lot")
    assert first != second
    assert site_text(game, "temples_gate").startswith("The gate site of Temples, next to lot")
