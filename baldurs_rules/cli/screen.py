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
from enum import IntEnum
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.rule import Rule
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
    "Brevity",
    "Entry",
    "board_screen",
    "compact_lines",
    "compact_screen",
    "fits_full",
    "menu_entries",
    "narrated",
    "next_reward_lines",
    "option_lines",
    "option_text",
    "options_view",
    "seat_style",
    "summary_lines",
    "turn_screen",
    "wrapped",
    "wrapped_items",
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
    if compact:  # the next rewards follow the table, uncut (next_reward_lines)
        columns += [_Column(f.name, right=True) for f in content.factions]
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
            Text(f"{row.influence[f.id]}", style="bold")
            + Text(_next_space(row.next_rewards[f.id]) if compact else f" {row.next_rewards[f.id]}")
            for f in content.factions
        ]
        worker = [] if compact else [row.worker]
        counts = (len(row.portfolio), row.hand, row.agendas)
        resources = [str(v) for v in row.resources.values()]
        rows.append([label, *resources, str(row.cubes), *factions, *worker, *map(str, counts)])
    return _columns(columns, rows)


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


class Brevity(IntEnum):
    """How much a turn screen shortens to fit ``SCREEN_HEIGHT``: each level also does
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


def compact_screen(
    game: Game, seat: int, labels: Sequence[str], brevity: Brevity = Brevity.FULL
) -> RenderableType:
    """The screen for ``seat`` in ``SCREEN_WIDTH`` columns: a line per district,
    the seats and their next rewards, the offer, then that seat's agendas and hand
    (shortened as ``brevity`` says)."""
    return Group(*compact_lines(game, seat, labels, brevity))


def compact_lines(
    game: Game, seat: int, labels: Sequence[str], brevity: Brevity = Brevity.FULL
) -> list[Text]:
    """The lines of [`compact_screen`][baldurs_rules.cli.screen.compact_screen], each
    at most ``SCREEN_WIDTH`` wide."""
    lines = [Text(""), *_compact_map_lines(game)]
    if brevity < Brevity.LEAN:
        lines.append(Text(_compact_legend(game), style="dim"))
    lines += _seat_lines(game, seat, labels, compact=True) + next_reward_lines(game, seat)
    lines += _compact_offer_lines(game)
    lines += _compact_agendas(game, seat, 1 if brevity >= Brevity.NAMES else 2)
    lines += _compact_hand(game, seat, brevity)
    rule = Text(f" {header_text(game)} ", style="bold")
    lines[0] = Text("─" * 3, style="bold") + rule
    lines[0].append("─" * max(0, SCREEN_WIDTH - lines[0].cell_len), style="bold")
    return lines


def next_reward_lines(game: Game, seat: int) -> list[Text]:
    """The seat's next reward on each faction track, in short form (the seats table
    says on which space each seat's next reward is; ``explain FACTION`` tells them all).

    Examples: ``Your next rewards: Council of Four 2: +1 favor · ...``
    """
    from baldurs_rules.present.terse import terse

    row = seat_rows(game)[seat]
    parts = []
    for faction in game.content.factions:
        level, _, reward = row.next_rewards[faction.id].partition(": ")
        parts.append(f"{faction.name} {level}: {terse(reward)}")
    return wrapped_items(Text("Your next rewards: ", style="bold"), parts)


def wrapped_items(head: Text, items: Sequence[str], width: int = SCREEN_WIDTH) -> list[Text]:
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


def wrapped(head: Text, text: str, width: int = SCREEN_WIDTH) -> list[Text]:
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
    """The offer, as many cards a line as fit, then the top gate card."""
    from baldurs_rules.present.card_text import script_text

    content, state = game.content, game.state
    names = content.names()
    items = []
    for card in state.offer:
        building = content.buildings[card]
        items.append(f"{building.name} ({names[building.type].lower()}, {building.cost} gold)")
    gate = "empty"
    if state.gate_deck:
        top = content.gates[state.gate_deck[-1]]
        gate = f"{top.name} (income: {script_text(content, top.income).rstrip('.')})"
    items.append(f"{len(state.deck)} cards in the deck · gate deck top: {gate}")
    return wrapped_items(Text("Offer: ", style="bold"), items)


def _compact_hand(game: Game, seat: int, brevity: Brevity = Brevity.FULL) -> list[Text]:
    """The hand, a card a line with its cost and text (wrapped when long), less the
    cards the options below offer to build (they show the same text): none when all
    are offered. Shortened as ``brevity`` says."""
    from baldurs_rules.present.labels import card_offer_text
    from baldurs_rules.present.terse import terse_card_text

    content = game.content
    hand = game.state.hand[seat]
    if not hand:  # the turn's prompt says so
        return []
    decision = game.decision
    offered = set()
    if decision is not None and decision.seat == seat and decision.kind == "turn":
        offered = {str(a.args[0]) for a in game.legal_actions() if a.kind == "build"}
    rest = [card for card in hand if card not in offered]
    head = "Also in hand: " if offered else "Your hand: "
    if brevity >= Brevity.NAMES and rest:
        names = [content.buildings[c].name for c in rest]
        names[-1] += " (text left out to fit: type hand)"
        return wrapped_items(Text(head, style="bold"), names)
    lines = []
    for i, card in enumerate(rest):
        start = Text(head if i == 0 else " " * len(head), style="bold")
        text = card_offer_text(game, card)
        lines += wrapped(start, terse_card_text(text) if brevity else text)
    return lines


def _compact_agendas(game: Game, seat: int, most: int = 2) -> list[Text]:
    """The agendas by name with what each is worth now, on at most ``most`` lines."""
    from baldurs_rules.rules.lookup import Lookup

    content = game.content
    look = Lookup.of(content)
    threshold = content.settings["scoring"]["agenda_influence"]
    head = f"Agendas ({threshold}+ influence): "
    items = [
        f"{content.agendas[card].name} ({max(0, look.agenda_value(game.state, seat, card))} now)"
        for card in game.state.agendas[seat]
    ]
    return _packed(head, items, most)


def _packed(head: str, items: Sequence[str], most: int) -> list[Text]:
    """``head``, then items joined by `` · `` on lines of ``SCREEN_WIDTH`` (indented
    under the first), at most ``most`` lines (then "and N more")."""
    lines: list[str] = []
    room = SCREEN_WIDTH - len(head)
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


def turn_screen(
    game: Game,
    seat: int,
    labels: Sequence[str],
    entries: Sequence[Entry],
    summary: Sequence[Text],
) -> list[Text]:
    """The whole compact screen of a turn in ``SCREEN_HEIGHT`` lines, less the one typed:
    the board, "since your last turn", the prompt and its options.

    Nothing of the options is cut. The screen takes the least
    [`Brevity`][baldurs_rules.cli.screen.Brevity] that leaves the summary its head
    and two lines (else one) while the options keep their cost and gain; only when
    none does, it leaves the cards' text out (``Brevity.BARE``). The summary
    keeps its latest lines (at most ``SUMMARY_LINES``) and says how many it left out.
    """
    layouts = []
    for brevity in Brevity:
        board = compact_lines(game, seat, labels, brevity)
        options = option_lines(game, entries, SCREEN_WIDTH, brevity)
        layouts.append((board, options, SCREEN_HEIGHT - 1 - len(board) - len(options)))
    # the summary's head and two lines, else one, with the options' gains kept; else fit
    for wanted, levels in ((3, layouts[: Brevity.BARE]), (2, layouts[: Brevity.BARE])):
        fits = [layout for layout in levels if layout[2] >= min(wanted, len(summary) + 1)]
        if fits:
            board, options, room = fits[0]
            break
    else:
        board, options, room = next((lay for lay in layouts if lay[2] >= 0), layouts[-1])
    return board + summary_lines(summary, room) + options


def summary_lines(summary: Sequence[Text], room: int = SUMMARY_LINES + 1) -> list[Text]:
    """ "Since your last turn:" and its latest lines in ``room`` lines (none if empty).

    Short story lines share a line (`` · `` between them), so more of the story fits;
    the head says how many earlier ones it left out (``log`` tells them).
    """
    if not summary or room < 1:
        return []
    most = min(room - 1, SUMMARY_LINES)
    width = SCREEN_WIDTH - 2
    rows: list[Text] = []
    told = 0
    for line in reversed(summary):  # the latest first
        if rows and rows[0].cell_len + 3 + line.cell_len <= width:
            rows[0] = line + Text(" · ", style="dim") + rows[0]
        elif len(rows) < most:
            rows.insert(0, line.copy())
        else:
            break
        told += 1
    head = Text("Since your last turn:", style="bold")
    if told < len(summary):
        head.append(f" ({len(summary) - told} earlier lines: type log)", style="dim")
    lines = [head]
    for row in rows:
        text = Text("  ") + row
        text.no_wrap, text.overflow = True, "ellipsis"
        text.truncate(SCREEN_WIDTH, overflow="ellipsis")
        lines.append(text)
    return lines


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
