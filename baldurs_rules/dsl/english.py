"""English rules text of effects: sentences built from [`phrases`][baldurs_rules.dsl.phrases].

Each top-level step is a sentence ("Gain 1 favor. Then draw 1 agenda card.");
inside a step, steps are joined by ", then". A step is rendered in a *mood*:

* imperative, to the acting player ("gain 1 gold", "each opponent loses 1 gold");
* infinitive, after "to" or "make" ("pay 1 supply to gain 2 gold");
* finite, after "each opponent" ("each opponent loses 1 gold (as much as they have)"),
  where "you" becomes "they".

A cost at the root of an option (an income ability, a trade, a branch of a choice)
must be paid to choose the option ("Pay 1 supply to ..."); any other cost is
offered ("you may pay 1 gold to ..."), as the engine does. Where a reader could
group words two ways, parentheses make it one: a step that runs on (a choice, a
condition, a cost of several steps) gets them when more steps follow it.

Examples:
    >>> from baldurs_rules.dsl import parse_effect
    >>> English().sentences(parse_effect("gain 1 supply; each opponent: lose 1 gold"))
    'Gain 1 supply. Then each opponent loses 1 gold (as much as they have).'
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.checker import singular
from baldurs_rules.dsl.phrases import Phrases
from baldurs_rules.dsl.words import THEY, YOU, Person, Unit, article, listing, plural

__all__ = ["English", "Mood"]

_ATOMS = (A.Gain, A.Lose, A.Draw, A.TakeGate, A.Place, A.Build, A.ReturnWorker, A.Nothing)
_TIMES = {1: "once", 2: "twice", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
_TIMES |= {8: "eight", 9: "nine", 10: "ten"}
_THIRD = {"do": "does", "have": "has"}


class Mood(enum.Enum):
    """The verb form of a step."""

    IMPERATIVE = "imperative"
    INFINITIVE = "infinitive"
    FINITE = "finite"


@dataclass(frozen=True)
class _Ctx:
    """How to render a step: its mood, its person, and whether it is an option's root."""

    mood: Mood
    person: Person = YOU
    root: bool = False

    def verb(self, bare: str) -> str:
        if self.mood is not Mood.FINITE:
            return bare
        return _THIRD.get(bare, bare + ("es" if bare.endswith(("s", "sh", "ch")) else "s"))

    def inner(self, mood: Mood | None = None, person: Person | None = None) -> _Ctx:
        """The context of a part of this step (never an option's root)."""
        return _Ctx(mood or self.mood, person or self.person)


def _times(n: int) -> str:
    word = _TIMES.get(n, str(n))
    return word if n in (1, 2) else f"{word} times"


def _steps(node: Any) -> list[Any]:
    """A sequence's steps, nested sequences flattened (``(a; b); c`` is ``a; b; c``)."""
    if isinstance(node, A.Seq):
        return [s for step in node.steps for s in _steps(step)]
    return [node]


def _repeated(node: A.Repeat) -> tuple[int, Any]:
    """Nested repeats as one: ``repeat 2: repeat 3: x`` is x six times."""
    times, body = node.times, node.body
    while isinstance(body, A.Repeat):
        times, body = times * body.times, body.body
    return times, body


def _postfix(node: A.Repeat) -> bool:
    """Whether a repeat reads after its step ("gain 1 gold, twice")."""
    body = _repeated(node)[1]
    return isinstance(body, _ATOMS) and not (isinstance(body, A.Build) and body.discount)


def _when_chain(node: A.When) -> tuple[Any, Any]:
    """``if a: if b: x`` (no else anywhere) as the condition ``a and b`` and x."""
    cond, then = node.cond, node.then
    while node.otherwise is None and isinstance(then, A.When) and then.otherwise is None:
        cond, then = A.BoolOp("and", cond, then.cond), then.then
    return cond, then


def _open(node: Any) -> bool:
    """Whether a step's text runs on, so that a following ", then" could join it."""
    if isinstance(node, (A.When, A.Choose, A.Seq)):
        return True
    if isinstance(node, A.Repeat):
        return not _postfix(node)
    if isinstance(node, (A.Paid, A.Each)):
        return _open(node.body)
    return False


def _leads(node: Any) -> bool:
    """Whether a step starts with a clause of its own ("if ...", "twice, ...")."""
    if isinstance(node, A.Repeat):
        return not _postfix(node) and not isinstance(_repeated(node)[1], A.Choose)
    return isinstance(node, A.When)


def _to_able(node: Any) -> bool:
    """Whether a step reads after "to" ("pay 1 supply to gain 2 gold")."""
    if isinstance(node, A.Seq):
        return _to_able(_steps(node)[0])
    if isinstance(node, A.Repeat):
        return _postfix(node) or isinstance(node.body, A.Choose)
    return isinstance(node, (*_ATOMS, A.Each, A.Choose))


