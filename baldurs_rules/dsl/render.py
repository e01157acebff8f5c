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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from baldurs_rules.dsl import ast as A

__all__ = ["describe_expr", "to_source", "to_text"]

# ---------------------------------------------------------------- source

_EXPR_LEVEL = {"+": 1, "-": 1, "*": 2, "per": 2}
_COND_LEVEL = {"or": 0, "and": 1}


def to_source(node: Any) -> str:
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

_QUANTITY_TEXT = {
    "gold": "your gold",
    "supply": "your supply",
    "favor": "your favor",
    "prestige": "your prestige",
    "districts": "the number of districts you occupy",
    "largest_network": "the size of your largest network",
    "portfolio": "the number of building cards in your portfolio",
    "hand": "the number of building cards in your hand",
    "agendas": "the number of agenda cards in your hand",
    "opponents": "the number of your opponents",
    "strength": "the current attack strength",
    "damage": "the number of damage tokens here",
    "fortifications": "the number of your fortifications on the map",
}
_COMPARE_TEXT = {
    ">=": "is at least",
    "<=": "is at most",
    ">": "is more than",
    "<": "is less than",
    "==": "is",
    "!=": "is not",
}
_NEGATED_TEXT = {
    ">=": "is less than",
    "<=": "is more than",
    ">": "is at most",
    "<": "is at least",
    "==": "is not",
    "!=": "is",
}


