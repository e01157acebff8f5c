"""What ``bbg play`` shows, drawn with rich: the board screen, the options, narrated lines.

The compact screen (the default) fits 120 columns by 40 lines with the summary
and the options: one line per district (its lots and their owners, the
fortifications and gates standing, the attack track n/4, the special location
with the workers on it and its damage), every seat's resources and faction
tracks with the next reward, the offer and the top gate card, then the reader's
own hand and agendas. The full board (160 columns by 50 lines, shown when the
terminal is that large, or by the ``board`` command) adds the special locations'
trades at today's cost, the card text of the agendas and the portfolio. Both
read [`baldurs_rules.present.board_text`][] rows, so they show only public
information and the reader's own cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from baldurs_rules.present.board_text import (
    district_rows,
    header_text,
    legend_text,
    location_rows,
    seat_rows,
)

if TYPE_CHECKING:
    from baldurs_rules.actions import Action
    from baldurs_rules.game import Game
    from baldurs_rules.present.narration import Line
    from baldurs_rules.rules.lookup import Lookup

__all__ = [
    "FULL_HEIGHT",
    "FULL_WIDTH",
    "SCREEN_HEIGHT",
    "SCREEN_WIDTH",
    "SUMMARY_LINES",
    "Entry",
    "board_screen",
    "compact_screen",
    "fits_full",
    "menu_entries",
    "narrated",
    "options_view",
    "seat_style",
]

SCREEN_WIDTH = 120
"""The width the compact screen is laid out for (and used when the output is not a terminal)."""

SCREEN_HEIGHT = 40
"""The lines the compact screen, the summary, the options and the input line fit in.

``tests/cli/test_play.py`` checks it at many decisions of whole games."""

FULL_WIDTH = 160
"""The width the full board is laid out for (the ``board`` command; shown at every
turn when the terminal is this wide and ``FULL_HEIGHT`` high)."""

FULL_HEIGHT = 50
"""The lines the full board and the options fit in."""

_SEAT_STYLES = ("red", "blue", "green", "dark_orange", "magenta", "cyan")
"""Seat colours, in the order of the board SVG's (red, blue, green, orange, ...)."""

SUMMARY_LINES = 6
"""The most lines of the "since your last turn" summary above a turn's prompt."""

_MOST_CARDS = 7
"""Cards of a hand shown with their text; the rest by name only (to keep ``SCREEN_HEIGHT``)."""

_TONE_STYLES = {
    "turn": "bold",
    "forced": "yellow",
    "attack": "bold red",
    "end": "bold magenta",
    "score": "magenta",
}


def seat_style(seat: int) -> str:
    """The colour of a seat (grey for none)."""
    return _SEAT_STYLES[seat % len(_SEAT_STYLES)] if seat >= 0 else "grey50"


def narrated(line: Line, turn: int | None = None) -> Text:
    """A narrated line, coloured by its tone, after the turn it happened in."""
    text = Text()
    if turn is not None:
        text.append(f"t{turn:>3} ", style="dim")
    text.append(line.text, style=_TONE_STYLES.get(line.tone, ""))
    return text


# ---------------------------------------------------------------- the board screen
def board_screen(game: Game, seat: int, labels: Sequence[str]) -> RenderableType:
    """The full board for ``seat`` (``FULL_WIDTH`` wide): the public board, then its cards."""
    lines = [*_map_lines(game), Text(legend_text(game), style="dim")]
    lines += _beside(_location_lines(game), 104, _offer_lines(game))
    lines += _seat_lines(game, seat, labels)
    lines += _beside(_hand_lines(game, seat), 96, _agenda_lines(game, seat))
    return Group(Rule(header_text(game), style="bold"), *lines)


@dataclass(frozen=True)
class _Column:
    """A column of [`_columns`][baldurs_rules.cli.screen._columns]: its header and widest cell."""

    header: str
    most: int = 200
    right: bool = False


def _columns(columns: Sequence[_Column], rows: Sequence[Sequence[Text | str]]) -> list[Text]:
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


def _beside(left: list[Text], width: int, right: list[Text]) -> list[Text]:
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


def _cell(text: str, owner: int) -> Text:
    return Text(text, style=seat_style(owner) if owner >= 0 else "")


def _map_lines(game: Game) -> list[Text]:
    state, t = game.state, _tables(game)
    rows: list[list[Text | str]] = []
    for d, row in enumerate(district_rows(game, short=True)):
        track = Text(row.track, style="bold red" if row.attacked else "")
        lots = [_cell(cell, owner) for cell, owner in zip(row.lots, row.owners, strict=True)]
        sites = [n for n, k in enumerate(t.node_kind) if k != "lot" and t.node_district[n] == d]
        cells = [_cell(cell, state.owner[n]) for cell, n in zip(row.sites, sites, strict=True)]
        cells += [Text("")] * (4 - len(cells))
        rows.append([row.name, track, *lots, *cells, row.location])
    heads = ("District", "Attack", "Lots", "", "", "", "Sites", "", "", "", "Location")
    return _columns([_Column(h) for h in heads], rows)


