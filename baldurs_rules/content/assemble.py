"""The cold path of a load: parse every file, validate, build the model, check it all.

Every file is parsed and schema-checked even when others fail; an entry with a
schema problem is left out of the build but the other entries of its file are
still built and their effects checked. A file that cannot be used (it does not
parse, or its problems are outside any entry) hides only the checks that need
it: its names are accepted unchecked in effects, the cross-checks that need it
are skipped, and a last note says which.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from baldurs_rules.content import checks, codec
from baldurs_rules.content.build import At, Builder
from baldurs_rules.content.chain import CARD_FILES, FILES, Chain
from baldurs_rules.content.model import Board, Content, HqSide
from baldurs_rules.content.schema import schema_check
from baldurs_rules.content.yamlio import Path_, YamlDoc, parse_yaml_bytes
from baldurs_rules.dsl.checker import Slot
from baldurs_rules.errors import ContentError, Location, Problem, did_you_mean

__all__ = ["assemble", "parsed_doc"]

PROVIDERS = ("game", "map", "factions")
"""Kinds other kinds depend on: used whole or not at all."""


@dataclass
class _Kind:
    """The documents of one content kind over all layers, and how usable they are.

    Attributes:
        file: The file name, for notes.
        docs: The parsed documents, base first.
        depths: For each document, the index of its layer in the chain.
        bad: For each document, the entries with schema problems (left out).
        broken: A file of the kind could not be read or parsed, or has problems
            outside its entries: nothing of the kind is used.
        complete: Nothing of the kind was left out.
    """

    file: str
    docs: list[YamlDoc] = field(default_factory=list)
    depths: list[int] = field(default_factory=list)
    bad: list[set[int]] = field(default_factory=list)
    broken: bool = False

    @property
    def complete(self) -> bool:
        return not self.broken and not any(self.bad)

    @property
    def usable(self) -> bool:
        """Whether its sound entries are built (a kind others depend on must be complete)."""
        return self.complete or (not self.broken and FILES_KIND[self.file] not in PROVIDERS)


FILES_KIND = {name: kind for kind, name in FILES.items()}


def assemble(chain: Chain) -> Content:
    """Build and check the content of a chain of directories.

    Raises:
        ContentError: Every problem of every file, sorted, and a note on the
            checks skipped because a file could not be used.
    """
    b = Builder()
    kinds = _read_kinds(chain, b)
    _check_manifest_ids(chain, kinds, b)
    removed = _removed(chain)
    parts = _build(b, chain, kinds, removed)
    for kind in kinds.values():
        if not kind.complete:
            b.skip(kind.file, "")
    if not b.over_budget:  # else cards are missing their effects: counts would mislead
        checks.run(parts, b)
    if b.problems or parts.content is None:
        raise ContentError(_sorted(b.problems) + _notes(b, kinds))
    content = parts.content
    content.fingerprint = codec.fingerprint(content)
    return content


# ------------------------------------------------------------------ reading


def _read_kinds(chain: Chain, b: Builder) -> dict[str, _Kind]:
    """Parse and schema-check every file of every layer."""
    kinds = {kind: _Kind(name) for kind, name in FILES.items()}
    for depth, layer in enumerate(chain.layers):
        for kind, name in FILES.items():
            info = kinds[kind]
            if name in layer.unreadable:
                b.problems.append(layer.unreadable[name])
                info.broken = True
            elif name in layer.raw:
                try:
                    info.docs.append(parsed_doc(layer.raw[name], layer.shown(name)))
                    info.depths.append(depth)
                except ContentError as exc:
                    b.problems.extend(exc.problems)
                    info.broken = True
            elif depth == 0:
                where = Location(layer.shown(name), 1, 1)
                b.problems.append(Problem(where, f"missing content file {name!r}"))
                info.broken = True
    for kind, info in kinds.items():
        _validate(kind, info, b)
    return kinds


@lru_cache(maxsize=32)
def parsed_doc(raw: bytes, name: str) -> YamlDoc:
    """The parsed file, kept for the next load of the same bytes under the same name.

    Parsing the YAML is most of a cold load; loading several mods over the same
    base (``bbg validate`` of many mods, the fuzzer) parses the base once.
    Documents are never changed after parsing, so sharing them is safe.
    """
    return parse_yaml_bytes(raw, name)


def _validate(kind: str, info: _Kind, b: Builder) -> None:
    """Schema-check a kind's documents, noting the entries (or documents) with problems."""
    if kind == "game":  # the layers merge into one mapping, checked as one
        if info.docs:
            problems, _ = schema_check("game", At(_Overlay(info.docs), ()))  # type: ignore[arg-type]
            b.problems.extend(problems)
            info.broken = info.broken or bool(problems)
        info.bad = [set() for _ in info.docs]
        return
    if kind == "map":  # the last layer's map replaces the others
        info.docs, info.depths = info.docs[-1:], info.depths[-1:]
    info.bad = []
    for doc in info.docs:
        problems, bad = schema_check(kind, At(doc, ()))
        b.problems.extend(problems)
        info.broken = info.broken or bad is None
        info.bad.append(bad or set())


