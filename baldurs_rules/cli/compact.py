"""The compact screen of ``bbg play``: a turn in 120 columns by 40 lines.

One line per district (its lots and their owners, the fortifications and gates
standing, the attack track n/4, the special location with the workers on it and
its damage), every seat's resources and faction levels, the reader's next rewards,
the offer and the top gate card, then the reader's own agendas and hand. A turn's
screen ([`turn_screen`][baldurs_rules.cli.compact.turn_screen]) adds the summary
of what happened since the reader's last turn and the options, and shortens in
steps ([`Brevity`][baldurs_rules.cli.layout.Brevity]) to fit ``SCREEN_HEIGHT``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from rich.console import Group, RenderableType
from rich.text import Text

from baldurs_rules.cli.layout import Brevity, Column, aligned, packed, wrapped, wrapped_items
from baldurs_rules.cli.screen import (
    SCREEN_HEIGHT,
    SCREEN_WIDTH,
    SUMMARY_LINES,
    district_cells,
    narrated,
    option_lines,
    owned_cell,
    seat_lines,
    seat_style,
    tables,
)
from baldurs_rules.present.board_text import header_text, legend_text, seat_rows
from baldurs_rules.rules.events import decode

if TYPE_CHECKING:
    from baldurs_rules.cli.screen import Entry
    from baldurs_rules.game import Game
    from baldurs_rules.present.narration import Line

__all__ = [
    "Move",
    "compact_lines",
    "compact_screen",
    "digest",
    "next_reward_lines",
    "summary_lines",
    "turn_screen",
]


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
    """The lines of [`compact_screen`][baldurs_rules.cli.compact.compact_screen], each
    at most ``SCREEN_WIDTH`` wide."""
    lines = [Text(""), *_compact_map_lines(game)]
    if brevity < Brevity.LEAN:
        lines.append(Text(_compact_legend(game), style="dim"))
    lines += seat_lines(game, seat, labels, compact=True) + next_reward_lines(game, seat)
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
    return wrapped_items(Text("Your next rewards: ", style="bold"), parts, SCREEN_WIDTH)


def _compact_legend(game: Game) -> str:
    """The legend, without the empty marks the compact map leaves out."""
    return legend_text(game).split("; ·:")[0] + "; dmg: damaged"


def _compact_map_lines(game: Game) -> list[Text]:
    """One line per district: name, attack track, lots, what stands on its sites, location."""
    state = game.state
    rows: list[list[Text | str]] = []
    for d, (row, track, lots, sites) in enumerate(district_cells(game)):
        standing = Text(" ").join(
            owned_cell(cell.replace("damaged", "dmg"), state.owner[n])
            for cell, n in zip(row.sites, sites, strict=True)
            if state.piece[n] >= 0
        )
        rows.append([row.name, track, *lots, standing, _compact_location(game, d)])
    columns = [Column("", 15), Column("")] + [Column("", 9)] * 4
    columns += [Column("", 20), Column("", 30)]
    return aligned(columns, rows)[1:]


def _compact_location(game: Game, district: int) -> Text:
    """The district's special location (without a leading "The"), its workers, its damage."""
    state, t = game.state, tables(game)
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
    return wrapped_items(Text("Offer: ", style="bold"), items, SCREEN_WIDTH)


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
        return wrapped_items(Text(head, style="bold"), names, SCREEN_WIDTH)
    lines = []
    for i, card in enumerate(rest):
        start = Text(head if i == 0 else " " * len(head), style="bold")
        text = card_offer_text(game, card)
        lines += wrapped(start, terse_card_text(text) if brevity else text, SCREEN_WIDTH)
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
    return packed(head, items, most, SCREEN_WIDTH)


def turn_screen(
    game: Game,
    seat: int,
    labels: Sequence[str],
    entries: Sequence[Entry],
    summary: Sequence[Move],
) -> list[Text]:
    """The whole compact screen of a turn in ``SCREEN_HEIGHT`` lines, less the one typed:
    the board, "since your last turn", the prompt and its options.

    Nothing of the options is cut. The screen takes the least
    [`Brevity`][baldurs_rules.cli.layout.Brevity] that leaves the summary its head
    and two lines (else one) while the options keep their cost and gain; only when
    none does, it leaves the cards' text out (``Brevity.BARE``). The summary
    keeps its latest lines (at most ``SUMMARY_LINES``) and says how many it left out.
    """
    layouts: dict[Brevity, tuple[list[Text], list[Text], int]] = {}

    def laid_out(brevity: Brevity) -> tuple[list[Text], list[Text], int]:
        if brevity not in layouts:  # each level drawn once, and only if needed
            board = compact_lines(game, seat, labels, brevity)
            options = option_lines(game, entries, SCREEN_WIDTH, brevity)
            layouts[brevity] = (board, options, SCREEN_HEIGHT - 1 - len(board) - len(options))
        return layouts[brevity]

    kept = [b for b in Brevity if b < Brevity.BARE]  # the options keep their gains
    # every move in a few words, else the head and two lines, else one; else whatever fits
    whole = 1 + len(_rows([move.short for move in summary], SUMMARY_LINES)[0])
    choices = [(wanted, b) for wanted in (whole, 3, 2) for b in kept] + [(0, b) for b in Brevity]
    chosen = next(
        (b for wanted, b in choices if laid_out(b)[2] >= min(wanted, len(summary) + 1)),
        Brevity.BARE,
    )
    board, options, room = laid_out(chosen)
    return board + summary_lines(summary, room) + options