def _tables(game: Game) -> Lookup:
    from baldurs_rules.rules.lookup import Lookup

    return Lookup.of(game.content)


def _location_lines(game: Game) -> list[Text]:
    rows: list[list[Text | str]] = []
    for row in location_rows(game):
        here = Text(" ".join(f"s{s}" for s in row.workers) or "·")
        for s in row.workers:
            here.stylize(seat_style(s))
        trades = [
            Text(f"{cost}f ", style="bold") + Text(text.rstrip(".")) for cost, text in row.trades
        ]
        rows.append([row.name, here, *trades])
    columns = [_Column("Location", 26), _Column("Here")]
    columns += [_Column(f"Trade {n} (favor now)", 35) for n in (1, 2)]
    return _columns(columns, rows)


def _offer_lines(game: Game) -> list[Text]:
    from baldurs_rules.present.card_text import script_text

    content, state = game.content, game.state
    names = content.names()
    rows: list[list[Text | str]] = []
    for card in state.offer:
        building = content.buildings[card]
        rows.append([f"{building.name} ({names[building.type].lower()}, {building.cost} gold)"])
    rows.append([""])
    if state.gate_deck:
        gate = content.gates[state.gate_deck[-1]]
        rows.append([Text(f"Gate deck top: {gate.name}", style="bold")])
        rows.append([f"  income: {script_text(content, gate.income)}"])
    else:
        rows.append(["Gate deck: empty"])
    return _columns([_Column(f"Offer ({len(state.deck)} in the deck)", 52)], rows)


def _seat_lines(
    game: Game, reader: int, labels: Sequence[str], compact: bool = False
) -> list[Text]:
    """Seats: resources, cubes, influence and next reward on each faction, the worker (not
    when ``compact``: the map shows it), card counts."""
    content = game.content
    names = content.names()
    columns = [_Column("Seat", 13 if compact else 16)]
    columns += [_Column(names[r.id].lower()[:5], right=True) for r in content.resources]
    columns += [_Column("cubes", right=True)]
    if compact:
        columns += [_Column(f.name, 16) for f in content.factions]
    else:
        columns += [_Column(f"{f.name}: next", 24) for f in content.factions]
        columns += [_Column("worker", 16)]
    counted = ("built", "hand", "agd" if compact else "agendas")
    columns += [_Column(c, right=True) for c in counted]
    rows: list[list[Text | str]] = []
    for row in seat_rows(game):
        you = "*" if row.seat == reader else ""
        label = Text(f"s{row.seat}{you} {labels[row.seat]}", style=seat_style(row.seat))
        factions = [
            Text(f"{row.influence[f.id]} ", style="bold") + Text(row.next_rewards[f.id])
            for f in content.factions
        ]
        worker = [] if compact else [row.worker]
        counts = (len(row.portfolio), row.hand, row.agendas)
        resources = [str(v) for v in row.resources.values()]
        rows.append([label, *resources, str(row.cubes), *factions, *worker, *map(str, counts)])
    return _columns(columns, rows)


def _hand_lines(game: Game, seat: int) -> list[Text]:
    from baldurs_rules.present.card_text import card_text

    content = game.content
    hand = game.state.hand[seat]
    shown = hand if len(hand) <= _MOST_CARDS else hand[: _MOST_CARDS - 1]
    rows: list[list[Text | str]] = []
    for card in shown:
        lines = [line.strip() for line in card_text(content, card).splitlines()]
        rows.append([" · ".join(line for line in lines if not line.startswith("“"))])
    if len(shown) < len(hand):
        rest = ", ".join(content.names()[c] for c in hand[len(shown) :])
        rows.append([f"and {len(hand) - len(shown)} more: {rest} (explain CARD)"])
    if not hand:
        rows.append([Text("(no building cards)", style="dim")])
    names = content.names()
    portfolio = [names.get(c, c) for c in game.state.portfolio[seat]]
    rows.append([Text("Built: " + (", ".join(portfolio) or "nothing yet"), style="dim")])
    return _columns([_Column("Your hand", 96)], rows)


