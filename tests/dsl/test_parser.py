"""The effect-language parser: every grammar alternative, syntax errors, spans, origins.

Trees are compared with ``==``, which ignores spans (spans are tested on their
own below), so each expected tree is written out in full.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baldurs_rules import load_content
from baldurs_rules.content.model import Script
from baldurs_rules.content.yamlio import read_yaml_text
from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.origin import Origin, SourceText
from baldurs_rules.dsl.parser import MAX_DEPTH, MAX_SOURCE, keywords, parse_effect, parse_expression
from baldurs_rules.errors import ContentError, DslError, DslSyntaxError, Location, RulesError

# ------------------------------------------------------------------ helpers


def n(text: str) -> A.Name:
    return A.Name(text)


def num(value: int) -> A.Number:
    return A.Number(value)


def q(text: str) -> A.Quantity:
    return A.Quantity(A.Name(text))


def amt(value: int | Any, resource: str) -> A.Amount:
    return A.Amount(num(value) if isinstance(value, int) else value, n(resource))


def gain(*items: Any) -> A.Gain:
    return A.Gain(tuple(items))


def gold(value: int = 1) -> A.Gain:
    return gain(amt(value, "gold"))


def cmp(op: str, left: Any, right: Any) -> A.Compare:
    return A.Compare(op, left, right)


GOLD_GT_1 = cmp(">", q("gold"), num(1))


def syntax_error(text: str, expression: bool = False) -> DslSyntaxError:
    parse = parse_expression if expression else parse_effect
    with pytest.raises(DslSyntaxError) as info:
        parse(text)
    return info.value


# ------------------------------------------------------------------ effects


def test_single_atom_is_not_wrapped_in_a_seq() -> None:
    assert parse_effect("gain 2 gold") == gold(2)


def test_effect_steps_make_a_seq() -> None:
    assert parse_effect("gain 1 gold; draw 1 building; nothing") == A.Seq(
        (gold(1), A.Draw(num(1), n("building")), A.Nothing())
    )


def test_group_of_one_step_collapses() -> None:
    assert parse_effect("(gain 1 gold)") == gold(1)
    assert parse_effect("((( gain 1 gold )))") == gold(1)


def test_group_inside_a_sequence_stays_a_nested_seq() -> None:
    assert parse_effect("(gain 1 gold; nothing); return worker") == A.Seq(
        (A.Seq((gold(1), A.Nothing())), A.ReturnWorker())
    )


def test_paid() -> None:
    assert parse_effect("pay 2 supply: gain 5 gold") == A.Paid((amt(2, "supply"),), gold(5))


def test_paid_with_several_cost_items() -> None:
    assert parse_effect("pay 1 supply, 1 favor: nothing") == A.Paid(
        (amt(1, "supply"), amt(1, "favor")), A.Nothing()
    )


def test_paid_applies_to_one_step_only() -> None:
    assert parse_effect("pay 1 supply: gain 1 gold; gain 2 gold") == A.Seq(
        (A.Paid((amt(1, "supply"),), gold(1)), gold(2))
    )


def test_paid_with_grouped_steps() -> None:
    assert parse_effect("pay 1 supply: (gain 1 gold; gain 2 gold)") == A.Paid(
        (amt(1, "supply"),), A.Seq((gold(1), gold(2)))
    )


def test_when() -> None:
    assert parse_effect("if gold > 1: gain 1 gold") == A.When(GOLD_GT_1, gold(1))


def test_when_applies_to_one_step_only() -> None:
    assert parse_effect("if gold > 1: gain 1 gold; nothing") == A.Seq(
        (A.When(GOLD_GT_1, gold(1)), A.Nothing())
    )


def test_when_else() -> None:
    assert parse_effect("if gold > 1: (gain 1 gold) else gain 2 gold") == A.When(
        GOLD_GT_1, gold(1), gold(2)
    )


def test_when_else_with_a_sequence_in_both_branches() -> None:
    assert parse_effect("if gold > 1: (gain 1 gold; nothing) else (gain 2 gold; nothing)") == (
        A.When(GOLD_GT_1, A.Seq((gold(1), A.Nothing())), A.Seq((gold(2), A.Nothing())))
    )


def test_else_chain() -> None:
    other = A.When(cmp("<", q("gold"), num(5)), gold(2), A.Nothing())
    assert parse_effect(
        "if gold > 1: (gain 1 gold) else if gold < 5: (gain 2 gold) else nothing"
    ) == (A.When(GOLD_GT_1, gold(1), other))


def test_repeat() -> None:
    assert parse_effect("repeat 3: gain 1 gold") == A.Repeat(3, gold(1))


def test_repeat_applies_to_one_step_only() -> None:
    assert parse_effect("repeat 3: gain 1 gold; nothing") == A.Seq(
        (A.Repeat(3, gold(1)), A.Nothing())
    )


def test_each() -> None:
    assert parse_effect("each opponent: lose 1 gold") == A.Each(
        n("opponent"), A.Lose((amt(1, "gold"),))
    )


def test_each_applies_to_one_step_only() -> None:
    assert parse_effect("each player: gain 1 gold; nothing") == A.Seq(
        (A.Each(n("player"), gold(1)), A.Nothing())
    )


def test_choose() -> None:
    assert parse_effect("choose (gain 3 gold | draw 1 building | nothing)") == A.Choose(
        (gold(3), A.Draw(num(1), n("building")), A.Nothing())
    )


def test_choose_options_may_be_sequences() -> None:
    assert parse_effect("choose (gain 1 gold; nothing | return worker)") == A.Choose(
        (A.Seq((gold(1), A.Nothing())), A.ReturnWorker())
    )


def test_gain_several_items() -> None:
    assert parse_effect("gain 2 gold, 1 supply, 3 favor") == gain(
        amt(2, "gold"), amt(1, "supply"), amt(3, "favor")
    )


def test_gain_influence_with_a_faction() -> None:
    assert parse_effect("gain 2 influence with thieves_guild") == gain(
        A.InfluenceAmount(num(2), n("thieves_guild"))
    )


def test_gain_influence_with_any_faction() -> None:
    assert parse_effect("gain 1 influence with any faction, 1 favor") == gain(
        A.InfluenceAmount(num(1), None), amt(1, "favor")
    )


def test_gain_an_expression_amount() -> None:
    value = A.Op("+", A.Count(n("markets")), num(1))
    assert parse_effect("gain count(markets) + 1 gold") == gain(amt(value, "gold"))


def test_lose() -> None:
    assert parse_effect("lose 1 gold, 2 supply") == A.Lose((amt(1, "gold"), amt(2, "supply")))


def test_draw() -> None:
    assert parse_effect("draw 2 buildings") == A.Draw(num(2), n("buildings"))


def test_draw_from() -> None:
    assert parse_effect("draw 1 building from offer") == A.Draw(num(1), n("building"), n("offer"))


def test_take_gate() -> None:
    assert parse_effect("take gate") == A.TakeGate()


def test_place() -> None:
    assert parse_effect("place watchtower") == A.Place(n("watchtower"))


def test_place_in_district() -> None:
    assert parse_effect("place keep in seatower") == A.Place(n("keep"), A.InDistrict(n("seatower")))


def test_place_here() -> None:
    assert parse_effect("place keep here") == A.Place(n("keep"), A.Here())


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("build", A.Build()),
        ("build market", A.Build(n("market"))),
        ("build with discount 2", A.Build(None, num(2))),
        ("build market with discount 2", A.Build(n("market"), num(2))),
    ],
)
def test_build(text: str, tree: A.Build) -> None:
    assert parse_effect(text) == tree


def test_return_worker() -> None:
    assert parse_effect("return worker") == A.ReturnWorker()


def test_nothing() -> None:
    assert parse_effect("nothing") == A.Nothing()


def test_whitespace_newlines_and_comments_are_ignored() -> None:
    text = "gain 1 gold # first\n\t;   draw 1 building  # second\n"
    assert parse_effect(text) == A.Seq((gold(1), A.Draw(num(1), n("building"))))


def test_names_may_start_with_a_keyword() -> None:
    assert parse_effect("gain 1 gainful, 1 ifs") == gain(amt(1, "gainful"), amt(1, "ifs"))


def test_keywords_are_the_alphabetic_literals_of_the_grammar() -> None:
    words = keywords()
    assert {"gain", "pay", "choose", "if", "else", "per", "here", "any", "worker"} <= words
    assert "gold" not in words
    assert all(w.isalpha() for w in words)


# ------------------------------------------------------------------ expressions


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("7", num(7)),
        ("007", num(7)),
        ("largest_network", q("largest_network")),
        ("count(markets)", A.Count(n("markets"))),
        ("count(keeps in seatower)", A.Count(n("keeps"), A.InDistrict(n("seatower")))),
        ("count(buildings here)", A.Count(n("buildings"), A.Here())),
        ("influence(council_of_four)", A.Influence(n("council_of_four"))),
        ("min(gold, 3)", A.Extreme("min", (q("gold"), num(3)))),
        ("max(gold, supply, favor)", A.Extreme("max", (q("gold"), q("supply"), q("favor")))),
        ("1 + 2", A.Op("+", num(1), num(2))),
        ("1 - 2", A.Op("-", num(1), num(2))),
        ("2 * 3", A.Op("*", num(2), num(3))),
        ("gold per 3", A.Op("per", q("gold"), num(3))),
        ("-gold", A.Neg(q("gold"))),
        ("5 if gold > 1", A.CondExpr(num(5), GOLD_GT_1)),
        ("5 if gold > 1 else 2", A.CondExpr(num(5), GOLD_GT_1, num(2))),
        ("((3))", num(3)),
    ],
)
def test_expression_alternatives(text: str, tree: Any) -> None:
    assert parse_expression(text) == tree


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("1 + 2 * 3", A.Op("+", num(1), A.Op("*", num(2), num(3)))),
        ("(1 + 2) * 3", A.Op("*", A.Op("+", num(1), num(2)), num(3))),
        ("1 - 2 - 3", A.Op("-", A.Op("-", num(1), num(2)), num(3))),
        ("1 - (2 - 3)", A.Op("-", num(1), A.Op("-", num(2), num(3)))),
        ("a per 2 * 3", A.Op("*", A.Op("per", q("a"), num(2)), num(3))),
        ("1 + a per 2", A.Op("+", num(1), A.Op("per", q("a"), num(2)))),
        ("-a * b", A.Op("*", A.Neg(q("a")), q("b"))),
        ("--a", A.Neg(A.Neg(q("a")))),
        ("1 - -a", A.Op("-", num(1), A.Neg(q("a")))),
        (
            "1 + 2 if gold > 1 else 3 + 4",
            A.CondExpr(A.Op("+", num(1), num(2)), GOLD_GT_1, A.Op("+", num(3), num(4))),
        ),
        (
            "1 if gold > 1 else 2 if gold > 1 else 3",
            A.CondExpr(num(1), GOLD_GT_1, A.CondExpr(num(2), GOLD_GT_1, num(3))),
        ),
        ("(1 if gold > 1) + 2", A.Op("+", A.CondExpr(num(1), GOLD_GT_1), num(2))),
    ],
)
def test_expression_precedence(text: str, tree: Any) -> None:
    assert parse_expression(text) == tree


def test_expression_may_be_an_amount_in_draw_and_build() -> None:
    per = A.Op("per", q("hand"), num(2))
    assert parse_effect("draw hand per 2 buildings") == A.Draw(per, n("buildings"))
    assert parse_effect("build with discount count(markets)") == A.Build(
        None, A.Count(n("markets"))
    )


# ------------------------------------------------------------------ conditions


def cond_of(text: str) -> Any:
    tree = parse_effect(f"if {text}: nothing")
    assert isinstance(tree, A.When)
    return tree.cond


@pytest.mark.parametrize("op", [">=", "<=", "==", "!=", ">", "<"])
def test_every_comparison(op: str) -> None:
    assert cond_of(f"gold {op} 2") == cmp(op, q("gold"), num(2))


def test_comparison_of_sums() -> None:
    assert cond_of("gold + 1 >= supply * 2") == cmp(
        ">=", A.Op("+", q("gold"), num(1)), A.Op("*", q("supply"), num(2))
    )


def test_and_or_not() -> None:
    a, b, c = (cmp(">", q(x), num(0)) for x in "abc")
    assert cond_of("a > 0 and b > 0") == A.BoolOp("and", a, b)
    assert cond_of("a > 0 or b > 0") == A.BoolOp("or", a, b)
    assert cond_of("not a > 0") == A.Not(a)
    assert cond_of("a > 0 or b > 0 and c > 0") == A.BoolOp("or", a, A.BoolOp("and", b, c))
    assert cond_of("(a > 0 or b > 0) and c > 0") == A.BoolOp("and", A.BoolOp("or", a, b), c)
    assert cond_of("not a > 0 and b > 0") == A.BoolOp("and", A.Not(a), b)
    assert cond_of("not (a > 0 and b > 0)") == A.Not(A.BoolOp("and", a, b))
    assert cond_of("a > 0 and b > 0 and c > 0") == A.BoolOp("and", A.BoolOp("and", a, b), c)


# ------------------------------------------------------------------ syntax errors


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("gian 2 gold", 1, 1, "unexpected 'gian'; did you mean 'gain'?"),
        ("gain 2", 1, 7, "unexpected end of effect; expected one of 'influence', a name"),
        ("pay 2 gold gain 1 gold", 1, 12, "unexpected 'gain'; expected one of ',', ':'"),
        (
            "gain 2 gold $",
            1,
            13,
            "unexpected character '$'; expected one of ',', ';', the end of the effect",
        ),
        (
            "gain 2 Gold",
            1,
            8,
            "unexpected character 'G'; expected one of '*', '+', '-', 'if', 'influence', 'per',"
            " a name",
        ),
        (
            "gain 2 gold\n  gain 1 gold",
            2,
            3,
            "unexpected 'gain'; expected one of ',', ';', the end of the effect",
        ),
        (
            "if gold > 1: gain 1 gold else nothing",
            1,
            26,
            "unexpected 'else'; expected one of ',', ';', the end of the effect",
        ),
        ("choose (gain 1 gold)", 1, 20, "unexpected ')'; expected '|'"),
        ("gain 1 influence", 1, 17, "unexpected end of effect; expected 'with'"),
        ("gain 1 influence with any", 1, 26, "unexpected end of effect; expected 'faction'"),
        ("repeat -1: nothing", 1, 8, "unexpected '-'; expected a number"),
        (
            "nothing nothing",
            1,
            9,
            "unexpected 'nothing'; expected one of ';', the end of the effect",
        ),
        ("draw 1 building from", 1, 21, "unexpected end of effect; expected a name"),
        ("plase keep", 1, 1, "unexpected 'plase'; did you mean 'place'?"),
    ],
)
def test_effect_syntax_errors(text: str, line: int, column: int, message: str) -> None:
    error = syntax_error(text)
    assert error.location == Location("<effect>", line, column)
    assert error.message == message


def test_unexpected_end_lists_the_step_keywords() -> None:
    error = syntax_error("gain 1 gold;")
    assert error.location == Location("<effect>", 1, 13)
    assert error.message.startswith("unexpected end of effect; expected one of '(', 'build',")
    assert error.message.endswith(", ...")


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ("min(1)", 6, "unexpected ')'; expected ','"),
        ("(1", 3, "unexpected end of effect; expected ')'"),
        ("1 )", 3, "unexpected ')'; expected the end of the effect"),
        (
            "gold if",
            8,
            "unexpected end of effect; expected one of '(', '-', 'count', 'influence',"
            " 'max', 'min', 'not', a name, a number",
        ),
    ],
)
def test_expression_syntax_errors(text: str, column: int, message: str) -> None:
    error = syntax_error(text, expression=True)
    assert error.location == Location("<effect>", 1, column)
    assert error.message == message


@pytest.mark.parametrize("char", ["$", "\x00", "é", "{", "!", "."])
def test_bad_characters(char: str) -> None:
    error = syntax_error(f"gain 1 g{char}old")
    assert error.location == Location("<effect>", 1, 9)
    assert error.message.startswith(f"unexpected character {char!r}; expected one of")


@pytest.mark.parametrize("text", ["", "   ", "\n\t\n"])
def test_empty_text(text: str) -> None:
    error = syntax_error(text)
    assert error.location == Location("<effect>", 1, 1)
    assert error.message == "empty effect; write 'nothing' for an effect that does nothing"


def test_only_a_comment_is_an_unexpected_end() -> None:
    error = syntax_error("# nothing here")
    assert error.location == Location("<effect>", 1, 15)
    assert error.message.startswith("unexpected end of effect; expected one of '(',")


def test_too_long() -> None:
    text = "nothing;" * 250 + "nothing"
    error = syntax_error(text)
    assert error.location == Location("<effect>", 1, MAX_SOURCE + 1)
    assert error.message == f"effect is too long ({len(text)} characters, at most {MAX_SOURCE})"


def test_longest_accepted_text() -> None:
    text = "nothing" + ";nothing" * 249 + " "
    assert len(text) == MAX_SOURCE
    tree = parse_effect(text)
    assert isinstance(tree, A.Seq) and len(tree.steps) == 250


def test_not_a_string() -> None:
    with pytest.raises(DslSyntaxError) as info:
        parse_effect(42)  # type: ignore[arg-type]
    assert info.value.location is None
    assert info.value.message == "an effect must be text, not int"


@pytest.mark.parametrize(
    ("text", "expression", "column"),
    [
        ("(" * 30 + "nothing" + ")" * 30, False, 20),
        ("repeat 1: " * 45 + "nothing", False, 381),
        ("-" * 39 + "1", True, 40),
    ],
)
def test_too_deep(text: str, expression: bool, column: int) -> None:
    error = syntax_error(text, expression)
    assert error.location == Location("<effect>", 1, column)
    assert error.message == f"effect is nested too deeply (more than {MAX_DEPTH} levels)"


def test_depth_just_within_the_limit() -> None:
    assert parse_expression("-" * 38 + "1") is not None
    assert isinstance(parse_effect("repeat 1: " * 30 + "nothing"), A.Repeat)


def test_redundant_expression_parentheses_do_not_count_as_depth() -> None:
    assert parse_expression("(" * 300 + "1" + ")" * 300) == num(1)


def test_syntax_errors_are_content_errors() -> None:
    error = syntax_error("gian")
    assert isinstance(error, DslError)
    assert isinstance(error, ContentError)
    assert str(error) == "<effect>:1:1: unexpected 'gian'; did you mean 'gain'?\ngian\n^"


def test_error_shows_the_right_source_line() -> None:
    error = syntax_error("gain 1 gold;\n  draw 1 buildng from\n")
    assert error.location == Location("<effect>", 3, 1)
    error = syntax_error("gain 1 gold;\n  drw 1 building\n")
    assert error.location == Location("<effect>", 2, 3)
    assert error.location is not None and error.location.source_line == "  drw 1 building"
    assert str(error).endswith("\n  drw 1 building\n  ^")


# ------------------------------------------------------------------ spans


def test_spans_of_an_effect() -> None:
    text = "gain 2 gold, 1 influence with any faction; pay 1 supply: (draw 1 building from offer)"
    tree = parse_effect(text)
    assert isinstance(tree, A.Seq)
    assert tree.span == A.Span(0, len(text))
    first, paid = tree.steps
    assert isinstance(first, A.Gain) and isinstance(paid, A.Paid)
    assert first.span == A.Span(0, 41)
    gold_item, influence_item = first.items
    assert gold_item.span == A.Span(5, 11)
    assert gold_item.value.span == A.Span(5, 6)
    assert isinstance(gold_item, A.Amount) and gold_item.resource.span == A.Span(7, 11)
    assert influence_item.span == A.Span(13, 41)
    assert paid.span == A.Span(43, len(text))
    assert paid.cost[0].span == A.Span(47, 55)
    draw = paid.body
    assert isinstance(draw, A.Draw)
    assert text[draw.span.start : draw.span.end] == "draw 1 building from offer"
    assert (
        draw.source is not None and text[draw.source.span.start : draw.source.span.end] == "offer"
    )


def test_spans_of_an_expression() -> None:
    text = "min(1, -gold) * (count(markets here) + 2) if a > 1"
    tree = parse_expression(text)
    assert isinstance(tree, A.CondExpr)
    assert tree.span == A.Span(0, len(text))
    op = tree.value
    assert isinstance(op, A.Op)
    left, right = op.left, op.right
    assert isinstance(left, A.Extreme) and isinstance(right, A.Op)
    assert text[op.span.start : op.span.end] == "min(1, -gold) * (count(markets here) + 2)"
    assert text[left.args[1].span.start : left.args[1].span.end] == "-gold"
    # a parenthesised operand spans its contents, not the parentheses
    assert text[right.span.start : right.span.end] == "count(markets here) + 2"
    count = right.left
    assert isinstance(count, A.Count) and isinstance(count.where, A.Here)
    assert text[count.where.span.start : count.where.span.end] == "here"
    assert text[tree.cond.span.start : tree.cond.span.end] == "a > 1"


def test_spans_do_not_count_in_equality() -> None:
    assert parse_effect("gain 1 gold") == parse_effect("   gain   1   gold")
    assert parse_effect("gain 1 gold").span != parse_effect("   gain   1   gold").span


def _nodes(node: Any) -> list[Any]:
    found = [node]
    if isinstance(node, tuple):
        return [x for item in node for x in _nodes(item)]
    if dataclasses.is_dataclass(node):
        for f in dataclasses.fields(node):
            if f.name != "span":
                found.extend(_nodes(getattr(node, f.name)))
        return found
    return []


_EXPRS = (A.Number, A.Quantity, A.Count, A.Influence, A.Op, A.Neg, A.Extreme, A.CondExpr)
_CONDS = (A.Compare, A.BoolOp, A.Not)


def _reparse(fragment: str, node: Any) -> Any:
    """Parse a node's source fragment back into a node of the same kind."""
    if isinstance(node, _EXPRS):
        return parse_expression(fragment)
    if isinstance(node, _CONDS):
        return parse_effect(f"if {fragment}: nothing").cond  # type: ignore[union-attr]
    if isinstance(node, (A.Amount, A.InfluenceAmount)):
        return parse_effect(f"gain {fragment}").items[0]  # type: ignore[union-attr]
    if isinstance(node, A.Name):
        return A.Name(fragment)
    if isinstance(node, (A.Here, A.InDistrict)):
        return parse_effect(f"place keep {fragment}").where  # type: ignore[union-attr]
    return parse_effect(fragment)


