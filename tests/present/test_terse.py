"""The short forms of rules text keep every number, name and choice of the long form."""

from __future__ import annotations

import re

import pytest

import baldurs_rules as br
from baldurs_rules.present.card_text import script_text
from baldurs_rules.present.labels import card_offer_text
from baldurs_rules.present.terse import location_trades, terse, terse_card_text


def every_effect_text() -> list[str]:
    content = br.load_content()
    scripts = [b.when_built for b in content.buildings.values()]
    scripts += [b.income for b in content.buildings.values()]
    scripts += [g.income for g in content.gates.values()]
    scripts += [t.effect for loc in content.locations for t in loc.trades]
    scripts += [r for f in content.factions for r in f.rewards]
    for hq in content.hqs.values():
        for side in (hq.basic, hq.advanced):
            scripts += [side.income, side.ability, side.bonus, side.setup]
    return [script_text(content, s) for s in scripts if s is not None]


def test_the_short_form_keeps_every_number_name_and_choice() -> None:
    texts = every_effect_text()
    assert len(texts) > 100
    shorter = named = 0
    for text in texts:
        short = terse(text)
        assert re.findall(r"\d+", short) == re.findall(r"\d+", text), (text, short)
        names = re.findall(r"(?<!\. )(?<!^)\b[A-Z][a-z']+(?: of)?(?: [A-Z][a-z']+)*", text)
        assert all(name in short for name in names), (text, short)
        named += len(names)
        assert short.count(" or ") >= text.count("; or "), (text, short)
        assert ("pay" in short.lower()) == ("pay" in text.lower()), (text, short)
        shorter += len(short) < len(text)
    assert shorter > len(texts) * 3 // 4 and named > 30


@pytest.mark.parametrize(
    ("text", "short"),
    [
        ("Gain 3 influence with Council of Four.", "+3 Council of Four influence"),
        (
            "Gain 2 influence with Flaming Fist and 1 supply.",
            "+2 Flaming Fist influence, +1 supply",
        ),
        ("Pay 1 supply to gain 3 gold.", "Pay 1 supply to gain 3 gold"),
        (
            "Gain 1 influence with Council of Four, 1 favor and 1 prestige.",
            "+1 Council of Four influence, 1 favor and 1 prestige",
        ),
        (
            "Choose one: place a Keep in this district; or gain 2 prestige.",
            "place a Keep here or +2 prestige",
        ),
        (
            "Draw 1 agenda card. Then choose one: gain 1 gold; or gain 1 favor.",
            "draw 1 agenda card, then either +1 gold or +1 favor",
        ),
    ],
)
def test_short_forms(text: str, short: str) -> None:
    assert terse(text) == short


def test_a_card_and_a_location_in_short_form() -> None:
    game = br.new_game(2, seed=1)
    text = card_offer_text(game, "sanctum_of_oghma")
    assert terse_card_text(text).startswith("The Sanctum of Oghma (temple, 5 gold): When built: ")
    assert "+1 Council of Four influence, 1 favor and 1 prestige" in terse_card_text(text)
    assert location_trades(game, 0) == (
        "1 favor: +3 Council of Four influence · "
        "2 favor: draw 1 agenda card, then +1 Council of Four influence"
    )
