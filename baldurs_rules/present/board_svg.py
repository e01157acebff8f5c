"""Draw the board of a game as SVG (standard library only).

The drawing uses the content's own map coordinates: district outlines, the
solid lines, lots, HQ/fortification/gate sites and special locations, with a
legend on the right. Only public information is drawn (RULES B17): hidden lots
all look alike, so the face-down final-attack token is never revealed.

Every element a program may look for has an ``id``: ``district-<id>`` (with a
``<title>``), ``lot-<n>``, ``node-<id>`` for sites, ``location-<id>``, and
``legend``; pieces carry ``data-owner`` and ``data-status`` attributes.

Examples:
    >>> import baldurs_rules as br
    >>> svg = render_svg(br.new_game(2, seed=1))
    >>> svg.startswith("<svg") and 'id="district-manorborn"' in svg
    True
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from baldurs_rules.present.board_legend import LEGEND_WIDTH, draw_legend
from baldurs_rules.present.board_text import abbreviations
from baldurs_rules.present.labels import site_text
from baldurs_rules.present.svg_parts import (
    PLAYER_COLORS,
    PLAYER_NAMES,
    SVG_NS,
    TILE_FILLS,
    seat_color,
    seat_color_name,
    svg_element,
    svg_number,
)
from baldurs_rules.rules.lookup import Lookup
from baldurs_rules.rules.state import LOT_AVAILABLE, LOT_BANNED, LOT_BUILT, LOT_FINAL

if TYPE_CHECKING:
    from baldurs_rules.content.model import MapNode
    from baldurs_rules.game import Game

__all__ = ["PLAYER_COLORS", "PLAYER_NAMES", "render_svg"]

_DISTRICT_FILLS = (
    "#f3e9d2",
    "#e3ecd5",
    "#dde7f0",
    "#efe0e6",
    "#e9e4d0",
    "#dcece9",
    "#e8e1f0",
    "#f0e6d8",
    "#e0e8dc",
)
_LOT_R = 15


def render_svg(game: Game, seat: int | None = None) -> str:
    """An SVG drawing of the board and a legend.

    Args:
        game: The game to draw (any decision point, or over).
        seat: Whose point of view: that seat is marked "you" in the legend.
            Nothing hidden is drawn either way.

    Returns:
        The SVG document as text (UTF-8, no XML declaration).

    Examples:
        >>> import baldurs_rules as br
        >>> import xml.etree.ElementTree as ET
        >>> root = ET.fromstring(render_svg(br.new_game(3, seed=2), seat=0))
        >>> root.tag
        '{http://www.w3.org/2000/svg}svg'
    """
    content, state = game.content, game.state
    t = Lookup.of(content)
    board = content.board
    names = content.names()
    width, height = float(board.width), float(board.height)
    total_width = width + LEGEND_WIDTH
    legend_height = 250 + 70 * state.players + 20 * len(content.tiles)
    total_height = max(height, legend_height)
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "width": svg_number(total_width),
            "height": svg_number(total_height),
            "viewBox": f"0 0 {svg_number(total_width)} {svg_number(total_height)}",
            "font-family": "Georgia, 'DejaVu Serif', serif",
        },
    )
    svg_element(root, "title", "Builders of Baldur's Gate")
    svg_element(
        root,
        "rect",
        x=0,
        y=0,
        width=svg_number(total_width),
        height=svg_number(total_height),
        fill="#fbf8f1",
    )
    _districts(root, game)
    _lines(root, game)
    _locations(root, game)
    tile_labels = abbreviations([names.get(tile, tile) for tile in t.tiles])
    _nodes(root, game, tile_labels)
    draw_legend(root, game, seat, width, tile_labels)
    ET.indent(root, space=" ")
    return ET.tostring(root, encoding="unicode")


def _districts(root: ET.Element, game: Game) -> None:
    content, state = game.content, game.state
    t = Lookup.of(content)
    group = svg_element(root, "g", id="districts")
    for index, district in enumerate(content.board.districts):
        g = svg_element(group, "g", id=f"district-{district.id}", class_="district")
        tokens = state.track[index]
        damage = state.damage[index]
        svg_element(
            g,
            "title",
            f"{district.name}: attack track {tokens}/{t.trigger}, damage {damage}"
            + (", on the city wall" if district.wall else ""),
        )
        points = " ".join(f"{svg_number(x)},{svg_number(y)}" for x, y in district.outline)
        svg_element(
            g,
            "polygon",
            points=points,
            fill=_DISTRICT_FILLS[index % len(_DISTRICT_FILLS)],
            stroke="#5a4a3a" if district.wall else "#9a8a7a",
            stroke_width=3 if district.wall else 1.5,
        )
        x, y = district.label
        svg_element(
            g,
            "text",
            district.name,
            x=svg_number(x),
            y=svg_number(y),
            font_size=16,
            font_weight="bold",
            text_anchor="middle",
            fill="#3a2e22",
            class_="district-label",
        )
        svg_element(
            g,
            "text",
            "◆" * tokens + "◇" * max(0, t.trigger - tokens),
            x=svg_number(x),
            y=svg_number(y + 16),
            font_size=11,
            text_anchor="middle",
            fill="#8b1a1a",
            class_="attack-track",
        )


def _lines(root: ET.Element, game: Game) -> None:
    board = game.content.board
    group = svg_element(
        root, "g", id="lines", stroke="#6b5b4b", stroke_width=3, stroke_linecap="round"
    )
    for a, b in board.lines:
        (x1, y1), (x2, y2) = board.nodes[a].at, board.nodes[b].at
        svg_element(
            group,
            "line",
            x1=svg_number(x1),
            y1=svg_number(y1),
            x2=svg_number(x2),
            y2=svg_number(y2),
            class_="line",
        )


def _locations(root: ET.Element, game: Game) -> None:
    content, state = game.content, game.state
    t = Lookup.of(content)
    group = svg_element(root, "g", id="locations")
    for index, loc in enumerate(content.locations):
        district_index = t.location_district[index]
        district = content.board.districts[district_index]
        x, y = district.location
        damage = state.damage[district_index]
        g = svg_element(group, "g", id=f"location-{loc.id}", class_="location", data_damage=damage)
        workers = [s for s, where in enumerate(state.worker) if where == index]
        here = "".join(f", worker of seat {s} ({seat_color_name(s)})" for s in workers)
        svg_element(g, "title", f"{loc.name} (special location), damage {damage}{here}")
        svg_element(
            g,
            "rect",
            x=svg_number(x - 13),
            y=svg_number(y - 13),
            width=26,
            height=26,
            rx=6,
            fill="#fff4c2",
            stroke="#8a6d1d",
            stroke_width=2,
        )
        svg_element(
            g,
            "text",
            "★",
            x=svg_number(x),
            y=svg_number(y + 6),
            font_size=16,
            text_anchor="middle",
            fill="#8a6d1d",
        )
        _damage_marks(g, x, y, damage)
        _location_label(g, loc.name, x, y)
        _worker_tokens(g, x, y, workers)


def _damage_marks(g: ET.Element, x: float, y: float, damage: int) -> None:
    """A red square per damage token, right of the location's star."""
    for k in range(damage):
        svg_element(
            g,
            "rect",
            x=svg_number(x + 15 + 9 * k),
            y=svg_number(y - 13),
            width=8,
            height=8,
            fill="#b22222",
            class_="damage",
        )