def _content_scripts() -> list[Script]:
    return load_content().scripts()


SPAN_SAMPLES = [
    "gain 2 gold, 1 influence with any faction; pay 1 supply: (draw 1 building from offer)",
    "if not (gold > 1 or supply < 2) and favor == 0: (nothing) else build market with discount 2",
    "choose (take gate | return worker; place keep in seatower | each opponent: lose 1 gold)",
    "repeat 2: gain max(1, count(keeps here) - influence(lowest)) favor",
]


@pytest.mark.parametrize("text", SPAN_SAMPLES)
def test_every_span_covers_the_source_of_its_node(text: str) -> None:
    for node in _nodes(parse_effect(text)):
        fragment = text[node.span.start : node.span.end]
        assert fragment == fragment.strip()
        assert _reparse(fragment, node) == node


def test_spans_of_all_default_content() -> None:
    scripts = _content_scripts()
    assert len(scripts) > 150
    for script in scripts:
        text = script.source
        for node in _nodes(script.tree):
            fragment = text[node.span.start : node.span.end]
            assert _reparse(fragment, node) == node, (text, fragment)


# ------------------------------------------------------------------ origins in YAML


def _locate_error(yaml_text: str, needle: str, value: str) -> Location:
    """Parse ``value`` as written at ``needle`` in the YAML text; the error's location."""
    source = SourceText("x.yaml", yaml_text)
    origin = Origin.of_yaml_scalar(value, yaml_text.index(needle), source)
    with pytest.raises(DslSyntaxError) as info:
        parse_effect(value, origin)
    assert info.value.location is not None
    return info.value.location


