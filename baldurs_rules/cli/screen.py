"""What ``bbg play`` shows, drawn with rich: the full board, the options, narrated lines.

The full board (160 columns by 50 lines, shown when the terminal is that large,
or by the ``board`` command) shows the map, the special locations' trades at
today's cost, the offer, every seat, the reader's hand and agendas with their
text and the portfolio. The compact screen of a turn
([`baldurs_rules.cli.compact`][]) fits 120 columns by 40 lines. Both read
[`baldurs_rules.present.board_text`][] rows, so they show only public
information and the reader's own cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from baldurs_rules.cli.layout import Brevity, Column, aligned, beside, wrapped, wrapped_items
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
    from baldurs_rules.present.board_text import DistrictRow
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
    "district_cells",
    "fits_full",
    "menu_entries",
    "narrated",
    "option_lines",
    "option_text",
    "options_view",
    "owned_cell",
    "seat_lines",
    "seat_style",
    "tables",
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
    lines += beside(_location_lines(game), 104, _offer_lines(game))
    lines += seat_lines(game, seat, labels)
    lines += beside(_hand_lines(game, seat), 96, _agenda_lines(game, seat))
    return Group(Rule(header_text(game), style="bold"), *lines)


def owned_cell(text: str, owner: int) -> Text:
    return Text(text, style=seat_style(owner) if owner >= 0 else "")


def district_cells(game: Game) -> list[tuple[DistrictRow, Text, list[Text], list[int]]]:
    """Per district, for a map line: its row, its attack track (red once attacked), its
    lots in their owners' colours, and the map nodes of its sites (HQ, fortifications,
    gate), in the row's order."""
    t = tables(game)
    cells = []
    for d, row in enumerate(district_rows(game, short=True)):
        track = Text(row.track, style="bold red" if row.attacked else "")
        lots = [owned_cell(cell, owner) for cell, owner in zip(row.lots, row.owners, strict=True)]
        sites = [n for n, k in enumerate(t.node_kind) if k != "lot" and t.node_district[n] == d]
        cells.append((row, track, lots, sites))
    return cells


def _map_lines(game: Game) -> list[Text]:
    state = game.state
    rows: list[list[Text | str]] = []
    for row, track, lots, sites in district_cells(game):
        cells = [owned_cell(cell, state.owner[n]) for cell, n in zip(row.sites, sites, strict=True)]
        cells += [Text("")] * (4 - len(cells))
        rows.append([row.name, track, *lots, *cells, row.location])
    heads = ("District", "Attack", "Lots", "", "", "", "Sites", "", "", "", "Location")
    return aligned([Column(h) for h in heads], rows)


def tables(game: Game) -> Lookup:
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
    columns = [Column("Location", 26), Column("Here")]
    columns += [Column(f"Trade {n} (favor now)", 35) for n in (1, 2)]
    return aligned(columns, rows)


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
    return aligned([Column(f"Offer ({len(state.deck)} in the deck)", 52)], rows)


def seat_lines(game: Game, reader: int, labels: Sequence[str], compact: bool = False) -> list[Text]:
    """Seats: resources, cubes, influence and next reward on each faction, the worker (not
    when ``compact``: the map shows it), card counts."""
    content = game.content
    names = content.names()
    columns = [Column("Seat", 13 if compact else 16)]
    columns += [Column(names[r.id].lower()[:5], right=True) for r in content.resources]
    columns += [Column("cubes", right=True)]
    if compact:  # the next rewards follow the table, uncut (next_reward_lines)
        columns += [Column(f.name, right=True) for f in content.factions]
    else:
        columns += [Column(f"{f.name}: next", 24) for f in content.factions]
        columns += [Column("worker", 16)]
    counted = ("built", "hand", "agd" if compact else "agendas")
    columns += [Column(c, right=True) for c in counted]
    rows: list[list[Text | str]] = []
    for row in seat_rows(game):
        you = "*" if row.seat == reader else ""
        label = Text(f"s{row.seat}{you} {labels[row.seat]}", style=seat_style(row.seat))
        factions = [
            Text(f"{row.influence[f.id]}", style="bold")
            + Text(_next_space(row.next_rewards[f.id]) if compact else f" {row.next_rewards[f.id]}")
            for f in content.factions
        ]
        worker = [] if compact else [row.worker]
        counts = (len(row.portfolio), row.hand, row.agendas)
        resources = [str(v) for v in row.resources.values()]
        rows.append([label, *resources, str(row.cubes), *factions, *worker, *map(str, counts)])
    return aligned(columns, rows)


