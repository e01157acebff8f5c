"""Meaning checks of effect ASTs: every problem in one pass.

The checker knows which words exist from a
[`Vocabulary`][baldurs_rules.dsl.checker.Vocabulary] (built from content) and
where an effect is used from a [`Slot`][baldurs_rules.dsl.checker.Slot]. It
never stops at the first problem: it returns all of them, each located in the
source, with a suggestion where one is likely.

Examples:
    >>> from baldurs_rules.dsl import parse_effect
    >>> vocab = Vocabulary.minimal()
    >>> [p.message for p in check_effect(parse_effect("gain 2 gald"), vocab, Slot.INCOME)]
    ["unknown resource 'gald'; did you mean 'gold'?"]
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.origin import Origin
from baldurs_rules.errors import Problem, did_you_mean

__all__ = [
    "EACH_PLAYERS",
    "MAX_NUMBER",
    "MAX_REPEAT",
    "MAX_WORK",
    "Slot",
    "Vocabulary",
    "check_effect",
    "check_expression",
    "work",
]

MAX_NUMBER = 999
"""The largest number literal an effect may contain."""
MAX_REPEAT = 10
"""The largest bound of ``repeat``."""
MAX_WORK = 1000
"""The most atomic steps one effect may expand to (repeats multiplied out)."""
EACH_PLAYERS = 4
"""How many players :func:`work` counts an ``each`` step for (one per seat of a full game)."""


class Slot(enum.Enum):
    """Where an effect is used: decides which words make sense in it."""

    WHEN_BUILT = "when-built effect"
    INCOME = "income ability"
    TRADE = "location trade"
    AGENDA = "agenda score"
    REWARD = "faction reward"
    BONUS = "connection bonus"
    HQ_INCOME = "HQ income"
    HQ_ABILITY = "HQ ability"
    HQ_SETUP = "HQ setup"

    @property
    def phrase(self) -> str:
        """The slot with its article, for messages (``an income ability``)."""
        return ("an " if self.value[0] in "aeiouAEIOU" else "a ") + self.value

    @property
    def has_here(self) -> bool:
        """Whether ``here`` names a district in this slot."""
        return self in _HERE_SLOTS


_HERE_SLOTS = frozenset(
    {Slot.WHEN_BUILT, Slot.TRADE, Slot.HQ_INCOME, Slot.HQ_ABILITY, Slot.HQ_SETUP, Slot.BONUS}
)


@dataclass(frozen=True)
class Vocabulary:
    """The words an effect may use, taken from content.

    Attributes:
        resources: Resources that can be gained or lost.
        payable: Resources that can be paid as a cost.
        factions: Faction ids.
        districts: District ids.
        building_types: Building (tile) type ids.
        structures: Other countable structure kinds (``building``, ``keep``, ...).
        placeable: Fortification kinds that ``place`` can put on the map.
        quantities: Bare names usable in expressions (``gold``, ``districts``, ...).
        here_quantities: Quantities that only make sense where ``here`` does.
        targets: Words after ``each`` (``opponent``, ``player``).
        drawable: Card kinds that ``draw`` takes, mapped to the sources allowed.
        unknown: Parts of the vocabulary that are not known (their content file
            could not be read): any word is accepted there. Among ``resources``,
            ``factions``, ``districts`` and ``building_types``.
    """

    resources: frozenset[str]
    payable: frozenset[str]
    factions: frozenset[str]
    districts: frozenset[str]
    building_types: frozenset[str]
    structures: frozenset[str] = frozenset(
        {"building", "hq", "watchtower", "keep", "gate", "fortification", "structure"}
    )
    placeable: frozenset[str] = frozenset({"watchtower", "keep"})
    quantities: frozenset[str] = frozenset(
        {
            "gold",
            "supply",
            "favor",
            "prestige",
            "districts",
            "largest_network",
            "portfolio",
            "hand",
            "agendas",
            "opponents",
            "strength",
            "damage",
            "fortifications",
        }
    )
    here_quantities: frozenset[str] = frozenset({"damage"})
    targets: frozenset[str] = frozenset({"opponent", "player"})
    drawable: dict[str, frozenset[str]] = field(
        default_factory=lambda: {"building": frozenset({"offer", "deck"}), "agenda": frozenset()}
    )
    unknown: frozenset[str] = frozenset()

    @classmethod
    def minimal(cls) -> Vocabulary:
        """A vocabulary with the standard words and no districts or factions."""
        return cls(
            resources=frozenset({"gold", "supply", "favor", "prestige"}),
            payable=frozenset({"gold", "supply", "favor"}),
            factions=frozenset(),
            districts=frozenset(),
            building_types=frozenset({"inn", "trading_hall", "market", "temple"}),
        )

    @classmethod
    def from_content(cls, content: Any) -> Vocabulary:
        """The words of a loaded content (its resources, factions, districts, tile types)."""
        return cls(
            resources=frozenset(r.id for r in content.resources),
            payable=frozenset(r.id for r in content.resources if r.payable),
            factions=frozenset(f.id for f in content.factions),
            districts=frozenset(d.id for d in content.board.districts),
            building_types=frozenset(t.id for t in content.tiles),
        )

    @property
    def countable(self) -> frozenset[str]:
        """Everything ``count(...)`` accepts (singular forms)."""
        return self.building_types | self.structures


def singular(word: str) -> str:
    """``markets`` -> ``market``; words without a trailing ``s`` are unchanged."""
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def check_effect(
    tree: Any, vocab: Vocabulary, slot: Slot, origin: Origin | None = None
) -> list[Problem]:
    """All problems of an effect used in ``slot``; empty when it is fine."""
    checker = _Checker(vocab, slot, origin)
    checker.effect(tree)
    if work(tree) > MAX_WORK:
        checker.report(tree, f"effect expands to more than {MAX_WORK} steps; lower its repeats")
    return checker.problems


def check_expression(
    tree: Any, vocab: Vocabulary, slot: Slot = Slot.AGENDA, origin: Origin | None = None
) -> list[Problem]:
    """All problems of a numeric expression (an agenda score)."""
    checker = _Checker(vocab, slot, origin)
    checker.expr(tree)
    return checker.problems


def work(tree: Any) -> int:
    """An upper bound of the atomic steps an effect performs (repeats multiplied out)."""
    if isinstance(tree, A.Seq):
        return sum(work(s) for s in tree.steps)
    if isinstance(tree, A.Choose):
        return max(work(o) for o in tree.options)
    if isinstance(tree, A.Repeat):
        return tree.times * work(tree.body)
    if isinstance(tree, A.When):
        other = 0 if tree.otherwise is None else work(tree.otherwise)
        return max(work(tree.then), other)
    if isinstance(tree, (A.Paid, A.Each)):
        return 1 + work(tree.body) * (EACH_PLAYERS if isinstance(tree, A.Each) else 1)
    return 1


class _Checker:
    def __init__(self, vocab: Vocabulary, slot: Slot, origin: Origin | None) -> None:
        self.vocab = vocab
        self.slot = slot
        self.origin = origin
        self.problems: list[Problem] = []

    def report(self, node: Any, message: str) -> None:
        span = getattr(node, "span", A.NOWHERE)
        location = None if self.origin is None else self.origin.locate(span.start)
        self.problems.append(Problem(location, message))

    def known(
        self,
        name: A.Name,
        choices: Iterable[str],
        what: str,
        plural: bool = False,
        part: str = "",
    ) -> bool:
        """Whether the word is one of ``choices`` (or of an unknown ``part``); else report it."""
        word = singular(name.text) if plural else name.text
        options = set(choices)
        if word in options or part in self.vocab.unknown:
            return True
        self.report(name, f"unknown {what} {name.text!r}{did_you_mean(word, options)}")
        return False

    # ------------------------------------------------------------ effects
    def effect(self, node: Any) -> None:
        handler = _EFFECT_CHECKS.get(type(node))
        if handler is None:
            self.report(node, f"expected an effect, found {type(node).__name__}")
            return
        handler(self, node)

    def seq(self, node: A.Seq) -> None:
        for step in node.steps:
            self.effect(step)

    def paid(self, node: A.Paid) -> None:
        for item in node.cost:
            self.cost_item(item)
        self.effect(node.body)

    def cost_item(self, item: A.Amount | A.InfluenceAmount) -> None:
        if isinstance(item, A.InfluenceAmount):
            self.report(item, "influence can only be gained; it cannot be paid")
            self.amount(item.value)
            return
        res = item.resource.text
        if res in self.vocab.resources and res not in self.vocab.payable:
            payable = ", ".join(sorted(self.vocab.payable))
            self.report(item.resource, f"a cost in {res!r} can never be paid; pay {payable}")
        else:
            self.known(item.resource, self.vocab.payable, "resource", part="resources")
        self.amount(item.value)

    def when(self, node: A.When) -> None:
        self.cond(node.cond)
        self.effect(node.then)
        if node.otherwise is not None:
            self.effect(node.otherwise)

    def repeat(self, node: A.Repeat) -> None:
        if not 1 <= node.times <= MAX_REPEAT:
            self.report(node, f"repeat count {node.times} is out of range (1 to {MAX_REPEAT})")
        self.effect(node.body)

    def each(self, node: A.Each) -> None:
        self.known(node.who, self.vocab.targets, "target of 'each'")
        self.effect(node.body)

    def choose(self, node: A.Choose) -> None:
        for option in node.options:
            self.effect(option)

    def gain(self, node: A.Gain) -> None:
        for item in node.items:
            if isinstance(item, A.InfluenceAmount):
                if item.faction is not None:
                    self.known(item.faction, self.vocab.factions, "faction", part="factions")
            else:
                self.known(item.resource, self.vocab.resources, "resource", part="resources")
            self.amount(item.value)

    def lose(self, node: A.Lose) -> None:
        for item in node.items:
            if isinstance(item, A.InfluenceAmount):
                self.report(item, "influence can only be gained; it cannot be lost")
            else:
                self.known(item.resource, self.vocab.resources, "resource", part="resources")
            self.amount(item.value)

    def draw(self, node: A.Draw) -> None:
        self.amount(node.count)
        if not self.known(node.what, self.vocab.drawable, "card kind to draw", plural=True):
            return
        sources = self.vocab.drawable[singular(node.what.text)]
        if node.source is not None:
            if not sources:
                self.report(node.source, f"{node.what.text!r} are drawn from their deck only")
            else:
                self.known(node.source, sources, "place to draw from")

    def place(self, node: A.Place) -> None:
        self.known(node.kind, self.vocab.placeable, "fortification to place")
        self.where(node.where)

    def build(self, node: A.Build) -> None:
        if node.kind is not None:
            self.known(node.kind, self.vocab.building_types, "building type", part="building_types")
        if node.discount is not None:
            self.amount(node.discount)

    # ------------------------------------------------------------ expressions
    def amount(self, node: Any) -> None:
        """An amount: any expression; a constant one must be at least 1."""
        self.expr(node)
        if isinstance(node, A.Number) and node.value < 1:
            self.report(node, f"amount {node.value} does nothing; use at least 1")

    def where(self, node: Any) -> None:
        if isinstance(node, A.Here) and not self.slot.has_here:
            self.report(node, f"'here' has no meaning in {self.slot.phrase}; name a district")
        elif isinstance(node, A.InDistrict):
            self.known(node.district, self.vocab.districts, "district", part="districts")

    def expr(self, node: Any) -> None:
        handler = _EXPR_CHECKS.get(type(node))
        if handler is None:
            self.report(node, f"expected a number, found {type(node).__name__}")
            return
        handler(self, node)

    def number(self, node: A.Number) -> None:
        if node.value > MAX_NUMBER:
            self.report(node, f"number {node.value} is too large (at most {MAX_NUMBER})")

    def quantity(self, node: A.Quantity) -> None:
        word = node.name.text
        if word in self.vocab.here_quantities and not self.slot.has_here:
            self.report(node, f"{word!r} has no meaning in {self.slot.phrase}")
            return
        hint = ""
        if word in self.vocab.factions:
            hint = f"; write influence({word})"
        elif singular(word) in self.vocab.countable:
            hint = f"; write count({word})"
        known = self.vocab.quantities | self.vocab.resources  # a resource reads as an amount
        if word not in known and "resources" not in self.vocab.unknown:
            suggestion = hint or did_you_mean(word, known)
            self.report(node.name, f"unknown quantity {word!r}{suggestion}")

    def count(self, node: A.Count) -> None:
        self.known(
            node.what, self.vocab.countable, "thing to count", plural=True, part="building_types"
        )
        self.where(node.where)

    def influence(self, node: A.Influence) -> None:
        extra = {"highest", "lowest"}
        self.known(node.faction, self.vocab.factions | extra, "faction", part="factions")

    def op(self, node: A.Op) -> None:
        self.expr(node.left)
        self.expr(node.right)
        if node.op == "per" and not (isinstance(node.right, A.Number) and node.right.value >= 1):
            self.report(node.right, "'per' needs a whole number of at least 1 after it")

    def cond_expr(self, node: A.CondExpr) -> None:
        self.expr(node.value)
        self.cond(node.cond)
        if node.otherwise is not None:
            self.expr(node.otherwise)

    def cond(self, node: Any) -> None:
        if isinstance(node, A.Compare):
            self.expr(node.left)
            self.expr(node.right)
        elif isinstance(node, A.BoolOp):
            self.cond(node.left)
            self.cond(node.right)
        elif isinstance(node, A.Not):
            self.cond(node.operand)
        else:
            self.report(node, f"expected a condition, found {type(node).__name__}")


def _ignore(checker: _Checker, node: Any) -> None:
    """Atoms with nothing to check."""


_EFFECT_CHECKS: dict[type, Any] = {
    A.Seq: _Checker.seq,
    A.Paid: _Checker.paid,
    A.When: _Checker.when,
    A.Repeat: _Checker.repeat,
    A.Each: _Checker.each,
    A.Choose: _Checker.choose,
    A.Gain: _Checker.gain,
    A.Lose: _Checker.lose,
    A.Draw: _Checker.draw,
    A.Place: _Checker.place,
    A.Build: _Checker.build,
    A.TakeGate: _ignore,
    A.ReturnWorker: _ignore,
    A.Nothing: _ignore,
}
_EXPR_CHECKS: dict[type, Any] = {
    A.Number: _Checker.number,
    A.Quantity: _Checker.quantity,
    A.Count: _Checker.count,
    A.Influence: _Checker.influence,
    A.Op: _Checker.op,
    A.Neg: lambda c, n: c.expr(n.operand),
    A.Extreme: lambda c, n: [c.expr(a) for a in n.args],
    A.CondExpr: _Checker.cond_expr,
}
