"""Worst-case bounds of every amount an effect can produce, from its AST alone.

Each quantity an expression reads has a documented range in every reachable
state (a resource, a count of structures, an influence level, ...), given by a
[`Ranges`][baldurs_rules.dsl.bounds.Ranges]. Interval arithmetic over the AST
gives the range of every amount; an amount that could pass
[`MAX_AMOUNT`][baldurs_rules.dsl.bounds.MAX_AMOUNT], or an effect that could
take more than [`MAX_WORK`][baldurs_rules.dsl.checker.MAX_WORK] steps once its
draws are counted card by card, is refused when the content is loaded, not
discovered half-way through an action.

Examples:
    >>> from baldurs_rules.dsl.parser import parse_effect, parse_expression
    >>> ranges = Ranges(quantities={"gold": Interval(0, MAX_RESOURCE)})
    >>> bound(parse_expression("gold per 2 + 1"), ranges)
    Interval(lo=1, hi=500)
    >>> [p.message for p in check_bounds(parse_effect("draw gold * gold building"), ranges)]
    ['amount can reach 998001 (gold up to 999), more than 999; cap it with min(..., 999)']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.checker import MAX_WORK, singular, work
from baldurs_rules.dsl.origin import Origin
from baldurs_rules.errors import Problem

__all__ = [
    "MAX_AMOUNT",
    "MAX_RESOURCE",
    "Interval",
    "Ranges",
    "bound",
    "check_bounds",
    "check_score_bound",
    "cubes_used",
    "steps",
]

MAX_AMOUNT = 999
"""The most any amount may be: gained, lost, paid, drawn, discounted, or scored by an agenda."""

MAX_RESOURCE = 999
"""The most of one resource a player can hold (the rules cap every resource there)."""

HERE = "<here>"
"""The ``where`` of ``count(... here)`` in a [`Ranges`][baldurs_rules.dsl.bounds.Ranges]."""


@dataclass(frozen=True, slots=True)
class Interval:
    """The whole numbers from ``lo`` to ``hi``, both included.

    Examples:
        >>> Interval(0, 3) * Interval(-2, 5)
        Interval(lo=-6, hi=15)
    """

    lo: int
    hi: int

    def __add__(self, other: Interval) -> Interval:
        return Interval(self.lo + other.lo, self.hi + other.hi)

    def __sub__(self, other: Interval) -> Interval:
        return Interval(self.lo - other.hi, self.hi - other.lo)

    def __mul__(self, other: Interval) -> Interval:
        corners = [a * b for a in (self.lo, self.hi) for b in (other.lo, other.hi)]
        return Interval(min(corners), max(corners))

    def __neg__(self) -> Interval:
        return Interval(-self.hi, -self.lo)

    def per(self, divisor: Interval) -> Interval:
        """``self // max(divisor, 1)``, as the evaluator computes ``per``."""
        ds = {max(divisor.lo, 1), max(divisor.hi, 1)}
        corners = [a // d for a in (self.lo, self.hi) for d in ds]
        return Interval(min(corners), max(corners))

    def join(self, other: Interval) -> Interval:
        """The smallest interval holding both."""
        return Interval(min(self.lo, other.lo), max(self.hi, other.hi))


ZERO = Interval(0, 0)


@dataclass(frozen=True)
class Ranges:
    """What each thing an expression reads can be, in every reachable state.

    Attributes:
        quantities: Bare quantities (``gold``, ``districts``, ``strength``, ...).
        counts: ``count(kind)`` by (singular kind, district id, ``HERE`` or None).
        influence: ``influence(faction)`` by faction (``highest`` and ``lowest`` too).
        players: The most players a game can have (``each`` repeats for each).
        default: The range of anything not listed.
    """

    quantities: Mapping[str, Interval] = field(default_factory=dict)
    counts: Mapping[tuple[str, str | None], Interval] = field(default_factory=dict)
    influence: Mapping[str, Interval] = field(default_factory=dict)
    players: int = 4
    default: Interval = Interval(0, MAX_RESOURCE)

    def count(self, kind: str, where: str | None) -> Interval:
        """The range of ``count(kind [where])``."""
        return self.counts.get((kind, where), self.counts.get((kind, None), self.default))


def bound(expr: Any, ranges: Ranges) -> Interval:
    """The range of an expression over every state ``ranges`` allows."""
    kind = type(expr)
    if kind is A.Number:
        return Interval(expr.value, expr.value)
    if kind is A.Quantity:
        return ranges.quantities.get(expr.name.text, ranges.default)
    if kind is A.Count:
        return ranges.count(singular(expr.what.text), _where(expr.where))
    if kind is A.Influence:
        return ranges.influence.get(expr.faction.text, ranges.default)
    if kind is A.Neg:
        return -bound(expr.operand, ranges)
    if kind is A.Op:
        return _op(expr, ranges)
    if kind is A.Extreme:
        parts = [bound(a, ranges) for a in expr.args]
        pick = min if expr.op == "min" else max
        return Interval(pick(p.lo for p in parts), pick(p.hi for p in parts))
    if kind is A.CondExpr:
        other = ZERO if expr.otherwise is None else bound(expr.otherwise, ranges)
        return bound(expr.value, ranges).join(other)
    raise TypeError(f"not an expression: {expr!r}")


def _op(expr: A.Op, ranges: Ranges) -> Interval:
    left, right = bound(expr.left, ranges), bound(expr.right, ranges)
    if expr.op == "+":
        return left + right
    if expr.op == "-":
        return left - right
    if expr.op == "*":
        return left * right
    return left.per(right)


def _where(where: Any) -> str | None:
    if where is None:
        return None
    return HERE if isinstance(where, A.Here) else where.district.text


def _amounts(tree: Any) -> list[Any]:
    """Every amount expression of an effect: gained, lost, paid, drawn, discounted."""
    found: list[Any] = []
    for node in A.walk(tree):
        if isinstance(node, (A.Amount, A.InfluenceAmount)):
            found.append(node.value)
        elif isinstance(node, A.Draw):
            found.append(node.count)
        elif isinstance(node, A.Build) and node.discount is not None:
            found.append(node.discount)
    return found


def _readings(expr: Any, ranges: Ranges) -> str:
    """What the non-constant parts of an expression can reach, for messages."""
    shown: dict[str, int] = {}
    for node in A.walk(expr):
        if isinstance(node, A.Quantity):
            shown[node.name.text] = bound(node, ranges).hi
        elif isinstance(node, A.Count):
            shown[f"count({node.what.text})"] = bound(node, ranges).hi
        elif isinstance(node, A.Influence):
            shown[f"influence({node.faction.text})"] = bound(node, ranges).hi
    return ", ".join(f"{name} up to {hi}" for name, hi in shown.items())


def _too_large(expr: Any, ranges: Ranges) -> str | None:
    hi = bound(expr, ranges).hi
    if hi <= MAX_AMOUNT:
        return None
    readings = _readings(expr, ranges)
    why = f" ({readings})" if readings else ""
    return f"amount can reach {hi}{why}, more than {MAX_AMOUNT}; cap it with min(..., {MAX_AMOUNT})"


def check_bounds(tree: Any, ranges: Ranges, origin: Origin | None = None) -> list[Problem]:
    """Every amount of an effect that could pass ``MAX_AMOUNT``, and a work bound.

    The work bound counts each card drawn and each space of influence gained as
    a step (with ``each`` repeated for ``ranges.players`` players); it is only
    reported when the plain work bound of the checker did not already refuse
    the effect.
    """
    problems: list[Problem] = []
    for expr in _amounts(tree):
        message = _too_large(expr, ranges)
        if message is not None:
            problems.append(Problem(_locate(origin, expr), message))
    if not problems and work(tree) <= MAX_WORK:
        total = steps(tree, ranges)
        if total > MAX_WORK:
            message = (
                f"effect can take {total} steps (each card drawn and each space of influence"
                f" counted), more than {MAX_WORK}; draw or gain less"
            )
            problems.append(Problem(_locate(origin, tree), message))
    return problems


def check_score_bound(tree: Any, ranges: Ranges, origin: Origin | None = None) -> list[Problem]:
    """An agenda score that could pass ``MAX_AMOUNT``."""
    message = _too_large(tree, ranges)
    return [] if message is None else [Problem(_locate(origin, tree), message)]


def _locate(origin: Origin | None, node: Any) -> Any:
    return None if origin is None else origin.locate(getattr(node, "span", A.NOWHERE).start)


def steps(tree: Any, ranges: Ranges) -> int:
    """An upper bound of the steps an effect performs: draws and influence point by point."""
    kind = type(tree)
    if kind is A.Seq:
        return sum(steps(s, ranges) for s in tree.steps)
    if kind is A.Choose:
        return max(steps(o, ranges) for o in tree.options)
    if kind is A.Repeat:
        return int(tree.times) * steps(tree.body, ranges)
    if kind is A.When:
        other = 0 if tree.otherwise is None else steps(tree.otherwise, ranges)
        return max(steps(tree.then, ranges), other)
    if kind is A.Paid:
        return 1 + steps(tree.body, ranges)
    if kind is A.Each:
        return 1 + steps(tree.body, ranges) * ranges.players
    if kind is A.Draw:
        return max(1, bound(tree.count, ranges).hi)
    if kind is A.Gain:
        spaces = [bound(i.value, ranges).hi for i in tree.items if type(i) is A.InfluenceAmount]
        return 1 + sum(max(0, s) for s in spaces)
    return 1


def cubes_used(tree: Any, own: bool = True) -> int:
    """The most cubes an effect can make one player use (place, take a gate, build).

    With ``own`` False, only what it makes *other* players use (inside ``each``).

    Examples:
        >>> from baldurs_rules.dsl.parser import parse_effect
        >>> cubes_used(parse_effect("repeat 2: place watchtower; each opponent: take gate"))
        2
        >>> cubes_used(parse_effect("place keep; each opponent: take gate"), own=False)
        1
    """
    kind = type(tree)
    if kind in (A.Place, A.TakeGate, A.Build):
        return 1 if own else 0
    if kind is A.Seq:
        return sum(cubes_used(s, own) for s in tree.steps)
    if kind is A.Choose:
        return max(cubes_used(o, own) for o in tree.options)
    if kind is A.Repeat:
        return int(tree.times) * cubes_used(tree.body, own)
    if kind is A.When:
        other = 0 if tree.otherwise is None else cubes_used(tree.otherwise, own)
        return max(cubes_used(tree.then, own), other)
    if kind is A.Paid:
        return cubes_used(tree.body, own)
    if kind is A.Each:
        if own and tree.who.text != "player":  # each opponent: never the player itself
            return 0
        return cubes_used(tree.body, True)
    return 0
