"""Option labels a player reads: names, cost and card text, districts and neighbours.

An action's notation (``use glimmering_curio_shop``, ``site temples_fort_1``) is
for typing and for programs; a person reads the label instead: the card's name
with its cost and text, the lot's district and what stands next to it. Every
frontend (the web table, the terminal) shows these labels and keeps the notation
as a tooltip or as typed input.

Examples:
    >>> import baldurs_rules as br
    >>> from baldurs_rules.actions import Action
    >>> game = br.new_game(players=2, seed=1)
    >>> option_label(game, Action("visit", ("high_hall",)))
    'Place your worker on The High Hall (Manorborn)'
    >>> option_label(game, Action("faction", ("council_of_four",)))
    'Council of Four (you have 0 influence)'
    >>> lot_text(game, 1)
    'Lot 1 in Manorborn, next to lot 2 (empty), lot 4 (empty), the gate site'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from baldurs_rules.present.card_text import card_text, script_text
from baldurs_rules.rules.lookup import Lookup
from baldurs_rules.rules.pending import BuildAsk, TradeAsk

if TYPE_CHECKING:
    from baldurs_rules.actions import Action
    from baldurs_rules.game import Game

__all__ = [
    "USE_ALL",
    "at_once_label",
    "card_offer_text",
    "lot_text",
    "node_text",
    "option_label",
    "site_text",
]

USE_ALL = "use all"
"""What a player types (or a page sends) to use every ability of an income decision's
``at_once`` in one answer."""

_COLOR_NAMES = ("red", "blue", "green", "orange", "purple", "brown")
"""Seat colours by name, as the board SVG draws them."""

_PLAIN = {
    "income": "Take income",
    "skip": "Make no trade",
    "done": "Done: end the income action",
    "decline": "Do not pay",
}


def _color(seat: int) -> str:
    return _COLOR_NAMES[seat % len(_COLOR_NAMES)]


def _lower(text: str) -> str:
    text = text.strip().rstrip(".")
    return text[:1].lower() + text[1:]


def option_label(game: Game, action: Action, group: bool = False) -> str:
    """The label of an option of the pending decision, with names only.

    Args:
        game: The game (its pending decision is the one the action answers).
        action: A legal action.
        group: For a build, the label of its card (the lot is chosen next);
            otherwise a build's label is its lot's.
    """
    try:
        return _label(game, action, group)
    except (KeyError, IndexError, ValueError, TypeError):  # a label never stops a game
        return _described(game, action)


def _described(game: Game, action: Action) -> str:
    from baldurs_rules.errors import RulesError

    try:
        return game.describe(action)
    except RulesError:
        return str(action)


def _label(game: Game, action: Action, group: bool) -> str:
    content, kind, args = game.content, action.kind, action.args
    names = content.names()
    if kind in _PLAIN:
        return _PLAIN[kind]
    if kind == "build":
        if group:
            return "Build " + card_offer_text(game, str(args[0]))
        return lot_text(game, int(args[1]))
    if kind == "visit":
        loc = content.locations[Lookup.of(content).location_index[str(args[0])]]
        return f"Place your worker on {loc.name} ({names[loc.district]})"
    if kind == "use":
        return _use_label(game, str(args[0]))
    if kind == "take":
        if args[0] == "deck":
            return f"The top card of the building deck ({len(game.state.deck)} cards, unseen)"
        return card_offer_text(game, str(args[0]))
    if kind == "discard":
        return "Put back " + _card_line(game, str(args[0]))
    if kind == "hq":
        return _card_line(game, str(args[0]))
    if kind == "faction":
        look = Lookup.of(content)
        seat = game.state.decision.seat if game.state.decision is not None else 0
        have = game.state.influence[seat][look.factions.index(str(args[0]))]
        return f"{names[str(args[0])]} (you have {have} influence)"
    if kind == "site":
        return site_text(game, str(args[0]))
    if kind == "trade" and isinstance(game.state.decision, TradeAsk):
        ask = game.state.decision
        location = content.locations[ask.location]
        cost = Lookup.of(content).trade_cost(game.state, ask.location, int(args[0]) - 1)
        effect = script_text(content, location.trades[int(args[0]) - 1].effect)
        return f"Trade {args[0]} for {cost} favor: {effect}"
    return _described(game, action)


def at_once_label(game: Game, actions: tuple[Action, ...]) -> str:
    """The label of the answer that uses these income abilities together.

    Examples:
        >>> import baldurs_rules as br
        >>> game = br.scenario({"players": 2, "seats": [{"resources": {"supply": 1},
        ...     "portfolio": ["counting_house", "crossing_tollhouse"]}, {}]})
        >>> game.apply("income")
        >>> at_once_label(game, game.decision.at_once)[:60]
        'Use all 2 (their order makes no difference): The Counting Ho'
    """
    cards = "; ".join(_use_label(game, str(a.args[0])) for a in actions)
    return f"Use all {len(actions)} (their order makes no difference): {cards}"


def _use_label(game: Game, card: str) -> str:
    content = game.content
    name = content.names().get(card, card)
    if card in content.hqs:
        hq = content.hqs[card]
        side = hq.advanced if game.state.advanced else hq.basic
        return f"{name} (ability: {_lower(script_text(content, side.ability))})"
    found = content.buildings.get(card) or content.gates.get(card)
    text = script_text(content, found.income) if found is not None else ""
    return f"{name} (income: {_lower(text)})"


def _card_line(game: Game, card: str) -> str:
    """A card's first line, then its text on the same line."""
    lines = [line.strip() for line in card_text(game.content, card).splitlines()]
    rules = [line for line in lines[1:] if not line.startswith("“")]
    return lines[0] + (": " + " ".join(rules) if rules else "")