class _English:
    """Renders English; ``names`` maps ids to display names."""

    def __init__(self, names: Mapping[str, str] | None) -> None:
        self.names = names or {}

    def name(self, word: str) -> str:
        if word in self.names:
            return self.names[word]
        return word.replace("_", " ")

    def plural(self, word: str, amount: Any) -> str:
        """Display name of a counted thing (``1 building card``, ``2 building cards``)."""
        base = self.name(word.removesuffix("s") if word.endswith("s") else word)
        single = isinstance(amount, A.Number) and amount.value == 1
        return base if single else base + "s"

    # -- effects
    def effect(self, node: Any) -> str:
        if isinstance(node, A.Seq):
            return ", then ".join(self.effect(s) for s in node.steps)
        if isinstance(node, A.Paid):
            return f"pay {self.items(node.cost)} to {self.effect(node.body)}"
        if isinstance(node, A.When):
            text = f"if {self.cond(node.cond)}, {self.effect(node.then)}"
            if node.otherwise is not None:
                text += f"; otherwise {self.effect(node.otherwise)}"
            return text
        if isinstance(node, A.Repeat):
            return f"{node.times} times: {self.effect(node.body)}"
        if isinstance(node, A.Each):
            return f"each {self.name(node.who.text)}: {self.effect(node.body)}"
        if isinstance(node, A.Choose):
            return "choose one: " + "; or ".join(self.effect(o) for o in node.options)
        return self.atom(node)

    def atom(self, node: Any) -> str:
        if isinstance(node, A.Gain):
            return f"gain {self.items(node.items)}"
        if isinstance(node, A.Lose):
            return f"lose {self.items(node.items)} (as much as you have)"
        if isinstance(node, A.Draw):
            return self.draw(node)
        if isinstance(node, A.Place):
            where = self.where(node.where, "in a district of your choice")
            return f"place a {self.name(node.kind.text)} {where}"
        if isinstance(node, A.Build):
            return self.build(node)
        fixed = {
            A.TakeGate: "take a gate (a free gate site and the top gate card)",
            A.ReturnWorker: "return your worker",
            A.Nothing: "do nothing",
        }
        return fixed[type(node)]

    def draw(self, node: A.Draw) -> str:
        what = self.plural(node.what.text, node.count)
        text = f"draw {self.operand(node.count)} {what}"
        if node.source is not None:
            return f"{text} from the {self.name(node.source.text)}"
        if node.what.text.startswith("building"):
            return f"{text} (from the offer or the deck)"
        return text

    def build(self, node: A.Build) -> str:
        kind = "building" if node.kind is None else self.name(node.kind.text)
        text = f"build a {kind} from your hand"
        if node.discount is not None:
            text += f", paying {self.operand(node.discount)} gold less"
        return text

    def where(self, where: Any, default: str) -> str:
        if where is None:
            return default
        if isinstance(where, A.Here):
            return "in this district"
        return f"in {self.name(where.district.text)}"

    def items(self, items: tuple[Any, ...]) -> str:
        parts = [self.item(i) for i in items]
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

    def item(self, item: Any) -> str:
        value = self.operand(item.value)
        if isinstance(item, A.InfluenceAmount):
            if item.faction is None:
                return f"{value} influence with a faction of your choice"
            return f"{value} influence with {self.name(item.faction.text)}"
        return f"{value} {self.name(item.resource.text)}"

    # -- expressions
    def expr(self, node: Any) -> str:
        if isinstance(node, A.Number):
            return str(node.value)
        if isinstance(node, A.Quantity):
            return _QUANTITY_TEXT.get(node.name.text, f"your {self.name(node.name.text)}")
        if isinstance(node, A.Count):
            thing = self.plural(node.what.text, None)
            where = "" if node.where is None else " " + self.where(node.where, "")
            return f"the number of your {thing}{where.replace(' in this district', ' here')}"
        if isinstance(node, A.Influence):
            if node.faction.text in ("highest", "lowest"):
                return f"your {node.faction.text} influence with any faction"
            return f"your influence with {self.name(node.faction.text)}"
        if isinstance(node, A.Op):
            return self.op(node)
        if isinstance(node, A.Neg):
            inner = self.operand(node.operand)
            return f"minus ({inner})" if isinstance(node.operand, A.Op) else f"minus {inner}"
        if isinstance(node, A.Extreme):
            word = "lowest" if node.op == "min" else "highest"
            parts = [self.operand(a) for a in node.args]
            return f"the {word} of " + ", ".join(parts[:-1]) + " and " + parts[-1]
        if isinstance(node, A.CondExpr):
            other = "0" if node.otherwise is None else self.expr(node.otherwise)
            return f"{self.operand(node.value)} if {self.cond(node.cond)}, else {other}"
        raise TypeError(f"not an expression node: {node!r}")

    def op(self, node: A.Op) -> str:
        left, right = self.wrap(node.left, node), self.wrap(node.right, node)
        if node.op == "per":
            return f"{left} divided by {right} (rounded down)"
        symbol = {"+": "plus", "-": "minus", "*": "×"}[node.op]
        return f"{left} {symbol} {right}"

    def wrap(self, child: Any, parent: A.Op) -> str:
        text = self.expr(child)
        level, outer = _expr_level(child), _EXPR_LEVEL[parent.op]
        if level < outer or (level == outer and child is parent.right):
            return f"({text})"
        return text

    def operand(self, node: Any) -> str:
        """An expression used inside a larger phrase: a conditional gets parentheses."""
        text = self.expr(node)
        return f"({text})" if isinstance(node, A.CondExpr) else text

    def cond(self, node: Any) -> str:
        if isinstance(node, A.Compare):
            return self.compare(node, _COMPARE_TEXT)
        if isinstance(node, A.Not):
            if isinstance(node.operand, A.Compare):
                return self.compare(node.operand, _NEGATED_TEXT)
            return f"it is not true that {self.cond_part(node.operand, 'not')}"
        if isinstance(node, A.BoolOp):
            left, right = self.cond_part(node.left, node.op), self.cond_part(node.right, node.op)
            return f"{left} {node.op} {right}"
        raise TypeError(f"not a condition node: {node!r}")

    def compare(self, node: A.Compare, words: Mapping[str, str]) -> str:
        return f"{self.operand(node.left)} {words[node.op]} {self.operand(node.right)}"

    def cond_part(self, node: Any, parent: str) -> str:
        """A condition inside ``and``/``or``/``not``: grouped unless the reading is plain."""
        text = self.cond(node)
        plain = isinstance(node, A.Compare) or (
            isinstance(node, A.Not) and isinstance(node.operand, A.Compare)
        )
        same = isinstance(node, A.BoolOp) and node.op == parent
        return text if plain or same else f"({text})"


def to_text(node: Any, names: Mapping[str, str] | None = None) -> str:
    """Render an effect as one English sentence of rules text.

    Args:
        node: An effect AST (use [`describe_expr`][baldurs_rules.dsl.render.describe_expr]
            for an expression).
        names: Display names for ids (factions, districts, building types).

    Examples:
        >>> from baldurs_rules.dsl import parse_effect
        >>> to_text(parse_effect("gain 1 influence with any faction; draw 2 buildings"))
        'Gain 1 influence with a faction of your choice. Then draw 2 buildings (from the offer or the deck).'
    """  # noqa: E501
    english = _English(names)
    steps = node.steps if isinstance(node, A.Seq) else (node,)
    sentences = [english.effect(step) for step in steps]
    sentences = [sentences[0], *(f"then {s}" for s in sentences[1:])]
    return " ".join(s[:1].upper() + s[1:] + "." for s in sentences)


def describe_expr(node: Any, names: Mapping[str, str] | None = None) -> str:
    """Render a numeric expression as an English phrase.

    Examples:
        >>> from baldurs_rules.dsl import parse_expression
        >>> describe_expr(parse_expression("2 * count(markets) + 1"))
        '2 × the number of your markets plus 1'
    """
    return _English(names).expr(node)