def _removed(chain: Chain) -> dict[str, set[str]]:
    removed: dict[str, set[str]] = {}
    for layer in chain.layers[1:]:
        manifest = layer.manifest.data if layer.manifest is not None else None
        for kind, ids in ((manifest or {}).get("remove") or {}).items():
            removed.setdefault(kind, set()).update(ids)
    return removed


def _check_manifest_ids(chain: Chain, kinds: dict[str, _Kind], b: Builder) -> None:
    """Every id a mod's ``remove`` or ``replace`` names is a card of the content it extends.

    A misspelled id would otherwise remove nothing, or add a second card. An id in
    ``replace`` must also be defined by the mod's own file of that kind.
    """
    for depth, layer in enumerate(chain.layers):
        manifest = layer.manifest
        if depth == 0 or manifest is None or not isinstance(manifest.data, dict):
            continue
        for section in ("remove", "replace"):
            for kind, ids in (manifest.data.get(section) or {}).items():
                info = kinds.get(kind)
                if info is None or info.broken:
                    continue  # its files are reported already; the ids cannot be known
                below = _ids(info, range(depth))
                own = _ids(info, range(depth, depth + 1))
                for index, ident in enumerate(ids):
                    at = At(manifest, (section, kind, index))
                    if ident not in below:
                        message = f"{section}: the content this mod extends has no {kind[:-1]}"
                        b.report(at, f"{message} {ident!r}" + did_you_mean(ident, below))
                    elif section == "replace" and ident not in own:
                        b.report(
                            at,
                            f"replace: {ident!r} is not defined in this mod's"
                            f" {FILES[kind]}; write the whole card there",
                        )


def _ids(info: _Kind, layers: range) -> set[str]:
    """The ids of a kind's entries in the documents of the given layers."""
    found: set[str] = set()
    kind = FILES_KIND[info.file]
    for doc, depth in zip(info.docs, info.depths, strict=False):
        data = doc.data
        if depth in layers and isinstance(data, dict) and isinstance(data.get(kind), list):
            found.update(e["id"] for e in data[kind] if isinstance(e, dict) and "id" in e)
    return found


# ------------------------------------------------------------------ layering


