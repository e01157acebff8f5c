"""The board as text: rows a frontend lays out, and the compact board ``print(game)`` shows.

Everything here is public (RULES B17) unless a reader seat is given, and then
only that seat's own hand and agendas are added: an unrevealed lot looks like
every other (the face-down final token is never told), other hands are counts.

The row functions return plain data (strings and numbers) so a terminal can put
them in its own tables; [`board_text`][baldurs_rules.present.board_text.board_text] lays
them out in fixed columns.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=2, seed=1)
    >>> print(str(game).splitlines()[0])
    Turn 1 · play · seat 0 to decide (turn) · attack strength 1 · 19 lot tokens in the bag
    >>> row = district_rows(game)[0]
    >>> row.name, row.track == f"{game.state.track[0]}/4"
    ('Manorborn', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from baldurs_rules.present.card_text import script_text
from baldurs_rules.rules.lookup import Lookup
from baldurs_rules.rules.state import LOT_AVAILABLE, LOT_BANNED, LOT_BUILT, LOT_FINAL

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = [
    "DistrictRow",
    "LocationRow",
    "SeatRow",
    "abbreviations",
    "board_text",
    "district_rows",
    "header_text",
    "labels",
    "legend_text",
    "location_rows",
    "next_reward",
    "seat_rows",
]

EMPTY = "·"
"""How an empty site or an unrevealed lot is shown."""


@dataclass(frozen=True)
class DistrictRow:
    """One district of the map.

    Attributes:
        id: The district id.
        name: Its display name.
        track: Tokens on its attack track, ``n/4``.
        attacked: Whether the track has reached the attack (an attack has happened).
        lots: One cell per lot: ``14 Market s2``, ``15 open``, ``16 banned``,
            ``13 ·`` (not revealed), ``12 Inn dmg`` (damaged).
        owners: The owner of each lot's building (-1: none or damaged), for colours.
        sites: One cell per site: ``HQ s1``, ``Watchtower s0``, ``gate ·``.
        location: The special location and what is on it: ``The High Hall: s2, damage 1``.
    """

    id: str
    name: str
    track: str
    attacked: bool
    lots: tuple[str, ...]
    owners: tuple[int, ...]
    sites: tuple[str, ...]
    location: str


@dataclass(frozen=True)
class SeatRow:
    """One seat's public state.

    Attributes:
        seat: The seat number.
        resources: Amount of each resource, by id, in content order.
        cubes: Cubes left in supply.
        influence: Level on each faction, by id.
        next_rewards: The next reward above the level on each faction (``4: Draw 1
            building.``), or what past the top gives.
        worker: The location the worker is on, or ``home``.
        portfolio: Display names of the portfolio's cards (HQ first).
        hand: Building cards in hand (a count: hands are secret).
        agendas: Agenda cards held (a count).
    """

    seat: int
    resources: dict[str, int]
    cubes: int
    influence: dict[str, int]
    next_rewards: dict[str, str]
    worker: str
    portfolio: tuple[str, ...]
    hand: int
    agendas: int


@dataclass(frozen=True)
class LocationRow:
    """One special location with its trades at their current cost.

    Attributes:
        id: The location id.
        name: Its display name.
        district: The district's display name.
        workers: Seats whose worker is on it.
        damage: Damage tokens on it.
        trades: ``(cost now, text)`` of each trade, in order.
    """

    id: str
    name: str
    district: str
    workers: tuple[int, ...]
    damage: int
    trades: tuple[tuple[int, str], ...]


def header_text(game: Game) -> str:
    """The line above the board: turn, phase, who decides, attack strength, the bag."""
    state = game.state
    t = Lookup.of(game.content)
    decision = state.decision
    who = (
        "the game is over"
        if decision is None
        else f"seat {decision.seat} to decide ({decision.kind})"
    )
    strength = t.strength_track[state.strength]
    return (
        f"Turn {state.turn + 1} · {state.phase} · {who} · attack strength {strength}"
        f" · {len(state.bag)} lot tokens in the bag"
    )


def abbreviations(names: Sequence[str]) -> list[str]:
    """Short distinct labels: word initials (``Trading Hall`` -> ``TH``), lengthened on clashes."""
    found: list[str] = []
    for name in names:
        words = name.split()
        label = "".join(w[0] for w in words).upper() if len(words) > 1 else name[:1].upper()
        extra = 1
        while label in found and extra < len(name):
            extra += 1
            label = name[:extra].capitalize()
        found.append(label)
    return found


def labels(game: Game, short: bool) -> dict[str, str]:
    """What lots and sites call building types and fortifications: names, or short labels.

    Examples:
        >>> import baldurs_rules as br
        >>> labels(br.new_game(2, seed=1), short=True)["trading_hall"]
        'TH'
    """
    content = game.content
    found: dict[str, str] = {}
    for group in (
        [(x.id, x.name) for x in content.tiles],
        [(x.id, x.name) for x in content.fortifications],
    ):
        names = [name for _, name in group]
        shown = abbreviations(names) if short else names
        found.update({ident: label for (ident, _), label in zip(group, shown, strict=True)})
    return found


def legend_text(game: Game) -> str:
    """The key to the short labels of
    [`district_rows`][baldurs_rules.present.board_text.district_rows]."""
    content = game.content
    short = labels(game, short=True)
    tiles = ", ".join(f"{short[t.id]} {t.name}" for t in content.tiles)
    forts = ", ".join(f"{short[f.id]} {f.name}" for f in content.fortifications)
    return f"Lots: {tiles}; sites: {forts}; sN: seat N's; {EMPTY}: empty or not revealed"


def district_rows(game: Game, short: bool = False) -> list[DistrictRow]:
    """Every district: attack track, lots and owners, sites, the special location.

    Args:
        game: The game.
        short: Name building types and fortifications by short labels (``TH``
            for Trading Hall, see [`legend_text`][baldurs_rules.present.board_text.legend_text]).
    """
    t, state = Lookup.of(game.content), game.state
    names = game.content.names()
    shown = labels(game, short)
    rows = []
    for d, district in enumerate(t.districts):
        lots = [_lot_cell(game, node, shown) for node in t.district_lots[d]]
        owners = tuple(state.owner[node] for node in t.district_lots[d])
        sites = [
            _site_cell(game, n, shown)
            for n, k in enumerate(t.node_kind)
            if k != "lot" and t.node_district[n] == d
        ]
        tokens = state.track[d]
        rows.append(
            DistrictRow(
                district,
                names[district],
                f"{tokens}/{t.trigger}",
                tokens >= t.trigger,
                tuple(lots),
                owners,
                tuple(sites),
                _location_cell(game, d),
            )
        )
    return rows


def _lot_cell(game: Game, node: int, shown: dict[str, str]) -> str:
    t = Lookup.of(game.content)
    state = game.state
    lot, status = t.node_lot[node], state.lots[node]
    if status == LOT_BUILT:
        tile = shown[t.tiles[state.piece[node]]]
        owner = state.owner[node]
        return f"{lot} {tile} {'dmg' if owner < 0 else f's{owner}'}"
    if status == LOT_AVAILABLE:
        return f"{lot} open"
    if status == LOT_BANNED:
        return f"{lot} ban"
    if status == LOT_FINAL:
        return f"{lot} final"
    return f"{lot} {EMPTY}"


def _site_cell(game: Game, node: int, shown: dict[str, str]) -> str:
    t = Lookup.of(game.content)
    state = game.state
    kind, piece, owner = t.node_kind[node], state.piece[node], state.owner[node]
    label = {"hq": "HQ", "gate": "gate"}.get(kind, "fort")
    if piece < 0:
        return f"{label} {EMPTY}"
    name = "HQ" if kind == "hq" else shown[game.content.fortifications[piece].id]
    return f"{name} {f's{owner}' if owner >= 0 else 'damaged'}"


def _location_cell(game: Game, district: int) -> str:
    t = Lookup.of(game.content)
    location = t.district_location[district]
    if location < 0:
        return ""
    state = game.state
    names = game.content.names()
    workers = [f"s{s}" for s, where in enumerate(state.worker) if where == location]
    notes = [", ".join(workers)] if workers else []
    if state.damage[district]:
        notes.append(f"damage {state.damage[district]}")
    name = names[t.locations[location]]
    return f"{name}: {'; '.join(notes)}" if notes else name


def next_reward(game: Game, faction: str, level: int) -> str:
    """The next reward above ``level`` on a faction track, e.g. ``4: Draw 1 building.``.

    Examples:
        >>> import baldurs_rules as br
        >>> next_reward(br.new_game(2, seed=1), "council_of_four", 0)
        '2: Gain 1 favor.'
    """
    content = game.content
    track = next(f for f in content.factions if f.id == faction)
    for space in range(level + 1, len(track.rewards) + 1):
        reward = track.rewards[space - 1]
        if reward is not None:
            return f"{space}: {script_text(content, reward)}"
    past = script_text(content, content.past_top) if content.past_top else "nothing"
    return f"top: {past} per influence"


def seat_rows(game: Game) -> list[SeatRow]:
    """Every seat's public state: resources, cubes, influence and next rewards, worker, cards."""
    t, state = Lookup.of(game.content), game.state
    names = game.content.names()
    rows = []
    for seat in range(state.players):
        influence = dict(zip(t.factions, state.influence[seat], strict=True))
        worker = state.worker[seat]
        rows.append(
            SeatRow(
                seat,
                dict(zip(t.resources, state.res[seat], strict=True)),
                state.cubes[seat],
                influence,
                {f: next_reward(game, f, level) for f, level in influence.items()},
                names[t.locations[worker]] if worker >= 0 else "home",
                tuple(names.get(c, c) for c in _portfolio(game, seat)),
                len(state.hand[seat]),
                len(state.agendas[seat]),
            )
        )
    return rows


