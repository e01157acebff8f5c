"""Checks across content files: what ``rules/setup.py`` assumes, amounts, and loops.

Every assumption the setup makes is checked here, so a content that loads can
always be set up and played (RULES Part A, Setup):

* the players' range is consistent and there are HQ cards for every seat, with
  ``advanced.extra_hqs`` more in the advanced draft;
* each player's cubes exceed the faction tracks (one cube each) plus what the
  HQ setup effects can place;
* the lot tokens drawn at setup (starting lots, the face-down token, banned
  lots) are fewer than the lots;
* hands, the offer and the advanced deals are no larger than the decks, and
  no more cards are kept than dealt;
* the districts table covers every number of districts, every resource named
  by a role, the leftovers or the starting resources exists.

Then the static bounds of every amount ([`bounds`][baldurs_rules.dsl.bounds]) and
the endless loops of effects that trigger effects
([`triggers`][baldurs_rules.content.triggers]). Each check names the content
kinds it needs; when one of them could not be used, the check is skipped and
the report says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from baldurs_rules.content.build import At, Builder
from baldurs_rules.content.model import (
    Agenda,
    Board,
    Building,
    Content,
    Faction,
    Fortification,
    Gate,
    Hq,
    HqSide,
    Resource,
    Script,
    SpecialLocation,
    Tile,
)
from baldurs_rules.content.triggers import loop_problems
from baldurs_rules.dsl import bounds
from baldurs_rules.dsl.bounds import HERE, MAX_AMOUNT, MAX_RESOURCE, Interval, Ranges
from baldurs_rules.errors import did_you_mean

__all__ = ["ATTACKS_PER_DISTRICT", "CHECKS", "Parts", "content_ranges", "ranges_for", "run"]

ATTACKS_PER_DISTRICT = 2
"""The most attacks a district suffers, so the most damage tokens it holds.

