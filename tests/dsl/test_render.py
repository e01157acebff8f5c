"""Renderers: canonical source, English rules text, and the parse/render round trip."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from baldurs_rules import load_content
from baldurs_rules.content.model import Script
from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.parser import MAX_SOURCE, keywords, parse_effect, parse_expression
from baldurs_rules.dsl.render import describe_expr, describe_score, to_source, to_text
from baldurs_rules.errors import DslSyntaxError

NAMES = load_content().names()

# ------------------------------------------------------------------ canonical source


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("gain   2 gold ,1 supply", "gain 2 gold, 1 supply"),
        ("pay 2 supply:gain 5 gold", "pay 2 supply: gain 5 gold"),
        ("gain 1 gold;draw 1 building ;nothing", "gain 1 gold; draw 1 building; nothing"),
        ("choose(gain 3 gold|draw 1 building)", "choose (gain 3 gold | draw 1 building)"),
        ("choose (gain 1 gold; nothing | nothing)", "choose (gain 1 gold; nothing | nothing)"),
        ("(gain 1 gold)", "gain 1 gold"),
        ("((gain 1 gold; nothing)); nothing", "(gain 1 gold; nothing); nothing"),
        ("pay 1 supply: (gain 1 gold; nothing)", "pay 1 supply: (gain 1 gold; nothing)"),
        ("pay 1 supply: (gain 1 gold)", "pay 1 supply: gain 1 gold"),
        ("if gold>1:(gain 1 gold; nothing)", "if gold > 1: (gain 1 gold; nothing)"),
        ("if gold>1:gain 1 gold", "if gold > 1: gain 1 gold"),
        ("if gold > 1: (gain 1 gold) else (nothing)", "if gold > 1: (gain 1 gold) else nothing"),
        (
            "if gold > 1: (gain 1 gold) else (nothing; nothing)",
            "if gold > 1: (gain 1 gold) else (nothing; nothing)",
        ),
        ("repeat 2:(gain 1 gold; nothing)", "repeat 2: (gain 1 gold; nothing)"),
        ("each opponent:(lose 1 gold; nothing)", "each opponent: (lose 1 gold; nothing)"),
        ("repeat 02: nothing", "repeat 2: nothing"),
        ("draw 1 building from offer", "draw 1 building from offer"),
        ("place keep   here", "place keep here"),
        ("place keep in  seatower", "place keep in seatower"),
        ("build  market with discount (2)", "build market with discount 2"),
        ("build with discount 1 + 1", "build with discount 1 + 1"),
        ("take   gate ; return   worker", "take gate; return worker"),
        ("gain 1 influence with  any  faction", "gain 1 influence with any faction"),
        ("gain (1 if gold > 1) gold", "gain (1 if gold > 1) gold"),
        ("draw (1 if gold > 1 else 2) buildings", "draw (1 if gold > 1 else 2) buildings"),
        ("if not(gold>1 or supply<1): nothing", "if not (gold > 1 or supply < 1): nothing"),
        (
            "if (gold>1 and supply<1) or favor==1: nothing",
            "if gold > 1 and supply < 1 or favor == 1: nothing",
        ),
        (
            "if gold>1 and (supply<1 or favor==1): nothing",
            "if gold > 1 and (supply < 1 or favor == 1): nothing",
        ),
        ("if (not gold > 1) and favor != 1: nothing", "if not gold > 1 and favor != 1: nothing"),
        ("if (gold if a > 1) >= 2: nothing", "if (gold if a > 1) >= 2: nothing"),
        ("gain 1 gold # a comment", "gain 1 gold"),
    ],
)
def test_effect_source(text: str, canonical: str) -> None:
    assert to_source(parse_effect(text)) == canonical


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("( 2*count( markets ) )+1", "2 * count(markets) + 1"),
        ("a - (b - c)", "a - (b - c)"),
        ("(a - b) - c", "a - b - c"),
        ("a + (b + c)", "a + (b + c)"),
        ("(a + b) * c", "(a + b) * c"),
        ("a + (b * c)", "a + b * c"),
        ("a per (b per c)", "a per (b per c)"),
        ("(a per b) * c", "a per b * c"),
        ("a * (b per c)", "a * (b per c)"),
        ("-(a + b)", "-(a + b)"),
        ("-(a * b)", "-(a * b)"),
        ("(-a) * b", "-a * b"),
        ("- -a", "--a"),
        ("-(-a)", "--a"),
        ("a - -b", "a - -b"),
        ("min( a,b ,c)", "min(a, b, c)"),
        ("max(a + 1, (b))", "max(a + 1, b)"),
        ("max(a if b > 1, c)", "max(a if b > 1, c)"),
        ("count(keeps  in seatower)", "count(keeps in seatower)"),
        ("count( buildings here )", "count(buildings here)"),
        ("influence( flaming_fist )", "influence(flaming_fist)"),
        ("(5 if districts >= 6 else 0)", "5 if districts >= 6 else 0"),
        ("1 + 2 if a > 1", "1 + 2 if a > 1"),
        ("1 + (2 if a > 1)", "1 + (2 if a > 1)"),
        ("(1 if a > 1) if b > 1", "(1 if a > 1) if b > 1"),
        ("1 if a > 1 else (2 if b > 1 else 3)", "1 if a > 1 else 2 if b > 1 else 3"),
        ("-(1 if a > 1)", "-(1 if a > 1)"),
        ("(a + 1) > 2", None),
    ],
)
def test_expression_source(text: str, canonical: str | None) -> None:
    if canonical is None:
        with pytest.raises(DslSyntaxError):  # a condition is not an expression
            parse_expression(text)
        return
    assert to_source(parse_expression(text)) == canonical


def test_condition_source() -> None:
    when = parse_effect("if not ( a > 1 ) and ( b < 2 or c == 3 ): nothing")
    assert isinstance(when, A.When)
    assert to_source(when.cond) == "not a > 1 and (b < 2 or c == 3)"


def test_to_source_of_a_non_node() -> None:
    with pytest.raises(TypeError):
        to_source("gain 1 gold")
    with pytest.raises(TypeError):
        to_source(A.Amount(A.Number(1), A.Name("gold")))


# ------------------------------------------------------------------ English
# The reviewed corpus of every construct is tests/golden/rules_text_constructs.txt
# (tests/present/test_card_text.py); these tests pin the public functions and their options.


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("gain 2 gold, 1 supply", "Gain 2 gold and 1 supply."),
        ("gain 1 gold, 1 supply, 1 favor", "Gain 1 gold, 1 supply and 1 favor."),
        ("lose 1 gold", "Lose 1 gold (as much as you have)."),
        ("pay 2 supply: gain 5 gold", "Pay 2 supply to gain 5 gold."),
        (
            "gain 1 gold; draw 1 building",
            "Gain 1 gold. Then draw 1 building card (from the offer or the deck).",
        ),
        (
            "pay 1 supply: (gain 1 gold; draw 1 building from deck)",
            "Pay 1 supply to gain 1 gold, then draw 1 building card from the deck.",
        ),
        (
            "choose (gain 3 gold | draw 2 buildings from offer)",
            "Choose one: gain 3 gold; or draw 2 building cards from the offer.",
        ),
        ("if gold >= 2: gain 1 prestige", "If you have at least 2 gold, gain 1 prestige."),
        (
            "if gold <= 2: (gain 3 gold) else gain 1 prestige",
            "If you have at most 2 gold, gain 3 gold; otherwise gain 1 prestige.",
        ),
        (
            "repeat 2: gain 1 influence with any faction",
            "Gain 1 influence with a faction of your choice, twice.",
        ),
        ("each opponent: lose 1 gold", "Each opponent loses 1 gold (as much as they have)."),
        ("each player: gain 1 gold", "Each player gains 1 gold."),
        ("draw 1 agenda", "Draw 1 agenda card."),
        ("draw 2 agendas", "Draw 2 agenda cards."),
        ("draw 1 buildings", "Draw 1 building card (from the offer or the deck)."),
        ("draw 2 building", "Draw 2 building cards (each from the offer or the deck)."),
        ("take gate", "Place a gate on a free gate site and take the top gate card."),
        ("place watchtower", "Place a watchtower in a district of your choice."),
        ("place keep in seatower", "Place a keep in seatower."),
        ("place keep here", "Place a keep in this district."),
        ("build", "Build a building from your hand."),
        ("build trading_hall", "Build a trading hall from your hand."),
        ("build inn", "Build an inn from your hand."),
        ("build with discount 2", "Build a building from your hand, paying 2 gold less."),
        ("return worker", "Return your worker."),
        ("nothing", "Do nothing."),
        ("gain 2 influence with thieves_guild", "Gain 2 influence with thieves guild."),
        ("gain count(markets) + 1 gold", "Gain 1 gold per market you own plus 1 gold."),
        ("gain (1 if gold > 2) gold", "Gain 1 gold if you have more than 2 gold."),
    ],
)
def test_english(text: str, english: str) -> None:
    assert to_text(parse_effect(text)) == english


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("place keep in seatower", "Place a Keep in Seatower."),
        ("gain 2 influence with thieves_guild", "Gain 2 influence with Thieves' Guild."),
        ("build trading_hall", "Build a Trading Hall from your hand."),
        ("if count(temples) >= 2: nothing", "If you own at least 2 Temples, do nothing."),
        ("take gate", "Place a Gate on a free gate site and take the top gate card."),
    ],
)
def test_english_with_display_names(text: str, english: str) -> None:
    assert to_text(parse_effect(text), NAMES) == english


@pytest.mark.parametrize(
    ("text", "as_option", "otherwise"),
    [
        ("pay 1 gold: gain 2 favor", "Pay 1 gold", "You may pay 1 gold"),
        ("gain 1 favor; pay 1 gold: gain 2 favor", "Then you may pay", "Then you may pay"),
        ("choose (pay 1 gold: gain 2 favor | nothing)", "one: pay 1 gold", "one: pay 1 gold"),
        ("if gold > 1: pay 1 gold: gain 2 favor", ", you may pay", ", you may pay"),
        ("each player: pay 1 gold: gain 2 favor", "player may pay", "player may pay"),
    ],
)
def test_a_cost_is_required_only_at_the_root_of_an_option(
    text: str, as_option: str, otherwise: str
) -> None:
    # as the interpreter does: only a cost at the root of a chosen option is simply paid
    assert as_option in to_text(parse_effect(text))
    assert otherwise in to_text(parse_effect(text), option=False)


@pytest.mark.parametrize(
    ("cond", "english"),
    [
        ("gold >= 1", "you have at least 1 gold"),
        ("gold <= 1", "you have at most 1 gold"),
        ("gold > 1", "you have more than 1 gold"),
        ("gold < 2", "you have less than 2 gold"),
        ("gold == 1", "you have exactly 1 gold"),
        ("gold != 1", "you do not have exactly 1 gold"),
        ("not gold >= 2", "you have less than 2 gold"),
        ("not gold <= 1", "you have more than 1 gold"),
        ("not gold > 1", "you have at most 1 gold"),
        ("not gold < 1", "you have at least 1 gold"),
        ("not gold == 1", "you do not have exactly 1 gold"),
        ("not gold != 1", "you have exactly 1 gold"),
        ("a > 1 and b > 1 and c > 1", "you have more than 1 a, 1 b and 1 c"),
        ("a > 1 or b > 1 and c > 1", "you have more than 1 a or (you have more than 1 b and 1 c)"),
        (
            "(a > 1 or b > 1) and c > 1",
            "(you have more than 1 a or 1 b) and you have more than 1 c",
        ),
        ("not a > 1 and b > 1", "you have at most 1 a and more than 1 b"),
        ("not (a > 1 and b > 1)", "you have at most 1 a or 1 b"),
        ("not not a > 1", "you have more than 1 a"),
        ("not (not a > 1 or b > 1)", "you have more than 1 a and at most 1 b"),
        ("count(inns) >= 2 and gold > 1", "you own at least 2 inns and you have more than 1 gold"),
        ("max(gold, supply) >= 3", "you have at least 3 gold or 3 supply"),
        ("min(gold, supply) >= 3", "you have at least 3 gold and 3 supply"),
        ("3 <= max(gold, supply)", "you have at least 3 gold or 3 supply"),
        ("max(gold, supply) == 3", "the higher of your gold and your supply is 3"),
        ("gold > supply", "your gold is more than your supply"),
    ],
)
def test_english_conditions(cond: str, english: str) -> None:
    assert to_text(parse_effect(f"if {cond}: nothing")) == f"If {english}, do nothing."


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("7", "7"),
        ("gold", "your gold"),
        ("supply", "your supply"),
        ("favor", "your favor"),
        ("prestige", "your prestige"),
        ("districts", "the number of districts you occupy"),
        ("largest_network", "the size of your largest network"),
        ("portfolio", "the number of building cards in your portfolio"),
        ("hand", "the number of building cards in your hand"),
        ("agendas", "the number of agenda cards in your hand"),
        ("opponents", "the number of your opponents"),
        ("strength", "the current attack strength"),
        ("damage", "the number of damage tokens on this district's special location"),
        ("fortifications", "the number of fortifications you own"),
        ("count(markets)", "the number of markets you own"),
        ("count(market)", "the number of markets you own"),
        ("count(keeps in seatower)", "the number of keeps you own in seatower"),
        ("count(buildings here)", "the number of buildings you own in this district"),
        ("count(hq)", "the number of HQs you own"),
        ("influence(flaming_fist)", "your influence with flaming fist"),
        ("influence(highest)", "your highest faction influence"),
        ("influence(lowest)", "your lowest faction influence"),
        ("2 * count(markets) + 1", "(2 × the number of markets you own) plus 1"),
        ("a - b", "your a minus your b"),
        ("a - (b - c)", "your a minus (your b minus your c)"),
        ("(a + b) * c", "(your a plus your b) × your c"),
        ("a * 2", "2 × your a"),
        ("a - b - c", "your a minus your b minus your c"),
        ("gold per 3", "your gold divided by 3, rounded down"),
        ("-gold", "minus your gold"),
        ("-2 + gold", "-2 plus your gold"),
        ("-(a + b)", "minus (your a plus your b)"),
        ("min(gold, 3)", "the lower of your gold and 3"),
        ("max(gold, supply, favor)", "the highest of your gold, your supply and your favor"),
        ("max(max(gold, supply), favor)", "the highest of your gold, your supply and your favor"),
        (
            "min(max(gold, supply), 3)",
            "the lower of (the higher of your gold and your supply) and 3",
        ),
        ("5 if districts >= 6", "5 if you occupy at least 6 districts, else 0"),
        ("5 if gold > 1 else 2", "5 if you have more than 1 gold, else 2"),
        (
            "1 if a > 1 else 2 if b > 1 else 3",
            "1 if you have more than 1 a, else 2 if you have more than 1 b, else 3",
        ),
        (
            "(1 if a > 1 else 2) if b > 1",
            "(1 if you have more than 1 a, else 2) if you have more than 1 b, else 0",
        ),
        ("1 + (2 if a > 1)", "1 plus (2 if you have more than 1 a, else 0)"),
        ("max(1 if a > 1, 2)", "the higher of (1 if you have more than 1 a, else 0) and 2"),
    ],
)
def test_describe_expr(text: str, english: str) -> None:
    assert describe_expr(parse_expression(text)) == english


def test_describe_expr_with_display_names() -> None:
    tree = parse_expression("influence(council_of_four) per 2 + count(inns in the_wide)")
    assert describe_expr(tree, NAMES) == (
        "(your influence with Council of Four divided by 2, rounded down)"
        " plus the number of Inns you own in The Wide"
    )


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("3 * count(markets)", "Worth 3 prestige per Market you own."),
        (
            "2 * count(inns) + opponents",
            "Worth 2 prestige per Inn you own plus 1 prestige per opponent.",
        ),
        (
            "8 if count(temples) >= 2 and count(markets) >= 2 else 3 if count(temples) >= 2 else 0",
            "Worth 8 prestige if you own at least 2 Temples and 2 Markets, else 3 if you own at"
            " least 2 Temples.",
        ),
        (
            "count(temples) * 2 + 3 if count(temples) >= 2 else count(temples) * 2",
            "If you own at least 2 Temples, worth 2 prestige per Temple you own plus 3 prestige;"
            " otherwise 2 prestige per Temple you own.",
        ),
        (
            "min(hand per 2, 3)",
            "Worth 1 prestige per 2 building cards in your hand (at most 3 prestige).",
        ),
        ("gold * supply", "Worth prestige equal to your gold × your supply."),
    ],
)
def test_describe_score(text: str, english: str) -> None:
    assert describe_score(parse_expression(text), NAMES) == english


def test_describing_the_wrong_kind_of_node_is_an_error() -> None:
    with pytest.raises(TypeError, match="not an expression node"):
        describe_expr(parse_effect("nothing"))
    with pytest.raises(TypeError, match="not an effect node"):
        to_text(A.Number(1))
    with pytest.raises(TypeError, match="not a condition node"):
        to_text(A.When(A.Number(1), A.Nothing()))  # type: ignore[arg-type]


# ------------------------------------------------------------------ default content


def _content_scripts() -> list[Script]:
    return load_content().scripts()


SCRIPTS = _content_scripts()


def test_the_content_walk_finds_every_kind_of_slot() -> None:
    assert len(SCRIPTS) > 150
    assert {s.slot for s in SCRIPTS} == {
        "when-built effect",
        "income ability",
        "location trade",
        "agenda score",
        "faction reward",
        "connection bonus",
        "HQ income",
        "HQ ability",
        "HQ setup",
    }


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.source[:40])
def test_content_round_trip(script: Script) -> None:
    parse = parse_expression if script.slot == "agenda score" else parse_effect
    source = to_source(script.tree)
    assert parse(source) == script.tree
    assert to_source(parse(source)) == source
    assert parse(script.source) == script.tree


def test_content_renders_to_english() -> None:
    for script in SCRIPTS:
        if script.slot == "agenda score":
            text = describe_expr(script.tree, NAMES)
            assert text and not text.endswith(".")
        else:
            text = to_text(script.tree, NAMES)
            assert not text[0].islower() and text.endswith(".")
        assert "_" not in text, text


# ------------------------------------------------------------------ generated trees

_NAME_POOL = sorted(
    {
        "gold",
        "supply",
        "favor",
        "prestige",
        "markets",
        "seatower",
        "opponent",
        "player",
        "a",
        "b",
        "building",
        "agenda",
        "offer",
        "keep",
        "_",
        "x1",
        "highest",
        "thieves_guild",
    }
)
NAME = (
    st.one_of(
        st.sampled_from(_NAME_POOL),
        st.builds(
            str.__add__,
            st.sampled_from("abcdefghijklmnopqrstuvwxyz_"),
            st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_", max_size=6),
        ),
    )
    .filter(lambda w: w not in keywords())
    .map(A.Name)
)
WHERE = st.one_of(st.none(), st.just(A.Here()), NAME.map(A.InDistrict))


@cache
def exprs(depth: int) -> st.SearchStrategy[Any]:
    leaves = st.one_of(
        st.integers(0, 10**6).map(A.Number),
        NAME.map(A.Quantity),
        st.builds(A.Count, NAME, WHERE),
        NAME.map(A.Influence),
    )
    if depth == 0:
        return leaves
    sub = exprs(depth - 1)
    return st.one_of(
        leaves,
        st.builds(A.Op, st.sampled_from(["+", "-", "*", "per"]), sub, sub),
        sub.map(A.Neg),
        st.builds(
            A.Extreme,
            st.sampled_from(["min", "max"]),
            st.tuples(sub, sub) | st.tuples(sub, sub, sub),
        ),
        st.builds(A.CondExpr, sub, conds(depth - 1), st.none() | sub),
    )


@cache
def conds(depth: int) -> st.SearchStrategy[Any]:
    compare = st.builds(
        A.Compare, st.sampled_from([">=", "<=", "==", "!=", ">", "<"]), exprs(depth), exprs(depth)
    )
    if depth == 0:
        return compare
    sub = conds(depth - 1)
    return st.one_of(
        compare, st.builds(A.BoolOp, st.sampled_from(["and", "or"]), sub, sub), sub.map(A.Not)
    )


ITEM = st.one_of(
    st.builds(A.Amount, exprs(1), NAME),
    st.builds(A.InfluenceAmount, exprs(1), st.none() | NAME),
)
ITEMS = st.lists(ITEM, min_size=1, max_size=3).map(tuple)
ATOMS = st.one_of(
    st.builds(A.Gain, ITEMS),
    st.builds(A.Lose, ITEMS),
    st.builds(A.Draw, exprs(1), NAME, st.none() | NAME),
    st.just(A.TakeGate()),
    st.builds(A.Place, NAME, WHERE),
    st.builds(A.Build, st.none() | NAME, st.none() | exprs(1)),
    st.just(A.ReturnWorker()),
    st.just(A.Nothing()),
)


@cache
def effects(depth: int) -> st.SearchStrategy[Any]:
    if depth == 0:
        return ATOMS
    sub = effects(depth - 1)
    # Canonical trees only: a Seq has 2+ steps, a Choose 2+ options, an Extreme 2+ args
    # (the parser collapses one-step groups). A step of a Seq may itself be a Seq: the
    # parser keeps a grouped sequence nested ("(a; b); c"), and to_source writes it so.
    steps = st.lists(sub, min_size=2, max_size=3).map(tuple)
    return st.one_of(
        ATOMS,
        st.builds(A.Seq, steps),
        st.builds(A.Paid, ITEMS, sub),
        st.builds(A.When, conds(1), sub, st.none() | sub),
        st.builds(A.Repeat, st.integers(0, 99), sub),
        st.builds(A.Each, NAME, sub),
        st.builds(A.Choose, steps),
    )


EFFECTS = effects(3)
EXPRESSIONS = exprs(3)


def _nodes(node: Any) -> list[Any]:
    return A.walk(node)


@settings(max_examples=300, deadline=None)
@given(EFFECTS)
def test_generated_effects_round_trip(tree: Any) -> None:
    source = to_source(tree)
    assume(len(source) <= MAX_SOURCE)
    parsed = parse_effect(source)
    assert parsed == tree
    assert to_source(parsed) == source
    text = to_text(tree)
    assert not text[0].islower() and text.endswith(".")


@settings(max_examples=300, deadline=None)
@given(EXPRESSIONS)
def test_generated_expressions_round_trip(tree: Any) -> None:
    source = to_source(tree)
    assume(len(source) <= MAX_SOURCE)
    parsed = parse_expression(source)
    assert parsed == tree
    assert to_source(parsed) == source
    assert describe_expr(tree)


@settings(max_examples=200, deadline=None)
@given(conds(2))
def test_generated_conditions_round_trip(cond: Any) -> None:
    source = to_source(cond)
    parsed = parse_effect(f"if {source}: nothing")
    assert isinstance(parsed, A.When)
    assert parsed.cond == cond
    assert to_source(parsed.cond) == source


@settings(max_examples=100, deadline=None)
@given(EFFECTS)
def test_spans_of_generated_effects(tree: Any) -> None:
    source = to_source(tree)
    assume(len(source) <= MAX_SOURCE)
    for node in _nodes(parse_effect(source)):
        fragment = source[node.span.start : node.span.end]
        assert fragment and fragment == fragment.strip()
        if isinstance(node, A.Name):
            assert fragment == node.text
        elif isinstance(
            node,
            (
                A.Seq,
                A.Paid,
                A.When,
                A.Repeat,
                A.Each,
                A.Choose,
                A.Gain,
                A.Lose,
                A.Draw,
                A.Place,
                A.Build,
                A.Nothing,
            ),
        ):
            assert parse_effect(fragment) == node
        elif isinstance(
            node, (A.Number, A.Quantity, A.Count, A.Influence, A.Op, A.Neg, A.Extreme, A.CondExpr)
        ):
            assert parse_expression(fragment) == node