def _portfolio(game: Game, seat: int) -> list[str]:
    state = game.state
    hq = [state.hq[seat]] if state.hq[seat] else []
    return hq + [c for c in state.portfolio[seat] if c != state.hq[seat]]


def location_rows(game: Game) -> list[LocationRow]:
    """Every special location, with its workers, damage, and each trade at its cost now."""
    t, state = Lookup.of(game.content), game.state
    names, content = game.content.names(), game.content
    rows = []
    for index, location in enumerate(content.locations):
        district = t.location_district[index]
        trades = tuple(
            (t.trade_cost(state, index, i), script_text(content, trade.effect))
            for i, trade in enumerate(location.trades)
        )
        workers = tuple(s for s, where in enumerate(state.worker) if where == index)
        name = names[t.districts[district]]
        rows.append(
            LocationRow(location.id, location.name, name, workers, state.damage[district], trades)
        )
    return rows


def board_text(game: Game, seat: int | None = None) -> str:
    """The compact text board: header, map by district, seats, offer and gate deck.

    Args:
        game: The game.
        seat: Add this seat's hand and agendas (None: public information only).
    """
    lines = [header_text(game), ""]
    rows = district_rows(game, short=True)
    lines += _columns(
        [["District", "Attack", "Lots", "", "", "", "Sites", "", "", "", "Location"]]
        + [[r.name, r.track, *r.lots, *_pad(r.sites, 4), r.location] for r in rows]
    )
    lines += [legend_text(game), ""]
    lines += _seat_lines(game)
    lines.append("")
    lines += _card_lines(game, seat)
    return "\n".join(line.rstrip() for line in lines)


