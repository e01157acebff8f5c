"""The typed syntax tree of the effect language.

Every node is a frozen, slotted dataclass. Each carries a
[`Span`][baldurs_rules.dsl.ast.Span] (character offsets in the effect string)
that is left out of equality, so two trees parsed from differently spaced
sources compare equal.

Examples:
    >>> from baldurs_rules.dsl import parse_effect
    >>> tree = parse_effect("gain 2 gold")
    >>> tree == Gain((Amount(Number(2), Name("gold")),))
    True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, TypeAlias

__all__ = [
    "Amount",
    "BoolOp",
    "Build",
    "Choose",
    "Compare",
    "CondExpr",
    "Count",
    "Draw",
    "Each",
    "Extreme",
    "Gain",
    "Here",
    "InDistrict",
    "Influence",
    "InfluenceAmount",
    "Lose",
    "Name",
    "Neg",
    "Not",
    "Nothing",
    "Number",
    "Op",
    "Paid",
    "Place",
    "Quantity",
    "Repeat",
    "ReturnWorker",
    "Seq",
    "Span",
    "TakeGate",
    "When",
    "child_fields",
    "walk",
]


@dataclass(frozen=True, slots=True)
class Span:
    """Where a node is in its effect string: 0-based start and end offsets."""

    start: int = 0
    end: int = 0


NOWHERE = Span()


def _span() -> Span:
    return field(default=NOWHERE, compare=False, kw_only=True, repr=False)


# ---------------------------------------------------------------- names


@dataclass(frozen=True, slots=True)
class Name:
    """A word the checker resolves: a resource, faction, district, type, ..."""

    text: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Here:
    """``here``: the district the effect happens in (a lot, a location, an HQ)."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class InDistrict:
    """``in <district>``."""

    district: Name
    span: Span = _span()


Where: TypeAlias = "Here | InDistrict"

# ---------------------------------------------------------------- expressions


@dataclass(frozen=True, slots=True)
class Number:
    """An integer literal."""

    value: int
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Quantity:
    """A named game quantity of the player: ``gold``, ``districts``, ``largest_network``."""

    name: Name
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Count:
    """``count(<kind> [in <district> | here])``: the player's structures of a kind."""

    what: Name
    where: Where | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Influence:
    """``influence(<faction>)``: the player's influence level on a track."""

    faction: Name
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Op:
    """A binary operator: ``+``, ``-``, ``*`` or ``per`` (division rounded down)."""

    op: str
    left: Expr
    right: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Neg:
    """Unary minus."""

    operand: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Extreme:
    """``min(...)`` or ``max(...)`` of two or more expressions."""

    op: str
    args: tuple[Expr, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class CondExpr:
    """``<value> if <cond> [else <otherwise>]``; without ``else`` the value is 0."""

    value: Expr
    cond: Cond
    otherwise: Expr | None = None
    span: Span = _span()


Expr: TypeAlias = "Number | Quantity | Count | Influence | Op | Neg | Extreme | CondExpr"

# ---------------------------------------------------------------- conditions


@dataclass(frozen=True, slots=True)
class Compare:
    """``<left> <op> <right>`` with op one of ``>= <= == != > <``."""

    op: str
    left: Expr
    right: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class BoolOp:
    """``and`` / ``or`` of two conditions."""

    op: str
    left: Cond
    right: Cond
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Not:
    """``not <cond>``."""

    operand: Cond
    span: Span = _span()


Cond: TypeAlias = "Compare | BoolOp | Not"

# ---------------------------------------------------------------- effect parts


@dataclass(frozen=True, slots=True)
class Amount:
    """``<value> <resource>``, e.g. ``2 gold``."""

    value: Expr
    resource: Name
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class InfluenceAmount:
    """``<value> influence with <faction>``; ``faction`` is None for ``any faction``."""

    value: Expr
    faction: Name | None
    span: Span = _span()


Item: TypeAlias = "Amount | InfluenceAmount"

# ---------------------------------------------------------------- effects


@dataclass(frozen=True, slots=True)
class Seq:
    """Steps done one after the other (``a; b; c``)."""

    steps: tuple[Effect, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Paid:
    """``pay <cost>: <body>``: legal only when the whole cost can be paid."""

    cost: tuple[Amount, ...]
    body: Effect
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class When:
    """``if <cond>: <then> [else <otherwise>]``."""

    cond: Cond
    then: Effect
    otherwise: Effect | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Repeat:
    """``repeat <times>: <body>`` with a constant bound."""

    times: int
    body: Effect
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Each:
    """``each opponent: ...`` or ``each player: ...``."""

    who: Name
    body: Effect
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Choose:
    """``choose (a | b | ...)``: the player picks one option that is possible."""

    options: tuple[Effect, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Gain:
    """``gain <items>``: resources and/or influence."""

    items: tuple[Item, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Lose:
    """``lose <items>``: as much as the player has, never below zero."""

    items: tuple[Amount, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Draw:
    """``draw <n> buildings [from offer|deck]`` or ``draw <n> agendas``."""

    count: Expr
    what: Name
    source: Name | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class TakeGate:
    """``take gate``: a gate on a free gate site, and the top gate card."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Place:
    """``place watchtower|keep [in <district> | here]``."""

    kind: Name
    where: Where | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Build:
    """``build [<type>] [with discount <n>]``: a full build from hand."""

    kind: Name | None = None
    discount: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ReturnWorker:
    """``return worker``: the player's worker comes home."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Nothing:
    """``nothing``: an explicit empty effect (useful in ``else``)."""

    span: Span = _span()


Effect: TypeAlias = (
    "Seq | Paid | When | Repeat | Each | Choose | Gain | Lose | Draw | TakeGate | Place"
    " | Build | ReturnWorker | Nothing"
)
Node: TypeAlias = "Effect | Expr | Cond | Amount | InfluenceAmount | Name | Here | InDistrict"


def walk(node: Any) -> list[Any]:
    """Every node of a tree (tuples of nodes too), in pre-order.

    Examples:
        >>> from baldurs_rules.dsl import parse_effect
        >>> [type(n).__name__ for n in walk(parse_effect("gain 2 gold"))]
        ['Gain', 'Amount', 'Number', 'Name']
    """
    if isinstance(node, tuple):
        return [found for item in node for found in walk(item)]
    names = child_fields(type(node))
    if names is None:
        return []
    found = [node]
    for name in names:
        found.extend(walk(getattr(node, name)))
    return found


_CHILDREN: dict[type, tuple[str, ...] | None] = {}


def child_fields(cls: type) -> tuple[str, ...] | None:
    """The fields of a node class but its span (None for a leaf value), looked up once.

    Examples:
        >>> child_fields(Gain), child_fields(str)
        (('items',), None)
    """
    if cls not in _CHILDREN:
        _CHILDREN[cls] = (
            tuple(f.name for f in dataclasses.fields(cls) if f.name != "span")
            if dataclasses.is_dataclass(cls)
            else None
        )
    return _CHILDREN[cls]