def _then(text: str) -> str:
    """``then``, or ``then,`` before a condition (``then, if ...``)."""
    return "then," if text.startswith("if ") else "then"


def _guard(text: str) -> str:
    """Parentheses around a part that has its own ``;`` (a choice, an otherwise)."""
    return f"({text})" if ";" in text else text


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class English:
    """Renders effects as English; ``names`` maps ids to display names.

    Args:
        names: Display names of ids.
        option: Whether the rendered effect is an option the player picks (an
            income ability, a trade): then a cost at its root must be paid.
    """

    def __init__(self, names: Mapping[str, str] | None = None, option: bool = True) -> None:
        self.names = names or {}
        self.option = option
        self._phrases = {YOU: Phrases(self.names, YOU), THEY: Phrases(self.names, THEY)}
        self._render: dict[type, Callable[[Any, _Ctx], str]] = {
            A.Seq: self._seq,
            A.Paid: self._paid,
            A.When: self._when,
            A.Repeat: self._repeat,
            A.Each: self._each,
            A.Choose: self._choose,
        }

    def phrases(self, ctx: _Ctx) -> Phrases:
        return self._phrases[ctx.person]

    def sentences(self, node: Any) -> str:
        """The rules text of an effect: one sentence per step."""
        root = self.option and not isinstance(node, A.Seq)
        steps = _steps(node)
        texts = [self.step(s, _Ctx(Mood.IMPERATIVE, YOU, root)) for s in steps]
        later = [f"{_capital(_then(t))} {t}" for t in texts[1:]]
        return " ".join(f"{t}." for t in [_capital(texts[0]), *later])

    def step(self, node: Any, ctx: _Ctx) -> str:
        """One step in a context."""
        render = self._render.get(type(node))
        if render is not None:
            return render(node, ctx)
        main, note = self.atom(node, ctx)
        return f"{main} {note}" if note else main

    # -- control
    def _seq(self, node: A.Seq, ctx: _Ctx) -> str:
        steps = _steps(node)
        last, inner = len(steps) - 1, ctx.inner()
        parts = [
            self._closed(s, inner) if i < last and _open(s) else self.step(s, inner)
            for i, s in enumerate(steps)
        ]
        return parts[0] + "".join(f", {_then(p)} {p}" for p in parts[1:])

    def _closed(self, node: Any, ctx: _Ctx) -> str:
        """A step that runs on, made safe to follow with ", then"."""
        if isinstance(node, A.Choose):
            return self._choose(node, ctx, closed=True)
        if isinstance(node, A.Repeat) and isinstance(_repeated(node)[1], A.Choose):
            times, body = _repeated(node)
            return self._choose(body, ctx, _times(times), closed=True)
        return f"({self.step(node, ctx)})"

    def _paid(self, node: A.Paid, ctx: _Ctx) -> str:
        cost = self.items(node.cost, ctx)
        if ctx.root:
            pay = ctx.verb("pay")
        else:
            pay = "may pay" if ctx.mood is Mood.FINITE else f"{ctx.person.you} may pay"
        if _to_able(node.body):
            return f"{pay} {cost} to {self.step(node.body, ctx.inner(Mood.INFINITIVE))}"
        mood = Mood.FINITE if ctx.mood is Mood.FINITE else Mood.IMPERATIVE
        body = self.step(node.body, ctx.inner(mood))
        return f"{pay} {cost}, {_then(body)} {body}"

    def _when(self, node: A.When, ctx: _Ctx) -> str:
        cond, then = _when_chain(node)
        text = f"if {self.phrases(ctx).cond(cond)}, {_guard(self.step(then, ctx.inner()))}"
        other = node.otherwise
        if other is None:
            return text
        if isinstance(other, A.When):  # "otherwise, if ...": an else-if chain reads on
            return f"{text}; otherwise, {self.step(other, ctx.inner())}"
        return f"{text}; otherwise {_guard(self.step(other, ctx.inner()))}"

    def _repeat(self, node: A.Repeat, ctx: _Ctx) -> str:
        count, repeated = _repeated(node)
        times = _times(count)
        if isinstance(repeated, A.Choose):
            return self._choose(repeated, ctx, times)
        if _postfix(node):
            main, note = self.atom(repeated, ctx)
            return f"{main}, {times}" + (f" {note}" if note else "")
        body = self.step(repeated, ctx.inner())
        return f"{times}: {body}" if ctx.mood is Mood.IMPERATIVE else f"{times}, {body}"

    def _each(self, node: A.Each, ctx: _Ctx) -> str:
        who = node.who.text
        if who == "opponent":
            group = "each of their opponents" if ctx.person is THEY else "each opponent"
        else:
            group = f"each {self.phrases(ctx).name(who)}"
        mood = Mood.FINITE if ctx.mood is Mood.IMPERATIVE else Mood.INFINITIVE
        body = self.step(node.body, _Ctx(mood, THEY))
        text = f"{group}{', ' if _leads(node.body) else ' '}{body}"
        return text if ctx.mood is Mood.IMPERATIVE else f"{ctx.verb('make')} {text}"

    def _choose(self, node: A.Choose, ctx: _Ctx, times: str = "", closed: bool = False) -> str:
        """``choose one: a; or b``; ``closed``: ``choose one (a; or b)``, when more follows."""
        option = _Ctx(Mood.IMPERATIVE, ctx.person, root=True)
        options = "; or ".join(_guard(self.step(o, option)) for o in node.options)
        head = ctx.verb("choose") + " one" + (f", {times}," if times and closed else "")
        if closed:
            return f"{head} ({options})"
        return f"{head}{f', {times}' if times else ''}: {options}"

    # -- atoms
    def atom(self, node: Any, ctx: _Ctx) -> tuple[str, str]:
        """An atom as its main text and a closing note (``(as much as you have)``)."""
        you, your, verb = ctx.person.you, ctx.person.your, ctx.verb
        if isinstance(node, A.Gain):
            return f"{verb('gain')} {self.items(node.items, ctx)}", ""
        if isinstance(node, A.Lose):
            return f"{verb('lose')} {self.items(node.items, ctx)}", f"(as much as {you} have)"
        if isinstance(node, A.Draw):
            return self._draw(node, ctx)
        if isinstance(node, A.Place):
            where = self.phrases(ctx).where(node.where) or f" in a district of {your} choice"
            return f"{verb('place')} {article(self._kind(node.kind.text))}{where}", ""
        if isinstance(node, A.Build):
            return self._build(node, ctx), ""
        if isinstance(node, A.TakeGate):
            gate = article(self._kind("gate"))
            return (
                f"{verb('place')} {gate} on a free gate site and {verb('take')} the top gate card",
                "",
            )
        if isinstance(node, A.ReturnWorker):
            return f"{verb('return')} {your} worker", ""
        if isinstance(node, A.Nothing):
            return f"{verb('do')} nothing", ""
        raise TypeError(f"not an effect node: {node!r}")

    def _kind(self, word: str) -> str:
        return self._phrases[YOU].kind(word)

    def _draw(self, node: A.Draw, ctx: _Ctx) -> tuple[str, str]:
        what = singular(node.what.text)
        if what in ("building", "agenda"):
            unit = Unit(f"{what} card", f"{what} cards")
        else:
            one = self._kind(what)
            unit = Unit(one, plural(one))
        text = f"{ctx.verb('draw')} {self.phrases(ctx).amount(node.count, unit)}"
        if node.source is not None:
            return f"{text} from the {self.phrases(ctx).name(node.source.text)}", ""
        if what != "building":
            return text, ""
        single = isinstance(node.count, A.Number) and node.count.value == 1
        return text, f"({'' if single else 'each '}from the offer or the deck)"

    def _build(self, node: A.Build, ctx: _Ctx) -> str:
        kind = "building" if node.kind is None else self._kind(node.kind.text)
        text = f"{ctx.verb('build')} {article(kind)} from {ctx.person.your} hand"
        if node.discount is None:
            return text
        if isinstance(node.discount, A.Number):
            return f"{text}, paying {node.discount.value} gold less"
        gold = Unit(self.phrases(ctx).name("gold"))
        return f"{text}, with a discount of {self.phrases(ctx).amount(node.discount, gold)}"

    def items(self, items: tuple[Any, ...], ctx: _Ctx) -> str:
        """``2 gold and 1 influence with a faction of your choice``."""
        phrases = self.phrases(ctx)
        parts = []
        for item in items:
            if isinstance(item, A.InfluenceAmount):
                faction = "any" if item.faction is None else item.faction.text
                tail = (
                    f" with a faction of {ctx.person.your} choice"
                    if faction == "any"
                    else f" with {phrases.name(faction)}"
                )
                unit = Unit("influence", tail=tail)
            else:
                unit = Unit(phrases.name(item.resource.text))
            text = phrases.amount(item.value, unit)
            # "1 gold and 1 supply per Inn": which does "per" apply to? Parentheses say.
            plain = isinstance(item.value, A.Number) or (len(items) == 1 and ", else " not in text)
            parts.append(text if plain else f"({text})")
        return listing(parts, "and")
