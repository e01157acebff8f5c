"""A fixed numbering of every action a content can ever make legal.

[`ActionCodec`][baldurs_rules.rl.action_codec.ActionCodec] gives each action an
integer, in a documented order, so the same content always gives the same
numbers: the action space of the RL environments and of the OpenSpiel game.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from baldurs_rules.actions import Action
from baldurs_rules.content.model import Content
from baldurs_rules.dsl import ast as A
from baldurs_rules.errors import RulesError
from baldurs_rules.rl.common import check_out
from baldurs_rules.rules import Rules

__all__ = ["ActionCodec"]


class ActionCodec:
    """Every possible action of a content, numbered.

    The order is: ``build`` (each building × each lot, cards in content order,
    lots by number), ``visit`` (locations), ``income``, ``trade 1..T``, ``skip``,
    ``use`` (HQ cards, then buildings, then gates), ``done``, ``choose 1..C``,
    ``pay``, ``decline``, ``faction`` (factions), ``site`` (fortification and
    gate sites in map order), ``take`` (buildings, then ``deck``), ``hq`` (HQ
    cards), ``discard`` (buildings, then agendas). T and C are the most trades of
    a location and the most options of a ``choose`` in the content.

    Attributes:
        actions: The actions, by number.
        index: The number of each action.
        fingerprint: The content's fingerprint (to check a saved policy against).

    Examples:
        >>> import baldurs_rules as br
        >>> codec = ActionCodec(br.load_content())
        >>> codec.decode(codec.encode(br.Action("income")))
        Action('income')
        >>> len(codec)
        1971
    """

    def __init__(self, content: Content) -> None:
        t = Rules.of(content).t
        buildings, hqs = list(content.buildings), list(content.hqs)
        lots = sorted(t.lot_node)
        trades = max((len(loc.trades) for loc in content.locations), default=0)
        choices = max([len(n.options) for n in t.program.nodes if isinstance(n, A.Choose)] or [2])
        sites = [t.node_ids[n] for n, k in enumerate(t.node_kind) if k in ("fortification", "gate")]
        actions: list[Action] = [Action("build", (b, lot)) for b in buildings for lot in lots]
        actions += [Action("visit", (loc,)) for loc in t.locations]
        actions.append(Action("income"))
        actions += [Action("trade", (i,)) for i in range(1, trades + 1)]
        actions.append(Action("skip"))
        actions += [Action("use", (c,)) for c in [*hqs, *buildings, *content.gates]]
        actions.append(Action("done"))
        actions += [Action("choose", (i,)) for i in range(1, choices + 1)]
        actions += [Action("pay"), Action("decline")]
        actions += [Action("faction", (f,)) for f in t.factions]
        actions += [Action("site", (s,)) for s in sites]
        actions += [Action("take", (b,)) for b in [*buildings, "deck"]]
        actions += [Action("hq", (h,)) for h in hqs]
        actions += [Action("discard", (c,)) for c in [*buildings, *content.agendas]]
        self.actions = actions
        self.index = {a: i for i, a in enumerate(actions)}
        if len(self.index) != len(actions):
            raise RulesError(_clash(actions))
        self.fingerprint = content.fingerprint

    def __len__(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int:
        """The number of an action.

        Raises:
            RulesError: The content can never produce this action.
        """
        number = self.index.get(action)
        if number is None:
            raise RulesError(
                f"{str(action)!r} has no number in this content's action codec"
                " (the engine offered an action the codec does not know: a bug)"
            )
        return number

    def decode(self, number: int) -> Action:
        """The action with this number.

        Raises:
            RulesError: The number is not one of ``0 .. len(codec) - 1``.
        """
        if not 0 <= number < len(self.actions):
            raise RulesError(f"action number {number!r} is not between 0 and {len(self) - 1}")
        return self.actions[int(number)]

    def numbers(self, legal: Iterable[Action]) -> list[int]:
        """The numbers of some actions (in their order)."""
        index = self.index
        found: list[int] = []
        for action in legal:
            number = index.get(action, -1)
            if number < 0:
                number = self.encode(action)  # it has none: raises the clear error
            found.append(number)
        return found

    def write_mask(
        self, legal: Iterable[Action], flags: bytearray, start: int, previous: list[int]
    ) -> list[int]:
        """Write a mask in place in a byte buffer: clear the previous numbers, set the new.

        For a mask that is a row of a bigger buffer (the vector environment's
        ``(n, A)`` masks are a numpy view of one ``bytearray``): only the bytes that
        were set (``previous``, what this method returned for the row last time) are
        cleared, and the legal actions' bytes set, item by item.

        Args:
            legal: The legal actions.
            flags: The buffer.
            start: Where the mask starts in ``flags`` (``len(codec)`` bytes from there).
            previous: The numbers set there now (all others must be 0).

        Returns:
            The numbers of ``legal`` (in their order), to pass as ``previous`` next time.

        Raises:
            RulesError: An action has no number, or the mask does not fit in ``flags``.

        Examples:
            >>> import baldurs_rules as br
            >>> codec = ActionCodec(br.load_content())
            >>> flags = bytearray(2 * len(codec))
            >>> first = codec.write_mask([br.Action("income")], flags, len(codec), [])
            >>> codec.write_mask([br.Action("skip")], flags, len(codec), first) == [
            ...     codec.encode(br.Action("skip"))]
            True
            >>> sum(flags)
            1
        """
        if not 0 <= start <= len(flags) - len(self.actions):
            raise RulesError(
                f"write_mask: a mask of {len(self.actions)} bytes from {start} does not fit"
                f" in a buffer of {len(flags)}"
            )
        numbers = self.numbers(legal)
        for number in previous:
            flags[start + number] = 0
        for number in numbers:
            flags[start + number] = 1
        return numbers

    def mask(self, legal: Iterable[Action], out: np.ndarray | None = None) -> np.ndarray:
        """An int8 vector with 1 at the numbers of the legal actions.

        Args:
            legal: The legal actions.
            out: A vector of ``len(codec)`` to write into (cleared first); a new
                one when None.

        Raises:
            RulesError: An action has no number, or ``out`` is not a writeable
                vector of ``len(codec)``.
        """
        return self.mask_of(self.numbers(legal), out)

    def mask_of(self, numbers: list[int], out: np.ndarray | None = None) -> np.ndarray:
        """An int8 vector with 1 at some action numbers.

        Takes what [`numbers`][baldurs_rules.rl.action_codec.ActionCodec.numbers] gives.

        A new vector is a numpy view of a fresh ``bytearray`` set item by item
        (cheaper than numpy's fancy indexing for the few legal actions of a decision).

        Args:
            numbers: Action numbers, each in ``0 .. len(codec) - 1``.
            out: A vector of ``len(codec)`` to write into (cleared first); a new
                one when None.

        Raises:
            RulesError: A number is out of range, or ``out`` is not a writeable
                vector of ``len(codec)``.

        Examples:
            >>> import baldurs_rules as br
            >>> codec = ActionCodec(br.load_content())
            >>> codec.mask_of([3, 1737]).nonzero()[0].tolist()
            [3, 1737]
        """
        size = len(self.actions)
        flags = bytearray(size)
        for number in numbers:
            if not 0 <= number < size:
                raise RulesError(f"action number {number!r} is not between 0 and {size - 1}")
            flags[number] = 1
        vector = np.frombuffer(flags, dtype=np.int8)
        if out is None:
            return vector
        check_out(out, size, None, "mask", f"np.zeros({size}, dtype=np.int8)")
        np.copyto(out, vector, casting="unsafe")
        return out


def _clash(actions: list[Action]) -> str:
    seen: set[Action] = set()
    for action in actions:
        if action in seen:
            return (
                f"two actions of the content are both {str(action)!r}: an id clashes with"
                " a word of the notation (a building called 'deck'?); rename it"
            )
        seen.add(action)
    return "the action codec has duplicates"  # pragma: no cover - the caller checked
