"""Phrases of rules text: nouns, amounts, numbers and conditions; the rewrites keep the meaning."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baldurs_rules import load_content
from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.evaluate import compile_cond
from baldurs_rules.dsl.parser import parse_effect, parse_expression
from baldurs_rules.dsl.phrases import Phrases, is_zero, split_extremes, without_not
from baldurs_rules.dsl.render import to_source
from baldurs_rules.dsl.words import THEY, Unit

NAMES = load_content().names()
PRESTIGE = Unit("prestige")
GOLD = Unit("gold")


def _cond(text: str) -> Any:
    tree = parse_effect(f"if {text}: nothing")
    assert isinstance(tree, A.When)
    return tree.cond


@pytest.mark.parametrize(
    ("text", "rewritten"),
    [
        ("not gold > 1", "gold <= 1"),
        ("not (gold > 1 and supply < 2)", "gold <= 1 or supply >= 2"),
        ("not (gold > 1 or not supply == 2)", "gold <= 1 and supply == 2"),
        ("not not gold != 1", "gold != 1"),
    ],
)
def test_without_not(text: str, rewritten: str) -> None:
    assert to_source(without_not(_cond(text))) == rewritten


@pytest.mark.parametrize(
    ("text", "rewritten"),
    [
        ("max(gold, supply) >= 3", "gold >= 3 or supply >= 3"),
        ("max(gold, supply) < 3", "gold < 3 and supply < 3"),
        ("min(gold, supply) > 3", "gold > 3 and supply > 3"),
        ("min(gold, supply) <= 3", "gold <= 3 or supply <= 3"),
        ("3 > min(gold, supply)", "gold < 3 or supply < 3"),
        ("min(max(gold, supply), favor) >= 2", "(gold >= 2 or supply >= 2) and favor >= 2"),
        ("max(gold, supply) == 3", "max(gold, supply) == 3"),
        ("max(gold, supply) >= favor", "max(gold, supply) >= favor"),
    ],
)
def test_split_extremes(text: str, rewritten: str) -> None:
    assert to_source(split_extremes(_cond(text))) == rewritten


class _Env:
    """Values for the few words the generated conditions use."""

    def __init__(self, values: dict[str, int]) -> None:
        self.values = values

    def quantity(self, name: str) -> int:
        return self.values[name]

    def count(self, kind: str, where: str | None) -> int:
        return self.values[kind]

    def influence(self, faction: str) -> int:
        return self.values[faction]


_WORDS = ["gold", "supply", "market", "flaming_fist"]
_LEAF = st.one_of(
    st.sampled_from(["gold", "supply"]).map(lambda w: A.Quantity(A.Name(w))),
    st.just(A.Count(A.Name("market"))),
    st.just(A.Influence(A.Name("flaming_fist"))),
)
_EXPR = st.recursive(
    _LEAF,
    lambda inner: st.builds(
        A.Extreme,
        st.sampled_from(["min", "max"]),
        st.lists(inner, min_size=2, max_size=3).map(tuple),
    ),
    max_leaves=5,
)
_OPS = st.sampled_from([">=", "<=", ">", "<", "==", "!="])
_NUMBER = st.integers(0, 6).map(A.Number)
_COMPARE = st.one_of(
    st.builds(A.Compare, _OPS, _EXPR, _NUMBER), st.builds(A.Compare, _OPS, _NUMBER, _EXPR)
)
CONDITIONS = st.recursive(
    _COMPARE,
    lambda inner: st.one_of(
        st.builds(A.BoolOp, st.sampled_from(["and", "or"]), inner, inner), inner.map(A.Not)
    ),
    max_leaves=6,
)
ENVS = st.fixed_dictionaries({w: st.integers(0, 7) for w in _WORDS}).map(_Env)


@settings(max_examples=400, deadline=None)
@given(CONDITIONS, ENVS)
def test_the_rewrites_keep_the_meaning(cond: Any, env: _Env) -> None:
    truth = compile_cond(cond)(env)
    assert compile_cond(without_not(cond))(env) == truth
    assert compile_cond(split_extremes(without_not(cond)))(env) == truth
    assert not any(isinstance(n, A.Not) for n in A.walk(without_not(cond)))


@settings(max_examples=200, deadline=None)
@given(CONDITIONS)
def test_every_condition_renders_in_both_persons(cond: Any) -> None:
    you, they = Phrases(NAMES).cond(cond), Phrases(NAMES, THEY).cond(cond)
    assert you and they and "  " not in you
    assert " you " not in f" {they} " and " your " not in f" {they} "


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("2", "2 gold"),
        ("count(markets)", "1 gold per Market you own"),
        ("3 * count(markets)", "3 gold per Market you own"),
        ("count(markets) * 3", "3 gold per Market you own"),
        ("2 * (3 * count(markets))", "6 gold per Market you own"),
        ("largest_network per 2", "1 gold per 2 pieces in your largest network"),
        ("3 * (hand per 2)", "3 gold per 2 building cards in your hand"),
        ("hand per 1 per 2", "1 gold per 2 building cards in your hand"),
        (
            "(3 * hand) per 2",
            "gold equal to (3 × the number of building cards in your hand) divided by 2,"
            " rounded down",
        ),
        (
            "(hand per 2) per 3",
            "gold equal to (the number of building cards in your hand divided by 2, rounded down)"
            " divided by 3, rounded down",
        ),
        ("min(hand, 4)", "1 gold per building card in your hand (counting at most 4)"),
        ("min(hand per 2, 4)", "1 gold per 2 building cards in your hand (at most 4 gold)"),
        ("max(hand per 2, 1)", "1 gold per 2 building cards in your hand (at least 1 gold)"),
        ("max(portfolio - 4, 0)", "1 gold per building card in your portfolio beyond the first 4"),
        (
            "max(portfolio - 4, 1)",
            "(1 gold per building card in your portfolio minus 4 gold) (at least 1 gold)",
        ),
        ("count(inns) + count(markets)", "1 gold per Inn you own plus 1 gold per Market you own"),
        ("2 * (count(inns) + count(markets))", "2 gold per Inn or Market you own"),
        (
            "2 * (count(buildings) + count(markets))",
            "gold equal to 2 × (the number of buildings you own plus the number of Markets you"
            " own)",
        ),
        (
            "count(structures in seatower) + count(structures in heapside)",
            "1 gold per structure you own in Seatower plus 1 gold per structure you own in"
            " Heapside",
        ),
        ("min(count(inns), count(markets))", "1 gold per set of an Inn and a Market you own"),
        (
            "min(count(inns), count(inns in seatower))",
            "gold equal to the lower of the number of Inns you own and the number of Inns you own"
            " in Seatower",
        ),
        (
            "gold - (supply + 1)",
            "1 gold per gold you have minus (1 gold per supply you have plus 1 gold)",
        ),
        ("1 + (2 if gold > 1)", "1 gold plus (2 gold if you have more than 1 gold)"),
        ("2 if gold > 1 else 1", "2 gold if you have more than 1 gold, else 1 gold"),
        (
            "(gold + 1) if supply > 1",
            "(1 gold per gold you have plus 1 gold) if you have more than 1 supply",
        ),
        (
            "min(gold, supply) + 1",
            "gold equal to (the lower of your gold and your supply) plus 1 gold",
        ),
        (
            "1 + min(gold, supply, favor)",
            "1 gold plus gold equal to the lowest of your gold, your supply and your favor",
        ),
        ("-gold", "gold equal to minus your gold"),
        ("influence(highest)", "gold equal to your highest faction influence"),
        ("strength", "gold equal to the current attack strength"),
    ],
)
def test_amounts(text: str, amount: str) -> None:
    assert Phrases(NAMES).amount(parse_expression(text), GOLD) == amount


def test_amounts_in_the_third_person() -> None:
    tree = parse_expression("count(markets here) + largest_network per 2")
    assert Phrases(NAMES, THEY).amount(tree, PRESTIGE) == (
        "1 prestige per Market they own in this district"
        " plus 1 prestige per 2 pieces in their largest network"
    )


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        (
            "count(watchtowers) + count(keeps) >= 2",
            "you own at least 2 Watchtowers and Keeps in total",
        ),
        ("count(watchtowers) + count(keeps) < 1", "you own no Watchtowers or Keeps"),
        (
            "count(watchtowers) + count(keeps) >= 1",
            "you own at least 1 Watchtower or Keep in total",
        ),
        (
            "count(keeps in seatower) + count(keeps in heapside) > 2",
            "you own more than 2 Keeps in Seatower and Heapside in total",
        ),
        (
            "count(buildings) + count(markets) >= 2",
            "the number of buildings you own plus the number of Markets you own is at least 2",
        ),
        (
            "count(keeps) + count(keeps) >= 2",
            "the number of Keeps you own plus the number of Keeps you own is at least 2",
        ),
        (
            "count(fortifications) + count(gates) >= 2",
            "the number of fortifications you own plus the number of Gates you own is at least 2",
        ),
        (
            "count(structures) + count(hq) >= 2",
            "the number of structures you own plus the number of HQs you own is at least 2",
        ),
        ("count(hq) + count(gates) >= 2", "you own at least 2 HQs and Gates in total"),
        ("damage > 0", "there is at least 1 damage token on this district's special location"),
        (
            "damage != 2",
            "there are not exactly 2 damage tokens on this district's special location",
        ),
        ("districts != 2", "you do not occupy exactly 2 districts"),
        ("gold < 0", "you have less than 0 gold"),
        ("count(inns) < 0", "you own fewer than 0 Inns"),
        ("gold + 1 > supply", "your gold plus 1 is more than your supply"),
        ("gold == supply", "your gold is your supply"),
        ("gold != supply", "your gold is not your supply"),
        (
            "gold != 2 and gold != 3",
            "you do not have exactly 2 gold and you do not have exactly 3 gold",
        ),
        ("gold > 1 and gold < 5", "you have more than 1 gold and less than 5 gold"),
    ],
)
def test_conditions(text: str, claim: str) -> None:
    assert Phrases(NAMES).cond(_cond(text)) == claim


def test_is_zero() -> None:
    assert is_zero(None) and is_zero(A.Number(0))
    assert not is_zero(A.Number(1)) and not is_zero(A.Quantity(A.Name("gold")))


def test_unknown_words_read_as_names() -> None:
    phrases = Phrases()
    assert phrases.name("thieves_guild") == "thieves guild"
    assert phrases.name("_") == "_"
    assert phrases.kind("fortresses") == "fortresse"  # the checker's singular rule, kept
    assert phrases.kind("hq") == "HQ"
    with pytest.raises(TypeError, match="not a condition node"):
        phrases.cond(A.Number(1))
    with pytest.raises(TypeError, match="not an expression node"):
        phrases.np(A.Nothing())
