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

from baldurs_rules.present.board_text import abbreviations
from baldurs_rules.present.labels import site_text
from baldurs_rules.rules.lookup import Lookup
from baldurs_rules.rules.state import LOT_AVAILABLE, LOT_BANNED, LOT_BUILT, LOT_FINAL

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = ["PLAYER_COLORS", "render_svg"]

SVG_NS = "http://www.w3.org/2000/svg"

PLAYER_COLORS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")
"""Colour of each seat (seat 0 red, 1 blue, 2 green, 3 orange, then purple, brown)."""

PLAYER_NAMES = ("red", "blue", "green", "orange", "purple", "brown")

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
_TILE_FILLS = ("#f2c14e", "#a0785a", "#5fb3b3", "#c3a6e0", "#b0b0b0", "#e07a5f")
_LEGEND_WIDTH = 300
_LOT_R = 15


def _color(seat: int) -> str:
    return PLAYER_COLORS[seat % len(PLAYER_COLORS)] if seat >= 0 else "#777777"


def _player(seat: int) -> str:
    return PLAYER_NAMES[seat % len(PLAYER_NAMES)]


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    """A child element; attribute names use ``_`` for ``-`` (``font_size``)."""
    element = ET.SubElement(
        parent,
        tag,
        {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items() if v is not None},
    )
    if text is not None:
        element.text = text
    return element


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
    total_width = width + _LEGEND_WIDTH
    legend_height = 250 + 70 * state.players + 20 * len(content.tiles)
    total_height = max(height, legend_height)
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "width": _fmt(total_width),
            "height": _fmt(total_height),
            "viewBox": f"0 0 {_fmt(total_width)} {_fmt(total_height)}",
            "font-family": "Georgia, 'DejaVu Serif', serif",
        },
    )
    _sub(root, "title", "Builders of Baldur's Gate")
    _sub(root, "rect", x=0, y=0, width=_fmt(total_width), height=_fmt(total_height), fill="#fbf8f1")
    _districts(root, game)
    _lines(root, game)
    _locations(root, game)
    tile_labels = abbreviations([names.get(tile, tile) for tile in t.tiles])
    _nodes(root, game, tile_labels)
    _legend(root, game, seat, width, tile_labels)
    ET.indent(root, space=" ")
    return ET.tostring(root, encoding="unicode")


def _districts(root: ET.Element, game: Game) -> None:
    content, state = game.content, game.state
    t = Lookup.of(content)
    group = _sub(root, "g", id="districts")
    for index, district in enumerate(content.board.districts):
        g = _sub(group, "g", id=f"district-{district.id}", class_="district")
        tokens = state.track[index]
        damage = state.damage[index]
        _sub(
            g,
            "title",
            f"{district.name}: attack track {tokens}/{t.trigger}, damage {damage}"
            + (", on the city wall" if district.wall else ""),
        )
        points = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in district.outline)
        _sub(
            g,
            "polygon",
            points=points,
            fill=_DISTRICT_FILLS[index % len(_DISTRICT_FILLS)],
            stroke="#5a4a3a" if district.wall else "#9a8a7a",
            stroke_width=3 if district.wall else 1.5,
        )
        x, y = district.label
        _sub(
            g,
            "text",
            district.name,
            x=_fmt(x),
            y=_fmt(y),
            font_size=16,
            font_weight="bold",
            text_anchor="middle",
            fill="#3a2e22",
            class_="district-label",
        )
        _sub(
            g,
            "text",
            "◆" * tokens + "◇" * max(0, t.trigger - tokens),
            x=_fmt(x),
            y=_fmt(y + 16),
            font_size=11,
            text_anchor="middle",
            fill="#8b1a1a",
            class_="attack-track",
        )


def _lines(root: ET.Element, game: Game) -> None:
    board = game.content.board
    group = _sub(root, "g", id="lines", stroke="#6b5b4b", stroke_width=3, stroke_linecap="round")
    for a, b in board.lines:
        (x1, y1), (x2, y2) = board.nodes[a].at, board.nodes[b].at
        _sub(
            group,
            "line",
            x1=_fmt(x1),
            y1=_fmt(y1),
            x2=_fmt(x2),
            y2=_fmt(y2),
            class_="line",
        )


