"""Expressions and conditions compiled to closures, once per content load.

A compiled expression is a function of an [`Env`][baldurs_rules.dsl.evaluate.Env]:
the read-only view of the game that the rules module provides (the player's
quantities, counts and influence). No ``eval``, no attribute lookups by user
strings; the work is bounded by the size of the tree.

Examples:
    >>> from baldurs_rules.dsl import parse_expression
    >>> class Fixed:
    ...     def quantity(self, name): return {"gold": 7}[name]
    ...     def count(self, kind, where): return 3
    ...     def influence(self, faction): return 2
    >>> compile_expr(parse_expression("gold per 2 + count(markets)"))(Fixed())
    6
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, Final, Protocol

from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.checker import singular

__all__ = ["HERE", "Env", "compile_cond", "compile_expr"]

HERE: Final = "<here>"
"""The district argument of ``count(... here)`` before it is resolved."""


class Env(Protocol):
    """What an expression may read of the game, for one player."""

    def quantity(self, name: str) -> int:
        """A named quantity (``gold``, ``districts``, ``largest_network``, ...)."""

    def count(self, kind: str, where: str | None) -> int:
        """Structures of a kind (singular id), optionally in a district or ``HERE``."""

    def influence(self, faction: str) -> int:
        """Influence level on a faction (or ``highest`` / ``lowest``)."""


Fn = Callable[[Any], int]
Pred = Callable[[Any], bool]

_CMP: Final[dict[str, Callable[[int, int], bool]]] = {
    ">=": operator.ge,
    "<=": operator.le,
    ">": operator.gt,
    "<": operator.lt,
    "==": operator.eq,
    "!=": operator.ne,
}


def compile_expr(node: Any) -> Fn:
    """Compile an expression AST to a function ``env -> int``."""
    if isinstance(node, A.Number):
        value = node.value
        return lambda env: value
    if isinstance(node, A.Quantity):
        name = node.name.text
        return lambda env: env.quantity(name)
    if isinstance(node, A.Count):
        kind, where = singular(node.what.text), _where(node.where)
        return lambda env: env.count(kind, where)
    if isinstance(node, A.Influence):
        faction = node.faction.text
        return lambda env: env.influence(faction)
    if isinstance(node, A.Op):
        return _op(node)
    if isinstance(node, A.Neg):
        inner = compile_expr(node.operand)
        return lambda env: -inner(env)
    if isinstance(node, A.Extreme):
        parts = [compile_expr(a) for a in node.args]
        pick = min if node.op == "min" else max
        return lambda env: pick(p(env) for p in parts)
    if isinstance(node, A.CondExpr):
        return _cond_expr(node)
    raise TypeError(f"not an expression: {node!r}")


def _where(where: Any) -> str | None:
    if where is None:
        return None
    return HERE if isinstance(where, A.Here) else where.district.text


def _op(node: A.Op) -> Fn:
    left, right = compile_expr(node.left), compile_expr(node.right)
    if node.op == "+":
        return lambda env: left(env) + right(env)
    if node.op == "-":
        return lambda env: left(env) - right(env)
    if node.op == "*":
        return lambda env: left(env) * right(env)
    return lambda env: left(env) // max(right(env), 1)


def _cond_expr(node: A.CondExpr) -> Fn:
    value, test = compile_expr(node.value), compile_cond(node.cond)
    other = compile_expr(node.otherwise) if node.otherwise is not None else (lambda env: 0)
    return lambda env: value(env) if test(env) else other(env)


def compile_cond(node: Any) -> Pred:
    """Compile a condition AST to a function ``env -> bool``."""
    if isinstance(node, A.Compare):
        left, right, cmp = compile_expr(node.left), compile_expr(node.right), _CMP[node.op]
        return lambda env: cmp(left(env), right(env))
    if isinstance(node, A.BoolOp):
        a, b = compile_cond(node.left), compile_cond(node.right)
        if node.op == "and":
            return lambda env: a(env) and b(env)
        return lambda env: a(env) or b(env)
    if isinstance(node, A.Not):
        inner = compile_cond(node.operand)
        return lambda env: not inner(env)
    raise TypeError(f"not a condition: {node!r}")