def _worker_tokens(g: ET.Element, x: float, y: float, workers: list[int]) -> None:
    """A worker token per worker at the location, below its star."""
    for k, s in enumerate(workers):  # a worker token: a ringed disc in the seat's colour
        svg_element(
            g,
            "circle",
            cx=svg_number(x - 12 + 24 * k),
            cy=svg_number(y + 26),
            r=10,
            fill=seat_color(s),
            stroke="#111",
            stroke_width=3,
            class_="worker",
            data_owner=s,
        )


def _location_label(g: ET.Element, name: str, x: float, y: float) -> None:
    """The location's name above it, a word a line."""
    words = _short_name(name).split()
    label = svg_element(
        g,
        "text",
        x=svg_number(x),
        y=svg_number(y - 18 - 11 * (len(words) - 1)),
        font_size=10,
        font_weight="bold",
        text_anchor="middle",
        fill="#5a4510",
        stroke="#fbf8f1",
        stroke_width=3,
        paint_order="stroke",
        class_="location-label",
    )
    for k, word in enumerate(words):  # a word a line: neighbours' labels never overlap
        svg_element(label, "tspan", word, x=svg_number(x), dy=None if k == 0 else 11)


def _short_name(name: str) -> str:
    """A location's name without its leading article, to label the board."""
    return name[4:] if name.startswith("The ") else name


