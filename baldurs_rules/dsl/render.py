"""AST to text: canonical DSL source, and English rules text.

Both renderers read only the AST, so the card text a player reads is always
what the engine does. ``parse_effect(to_source(tree)) == tree`` holds for every
tree (tested as a Hypothesis property).

Examples:
    >>> from baldurs_rules.dsl import parse_effect
    >>> tree = parse_effect("pay 2 supply:gain 5 gold")
    >>> to_source(tree)
    'pay 2 supply: gain 5 gold'
    >>> to_text(tree)
    'Pay 2 supply to gain 5 gold.'
    >>> to_text(parse_effect("each opponent: lose 1 gold"))
    'Each opponent loses 1 gold (as much as they have).'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.english import English
from baldurs_rules.dsl.phrases import Phrases, is_zero
from baldurs_rules.dsl.words import Unit

__all__ = ["describe_expr", "describe_score", "to_source", "to_text"]

# ---------------------------------------------------------------- source

_EXPR_LEVEL = {"+": 1, "-": 1, "*": 2, "per": 2}
_COND_LEVEL = {"or": 0, "and": 1}


def to_source(node: A.Node) -> str:
    """Render an effect, expression or condition as canonical DSL source.

    Examples:
        >>> from baldurs_rules.dsl import parse_expression
        >>> to_source(parse_expression("( 2*count( markets ) )+1"))
        '2 * count(markets) + 1'
    """
    if isinstance(node, _EXPRS):
        return _expr_src(node, 0)
    if isinstance(node, _CONDS):
        return _cond_src(node, 0)
    return _effect_src(node)


def _effect_src(node: Any) -> str:
    if isinstance(node, A.Seq):
        return "; ".join(_step_src(s) for s in node.steps)
    return _step_src(node)


def _step_src(node: Any) -> str:
    """A single step; a sequence in step position gets parentheses."""
    if isinstance(node, A.Seq):
        return f"({_effect_src(node)})"
    render = _STEP_SRC.get(type(node))
    if render is None:
        raise TypeError(f"not an effect node: {node!r}")
    return render(node)


def _when_src(n: A.When) -> str:
    head = f"if {_cond_src(n.cond, 0)}: "
    if n.otherwise is None:
        return head + _step_src(n.then)
    return f"{head}({_effect_src(n.then)}) else {_step_src(n.otherwise)}"


def _items_src(items: tuple[Any, ...]) -> str:
    return ", ".join(_item_src(i) for i in items)


def _item_src(item: Any) -> str:
    value = _expr_src(item.value, 1)
    if isinstance(item, A.InfluenceAmount):
        faction = "any faction" if item.faction is None else item.faction.text
        return f"{value} influence with {faction}"
    return f"{value} {item.resource.text}"


def _where_src(where: Any) -> str:
    if where is None:
        return ""
    return " here" if isinstance(where, A.Here) else f" in {where.district.text}"


def _build_src(n: A.Build) -> str:
    text = "build"
    if n.kind is not None:
        text += f" {n.kind.text}"
    if n.discount is not None:
        text += f" with discount {_expr_src(n.discount, 1)}"
    return text


def _draw_src(n: A.Draw) -> str:
    text = f"draw {_expr_src(n.count, 1)} {n.what.text}"
    return text if n.source is None else f"{text} from {n.source.text}"


_STEP_SRC: dict[type, Callable[[Any], str]] = {
    A.Paid: lambda n: f"pay {_items_src(n.cost)}: {_step_src(n.body)}",
    A.When: _when_src,
    A.Repeat: lambda n: f"repeat {n.times}: {_step_src(n.body)}",
    A.Each: lambda n: f"each {n.who.text}: {_step_src(n.body)}",
    A.Choose: lambda n: "choose (" + " | ".join(_effect_src(o) for o in n.options) + ")",
    A.Gain: lambda n: f"gain {_items_src(n.items)}",
    A.Lose: lambda n: f"lose {_items_src(n.items)}",
    A.Draw: _draw_src,
    A.TakeGate: lambda n: "take gate",
    A.Place: lambda n: f"place {n.kind.text}{_where_src(n.where)}",
    A.Build: _build_src,
    A.ReturnWorker: lambda n: "return worker",
    A.Nothing: lambda n: "nothing",
}


def _expr_level(node: Any) -> int:
    if isinstance(node, A.CondExpr):
        return 0
    if isinstance(node, A.Op):
        return _EXPR_LEVEL[node.op]
    if isinstance(node, A.Neg):
        return 3
    return 4


def _expr_src(node: Any, need: int) -> str:
    """Render an expression; wrap it in parentheses when it binds looser than ``need``."""
    level = _expr_level(node)
    text = _expr_body(node, level)
    return f"({text})" if level < need else text


def _expr_body(node: Any, level: int) -> str:
    if isinstance(node, A.Number):
        return str(node.value)
    if isinstance(node, A.Quantity):
        return node.name.text
    if isinstance(node, A.Count):
        return f"count({node.what.text}{_where_src(node.where)})"
    if isinstance(node, A.Influence):
        return f"influence({node.faction.text})"
    if isinstance(node, A.Op):
        return f"{_expr_src(node.left, level)} {node.op} {_expr_src(node.right, level + 1)}"
    if isinstance(node, A.Neg):
        return f"-{_expr_src(node.operand, 3)}"
    if isinstance(node, A.Extreme):
        return f"{node.op}(" + ", ".join(_expr_src(a, 0) for a in node.args) + ")"
    if isinstance(node, A.CondExpr):
        text = f"{_expr_src(node.value, 1)} if {_cond_src(node.cond, 0)}"
        return text if node.otherwise is None else f"{text} else {_expr_src(node.otherwise, 0)}"
    raise TypeError(f"not an expression node: {node!r}")


def _cond_src(node: Any, need: int) -> str:
    if isinstance(node, A.Compare):
        return f"{_expr_src(node.left, 1)} {node.op} {_expr_src(node.right, 1)}"
    if isinstance(node, A.Not):
        return f"not {_cond_src(node.operand, 2)}"
    if isinstance(node, A.BoolOp):
        level = _COND_LEVEL[node.op]
        text = f"{_cond_src(node.left, level)} {node.op} {_cond_src(node.right, level + 1)}"
        return f"({text})" if level < need else text
    raise TypeError(f"not a condition node: {node!r}")


_EXPRS = (A.Number, A.Quantity, A.Count, A.Influence, A.Op, A.Neg, A.Extreme, A.CondExpr)
_CONDS = (A.Compare, A.BoolOp, A.Not)

# ---------------------------------------------------------------- English


def to_text(node: A.Node, names: Mapping[str, str] | None = None, option: bool = True) -> str:
    """Render an effect as English rules text, one sentence per step.

    Args:
        node: An effect AST (use [`describe_expr`][baldurs_rules.dsl.render.describe_expr]
            for an expression, [`describe_score`][baldurs_rules.dsl.render.describe_score]
            for an agenda score).
        names: Display names for ids (factions, districts, building types).
        option: Whether the effect is an option the player picks (an income
            ability, a trade, a branch of a choice): a cost at its root must then
            be paid ("Pay 1 supply to ..."). Anywhere else a cost is offered
            ("You may pay 1 supply to ...").

    Examples:
        >>> from baldurs_rules.dsl import parse_effect
        >>> to_text(parse_effect("gain 1 influence with any faction; draw 2 buildings"))
        'Gain 1 influence with a faction of your choice. Then draw 2 building cards (each from the offer or the deck).'
        >>> to_text(parse_effect("each opponent: lose 1 gold"))
        'Each opponent loses 1 gold (as much as they have).'
        >>> to_text(parse_effect("pay 1 gold: gain 2 favor"), option=False)
        'You may pay 1 gold to gain 2 favor.'
    """  # noqa: E501
    return English(names, option).sentences(node)


def describe_expr(node: A.Expr, names: Mapping[str, str] | None = None) -> str:
    """Render a numeric expression as an English noun phrase.

    Compound parts are in parentheses, so the phrase has one reading.

    Examples:
        >>> from baldurs_rules.dsl import parse_expression
        >>> describe_expr(parse_expression("2 * count(markets) + 1"))
        '(2 × the number of markets you own) plus 1'
    """
    return Phrases(names).np(node)


def describe_score(node: A.Node, names: Mapping[str, str] | None = None) -> str:
    """Render an agenda score as a sentence ("Worth 3 prestige per Market you own.").

    Examples:
        >>> from baldurs_rules.dsl import parse_expression
        >>> describe_score(parse_expression("5 if districts >= 6"))
        'Worth 5 prestige if you occupy at least 6 districts.'
    """
    return _score_sentence(Phrases(names), node)


def _simple(text: str) -> bool:
    return not any(word in text for word in (" plus ", " minus ", " if ", ", "))


def _score_sentence(phrases: Phrases, node: Any) -> str:
    """An agenda score as a sentence: ``Worth 3 prestige per Market you own.``

    A conditional score with plain values reads on ("Worth 8 prestige if ...,
    else 3 if ..."); one with compound values puts each condition first.

    Examples:
        >>> from baldurs_rules.dsl import parse_expression
        >>> _score_sentence(Phrases(), parse_expression("districts + 2 if districts >= 5"))
        'If you occupy at least 5 districts, worth 1 prestige per district you occupy plus 2 prestige; otherwise nothing.'
    """  # noqa: E501
    prestige = Unit(phrases.name("prestige"))
    if not isinstance(node, A.CondExpr):
        return f"Worth {phrases.amount(node, prestige)}."
    chain: list[tuple[str, str]] = []
    other: Any = node
    while isinstance(other, A.CondExpr):
        chain.append((phrases.amount(other.value, prestige), phrases.cond(other.cond)))
        other = other.otherwise
    rest = "nothing" if is_zero(other) else phrases.amount(other, prestige)
    if all(_simple(value) for value, _ in chain) and _simple(rest):
        return f"Worth {phrases.conditional(node, prestige, bare_numbers=True)}."
    text = f"If {chain[0][1]}, worth {chain[0][0]}"
    text += "".join(f"; otherwise, if {cond}, {value}" for value, cond in chain[1:])
    return f"{text}; otherwise {rest}."
