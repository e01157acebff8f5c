"""The legend beside the board's SVG: the turn, each seat, the building types and the lots.

[`render_svg`][baldurs_rules.present.board_svg.render_svg] draws the map and leaves
[`LEGEND_WIDTH`][baldurs_rules.present.board_legend.LEGEND_WIDTH] on its right for
[`draw_legend`][baldurs_rules.present.board_legend.draw_legend]. Only public
information is shown. The group has ``id="legend"``; each seat's row is a
``legend-seat`` group with ``id="legend-seat-<n>"`` and ``data-owner``.

Examples:
    >>> import xml.etree.ElementTree as ET
    >>> import baldurs_rules as br
    >>> root = ET.Element("svg")
    >>> draw_legend(root, br.new_game(2, seed=1), seat=0, left=0, tile_labels=["A"] * 6)
    >>> [row.get("id") for row in root.iter("g") if row.get("class") == "legend-seat"]
    ['legend-seat-0', 'legend-seat-1']
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from baldurs_rules.present.svg_parts import (
    TILE_FILLS,
    seat_color,
    seat_color_name,
    svg_element,
    svg_number,
)
from baldurs_rules.rules.lookup import Lookup

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = ["LEGEND_WIDTH", "draw_legend"]

LEGEND_WIDTH = 300
"""The width of the legend, right of the map."""

_LOT_KEY = (
    ("#ffffff", "#2e7d32", None, "available"),
    ("#e8e2d6", "#9a8f80", "3,3", "not yet revealed"),
    ("#4a4a4a", "#222222", None, "banned"),
    ("#b0b0b0", "#555555", None, "damaged (red cross)"),
)


def draw_legend(
    root: ET.Element, game: Game, seat: int | None, left: float, tile_labels: list[str]
) -> None:
    """Draw the legend into ``root``, its left edge at ``left``.

    Args:
        root: The SVG root element.
        game: The game drawn.
        seat: Whose point of view: that seat is marked "(you)".
        left: Where the legend starts (the map's width).
        tile_labels: The short label of each building type, in the content's order.
    """
    g = svg_element(root, "g", id="legend", font_size=13, fill="#2a2118")
    x = left + 16
    y = _header(g, game, x, 28.0)
    for s in range(game.state.players):
        _seat_row(g, game, s, seat, x, y)
        y += 70
    y = _tile_key(g, game, tile_labels, x, y + 4)
    y = _lot_key(g, x, y + 6)
    svg_element(
        g,
        "text",
        "■ HQ  ▲ watchtower/keep  ▬ gate  ★ location",
        x=svg_number(x),
        y=svg_number(y + 4),
        font_size=12,
    )


def _header(g: ET.Element, game: Game, x: float, y: float) -> float:
    """The title, the turn and the attack strength; where the seats' rows start."""
    state = game.state
    svg_element(
        g,
        "text",
        "Builders of Baldur's Gate",
        x=svg_number(x),
        y=svg_number(y),
        font_size=17,
        font_weight="bold",
    )
    y += 22
    where = "game over" if game.is_over else f"seat {game.current_player} to decide"
    svg_element(
        g, "text", f"Turn {state.turn} · {state.phase} · {where}", x=svg_number(x), y=svg_number(y)
    )
    y += 18
    strength = Lookup.of(game.content).strength_track[state.strength]
    svg_element(
        g,
        "text",
        f"Attack strength {strength} · lot tokens in bag {len(state.bag)}",
        x=svg_number(x),
        y=svg_number(y),
    )
    return y + 26


def _seat_row(g: ET.Element, game: Game, s: int, seat: int | None, x: float, y: float) -> None:
    """Seat ``s``: its colour, HQ, resources and influence."""
    content, state = game.content, game.state
    t = Lookup.of(content)
    names = content.names()
    row = svg_element(g, "g", id=f"legend-seat-{s}", class_="legend-seat", data_owner=s)
    svg_element(
        row,
        "rect",
        x=svg_number(x),
        y=svg_number(y - 12),
        width=16,
        height=16,
        fill=seat_color(s),
        stroke="#222",
    )
    marker = " ▶" if s == game.current_player else ""
    you = " (you)" if seat == s else ""
    hq = names.get(state.hq[s], state.hq[s]) if state.hq[s] else "no HQ yet"
    svg_element(
        row,
        "text",
        f"Seat {s} {seat_color_name(s)}{you}{marker}",
        x=svg_number(x + 24),
        y=svg_number(y + 1),
        font_weight="bold",
    )
    svg_element(row, "text", hq, x=svg_number(x + 24), y=svg_number(y + 17), font_size=11)
    res = state.res[s]
    resources = " ".join(f"{rid} {res[i]}" for i, rid in enumerate(t.resources))
    svg_element(
        row,
        "text",
        resources,
        x=svg_number(x + 24),
        y=svg_number(y + 32),
        font_size=11,
        class_="resources",
    )
    influence = " ".join(
        f"{names.get(f, f).split()[-1][:6]} {v}"
        for f, v in zip(t.factions, state.influence[s], strict=True)
    )
    svg_element(
        row,
        "text",
        f"influence: {influence}",
        x=svg_number(x + 24),
        y=svg_number(y + 47),
        font_size=11,
    )


def _tile_key(g: ET.Element, game: Game, tile_labels: list[str], x: float, y: float) -> float:
    """Each building type: its colour, label, name and how many tiles are left."""
    names = game.content.names()
    svg_element(g, "text", "Building types", x=svg_number(x), y=svg_number(y), font_weight="bold")
    y += 20
    for i, tile in enumerate(Lookup.of(game.content).tiles):
        svg_element(
            g,
            "circle",
            cx=svg_number(x + 8),
            cy=svg_number(y - 4),
            r=8,
            fill=TILE_FILLS[i % len(TILE_FILLS)],
            stroke="#555",
        )
        svg_element(
            g,
            "text",
            f"{tile_labels[i]} = {names.get(tile, tile)} ({game.state.piles[i]} left)",
            x=svg_number(x + 24),
            y=svg_number(y),
            font_size=12,
        )
        y += 20
    return y


def _lot_key(g: ET.Element, x: float, y: float) -> float:
    """How each kind of lot looks."""
    svg_element(g, "text", "Lots", x=svg_number(x), y=svg_number(y), font_weight="bold")
    y += 20
    for fill, stroke, dash, label in _LOT_KEY:
        svg_element(
            g,
            "circle",
            cx=svg_number(x + 8),
            cy=svg_number(y - 4),
            r=8,
            fill=fill,
            stroke=stroke,
            stroke_dasharray=dash,
        )
        svg_element(g, "text", label, x=svg_number(x + 24), y=svg_number(y), font_size=12)
        y += 20
    return y