class _Overlay:
    """Several YAML docs seen as one mapping: for each path, the last doc that has it."""

    def __init__(self, docs: list[YamlDoc]) -> None:
        self.docs = docs
        self.owner: dict[Path_, YamlDoc] = {}
        self.moved: dict[Path_, Path_] = {}  # merged path -> path inside its owner
        self.data: dict[str, Any] = {}
        for doc in docs:
            if not isinstance(doc.data, dict):
                continue
            for key, value in doc.data.items():
                old = self.data.get(key)
                if isinstance(old, dict) and isinstance(value, dict):
                    self.data[key] = {**old, **value}
                    for sub in value:
                        self.owner[(key, sub)] = doc
                else:
                    self.data[key] = value
                    self.owner[(key,)] = doc
                    self.owner.update(
                        {(key, s): doc for s in (value or {}) if isinstance(value, dict)}
                    )

    def doc_for(self, path: Path_) -> YamlDoc:
        for cut in range(len(path), 0, -1):
            if path[:cut] in self.owner:
                return self.owner[path[:cut]]
        return self.docs[-1]

    def get(self, path: Path_) -> Any:
        value: Any = self.data
        for part in path:
            value = value[part]
        return value

    def real_path(self, path: Path_) -> Path_:
        for cut in range(len(path), 0, -1):
            if path[:cut] in self.moved:
                return (*self.moved[path[:cut]], *path[cut:])
        return path

    def location(self, path: Path_, key: bool = False) -> Location:
        return self.doc_for(path).location(self.real_path(path), key)

    def origin(self, path: Path_) -> Any:
        return self.doc_for(path).origin(self.real_path(path))


def _entries(kind: str, info: _Kind, removed: set[str], b: Builder) -> list[At]:
    """The sound entries of a card kind, later layers replacing earlier ones by id."""
    merged: dict[Any, At] = {}
    for doc, bad in zip(info.docs, info.bad, strict=True):
        entries = At(doc, (kind,)).items() if isinstance(doc.data, dict) else []
        seen: set[Any] = set()
        for index, entry in enumerate(entries):
            ident = entry.get("id")
            if ident in seen:
                b.report(entry["id"], f"duplicate {kind[:-1]} id {ident!r}")
            elif index not in bad:
                merged[ident] = entry
            seen.add(ident)
    return [e for ident, e in merged.items() if ident not in removed]


def _merged_factions(info: _Kind, b: Builder, removed: set[str]) -> At:
    """Factions by id over all layers; ``past_top`` from the last layer that gives it."""
    docs = info.docs
    if len(docs) == 1 and not removed:
        return At(docs[0], ())
    overlay = _Overlay(docs)
    entries = _entries("factions", info, removed, b)
    overlay.data["factions"] = [e.data for e in entries]
    for i, entry in enumerate(entries):
        overlay.owner[("factions", i)] = entry.doc
        overlay.moved[("factions", i)] = entry.path
    return At(overlay, ())  # type: ignore[arg-type]


# ------------------------------------------------------------------ the build


def _build(
    b: Builder, chain: Chain, kinds: dict[str, _Kind], removed: dict[str, set[str]]
) -> checks.Parts:
    game = _Overlay(kinds["game"].docs) if kinds["game"].complete else None
    g = At(game, ()) if game is not None else None  # type: ignore[arg-type]
    board = b.board(At(kinds["map"].docs[-1], ())) if kinds["map"].complete else None
    factions_at = (
        _merged_factions(kinds["factions"], b, removed.get("factions", set()))
        if kinds["factions"].complete
        else None
    )
    b.vocabulary(g, factions_at, board)
    cards = {
        kind: _entries(kind, kinds[kind], removed.get(kind, set()), b) if kinds[kind].usable else []
        for kind in CARD_FILES
    }
    _unique_across(cards, b)
    _set_ranges(b, kinds, g, board, factions_at, cards)
    parts = checks.Parts(game=g, board=board, complete={k: v.complete for k, v in kinds.items()})
    _build_game(b, parts, g)
    _build_factions(b, parts, factions_at)
    _build_cards(b, parts, cards, {k: v.complete for k, v in kinds.items()})
    if all(parts.complete.values()):
        parts.content = _content(parts, chain)
    return parts