def _next_space(reward: str) -> str:
    """`` (next 4)`` from ``4: Gain 1 favor.``; `` (top)`` past the last reward."""
    level = reward.partition(":")[0]
    return f" (next {level})" if level.isdecimal() else f" ({level})"


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
    return aligned([Column("Your hand", 96)], rows)


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
    return aligned([Column(title, 62)], rows)


# ---------------------------------------------------------------- the compact screen


def fits_full(width: int, height: int) -> bool:
    """Whether a terminal of this size shows the full board at every turn."""
    return width >= FULL_WIDTH and height >= FULL_HEIGHT


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
    """The prompt of the pending decision and its numbered options (see
    [`option_lines`][baldurs_rules.cli.screen.option_lines])."""
    return Group(*option_lines(game, entries, width))


def option_lines(
    game: Game,
    entries: Sequence[Entry],
    width: int = SCREEN_WIDTH,
    brevity: Brevity = Brevity.FULL,
) -> list[Text]:
    """The prompt and the numbered options in lines of at most ``width``, none cut.

    A card to build takes a line (wrapped when long) with its cost and text; a
    special location to visit a line with its trades at today's cost (short form);
    the other options share up to three columns when every one fits its column,
    else take a line each. Cards' text is shortened as ``brevity`` says.
    """
    from baldurs_rules.present.terse import terse_card_text

    decision = game.decision
    lines = [Text(decision.prompt if decision else "", style="bold")]
    rest, builds = [], []
    for n, entry in enumerate(entries, 1):
        number = Text(f"{n:>2} ", style="cyan")
        kind = entry.actions[0].kind
        if kind == "build" and brevity >= Brevity.BARE:
            builds.append(f"{n} {_brief_build(entry)}")
        elif kind in ("build", "visit", "hq"):
            text = option_text(game, entry)
            short = brevity and kind == "build"
            lines += wrapped(number, "Build " + terse_card_text(text[6:]) if short else text, width)
        else:
            rest.append((number, entry.text))
    if builds:
        builds[-1] += " (cards' text left out to fit: explain CARD)"
        lines[1:1] = wrapped_items(Text(" Build: ", style="cyan"), builds, width)
    return lines + _option_grid(rest, width)


def option_text(game: Game, entry: Entry) -> str:
    """An option as the compact screen shows it: a location to visit with its trades
    at today's cost; an HQ card with the side this game plays only; else its text."""
    from baldurs_rules.present.terse import location_trades
    from baldurs_rules.rules.lookup import Lookup

    action = entry.actions[0]
    content = game.content
    if action.kind == "hq" and str(action.args[0]) in content.hqs:
        hq = content.hqs[str(action.args[0])]
        side = hq.advanced if game.state.advanced else hq.basic
        parts = [("Income", side.income), ("Ability", side.ability), ("Bonus", side.bonus)]
        parts.append(("Setup", side.setup))
        from baldurs_rules.present.card_text import script_text
        from baldurs_rules.present.terse import terse

        said = [f"{label}: {terse(script_text(content, s))}." for label, s in parts if s]
        where = content.names()[hq.district]
        return (
            f"{hq.name} (HQ in {where}, {'advanced' if game.state.advanced else 'basic'} side) "
            + " ".join(said)
        )
    if action.kind != "visit":
        return entry.text
    location = Lookup.of(content).location_index[str(action.args[0])]
    name = content.locations[location].name.removeprefix("The ")
    return f"{name}: {location_trades(game, location)}"


def _brief_build(entry: Entry) -> str:
    """A card to build in brief: ``Build The Ropewalk (trading hall, 2 gold)``."""
    text = entry.text.removeprefix("Build ")
    return text.split("): ", 1)[0] + ")" if "): " in text else text


def _option_grid(cells: Sequence[tuple[Text, str]], width: int) -> list[Text]:
    """Options in the most columns (up to three) where each fits uncut, else a line each."""
    for columns in (3, 2):
        room = (width - 2 * (columns - 1)) // columns
        rows = -(-len(cells) // columns)
        if rows < 2 or any(n.cell_len + len(text) > room for n, text in cells):
            continue
        lines = []
        for r in range(rows):
            line = Text(no_wrap=True)
            for c in range(columns):
                if c * rows + r < len(cells):
                    number, text = cells[c * rows + r]
                    cell = number + Text(text)
                    cell.align("left", room + (2 if c < columns - 1 else 0))
                    line.append_text(cell)
            line.rstrip()
            lines.append(line)
        return lines
    return [line for number, text in cells for line in wrapped(number, text, width)]
