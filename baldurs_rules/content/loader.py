"""Load content: default, a full content directory, or a mod over another content.

Pipeline: read each YAML file safely → validate it against its JSON Schema
(every error) → merge a mod over its base → build the model, parsing and
checking every effect → cross-reference checks. All problems of all stages
are raised together in one [`ContentError`][baldurs_rules.errors.ContentError],
sorted by file and line.

A directory holding ``mod.yaml`` is a mod: its files add or replace entries
(by id) of the content it ``extends`` (the default content unless it names a
directory), and ``remove`` drops entries. Any other directory is a complete
content.

Examples:
    >>> from baldurs_rules import load_content
    >>> content = load_content()
    >>> content.buildings["elfsong_tavern"].type
    'inn'
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
from functools import cache
from pathlib import Path
from typing import Any

from baldurs_rules import __version__
from baldurs_rules._build import BUILD_TAG
from baldurs_rules._resources import default_content_dir, grammar_path, schema_dir
from baldurs_rules.content.build import At, Builder
from baldurs_rules.content.model import Content
from baldurs_rules.content.schema import schema_problems
from baldurs_rules.content.yamlio import Path_, YamlDoc, read_yaml
from baldurs_rules.dsl.checker import Slot
from baldurs_rules.errors import ContentError, Location, Problem

__all__ = ["CARD_FILES", "FILES", "content_hash", "load_content"]

FILES = {
    "game": "game.yaml",
    "map": "map.yaml",
    "factions": "factions.yaml",
    "buildings": "buildings.yaml",
    "gates": "gates.yaml",
    "agendas": "agendas.yaml",
    "hqs": "hqs.yaml",
    "locations": "locations.yaml",
}
"""The file of each content kind."""

CARD_FILES = ("buildings", "gates", "agendas", "hqs", "locations")
"""Kinds whose entries a mod adds or replaces by id."""

_MEMORY: dict[str, Content] = {}


def load_content(path: str | os.PathLike[str] | None = None, *, cache: bool = True) -> Content:
    """Load content from a directory (the default content when ``path`` is None).

    Args:
        path: A content directory, or a mod directory (with ``mod.yaml``).
        cache: Reuse a previous load of the same files (in memory and on disk,
            keyed by a hash of every file; ``BALDURS_RULES_CACHE=0`` turns the
            disk cache off).

    Returns:
        The checked content.

    Raises:
        ContentError: Every problem found, each with ``file:line:column``.
    """
    root = Path(path) if path is not None else default_content_dir()
    if not root.is_dir():
        raise ContentError(Problem(Location(str(root), 1, 1), "content directory not found"))
    chain = _chain(root)
    key = content_hash(chain)
    if cache and key in _MEMORY:
        return _MEMORY[key]
    content = _disk_get(key) if cache else None
    if content is None:
        content = _load(chain)
        if cache:
            _disk_put(key, content)
    if cache:
        _MEMORY[key] = content
    return content


def _chain(root: Path) -> list[Path]:
    """The directories to layer, base first: [default, mod] or [content]."""
    chain = [root]
    seen = {root.resolve()}
    while (chain[0] / "mod.yaml").is_file():
        manifest = read_yaml(chain[0] / "mod.yaml", _display(chain[0], "mod.yaml"))
        problems = schema_problems("mod", At(manifest, ()))
        if problems:
            raise ContentError(problems)
        extends = (manifest.data or {}).get("extends", "default")
        base = default_content_dir() if extends == "default" else (chain[0] / extends)
        if base.resolve() in seen or not base.is_dir():
            where = manifest.location(("extends",))
            raise ContentError(
                Problem(
                    where,
                    f"mod extends {extends!r}, which is not a content directory (or forms a cycle)",
                )
            )
        seen.add(base.resolve())
        chain.insert(0, base)
    return chain


def content_hash(chain: list[Path]) -> str:
    """A hash of every file the load reads, the grammar, schemas, library version and build."""
    digest = hashlib.sha256(__version__.encode())
    digest.update(BUILD_TAG.encode())  # a compiled and a pure install never share an entry
    digest.update(_static_hash().encode())
    for directory in chain:
        for name in ("mod.yaml", *FILES.values()):
            file = directory / name
            digest.update(name.encode())
            digest.update(file.read_bytes() if file.is_file() else b"-")
    return digest.hexdigest()


@cache
def _static_hash() -> str:
    digest = hashlib.sha256(grammar_path().read_bytes())
    for schema in sorted(schema_dir().glob("*.json")):
        digest.update(schema.read_bytes())
    return digest.hexdigest()


def _display(directory: Path, name: str) -> str:
    if directory == default_content_dir():
        return f"content/{name}"
    return str(directory / name)


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


def _read_layers(chain: list[Path], problems: list[Problem]) -> dict[str, list[YamlDoc]]:
    layers: dict[str, list[YamlDoc]] = {kind: [] for kind in FILES}
    for depth, directory in enumerate(chain):
        for kind, name in FILES.items():
            file = directory / name
            if not file.is_file():
                if depth == 0:
                    where = Location(_display(directory, name), 1, 1)
                    problems.append(Problem(where, f"missing content file {name!r}"))
                continue
            try:
                layers[kind].append(read_yaml(file, _display(directory, name)))
            except ContentError as exc:
                problems.extend(exc.problems)
    return layers


def _entries(kind: str, docs: list[YamlDoc], removed: set[str], b: Builder) -> list[At]:
    """The entries of a card kind, later layers replacing earlier ones by id."""
    merged: dict[Any, At] = {}
    for doc in docs:
        entries = At(doc, (kind,)).items() if isinstance(doc.data, dict) else []
        seen: set[Any] = set()
        for entry in entries:
            ident = entry.get("id")
            if ident in seen:
                b.report(entry["id"], f"duplicate {kind[:-1]} id {ident!r}")
            else:
                merged[ident] = entry
            seen.add(ident)
    return [e for ident, e in merged.items() if ident not in removed]


# ------------------------------------------------------------------ the load


def _load(chain: list[Path]) -> Content:
    b = Builder()
    layers = _read_layers(chain, b.problems)
    removed = _removed(chain, b)
    game = _Overlay(layers["game"])
    if layers["game"]:  # else game.yaml is missing or unreadable, already reported
        b.problems.extend(schema_problems("game", At(game, ())))  # type: ignore[arg-type]
    for kind in FILES:
        if kind == "game":
            continue
        for doc in layers[kind][-1:] if kind == "map" else layers[kind]:
            b.problems.extend(schema_problems(kind, At(doc, ())))
    if b.problems:
        raise ContentError(_sorted(b.problems))
    return _build(b, chain, layers, game, removed)


def _build(
    b: Builder,
    chain: list[Path],
    layers: dict[str, list[YamlDoc]],
    game: _Overlay,
    removed: dict[str, set[str]],
) -> Content:
    g = At(game, ())  # type: ignore[arg-type]
    faction_docs = layers["factions"]
    board = b.board(At(layers["map"][-1], ()))
    factions_at = _merged_factions(faction_docs, b, removed.get("factions", set()))
    b.vocabulary(g, factions_at, board)
    tiles = b.tiles(g)
    tile_ids = {t.id for t in tiles}
    districts = {d.id for d in board.districts}
    cards = {kind: _entries(kind, layers[kind], removed.get(kind, set()), b) for kind in CARD_FILES}
    _unique_across(cards, b)
    basic = b.hq_side(g["hq_basic"])
    content = Content(
        settings=game.data,
        resources=b.resources(g),
        tiles=tiles,
        fortifications=b.fortifications(g),
        factions=b.factions(factions_at),
        past_top=b.script(factions_at["past_top"], Slot.REWARD)
        if factions_at.get("past_top")
        else None,
        hq_basic=basic,
        board=board,
        buildings=b.buildings(cards["buildings"], tile_ids),
        gates=b.gates(cards["gates"]),
        agendas=b.agendas(cards["agendas"]),
        hqs=b.hqs(cards["hqs"], basic, districts),
        locations=b.locations(cards["locations"], districts),
        sources=tuple(str(d) for d in chain),
    )
    _cross_check(content, g, b)
    if b.problems:
        raise ContentError(_sorted(b.problems))
    content.fingerprint = _fingerprint(game.data, layers, cards)
    return content


def _merged_factions(docs: list[YamlDoc], b: Builder, removed: set[str]) -> At:
    """Factions by id over all layers; ``past_top`` from the last layer that gives it."""
    if len(docs) == 1 and not removed:
        return At(docs[0], ())
    overlay = _Overlay(docs)
    entries = _entries("factions", docs, removed, b)
    overlay.data["factions"] = [e.data for e in entries]
    for i, entry in enumerate(entries):
        overlay.owner[("factions", i)] = entry.doc
        overlay.moved[("factions", i)] = entry.path
    return At(overlay, ())  # type: ignore[arg-type]


def _removed(chain: list[Path], b: Builder) -> dict[str, set[str]]:
    removed: dict[str, set[str]] = {}
    for directory in chain[1:]:
        manifest = read_yaml(directory / "mod.yaml", _display(directory, "mod.yaml"))
        for kind, ids in ((manifest.data or {}).get("remove") or {}).items():
            removed.setdefault(kind, set()).update(ids)
    return removed


def _unique_across(cards: dict[str, list[At]], b: Builder) -> None:
    owner: dict[Any, str] = {}
    for kind, entries in cards.items():
        for entry in entries:
            ident = entry.get("id")
            if ident in owner and owner[ident] != kind:
                b.report(entry["id"], f"id {ident!r} is already used by one of the {owner[ident]}")
            owner.setdefault(ident, kind)


def _cross_check(content: Content, g: At, b: Builder) -> None:
    resources = {r.id for r in content.resources}
    for role in content.settings["roles"]:
        b.refers(g["roles"][role], resources, "resource")
    for i in range(len(content.settings["scoring"]["leftovers"])):
        b.refers(g["scoring"]["leftovers"][i], resources, "resource")
    players = content.settings["players"]
    if players["min"] > players["max"]:
        b.report(g["players"], "players: min is larger than max")
    if len(content.hqs) < players["max"] + content.settings["advanced"]["extra_hqs"]:
        b.report(
            g["advanced"],
            f"{len(content.hqs)} HQ cards are too few for"
            f" {players['max']} players in the advanced setup",
        )
    lots = sum(1 for n in content.board.nodes if n.kind == "lot")
    banned = content.settings["setup"]["banned_lots"]
    for count, extra in banned.items():
        if content.settings["setup"]["starting_lots"] + extra + 1 > lots:
            b.report(
                g["setup"]["banned_lots"],
                f"{count} players: more tokens drawn at setup than the {lots} lots",
            )
    needed = (
        players["max"] * content.settings["setup"]["hand"]["buildings"]
        + content.settings["setup"]["offer"]
    )
    if len(content.buildings) < needed:
        b.report(g["setup"], f"{len(content.buildings)} building cards are too few to deal")
    size = len(content.settings["scoring"]["districts"])
    if size < len(content.board.districts) + 1:
        b.report(
            g["scoring"]["districts"],
            f"the districts table needs {len(content.board.districts) + 1}"
            f" entries (0 to {len(content.board.districts)} districts), not {size}",
        )


def _fingerprint(
    game: dict[str, Any], layers: dict[str, list[YamlDoc]], cards: dict[str, list[At]]
) -> str:
    meaning = {
        "game": game,
        "map": layers["map"][-1].data,
        "factions": [d.data for d in layers["factions"]],
        **{kind: [e.data for e in entries] for kind, entries in cards.items()},
    }
    text = json.dumps(meaning, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _sorted(problems: list[Problem]) -> list[Problem]:
    def key(p: Problem) -> tuple[str, int, int]:
        loc = p.location
        return (loc.file, loc.line, loc.column) if loc else ("", 0, 0)

    unique = list(dict.fromkeys(problems))
    return sorted(unique, key=key)


# ------------------------------------------------------------------ disk cache


def _cache_dir() -> Path | None:
    if os.environ.get("BALDURS_RULES_CACHE", "1") == "0":
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "baldurs_rules"


def _disk_get(key: str) -> Content | None:
    directory = _cache_dir()
    if directory is None:
        return None
    try:
        with open(directory / f"{key}.pickle", "rb") as handle:
            content = pickle.load(handle)
    except (OSError, pickle.PickleError, EOFError, AttributeError, ImportError, TypeError):
        return None
    return content if isinstance(content, Content) else None


def _disk_put(key: str, content: Content) -> None:
    directory = _cache_dir()
    if directory is None:
        return
    try:
        directory.mkdir(parents=True, exist_ok=True)
        temp = directory / f"{key}.{os.getpid()}.tmp"
        with open(temp, "wb") as handle:
            pickle.dump(content, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temp, directory / f"{key}.pickle")
    except OSError:
        return
