"""Plain-English text for players: why a decision is asked, and what caused what.

Everything here reads only what the deciding (or reading) seat may know.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=2, seed=1)
    >>> decision_prompt(game, game.state.decision)
    'Your turn: build, place your worker or take income.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = ["cause_text", "decision_prompt", "piece_text", "seat_text"]


def seat_text(seat: int, reader: int | None) -> str:
    """``you`` for the reader's own seat, ``seat N`` otherwise, ``the city`` for -1."""
    if seat < 0:
        return "the city"
    return "you" if seat == reader else f"seat {seat}"


def _possessive(seat: int, reader: int | None) -> str:
    return "your" if seat == reader else f"seat {seat}'s"


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


def _newest_piece(game: Game) -> tuple[int, str] | None:
    """(owner, node id) of the piece whose placement is being resolved, from the log."""
    from baldurs_rules.rules import Rules

    t = Rules.of(game.content).t
    for event in reversed(game.state.events):
        if event[0] == "build":  # ("build", seat, cause, card, lot, cost)
            return event[1], t.node_ids[t.lot_node[event[4]]]
        if event[0] == "place":  # ("place", seat, cause, piece, site)
            return event[1], str(event[4])
    return None


def cause_text(game: Game, cause: str, reader: int | None) -> str:
    """What a cause id means, from the reader's point of view.

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
        return _bonus_text(game, tail, reader)
    if head in names and tail == "top":
        return f"{names[head]}, past the top space"
    if head in names and tail.isdecimal():
        if any(f.id == head for f in content.factions):
            return f"{names[head]}, space {tail}"
        return f"{names[head]}, trade {tail}"
    if head == "attack" and tail.partition(":")[0] in names:
        return f"the attack on {names[tail.partition(':')[0]]}"
    return {
        "turn": "your turn",
        "setup": "the setup",
        "advanced_setup": "the advanced setup",
        "build": "the build",
        "displaced": "another worker",
        "draw_lot": "the lot token drawn",
        "last_lot": "the last lot token",
        "turn_limit": "the turn limit",
        "score:network": "the largest network",
        "score:districts": "the districts",
        "score:leftovers": "the leftovers",
    }.get(cause, cause)


def _bonus_text(game: Game, node_id: str, reader: int | None) -> str:
    from baldurs_rules.rules import Rules

    t = Rules.of(game.content).t
    index = t.node_index.get(node_id)
    owner = game.state.owner[index] if index is not None else -1
    text = f"{_possessive(owner, reader)} {piece_text(game, node_id)} is joined to"
    newest = _newest_piece(game)
    if newest is None:
        return f"{text} a new piece"
    seat, new_node = newest
    return f"{text} {_possessive(seat, reader)} new {piece_text(game, new_node)}"


def decision_prompt(game: Game, raw: tuple[Any, ...]) -> str:
    """The prompt of a raw pending decision, addressed to its seat."""
    from baldurs_rules.decisions import _details

    kind, seat = str(raw[0]), int(raw[1])
    details = _details(game, raw)
    names = game.content.names()
    why = cause_text(game, str(details.get("cause", "")), seat)
    if kind == "turn":
        return "Your turn: build, place your worker or take income."
    if kind == "trade":
        where = names[details["location"]]
        return f"Your worker is on {where}: make one of its trades, or skip."
    if kind == "income":
        used = len(details["used"])
        more = " more" if used else ""
        return f"Income: use the ability of another{more} portfolio card, or done."
    if kind == "choose":
        return f"{_capital(why)}: choose one option."
    if kind == "pay":
        return f"{_capital(why)}: pay for this? {details['text']}"
    if kind == "faction":
        return f"{_capital(why)}: choose a faction for {details['amount']} influence."
    if kind in ("fort_site", "gate_site"):
        piece = names.get(details["piece"], details["piece"])
        where = f" in {names[details['district']]}" if details["district"] else ""
        return f"{_capital(why)}: choose a site{where} for your {piece.lower()}."
    if kind == "take":
        source = "from the offer" if details["source"] == "offer" else "from the offer or the deck"
        return f"{_capital(why)}: take a building card {source}."
    if kind == "build":
        tile = names[details["tile"]].lower() if details["tile"] else "building"
        off = f" with {details['discount']} gold off" if details["discount"] else ""
        return f"{_capital(why)}: build a {tile}{off}: choose the card, then the lot."
    if kind == "draft":
        return "Advanced setup: choose your HQ card."
    what, count = details["what"], details["count"]
    return f"Advanced setup: put back {count} more {what} card{'s' if count > 1 else ''}."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
