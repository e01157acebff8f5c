"""Warnings: content that loads, but is likely not what its author meant.

A load ([`assemble`][baldurs_rules.content.assemble.assemble]) refuses what the
game cannot run; this pass, run on content that loaded, points at what it can run
but probably should not, each with its ``file:line:col`` (``severity`` ``warning``):

* a new id a letter or two away from an id of the content a mod extends (a
  misspelled replacement adds a second card);
* a building or trade cost, or an amount gained, paid or lost, outside the range
  the extended content's own cards use;
* a building that can never be built (no tile of its type), an ability that can
  never be used (it costs a resource nothing gives), an agenda that can never score.

Only the entries of the top directory (the mod, or the content given) are
checked: the modder's own files.

Examples:
    >>> from baldurs_rules.content.lint import edit_distance
    >>> edit_distance("master_of_the_countingtables", "master_of_the_counting_tables")
    1
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from baldurs_rules.content.assemble import parsed_doc
from baldurs_rules.content.build import At
from baldurs_rules.content.chain import CARD_FILES, FILES, Chain, read_chain
from baldurs_rules.content.checks import content_ranges
from baldurs_rules.content.files import content_directory
from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.bounds import bound
from baldurs_rules.dsl.origin import Origin
from baldurs_rules.dsl.parser import parse_effect, parse_expression
from baldurs_rules.errors import DslError, Problem

__all__ = ["CLOSE_IDS", "chain_warnings", "content_warnings", "edit_distance"]

CLOSE_IDS = 2
"""A new id at most this many edits from an extended id (of 6 letters or more) is suspect."""

_EFFECT_FIELDS = {
    "buildings": ("income", "when_built"),
    "gates": ("income",),
    "hqs": (),
    "locations": (),
    "agendas": (),
}


def edit_distance(a: str, b: str) -> int:
    """The Levenshtein distance (insertions, deletions, substitutions)."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


@dataclass(frozen=True, slots=True)
class _Entry:
    """One card of the top directory: its kind, id and place."""

    kind: str
    ident: str
    at: At


def content_warnings(path: str | os.PathLike[str] | None = None) -> list[Problem]:
    """The warnings of a content or mod directory (the default content when None).

    Raises:
        ContentError: The content does not load (its errors come first).

    Examples:
        >>> content_warnings()
        []
    """
    root = content_directory(path)
    chain = read_chain(root)
    content = load_content(root)
    base = load_content(chain.layers[-2].directory) if len(chain.layers) > 1 else None
    return chain_warnings(chain, content, base)


def chain_warnings(chain: Chain, content: Content, base: Content | None) -> list[Problem]:
    """The warnings of the top directory of a loaded chain, sorted by place.

    Args:
        chain: The directories of the load.
        content: What they loaded to.
        base: The content the top directory extends (None for a complete content).
    """
    entries = list(_entries(chain))
    found: list[Problem] = []
    if base is not None:
        found += _close_ids(entries, base)
        found += _costs(entries, base)
        found += _amounts(entries, base)
    found += _never_built(entries, content)
    found += _never_used(entries, content)
    found += _never_scores(entries, content)
    return sorted(dict.fromkeys(found), key=_place)


def _place(p: Problem) -> tuple[str, int, int]:
    loc = p.location
    return (loc.file, loc.line, loc.column) if loc else ("", 0, 0)


def _warn(at: At, message: str, key: bool = False) -> Problem:
    return Problem(at.doc.location(at.path, key=key), message, "warning")


def _entries(chain: Chain) -> Iterator[_Entry]:
    top = chain.layers[-1]
    for kind in CARD_FILES:
        name = FILES[kind]
        if name not in top.raw:
            continue
        doc = parsed_doc(top.raw[name], top.shown(name))
        for at in At(doc, (kind,)).items() if isinstance(doc.data, dict) else []:
            ident = at.get("id")
            if isinstance(ident, str):
                yield _Entry(kind, ident, at)


def _cards(content: Content, kind: str) -> set[str]:
    if kind == "locations":
        return {loc.id for loc in content.locations}
    cards: Any = getattr(content, kind)
    return set(cards)


# ------------------------------------------------------------------ ids


def _close_ids(entries: list[_Entry], base: Content) -> list[Problem]:
    found = []
    for entry in entries:
        known = _cards(base, entry.kind)
        if entry.ident in known or len(entry.ident) < 6:
            continue
        close = sorted(
            (edit_distance(entry.ident, old), old)
            for old in known
            if abs(len(old) - len(entry.ident)) <= CLOSE_IDS
        )
        if close and close[0][0] <= CLOSE_IDS:
            old = close[0][1]
            found.append(
                _warn(
                    entry.at["id"],
                    f"new {entry.kind[:-1]} {entry.ident!r} is added as a card of its own;"
                    f" did you mean to replace {old!r}? (if it is a new card, give it an id"
                    " further from that one)",
                )
            )
    return found


# ------------------------------------------------------------------ numbers


def _costs(entries: list[_Entry], base: Content) -> list[Problem]:
    costs = [b.cost for b in base.buildings.values()]
    trades = [t.cost for loc in base.locations for t in loc.trades]
    found = []
    for entry in entries:
        if entry.kind == "buildings" and costs:
            found += _outside(entry.at["cost"], costs, "cost", "gold the buildings")
        elif entry.kind == "locations" and trades:
            for trade in entry.at["trades"].items():
                found += _outside(trade["cost"], trades, "trade cost", "favor the trades")
    return found


