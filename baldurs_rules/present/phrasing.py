"""The words of the story: who (you, seat N, they), whose, names, and why things happen.

[`Phrasing`][baldurs_rules.present.phrasing.Phrasing] is what every sentence about the
log of one game, for one reader, is made of: the pronouns (``you gain``, ``seat 2
gains``, ``their``), names instead of ids, the log as the reader may see it, and the
cause of a happening as a clause (``they reached Flaming Fist space 3``). The
[`Narrator`][baldurs_rules.present.narration.Narrator] adds one sentence per kind of
event; the decisions' prompts use the same words.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=2, seed=1)
    >>> Phrasing(game, 1).says(0, "gain"), cause_text(game, "flaming_fist:3", 0)
    ('seat 0 gains', 'Flaming Fist, space 3')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from baldurs_rules.actions import Action
from baldurs_rules.rules.events import decode
from baldurs_rules.rules.knowledge import public_event
from baldurs_rules.rules.lookup import Lookup

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = ["Phrasing", "cause_text", "piece_text", "seat_text", "third_person"]

Raw = tuple[Any, ...]
"""An event of the log, as the state keeps it."""


def seat_text(seat: int, reader: int | None) -> str:
    """``you`` for the reader's own seat, ``seat N`` otherwise, ``the city`` for -1."""
    if seat < 0:
        return "the city"
    return "you" if seat == reader else f"seat {seat}"


def piece_text(game: Game, node_id: str) -> str:
    """What stands on a map node, e.g. ``Temple on lot 14`` or ``Keep in Seatower``."""
    content = game.content
    t = Lookup.of(content)
    names = content.names()
    index = t.node_index.get(node_id)
    if index is None:
        return node_id
    piece, kind = game.state.piece[index], t.node_kind[index]
    district = names[t.districts[t.node_district[index]]]
    if kind == "lot":
        tile = names[t.tiles[piece]] if piece >= 0 else "lot"
        return f"{tile} on lot {t.node_lot[index]}"
    if kind == "hq":
        return f"HQ in {district}"
    name = content.fortifications[piece].name if piece >= 0 else kind
    return f"{name} in {district}"


def cause_text(game: Game, cause: str, reader: int | None) -> str:
    """What a cause id names, as a short noun phrase.

    Examples:
        >>> import baldurs_rules as br
        >>> cause_text(br.new_game(players=2, seed=1), "flaming_fist:3", 0)
        'Flaming Fist, space 3'
    """
    content = game.content
    names = content.names()
    if cause in names:
        return names[cause]
    head, _, tail = cause.partition(":")
    if head == "bonus":
        return f"the connection bonus of the {piece_text(game, tail)}"
    if head == "agenda" and tail in names:
        return f"the agenda {names[tail]}"
    if head in names and tail == "top":
        return f"{names[head]}, past the top space"
    if head in names and tail.isdecimal():
        if any(f.id == head for f in content.factions):
            return f"{names[head]}, space {tail}"
        return f"{names[head]}, trade {tail}"
    if head == "attack" and tail.partition(":")[0] in names:
        return f"the attack on {names[tail.partition(':')[0]]}"
    return _PLAIN_CAUSES.get(cause, cause.replace("_", " "))


_PLAIN_CAUSES = {
    "turn": "the turn",
    "setup": "the setup",
    "advanced_setup": "the advanced setup",
    "build": "the build",
    "visit": "the worker's visit",
    "income": "the income action",
    "displaced": "another worker",
    "draw_lot": "the lot token drawn",
    "last_lot": "the last lot token",
    "turn_limit": "the turn limit",
    "end": "the end of the game",
    "finish": "the end of the game",
    "final_attack": "the final attack",
    "score": "the final scoring",
    "score:network": "the final scoring of the largest network",
    "score:districts": "the final scoring of the districts",
    "score:leftovers": "the final scoring of the leftovers",
}


_THIRD_PERSON = {"have": "has", "do": "does", "can": "can"}
_SCORING = {
    "network": "the final scoring of the largest network",
    "districts": "the final scoring of the districts occupied",
    "leftovers": "the final scoring of the leftover resources and cards",
}