def test_origin_of_a_plain_scalar() -> None:
    text = "cards:\n  - income: gain 2 gold; gian 1 supply\n"
    location = _locate_error(text, "gain 2", "gain 2 gold; gian 1 supply")
    assert (location.file, location.line, location.column) == ("x.yaml", 2, 26)
    assert location.source_line == "  - income: gain 2 gold; gian 1 supply"


def test_origin_of_a_single_quoted_scalar_with_an_escaped_quote() -> None:
    text = "a:\n  income: 'gain 2 gold; it''s; gian'\n"
    location = _locate_error(text, "'gain", "gain 2 gold; it's; gian")
    # "it" is reported, at its own column; the doubled quote is skipped correctly after it
    assert (location.line, location.column) == (2, 25)
    origin = Origin.of_yaml_scalar(
        "gain 2 gold; it's; gian", text.index("'gain"), SourceText("x.yaml", text)
    )
    assert origin.locate(len("gain 2 gold; it's; ")).column == 32


def test_origin_of_a_double_quoted_scalar() -> None:
    text = 'a:\n  income: "pay 1 supply: gain 2 gold ?"\n'
    location = _locate_error(text, '"pay', "pay 1 supply: gain 2 gold ?")
    assert (location.line, location.column) == (2, 38)


def test_origin_of_a_double_quoted_scalar_with_an_escaped_newline() -> None:
    text = 'a:\n  income: "gain 2 gold;\\n gian 1 supply"\n'
    location = _locate_error(text, '"gain', "gain 2 gold;\n gian 1 supply")
    assert (location.line, location.column) == (2, 27)


