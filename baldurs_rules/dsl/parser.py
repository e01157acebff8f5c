"""Text to AST: the only module that ever sees a Lark tree.

The grammar is ``grammar/effects.lark`` (shipped in the wheel). Parsing is
LALR(1), so it is linear in the length of the text; texts longer than
[`MAX_SOURCE`][baldurs_rules.dsl.parser.MAX_SOURCE] characters and trees deeper
than [`MAX_DEPTH`][baldurs_rules.dsl.parser.MAX_DEPTH] are refused with a
[`DslSyntaxError`][baldurs_rules.errors.DslSyntaxError].

Examples:
    >>> parse_effect("pay 2 supply: gain 5 gold")
    Paid(cost=(Amount(value=Number(value=2), resource=Name(text='supply')),), body=Gain(items=(Amount(value=Number(value=5), resource=Name(text='gold')),)))
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, NoReturn

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from baldurs_rules._resources import grammar_path
from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.origin import Origin
from baldurs_rules.errors import DslSyntaxError, Problem, did_you_mean

__all__ = ["MAX_DEPTH", "MAX_SOURCE", "keywords", "parse_effect", "parse_expression"]

MAX_SOURCE = 2000
"""The longest effect string accepted, in characters."""

MAX_DEPTH = 40
"""The deepest nesting accepted (parentheses, operators, steps)."""


@cache
def _lark() -> Lark:
    return Lark(
        grammar_path().read_text(encoding="utf-8"),
        parser="lalr",
        start=["start", "expression"],
        propagate_positions=True,
        maybe_placeholders=True,
    )


@cache
def keywords() -> frozenset[str]:
    """All reserved words of the language (they cannot be used as names)."""
    return frozenset(
        str(t.pattern.value)
        for t in _lark().terminals
        if t.pattern.type == "str" and str(t.pattern.value).isalpha()
    )


def parse_effect(text: str, origin: Origin | None = None) -> A.Effect:
    """Parse an effect (an ability, trade, reward or bonus).

    Args:
        text: The effect source.
        origin: Maps offsets to file locations for errors; defaults to the string itself.

    Returns:
        The effect's AST.

    Raises:
        DslSyntaxError: The text does not follow the grammar.

    Examples:
        >>> parse_effect("gain 1 gold; return worker").steps[1]
        ReturnWorker()
    """
    return _parse(text, "start", origin)  # type: ignore[no-any-return]


def parse_expression(text: str, origin: Origin | None = None) -> A.Expr:
    """Parse a numeric expression (an agenda's score).

    Examples:
        >>> parse_expression("count(markets) per 2")
        Op(op='per', left=Count(what=Name(text='markets'), where=None), right=Number(value=2))
    """
    return _parse(text, "expression", origin)  # type: ignore[no-any-return]


_REMEMBERED: dict[tuple[str, str], Any] | None = None
_REMEMBER_AT_MOST = 20_000


def remember_trees(on: bool = True) -> None:
    """Reuse the tree of a text parsed before (off by default).

    For processes that only check content and never play it, such as the
    language server, which checks the whole content on every edit: parsing the
    effects is most of that time. Content that is played must not share trees
    between effects, because the engine numbers effect trees by identity.
    """
    global _REMEMBERED
    _REMEMBERED = {} if on else None


def _parse(text: str, start: str, origin: Origin | None) -> Any:
    remembered = _REMEMBERED
    if remembered is not None and isinstance(text, str):
        tree = remembered.get((text, start))
        if tree is None:
            tree = _parse_located(text, start, origin)
            if len(remembered) >= _REMEMBER_AT_MOST:
                remembered.clear()
            remembered[(text, start)] = tree
        return tree
    return _parse_located(text, start, origin)


def _parse_located(text: str, start: str, origin: Origin | None) -> Any:
    if not isinstance(text, str):
        raise DslSyntaxError(Problem(None, f"an effect must be text, not {type(text).__name__}"))
    where = origin or Origin.of_string(text)
    if len(text) > MAX_SOURCE:
        _fail(
            where, MAX_SOURCE, f"effect is too long ({len(text)} characters, at most {MAX_SOURCE})"
        )
    if not text.strip():
        _fail(where, 0, "empty effect; write 'nothing' for an effect that does nothing")
    try:
        tree = _lark().parse(text, start=start)
    except UnexpectedInput as exc:
        _fail(where, _offset(exc, text), _describe(exc))
    _check_depth(tree, where)
    return _Builder().build(tree.children[0])


def _fail(origin: Origin, offset: int, message: str) -> NoReturn:
    raise DslSyntaxError(Problem(origin.locate(offset), message))


def _offset(exc: UnexpectedInput, text: str) -> int:
    if isinstance(exc, UnexpectedEOF):
        return len(text)
    pos = getattr(exc, "pos_in_stream", None)
    if isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
        return len(text)
    return pos if isinstance(pos, int) else len(text)


def _describe(exc: UnexpectedInput) -> str:
    expected: set[str] = set()
    if isinstance(exc, (UnexpectedToken, UnexpectedEOF)):
        expected = set(exc.expected)
    elif isinstance(exc, UnexpectedCharacters):
        expected = set(exc.allowed or ())
    parser = getattr(exc, "interactive_parser", None)
    if parser is not None:
        # The exact set: an LALR state shared by several rules lists tokens
        # that are not acceptable here (')' at the top level, ...).
        expected = set(parser.accepts())
    wanted = _expected_words(expected)
    if isinstance(exc, UnexpectedCharacters):
        head = f"unexpected character {exc.char!r}"
    elif isinstance(exc, UnexpectedEOF) or (
        isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    ):
        head = "unexpected end of effect"
    else:
        token = getattr(exc, "token", "")
        head = f"unexpected {str(token)!r}"
        words = [w.strip("'") for w in wanted if w.startswith("'")]
        hint = did_you_mean(str(token), words) if getattr(token, "type", "") == "NAME" else ""
        if hint.startswith("; did"):
            return head + hint
    if not wanted:
        return head
    return f"{head}; expected {_join(wanted)}"


_FRIENDLY = {
    "NAME": "a name",
    "INT": "a number",
    "COMPARE": "a comparison",
    "$END": "the end of the effect",
}


def _expected_words(names: set[str]) -> list[str]:
    by_name = {t.name: t for t in _lark().terminals}
    words: list[str] = []
    for name in names:
        if name in _FRIENDLY:
            words.append(_FRIENDLY[name])
        elif name in by_name and by_name[name].pattern.type == "str":
            words.append(repr(str(by_name[name].pattern.value)))
    return sorted(set(words))


def _join(words: list[str]) -> str:
    if len(words) > 12:
        words = [*words[:12], "..."]
    return words[0] if len(words) == 1 else "one of " + ", ".join(words)


def _check_depth(tree: Tree[Token], origin: Origin) -> None:
    stack: list[tuple[Any, int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if not isinstance(node, Tree):
            continue
        if depth > MAX_DEPTH:
            start = getattr(node.meta, "start_pos", 0) if not node.meta.empty else 0
            _fail(origin, start, f"effect is nested too deeply (more than {MAX_DEPTH} levels)")
        stack.extend((child, depth + 1) for child in node.children)


def _span(node: Tree[Token] | Token) -> A.Span:
    if isinstance(node, Token):
        return A.Span(node.start_pos or 0, node.end_pos or 0)
    if node.meta.empty:
        return A.NOWHERE
    return A.Span(node.meta.start_pos, node.meta.end_pos)


class _Builder:
    """Builds AST nodes from the Lark tree, one method per rule."""

    def __init__(self) -> None:
        self._rules: dict[str, Callable[[Tree[Token]], Any]] = {
            "effect": self._effect,
            "group": self._group,
            "paid": self._paid,
            "when": self._when,
            "when_else": self._when,
            "repeat": self._repeat,
            "each": self._each,
            "choose": self._choose,
            "gain": self._gain,
            "lose": self._lose,
            "draw": self._draw,
            "take_gate": self._simple,
            "return_worker": self._simple,
            "nothing": self._simple,
            "place": self._place,
            "build": self._build,
            "amount": self._amount,
            "influence_amount": self._inf_amount,
            "in_district": self._where,
            "here": self._where,
            "cond_expr": self._cond_expr,
            "add": self._op,
            "sub": self._op,
            "mul": self._op,
            "per": self._op,
            "neg": self._neg,
            "number": self._number,
            "quantity": self._quantity,
            "count": self._count,
            "influence": self._influence,
            "min": self._extreme,
            "max": self._extreme,
            "compare": self._compare,
            "or_": self._boolop,
            "and_": self._boolop,
            "not_": self._not,
        }

    def build(self, node: Any) -> Any:
        return self._rules[str(node.data)](node)

    def _name(self, token: Any) -> Any:
        return None if token is None else A.Name(str(token), span=_span(token))

    def _effect(self, t: Any) -> A.Effect:
        steps = tuple(self.build(c) for c in t.children)
        return steps[0] if len(steps) == 1 else A.Seq(steps, span=_span(t))

    def _group(self, t: Any) -> Any:
        return self.build(t.children[0])

    def _paid(self, t: Any) -> A.Paid:
        items, body = t.children
        cost = tuple(self.build(c) for c in items.children)
        return A.Paid(cost, self.build(body), span=_span(t))

    def _when(self, t: Any) -> A.When:
        kids = [self.build(c) for c in t.children]
        otherwise = kids[2] if len(kids) > 2 else None
        return A.When(kids[0], kids[1], otherwise, span=_span(t))

    def _repeat(self, t: Any) -> A.Repeat:
        times, body = t.children
        return A.Repeat(int(str(times)), self.build(body), span=_span(t))

    def _each(self, t: Any) -> A.Each:
        who, body = t.children
        return A.Each(self._name(who), self.build(body), span=_span(t))

    def _choose(self, t: Any) -> A.Choose:
        return A.Choose(tuple(self.build(c) for c in t.children), span=_span(t))

    def _items(self, t: Any) -> tuple[Any, ...]:
        return tuple(self.build(c) for c in t.children[0].children)

    def _gain(self, t: Any) -> A.Gain:
        return A.Gain(self._items(t), span=_span(t))

    def _lose(self, t: Any) -> A.Lose:
        return A.Lose(self._items(t), span=_span(t))

    def _draw(self, t: Any) -> A.Draw:
        count, what, source = t.children
        return A.Draw(self.build(count), self._name(what), self._name(source), span=_span(t))

    def _simple(self, t: Any) -> Any:
        kinds: dict[str, Any] = {
            "take_gate": A.TakeGate,
            "return_worker": A.ReturnWorker,
            "nothing": A.Nothing,
        }
        return kinds[str(t.data)](span=_span(t))

    def _place(self, t: Any) -> A.Place:
        kind, where = t.children
        place_at = None if where is None else self.build(where)
        return A.Place(self._name(kind), place_at, span=_span(t))

    def _build(self, t: Any) -> A.Build:
        kind, discount = t.children
        amount = None if discount is None else self.build(discount)
        return A.Build(self._name(kind), amount, span=_span(t))

    def _amount(self, t: Any) -> A.Amount:
        value, resource = t.children
        return A.Amount(self.build(value), self._name(resource), span=_span(t))

    def _inf_amount(self, t: Any) -> A.InfluenceAmount:
        value, faction = t.children
        named = None if faction.data == "any_faction" else self._name(faction.children[0])
        return A.InfluenceAmount(self.build(value), named, span=_span(t))

    def _where(self, t: Any) -> A.Here | A.InDistrict:
        if t.data == "here" or str(t.children[0]) == "here":
            return A.Here(span=_span(t))
        return A.InDistrict(self._name(t.children[0]), span=_span(t))

    def _cond_expr(self, t: Any) -> A.CondExpr:
        value, cond, otherwise = t.children
        other = None if otherwise is None else self.build(otherwise)
        return A.CondExpr(self.build(value), self.build(cond), other, span=_span(t))

    def _op(self, t: Any) -> A.Op:
        symbol = {"add": "+", "sub": "-", "mul": "*", "per": "per"}[str(t.data)]
        left, right = (self.build(c) for c in t.children)
        return A.Op(symbol, left, right, span=_span(t))

    def _neg(self, t: Any) -> A.Neg:
        return A.Neg(self.build(t.children[0]), span=_span(t))

    def _number(self, t: Any) -> A.Number:
        return A.Number(int(str(t.children[0])), span=_span(t))

    def _quantity(self, t: Any) -> A.Quantity:
        return A.Quantity(self._name(t.children[0]), span=_span(t))

    def _count(self, t: Any) -> A.Count:
        what, where = t.children
        place = None if where is None else self.build(where)
        return A.Count(self._name(what), place, span=_span(t))

    def _influence(self, t: Any) -> A.Influence:
        return A.Influence(self._name(t.children[0]), span=_span(t))

    def _extreme(self, t: Any) -> A.Extreme:
        args = tuple(self.build(c) for c in t.children)
        return A.Extreme(str(t.data), args, span=_span(t))

    def _compare(self, t: Any) -> A.Compare:
        left, op, right = t.children
        return A.Compare(str(op), self.build(left), self.build(right), span=_span(t))

    def _boolop(self, t: Any) -> A.BoolOp:
        left, right = (self.build(c) for c in t.children)
        return A.BoolOp(str(t.data).rstrip("_"), left, right, span=_span(t))

    def _not(self, t: Any) -> A.Not:
        return A.Not(self.build(t.children[0]), span=_span(t))