One when its track reaches ``attack.trigger`` (the track only grows), and the
final attack.
"""

_ALL = ("game", "map", "factions", "buildings", "gates", "agendas", "hqs", "locations")
_FILE = {kind: f"{kind}.yaml" for kind in _ALL}


@dataclass
class Parts:
    """What could be built of a content; a part is None (or empty) when its file is unusable.

    Attributes:
        game: The merged ``game.yaml`` (data and locations).
        complete: For each kind, whether every file and entry of it was usable.
        content: The whole content, when every kind is complete.
    """

    game: At | None
    board: Board | None
    complete: dict[str, bool]
    resources: tuple[Resource, ...] | None = None
    tiles: tuple[Tile, ...] | None = None
    fortifications: tuple[Fortification, ...] | None = None
    hq_basic: HqSide | None = None
    factions: tuple[Faction, ...] | None = None
    past_top: Script | None = None
    buildings: dict[str, Building] = field(default_factory=dict)
    gates: dict[str, Gate] = field(default_factory=dict)
    agendas: dict[str, Agenda] = field(default_factory=dict)
    hqs: dict[str, Hq] = field(default_factory=dict)
    locations: tuple[SpecialLocation, ...] = ()
    content: Content | None = None

    @property
    def g(self) -> At:
        """``game.yaml`` (only for checks that need it)."""
        assert self.game is not None
        return self.game

    @property
    def settings(self) -> Any:
        return self.g.data


Check = Callable[[Parts, Builder], None]
CHECKS: list[tuple[str, tuple[str, ...], Check]] = []
"""Every cross-check: its name (for the skipped note), the kinds it needs, the check."""


def _check(name: str, *needs: str) -> Callable[[Check], Check]:
    def register(fn: Check) -> Check:
        CHECKS.append((name, needs, fn))
        return fn

    return register


def run(parts: Parts, b: Builder) -> None:
    """Run every check whose kinds are complete; note the others as skipped."""
    for name, needs, fn in CHECKS:
        missing = [kind for kind in needs if not parts.complete.get(kind, False)]
        if missing:
            for kind in missing:
                b.skip(_FILE[kind], name)
        else:
            fn(parts, b)


# ------------------------------------------------------------------ names


@_check("resources named by roles, leftovers and setup", "game")
def _resource_names(parts: Parts, b: Builder) -> None:
    g, settings = parts.g, parts.settings
    resources = {r.id for r in parts.resources or ()}
    for role in settings["roles"]:
        b.refers(g["roles"][role], resources, "resource")
    for i in range(len(settings["scoring"]["leftovers"])):
        b.refers(g["scoring"]["leftovers"][i], resources, "resource")
    for name in settings["setup"]["resources"]:
        if name not in resources:
            message = f"unknown resource {name!r}" + did_you_mean(name, resources)
            b.report(g["setup"]["resources"][name], message, key=True)


# ------------------------------------------------------------------ setup


@_check("players", "game")
def _players(parts: Parts, b: Builder) -> None:
    players = parts.settings["players"]
    if players["min"] > players["max"]:
        b.report(parts.g["players"]["min"], "players: min is larger than max")


@_check("HQ cards for every seat", "game", "hqs")
def _hq_cards(parts: Parts, b: Builder) -> None:
    players, extra = parts.settings["players"]["max"], parts.settings["advanced"]["extra_hqs"]
    if len(parts.hqs) < players + extra:
        b.report(
            parts.g["advanced"]["extra_hqs"],
            f"{len(parts.hqs)} HQ cards are too few for {players} players in the advanced"
            f" setup ({players} + extra_hqs {extra} = {players + extra})",
        )


@_check("cubes at setup", "game", "factions", "hqs")
def _cubes(parts: Parts, b: Builder) -> None:
    setup, factions = parts.settings["setup"], len(parts.factions or ())
    sides = [side for h in parts.hqs.values() for side in (h.basic, h.advanced)]
    scripts = [side.setup for side in sides if side.setup is not None]
    own = max((bounds.cubes_used(s.tree) for s in scripts), default=0)
    others = max((bounds.cubes_used(s.tree, own=False) for s in scripts), default=0)
    needed = factions + own + (parts.settings["players"]["max"] - 1) * others
    if setup["cubes"] <= needed:
        b.report(
            parts.g["setup"]["cubes"],
            f"{setup['cubes']} cubes are too few: each player puts one on each of the"
            f" {factions} faction tracks and HQ setup effects can place {needed - factions}"
            f" more, which leaves none to play with; give at least {needed + 1}",
        )


@_check("lot tokens drawn at setup", "game", "map")
def _lot_tokens(parts: Parts, b: Builder) -> None:
    assert parts.board is not None
    lots = sum(1 for n in parts.board.nodes if n.kind == "lot")
    setup = parts.settings["setup"]
    for count, extra in setup["banned_lots"].items():
        if setup["starting_lots"] + extra + 1 > lots:
            b.report(
                parts.g["setup"]["banned_lots"][count],
                f"{count} players: more tokens drawn at setup than the {lots} lots"
                f" ({setup['starting_lots']} starting, 1 face down, {extra} banned)",
            )


@_check("building cards dealt at setup", "game", "buildings")
def _building_deal(parts: Parts, b: Builder) -> None:
    settings, cards = parts.settings, len(parts.buildings)
    players, offer = settings["players"]["max"], settings["setup"]["offer"]
    for section, part in (("setup", "hand"), ("advanced", "deal")):
        hand = settings[section][part]
        needed = players * hand["buildings"] + offer
        if cards < needed:
            b.report(
                parts.g[section][part]["buildings"],
                f"{cards} building cards are too few to deal: {players} players"
                f" × {hand['buildings']} + {offer} in the offer = {needed}",
            )


@_check("agenda cards dealt at setup", "game", "agendas")
def _agenda_deal(parts: Parts, b: Builder) -> None:
    settings, cards = parts.settings, len(parts.agendas)
    players = settings["players"]["max"]
    for section, part in (("setup", "hand"), ("advanced", "deal")):
        hand = settings[section][part]
        needed = players * hand["agendas"]
        if cards < needed:
            b.report(
                parts.g[section][part]["agendas"],
                f"{cards} agenda cards are too few to deal: {players} players"
                f" × {hand['agendas']} = {needed}",
            )


@_check("cards kept in the advanced setup", "game")
def _keep(parts: Parts, b: Builder) -> None:
    advanced = parts.settings["advanced"]
    for what in ("buildings", "agendas"):
        if advanced["keep"][what] > advanced["deal"][what]:
            b.report(
                parts.g["advanced"]["keep"][what],
                f"players keep {advanced['keep'][what]} {what} of the"
                f" {advanced['deal'][what]} dealt: keep at most what is dealt",
            )


@_check("districts table", "game", "map")
def _districts_table(parts: Parts, b: Builder) -> None:
    assert parts.board is not None
    size, districts = len(parts.settings["scoring"]["districts"]), len(parts.board.districts)
    if size < districts + 1:
        b.report(
            parts.g["scoring"]["districts"],
            f"the districts table needs {districts + 1}"
            f" entries (0 to {districts} districts), not {size}",
        )


@_check("attack strengths can be held", "game", "map")
def _holdable_attacks(parts: Parts, b: Builder) -> None:
    """RULES B8: every strength on the track is reachable by the largest defense a
    district can hold (its fortification sites, each with the strongest piece)."""
    assert parts.board is not None
    best = max((f.defense for f in parts.fortifications or () if f.id != "gate"), default=0)
    sites = {d.id: 0 for d in parts.board.districts}
    for node in parts.board.nodes:
        if node.kind == "fortification" and node.district in sites:
            sites[node.district] += 1
    weakest = min(sites, key=lambda d: (sites[d], d))
    most = sites[weakest] * best
    for i, strength in enumerate(parts.settings["attack"]["strength"]):
        if strength > most:
            b.report(
                parts.g["attack"]["strength"][i],
                f"attack strength {strength} cannot be held: district {weakest!r} has"
                f" {sites[weakest]} fortification site(s) and the best defense is {best},"
                f" so at most {most} (RULES B8); lower the strength or add sites",
            )
            return


@_check("agenda threshold", "game", "factions")
def _agenda_threshold(parts: Parts, b: Builder) -> None:
    longest = max((len(f.rewards) for f in parts.factions or ()), default=0)
    threshold = parts.settings["scoring"]["agenda_influence"]
    if threshold > longest:
        b.report(
            parts.g["scoring"]["agenda_influence"],
            f"agenda_influence {threshold} is past the top of every faction track"
            f" ({longest} spaces): no agenda could ever score",
        )


# ------------------------------------------------------------------ amounts


@_check("amounts of the rules tables", "game", "map", "locations")
def _table_amounts(parts: Parts, b: Builder) -> None:
    assert parts.board is not None
    settings, g = parts.settings, parts.g
    attack = settings["attack"]
    held = max(attack["strength"]) * max(attack["held_bonus"], 1)
    if held > MAX_AMOUNT:
        b.report(g["attack"]["held_bonus"], _table_message("the prestige of a held attack", held))
    costs = [t.cost for loc in parts.locations for t in loc.trades]
    trade = max(costs, default=0) + ATTACKS_PER_DISTRICT * attack["damage_favor"]
    if trade > MAX_AMOUNT:
        b.report(g["attack"]["damage_favor"], _table_message("the favor a trade costs", trade))
    network = len(parts.board.nodes) * settings["scoring"]["network_per_piece"]
    if network > MAX_AMOUNT:
        where = g["scoring"]["network_per_piece"]
        b.report(where, _table_message("the prestige of the largest network", network))


def _table_message(what: str, value: int) -> str:
    return f"{what} can reach {value}, more than {MAX_AMOUNT}"


@_check("effects that trigger effects", *_ALL)
def _loops(parts: Parts, b: Builder) -> None:
    assert parts.content is not None
    b.problems.extend(loop_problems(parts.content))


def content_ranges(content: Content) -> Ranges:
    """The range of every quantity an expression can read, for a content.

    Examples:
        >>> from baldurs_rules import load_content
        >>> ranges = content_ranges(load_content())
        >>> ranges.quantities["gold"], ranges.quantities["opponents"]
        (Interval(lo=0, hi=999), Interval(lo=1, hi=3))
    """
    return ranges_for(
        content.settings,
        content.board,
        {f.id: len(f.rewards) for f in content.factions},
        {
            "buildings": len(content.buildings),
            "gates": len(content.gates),
            "agendas": len(content.agendas),
        },
    )


def ranges_for(
    settings: Any, board: Board, tracks: dict[str, int], cards: dict[str, int]
) -> Ranges:
    """The ranges from the parts they come from (before the cards are built).

    Args:
        settings: The data of ``game.yaml``.
        board: The map.
        tracks: The number of spaces of each faction's track.
        cards: How many ``buildings``, ``gates`` and ``agendas`` there are.
    """
    players = settings["players"]
    forts = sum(1 for n in board.nodes if n.kind in ("fortification", "gate"))
    strength = settings["attack"]["strength"]
    quantities = {r["id"]: Interval(0, MAX_RESOURCE) for r in settings["resources"]}
    quantities.update(
        districts=Interval(0, len(board.districts)),
        largest_network=Interval(0, len(board.nodes)),
        portfolio=Interval(0, cards["buildings"] + cards["gates"]),
        hand=Interval(0, cards["buildings"]),
        agendas=Interval(0, cards["agendas"]),
        opponents=Interval(players["min"] - 1, players["max"] - 1),
        strength=Interval(min(strength), max(strength)),
        damage=Interval(0, ATTACKS_PER_DISTRICT),
        fortifications=Interval(0, forts),
    )
    top = max(tracks.values(), default=0)
    influence = {faction: Interval(0, spaces) for faction, spaces in tracks.items()}
    influence.update(highest=Interval(0, top), lowest=Interval(0, top))
    tiles = [t["id"] for t in settings["tiles"]]
    return Ranges(quantities, _count_ranges(board, tiles), influence, players["max"])


_KIND_NODES = {
    "building": ("lot",),
    "hq": ("hq",),
    "watchtower": ("fortification",),
    "keep": ("fortification",),
    "gate": ("gate",),
    "fortification": ("fortification", "gate"),
    "structure": ("lot", "hq", "fortification", "gate"),
}


def _count_ranges(board: Board, tiles: list[str]) -> dict[tuple[str, str | None], Interval]:
    """``count(kind [where])``: at most the nodes that can hold such a piece."""
    kinds = dict(_KIND_NODES)
    kinds.update(dict.fromkeys(tiles, ("lot",)))
    ranges: dict[tuple[str, str | None], Interval] = {}
    for kind, node_kinds in kinds.items():
        per_district = {
            d.id: sum(1 for n in board.nodes if n.district == d.id and n.kind in node_kinds)
            for d in board.districts
        }
        ranges[(kind, None)] = Interval(0, sum(per_district.values()))
        ranges[(kind, HERE)] = Interval(0, max(per_district.values(), default=0))
        for district, size in per_district.items():
            ranges[(kind, district)] = Interval(0, size)
    return ranges
