"""Actions: what a player answers at a decision point.

An action is a small immutable value: a kind and its arguments. It compares
equal by value, hashes, and prints as its notation, which
[`Game.parse_action`][baldurs_rules.game.Game.parse_action] reads back.

Examples:
    >>> a = Action("build", ("elfsong_tavern", 17))
    >>> str(a)
    'build elfsong_tavern 17'
    >>> a == Action.from_notation("build elfsong_tavern 17")
    True
    >>> a
    Action('build elfsong_tavern 17')
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["ACTION_KINDS", "Action"]

ACTION_KINDS = {
    "build": "build a card from hand on a lot: build <card> <lot>",
    "visit": "place your worker on a special location: visit <location>",
    "income": "take income",
    "trade": "make trade number n of the location: trade <n>",
    "skip": "make no trade",
    "use": "use the income ability of a portfolio card: use <card>",
    "done": "end the income action",
    "choose": "pick option number n of a choice: choose <n>",
    "pay": "pay the cost of an optional effect",
    "decline": "do not pay, skip the optional effect",
    "faction": "pick a faction: faction <faction>",
    "site": "pick a site on the map: site <node>",
    "take": "take a building card from the offer, or from the deck: take <card>|deck",
    "hq": "pick an HQ card in the advanced draft: hq <card>",
    "discard": "put a dealt card back under its deck: discard <card>",
}
"""Every action kind and what it means (shown by ``help`` in ``bbg play``)."""


class Action(NamedTuple):
    """One answer to a decision: a kind and its arguments (ids and numbers).

    Attributes:
        kind: One of [`ACTION_KINDS`][baldurs_rules.actions.ACTION_KINDS].
        args: Card, location, node or faction ids, lot numbers, option numbers.
    """

    kind: str
    args: tuple[str | int, ...] = ()

    def __str__(self) -> str:
        # Read as plain objects: an action built by hand may hold anything (None, a list),
        # and the compiled build would refuse it with a TypeError at a typed read; it must
        # print, so that refusing it (IllegalActionError) can quote it.
        fields: tuple[object, ...] = self
        kind, args = fields[0], fields[1]
        if not isinstance(args, tuple):
            return f"{kind} {args}"
        if not args:
            return str(kind)
        if len(args) == 1:
            return f"{kind} {args[0]}"
        return " ".join([str(kind), *map(str, args)])

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @classmethod
    def from_notation(cls, text: str) -> Action:
        """Read an action's notation (any case; ASCII numbers become ints); no legality check.

        Use [`Game.parse_action`][baldurs_rules.game.Game.parse_action] to also check
        that the action is legal now.
        """
        words = text.lower().split()
        if not words:
            return cls("")
        # ASCII digits only: '²' or '٣' are not numbers here (and int() refuses some).
        args = tuple(int(w) if w.isascii() and w.isdigit() else w for w in words[1:])
        return cls(words[0], args)
