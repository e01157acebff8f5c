"""The building blocks of the board's SVG: seat colours, number format, one element.

Shared by the map ([`board_svg`][baldurs_rules.present.board_svg]) and its legend
([`board_legend`][baldurs_rules.present.board_legend]); standard library only.

Examples:
    >>> import xml.etree.ElementTree as ET
    >>> root = ET.Element("svg")
    >>> _ = svg_element(root, "text", "Seat 0", x=svg_number(12.50), font_size=11)
    >>> ET.tostring(root, encoding="unicode")
    '<svg><text x="12.5" font-size="11">Seat 0</text></svg>'
    >>> seat_color(0), seat_color_name(1), seat_color(-1)
    ('#d62728', 'blue', '#777777')
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

__all__ = [
    "PLAYER_COLORS",
    "PLAYER_NAMES",
    "SVG_NS",
    "TILE_FILLS",
    "seat_color",
    "seat_color_name",
    "svg_element",
    "svg_number",
]

SVG_NS = "http://www.w3.org/2000/svg"
"""The SVG namespace of the drawing's root element."""

PLAYER_COLORS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")
"""Colour of each seat (seat 0 red, 1 blue, 2 green, 3 orange, then purple, brown)."""

PLAYER_NAMES = ("red", "blue", "green", "orange", "purple", "brown")
"""The name of each seat's colour, as the web table and the drawing's titles say it."""

TILE_FILLS = ("#f2c14e", "#a0785a", "#5fb3b3", "#c3a6e0", "#b0b0b0", "#e07a5f")
"""The fill of each building type's tiles, in the content's order of tiles."""


def seat_color(seat: int) -> str:
    """The colour of a seat's pieces; grey for no owner (a negative seat)."""
    return PLAYER_COLORS[seat % len(PLAYER_COLORS)] if seat >= 0 else "#777777"


def seat_color_name(seat: int) -> str:
    """The name of a seat's colour (``"red"`` for seat 0)."""
    return PLAYER_NAMES[seat % len(PLAYER_NAMES)]


def svg_number(value: float) -> str:
    """A coordinate as SVG text: one decimal at most, no trailing zeros (``12.0`` is ``12``)."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def svg_element(
    parent: ET.Element, tag: str, text: str | None = None, **attrs: object
) -> ET.Element:
    """A child element of ``parent``; attribute names use ``_`` for ``-`` (``font_size``).

    Attributes whose value is ``None`` are left out; a trailing ``_`` is dropped
    (``class_`` is ``class``).
    """
    element = ET.SubElement(
        parent,
        tag,
        {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items() if v is not None},
    )
    if text is not None:
        element.text = text
    return element
