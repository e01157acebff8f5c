"""The grammar helpers of rules text: plurals, articles, lists, persons, nouns and units."""

from __future__ import annotations

import pytest

from baldurs_rules.dsl.words import THEY, YOU, Noun, Unit, article, listing, plural


@pytest.mark.parametrize(
    ("word", "many"),
    [
        ("Inn", "Inns"),
        ("Trading Hall", "Trading Halls"),
        ("HQ", "HQs"),
        ("Library", "Libraries"),
        ("Day", "Days"),
        ("Cross", "Crosses"),
        ("Box", "Boxes"),
        ("Church", "Churches"),
        ("building", "buildings"),
    ],
)
def test_plural(word: str, many: str) -> None:
    assert plural(word) == many


@pytest.mark.parametrize(
    ("word", "with_article"),
    [
        ("Inn", "an Inn"),
        ("Keep", "a Keep"),
        ("Outpost", "an Outpost"),
        ("HQ", "an HQ"),
        ("TV Tower", "a TV Tower"),
        ("building", "a building"),
        ("I", "an I"),
    ],
)
def test_article(word: str, with_article: str) -> None:
    assert article(word) == with_article


def test_listing() -> None:
    assert listing(["a"], "and") == "a"
    assert listing(["a", "b"], "or") == "a or b"
    assert listing(["a", "b", "c"], "and") == "a, b and c"


def test_persons() -> None:
    template = "as much as {you} have, in {your} hand"
    assert YOU.fill(template) == "as much as you have, in your hand"
    assert THEY.fill(template) == "as much as they have, in their hand"


def test_noun_counts_and_subjects() -> None:
    token = Noun("damage token", "damage tokens", "", "there are", "", "there are not", "there is")
    assert (token.of(1), token.of(0), token.of(2)) == (
        "damage token",
        "damage tokens",
        "damage tokens",
    )
    assert (token.subject_for(1), token.subject_for(3)) == ("there is", "there are")
    assert not token.mass
    gold = Noun("gold", "gold", " you have", "you have", "", "you do not have")
    assert gold.mass and gold.subject_for(1) == "you have"


def test_units() -> None:
    assert Unit("gold").of(1) == Unit("gold").of(5) == "gold"
    assert Unit("building card", "building cards").of(2) == "building cards"
    assert Unit("influence", tail=" with Flaming Fist").of(2) == "influence with Flaming Fist"
