"""The checker: every check, its exact message and column, and all problems at once."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baldurs_rules import load_content
from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.checker import (
    MAX_NUMBER,
    MAX_REPEAT,
    MAX_WORK,
    Slot,
    Vocabulary,
    check_effect,
    check_expression,
    singular,
    work,
)
from baldurs_rules.dsl.origin import Origin
from baldurs_rules.dsl.parser import keywords, parse_effect, parse_expression
from baldurs_rules.errors import Problem

VOCAB = Vocabulary.from_content(load_content())


def problems(text: str, slot: Slot = Slot.INCOME) -> list[tuple[int, str]]:
    """(column, message) of every problem of an effect (all on line 1)."""
    found = check_effect(parse_effect(text), VOCAB, slot, Origin.of_string(text))
    assert all(p.location is not None and p.location.line == 1 for p in found)
    return [(p.location.column, p.message) for p in found]  # type: ignore[union-attr]


def expr_problems(text: str, slot: Slot = Slot.AGENDA) -> list[tuple[int, str]]:
    found = check_expression(parse_expression(text), VOCAB, slot, Origin.of_string(text))
    return [(p.location.column, p.message) for p in found]  # type: ignore[union-attr]


def test_the_default_vocabulary() -> None:
    assert VOCAB.factions == {"council_of_four", "flaming_fist", "thieves_guild"}
    assert "seatower" in VOCAB.districts and len(VOCAB.districts) == 9
    assert VOCAB.payable == {"gold", "supply", "favor"}
    assert VOCAB.resources == VOCAB.payable | {"prestige"}


@pytest.mark.parametrize(
    "text",
    [
        "gain 2 gold, 1 supply, 1 favor, 1 prestige",
        "gain 1 influence with any faction, 2 influence with flaming_fist",
        "pay 1 supply, 1 favor, 1 gold: lose 1 prestige",
        "each opponent: lose 1 gold; each player: gain 1 gold",
        "draw 1 building from offer; draw 2 buildings from deck; draw 1 agenda; draw 2 agendas",
        "place watchtower in seatower; place keep; build market with discount 2; build",
        "take gate; return worker; nothing",
        "repeat 10: choose (gain 1 gold | if count(markets) >= 2: (nothing) else nothing)",
        "gain max(1, count(keeps in the_wide) + influence(highest) per 2) gold",
    ],
)
def test_correct_effects_have_no_problems(text: str) -> None:
    assert problems(text) == []


# ------------------------------------------------------------------ names


def test_unknown_resource_with_a_suggestion() -> None:
    assert problems("gain 2 gald") == [(8, "unknown resource 'gald'; did you mean 'gold'?")]


def test_unknown_resource_lists_the_few_choices() -> None:
    assert problems("gain 2 xyz") == [
        (8, "unknown resource 'xyz'; expected one of 'favor', 'gold', 'prestige', 'supply'")
    ]


def test_unknown_resource_in_lose() -> None:
    assert problems("lose 1 gld") == [(8, "unknown resource 'gld'; did you mean 'gold'?")]


def test_unknown_resource_in_a_cost() -> None:
    assert problems("pay 1 gld: nothing") == [(7, "unknown resource 'gld'; did you mean 'gold'?")]


def test_cost_in_prestige_can_never_be_paid() -> None:
    assert problems("pay 1 prestige: gain 3 gold") == [
        (7, "a cost in 'prestige' can never be paid; pay favor, gold, supply")
    ]


def test_influence_cannot_be_paid() -> None:
    assert problems("pay 1 influence with any faction: gain 3 gold") == [
        (5, "influence can only be gained; it cannot be paid")
    ]


def test_influence_cannot_be_lost() -> None:
    assert problems("gain 1 gold; lose 1 influence with flaming_fist") == [
        (19, "influence can only be gained; it cannot be lost")
    ]


def test_unknown_faction_with_a_suggestion() -> None:
    assert problems("gain 1 influence with flaming_fits") == [
        (23, "unknown faction 'flaming_fits'; did you mean 'flaming_fist'?")
    ]


def test_unknown_faction_lists_the_factions() -> None:
    assert problems("gain 1 influence with nobody") == [
        (
            23,
            "unknown faction 'nobody'; expected one of 'council_of_four', 'flaming_fist',"
            " 'thieves_guild'",
        )
    ]


def test_unknown_faction_in_an_expression() -> None:
    assert expr_problems("influence(flaming_fits)") == [
        (11, "unknown faction 'flaming_fits'; did you mean 'flaming_fist'?")
    ]


def test_highest_and_lowest_influence_are_known() -> None:
    assert expr_problems("influence(highest) + influence(lowest)") == []


def test_unknown_district_with_a_suggestion() -> None:
    assert problems("place keep in seatowr") == [
        (15, "unknown district 'seatowr'; did you mean 'seatower'?")
    ]


def test_unknown_district_without_a_suggestion() -> None:
    # nine districts are too many to list
    assert problems("place keep in nowhere_at_all") == [(15, "unknown district 'nowhere_at_all'")]


def test_unknown_district_in_count() -> None:
    assert expr_problems("count(keeps in eastwey)") == [
        (16, "unknown district 'eastwey'; did you mean 'eastway'?")
    ]


def test_unknown_building_type() -> None:
    assert problems("build markt") == [(7, "unknown building type 'markt'; did you mean 'market'?")]


def test_unknown_fortification_to_place() -> None:
    assert problems("place gate") == [
        (7, "unknown fortification to place 'gate'; expected one of 'keep', 'watchtower'")
    ]
    assert problems("place tower") == [
        (7, "unknown fortification to place 'tower'; did you mean 'watchtower'?")
    ]


def test_unknown_target_of_each() -> None:
    assert problems("each opponents: nothing") == [
        (6, "unknown target of 'each' 'opponents'; did you mean 'opponent'?")
    ]
    assert problems("each nobody: nothing") == [
        (6, "unknown target of 'each' 'nobody'; expected one of 'opponent', 'player'")
    ]


def test_unknown_draw_kind() -> None:
    assert problems("draw 1 cards") == [
        (8, "unknown card kind to draw 'cards'; expected one of 'agenda', 'building'")
    ]


def test_unknown_draw_source() -> None:
    assert problems("draw 1 building from discard") == [
        (22, "unknown place to draw from 'discard'; expected one of 'deck', 'offer'")
    ]
    assert problems("draw 1 buildings from ofer") == [
        (23, "unknown place to draw from 'ofer'; did you mean 'offer'?")
    ]


def test_agendas_have_no_draw_source() -> None:
    assert problems("draw 1 agendas from offer") == [
        (21, "'agendas' are drawn from their deck only")
    ]


def test_unknown_thing_to_count() -> None:
    assert expr_problems("count(markts)") == [
        (7, "unknown thing to count 'markts'; did you mean 'market'?")
    ]


@pytest.mark.parametrize(
    "kind", ["markets", "market", "temples", "hqs", "keeps", "gates", "structures", "buildings"]
)
def test_countable_kinds_singular_and_plural(kind: str) -> None:
    assert expr_problems(f"count({kind})") == []


def test_gate_is_a_keyword_but_countable() -> None:
    assert "gate" in keywords()
    assert parse_expression("count(gate)") == A.Count(A.Name("gate"))
    assert expr_problems("count(gate) + count(gates in eastway)") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("markets", "unknown quantity 'markets'; write count(markets)"),
        ("council_of_four", "unknown quantity 'council_of_four'; write influence(council_of_four)"),
        ("gld", "unknown quantity 'gld'; did you mean 'gold'?"),
    ],
)
def test_unknown_quantity(text: str, message: str) -> None:
    assert expr_problems(f"1 + {text}") == [(5, message)]


@pytest.mark.parametrize("word", sorted(VOCAB.quantities - VOCAB.here_quantities))
def test_every_quantity_is_known(word: str) -> None:
    assert expr_problems(word) == []


# ------------------------------------------------------------------ here and damage


@pytest.mark.parametrize("slot", [Slot.INCOME, Slot.AGENDA, Slot.REWARD])
def test_here_in_a_slot_without_it(slot: Slot) -> None:
    assert problems("place keep here", slot) == [
        (12, f"'here' has no meaning in {slot.phrase}; name a district")
    ]


def test_here_message_names_the_slot() -> None:
    assert problems("if count(buildings here) > 1: nothing", Slot.INCOME) == [
        (20, "'here' has no meaning in an income ability; name a district")
    ]
    assert expr_problems("count(keeps here)") == [
        (13, "'here' has no meaning in an agenda score; name a district")
    ]


@pytest.mark.parametrize(
    "slot",
    [Slot.WHEN_BUILT, Slot.TRADE, Slot.HQ_INCOME, Slot.HQ_ABILITY, Slot.HQ_SETUP, Slot.BONUS],
)
def test_here_and_damage_in_slots_with_a_district(slot: Slot) -> None:
    assert slot.has_here
    assert problems("place keep here; gain damage + count(buildings here) gold", slot) == []


def test_damage_outside_a_district() -> None:
    assert problems("gain damage gold") == [(6, "'damage' has no meaning in an income ability")]
    assert expr_problems("2 * damage") == [(5, "'damage' has no meaning in an agenda score")]


def test_slot_phrases() -> None:
    assert Slot.INCOME.phrase == "an income ability"
    assert Slot.AGENDA.phrase == "an agenda score"
    assert Slot.TRADE.phrase == "a location trade"
    assert {s for s in Slot if not s.has_here} == {Slot.INCOME, Slot.AGENDA, Slot.REWARD}


# ------------------------------------------------------------------ numbers


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("gain 0 gold", 6),
        ("draw 0 buildings", 6),
        ("build with discount 0", 21),
        ("pay 0 supply: nothing", 5),
        ("lose 0 favor", 6),
    ],
)
def test_amount_below_one(text: str, column: int) -> None:
    assert problems(text) == [(column, "amount 0 does nothing; use at least 1")]


def test_zero_inside_an_expression_is_fine() -> None:
    assert problems("gain max(gold, 0) + 1 gold") == []


def test_number_too_large() -> None:
    assert problems(f"gain {MAX_NUMBER} gold") == []
    assert problems("gain 1000 gold") == [(6, f"number 1000 is too large (at most {MAX_NUMBER})")]
    assert expr_problems("2 * 5000") == [(5, "number 5000 is too large (at most 999)")]


@pytest.mark.parametrize("times", [0, MAX_REPEAT + 1, 999])
def test_repeat_out_of_range(times: int) -> None:
    assert problems(f"gain 1 gold; repeat {times}: nothing") == [
        (14, f"repeat count {times} is out of range (1 to {MAX_REPEAT})")
    ]


@pytest.mark.parametrize("times", [1, MAX_REPEAT])
def test_repeat_in_range(times: int) -> None:
    assert problems(f"repeat {times}: nothing") == []


@pytest.mark.parametrize(
    ("text", "column"),
    [("gold per supply", 10), ("gold per 0", 10), ("gold per (1 + 1)", 11), ("gold per -2", 10)],
)
def test_per_needs_a_constant(text: str, column: int) -> None:
    assert expr_problems(text) == [(column, "'per' needs a whole number of at least 1 after it")]


def test_per_with_a_constant() -> None:
    assert expr_problems("(gold + supply) per 3") == []


# ------------------------------------------------------------------ work bound


def test_work_bound_exceeded() -> None:
    text = "gain 1 gold; repeat 10: repeat 10: repeat 10: (gain 1 gold; nothing)"
    assert problems(text) == [
        (1, f"effect expands to more than {MAX_WORK} steps; lower its repeats")
    ]


def test_work_bound_reached_exactly() -> None:
    assert work(parse_effect("repeat 10: repeat 10: repeat 10: gain 1 gold")) == MAX_WORK
    assert problems("repeat 10: repeat 10: repeat 10: gain 1 gold") == []


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        ("nothing", 1),
        ("gain 1 gold; nothing; take gate", 3),
        ("choose (nothing | nothing; nothing)", 2),
        ("repeat 3: (nothing; nothing)", 6),
        ("if gold > 1: (nothing; nothing; nothing) else nothing", 3),
        ("if gold > 1: nothing", 1),
        ("pay 1 gold: (nothing; nothing)", 3),
        ("each player: (nothing; nothing)", 9),
    ],
)
def test_work(text: str, steps: int) -> None:
    assert work(parse_effect(text)) == steps


# ------------------------------------------------------------------ all at once


def test_reports_every_error_at_once_in_order() -> None:
    text = "gain 2 gald; each oponent: lose 1 gold; place keep here"
    assert problems(text) == [
        (8, "unknown resource 'gald'; did you mean 'gold'?"),
        (19, "unknown target of 'each' 'oponent'; did you mean 'opponent'?"),
        (52, "'here' has no meaning in an income ability; name a district"),
    ]


def test_reports_every_error_of_an_expression() -> None:
    assert expr_problems("1000 + count(foo in bar)") == [
        (1, "number 1000 is too large (at most 999)"),
        (14, "unknown thing to count 'foo'"),
        (21, "unknown district 'bar'"),
    ]


def test_problems_without_an_origin_have_no_location() -> None:
    found = check_effect(parse_effect("gain 2 gald"), VOCAB, Slot.INCOME)
    assert found == [Problem(None, "unknown resource 'gald'; did you mean 'gold'?")]


def test_problem_locations_follow_the_origin() -> None:
    text = "gain 1 gold;\n  lose 1 gald"
    found = check_effect(parse_effect(text), VOCAB, Slot.INCOME, Origin.of_string(text, "f.yaml"))
    assert [str(p.location) for p in found] == ["f.yaml:2:10"]
    assert found[0].format() == (
        "f.yaml:2:10: unknown resource 'gald'; did you mean 'gold'?\n  lose 1 gald\n         ^"
    )


# ------------------------------------------------------------------ not a tree of the right kind


def test_not_an_effect_node() -> None:
    assert check_effect(A.Number(1), VOCAB, Slot.INCOME) == [
        Problem(None, "expected an effect, found Number")
    ]


def test_not_an_expression_node() -> None:
    assert check_expression(A.Nothing(), VOCAB) == [
        Problem(None, "expected a number, found Nothing")
    ]


def test_not_a_condition_node() -> None:
    tree = A.When(A.Number(1), A.Nothing())  # type: ignore[arg-type]
    assert check_effect(tree, VOCAB, Slot.INCOME) == [
        Problem(None, "expected a condition, found Number")
    ]


# ------------------------------------------------------------------ helpers


@pytest.mark.parametrize(
    ("word", "single"),
    [("markets", "market"), ("market", "market"), ("hqs", "hq"), ("fortress", "fortress")],
)
def test_singular(word: str, single: str) -> None:
    assert singular(word) == single


def test_minimal_vocabulary() -> None:
    vocab = Vocabulary.minimal()
    tree = parse_effect("gain 1 influence with flaming_fist")
    assert [p.message for p in check_effect(tree, vocab, Slot.INCOME)] == [
        "unknown faction 'flaming_fist'"
    ]


# ------------------------------------------------------------------ robustness
# Random effect texts built from the grammar, with words from the vocabulary,
# near misses and keywords-free random names: every one parses, and the
# checker returns located problems for them, never raising.

_NAMES = sorted(
    VOCAB.quantities
    | VOCAB.resources
    | VOCAB.factions
    | VOCAB.districts
    | VOCAB.building_types
    | VOCAB.structures
    | VOCAB.targets
    | {"markets", "buildings", "agenda", "agendas", "offer", "deck", "highest", "lowest"}
    | {"gald", "opponents", "seatowr", "xyz", "flaming_fits"} - keywords()
)
WORD = st.one_of(
    st.sampled_from(_NAMES),
    st.builds(
        str.__add__,
        st.sampled_from("abcdefghijklmnopqrstuvwxyz_"),
        st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_", max_size=5),
    ).filter(lambda w: w not in keywords()),
)


@cache
def _expr(depth: int) -> st.SearchStrategy[str]:
    return expr_text(depth)


@cache
def _cond(depth: int) -> st.SearchStrategy[str]:
    return cond_text(depth)


@cache
def _effect(depth: int) -> st.SearchStrategy[str]:
    return effect_text(depth)


@st.composite
def where_text(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["", "here", "in"]))
    return "" if not kind else " here" if kind == "here" else f" in {draw(WORD)}"


WHERE = where_text()


@st.composite
def expr_text(draw: st.DrawFn, depth: int = 2) -> str:
    kind = draw(st.sampled_from(["int", "name", "count", "influence", "op", "neg", "ext", "if"]))
    if depth == 0 or kind == "int":
        return str(draw(st.integers(0, 1500)))
    if kind == "name":
        return draw(WORD)
    if kind == "count":
        return f"count({draw(WORD)}{draw(WHERE)})"
    if kind == "influence":
        return f"influence({draw(WORD)})"
    sub = _expr(depth - 1)
    if kind == "op":
        op = draw(st.sampled_from(["+", "-", "*", "per"]))
        return f"({draw(sub)} {op} {draw(sub)})"
    if kind == "neg":
        return f"-{draw(sub)}"
    if kind == "ext":
        args = draw(st.lists(sub, min_size=2, max_size=3))
        return f"{draw(st.sampled_from(['min', 'max']))}({', '.join(args)})"
    other = draw(st.none() | sub)
    tail = "" if other is None else f" else {other}"
    return f"({draw(sub)} if {draw(_cond(depth - 1))}{tail})"


@st.composite
def cond_text(draw: st.DrawFn, depth: int = 1) -> str:
    kind = draw(st.sampled_from(["compare", "bool", "not"]))
    if depth == 0 or kind == "compare":
        op = draw(st.sampled_from([">=", "<=", "==", "!=", ">", "<"]))
        return f"{draw(_expr(depth))} {op} {draw(_expr(depth))}"
    if kind == "bool":
        op = draw(st.sampled_from(["and", "or"]))
        return f"({draw(_cond(depth - 1))} {op} {draw(_cond(depth - 1))})"
    return f"not {draw(_cond(depth - 1))}"


@st.composite
def items_text(draw: st.DrawFn) -> str:
    items = []
    for _ in range(draw(st.integers(1, 3))):
        value = draw(_expr(1))
        if draw(st.booleans()):
            items.append(f"{value} {draw(WORD)}")
        else:
            items.append(f"{value} influence with {draw(WORD | st.just('any faction'))}")
    return ", ".join(items)


ITEMS = items_text()


@st.composite
def effect_text(draw: st.DrawFn, depth: int = 3) -> str:
    kinds = ["gain", "lose", "draw", "fixed", "place", "build"]
    if depth > 0:
        kinds += ["seq", "pay", "if", "if_else", "repeat", "each", "choose"]
    kind = draw(st.sampled_from(kinds))
    sub = _effect(depth - 1) if depth > 0 else st.nothing()
    if kind in ("gain", "lose"):
        return f"{kind} {draw(ITEMS)}"
    if kind == "draw":
        source = draw(st.none() | WORD)
        tail = "" if source is None else f" from {source}"
        return f"draw {draw(_expr(1))} {draw(WORD)}{tail}"
    if kind == "fixed":
        return draw(st.sampled_from(["take gate", "return worker", "nothing"]))
    if kind == "place":
        return f"place {draw(WORD)}{draw(WHERE)}"
    if kind == "build":
        text = "build"
        if draw(st.booleans()):
            text += f" {draw(WORD)}"
        if draw(st.booleans()):
            text += f" with discount {draw(_expr(1))}"
        return text
    if kind == "seq":
        return "(" + "; ".join(draw(st.lists(sub, min_size=2, max_size=3))) + ")"
    if kind == "pay":
        return f"pay {draw(ITEMS)}: {draw(sub)}"
    if kind == "if":
        return f"if {draw(_cond(1))}: {draw(sub)}"
    if kind == "if_else":
        return f"if {draw(_cond(1))}: ({draw(sub)}) else {draw(sub)}"
    if kind == "repeat":
        return f"repeat {draw(st.integers(0, 12))}: {draw(sub)}"
    if kind == "each":
        return f"each {draw(WORD)}: {draw(sub)}"
    return "choose (" + " | ".join(draw(st.lists(sub, min_size=2, max_size=3))) + ")"


EXPR_TEXT = _expr(2)
EFFECT_TEXT = _effect(3)


@settings(max_examples=300, deadline=None)
@given(EFFECT_TEXT, st.sampled_from(list(Slot)))
def test_checker_never_crashes_on_any_effect(text: str, slot: Slot) -> None:
    tree = parse_effect(text)
    found = check_effect(tree, VOCAB, slot, Origin.of_string(text))
    for problem in found:
        assert isinstance(problem, Problem) and problem.message
        assert problem.location is not None and problem.location.line == 1
        assert 1 <= problem.location.column <= len(text)


@settings(max_examples=200, deadline=None)
@given(EXPR_TEXT, st.sampled_from(list(Slot)))
def test_checker_never_crashes_on_any_expression(text: str, slot: Slot) -> None:
    found = check_expression(parse_expression(text), VOCAB, slot)
    assert all(isinstance(p, Problem) and p.location is None and p.message for p in found)