def test_origin_of_a_block_scalar() -> None:
    text = "a:\n  income: |\n    gain 2 gold;\n    gian 1 supply\n"
    location = _locate_error(text, "|", "gain 2 gold;\ngian 1 supply\n")
    assert (location.line, location.column) == (4, 5)
    assert location.source_line == "    gian 1 supply"


def test_origin_of_a_block_scalar_with_an_indicator() -> None:
    text = "a:\n  income: |-\n    gain 2 gold;\n      draw 1 building;\n    gain 1\n"
    location = _locate_error(text, "|-", "gain 2 gold;\n  draw 1 building;\ngain 1")
    # unexpected end: just after the last character of the value
    assert (location.line, location.column) == (5, 11)


def test_origin_of_a_folded_value() -> None:
    text = "a:\n  income: >-\n    gain 2 gold;\n    gian 1 supply\n"
    location = _locate_error(text, ">-", "gain 2 gold; gian 1 supply")
    assert (location.line, location.column) == (4, 5)


def test_origin_of_an_empty_value_points_at_its_start() -> None:
    text = "a:\n  income: ''\n"
    source = SourceText("x.yaml", text)
    origin = Origin.of_yaml_scalar("", text.index("''"), source)
    assert (origin.locate(0).line, origin.locate(0).column) == (2, 12)


