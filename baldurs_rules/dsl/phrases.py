"""English phrases of expressions and conditions, the parts rules text is made of.

[`english`][baldurs_rules.dsl.english] builds sentences out of these phrases:
what a player has a number of (a [`Noun`][baldurs_rules.dsl.words.Noun]),
amounts of something (``2 prestige per Market you own``), plain numbers
(``the number of Markets you own``) and conditions (``you own at least 2 Temples``).
Every phrase is in one grammatical person (``you`` or, inside ``each``, ``they``).

The English never changes what a tree means, but it may say it differently:
``not`` is pushed into the comparisons (``not (a or b)`` reads as ``not a and
not b``), ``> 0`` on a count reads as "at least 1", a number on the left of a
comparison moves to the right, ``max(a, b) >= n`` reads as "a or b at least n",
and ``k * x`` reads with the number first. Each rewrite is checked against the
evaluator (``tests/dsl/test_phrases.py``).

Examples:
    >>> from baldurs_rules.dsl import parse_expression
    >>> Phrases().amount(parse_expression("3 * count(markets)"), Unit("prestige"))
    '3 prestige per market you own'
    >>> Phrases().np(parse_expression("2 * gold + 1"))
    '(2 × your gold) plus 1'
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, replace

from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.checker import singular
from baldurs_rules.dsl.words import (
    STRUCTURE_KINDS,
    YOU,
    Noun,
    Person,
    Unit,
    article,
    listing,
    plural,
)

__all__ = ["Phrases", "is_zero", "split_extremes", "without_not"]

# ---------------------------------------------------------------- phrases

_NEGATED = {">=": "<", "<": ">=", "<=": ">", ">": "<=", "==": "!=", "!=": "=="}
_MIRROR = {">=": "<=", "<=": ">=", ">": "<", "<": ">", "==": "==", "!=": "!="}
_IS_WORD = {
    ">=": "at least",
    "<=": "at most",
    ">": "more than",
    "<": "less than",
    "==": "",
    "!=": "not",
}
_SHARED_WORDS = frozenset(
    {"at least", "at most", "more than", "fewer than", "less than", "exactly"}
)

# sing, plural, per (after the noun in "per ..."), subject, tail (after it in a comparison)
_QUANTITY_NOUNS: dict[str, tuple[str, str, str, str, str]] = {
    "districts": ("district", "districts", " {you} occupy", "{you} occupy", ""),
    "largest_network": (
        "piece",
        "pieces",
        " in {your} largest network",
        "{your} largest network has",
        "",
    ),
    "portfolio": ("building card", "building cards", " in {your} portfolio", "{you} have", ""),
    "hand": ("building card", "building cards", " in {your} hand", "{you} have", ""),
    "agendas": ("agenda card", "agenda cards", " in {your} hand", "{you} have", ""),
    "opponents": ("opponent", "opponents", "", "{you} have", ""),
    "damage": (
        "damage token",
        "damage tokens",
        " on this district's special location",
        "there are",
        "",
    ),
    "fortifications": ("fortification", "fortifications", " {you} own", "{you} own", ""),
}
_NEGATED_SUBJECT = {
    "{you} own": "{you} do not own",
    "{you} have": "{you} do not have",
    "{you} occupy": "{you} do not occupy",
    "{your} largest network has": "{your} largest network does not have",
    "there are": "there are not",
}
_IN_TAIL = {"portfolio", "hand", "agendas", "damage"}  # the "per" text is also the tail
_QUANTITY_NP = {
    "districts": "the number of districts {you} occupy",
    "largest_network": "the size of {your} largest network",
    "portfolio": "the number of building cards in {your} portfolio",
    "hand": "the number of building cards in {your} hand",
    "agendas": "the number of agenda cards in {your} hand",
    "opponents": "the number of {your} opponents",
    "strength": "the current attack strength",
    "damage": "the number of damage tokens on this district's special location",
    "fortifications": "the number of fortifications {you} own",
}


@dataclass(frozen=True)
class _Claim:
    """One comparison as ``subject word what``: ``you own`` ``at least`` ``2 Temples``."""

    subject: str
    word: str
    what: str

    def text(self, subject: bool = True, word: bool = True) -> str:
        parts = [self.subject if subject else "", self.word if word else "", self.what]
        return " ".join(p for p in parts if p)


@dataclass(frozen=True)
class _Rate:
    """``k`` of a unit per ``n`` of a noun (``n`` 1: per each), with a closing note."""

    k: int
    noun: Noun
    n: int = 1
    note: str = ""

    @property
    def bare(self) -> bool:
        return self.k == 1 and self.n == 1 and not self.note


def without_not(node: A.Cond, negate: bool = False) -> A.Cond:
    """The condition with every ``not`` pushed into its comparisons (De Morgan).

    Examples:
        >>> from baldurs_rules.dsl import parse_effect
        >>> from baldurs_rules.dsl.render import to_source
        >>> tree = parse_effect("if not (gold > 1 or supply < 2): nothing").cond
        >>> to_source(without_not(tree))
        'gold <= 1 and supply >= 2'
    """
    if isinstance(node, A.Not):
        return without_not(node.operand, not negate)
    if isinstance(node, A.BoolOp):
        op = {"and": "or", "or": "and"}[node.op] if negate else node.op
        return A.BoolOp(op, without_not(node.left, negate), without_not(node.right, negate))
    if negate and isinstance(node, A.Compare):
        return A.Compare(_NEGATED[node.op], node.left, node.right)
    return node


def split_extremes(node: A.Cond) -> A.Cond:
    """Comparisons of ``min``/``max`` with a number, as comparisons of their arguments.

    ``max(a, b) >= n`` is ``a >= n or b >= n``; ``min(a, b) >= n`` is
    ``a >= n and b >= n`` (and the other way round for ``<=`` and ``<``).

    Examples:
        >>> from baldurs_rules.dsl import parse_effect
        >>> from baldurs_rules.dsl.render import to_source
        >>> to_source(split_extremes(parse_effect("if max(gold, supply) > 5: nothing").cond))
        'gold > 5 or supply > 5'
    """
    if isinstance(node, A.BoolOp):
        return A.BoolOp(node.op, split_extremes(node.left), split_extremes(node.right))
    if not isinstance(node, A.Compare) or node.op in ("==", "!="):
        return node
    op, left, right = node.op, node.left, node.right
    if isinstance(left, A.Number):
        op, left, right = _MIRROR[op], right, left
    if not isinstance(left, A.Extreme) or not isinstance(right, A.Number):
        return node
    up = op in (">=", ">")
    joined = "or" if (left.op == "max") == up else "and"
    parts = [split_extremes(A.Compare(op, arg, right)) for arg in left.args]
    tree = parts[0]
    for part in parts[1:]:
        tree = A.BoolOp(joined, tree, part)
    return tree


def _overlap(a: str, b: str) -> bool:
    """Whether two countable kinds (singular ids) can count the same structure."""
    if a == b or "structure" in (a, b):
        return True
    for group, members in (("building", None), ("fortification", {"watchtower", "keep", "gate"})):
        if group in (a, b):
            other = b if a == group else a
            return other not in STRUCTURE_KINDS if members is None else other in members
    return False


def _terms(node: A.Expr) -> list[tuple[str, A.Expr]]:
    """A left-grouped chain of ``+``/``-`` as (``plus``/``minus``/'', term) pairs."""
    if isinstance(node, A.Op) and node.op in "+-":
        word = "plus" if node.op == "+" else "minus"
        return [*_terms(node.left), (word, node.right)]
    return [("", node)]


def _compound(node: A.Expr) -> bool:
    """Whether a number needs parentheses to be an operand."""
    if isinstance(node, A.Neg):
        return not isinstance(node.operand, A.Number)
    return isinstance(node, (A.Op, A.CondExpr, A.Extreme))


def is_zero(node: A.Expr | None) -> bool:
    """Whether a value is absent or the number 0 (an ``else`` that gives nothing)."""
    return node is None or (isinstance(node, A.Number) and node.value == 0)


def _split_number(node: A.Op) -> tuple[int, A.Expr] | None:
    """``k * x`` or ``x * k`` as (k, x)."""
    if isinstance(node.left, A.Number):
        return node.left.value, node.right
    if isinstance(node.right, A.Number):
        return node.right.value, node.left
    return None


class Phrases:
    """Phrases in one person; ``names`` maps ids to display names.

    Examples:
        >>> from baldurs_rules.dsl import parse_effect
        >>> Phrases().cond(parse_effect("if count(inns) >= 2 and gold < 3: nothing").cond)
        'you own at least 2 inns and you have less than 3 gold'
    """

    def __init__(self, names: Mapping[str, str] | None = None, person: Person = YOU) -> None:
        self.names = names or {}
        self.person = person

    # -- words
    def name(self, word: str) -> str:
        """The display name of an id (``thieves_guild`` -> ``Thieves' Guild``)."""
        if word in self.names:
            return self.names[word]
        return " ".join(word.split("_")).strip() or word

    def kind(self, word: str) -> str:
        """The singular display name of a countable kind (``markets`` -> ``Market``)."""
        one = singular(word)
        for candidate in (one, word):
            if candidate in self.names:
                return self.names[candidate]
        return {"hq": "HQ"}.get(one, self.name(one))

    def where(self, where: A.Where | None) -> str:
        """`` in Seatower``, `` in this district`` or ''."""
        if where is None:
            return ""
        return (
            " in this district"
            if isinstance(where, A.Here)
            else f" in {self.name(where.district.text)}"
        )

    def fill(self, template: str) -> str:
        return self.person.fill(template)

    # -- nouns
    def noun(self, node: A.Expr) -> Noun | None:
        """What a number counts, when it counts something a player has."""
        if isinstance(node, A.Quantity):
            return self._quantity_noun(node.name.text)
        if isinstance(node, A.Count):
            return self._count_noun([node])
        if isinstance(node, A.Influence):
            if node.faction.text in ("highest", "lowest"):
                return None
            tail = f" with {self.name(node.faction.text)}"
            return self._noun("influence", "influence", " {you} have" + tail, "{you} have", tail)
        if isinstance(node, A.Op) and node.op == "+":
            terms = [term for _, term in _terms(node)]
            counts = [term for term in terms if isinstance(term, A.Count)]
            if len(counts) == len(terms):
                return self._count_noun(counts)
        if isinstance(node, A.Extreme) and node.op == "min":
            counts = [arg for arg in node.args if isinstance(arg, A.Count)]
            if len(counts) == len(node.args):
                return self._set_noun(counts)
        return None

    def _noun(self, sing: str, many: str, per: str, subject: str, tail: str) -> Noun:
        fill = self.fill
        one = "there is" if subject == "there are" else ""
        negated = fill(_NEGATED_SUBJECT[subject])
        return Noun(sing, many, fill(per), fill(subject), fill(tail), negated, one)

    def _quantity_noun(self, word: str) -> Noun | None:
        if word == "strength":
            return None
        if word in _QUANTITY_NOUNS:
            sing, many, per, subject, tail = _QUANTITY_NOUNS[word]
            return self._noun(sing, many, per, subject, per if word in _IN_TAIL else tail)
        resource = self.name(word)
        return self._noun(resource, resource, " {you} have", "{you} have", "")

    def _count_noun(self, counts: list[A.Count]) -> Noun | None:
        kinds = [singular(c.what.text) for c in counts]
        if len(counts) == 1:
            one, where = self.kind(kinds[0]), self.where(counts[0].where)
            return self._noun(one, plural(one), " {you} own" + where, "{you} own", where)
        districts = [c.where.district.text for c in counts if isinstance(c.where, A.InDistrict)]
        if len(set(kinds)) == 1 and len(set(districts)) == len(counts):
            one, places = self.kind(kinds[0]), [self.name(d) for d in districts]
            per = " {you} own in " + listing(places, "or")
            tail = " in " + listing(places, "and") + " in total"
            return replace(
                self._noun(one, plural(one), per, "{you} own", tail),
                none=plural(one) + " in " + listing(places, "or"),
            )
        return self._kinds_noun(counts, kinds)

    def _kinds_noun(self, counts: list[A.Count], kinds: list[str]) -> Noun | None:
        """Counts of different kinds in the same place: ``Watchtowers and Keeps``."""
        if any(c.where != counts[0].where for c in counts) or any(
            _overlap(a, b) for i, a in enumerate(kinds) for b in kinds[i + 1 :]
        ):
            return None
        ones = [self.kind(k) for k in kinds]
        where = self.where(counts[0].where)
        many = [plural(o) for o in ones]
        noun = self._noun(
            listing(ones, "or"),
            listing(many, "and"),
            " {you} own" + where,
            "{you} own",
            where + " in total",
        )
        return replace(noun, none=listing(many, "or") + where)

    def _set_noun(self, counts: list[A.Count]) -> Noun | None:
        """``min`` of counts: complete sets (``set of an Inn and a Market``)."""
        kinds = [singular(c.what.text) for c in counts]
        if self._kinds_noun(counts, kinds) is None:
            return None
        where = self.where(counts[0].where)
        parts = listing([article(self.kind(k)) for k in kinds], "and")
        return self._noun(
            f"set of {parts}", f"sets of {parts}", " {you} own" + where, "{you} own", where
        )

    # -- plain numbers
    def np(self, node: A.Expr) -> str:
        """A number as a noun phrase; compound parts get parentheses.

        Examples:
            >>> from baldurs_rules.dsl import parse_expression
            >>> Phrases().np(parse_expression("min(gold, supply) + 2"))
            '(the lower of your gold and your supply) plus 2'
        """
        if isinstance(node, A.Number):
            return str(node.value)
        if isinstance(node, A.Quantity):
            word = node.name.text
            return self.fill(_QUANTITY_NP.get(word, "{your} " + self.name(word)))
        if isinstance(node, A.Count):
            many = plural(self.kind(node.what.text))
            return f"the number of {many} {self.person.you} own{self.where(node.where)}"
        if isinstance(node, A.Influence):
            faction = node.faction.text
            if faction in ("highest", "lowest"):
                return self.fill(f"{{your}} {faction} faction influence")
            return self.fill("{your} influence with ") + self.name(faction)
        if isinstance(node, A.Neg):
            if isinstance(node.operand, A.Number):
                return f"-{node.operand.value}"
            return f"minus {self.part(node.operand)}"
        if isinstance(node, A.Op):
            return self._op(node)
        if isinstance(node, A.Extreme):
            return self._extreme(node)
        if isinstance(node, A.CondExpr):
            other = "0" if node.otherwise is None else self.np(node.otherwise)
            return f"{self.part(node.value)} if {self.cond(node.cond)}, else {other}"
        raise TypeError(f"not an expression node: {node!r}")

    def part(self, node: A.Expr, last: bool = False) -> str:
        """A number used as an operand: in parentheses when it is compound.

        A ``min``/``max`` that ends the phrase (``last``) needs none: nothing
        after it could be read as one of its arguments.
        """
        text = self.np(node)
        if last and isinstance(node, A.Extreme):
            return text
        return f"({text})" if _compound(node) else text

    def _op(self, node: A.Op) -> str:
        if node.op in "+-":
            chain = isinstance(node.left, A.Op) and node.left.op in "+-"
            left = self.np(node.left) if chain else self.part(node.left)
            word = "plus" if node.op == "+" else "minus"
            return f"{left} {word} {self.part(node.right, last=True)}"
        if node.op == "*":
            first, second = node.left, node.right
            if isinstance(second, A.Number) and not isinstance(first, A.Number):
                first, second = second, first
            chain = isinstance(first, A.Op) and first.op == "*"
            head = self.np(first) if chain else self.part(first)
            return f"{head} × {self.part(second, last=True)}"
        return f"{self.part(node.left)} divided by {self.part(node.right)}, rounded down"

    def _extreme(self, node: A.Extreme) -> str:
        args: list[A.Expr] = []
        for arg in node.args:  # min(min(a, b), c) is min(a, b, c)
            if isinstance(arg, A.Extreme) and arg.op == node.op:
                args.extend(arg.args)
            else:
                args.append(arg)
        parts = [self.part(a) for a in args]
        if len(parts) == 2:
            word = "lower" if node.op == "min" else "higher"
        else:
            word = "lowest" if node.op == "min" else "highest"
        return f"the {word} of {listing(parts, 'and')}"

    # -- amounts
    def amount(self, node: A.Expr, unit: Unit) -> str:
        """How much of a unit a number gives: ``1 gold plus 1 gold per Market you own``."""
        if isinstance(node, A.CondExpr):
            return self.conditional(node, unit)
        terms = _terms(node)
        if len(terms) == 1:
            return self._term(node, unit)
        last = len(terms) - 1
        return " ".join(
            f"{word} {self._term(term, unit, sum_part=True, last=i == last)}".strip()
            for i, (word, term) in enumerate(terms)
        )

    def conditional(self, node: A.CondExpr, unit: Unit, bare_numbers: bool = False) -> str:
        """``2 gold if you own at least 3 Markets, else 1 gold`` (a chain reads on).

        With ``bare_numbers``, the values after the first that are plain numbers
        leave out the unit ("8 prestige if ..., else 3 if ...").
        """
        text = f"{self._value(node.value, unit, False)} if {self.cond(node.cond)}"
        other = node.otherwise
        while isinstance(other, A.CondExpr):
            value = self._value(other.value, unit, bare_numbers)
            text += f", else {value} if {self.cond(other.cond)}"
            other = other.otherwise
        if other is None or is_zero(other):
            return text
        return f"{text}, else {self._value(other, unit, bare_numbers)}"

    def _value(self, node: A.Expr, unit: Unit, bare_numbers: bool) -> str:
        if bare_numbers and isinstance(node, A.Number):
            return str(node.value)
        text = self.amount(node, unit)
        return f"({text})" if len(_terms(node)) > 1 or isinstance(node, A.CondExpr) else text

    def _term(self, node: A.Expr, unit: Unit, sum_part: bool = False, last: bool = True) -> str:
        """One term of an amount; in a sum (``sum_part``) it must not run into the next."""
        if isinstance(node, A.Number):
            return f"{node.value} {unit.of(node.value)}"
        if isinstance(node, A.CondExpr):  # "plus (3 prestige if ...)": the if is the term's
            text = self.conditional(node, unit)
            return f"({text})" if sum_part or not is_zero(node.otherwise) else text
        if isinstance(node, A.Op) and node.op in "+-":
            return f"({self.amount(node, unit)})"
        rate = self._rate(node)
        if rate is not None:
            counted = rate.noun.sing if rate.n == 1 else f"{rate.n} {rate.noun.of(rate.n)}"
            return f"{rate.k} {unit.of(rate.k)} per {counted}{rate.noun.per}{rate.note}"
        if isinstance(node, A.Extreme) and len(node.args) == 2:
            capped = self._capped(node, unit)
            if capped is not None:
                return capped
        value = self.part(node, last=last) if sum_part else self.np(node)
        return f"{unit.of(0)} equal to {value}"

    def _capped(self, node: A.Extreme, unit: Unit) -> str | None:
        """``min(x, 4)``: x's amount with ``(at most 4 prestige)``."""
        first, second = node.args
        bound, other = (first, second) if isinstance(first, A.Number) else (second, first)
        if not isinstance(bound, A.Number) or isinstance(other, A.Number):
            return None
        word = "at most" if node.op == "min" else "at least"
        return f"{self._term(other, unit)} ({word} {bound.value} {unit.of(bound.value)})"

    def _rate(self, node: A.Expr) -> _Rate | None:
        noun = self.noun(node)
        if noun is not None:
            return _Rate(1, noun)
        if isinstance(node, A.Op) and node.op == "*":
            split = _split_number(node)
            inner = None if split is None else self._rate(split[1])
            return None if inner is None or split is None else replace(inner, k=inner.k * split[0])
        if isinstance(node, A.Op) and node.op == "per":
            inner = self._rate(node.left)
            if inner is not None and inner.bare and isinstance(node.right, A.Number):
                return _Rate(1, inner.noun, node.right.value) if node.right.value >= 1 else None
            return None
        if isinstance(node, A.Extreme) and len(node.args) == 2:
            return self._limited_rate(node)
        return None

    def _limited_rate(self, node: A.Extreme) -> _Rate | None:
        """``min(hand, 4)``: counting at most 4; ``max(portfolio - 4, 0)``: beyond the first 4."""
        first, second = node.args
        bound, other = (first, second) if isinstance(first, A.Number) else (second, first)
        if not isinstance(bound, A.Number):
            return None
        if node.op == "min":
            noun = self.noun(other)
            return (
                None if noun is None else _Rate(1, noun, note=f" (counting at most {bound.value})")
            )
        if bound.value != 0 or not (isinstance(other, A.Op) and other.op == "-"):
            return None
        noun = self.noun(other.left)
        if noun is None or not isinstance(other.right, A.Number):
            return None
        return _Rate(1, noun, note=f" beyond the first {other.right.value}")

    # -- conditions
    def cond(self, node: A.Cond) -> str:
        """A condition as a clause (or clauses joined by ``and``/``or``)."""
        node = split_extremes(without_not(node))
        if isinstance(node, A.BoolOp):
            return self._joined(node)
        return self._claim(node).text()

    def _joined(self, node: A.BoolOp) -> str:
        parts: list[A.Cond] = []

        def flatten(n: A.Cond) -> None:
            if isinstance(n, A.BoolOp) and n.op == node.op:
                flatten(n.left)
                flatten(n.right)
            else:
                parts.append(n)

        flatten(node)
        groups: list[list[_Claim] | str] = []
        for part in parts:
            if isinstance(part, A.BoolOp):
                groups.append(f"({self._joined(part)})")
                continue
            claim = self._claim(part)
            last = groups[-1] if groups else None
            # "you do not own exactly 2 Inns and 3 Markets" would blur what "not" covers
            negated = " not" in claim.subject
            if isinstance(last, list) and last[0].subject == claim.subject and not negated:
                last.append(claim)
            else:
                groups.append([claim])
        return f" {node.op} ".join(g if isinstance(g, str) else _merged(g, node.op) for g in groups)

    def _claim(self, node: A.Cond) -> _Claim:
        if not isinstance(node, A.Compare):
            raise TypeError(f"not a condition node: {node!r}")
        op, left, right = node.op, node.left, node.right
        if isinstance(left, A.Number) and not isinstance(right, A.Number):
            op, left, right = _MIRROR[op], right, left
        if isinstance(right, A.Number):
            noun = self.noun(left)
            if noun is not None:
                return _counted(noun, op, right.value)
        return _Claim(f"{self._side(left)} is", _IS_WORD[op], self._side(right))

    def _side(self, node: A.Expr) -> str:
        text = self.np(node)
        wrap = isinstance(node, A.CondExpr) or (isinstance(node, A.Op) and node.op == "per")
        return f"({text})" if wrap else text


def _merged(claims: list[_Claim], op: str) -> str:
    """Claims with one subject: ``you own at least 2 Temples, 2 Markets and 1 Inn``."""
    parts = [claims[0].text(subject=False)]
    for before, claim in itertools.pairwise(claims):
        shared = claim.word == before.word and claim.word in _SHARED_WORDS
        parts.append(claim.text(subject=False, word=not shared))
    return f"{claims[0].subject} {listing(parts, op)}"


def _counted(noun: Noun, op: str, n: int) -> _Claim:
    """``you own at least 2 Temples``, ``you have no gold``, ..."""

    def claim(word: str, k: int, subject: str = "") -> _Claim:
        return _Claim(subject or noun.subject_for(k), word, f"{k} {noun.of(k)}{noun.tail}")

    none = _Claim(noun.subject, "", f"no {noun.none or noun.plural + noun.tail}")
    if op == ">=":
        return claim("at least", n)
    if op == ">":
        return claim("at least", 1) if n == 0 else claim("more than", n)
    if op == "<=":
        return none if n == 0 else claim("at most", n)
    if op == "<":
        return none if n == 1 else claim("less than" if noun.mass else "fewer than", n)
    if op == "==":
        return none if n == 0 else claim("exactly", n)
    return claim("at least", 1) if n == 0 else claim("exactly", n, noun.negated)