def _agenda_lines(game: Game, seat: int) -> list[Text]:
    from baldurs_rules.present.card_text import script_text
    from baldurs_rules.rules.lookup import Lookup

    content = game.content
    look = Lookup.of(content)
    threshold = content.settings["scoring"]["agenda_influence"]
    rows: list[list[Text | str]] = []
    for card in game.state.agendas[seat][:_MOST_CARDS]:
        agenda = content.agendas[card]
        worth = max(0, look.agenda_value(game.state, seat, card))
        rows.append([f"{agenda.name} ({worth} now): {script_text(content, agenda.score)}"])
    if not game.state.agendas[seat]:
        rows.append([Text("(no agendas)", style="dim")])
    title = f"Your agendas (one counts per faction at {threshold}+ influence)"
    return _columns([_Column(title, 62)], rows)


# ---------------------------------------------------------------- the compact screen


def fits_full(width: int, height: int) -> bool:
    """Whether a terminal of this size shows the full board at every turn."""
    return width >= FULL_WIDTH and height >= FULL_HEIGHT


def compact_screen(game: Game, seat: int, labels: Sequence[str]) -> RenderableType:
    """The screen for ``seat`` in ``SCREEN_WIDTH`` columns: a line per district,
    the seats, the offer, then that seat's agendas and hand."""
    lines = [*_compact_map_lines(game), Text(_compact_legend(game), style="dim")]
    lines += _seat_lines(game, seat, labels, compact=True)
    lines += _compact_offer_lines(game)
    lines += _compact_agendas(game, seat) + _compact_hand(game, seat)
    return Group(Rule(header_text(game), style="bold"), *lines)


def _compact_legend(game: Game) -> str:
    """The legend, without the empty marks the compact map leaves out."""
    return legend_text(game).split("; ·:")[0] + "; dmg: damaged"


def _compact_map_lines(game: Game) -> list[Text]:
    """One line per district: name, attack track, lots, what stands on its sites, location."""
    state, t = game.state, _tables(game)
    rows: list[list[Text | str]] = []
    for d, row in enumerate(district_rows(game, short=True)):
        track = Text(row.track, style="bold red" if row.attacked else "")
        lots = [_cell(cell, owner) for cell, owner in zip(row.lots, row.owners, strict=True)]
        nodes = [n for n, k in enumerate(t.node_kind) if k != "lot" and t.node_district[n] == d]
        standing = Text(" ").join(
            _cell(cell.replace("damaged", "dmg"), state.owner[n])
            for cell, n in zip(row.sites, nodes, strict=True)
            if state.piece[n] >= 0
        )
        rows.append([row.name, track, *lots, standing, _compact_location(game, d)])
    columns = [_Column("", 15), _Column("")] + [_Column("", 9)] * 4
    columns += [_Column("", 20), _Column("", 30)]
    return _columns(columns, rows)[1:]


def _compact_location(game: Game, district: int) -> Text:
    """The district's special location (without a leading "The"), its workers, its damage."""
    state, t = game.state, _tables(game)
    location = t.district_location[district]
    if location < 0:
        return Text("")
    text = Text(game.content.names()[t.locations[location]].removeprefix("The "))
    for seat, where in enumerate(state.worker):
        if where == location:
            text.append(f" s{seat}", style=seat_style(seat))
    if state.damage[district]:
        text.append(f" dmg {state.damage[district]}", style="red")
    return text


def _compact_offer_lines(game: Game) -> list[Text]:
    """The offer, as many cards a line as fit, then the deck and the top gate card."""
    from baldurs_rules.present.card_text import script_text

    content, state = game.content, game.state
    names = content.names()
    head = "Offer: "  # two cards of the default content fit a line after it
    items = []
    for card in state.offer:
        building = content.buildings[card]
        items.append(f"{building.name} ({names[building.type].lower()}, {building.cost} gold)")
    lines = _packed(head, items, 2)
    gate = "empty"
    if state.gate_deck:
        top = content.gates[state.gate_deck[-1]]
        gate = f"{top.name} (income: {script_text(content, top.income)})"
    deck = f"{len(state.deck)} cards in the deck · gate deck top: {gate}"
    lines.append(Text(deck, no_wrap=True, overflow="ellipsis"))
    return lines


def _compact_hand(game: Game, seat: int) -> list[Text]:
    """The hand, a card a line with its cost and text, less the cards the options
    below offer to build (they show the same text): none when all are offered."""
    from baldurs_rules.present.labels import card_offer_text

    hand = game.state.hand[seat]
    if not hand:
        return [Text("Your hand: no building cards", style="dim")]
    decision = game.decision
    offered = set()
    if decision is not None and decision.seat == seat and decision.kind == "turn":
        offered = {str(a.args[0]) for a in game.legal_actions() if a.kind == "build"}
    rest = [card for card in hand if card not in offered]
    head = "Also in hand: " if offered else "Your hand: "
    lines = []
    for i, card in enumerate(rest):
        line = Text(head if i == 0 else " " * len(head), style="bold")
        line.append(card_offer_text(game, card), style="")
        line.no_wrap, line.overflow = True, "ellipsis"
        lines.append(line)
    return lines


