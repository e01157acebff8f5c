"""From validated YAML data to the content model, with every effect parsed and checked.

[`Builder`][baldurs_rules.content.build.Builder] collects problems instead of
stopping at the first one: a modder sees every mistake of a run at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from baldurs_rules.content.model import (
    Agenda,
    Board,
    Building,
    District,
    Faction,
    Fortification,
    Gate,
    Hq,
    HqSide,
    MapNode,
    Resource,
    Script,
    SpecialLocation,
    Tile,
    Trade,
)
from baldurs_rules.content.yamlio import Path_, YamlDoc
from baldurs_rules.dsl.bounds import Ranges, check_bounds, check_score_bound
from baldurs_rules.dsl.checker import Slot, Vocabulary, check_effect, check_expression
from baldurs_rules.dsl.parser import parse_effect, parse_expression
from baldurs_rules.errors import DslError, Problem, did_you_mean

__all__ = ["MAX_EFFECT_TEXT", "At", "Builder"]

MAX_EFFECT_TEXT = 30_000
"""The most characters all the effects of one load may have together.

Parsing effect text is, byte for byte, the slowest part of a load; the default
content's effects have a few thousand characters.
"""


@dataclass(frozen=True, slots=True)
class At:
    """A value in a content file: the data and where it is."""

    doc: YamlDoc
    path: Path_

    @property
    def data(self) -> Any:
        return self.doc.get(self.path)

    def __getitem__(self, key: str | int) -> At:
        return At(self.doc, (*self.path, key))

    def get(self, key: str) -> Any:
        value = self.data
        return value.get(key) if isinstance(value, dict) else None

    def items(self) -> list[At]:
        """The entries of a list value."""
        value = self.data
        return [self[i] for i in range(len(value))] if isinstance(value, list) else []


class Builder:
    """Builds model objects and remembers every problem met on the way.

    Attributes:
        problems: Every problem found so far.
        skipped: For each content file that could not be used, the checks that
            needed it and were therefore not made.
        vocab: The words effects may use.
        ranges: What each quantity can be, to bound every amount (None when a
            file it comes from could not be used).
    """

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.skipped: dict[str, list[str]] = {}
        self.vocab: Vocabulary | None = None
        self.ranges: Ranges | None = None
        self.effect_text = 0
        self.over_budget = False

    def report(self, at: At, message: str, key: bool = False) -> None:
        self.problems.append(Problem(at.doc.location(at.path, key=key), message))

    def skip(self, file: str, check: str) -> None:
        """Remember that ``check`` was not made because ``file`` could not be used."""
        names = self.skipped.setdefault(file, [])
        if check not in names:
            names.append(check)

    def integer(self, at: At) -> int:
        """The whole number at ``at`` (the schema checked it; a bool or a float is refused)."""
        value = at.data
        if type(value) is not int:
            self.report(at, f"expected a whole number, found {value!r}")
            return 0
        return value

    # ------------------------------------------------------------ effects
    def script(self, at: At, slot: Slot) -> Script | None:
        """Parse and check the effect string at ``at`` (None stays None).

        Once the effects of a load pass ``MAX_EFFECT_TEXT`` characters in all,
        the next one is refused and no more are parsed.
        """
        text = at.data
        if text is None:
            return None
        self.effect_text += len(text) if isinstance(text, str) else 0
        if self.effect_text > MAX_EFFECT_TEXT:
            if not self.over_budget:
                self.over_budget = True
                self.report(
                    at,
                    f"the effects of this content pass {MAX_EFFECT_TEXT} characters in all;"
                    " no more are read (write shorter effects, or fewer)",
                )
            return None
        origin = at.doc.origin(at.path)
        assert self.vocab is not None
        try:
            if slot is Slot.AGENDA:
                tree: Any = parse_expression(text, origin)
                found = check_expression(tree, self.vocab, slot, origin)
            else:
                tree = parse_effect(text, origin)
                found = check_effect(tree, self.vocab, slot, origin)
        except DslError as exc:
            self.problems.extend(exc.problems)
            return None
        self.problems.extend(found)
        if self.ranges is not None and not found:
            bound = check_score_bound if slot is Slot.AGENDA else check_bounds
            self.problems.extend(bound(tree, self.ranges, origin))
        return Script(text, tree, origin.locate(0), slot.value)

    # ------------------------------------------------------------ tables
    def resources(self, game: At) -> tuple[Resource, ...]:
        return tuple(
            Resource(r.get("id"), r.get("name"), r.get("payable"))
            for r in game["resources"].items()
        )

    def vocabulary(self, game: At | None, factions: At | None, board: Board | None) -> Vocabulary:
        """The words effects may use; a part whose file could not be used is unknown."""
        resources = self.resources(game) if game is not None else ()
        unknown = {
            name
            for name, part in (
                ("resources", game),
                ("factions", factions),
                ("districts", board),
            )
            if part is None
        }
        if game is None:
            unknown.add("building_types")
        self.vocab = Vocabulary(
            resources=frozenset(r.id for r in resources),
            payable=frozenset(r.id for r in resources if r.payable),
            factions=frozenset(f.get("id") for f in factions["factions"].items())
            if factions is not None
            else frozenset(),
            districts=frozenset(d.id for d in board.districts) if board else frozenset(),
            building_types=frozenset(t.get("id") for t in game["tiles"].items())
            if game is not None
            else frozenset(),
            unknown=frozenset(unknown),
        )
        return self.vocab

    def tiles(self, game: At) -> tuple[Tile, ...]:
        return tuple(
            Tile(
                t.get("id"),
                t.get("name"),
                self.integer(t["pile"]),
                self.script(t["bonus"], Slot.BONUS),
            )
            for t in game["tiles"].items()
        )

    def fortifications(self, game: At) -> tuple[Fortification, ...]:
        found = tuple(
            Fortification(
                f.get("id"),
                f.get("name"),
                self.integer(f["defense"]),
                self.script(f["bonus"], Slot.BONUS),
            )
            for f in game["fortifications"].items()
        )
        self.unique(game["fortifications"].items(), "fortification")
        missing = {"watchtower", "keep", "gate"} - {f.id for f in found}
        for kind in sorted(missing):
            self.report(game["fortifications"], f"fortification {kind!r} is not defined")
        return found

    def hq_side(self, at: At | None) -> HqSide:
        if at is None or at.data is None:
            return HqSide()
        slots = {
            "income": Slot.HQ_INCOME,
            "ability": Slot.HQ_ABILITY,
            "bonus": Slot.BONUS,
            "setup": Slot.HQ_SETUP,
        }
        parts = {k: self.script(at[k], s) for k, s in slots.items() if at.get(k) is not None}
        return HqSide(**parts)

    def factions(self, at: At) -> tuple[Faction, ...]:
        return tuple(
            Faction(
                f.get("id"),
                f.get("name"),
                tuple(self.script(r, Slot.REWARD) for r in f["rewards"].items()),
            )
            for f in at["factions"].items()
        )

    # ------------------------------------------------------------ map
    def board(self, at: At) -> Board:
        districts = tuple(
            District(
                d.get("id"),
                d.get("name"),
                d.get("wall"),
                _point(d.get("label")),
                _point(d.get("location")),
                tuple(_point(p) for p in d.get("outline")),
            )
            for d in at["districts"].items()
        )
        known = {d.id for d in districts}
        self.unique(at["districts"].items(), "district")
        nodes: list[MapNode] = []
        for i, n in enumerate(at["nodes"].items()):
            self.refers(n["district"], known, "district")
            if n.get("kind") == "lot" and n.get("lot") is None:
                self.report(n, f"lot {n.get('id')!r} has no lot number", key=False)
            lot = n.get("lot") if n.get("kind") == "lot" else None
            nodes.append(
                MapNode(i, n.get("id"), n.get("kind"), n.get("district"), _point(n.get("at")), lot)
            )
        self.unique(at["nodes"].items(), "node")
        lines = self.lines(at, {n.id: n.index for n in nodes})
        neighbors: list[set[int]] = [set() for _ in nodes]
        for a, b in lines:
            neighbors[a].add(b)
            neighbors[b].add(a)
        board = Board(
            at.get("board")["width"],
            at.get("board")["height"],
            districts,
            tuple(nodes),
            lines,
            tuple(tuple(sorted(s)) for s in neighbors),
        )
        self.check_board(at, board)
        return board

    def lines(self, at: At, index: dict[str, int]) -> tuple[tuple[int, int], ...]:
        lines: list[tuple[int, int]] = []
        seen: set[tuple[int, int]] = set()
        for line in at["lines"].items():
            ends = []
            for k, end in enumerate(line.data):
                if end not in index:
                    self.report(
                        line[k], f"line joins unknown node {end!r}" + did_you_mean(str(end), index)
                    )
                ends.append(index.get(end, -1))
            a, b = ends
            if a < 0 or b < 0:
                continue
            pair = (min(a, b), max(a, b))
            if a == b:
                self.report(line, f"line joins node {line.data[0]!r} to itself")
            elif pair in seen:
                self.report(line, f"duplicate line {line.data[0]} - {line.data[1]}")
            else:
                seen.add(pair)
                lines.append(pair)
        return tuple(lines)

    def check_board(self, at: At, board: Board) -> None:
        lots = sorted(n.lot for n in board.nodes if n.lot is not None)
        if lots != list(range(1, len(lots) + 1)):
            dupes = sorted({x for x in lots if lots.count(x) > 1})
            gaps = sorted(set(range(1, len(lots) + 1)) - set(lots))
            self.report(
                at["nodes"],
                f"lots must be numbered 1..{len(lots)} once each"
                f" (duplicates: {dupes or 'none'}, missing: {gaps or 'none'})",
            )
        for d in board.districts:
            kinds = [n.kind for n in board.nodes if n.district == d.id]
            if kinds.count("hq") != 1:
                self.report(at["districts"], f"district {d.id!r} needs exactly one HQ site")
            if "lot" not in kinds:
                self.report(at["districts"], f"district {d.id!r} has no lot")

    # ------------------------------------------------------------ cards
    def buildings(self, entries: list[At], tiles: set[str] | None) -> dict[str, Building]:
        """The building cards; ``tiles`` is None when game.yaml could not be used."""
        found: dict[str, Building] = {}
        for b in entries:
            if tiles is not None:
                self.refers(b["type"], tiles, "building type")
            found[b.get("id")] = Building(
                b.get("id"),
                b.get("name"),
                b.get("type"),
                self.integer(b["cost"]),
                self.script(b["income"], Slot.INCOME) if b.get("income") else None,
                self.script(b["when_built"], Slot.WHEN_BUILT) if b.get("when_built") else None,
                b.get("flavor") or "",
            )
        return found

    def gates(self, entries: list[At]) -> dict[str, Gate]:
        return {
            g.get("id"): Gate(
                g.get("id"),
                g.get("name"),
                self.script(g["income"], Slot.INCOME),
                g.get("flavor") or "",
            )
            for g in entries
        }

    def agendas(self, entries: list[At]) -> dict[str, Agenda]:
        found: dict[str, Agenda] = {}
        for a in entries:
            score = self.script(a["score"], Slot.AGENDA)
            if score is not None:
                found[a.get("id")] = Agenda(
                    a.get("id"), a.get("name"), score, a.get("flavor") or ""
                )
        return found

    def hqs(self, entries: list[At], basic: HqSide, districts: set[str] | None) -> dict[str, Hq]:
        """The HQ cards; ``districts`` is None when map.yaml could not be used."""
        found: dict[str, Hq] = {}
        seen: dict[str, str] = {}
        for h in entries:
            district = h.get("district")
            known = districts is None or self.refers(h["district"], districts, "district")
            if known and district in seen:
                self.report(
                    h["district"],
                    f"HQ {h.get('id')!r} names district {district!r},"
                    f" already named by HQ {seen[district]!r}",
                )
            seen.setdefault(district, h.get("id"))
            own = h["basic"] if h.get("basic") is not None else None
            found[h.get("id")] = Hq(
                h.get("id"),
                h.get("name"),
                district,
                self.hq_side(own) if own else basic,
                self.hq_side(h["advanced"]),
                h.get("flavor") or "",
            )
        return found

    def locations(
        self, entries: list[At], districts: set[str] | None, complete: bool = True
    ) -> tuple[SpecialLocation, ...]:
        """The special locations; ``districts`` is None when map.yaml could not be used.

        ``complete`` is False when some entries were left out (they had schema
        problems): then a district without a location is not reported.
        """
        found: list[SpecialLocation] = []
        seen: set[str] = set()
        for loc in entries:
            district = loc.get("district")
            known = districts is None or self.refers(loc["district"], districts, "district")
            if known and district in seen:
                self.report(loc["district"], f"district {district!r} has two special locations")
            seen.add(district)
            trades = [
                Trade(self.integer(t["cost"]), s)
                for t in loc["trades"].items()
                if (s := self.script(t["effect"], Slot.TRADE)) is not None
            ]
            found.append(
                SpecialLocation(
                    loc.get("id"), loc.get("name"), district, tuple(trades), loc.get("flavor") or ""
                )
            )
        for district in sorted((districts or set()) - seen if complete else ()):
            if entries:
                self.report(entries[0], f"district {district!r} has no special location")
        return tuple(found)

    def refers(self, at: At, known: set[str], what: str) -> bool:
        """Whether the value at ``at`` is one of ``known``; if not, report it with a suggestion."""
        value = at.data
        if value in known:
            return True
        self.report(at, f"unknown {what} {value!r}" + did_you_mean(str(value), known))
        return False

    def unique(self, entries: Iterable[At], what: str) -> None:
        seen: set[Any] = set()
        for entry in entries:
            ident = entry.get("id")
            if ident in seen:
                self.report(entry["id"], f"duplicate {what} id {ident!r}")
            seen.add(ident)


def _point(value: Any) -> tuple[float, float]:
    return (float(value[0]), float(value[1])) if value else (0.0, 0.0)
