"""Short forms of rules text for narrow screens, keeping every cost and every gain.

The terminal's compact screen shows the special locations' trades and the
factions' next rewards in a few columns. These phrases abbreviate the English the
effect renderer writes (``Gain 3 gold.`` reads ``+3 gold``) without dropping a
number, a resource, a faction or a choice, so what a player reads still says what
they pay and what they get.

Examples:
    >>> terse("Gain 1 prestige. Then each opponent loses 1 gold (as much as they have).")
    '+1 prestige, then each opponent loses 1 gold (as much as they have)'
    >>> terse("Choose one: place a Keep in this district; or gain 2 prestige.")
    'place a Keep here or +2 prestige'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = ["location_trades", "terse", "terse_card_text"]

_SHORTER = tuple(
    (re.compile(pattern), short)
    for pattern, short in (
        (r"^Choose one: ", ""),
        (r"\bchoose one: ", "either "),
        (r"; or ", " or "),
        (r"\. Then ", ", then "),
        (
            r"(?<!to )\b[Gg]ain (\d+) influence with ([^.,;]+?) and (\d+) ([a-z]+)\b",
            r"+\1 \2 influence, +\3 \4",
        ),
        (r"(?<!to )\b[Gg]ain (\d+) influence with ([^.,;]+?)(?= or |[.,;]|$)", r"+\1 \2 influence"),
        (r"(?<!to )\b[Gg]ain (\d+) ([a-z]+) and (\d+) ([a-z]+)\b", r"+\1 \2, +\3 \4"),
        (r"(?<!to )\b[Gg]ain (\d+) ([a-z]+)\b", r"+\1 \2"),
        (r"\ba faction of your choice influence\b", "influence with any faction"),
        (r" in this district\b", " here"),
        (r" in a district of your choice\b", " in any district"),
        (r" on this district's special location\b", " here"),
        (r" building cards? from the ", " from the "),
        (r" and take the top gate card\b", ", take the top gate card"),
        (r"^Place\b", "place"),
        (r"^Draw\b", "draw"),
    )
)
"""Rewrites applied in order; each keeps the numbers and names it matches."""


def terse(text: str) -> str:
    """A rules sentence in short form: ``+N resource``, ``, then``, no final period.

    Text the rewrites do not know is kept as written (less its final period).
    """
    text = text.strip()
    for pattern, short in _SHORTER:
        text = pattern.sub(short, text)
    return text.rstrip(".")


def terse_card_text(text: str) -> str:
    """A card's offer text (``Name (type, cost): When built: ... Income: ...``) with
    each effect in short form; the name, type and cost as they were.

    Examples:
        >>> terse_card_text("The Ropewalk (trading hall, 2 gold): When built: Gain 2 supply.")
        'The Ropewalk (trading hall, 2 gold): When built: +2 supply.'
    """
    head, colon, rest = text.partition("): ")
    if not colon:
        return text
    parts = re.split(r"((?:^| )(?:When built|Income): )", rest)
    said = "".join(p if p.strip().endswith(":") else f"{terse(p)}." for p in parts if p)
    return f"{head}{colon}{said}"


def location_trades(game: Game, location: int) -> str:
    """A special location's trades at today's cost, in short form.

    Examples:
        >>> import baldurs_rules as br
        >>> location_trades(br.new_game(players=2, seed=1), 1)
        '1 favor: +3 Flaming Fist influence · 2 favor: place a Keep here'
    """
    from baldurs_rules.present.card_text import script_text
    from baldurs_rules.rules.lookup import Lookup

    content = game.content
    look = Lookup.of(content)
    trades = content.locations[location].trades
    return " · ".join(
        f"{look.trade_cost(game.state, location, i)} favor: "
        f"{terse(script_text(content, trade.effect))}"
        for i, trade in enumerate(trades)
    )