def _set_ranges(
    b: Builder,
    kinds: dict[str, _Kind],
    g: At | None,
    board: Board | None,
    factions: At | None,
    cards: dict[str, list[At]],
) -> None:
    """Bound every amount while building, when every part the ranges come from is known."""
    needs = ("game", "map", "factions", "buildings", "gates", "agendas")
    missing = [kind for kind in needs if not kinds[kind].complete]
    for kind in missing:
        b.skip(FILES[kind], "static bounds of amounts")
    if missing or g is None or board is None or factions is None:
        return
    tracks = {f.get("id"): len(f.get("rewards")) for f in factions["factions"].items()}
    counts = {kind: len(cards[kind]) for kind in ("buildings", "gates", "agendas")}
    b.ranges = checks.ranges_for(g.data, board, tracks, counts)


def _build_game(b: Builder, parts: checks.Parts, g: At | None) -> None:
    if g is None:
        return
    parts.resources = b.resources(g)
    parts.tiles = b.tiles(g)
    parts.fortifications = b.fortifications(g)
    parts.hq_basic = b.hq_side(g["hq_basic"])


def _build_factions(b: Builder, parts: checks.Parts, at: At | None) -> None:
    if at is None:
        return
    parts.factions = b.factions(at)
    parts.past_top = b.script(at["past_top"], Slot.REWARD) if at.get("past_top") else None


def _build_cards(
    b: Builder, parts: checks.Parts, cards: dict[str, list[At]], complete: dict[str, bool]
) -> None:
    tile_ids = {t.id for t in parts.tiles} if parts.tiles is not None else None
    districts = {d.id for d in parts.board.districts} if parts.board is not None else None
    basic = parts.hq_basic if parts.hq_basic is not None else HqSide()
    parts.buildings = b.buildings(cards["buildings"], tile_ids)
    parts.gates = b.gates(cards["gates"])
    parts.agendas = b.agendas(cards["agendas"])
    parts.hqs = b.hqs(cards["hqs"], basic, districts)
    parts.locations = b.locations(cards["locations"], districts, complete["locations"])


def _content(parts: checks.Parts, chain: Chain) -> Content:
    assert parts.game is not None and isinstance(parts.board, Board)
    assert parts.resources is not None and parts.tiles is not None
    assert parts.fortifications is not None and parts.factions is not None
    assert parts.hq_basic is not None and parts.locations is not None
    return Content(
        settings=parts.game.data,
        resources=parts.resources,
        tiles=parts.tiles,
        fortifications=parts.fortifications,
        factions=parts.factions,
        past_top=parts.past_top,
        hq_basic=parts.hq_basic,
        board=parts.board,
        buildings=parts.buildings,
        gates=parts.gates,
        agendas=parts.agendas,
        hqs=parts.hqs,
        locations=parts.locations,
        sources=tuple(str(d) for d in chain.directories),
    )


def _unique_across(cards: dict[str, list[At]], b: Builder) -> None:
    owner: dict[Any, str] = {}
    for kind, entries in cards.items():
        for entry in entries:
            ident = entry.get("id")
            if ident in owner and owner[ident] != kind:
                b.report(entry["id"], f"id {ident!r} is already used by one of the {owner[ident]}")
            owner.setdefault(ident, kind)


# ------------------------------------------------------------------ the report


def _sorted(problems: list[Problem]) -> list[Problem]:
    def key(p: Problem) -> tuple[int, str, int, int]:
        loc = p.location
        return (0, loc.file, loc.line, loc.column) if loc else (1, "", 0, 0)

    unique = list(dict.fromkeys(problems))
    return sorted(unique, key=key)


def _notes(b: Builder, kinds: dict[str, _Kind]) -> list[Problem]:
    """One last line per file that could not be fully used: what was not checked."""
    notes: list[Problem] = []
    for info in kinds.values():
        if info.complete:
            continue
        skipped = [name for name in b.skipped.get(info.file, []) if name]
        if info.usable:
            head = f"the entries of {info.file} with problems were left out, so the checks"
            head += " that need all of its entries were skipped"
        else:
            head = f"{info.file} could not be used, so the checks that need it were skipped"
        notes.append(
            Problem(None, f"note: {head}" + (f": {', '.join(skipped)}" if skipped else ""))
        )
    return notes
