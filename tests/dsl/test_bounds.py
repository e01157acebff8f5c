"""Interval arithmetic over effect ASTs: every amount's worst case, steps and cubes."""

from __future__ import annotations

import random

import pytest

from baldurs_rules.dsl.bounds import (
    HERE,
    MAX_AMOUNT,
    MAX_RESOURCE,
    Interval,
    Ranges,
    bound,
    check_bounds,
    check_score_bound,
    cubes_used,
    steps,
)
from baldurs_rules.dsl.evaluate import HERE as EVAL_HERE
from baldurs_rules.dsl.evaluate import compile_expr
from baldurs_rules.dsl.parser import parse_effect, parse_expression

RANGES = Ranges(
    quantities={"gold": Interval(0, MAX_RESOURCE), "opponents": Interval(1, 3)},
    counts={("market", None): Interval(0, 10), ("market", HERE): Interval(0, 4)},
    influence={"fist": Interval(0, 10)},
    players=4,
)


@pytest.mark.parametrize(
    ("text", "lo", "hi"),
    [
        ("7", 7, 7),
        ("gold", 0, 999),
        ("gold + 2", 2, 1001),
        ("gold - 5", -5, 994),
        ("-gold", -999, 0),
        ("gold * gold", 0, 998001),
        ("(gold - 500) * (gold - 500)", -249500, 250000),
        ("gold per 2", 0, 499),
        ("(0 - gold) per 2", -500, 0),
        ("min(gold, 3)", 0, 3),
        ("max(gold, 3)", 3, 999),
        ("count(markets)", 0, 10),
        ("count(markets here)", 0, 4),
        ("influence(fist) * 2", 0, 20),
        ("5 if gold > 3", 0, 5),
        ("5 if gold > 3 else 9", 5, 9),
        ("opponents * 2", 2, 6),
        ("unknown_thing", 0, 999),  # what Ranges does not list gets the default range
    ],
)
def test_bound_of_expressions(text: str, lo: int, hi: int) -> None:
    assert bound(parse_expression(text), RANGES) == Interval(lo, hi)


class _Env:
    def __init__(self, rng: random.Random) -> None:
        self.values = {"gold": rng.randint(0, MAX_RESOURCE), "opponents": rng.randint(1, 3)}
        self.markets = {None: rng.randint(0, 10), EVAL_HERE: rng.randint(0, 4)}
        self.fist = rng.randint(0, 10)

    def quantity(self, name: str) -> int:
        return self.values[name]

    def count(self, kind: str, where: str | None) -> int:
        return self.markets[where]

    def influence(self, faction: str) -> int:
        return self.fist


EXPRESSIONS = [
    "gold * gold - 3 * gold",
    "(gold - 500) * (opponents - 2) per 3",
    "min(gold per 7, count(markets) * influence(fist)) - max(opponents, 2)",
    "-(gold - count(markets here)) * 2 if gold > 300 else opponents * opponents",
    "max(gold * -1, -500) per 4",
]


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_bound_holds_for_every_value_the_evaluator_computes(text: str) -> None:
    tree = parse_expression(text)
    interval = bound(tree, RANGES)
    evaluate = compile_expr(tree)
    rng = random.Random(text)
    for _ in range(2000):
        value = evaluate(_Env(rng))
        assert interval.lo <= value <= interval.hi


def test_check_bounds_reports_each_amount_too_large() -> None:
    tree = parse_effect("gain gold * 2 gold; draw 999 * 2 building; lose 3 gold")
    assert [p.message for p in check_bounds(tree, RANGES)] == [
        f"amount can reach 1998 (gold up to 999), more than {MAX_AMOUNT};"
        f" cap it with min(..., {MAX_AMOUNT})",
        f"amount can reach 1998, more than {MAX_AMOUNT}; cap it with min(..., {MAX_AMOUNT})",
    ]


def test_check_bounds_at_the_limit_is_fine() -> None:
    assert (
        check_bounds(parse_effect("gain min(gold * 2, 999) gold; draw 999 building"), RANGES) == []
    )


def test_check_bounds_locates_the_amount() -> None:
    from baldurs_rules.dsl.origin import Origin

    text = "gain 1 gold, gold * 3 supply"
    (problem,) = check_bounds(parse_effect(text), RANGES, Origin.of_string(text, "x"))
    assert problem.location is not None
    assert (problem.location.line, problem.location.column) == (1, text.index("gold *") + 1)


def test_score_bound() -> None:
    assert check_score_bound(parse_expression("gold"), RANGES) == []
    (problem,) = check_score_bound(parse_expression("gold + 1"), RANGES)
    assert problem.message.startswith("amount can reach 1000 (gold up to 999)")


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("gain 1 gold", 1),
        ("draw 5 building", 5),
        ("draw count(markets) buildings", 10),
        ("gain 3 influence with any faction, 1 gold", 4),
        ("repeat 3: draw 2 building", 6),
        ("each player: draw 2 building", 1 + 2 * 4),
        ("choose (draw 9 building | gain 1 gold)", 9),
        ("pay 1 gold: draw 3 building", 4),
        ("if gold > 1: (draw 4 building) else draw 6 building", 6),
    ],
)
def test_steps(text: str, count: int) -> None:
    assert steps(parse_effect(text), RANGES) == count


def test_work_bound_counts_draws() -> None:
    (problem,) = check_bounds(parse_effect("draw 600 building; draw 600 building"), RANGES)
    assert problem.message == (
        "effect can take 1200 steps (each card drawn and each space of influence counted),"
        " more than 1000; draw or gain less"
    )


@pytest.mark.parametrize(
    ("text", "own", "others"),
    [
        ("gain 1 gold", 0, 0),
        ("place watchtower here", 1, 0),
        ("repeat 3: take gate", 3, 0),
        ("choose (build | place keep; place keep)", 2, 0),
        ("each opponent: place watchtower", 0, 1),
        ("each player: repeat 2: take gate", 2, 2),
        ("if gold > 1: (place keep) else (take gate; take gate)", 2, 0),
        ("pay 1 gold: build", 1, 0),
    ],
)
def test_cubes_used(text: str, own: int, others: int) -> None:
    tree = parse_effect(text)
    assert (cubes_used(tree), cubes_used(tree, own=False)) == (own, others)


def test_interval_operations() -> None:
    a, b = Interval(-2, 3), Interval(4, 5)
    assert a + b == Interval(2, 8)
    assert a - b == Interval(-7, -1)
    assert a * b == Interval(-10, 15)
    assert -a == Interval(-3, 2)
    assert a.per(Interval(2, 2)) == Interval(-1, 1)
    assert a.per(Interval(0, 0)) == a  # per divides by at least 1, as the evaluator does
    assert a.join(b) == Interval(-2, 5)