def card_offer_text(game: Game, card: str) -> str:
    """A building card as offered: name, type, cost (less a discount asked for), text.

    Examples:
        >>> import baldurs_rules as br
        >>> card_offer_text(br.new_game(players=2, seed=1), "elfsong_tavern")[:44]
        'The Elfsong Tavern (inn, 4 gold): When built'
    """
    content = game.content
    building = content.buildings[card]
    names = content.names()
    ask = game.state.decision
    discount = ask.discount if isinstance(ask, BuildAsk) else 0
    cost = max(0, building.cost - discount)
    price = f"{cost} gold" + (f", {discount} off" if discount else "")
    parts = []
    if building.when_built:
        parts.append("When built: " + script_text(content, building.when_built))
    if building.income:
        parts.append("Income: " + script_text(content, building.income))
    tile = names.get(building.type, building.type).lower()
    return f"{building.name} ({tile}, {price})" + (": " + " ".join(parts) if parts else "")


def node_text(game: Game, node: int) -> str:
    """A map node and what stands on it, e.g. ``lot 4 (Inn, red)`` or ``the gate site``."""
    look = Lookup.of(game.content)
    piece, owner = game.state.piece[node], game.state.owner[node]
    kind = look.node_kind[node]
    names = game.content.names()
    whose = f", {_color(owner)}" if owner >= 0 else ""
    if kind == "lot":
        if piece < 0:
            return f"lot {look.node_lot[node]} (empty)"
        damaged = "" if owner >= 0 else "damaged "
        return f"lot {look.node_lot[node]} ({damaged}{names[look.tiles[piece]]}{whose})"
    district = names[look.districts[look.node_district[node]]]
    if kind == "hq":
        return f"the {district} HQ" + (f" ({_color(owner)})" if owner >= 0 else "")
    if piece >= 0:
        fort = game.content.fortifications[piece].name
        return f"a {fort}" + (f" ({_color(owner)})" if owner >= 0 else "")
    return "the gate site" if kind == "gate" else f"{_fort_site_name(game, node)}"


def _fort_site_name(game: Game, node: int) -> str:
    """``fortification site 1`` (numbered within its district)."""
    look = Lookup.of(game.content)
    district = look.node_district[node]
    same = [
        n
        for n, kind in enumerate(look.node_kind)
        if kind == "fortification" and look.node_district[n] == district
    ]
    return f"fortification site {same.index(node) + 1}"


def _neighbours(game: Game, node: int) -> str:
    joined = game.content.board.neighbors[node]
    return ", ".join(node_text(game, n) for n in joined) or "nothing"


def lot_text(game: Game, lot: int) -> str:
    """A lot offered to build on: its district and what stands next to it."""
    look = Lookup.of(game.content)
    node = look.lot_node[lot]
    district = game.content.names()[look.districts[look.node_district[node]]]
    return f"Lot {lot} in {district}, next to {_neighbours(game, node)}"


def site_text(game: Game, node_id: str) -> str:
    """A fortification or gate site offered: which one, its district and neighbours."""
    look = Lookup.of(game.content)
    node = look.node_index[node_id]
    district = game.content.names()[look.districts[look.node_district[node]]]
    kind = look.node_kind[node]
    if kind == "hq":
        what = "The HQ site"
    elif kind == "gate":
        what = "The gate site"
    else:
        what = _fort_site_name(game, node).capitalize()
    return f"{what} of {district}, next to {_neighbours(game, node)}"
