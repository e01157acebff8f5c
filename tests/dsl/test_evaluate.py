"""Compiled expressions and conditions against a fake, recording Env."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.evaluate import HERE, compile_cond, compile_expr
from baldurs_rules.dsl.parser import parse_effect, parse_expression


class FakeEnv:
    """Answers from dictionaries and records every read; ``boom`` raises when read."""

    def __init__(
        self,
        quantities: dict[str, int] | None = None,
        counts: dict[tuple[str, str | None], int] | None = None,
        influence: dict[str, int] | None = None,
    ) -> None:
        self.quantities = {"gold": 7, "supply": 2, "favor": 0, "hand": 5, **(quantities or {})}
        self.counts = counts or {}
        self.levels = influence or {}
        self.reads: list[tuple[str, Any]] = []

    def quantity(self, name: str) -> int:
        self.reads.append(("quantity", name))
        if name == "boom":
            raise AssertionError("'boom' must not be evaluated")
        return self.quantities[name]

    def count(self, kind: str, where: str | None) -> int:
        self.reads.append(("count", (kind, where)))
        return self.counts.get((kind, where), 0)

    def influence(self, faction: str) -> int:
        self.reads.append(("influence", faction))
        return self.levels[faction]


def value(text: str, env: FakeEnv | None = None) -> int:
    return compile_expr(parse_expression(text))(env or FakeEnv())


def holds(cond: str, env: FakeEnv | None = None) -> bool:
    tree = parse_effect(f"if {cond}: nothing")
    assert isinstance(tree, A.When)
    return compile_cond(tree.cond)(env or FakeEnv())


@pytest.mark.parametrize(
    ("text", "result"),
    [
        ("42", 42),
        ("gold", 7),
        ("gold + supply", 9),
        ("gold - supply", 5),
        ("supply - gold", -5),
        ("gold * supply", 14),
        ("gold per 2", 3),
        ("gold per 7", 1),
        ("gold per 8", 0),
        ("gold per 1", 7),
        ("-gold", -7),
        ("--gold", 7),
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("10 - 3 - 2", 5),
        ("10 - (3 - 2)", 9),
        ("gold per 2 * 2", 6),
        ("gold * 2 per 3", 4),
        ("min(gold, supply)", 2),
        ("min(gold, supply, favor)", 0),
        ("max(gold, supply)", 7),
        ("max(favor, 3, supply)", 3),
        ("min(gold, -1)", -1),
        ("5 if gold > 6", 5),
        ("5 if gold > 7", 0),
        ("5 if gold > 7 else 9", 9),
        ("5 if gold > 6 else 9", 5),
        ("1 if favor > 0 else 2 if supply > 1 else 3", 2),
        ("gold + 2 if supply == 2 else 0", 9),
    ],
)
def test_expressions(text: str, result: int) -> None:
    assert value(text) == result


def test_per_rounds_down() -> None:
    assert [value(f"{n} per 3") for n in range(10)] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3]
    # rounding down, also below zero
    assert value("-7 per 2") == -4


def test_per_by_zero_or_less_divides_by_one() -> None:
    # the checker refuses these; compiled code still never divides by zero
    assert value("gold per 0") == 7
    assert value("gold per (0 - 3)") == 7


@pytest.mark.parametrize(
    ("cond", "result"),
    [
        ("gold >= 7", True),
        ("gold >= 8", False),
        ("gold <= 7", True),
        ("gold <= 6", False),
        ("gold > 6", True),
        ("gold > 7", False),
        ("gold < 8", True),
        ("gold < 7", False),
        ("gold == 7", True),
        ("gold == 6", False),
        ("gold != 6", True),
        ("gold != 7", False),
        ("gold > 1 and supply > 1", True),
        ("gold > 1 and supply > 2", False),
        ("gold > 9 or supply > 1", True),
        ("gold > 9 or supply > 9", False),
        ("not gold > 9", True),
        ("not gold > 1", False),
        ("not (gold > 9 or supply > 9)", True),
        ("gold > 9 or supply > 1 and favor == 0", True),
        ("(gold > 9 or supply > 1) and favor == 1", False),
        ("gold + supply == 3 * 3", True),
    ],
)
def test_conditions(cond: str, result: bool) -> None:
    assert holds(cond) is result


def test_and_short_circuits() -> None:
    env = FakeEnv()
    assert holds("gold > 100 and boom > 0", env) is False
    assert ("quantity", "boom") not in env.reads
    with pytest.raises(AssertionError, match="boom"):
        holds("gold > 1 and boom > 0")


def test_or_short_circuits() -> None:
    env = FakeEnv()
    assert holds("gold > 1 or boom > 0", env) is True
    assert ("quantity", "boom") not in env.reads
    with pytest.raises(AssertionError, match="boom"):
        holds("gold > 100 or boom > 0")


def test_not_evaluates_its_operand_once() -> None:
    env = FakeEnv()
    assert holds("not gold > 1", env) is False
    assert env.reads == [("quantity", "gold")]


def test_conditional_evaluates_only_the_chosen_branch() -> None:
    env = FakeEnv()
    assert value("1 if gold > 1 else boom", env) == 1
    assert value("boom if gold > 100 else 2", env) == 2
    assert value("boom if gold > 100", env) == 0
    assert ("quantity", "boom") not in env.reads


def test_count_is_called_with_the_singular_kind() -> None:
    env = FakeEnv(counts={("market", None): 3, ("keep", "seatower"): 2})
    assert value("count(markets) + 10 * count(keeps in seatower)", env) == 23
    assert env.reads == [("count", ("market", None)), ("count", ("keep", "seatower"))]


def test_here_resolution_is_left_to_the_env() -> None:
    env = FakeEnv(counts={("building", HERE): 4, ("building", None): 9})
    assert value("count(buildings here)", env) == 4
    assert env.reads == [("count", ("building", HERE))]
    assert HERE == "<here>"


def test_count_of_a_singular_word() -> None:
    env = FakeEnv(counts={("hq", None): 1, ("fortress", None): 5})
    assert value("count(hqs) + count(hq) + count(fortress)", env) == 7


def test_influence() -> None:
    env = FakeEnv(influence={"flaming_fist": 4, "highest": 6, "lowest": 1})
    assert value("influence(flaming_fist) per 2 + influence(highest) - influence(lowest)", env) == 7
    assert [r for r in env.reads if r[0] == "influence"] == [
        ("influence", "flaming_fist"),
        ("influence", "highest"),
        ("influence", "lowest"),
    ]


def test_compiled_functions_are_reusable() -> None:
    fn = compile_expr(parse_expression("gold * 2"))
    assert fn(FakeEnv({"gold": 1})) == 2
    assert fn(FakeEnv({"gold": 5})) == 10


def test_default_content_agendas_evaluate() -> None:
    env = FakeEnv(
        quantities={
            "districts": 6,
            "largest_network": 11,
            "opponents": 2,
            "portfolio": 12,
            "agendas": 3,
            "strength": 4,
            "prestige": 0,
        },
        influence={
            "council_of_four": 5,
            "flaming_fist": 3,
            "thieves_guild": 8,
            "highest": 8,
            "lowest": 3,
        },
    )
    assert value("districts + 2 if districts >= 6 else districts per 2", env) == 8
    assert value("largest_network per 2 + (3 if largest_network > 9 else 0)", env) == 8
    assert (
        value("influence(council_of_four) * 2 - 6 if influence(council_of_four) >= 5 else 0", env)
        == 4
    )
    assert value("2 * (influence(highest) - 5) if influence(highest) >= 7 else 0", env) == 6
    assert value("max(portfolio - 6, 0) + (2 if portfolio >= 12 else 0)", env) == 8


def test_not_an_expression() -> None:
    with pytest.raises(TypeError):
        compile_expr(A.Nothing())
    with pytest.raises(TypeError):
        compile_cond(A.Number(1))


# ------------------------------------------------------------------ against a reference

_OPS = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "per": lambda a, b: a // max(b, 1),
}


def _reference(node: Any, env: dict[str, int]) -> int:
    """A direct interpretation of the tree, to compare compiled code with."""
    if isinstance(node, A.Number):
        return node.value
    if isinstance(node, A.Quantity):
        return env[node.name.text]
    if isinstance(node, A.Op):
        return _OPS[node.op](_reference(node.left, env), _reference(node.right, env))
    if isinstance(node, A.Neg):
        return -_reference(node.operand, env)
    if isinstance(node, A.Extreme):
        values = [_reference(a, env) for a in node.args]
        return min(values) if node.op == "min" else max(values)
    assert isinstance(node, A.CondExpr)
    if _reference_cond(node.cond, env):
        return _reference(node.value, env)
    return 0 if node.otherwise is None else _reference(node.otherwise, env)


def _reference_cond(node: Any, env: dict[str, int]) -> bool:
    if isinstance(node, A.Compare):
        a, b = _reference(node.left, env), _reference(node.right, env)
        return {">=": a >= b, "<=": a <= b, ">": a > b, "<": a < b, "==": a == b, "!=": a != b}[
            node.op
        ]
    if isinstance(node, A.Not):
        return not _reference_cond(node.operand, env)
    left = _reference_cond(node.left, env)
    right = _reference_cond(node.right, env)
    return (left and right) if node.op == "and" else (left or right)


_VARS = ["gold", "supply", "favor"]
_LEAF = st.one_of(
    st.integers(0, 20).map(A.Number), st.sampled_from(_VARS).map(lambda v: A.Quantity(A.Name(v)))
)


def _extend(sub: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    cond = st.builds(A.Compare, st.sampled_from([">=", "<=", "==", "!=", ">", "<"]), sub, sub)
    cond = st.one_of(
        cond,
        st.builds(A.Not, cond),
        st.builds(A.BoolOp, st.sampled_from(["and", "or"]), cond, cond),
    )
    return st.one_of(
        st.builds(A.Op, st.sampled_from(list(_OPS)), sub, sub),
        st.builds(A.Neg, sub),
        st.builds(A.Extreme, st.sampled_from(["min", "max"]), st.tuples(sub, sub)),
        st.builds(A.CondExpr, sub, cond, st.none() | sub),
    )


@settings(max_examples=200, deadline=None)
@given(st.recursive(_LEAF, _extend, max_leaves=8), st.tuples(*[st.integers(-5, 30)] * 3))
def test_compiled_code_agrees_with_a_reference(tree: Any, values: tuple[int, int, int]) -> None:
    env = dict(zip(_VARS, values, strict=True))
    assert compile_expr(tree)(FakeEnv(env)) == _reference(tree, env)