@pytest.mark.parametrize(
    ("yaml_text", "line", "column"),
    [
        ("a:\n  income: gain 2 gold; gian 1 supply\n", 2, 24),
        ("a:\n  income: 'gain 2 gold; gian 1 supply'\n", 2, 25),
        ('a:\n  income: "gain 2 gold; gian 1 supply"\n', 2, 25),
        ("a:\n  income: |\n    gain 2 gold;\n    gian 1 supply\n", 4, 5),
        ("a:\n  income: gain 2 gold;\n    gian 1 supply\n", 3, 5),
        ('a: {income: "gain 2 gold; gian"}\n', 1, 27),
    ],
)
def test_yaml_document_origins(yaml_text: str, line: int, column: int) -> None:
    doc = read_yaml_text(yaml_text, "x.yaml")
    with pytest.raises(DslSyntaxError) as info:
        parse_effect(doc.get(("a", "income")), doc.origin(("a", "income")))
    assert info.value.location == Location("x.yaml", line, column)
    assert info.value.message == "unexpected 'gian'; did you mean 'gain'?"


def test_yaml_folded_scalar() -> None:
    doc = read_yaml_text("a:\n  income: >-\n    gain 2 gold;\n    gian 1 supply\n", "x.yaml")
    assert doc.get(("a", "income")) == "gain 2 gold; gian 1 supply"
    with pytest.raises(DslSyntaxError) as info:
        parse_effect(doc.get(("a", "income")), doc.origin(("a", "income")))
    assert info.value.location == Location("x.yaml", 4, 5)


