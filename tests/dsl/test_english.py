"""English sentences of effects: moods, persons, costs, parentheses, and properties of all texts.

The properties run over the valid effects and scores of ``baldurs_rules.testing.strategies``
(every slot of the default content): each renders without error as well-formed text, and
the canonical source of each parses back to the same tree.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baldurs_rules import load_content
from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.checker import Slot
from baldurs_rules.dsl.english import English
from baldurs_rules.dsl.parser import parse_effect, parse_expression
from baldurs_rules.dsl.render import describe_expr, describe_score, to_source, to_text
from baldurs_rules.testing import strategies

CONTENT = load_content()
NAMES = CONTENT.names()

# ------------------------------------------------------------------ well-formed text

_BAD = re.compile(
    r"  "  # a doubled space
    r"|\s[,.;:)]"  # a space before punctuation
    r"|\(\s"  # a space after an opening parenthesis
    r"|[,.;:]\s*[,.;:]"  # doubled punctuation
    r"|[,;:](?=\S)"  # punctuation glued to the next word
    r"|_"  # an id left unnamed
    r"|^\s|\s$"
)


def problems(text: str, sentence: bool = True) -> list[str]:
    """What is wrong with a rendered text (empty when it is well formed)."""
    found = [f"{m.group()!r} at {m.start()}" for m in _BAD.finditer(text)]
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            found.append("a ')' closes nothing")
            break
    if depth > 0:
        found.append("a '(' is never closed")
    if sentence and not (text[:1].isupper() and text.endswith(".")):
        found.append("not a sentence: it must start with a capital and end with a full stop")
    return found


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("Gain 1 gold.", None),
        ("Gain  1 gold.", "'  '"),
        ("Gain 1 gold .", "' .'"),
        ("Gain 1 gold,.", "',.'"),
        ("Choose one:gain 1 gold.", "':'"),
        ("Gain (1 gold.", "never closed"),
        ("Gain 1 gold).", "closes nothing"),
        ("gain 1 gold.", "not a sentence"),
        ("Gain 1 gold", "not a sentence"),
        ("Gain 1 thieves_guild.", "'_'"),
    ],
)
def test_the_checker_of_texts(text: str, problem: str | None) -> None:
    found = problems(text)
    if problem is None:
        assert not found
    else:
        assert any(problem in p for p in found), found


SLOTS = [slot for slot in Slot if slot is not Slot.AGENDA]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(SLOTS).flatmap(lambda slot: strategies.effects(CONTENT, slot)), st.booleans()
)
def test_every_valid_effect_renders_as_well_formed_sentences(source: str, option: bool) -> None:
    tree = parse_effect(source)
    text = to_text(tree, NAMES, option=option)
    assert not problems(text), (source, text, problems(text))
    assert parse_effect(to_source(tree)) == tree


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strategies.expressions(CONTENT))
def test_every_valid_score_renders_as_a_well_formed_sentence(source: str) -> None:
    tree = parse_expression(source)
    sentence, phrase = describe_score(tree, NAMES), describe_expr(tree, NAMES)
    assert not problems(sentence), (source, sentence)
    assert not problems(phrase, sentence=False), (source, phrase)
    assert sentence.startswith(("Worth ", "If "))
    assert parse_expression(to_source(tree)) == tree


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strategies.effects(CONTENT, Slot.WHEN_BUILT))
def test_inside_each_every_word_means_that_player(source: str) -> None:
    text = to_text(A.Each(A.Name("opponent"), parse_effect(source)), NAMES)
    first = text.split(". ")[0]  # later sentences are the acting player's again
    assert not re.search(r"\byour?\b", first), text


# ------------------------------------------------------------------ persons and moods


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("each opponent: lose 1 gold", "Each opponent loses 1 gold (as much as they have)."),
        (
            "each player: draw 1 building",
            "Each player draws 1 building card (from the offer or the deck).",
        ),
        ("each opponent: nothing", "Each opponent does nothing."),
        ("each opponent: return worker", "Each opponent returns their worker."),
        (
            "each opponent: choose (gain 1 gold | nothing)",
            "Each opponent chooses one: gain 1 gold; or do nothing.",
        ),
        (
            "each opponent: pay 1 gold: gain 2 favor",
            "Each opponent may pay 1 gold to gain 2 favor.",
        ),
        (
            "each opponent: if gold > 2: lose 1 gold",
            "Each opponent, if they have more than 2 gold, loses 1 gold (as much as they have).",
        ),
        (
            "each opponent: repeat 2: (gain 1 gold; nothing)",
            "Each opponent, twice, gains 1 gold, then does nothing.",
        ),
        (
            "each player: each opponent: lose 1 gold",
            "Each player makes each of their opponents lose 1 gold (as much as they have).",
        ),
        (
            "pay 1 favor: each opponent: lose 1 gold",
            "Pay 1 favor to make each opponent lose 1 gold (as much as they have).",
        ),
        (
            "each opponent: gain count(markets) gold",
            "Each opponent gains 1 gold per Market they own.",
        ),
        (
            "each opponent: gain 1 influence with any faction",
            "Each opponent gains 1 influence with a faction of their choice.",
        ),
    ],
)
def test_each_speaks_of_that_player(text: str, english: str) -> None:
    assert to_text(parse_effect(text), NAMES) == english


def test_the_verbs_agree() -> None:
    text = to_text(
        parse_effect(
            "each opponent: (gain 1 gold; lose 1 supply; draw 1 agenda; "
            "place keep; build; take gate; nothing)"
        ),
        NAMES,
    )
    for verb in ("gains", "loses", "draws", "places", "builds", "takes", "does"):
        assert f" {verb} " in text, verb


# ------------------------------------------------------------------ one reading only


@pytest.mark.parametrize(
    ("text", "english"),
    [
        # a step that runs on gets parentheses when more follows it in the same sentence
        (
            "pay 1 supply: (if gold > 2: gain 1 prestige; draw 1 agenda)",
            "Pay 1 supply, then (if you have more than 2 gold, gain 1 prestige), then draw 1"
            " agenda card.",
        ),
        (
            "pay 1 supply: (if gold > 2: (gain 1 prestige; draw 1 agenda))",
            "Pay 1 supply, then, if you have more than 2 gold, gain 1 prestige, then draw 1"
            " agenda card.",
        ),
        # a choice followed by a step closes its options in parentheses
        (
            "pay 1 supply: (choose (gain 1 gold | nothing); draw 1 agenda)",
            "Pay 1 supply to choose one (gain 1 gold; or do nothing), then draw 1 agenda card.",
        ),
        # an option with its own ';' is put in parentheses
        (
            "choose (gain 1 gold | choose (gain 1 supply | gain 1 favor))",
            "Choose one: gain 1 gold; or (choose one: gain 1 supply; or gain 1 favor).",
        ),
        # else-if chains read on; a nested if without else joins its condition
        (
            "if gold > 2: (gain 1 prestige) else if supply > 2: (gain 1 favor) else nothing",
            "If you have more than 2 gold, gain 1 prestige; otherwise, if you have more than 2"
            " supply, gain 1 favor; otherwise do nothing.",
        ),
        (
            "if gold > 2: if supply > 1: nothing",
            "If you have more than 2 gold and 1 supply, do nothing.",
        ),
        # nested repeats multiply; top-level steps are sentences
        ("repeat 2: repeat 3: gain 1 gold", "Gain 1 gold, six times."),
        ("(gain 1 gold; nothing); nothing", "Gain 1 gold. Then do nothing. Then do nothing."),
        # which item does "per" belong to?
        ("gain 1 gold, count(inns) supply", "Gain 1 gold and (1 supply per Inn you own)."),
    ],
)
def test_one_reading_only(text: str, english: str) -> None:
    assert to_text(parse_effect(text), NAMES) == english


def test_the_english_renderer_rejects_a_non_effect() -> None:
    with pytest.raises(TypeError, match="not an effect node"):
        English(NAMES).sentences(A.Quantity(A.Name("gold")))


def _steps(tree: Any) -> int:
    return sum(isinstance(n, A.Seq) for n in A.walk(tree))


def test_one_sentence_per_top_level_step() -> None:
    tree = parse_effect("gain 1 gold; (draw 1 agenda; nothing); return worker")
    assert to_text(tree, NAMES).count(". ") == 3 and _steps(tree) == 2