def _compact_agendas(game: Game, seat: int) -> list[Text]:
    """The agendas by name with what each is worth now, on at most two lines."""
    from baldurs_rules.rules.lookup import Lookup

    content = game.content
    look = Lookup.of(content)
    threshold = content.settings["scoring"]["agenda_influence"]
    head = f"Your agendas (count at {threshold}+ influence): "
    items = [
        f"{content.agendas[card].name} ({max(0, look.agenda_value(game.state, seat, card))} now)"
        for card in game.state.agendas[seat]
    ]
    return _packed(head, items, 2)


def _packed(head: str, items: Sequence[str], most: int) -> list[Text]:
    """``head``, then items joined by `` · `` on lines of ``SCREEN_WIDTH`` (indented
    under the first), at most ``most`` lines (then "and N more")."""
    lines: list[str] = []
    room = SCREEN_WIDTH - len(head)
    for n, item in enumerate(items):
        last = len(lines) == most and n < len(items) - 1  # keep room to say what is left
        note = len(f" · and {len(items) - n - 1} more (board)") if last else 0
        if lines and len(lines[-1]) + 3 + len(item) + note <= room:
            lines[-1] += " · " + item
        elif len(lines) < most:
            lines.append(item)
        else:
            lines[-1] += f" · and {len(items) - n} more (board)"
            break
    texts = [
        Text(" " * len(head) if i else head, style="bold") + Text(line)
        for i, line in enumerate(lines or ["none"])
    ]
    for text in texts:
        text.no_wrap, text.overflow = True, "ellipsis"
    return texts


# ---------------------------------------------------------------- the options
@dataclass(frozen=True)
class Entry:
    """One numbered option of the menu: one action, or a card to build (the lot comes next).

    Attributes:
        label: What to type instead of the number (``build ropewalk``, ``income``).
        text: What it does, in a few words.
        actions: The legal actions it stands for (several: one per lot, or, with
            ``together``, the income abilities it uses one after the other).
        together: The actions are all played, in order (``use all``).
    """

    label: str
    text: str
    actions: tuple[Action, ...]
    together: bool = False


def menu_entries(game: Game) -> list[Entry]:
    """The options of the pending decision, builds grouped by card (then the lot).

    Each entry's ``text`` is what a player reads (names, cost, card text, the
    district); its ``label`` (the notation) is what they may type instead.
    """
    from baldurs_rules.present.labels import USE_ALL, at_once_label, option_label

    decision = game.decision
    if decision is None:
        return []
    entries = []
    together = getattr(decision, "at_once", ())
    if together:
        entries.append(Entry(USE_ALL, at_once_label(game, together), together, together=True))
    for label, actions in decision.grouped().items():
        first = actions[0]
        text = option_label(game, first, group=first.kind == "build")
        entries.append(Entry(label, text, actions))
    return entries


def options_view(game: Game, entries: Sequence[Entry], width: int = SCREEN_WIDTH) -> RenderableType:
    """The prompt of the pending decision and its numbered options: a card to build a
    line (with its cost and text), the rest in up to three columns of ``width``."""
    decision = game.decision
    prompt = Text(decision.prompt if decision else "", style="bold")
    cells = [Text(f"{n:>2} ", style="cyan") + Text(e.text) for n, e in enumerate(entries, 1)]
    for cell in cells:  # one line each: the card text is in the hand above
        cell.no_wrap, cell.overflow = True, "ellipsis"
    builds = sum(1 for e in entries if e.actions[0].kind == "build")  # they come first
    rest = cells[builds:]
    # A turn on the compact screen leaves 10 lines to the hand and the options (40, less 21
    # of board, 7 of summary, the prompt and the line typed): the hand (at most 5 cards) shows
    # the cards not offered to build, so the other options get at most 5 rows.
    single = 4 if decision is not None and decision.kind == "turn" else 6
    columns = 1 if len(rest) <= single else (2 if len(rest) <= 10 else 3)
    width = width // columns - 2
    grid = Table.grid(padding=(0, 2))
    for _ in range(columns):
        grid.add_column(width=width, no_wrap=True, overflow="ellipsis")
    rows = -(-len(rest) // columns)
    for r in range(rows):
        grid.add_row(
            *(rest[c * rows + r] if c * rows + r < len(rest) else "" for c in range(columns))
        )
    return Group(prompt, *cells[:builds], grid)