def _nodes(root: ET.Element, game: Game, tile_labels: list[str]) -> None:
    lots = svg_element(root, "g", id="lots")
    sites = svg_element(root, "g", id="sites")
    fort_labels = abbreviations([f.name for f in game.content.fortifications])
    for node in game.content.board.nodes:
        if node.kind == "lot":
            x, y = node.at
            _lot(lots, game, node.index, node.lot or 0, x, y, tile_labels)
        else:
            _site(sites, game, node, fort_labels)


def _site(sites: ET.Element, game: Game, node: MapNode, fort_labels: list[str]) -> None:
    """An HQ, watchtower/keep or gate site: its shape, filled in its owner's colour if built."""
    content, state = game.content, game.state
    names = content.names()
    x, y = node.at
    piece, owner = state.piece[node.index], state.owner[node.index]
    if piece < 0:
        status = "empty"
    elif owner < 0:
        status = "damaged"
    else:
        status = "occupied"
    g = svg_element(
        sites,
        "g",
        id=f"node-{node.id}",
        class_=f"site {node.kind}",
        data_status=status,
        data_owner=owner if owner >= 0 else None,
    )
    if node.kind == "hq":
        label = "HQ"
        what = names.get(state.hq[owner], "HQ") if owner >= 0 else "HQ site"
    else:
        label = fort_labels[piece] if piece >= 0 else ""
        what = content.fortifications[piece].name if piece >= 0 else f"{node.kind} site"
    whose = f" of seat {owner} ({seat_color_name(owner)})" if owner >= 0 else ""
    svg_element(g, "title", f"{site_text(game, node.id)}: {what}{whose}")
    _site_shape(g, node.kind, x, y, piece, owner)
    if label:
        _mark_label(g, label, x, y, 10, "#ffffff")


_SITE_RECTS: dict[str, tuple[int, int, int, int, int | None]] = {
    "hq": (13, 13, 26, 26, None),
    "gate": (14, 8, 28, 16, 3),
}
"""The rectangular sites: offset of the corner from the centre, width, height, corner radius."""


def _mark_label(
    g: ET.Element, text: str, x: float, y: float, size: int, fill: str, bold: bool = True
) -> None:
    """The short text centred on a site or lot (its type, its number)."""
    svg_element(
        g,
        "text",
        text,
        x=svg_number(x),
        y=svg_number(y + 4),
        font_size=size,
        font_weight="bold" if bold else None,
        text_anchor="middle",
        fill=fill,
    )


def _site_shape(g: ET.Element, kind: str, x: float, y: float, piece: int, owner: int) -> None:
    """A square (HQ), a bar (gate) or a triangle (the other sites); dashed while empty."""
    fill = seat_color(owner) if piece >= 0 else "#ffffff"
    stroke = "#222" if piece >= 0 else "#8a7a6a"
    dash = None if piece >= 0 else "3,2"
    style = {"fill": fill, "stroke": stroke, "stroke_width": 2, "stroke_dasharray": dash}
    if kind in _SITE_RECTS:
        dx, dy, width, height, rx = _SITE_RECTS[kind]
        x0, y0 = svg_number(x - dx), svg_number(y - dy)
        svg_element(g, "rect", None, x=x0, y=y0, width=width, height=height, rx=rx, **style)
    else:
        points = (
            f"{svg_number(x)},{svg_number(y - 14)} {svg_number(x + 13)},{svg_number(y + 10)} "
            f"{svg_number(x - 13)},{svg_number(y + 10)}"
        )
        svg_element(g, "polygon", None, points=points, **style)