def _outside(at: At, values: list[int], what: str, whose: str) -> list[Problem]:
    value, lo, hi = at.data, min(values), max(values)
    if type(value) is not int or lo <= value <= hi:
        return []
    message = (
        f"{what} {value} is outside the {lo}-{hi} {whose} of the content this mod extends"
        " cost; is it meant?"
    )
    return [_warn(at, message)]


def _amounts(entries: list[_Entry], base: Content) -> list[Problem]:
    """Amounts written as numbers, against the extended cards' amounts of the same role."""
    ranges: dict[tuple[str, str], list[int]] = {}
    for script in base.scripts(agendas=False):
        for role, resource, number in _numbers(script.tree):
            ranges.setdefault((role, resource), []).append(number.value)
    found = []
    for _entry, _at, tree, origin in _trees(entries):
        for role, resource, number in _numbers(tree):
            values = ranges.get((role, resource))
            if not values or min(values) <= number.value <= max(values):
                continue
            lo, hi = min(values), max(values)
            where = origin.locate(number.span.start)
            found.append(
                Problem(
                    where,
                    f"{role} {number.value} {resource}: the cards of the content this mod"
                    f" extends {role} {lo}-{hi} {resource} at once; is it meant?",
                    "warning",
                )
            )
    return found


def _trees(entries: list[_Entry]) -> Iterator[tuple[_Entry, At, Any, Origin]]:
    """Each effect string of the entries, parsed again with its origin (for exact places)."""
    for entry in entries:
        places = [entry.at[f] for f in _EFFECT_FIELDS[entry.kind] if entry.at.get(f)]
        if entry.kind == "locations":
            places = [t["effect"] for t in entry.at["trades"].items()]
        if entry.kind == "hqs":
            for side in ("basic", "advanced"):
                if isinstance(entry.at.get(side), dict):
                    places += [entry.at[side][k] for k in entry.at.get(side) or {}]
        for at in places:
            if not isinstance(at.data, str):
                continue
            origin = at.doc.origin(at.path)
            try:
                tree = parse_effect(at.data, origin)
            except DslError:
                continue
            yield entry, at, tree, origin


def _numbers(tree: Any) -> Iterator[tuple[str, str, A.Number]]:
    """(gain | pay | lose, resource, the number) of each amount written as a number."""
    for node in A.walk(tree):
        if isinstance(node, A.Gain | A.Lose | A.Paid):
            role = {A.Gain: "gain", A.Lose: "lose", A.Paid: "pay"}[type(node)]
            items = node.cost if isinstance(node, A.Paid) else node.items
            for item in items:
                if isinstance(item, A.Amount) and isinstance(item.value, A.Number):
                    yield role, item.resource.text, item.value


# ------------------------------------------------------------------ never played


def _never_built(entries: list[_Entry], content: Content) -> list[Problem]:
    piles = {t.id: t.pile for t in content.tiles}
    found = []
    for entry in entries:
        card = content.buildings.get(entry.ident) if entry.kind == "buildings" else None
        if card is not None and piles.get(card.type, 1) <= 0:
            found.append(
                _warn(
                    entry.at["type"],
                    f"building {entry.ident!r} can never be built: there are no"
                    f" {card.type!r} tiles (their pile in game.yaml is 0)",
                )
            )
    return found


def _never_used(entries: list[_Entry], content: Content) -> list[Problem]:
    """Abilities that cost a resource no effect, setup or income ever gives."""
    given = {name for name, amount in content.settings["setup"]["resources"].items() if amount}
    for script in content.scripts(agendas=False):
        given.update(r for role, r, _ in _all_amounts(script.tree) if role == "gain")
    found = []
    for entry, at, tree, _origin in _trees(entries):
        for node in A.walk(tree):
            if not isinstance(node, A.Paid):
                continue
            missing = sorted({a.resource.text for a in node.cost} - given)
            if missing:
                found.append(
                    _warn(
                        at,
                        f"this ability of {entry.ident!r} can never be used: it costs"
                        f" {missing[0]!r}, which nothing in the game gives",
                    )
                )
    return found


def _all_amounts(tree: Any) -> Iterator[tuple[str, str, Any]]:
    for node in A.walk(tree):
        if isinstance(node, A.Gain):
            for item in node.items:
                if isinstance(item, A.Amount):
                    yield "gain", item.resource.text, item.value


def _never_scores(entries: list[_Entry], content: Content) -> list[Problem]:
    ranges = content_ranges(content)
    found = []
    for entry in entries:
        agenda = content.agendas.get(entry.ident) if entry.kind == "agendas" else None
        if agenda is None:
            continue
        text = entry.at.get("score")
        try:
            tree = parse_expression(text, entry.at.doc.origin((*entry.at.path, "score")))
        except DslError:
            continue
        most = bound(tree, ranges).hi
        if most <= 0:
            found.append(
                _warn(
                    entry.at["score"],
                    f"agenda {entry.ident!r} can never score: its score is at most {most}",
                )
            )
    return found
