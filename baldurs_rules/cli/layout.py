"""Text layout for the terminal's screens: aligned columns, word wrap, packed lists.

Every helper returns rich ``Text`` lines, one screen line each, so a screen can
count its lines before it prints them (the compact screen must fit 40).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from rich.text import Text

__all__ = [
    "Brevity",
    "Column",
    "aligned",
    "beside",
    "packed",
    "wrapped",
    "wrapped_items",
]


class Brevity(IntEnum):
    """How much a turn screen shortens to fit its lines: each level also does
    what the ones before it do, and says what it left out and where to read it."""

    FULL = 0
    """Every card's text as written."""
    SHORT = 1
    """Cards' text in short form ([`terse`][baldurs_rules.present.terse.terse]): every
    cost and gain stays."""
    NAMES = 2
    """The hand's cards not offered to build by name only; the agendas on one line."""
    LEAN = 3
    """The map's legend left out (the full board, ``board``, has it)."""
    BARE = 4
    """The cards offered to build by name, type and cost, several a line (for mods
    with hands far larger than the game's)."""


@dataclass(frozen=True)
class Column:
    """A column of [`aligned`][baldurs_rules.cli.layout.aligned]: its header and widest cell."""

    header: str
    most: int = 200
    right: bool = False


def aligned(columns: Sequence[Column], rows: Sequence[Sequence[Text | str]]) -> list[Text]:
    """Rows of cells in aligned columns, two spaces apart, under an underlined header.

    A cell wider than its column's ``most`` is cut with an ellipsis. (Rich's Table
    does this too, at some twenty times the cost: the screen is drawn at every turn.)
    """
    cells = [[Text(c) if isinstance(c, str) else c.copy() for c in row] for row in rows]
    widths = [
        min(col.most, max([len(col.header)] + [r[i].cell_len for r in cells]))
        for i, col in enumerate(columns)
    ]
    heads = [Text(col.header, style="bold underline") for col in columns]
    lines = []
    for row in [heads, *cells]:
        line = Text(no_wrap=True, overflow="ellipsis")
        for i, (col, cell) in enumerate(zip(columns, row, strict=True)):
            if i:
                line.append("  ")
            cell.truncate(widths[i], overflow="ellipsis")
            cell.align("right" if col.right else "left", widths[i])
            line.append_text(cell)
        line.rstrip()
        lines.append(line)
    return lines


def beside(left: list[Text], width: int, right: list[Text]) -> list[Text]:
    """Two blocks of lines side by side, the left one ``width`` wide."""
    lines = []
    for i in range(max(len(left), len(right))):
        line = left[i].copy() if i < len(left) else Text(no_wrap=True, overflow="ellipsis")
        line.truncate(width, overflow="ellipsis")
        line.align("left", width)
        if i < len(right):
            line.append("  ")
            line.append_text(right[i])
        lines.append(line)
    return lines


def wrapped(head: Text, text: str, width: int) -> list[Text]:
    """``head`` then ``text`` word-wrapped to ``width``, later lines indented under the
    text's start (a word longer than a line is broken)."""
    import textwrap

    indent = head.cell_len
    room = max(10, width - indent)
    parts = textwrap.wrap(text, room, break_on_hyphens=False) or [""]
    lines = []
    for i, part in enumerate(parts):
        line = head.copy() if i == 0 else Text(" " * indent)
        line.append(part)
        line.no_wrap, line.overflow = True, "ellipsis"
        lines.append(line)
    return lines


def wrapped_items(head: Text, items: Sequence[str], width: int) -> list[Text]:
    """``head`` then the items joined by `` · ``, a line broken between items (within
    one only when it is longer than a line), later lines indented under the first."""
    room = max(10, width - head.cell_len)
    rows: list[str] = []
    for item in items:
        if rows and len(rows[-1]) + 3 + len(item) <= room:
            rows[-1] += " · " + item
        else:
            rows.append(item)
    lines = []
    for i, row in enumerate(rows or [""]):
        lines += wrapped(head if i == 0 else Text(" " * head.cell_len), row, width)
    return lines


def packed(head: str, items: Sequence[str], most: int, width: int) -> list[Text]:
    """``head``, then items joined by `` · `` on lines of ``width`` (indented
    under the first), at most ``most`` lines (then "and N more")."""
    lines: list[str] = []
    room = width - len(head)
    for n, item in enumerate(items):
        last = len(lines) == most and n < len(items) - 1  # keep room to say what is left
        note = len(f" · and {len(items) - n - 1} more (type hand)") if last else 0
        if lines and len(lines[-1]) + 3 + len(item) + note <= room:
            lines[-1] += " · " + item
        elif len(lines) < most:
            lines.append(item)
        else:
            lines[-1] += f" · and {len(items) - n} more (type hand)"
            break
    texts = [
        Text(" " * len(head) if i else head, style="bold") + Text(line)
        for i, line in enumerate(lines or ["none"])
    ]
    for text in texts:
        text.no_wrap, text.overflow = True, "ellipsis"
    return texts