def _pad(cells: tuple[str, ...], size: int) -> list[str]:
    return list(cells) + [""] * (size - len(cells))


def _columns(table: list[list[str]]) -> list[str]:
    """Rows of cells in columns as wide as their widest cell, two spaces apart."""
    widths = [
        max(len(row[i]) if i < len(row) else 0 for row in table) for i in range(len(table[0]))
    ]
    return ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)) for row in table]


def _seat_lines(game: Game) -> list[str]:
    content = game.content
    names = content.names()
    head = ["Seat", *(names[r.id].lower() for r in content.resources), "cubes"]
    head += [names[f.id] for f in content.factions] + ["worker", "portfolio", "hand", "agendas"]
    table = [head]
    for row in seat_rows(game):
        cells = [f"s{row.seat}", *(str(v) for v in row.resources.values()), str(row.cubes)]
        cells += [str(v) for v in row.influence.values()]
        cells += [row.worker, str(len(row.portfolio)), str(row.hand), str(row.agendas)]
        table.append(cells)
    return _columns(table)


def _card_lines(game: Game, seat: int | None) -> list[str]:
    state, names = game.state, game.content.names()
    offer = ", ".join(names.get(c, c) for c in state.offer) or "empty"
    top = names.get(state.gate_deck[-1], "") if state.gate_deck else "empty"
    lines = [
        f"Offer: {offer} ({len(state.deck)} cards in the deck)",
        f"Gate deck: {top} on top ({len(state.gate_deck)} cards)",
    ]
    if seat is not None:
        hand = ", ".join(names.get(c, c) for c in state.hand[seat]) or "no cards"
        agendas = ", ".join(names.get(c, c) for c in state.agendas[seat]) or "none"
        lines += [f"Your hand (seat {seat}): {hand}", f"Your agendas: {agendas}"]
    return lines