def _lot(
    parent: ET.Element,
    game: Game,
    node: int,
    number: int,
    x: float,
    y: float,
    tile_labels: list[str],
) -> None:
    content, state = game.content, game.state
    names = content.names()
    t = Lookup.of(content)
    piece, owner = state.piece[node], state.owner[node]
    status = _lot_status(state.lots[node], piece, owner)
    g = svg_element(
        parent,
        "g",
        id=f"lot-{number}",
        class_=f"lot {status}",
        data_status=status,
        data_owner=owner if owner >= 0 else None,
        data_tile=t.tiles[piece] if piece >= 0 else None,
    )
    title = f"Lot {number}: {status}"
    if piece >= 0:
        title += f", {names.get(t.tiles[piece], t.tiles[piece])}"
        if owner >= 0:
            title += f" of seat {owner} ({seat_color_name(owner)})"
    if status == "final":
        title += " (the final attack's district)"
    svg_element(g, "title", title)
    if piece >= 0:
        _built_lot(g, number, x, y, tile_labels[piece], piece, owner)
    else:
        _empty_lot(g, number, x, y, status)


def _lot_status(code: int, piece: int, owner: int) -> str:
    """What a lot shows: built, damaged (nobody owns it), available, banned, final, hidden."""
    if code == LOT_BUILT and piece >= 0:
        return "built" if owner >= 0 else "damaged"
    return {LOT_AVAILABLE: "available", LOT_BANNED: "banned", LOT_FINAL: "final"}.get(
        code, "hidden"
    )


def _built_lot(
    g: ET.Element, number: int, x: float, y: float, label: str, piece: int, owner: int
) -> None:
    """A lot with a building: its tile, the owner's cube (or a red cross: damaged), its number."""
    svg_element(
        g,
        "circle",
        cx=svg_number(x),
        cy=svg_number(y),
        r=_LOT_R,
        fill=TILE_FILLS[piece % len(TILE_FILLS)],
        stroke=seat_color(owner) if owner >= 0 else "#555",
        stroke_width=4 if owner >= 0 else 2,
    )
    _mark_label(g, label, x, y, 11, "#1a1a1a")
    if owner >= 0:
        svg_element(
            g,
            "rect",
            x=svg_number(x + 7),
            y=svg_number(y - 17),
            width=9,
            height=9,
            fill=seat_color(owner),
            stroke="#222",
            class_="cube",
            data_owner=owner,
        )
    else:
        svg_element(
            g,
            "path",
            d=" ".join(
                f"M{svg_number(x - dx)},{svg_number(y - 10)} "
                f"L{svg_number(x + dx)},{svg_number(y + 10)}"
                for dx in (10, -10)
            ),
            stroke="#b22222",
            stroke_width=3,
            class_="damaged-mark",
        )
    svg_element(
        g,
        "text",
        str(number),
        x=svg_number(x - _LOT_R),
        y=svg_number(y - _LOT_R + 2),
        font_size=9,
        text_anchor="middle",
        fill="#3a2e22",
    )


def _empty_lot(g: ET.Element, number: int, x: float, y: float, status: str) -> None:
    """A lot without a building: a circle styled by its status, its number inside."""
    style = {
        "available": ("#ffffff", "#2e7d32", None, 2.5),
        "banned": ("#4a4a4a", "#222222", None, 2),
        "final": ("#f8d7da", "#b22222", None, 2.5),
        "hidden": ("#e8e2d6", "#9a8f80", "3,3", 1.5),
    }[status]
    fill, stroke, dash, stroke_width = style
    svg_element(
        g,
        "circle",
        cx=svg_number(x),
        cy=svg_number(y),
        r=_LOT_R,
        fill=fill,
        stroke=stroke,
        stroke_width=stroke_width,
        stroke_dasharray=dash,
    )
    fill = "#ffffff" if status == "banned" else "#3a2e22"
    _mark_label(g, str(number), x, y, 11, fill, bold=status == "available")
    if status == "banned":
        svg_element(
            g,
            "path",
            d=f"M{svg_number(x - 9)},{svg_number(y + 9)} L{svg_number(x + 9)},{svg_number(y - 9)}",
            stroke="#ffffff",
            stroke_width=1.5,
        )