def third_person(verb: str) -> str:
    """The third person singular of a verb: gains, has, reaches."""
    if verb in _THIRD_PERSON:
        return _THIRD_PERSON[verb]
    if verb.endswith(("s", "sh", "ch", "x")):
        return verb + "es"
    return verb + "s"


class Phrasing:
    """The words about the log of one game for one reader (None: a spectator).

    Args:
        game: The game whose log is told.
        reader: The seat that reads (``you``), or None.
    """

    def __init__(self, game: Game, reader: int | None) -> None:
        self.game = game
        self.reader = reader
        self.content = game.content
        self.names = game.content.names()
        self.t = Lookup.of(game.content)
        self.raw: list[Raw] = game.state.events
        self.factions = set(self.t.factions)
        self.locations = set(self.t.locations)

    # ------------------------------------------------------------ words
    def who(self, seat: int) -> str:
        """you, seat N or the city."""
        return seat_text(seat, self.reader)

    def says(self, seat: int, verb: str) -> str:
        """``you gain`` or ``seat 2 gains``."""
        if seat >= 0 and seat == self.reader:
            return f"you {verb}"
        return f"{self.who(seat)} {third_person(verb)}"

    def agent(self, seat: int, subject: int) -> str:
        """Who did something, in a clause about ``subject``: you, they or seat N."""
        if seat >= 0 and seat == self.reader:
            return "you"
        return "they" if seat == subject else self.who(seat)

    def poss(self, owner: int, subject: int | None = None) -> str:
        """Whose: your, their (the subject's) or seat N's."""
        if owner >= 0 and owner == self.reader:
            return "your"
        if owner == subject:
            return "their"
        return "the city's" if owner < 0 else f"seat {owner}'s"

    def name(self, ident: str) -> str:
        return self.names.get(ident, ident)

    def amount(self, count: int, resource: str) -> str:
        return f"{count} {self.name(resource).lower()}"

    def district_of_node(self, node_id: str) -> str:
        return self.name(self.t.districts[self.t.node_district[self.t.node_index[node_id]]])

    def district_of_location(self, location: str) -> str:
        return self.name(
            self.t.districts[self.t.location_district[self.t.location_index[location]]]
        )

    # ------------------------------------------------------------ the log
    def event(self, index: int) -> dict[str, Any]:
        """An event as the reader may see it (others' drawn or put-back cards removed)."""
        return public_event(decode(self.raw[index]), -1 if self.reader is None else self.reader)

    def last(self, before: int, test: Callable[[Raw], bool]) -> int:
        """The index of the latest event before ``before`` that passes ``test`` (-1: none).

        ``test`` must look at public kinds of events only.
        """
        for index in range(min(before, len(self.raw)) - 1, -1, -1):
            if test(self.raw[index]):
                return index
        return -1

    def tokens(self, index: int, district: str) -> int:
        """Lot tokens on ``district``'s attack track once event ``index`` had happened.

        Counted back from the board now (a scenario's tracks have no events behind them).
        """
        d = self.t.district_index[district]
        kinds = ("lot", "lot_banned")
        later = sum(1 for e in self.raw[index + 1 :] if e[0] in kinds and e[4] == district)
        return self.game.state.track[d] - later

    def damage(self, index: int, district: str) -> int:
        """Damage tokens on ``district``'s location once event ``index`` had happened."""
        d = self.t.district_index[district]
        later = sum(1 for e in self.raw[index + 1 :] if e[0] == "damage_token" and e[3] == district)
        return self.game.state.damage[d] - later

    # ------------------------------------------------------------ causes
    def why(self, cause: str, subject: int, before: int) -> str:
        """Why something happened to ``subject`` (a clause), from the log before ``before``.

        Examples:
            >>> import baldurs_rules as br
            >>> game = br.new_game(players=2, seed=1)
            >>> Phrasing(game, 1).why("score:network", 0, 0)
            'the final scoring of the largest network'
        """
        head, _, tail = cause.partition(":")
        if cause in self.t.tile_of or cause in self.content.gates or cause in self.content.hqs:
            return self.card_why(cause, subject, before)
        if head == "bonus" and tail in self.t.node_index:
            return self.bonus_why(tail, subject, before)
        if head in self.factions and (tail.isdecimal() or tail == "top"):
            return self.faction_why(head, tail, subject, before)
        if head in self.locations and tail.isdecimal():
            at = self.last(before, lambda e: e[0] == "trade" and e[2] == cause)
            who = self.agent(self.raw[at][1], subject) if at >= 0 else "someone"
            return f"{who} traded at {self.name(head)} (trade {tail})"
        if head == "agenda" and tail in self.content.agendas:
            return f"{self.poss(subject, subject)} agenda {self.name(tail)}"
        if head == "attack":
            return self.attack_why(tail, subject)
        if head == "score" and tail in _SCORING:
            return _SCORING[tail]
        return cause_text(self.game, cause, self.reader)

    def card_why(self, card: str, subject: int, before: int) -> str:
        """A card's effect: it was built, used, set up, or it is an HQ's income."""
        name = self.name(card)
        hqs = self.game.state.hq
        for index in range(min(before, len(self.raw)) - 1, -1, -1):
            e = self.raw[index]
            kind = e[0]
            if kind in ("use", "build") and e[3] == card:
                return f"{self.agent(e[1], subject)} {'used' if kind == 'use' else 'built'} {name}"
            if kind == "hq" and e[3] == card:
                return f"the setup of {self.poss(e[1], subject)} HQ, {name}"
            if kind == "action":
                if e[3] == "income" and hqs[e[1]] == card:
                    return f"the income of {self.poss(e[1], subject)} HQ, {name}"
                break
        return name

    def bonus_why(self, node_id: str, subject: int, before: int) -> str:
        """A connection bonus: the subject's piece is joined to the newest piece."""
        node = self.t.node_index[node_id]
        owner = self.game.state.owner[node]
        owner = subject if owner < 0 else owner
        mine = f"{self.poss(owner, subject)} {piece_text(self.game, node_id)} is joined to"
        at = self.last(before, lambda e: e[0] in ("build", "place"))
        if at < 0:
            return f"{mine} a new piece"
        e = self.raw[at]
        new = self.t.node_ids[self.t.lot_node[e[4]]] if e[0] == "build" else str(e[4])
        return f"{mine} {self.poss(e[1], subject)} new {piece_text(self.game, new)}"

    def faction_why(self, faction: str, space: str, subject: int, before: int) -> str:
        """A faction reward: who reached the space (or went past the top)."""
        at = self.last(before, lambda e: e[0] == "influence" and e[3] == faction)
        who = self.agent(self.raw[at][1], subject) if at >= 0 else "someone"
        if space == "top":
            return f"{who} went past the top of the {self.name(faction)} track"
        return f"{who} reached {self.name(faction)} space {space}"

    def attack_why(self, tail: str, subject: int) -> str:
        district, _, largest = tail.partition(":")
        name = self.name(district)
        if largest:
            return f"{self.agent(subject, subject)} gave the largest defense of {name}"
        return f"{self.agent(subject, subject)} helped hold {name} against the attack"

    def cause_is_own(self, cause: str, subject: int, before: int) -> bool:
        """Whether the subject's own card, trade or reward caused it (it pays, not loses)."""
        text = self.why(cause, subject, before)
        return text.startswith(("they ", "you ", "the income of their", "the income of your"))

    # ------------------------------------------------------------ actions in words
    def action_text(self, action: str, seat: int) -> str:
        """What an action does, in a few words (a card put back stays hidden from others)."""
        move = Action.from_notation(action)
        args = [str(a) for a in move.args]
        arg = args[0] if args else ""
        kind = move.kind
        if kind == "discard":
            return f"put {self.name(arg)} back" if seat == self.reader else "put a card back"
        if kind == "take":
            return "take the top card of the deck" if arg == "deck" else f"take {self.name(arg)}"
        if kind == "build" and len(args) == 2:
            return f"build {self.name(arg)} on lot {args[1]}"
        if kind == "site" and arg in self.t.node_index:
            return f"the site in {self.district_of_node(arg)}"
        words = {
            "income": "take income",
            "done": "end the income action",
            "skip": "make no trade",
            "pay": "pay",
            "decline": "do not pay",
            "choose": f"option {arg}",
            "faction": f"gain the influence with {self.name(arg)}",
            "hq": f"take the HQ {self.name(arg)}",
            "use": f"use {self.name(arg)}",
            "trade": f"trade {arg}",
            "visit": f"place the worker on {self.name(arg)}",
        }
        return words.get(kind, action)