SUMMARY_KINDS = frozenset({"build", "worker", "place", "trade", "take"})
"""The story's lines a turn's summary keeps, besides each turn's action and the attacks."""


class Move(NamedTuple):
    """One entry of the summary: a move told whole, and in a few words."""

    full: Text
    short: Text


def digest(game: Game, lines: Sequence[Line], reader: int) -> list[Move]:
    """The summary of a stretch of the story for ``reader``: one entry per move of the
    other seats (a turn's action) and per attack or sign of the end; told whole, with
    what the move built, placed, traded or took after ``; ``, and in a few words.

    Args:
        game: The game the lines tell (its event log and names).
        lines: The story's lines (``narration``), oldest first.
        reader: The seat it is told to; its own moves are left out (it made them).
    """
    events = game.state.events
    groups: list[list[Line]] = []
    for line in lines:
        if _action(events[line.events[0]]) or line.kind == "attack" or line.tone == "end":
            groups.append([line])
        elif groups and (line.kind in SUMMARY_KINDS or line.tone == "attack"):
            groups[-1].append(line)
    return [
        Move(_whole(group), _short(game, group))
        for group in groups
        if not (group[0].seat == reader and _action(events[group[0].events[0]]))
    ]


def _action(event: Any) -> str:
    """The notation of a turn's action the event is (played or forced), else ``""``."""
    e = decode(event)
    if (e["kind"], e["cause"]) == ("action", "turn") or e.get("decision") == "turn":
        return str(e["action"])
    return ""


def _subject(line: Line) -> str:
    return "You " if line.text.startswith("You ") else f"Seat {line.seat} "


def _whole(group: Sequence[Line]) -> Text:
    """One move's lines as one entry; the details without their subject when it is the
    move's (``Seat 3 places ...; trades at ...``)."""
    head, *rest = group
    subject = _subject(head)
    text = narrated(replace(head, text=head.text.rstrip(".")))
    for line in rest:
        said = line.text.rstrip(".")
        if line.seat == head.seat and said.startswith(subject):
            said = said[len(subject) :]
        text += Text("; ") + narrated(replace(line, text=said))
    return text + Text(".")


def _short(game: Game, group: Sequence[Line]) -> Text:
    """A move in a few words: ``Seat 1 built The Ropewalk on lot 29``, ``Seat 2 went to
    The High Hall``, ``Seat 3 took income``; an attack or the end as its first line."""
    head = group[0]
    event = decode(game.state.events[head.events[0]])
    names = game.content.names()
    kind, _, rest = _action(game.state.events[head.events[0]]).partition(" ")
    if kind == "build":
        card, _, lot = rest.partition(" ")
        said = f"{_subject(head)}built {names.get(card, card)} on lot {lot}"
    elif kind == "visit":
        said = f"{_subject(head)}went to {names.get(rest, rest)}"
    elif kind == "income":
        said = f"{_subject(head)}took income"
    elif event["kind"] == "attack":
        which = "Final attack" if event["cause"] == "final_attack" else "Attack"
        district = names.get(event["district"], event["district"])
        outcome = "held" if event["held"] else "fell"
        said = f"{which} on {district}: {event['strength']} vs {event['defense']}, {outcome}"
    else:
        return narrated(head)
    return narrated(replace(head, text=said))


def _rows(summary: Sequence[Text], most: int) -> tuple[list[Text], int]:
    """The summary's latest entries in at most ``most`` rows (short ones share a row),
    and how many entries they hold."""
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
    return rows, told


def summary_lines(summary: Sequence[Move], room: int = SUMMARY_LINES + 1) -> list[Text]:
    """ "Since your last turn:" and its latest moves in ``room`` lines (none if empty):
    told whole if they all fit, else in a few words when more of them fit so.

    Short entries share a line (`` · `` between them), so more of the story fits;
    the head says how many earlier ones it left out (``log`` tells them).
    """
    if not summary or room < 1:
        return []
    most = min(room - 1, SUMMARY_LINES)
    rows, told = _rows([move.full for move in summary], most)
    if told < len(summary):
        short, fewer = _rows([move.short for move in summary], most)
        if fewer > told:
            rows, told = short, fewer
    head = Text("Since your last turn:", style="bold")
    if told < len(summary):
        left = len(summary) - told
        head.append(f" ({left} earlier move{'s' if left > 1 else ''}: type log)", style="dim")
    lines = [head]
    for row in rows:
        text = Text("  ") + row
        text.no_wrap, text.overflow = True, "ellipsis"
        text.truncate(SCREEN_WIDTH, overflow="ellipsis")
        lines.append(text)
    return lines
