"""What a mod changes: cards added, replaced (field by field), removed, numbers changed.

[`content_diff`][baldurs_rules.content.diff.content_diff] compares a mod with the
content it extends; [`merged_files`][baldurs_rules.content.diff.merged_files] gives
the merged data of each content file (what ``bbg content export --merged`` writes),
and [`removed_by`][baldurs_rules.content.diff.removed_by] which mod removed an id.

Effects compare by meaning (their syntax trees), so respacing an effect changes nothing.

Examples:
    >>> from baldurs_rules import load_content
    >>> diff = diff_contents(load_content(), load_content())
    >>> diff.cards, diff.numbers
    ((), ())
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from baldurs_rules.content.assemble import parsed_doc
from baldurs_rules.content.chain import CARD_FILES, FILES, Chain, read_chain
from baldurs_rules.content.files import content_directory
from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content, HqSide, Script
from baldurs_rules.errors import ContentError, Location

__all__ = [
    "STATUSES",
    "CardChange",
    "ContentDiff",
    "FieldChange",
    "NumberChange",
    "Removal",
    "card_statuses",
    "content_diff",
    "diff_contents",
    "merged_files",
    "removed_by",
]

STATUSES = ("added", "replaced", "removed", "unchanged")
"""What a mod did to a card."""

_KINDS = ("buildings", "gates", "agendas", "hqs", "locations", "factions")


@dataclass(frozen=True, slots=True)
class FieldChange:
    """One field of a replaced card: its value before and after (effects by their source)."""

    field: str
    before: Any
    after: Any


@dataclass(frozen=True, slots=True)
class CardChange:
    """A card the mod added, replaced or removed.

    Attributes:
        kind: ``buildings``, ``gates``, ``agendas``, ``hqs``, ``locations`` or ``factions``.
        status: ``added``, ``replaced`` or ``removed``.
        fields: For a replaced card, each field that differs.
    """

    kind: str
    id: str
    name: str
    status: str
    fields: tuple[FieldChange, ...] = ()


@dataclass(frozen=True, slots=True)
class NumberChange:
    """A value of ``game.yaml`` (a number, or a table entry) that differs: ``path`` is dotted."""

    path: str
    before: Any
    after: Any


@dataclass(frozen=True, slots=True)
class ContentDiff:
    """Everything a mod changes against the content it extends."""

    cards: tuple[CardChange, ...]
    numbers: tuple[NumberChange, ...]
    map_changed: bool = False
    name: str = ""
    base: str = ""
    base_content: Content | None = field(default=None, compare=False, repr=False)
    content: Content | None = field(default=None, compare=False, repr=False)

    def status(self, ident: str) -> str:
        """``added``, ``replaced``, ``removed`` or ``unchanged`` for any card id."""
        for change in self.cards:
            if change.id == ident:
                return change.status
        return "unchanged"

    def to_json(self) -> dict[str, Any]:
        """Plain data for tools (``bbg content diff --json``)."""
        return {
            "mod": self.name,
            "base": self.base,
            "cards": [
                {
                    "kind": c.kind,
                    "id": c.id,
                    "name": c.name,
                    "status": c.status,
                    "fields": [
                        {"field": f.field, "before": f.before, "after": f.after} for f in c.fields
                    ],
                }
                for c in self.cards
            ],
            "numbers": [
                {"path": n.path, "before": n.before, "after": n.after} for n in self.numbers
            ],
            "map_changed": self.map_changed,
        }


def content_diff(path: str | os.PathLike[str]) -> ContentDiff:
    """What the mod at ``path`` changes against the content it extends.

    Raises:
        ContentError: The directory is not a mod, or it (or its base) does not load.
    """
    chain = read_chain(content_directory(path))
    if len(chain.layers) < 2:
        raise ContentError(f"{path} is not a mod (it has no mod.yaml): nothing to compare")
    base_dir = chain.layers[-2].directory
    manifest = chain.layers[-1].manifest
    name = str((manifest.data or {}).get("name", "")) if manifest is not None else ""
    diff = diff_contents(load_content(base_dir), load_content(path), name)
    return ContentDiff(
        diff.cards,
        diff.numbers,
        diff.map_changed,
        name,
        "default" if len(chain.layers) == 2 and _is_default(chain) else str(base_dir),
        diff.base_content,
        diff.content,
    )


def _is_default(chain: Chain) -> bool:
    from baldurs_rules.content.files import default_content_dir

    return chain.layers[0].directory == default_content_dir()


def diff_contents(base: Content, mod: Content, name: str = "") -> ContentDiff:
    """The changes from ``base`` to ``mod``: cards by kind in deck order, then numbers."""
    changes: list[CardChange] = []
    for kind in _KINDS:
        before, after = _cards(base, kind), _cards(mod, kind)
        for ident, card in after.items():
            if ident not in before:
                changes.append(CardChange(kind, ident, card["name"], "added"))
            else:
                fields = tuple(_fields(before[ident], card))
                if fields:
                    changes.append(CardChange(kind, ident, card["name"], "replaced", fields))
        changes += [
            CardChange(kind, i, c["name"], "removed") for i, c in before.items() if i not in after
        ]
    numbers = tuple(_numbers(dict(base.settings), dict(mod.settings), ""))
    return ContentDiff(tuple(changes), numbers, base.board != mod.board, name, "", base, mod)


def card_statuses(diff: ContentDiff) -> dict[str, str]:
    """The status of every card id of both contents (``unchanged`` when untouched)."""
    statuses: dict[str, str] = {}
    for content in (diff.base_content, diff.content):
        if content is not None:
            for kind in _KINDS:
                statuses.update(dict.fromkeys(_cards(content, kind), "unchanged"))
    statuses.update({c.id: c.status for c in diff.cards})
    return statuses


# ------------------------------------------------------------------ fields


def _source(script: Script | None) -> Any:
    return None if script is None else _Effect(script)


class _Effect:
    """An effect compared by its tree and shown by its source."""

    __slots__ = ("script",)

    def __init__(self, script: Script) -> None:
        self.script = script

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Effect) and self.script.tree == other.script.tree

    def __hash__(self) -> int:
        return hash(self.script.source)


def _side(prefix: str, side: HqSide) -> dict[str, Any]:
    return {
        f"{prefix}.{slot}": _source(getattr(side, slot))
        for slot in ("income", "ability", "bonus", "setup")
    }


def _cards(content: Content, kind: str) -> dict[str, dict[str, Any]]:
    """Each card of a kind as a flat mapping of its fields."""
    found: dict[str, dict[str, Any]] = {}
    if kind == "buildings":
        for b in content.buildings.values():
            found[b.id] = {"name": b.name, "type": b.type, "cost": b.cost}
            found[b.id] |= {"when_built": _source(b.when_built), "income": _source(b.income)}
            found[b.id]["flavor"] = b.flavor
    elif kind == "gates":
        for g in content.gates.values():
            found[g.id] = {"name": g.name, "income": _source(g.income), "flavor": g.flavor}
    elif kind == "agendas":
        for a in content.agendas.values():
            found[a.id] = {"name": a.name, "score": _source(a.score), "flavor": a.flavor}
    elif kind == "hqs":
        for h in content.hqs.values():
            found[h.id] = {"name": h.name, "district": h.district}
            found[h.id] |= _side("basic", h.basic) | _side("advanced", h.advanced)
            found[h.id]["flavor"] = h.flavor
    elif kind == "locations":
        for loc in content.locations:
            found[loc.id] = {"name": loc.name, "district": loc.district}
            for i, t in enumerate(loc.trades, 1):
                found[loc.id] |= {f"trade {i}.cost": t.cost, f"trade {i}": _source(t.effect)}
            found[loc.id]["flavor"] = loc.flavor
    else:
        for f in content.factions:
            found[f.id] = {"name": f.name}
            found[f.id] |= {f"reward {i}": _source(r) for i, r in enumerate(f.rewards, 1)}
    return found


def _fields(before: dict[str, Any], after: dict[str, Any]) -> Iterator[FieldChange]:
    for name in dict.fromkeys([*before, *after]):
        old, new = before.get(name), after.get(name)
        if old != new:
            yield FieldChange(name, _plain(old), _plain(new))


def _plain(value: Any) -> Any:
    return value.script.source if isinstance(value, _Effect) else value


def _numbers(before: Any, after: Any, path: str) -> Iterator[NumberChange]:
    """Every leaf of ``game.yaml`` that differs (a list of another length as a whole)."""
    if isinstance(before, dict) and isinstance(after, dict):
        for key in dict.fromkeys([*before, *after]):
            yield from _numbers(before.get(key), after.get(key), f"{path}.{key}" if path else key)
    elif isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        for i, (old, new) in enumerate(zip(before, after, strict=True)):
            yield from _numbers(old, new, f"{path}[{i}]")
    elif before != after:
        yield NumberChange(path, before, after)


# ------------------------------------------------------------------ removals


@dataclass(frozen=True, slots=True)
class Removal:
    """An id a mod's ``remove`` drops: the mod's name and where it says so."""

    id: str
    kind: str
    mod: str
    location: Location


def removed_by(path: str | os.PathLike[str] | None) -> dict[str, Removal]:
    """The ids the mods of a load remove, each with the mod that removes it (the last one)."""
    if path is None:
        return {}
    found: dict[str, Removal] = {}
    for layer in read_chain(content_directory(path)).layers[1:]:
        manifest = layer.manifest
        data = manifest.data if manifest is not None else None
        if manifest is None or not isinstance(data, dict):
            continue
        for kind, ids in (data.get("remove") or {}).items():
            for i, ident in enumerate(ids):
                where = manifest.location(("remove", kind, i))
                found[ident] = Removal(ident, kind, str(data.get("name", "")), where)
    return found


# ------------------------------------------------------------------ merged files


def merged_files(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The data of each content file once the mods of a load are merged, by file name.

    Loading a directory of these files gives content with the same fingerprint.

    Raises:
        ContentError: The content does not load.
    """
    load_content(path)  # every problem is reported before anything is merged
    chain = read_chain(content_directory(path))
    docs = {
        kind: [
            parsed_doc(layer.raw[name], layer.shown(name)).data
            for layer in chain.layers
            if name in layer.raw
        ]
        for kind, name in FILES.items()
    }
    removed: dict[str, set[str]] = {}
    for removal in removed_by(path).values():
        removed.setdefault(removal.kind, set()).add(removal.id)
    files: dict[str, Any] = {FILES["game"]: _merged_game(docs["game"])}
    files[FILES["map"]] = docs["map"][-1]
    factions = _merged_game(docs["factions"])
    factions["factions"] = _merged_entries(docs["factions"], "factions", removed)
    files[FILES["factions"]] = factions
    for kind in CARD_FILES:
        files[FILES[kind]] = {kind: _merged_entries(docs[kind], kind, removed)}
    return files


def _merged_game(docs: list[Any]) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for data in docs:
        for key, value in (data or {}).items():
            old = merged.get(key)
            if isinstance(old, dict) and isinstance(value, dict):
                merged[key] = {**old, **value}
            else:
                merged[key] = value
    return merged


def _merged_entries(docs: list[Any], kind: str, removed: dict[str, set[str]]) -> list[Any]:
    entries: dict[str, Any] = {}
    for data in docs:
        for entry in (data or {}).get(kind) or []:
            entries[entry["id"]] = entry
    return [e for ident, e in entries.items() if ident not in removed.get(kind, set())]
