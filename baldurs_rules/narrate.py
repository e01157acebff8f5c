"""Plain-English text for players: what happened, why, and why a decision is asked.

[`narrate`][baldurs_rules.narrate.narrate] turns the event log into one sentence
per happening, each with its cause, from one seat's point of view:

    Seat 2 gains 1 supply: their Trading Hall on lot 14 is joined to your new Market on lot 15.

It reads the log through [`Game.events_for`][baldurs_rules.game.Game.events_for],
so what the seat may not know (another seat's drawn or put-back cards) is never
in the text; everything else it reads (the board, the portfolios, the HQs) is
public. A line whose cause lies before the narrated slice (a connection bonus
resolved after a decision names the piece built before it) finds it in the
earlier log, which is why ``narrate`` takes the game and an event index rather
than a list of events.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=2, seed=1)
    >>> start = len(game.state.events)
    >>> game.apply("income")
    >>> narrate(game, 0, start)[0]
    'You take income.'
    >>> narrate(game, 1, start)[0]
    'Seat 0 takes income.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from baldurs_rules.errors import RulesError

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = [
    "Line",
    "cause_text",
    "decision_prompt",
    "narrate",
    "narration",
    "piece_text",
    "seat_text",
]


@dataclass(frozen=True)
class Line:
    """One narrated happening.

    Attributes:
        text: The sentence, e.g. ``"You gain 2 favor: you used The Wyrm's Rest Hostel."``.
        kind: The kind of the event the line is about (``resource``, ``build``, ...).
        seat: Whose happening it is (-1 for the city: lot draws, attacks).
        events: The indices in the log of every event the line tells (a build and
            the gold paid for it; a run of resource changes with one cause).
        tone: ``turn`` (a turn's action), ``forced`` (a move with one legal answer),
            ``attack``, ``end`` (the end of the game coming), ``score`` or ``""``;
            a frontend may colour by it.
    """

    text: str
    kind: str
    seat: int
    events: tuple[int, ...]
    tone: str = ""


def narration(
    game: Game, seat: int | None = None, start: int = 0, stop: int | None = None
) -> list[Line]:
    """The log from event ``start`` to ``stop`` as [`Line`][baldurs_rules.narrate.Line]s.

    Args:
        game: The game whose log is told.
        seat: The reader: ``you`` in the text, and only what this seat may know;
            None for a spectator (the city's point of view: no one's cards).
        start: The first event to tell (``len(game.state.events)`` before an
            action tells that action's consequences).
        stop: The event after the last one to tell (default: the end of the log).

    Raises:
        RulesError: ``seat`` is not a seat of the game.

    Examples:
        >>> import baldurs_rules as br
        >>> game = br.new_game(players=2, seed=1)
        >>> [(line.kind, line.seat) for line in narration(game)][:3]
        [('hq', 0), ('hq', 1), ('lot', -1)]
    """
    players = game.state.players
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise RulesError(f"seat must be None or 0 to {players - 1}, not {seat!r}")
    from baldurs_rules.narrator import Narrator

    return Narrator(game, seat).lines(start, stop)


def narrate(
    game: Game, seat: int | None = None, start: int = 0, stop: int | None = None
) -> list[str]:
    """The log from event ``start`` on, one sentence per happening, as ``seat`` may know it.

    See [`narration`][baldurs_rules.narrate.narration] for the arguments; this
    returns the texts only.

    Examples:
        >>> import baldurs_rules as br
        >>> game = br.scenario({"players": 2, "seats": [{"resources": {"favor": 3}}, {}]})
        >>> game.apply("visit high_hall")
        >>> start = len(game.state.events)
        >>> game.apply("trade 1")
        >>> for line in narrate(game, 0, start):  # doctest: +ELLIPSIS
        ...     print(line)
        You trade at The High Hall: trade 1, for 1 favor.
        You gain 3 influence with Council of Four (now space 3): you traded at The High Hall...
        You gain 1 favor: you reached Council of Four space 2.
        >>> narrate(game, None, start)[-1]
        'Seat 0 gains 1 favor: they reached Council of Four space 2.'
    """
    return [line.text for line in narration(game, seat, start, stop)]


def seat_text(seat: int, reader: int | None) -> str:
    """``you`` for the reader's own seat, ``seat N`` otherwise, ``the city`` for -1."""
    if seat < 0:
        return "the city"
    return "you" if seat == reader else f"seat {seat}"


def piece_text(game: Game, node_id: str) -> str:
    """What stands on a map node, e.g. ``Temple on lot 14`` or ``Keep in Seatower``."""
    from baldurs_rules.rules import Rules

    content = game.content
    t = Rules.of(content).t
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


def decision_prompt(game: Game, raw: tuple[Any, ...]) -> str:
    """The prompt of a raw pending decision, addressed to its seat (see
    [`Decision.prompt`][baldurs_rules.decisions.Decision])."""
    from baldurs_rules.decisions import prompt_of

    return prompt_of(game, raw)