def _locations(root: ET.Element, game: Game) -> None:
    content, state = game.content, game.state
    t = Lookup.of(content)
    group = _sub(root, "g", id="locations")
    for index, loc in enumerate(content.locations):
        district_index = t.location_district[index]
        district = content.board.districts[district_index]
        x, y = district.location
        damage = state.damage[district_index]
        g = _sub(group, "g", id=f"location-{loc.id}", class_="location", data_damage=damage)
        workers = [s for s, where in enumerate(state.worker) if where == index]
        here = "".join(f", worker of seat {s} ({_player(s)})" for s in workers)
        _sub(g, "title", f"{loc.name} (special location), damage {damage}{here}")
        _sub(
            g,
            "rect",
            x=_fmt(x - 13),
            y=_fmt(y - 13),
            width=26,
            height=26,
            rx=6,
            fill="#fff4c2",
            stroke="#8a6d1d",
            stroke_width=2,
        )
        _sub(
            g,
            "text",
            "★",
            x=_fmt(x),
            y=_fmt(y + 6),
            font_size=16,
            text_anchor="middle",
            fill="#8a6d1d",
        )
        for k in range(damage):
            _sub(
                g,
                "rect",
                x=_fmt(x + 15 + 9 * k),
                y=_fmt(y - 13),
                width=8,
                height=8,
                fill="#b22222",
                class_="damage",
            )
        words = _short_name(loc.name).split()
        label = _sub(
            g,
            "text",
            x=_fmt(x),
            y=_fmt(y - 18 - 11 * (len(words) - 1)),
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
            _sub(label, "tspan", word, x=_fmt(x), dy=None if k == 0 else 11)
        for k, s in enumerate(workers):  # a worker token: a ringed disc in the seat's colour
            _sub(
                g,
                "circle",
                cx=_fmt(x - 12 + 24 * k),
                cy=_fmt(y + 26),
                r=10,
                fill=_color(s),
                stroke="#111",
                stroke_width=3,
                class_="worker",
                data_owner=s,
            )


def _short_name(name: str) -> str:
    """A location's name without its leading article, to label the board."""
    return name[4:] if name.startswith("The ") else name


def _nodes(root: ET.Element, game: Game, tile_labels: list[str]) -> None:
    content, state = game.content, game.state
    names = content.names()
    lots = _sub(root, "g", id="lots")
    sites = _sub(root, "g", id="sites")
    fort_labels = abbreviations([f.name for f in content.fortifications])
    for node in content.board.nodes:
        x, y = node.at
        piece, owner = state.piece[node.index], state.owner[node.index]
        if node.kind == "lot":
            _lot(lots, game, node.index, node.lot or 0, x, y, tile_labels)
            continue
        if piece < 0:
            status = "empty"
        elif owner < 0:
            status = "damaged"
        else:
            status = "occupied"
        g = _sub(
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
        whose = f" of seat {owner} ({_player(owner)})" if owner >= 0 else ""
        _sub(g, "title", f"{site_text(game, node.id)}: {what}{whose}")
        fill = _color(owner) if piece >= 0 else "#ffffff"
        stroke = "#222" if piece >= 0 else "#8a7a6a"
        dash = None if piece >= 0 else "3,2"
        if node.kind == "hq":
            _sub(
                g,
                "rect",
                x=_fmt(x - 13),
                y=_fmt(y - 13),
                width=26,
                height=26,
                fill=fill,
                stroke=stroke,
                stroke_width=2,
                stroke_dasharray=dash,
            )
        elif node.kind == "gate":
            _sub(
                g,
                "rect",
                x=_fmt(x - 14),
                y=_fmt(y - 8),
                width=28,
                height=16,
                rx=3,
                fill=fill,
                stroke=stroke,
                stroke_width=2,
                stroke_dasharray=dash,
            )
        else:
            points = (
                f"{_fmt(x)},{_fmt(y - 14)} {_fmt(x + 13)},{_fmt(y + 10)} "
                f"{_fmt(x - 13)},{_fmt(y + 10)}"
            )
            _sub(
                g,
                "polygon",
                points=points,
                fill=fill,
                stroke=stroke,
                stroke_width=2,
                stroke_dasharray=dash,
            )
        if label:
            _sub(
                g,
                "text",
                label,
                x=_fmt(x),
                y=_fmt(y + 4),
                font_size=10,
                font_weight="bold",
                text_anchor="middle",
                fill="#ffffff",
            )


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
    status_code = state.lots[node]
    piece, owner = state.piece[node], state.owner[node]
    if status_code == LOT_BUILT and piece >= 0:
        status = "built" if owner >= 0 else "damaged"
    else:
        status = {LOT_AVAILABLE: "available", LOT_BANNED: "banned", LOT_FINAL: "final"}.get(
            status_code, "hidden"
        )
    g = _sub(
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
            title += f" of seat {owner} ({_player(owner)})"
    if status == "final":
        title += " (the final attack's district)"
    _sub(g, "title", title)
    if piece >= 0:
        _sub(
            g,
            "circle",
            cx=_fmt(x),
            cy=_fmt(y),
            r=_LOT_R,
            fill=_TILE_FILLS[piece % len(_TILE_FILLS)],
            stroke=_color(owner) if owner >= 0 else "#555",
            stroke_width=4 if owner >= 0 else 2,
        )
        _sub(
            g,
            "text",
            tile_labels[piece],
            x=_fmt(x),
            y=_fmt(y + 4),
            font_size=11,
            font_weight="bold",
            text_anchor="middle",
            fill="#1a1a1a",
        )
        if owner >= 0:
            _sub(
                g,
                "rect",
                x=_fmt(x + 7),
                y=_fmt(y - 17),
                width=9,
                height=9,
                fill=_color(owner),
                stroke="#222",
                class_="cube",
                data_owner=owner,
            )
        else:
            _sub(
                g,
                "path",
                d=f"M{_fmt(x - 10)},{_fmt(y - 10)} L{_fmt(x + 10)},{_fmt(y + 10)} "
                f"M{_fmt(x + 10)},{_fmt(y - 10)} L{_fmt(x - 10)},{_fmt(y + 10)}",
                stroke="#b22222",
                stroke_width=3,
                class_="damaged-mark",
            )
        _sub(
            g,
            "text",
            str(number),
            x=_fmt(x - _LOT_R),
            y=_fmt(y - _LOT_R + 2),
            font_size=9,
            text_anchor="middle",
            fill="#3a2e22",
        )
        return
    style = {
        "available": ("#ffffff", "#2e7d32", None, 2.5),
        "banned": ("#4a4a4a", "#222222", None, 2),
        "final": ("#f8d7da", "#b22222", None, 2.5),
        "hidden": ("#e8e2d6", "#9a8f80", "3,3", 1.5),
    }[status]
    fill, stroke, dash, stroke_width = style
    _sub(
        g,
        "circle",
        cx=_fmt(x),
        cy=_fmt(y),
        r=_LOT_R,
        fill=fill,
        stroke=stroke,
        stroke_width=stroke_width,
        stroke_dasharray=dash,
    )
    _sub(
        g,
        "text",
        str(number),
        x=_fmt(x),
        y=_fmt(y + 4),
        font_size=11,
        font_weight="bold" if status == "available" else None,
        text_anchor="middle",
        fill="#ffffff" if status == "banned" else "#3a2e22",
    )
    if status == "banned":
        _sub(
            g,
            "path",
            d=f"M{_fmt(x - 9)},{_fmt(y + 9)} L{_fmt(x + 9)},{_fmt(y - 9)}",
            stroke="#ffffff",
            stroke_width=1.5,
        )


def _legend(
    root: ET.Element, game: Game, seat: int | None, left: float, tile_labels: list[str]
) -> None:
    content, state = game.content, game.state
    t = Lookup.of(content)
    names = content.names()
    g = _sub(root, "g", id="legend", font_size=13, fill="#2a2118")
    x = left + 16
    y = 28.0
    _sub(
        g,
        "text",
        "Builders of Baldur's Gate",
        x=_fmt(x),
        y=_fmt(y),
        font_size=17,
        font_weight="bold",
    )
    y += 22
    where = "game over" if game.is_over else f"seat {game.current_player} to decide"
    _sub(g, "text", f"Turn {state.turn} · {state.phase} · {where}", x=_fmt(x), y=_fmt(y))
    y += 18
    strength = t.strength_track[state.strength]
    _sub(
        g,
        "text",
        f"Attack strength {strength} · lot tokens in bag {len(state.bag)}",
        x=_fmt(x),
        y=_fmt(y),
    )
    y += 26
    for s in range(state.players):
        row = _sub(g, "g", id=f"legend-seat-{s}", class_="legend-seat", data_owner=s)
        _sub(
            row,
            "rect",
            x=_fmt(x),
            y=_fmt(y - 12),
            width=16,
            height=16,
            fill=_color(s),
            stroke="#222",
        )
        marker = " ▶" if s == game.current_player else ""
        you = " (you)" if seat == s else ""
        hq = names.get(state.hq[s], state.hq[s]) if state.hq[s] else "no HQ yet"
        _sub(
            row,
            "text",
            f"Seat {s} {PLAYER_NAMES[s % len(PLAYER_NAMES)]}{you}{marker}",
            x=_fmt(x + 24),
            y=_fmt(y + 1),
            font_weight="bold",
        )
        _sub(row, "text", hq, x=_fmt(x + 24), y=_fmt(y + 17), font_size=11)
        res = state.res[s]
        resources = " ".join(f"{rid} {res[i]}" for i, rid in enumerate(t.resources))
        _sub(
            row, "text", resources, x=_fmt(x + 24), y=_fmt(y + 32), font_size=11, class_="resources"
        )
        influence = " ".join(
            f"{names.get(f, f).split()[-1][:6]} {v}"
            for f, v in zip(t.factions, state.influence[s], strict=True)
        )
        _sub(row, "text", f"influence: {influence}", x=_fmt(x + 24), y=_fmt(y + 47), font_size=11)
        y += 70
    y += 4
    _sub(g, "text", "Building types", x=_fmt(x), y=_fmt(y), font_weight="bold")
    y += 20
    for i, tile in enumerate(t.tiles):
        _sub(
            g,
            "circle",
            cx=_fmt(x + 8),
            cy=_fmt(y - 4),
            r=8,
            fill=_TILE_FILLS[i % len(_TILE_FILLS)],
            stroke="#555",
        )
        _sub(
            g,
            "text",
            f"{tile_labels[i]} = {names.get(tile, tile)} ({state.piles[i]} left)",
            x=_fmt(x + 24),
            y=_fmt(y),
            font_size=12,
        )
        y += 20
    y += 6
    _sub(g, "text", "Lots", x=_fmt(x), y=_fmt(y), font_weight="bold")
    y += 20
    for fill, stroke, dash, label in (
        ("#ffffff", "#2e7d32", None, "available"),
        ("#e8e2d6", "#9a8f80", "3,3", "not yet revealed"),
        ("#4a4a4a", "#222222", None, "banned"),
        ("#b0b0b0", "#555555", None, "damaged (red cross)"),
    ):
        _sub(
            g,
            "circle",
            cx=_fmt(x + 8),
            cy=_fmt(y - 4),
            r=8,
            fill=fill,
            stroke=stroke,
            stroke_dasharray=dash,
        )
        _sub(g, "text", label, x=_fmt(x + 24), y=_fmt(y), font_size=12)
        y += 20
    _sub(
        g,
        "text",
        "■ HQ  ▲ watchtower/keep  ▬ gate  ★ location",
        x=_fmt(x),
        y=_fmt(y + 4),
        font_size=12,
    )
