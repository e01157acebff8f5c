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
from baldurs_rules.dsl.checker import Slot, Vocabulary, check_effect, check_expression
from baldurs_rules.dsl.parser import parse_effect, parse_expression
from baldurs_rules.errors import DslError, Problem, did_you_mean

__all__ = ["At", "Builder"]


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
    """Builds model objects and remembers every problem met on the way."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.vocab: Vocabulary | None = None

    def report(self, at: At, message: str, key: bool = False) -> None:
        self.problems.append(Problem(at.doc.location(at.path, key=key), message))

    # ------------------------------------------------------------ effects
    def script(self, at: At, slot: Slot) -> Script | None:
        """Parse and check the effect string at ``at`` (None stays None)."""
        text = at.data
        if text is None:
            return None
        origin = at.doc.origin(at.path)
        assert self.vocab is not None
        try:
            if slot is Slot.AGENDA:
                tree: Any = parse_expression(text, origin)
                self.problems.extend(check_expression(tree, self.vocab, slot, origin))
            else:
                tree = parse_effect(text, origin)
                self.problems.extend(check_effect(tree, self.vocab, slot, origin))
        except DslError as exc:
            self.problems.extend(exc.problems)
            return None
        return Script(text, tree, origin.locate(0), slot.value)

    # ------------------------------------------------------------ tables
    def resources(self, game: At) -> tuple[Resource, ...]:
        return tuple(
            Resource(r.get("id"), r.get("name"), r.get("payable"))
            for r in game["resources"].items()
        )

    def vocabulary(self, game: At, factions: At, board: Board) -> Vocabulary:
        resources = self.resources(game)
        self.vocab = Vocabulary(
            resources=frozenset(r.id for r in resources),
            payable=frozenset(r.id for r in resources if r.payable),
            factions=frozenset(f.get("id") for f in factions["factions"].items()),
            districts=frozenset(d.id for d in board.districts),
            building_types=frozenset(t.get("id") for t in game["tiles"].items()),
        )
        return self.vocab

    def tiles(self, game: At) -> tuple[Tile, ...]:
        return tuple(
            Tile(t.get("id"), t.get("name"), t.get("pile"), self.script(t["bonus"], Slot.BONUS))
            for t in game["tiles"].items()
        )

    def fortifications(self, game: At) -> tuple[Fortification, ...]:
        found = tuple(
            Fortification(
                f.get("id"), f.get("name"), f.get("defense"), self.script(f["bonus"], Slot.BONUS)
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
    def buildings(self, entries: list[At], tiles: set[str]) -> dict[str, Building]:
        found: dict[str, Building] = {}
        for b in entries:
            self.refers(b["type"], tiles, "building type")
            found[b.get("id")] = Building(
                b.get("id"),
                b.get("name"),
                b.get("type"),
                b.get("cost"),
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

    def hqs(self, entries: list[At], basic: HqSide, districts: set[str]) -> dict[str, Hq]:
        found: dict[str, Hq] = {}
        seen: dict[str, str] = {}
        for h in entries:
            district = h.get("district")
            if self.refers(h["district"], districts, "district") and district in seen:
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

    def locations(self, entries: list[At], districts: set[str]) -> tuple[SpecialLocation, ...]:
        found: list[SpecialLocation] = []
        seen: set[str] = set()
        for loc in entries:
            district = loc.get("district")
            if self.refers(loc["district"], districts, "district") and district in seen:
                self.report(loc["district"], f"district {district!r} has two special locations")
            seen.add(district)
            trades = [
                Trade(t.get("cost"), s)
                for t in loc["trades"].items()
                if (s := self.script(t["effect"], Slot.TRADE)) is not None
            ]
            found.append(
                SpecialLocation(
                    loc.get("id"), loc.get("name"), district, tuple(trades), loc.get("flavor") or ""
                )
            )
        for district in sorted(districts - seen):
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