def test_origin_of_string_counts_lines() -> None:
    origin = Origin.of_string("ab\ncd", file="f")
    assert [(loc.line, loc.column) for loc in map(origin.locate, range(5))] == [
        (1, 1),
        (1, 2),
        (1, 3),
        (2, 1),
        (2, 2),
    ]
    assert (origin.locate(5).line, origin.locate(5).column) == (2, 3)
    assert origin.locate(4).source_line == "cd"


# ------------------------------------------------------------------ robustness

_WORDS = [
    *sorted(keywords()),
    "gold",
    "supply",
    "favor",
    "prestige",
    "markets",
    "seatower",
    "opponent",
    "player",
    "building",
    "buildings",
    "offer",
    "keep",
    "x",
    "_",
    "a1",
]
_PUNCT = ["(", ")", ",", ";", ":", "|", "+", "-", "*", ">=", "<=", "==", "!=", ">", "<", "#"]
_TOKEN = st.one_of(
    st.sampled_from(_WORDS),
    st.sampled_from(_PUNCT),
    st.integers(0, 2000).map(str),
    st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True),
)
TOKEN_TEXT = st.lists(_TOKEN, max_size=25).flatmap(
    lambda words: st.sampled_from([" ", "", "\n"]).map(lambda sep: sep.join(words))
)


def _parse_never_crashes(text: str, parse: Any) -> None:
    try:
        tree = parse(text)
    except RulesError as error:
        assert isinstance(error, DslSyntaxError)
        assert error.location is not None
        assert error.location.file == "<effect>"
        assert error.message
    else:
        assert dataclasses.is_dataclass(tree)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=80), st.text(max_size=MAX_SOURCE + 20)))
def test_any_text_parses_or_fails_with_a_location(text: str) -> None:
    _parse_never_crashes(text, parse_effect)
    _parse_never_crashes(text, parse_expression)


@settings(max_examples=300, deadline=None)
@given(TOKEN_TEXT)
def test_token_soup_parses_or_fails_with_a_location(text: str) -> None:
    _parse_never_crashes(text, parse_effect)
    _parse_never_crashes(text, parse_expression)
