"""The small grammar of rules text: persons, counted nouns, units, plurals, articles, lists.

Examples:
    >>> plural("Trading Hall"), article("Inn"), listing(["a", "b", "c"], "or")
    ('Trading Halls', 'an Inn', 'a, b or c')
    >>> THEY.fill("as much as {you} have, in {your} hand")
    'as much as they have, in their hand'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "STRUCTURE_KINDS",
    "THEY",
    "YOU",
    "Noun",
    "Person",
    "Unit",
    "article",
    "listing",
    "plural",
]

STRUCTURE_KINDS = frozenset(
    {"building", "hq", "watchtower", "keep", "gate", "fortification", "structure"}
)
"""Countable kinds that are not building types (``count(keeps)``)."""


# ---------------------------------------------------------------- words


@dataclass(frozen=True)
class Person:
    """Who an effect speaks to: ``you`` (the acting player) or ``they`` (inside ``each``)."""

    you: str
    your: str

    def fill(self, template: str) -> str:
        """Replace ``{you}`` and ``{your}`` in a template."""
        return template.replace("{you}", self.you).replace("{your}", self.your)


YOU = Person("you", "your")
THEY = Person("they", "their")


@dataclass(frozen=True)
class Noun:
    """Something a player has a number of, with the words to count it.

    Attributes:
        per: What follows the noun after "per" (`` you own in Seatower``).
        subject: Who has it, in a comparison (``you own``).
        tail: What follows the counted noun in a comparison (`` in Seatower``).
        negated: The subject of "not exactly" (``you do not own``).
        subject_one: The subject when exactly one is counted ("there is"), if it differs.
        none: The noun after "no" when it is not the plural and the tail.
    """

    sing: str
    plural: str
    per: str
    subject: str
    tail: str
    negated: str
    subject_one: str = ""
    none: str = ""

    @property
    def mass(self) -> bool:
        """Whether it is counted as a mass (``3 gold``, ``less than 3 gold``)."""
        return self.sing == self.plural

    def of(self, count: int) -> str:
        """The noun for a count (``1 Market``, ``2 Markets``)."""
        return self.sing if count == 1 else self.plural

    def subject_for(self, count: int) -> str:
        """The subject for a count (``there is 1``, ``there are 2``)."""
        return self.subject_one if count == 1 and self.subject_one else self.subject


@dataclass(frozen=True)
class Unit:
    """What an amount is of: ``gold``, ``building card(s)``, ``influence with Flaming Fist``."""

    sing: str
    many: str = ""
    tail: str = ""

    def of(self, count: int) -> str:
        """The unit for an amount (``1 building card``, ``2 building cards``)."""
        return (self.sing if count == 1 or not self.many else self.many) + self.tail


def plural(noun: str) -> str:
    """English plural of a display name (``Trading Hall`` -> ``Trading Halls``).

    Examples:
        >>> [plural(w) for w in ("Inn", "HQ", "Library", "Cross", "Day")]
        ['Inns', 'HQs', 'Libraries', 'Crosses', 'Days']
    """
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1].lower() not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def article(noun: str) -> str:
    """The noun with ``a`` or ``an`` (``an Inn``, ``a Keep``, ``an HQ``)."""
    first = noun.split(" ")[0]
    acronym = len(first) > 1 and first.isupper()
    vowel = first[:1] in ("AEFHILMNORSX" if acronym else "aeiouAEIOU")
    return ("an " if vowel and first else "a ") + noun


def listing(parts: list[str], word: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` (or with ``or``)."""
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]
