"""A loaded content as plain JSON data and back, and its fingerprint.

Encoding walks the model and the effect trees; decoding rebuilds them through
a fixed registry of classes ([`AST_FIELDS`][baldurs_rules.content.codec.AST_FIELDS]
and the model's constructors), checking the type of every value as it goes:
nothing from the data is ever looked up by name (no ``getattr`` on strings,
no pickle, no eval), and anything unexpected is a
[`CodecError`][baldurs_rules.content.codec.CodecError].

Scripts shared by several cards (the basic HQ side) stay shared, so the
engine numbers effect nodes exactly as after a fresh load.

The *fingerprint* of a content is a hash of its canonical encoding, without
the places the text came from: it follows what the content means and shows
(every table, name, flavor text, effect source and tree), never where in which
file it was written, and a cache entry cannot serve other rules under the same
fingerprint, since the fingerprint is recomputed from what was decoded.

Examples:
    >>> from baldurs_rules import load_content
    >>> content = load_content()
    >>> files = sorted({s.location.file for s in content.scripts()})
    >>> data = json.loads(json.dumps(encode(content, {f: i for i, f in enumerate(files)})))
    >>> again = decode(data, files)
    >>> again.buildings == content.buildings and fingerprint(again) == content.fingerprint
    True
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from baldurs_rules.content.model import (
    Agenda,
    Board,
    Building,
    Content,
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
from baldurs_rules.dsl import ast as A
from baldurs_rules.errors import Location

__all__ = ["AST_FIELDS", "CodecError", "decode", "encode", "fingerprint"]


class CodecError(ValueError):
    """Encoded content data that is not what encoding produces."""


_NAME = (A.Name,)
_WHERE = (A.Here, A.InDistrict)
_EXPR = (A.Number, A.Quantity, A.Count, A.Influence, A.Op, A.Neg, A.Extreme, A.CondExpr)
_COND = (A.Compare, A.BoolOp, A.Not)
_ITEM = (A.Amount, A.InfluenceAmount)
_EFFECT = (
    A.Seq, A.Paid, A.When, A.Repeat, A.Each, A.Choose, A.Gain, A.Lose, A.Draw,
    A.TakeGate, A.Place, A.Build, A.ReturnWorker, A.Nothing,
)  # fmt: skip
_WORDS = {
    "op": frozenset({"+", "-", "*", "per"}),
    "extreme": frozenset({"min", "max"}),
    "compare": frozenset({">=", "<=", "==", "!=", ">", "<"}),
    "bool": frozenset({"and", "or"}),
}
_NODES: dict[str, tuple[type, ...]] = {
    "name": _NAME,
    "where": _WHERE,
    "expr": _EXPR,
    "cond": _COND,
    "item": _ITEM,
    "effect": _EFFECT,
}

AST_FIELDS: dict[type, tuple[str, ...]] = {
    A.Name: ("str",),
    A.Here: (),
    A.InDistrict: ("name",),
    A.Number: ("int",),
    A.Quantity: ("name",),
    A.Count: ("name", "where?"),
    A.Influence: ("name",),
    A.Op: ("op", "expr", "expr"),
    A.Neg: ("expr",),
    A.Extreme: ("extreme", "expr*"),
    A.CondExpr: ("expr", "cond", "expr?"),
    A.Compare: ("compare", "expr", "expr"),
    A.BoolOp: ("bool", "cond", "cond"),
    A.Not: ("cond",),
    A.Amount: ("expr", "name"),
    A.InfluenceAmount: ("expr", "name?"),
    A.Seq: ("effect*",),
    A.Paid: ("item*", "effect"),
    A.When: ("cond", "effect", "effect?"),
    A.Repeat: ("int", "effect"),
    A.Each: ("name", "effect"),
    A.Choose: ("effect*",),
    A.Gain: ("item*",),
    A.Lose: ("item*",),
    A.Draw: ("expr", "name", "name?"),
    A.TakeGate: (),
    A.Place: ("name", "where?"),
    A.Build: ("name?", "expr?"),
    A.ReturnWorker: (),
    A.Nothing: (),
}
"""Every AST class that may be encoded, and the kind of each of its fields (span apart).

``?`` marks a field that may be None, ``*`` a tuple; node kinds name the classes
allowed there, word kinds the texts.
"""

_TAGS = {cls.__name__: cls for cls in AST_FIELDS}
_MAX_DEPTH = 200


# ------------------------------------------------------------------ encoding


class _Encoder:
    def __init__(self, files: dict[str, int] | None) -> None:
        self.files = files  # None: canonical form, without places and sources
        self.scripts: list[Any] = []
        self.script_index: dict[int, int] = {}
        self.sides: list[Any] = []
        self.side_index: dict[int, int] = {}

    def script(self, script: Script | None) -> int | None:
        if script is None:
            return None
        index = self.script_index.get(id(script))
        if index is None:
            index = self.script_index[id(script)] = len(self.scripts)
            self.scripts.append(None)
            tree = self.tree(script.tree)
            if self.files is None:
                self.scripts[index] = [script.source, tree, script.slot]
            else:
                where = self.location(script.location)
                self.scripts[index] = [script.source, tree, where, script.slot]
        return index

    def location(self, location: Location | None) -> Any:
        if location is None or self.files is None:
            return None
        if location.file not in self.files:
            raise CodecError(f"a location in an unknown file {location.file!r}")
        return [self.files[location.file], location.line, location.column, location.source_line]

    def tree(self, node: Any) -> Any:
        kinds = AST_FIELDS.get(type(node))
        if kinds is None:
            raise CodecError(f"not an AST node: {type(node).__name__}")
        fields = A.child_fields(type(node)) or ()
        out: list[Any] = [type(node).__name__]
        if self.files is not None:
            out += [node.span.start, node.span.end]
        for name, kind in zip(fields, kinds, strict=True):
            value = getattr(node, name)
            if value is None or kind in ("int", "str") or kind in _WORDS:
                out.append(value)
            elif kind.endswith("*"):
                out.append([self.tree(v) for v in value])
            else:
                out.append(self.tree(value))
        return out

    def side(self, side: HqSide) -> Any:
        parts = (side.income, side.ability, side.bonus, side.setup)
        if self.files is None:  # canonical: only the scripts' sharing means something
            return [self.script(s) for s in parts]
        index = self.side_index.get(id(side))
        if index is None:
            index = self.side_index[id(side)] = len(self.sides)
            self.sides.append(None)
            self.sides[index] = [self.script(s) for s in parts]
        return index


def encode(content: Content, files: dict[str, int] | None) -> dict[str, Any]:
    """The content as JSON-ready data.

    Args:
        content: A loaded content.
        files: The number of each file name that locations use (the decoder gets
            the names back in that order); None for the canonical form of the
            fingerprint, which leaves out places (locations, spans) and sources.
    """
    e = _Encoder(files)
    s = e.script
    data: dict[str, Any] = {
        "settings": content.settings,
        "resources": [[r.id, r.name, r.payable] for r in content.resources],
        "tiles": [[t.id, t.name, t.pile, s(t.bonus)] for t in content.tiles],
        "fortifications": [[f.id, f.name, f.defense, s(f.bonus)] for f in content.fortifications],
        "factions": [[f.id, f.name, [s(r) for r in f.rewards]] for f in content.factions],
        "past_top": s(content.past_top),
        "hq_basic": e.side(content.hq_basic),
        "board": _board(content.board),
        "buildings": [
            [b.id, b.name, b.type, b.cost, s(b.income), s(b.when_built), b.flavor]
            for b in content.buildings.values()
        ],
        "gates": [[g.id, g.name, s(g.income), g.flavor] for g in content.gates.values()],
        "agendas": [[a.id, a.name, s(a.score), a.flavor] for a in content.agendas.values()],
        "hqs": [
            [h.id, h.name, h.district, e.side(h.basic), e.side(h.advanced), h.flavor]
            for h in content.hqs.values()
        ],
        "locations": [
            [
                loc.id,
                loc.name,
                loc.district,
                [[t.cost, s(t.effect)] for t in loc.trades],
                loc.flavor,
            ]
            for loc in content.locations
        ],
    }
    data["scripts"] = e.scripts
    data["sides"] = e.sides
    if files is not None:
        data["fingerprint"] = content.fingerprint
    return data


def _board(board: Board) -> list[Any]:
    districts = [
        [d.id, d.name, d.wall, list(d.label), list(d.location), [list(p) for p in d.outline]]
        for d in board.districts
    ]
    nodes = [[n.index, n.id, n.kind, n.district, list(n.at), n.lot] for n in board.nodes]
    lines = [list(line) for line in board.lines]
    neighbors = [list(n) for n in board.neighbors]
    return [board.width, board.height, districts, nodes, lines, neighbors]


def fingerprint(content: Content) -> str:
    """A hash of what the content means and shows (16 hex digits).

    Examples:
        >>> from baldurs_rules import load_content
        >>> len(fingerprint(load_content()))
        16
    """
    text = json.dumps(encode(content, None), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# ------------------------------------------------------------------ decoding


def _fail(what: str) -> CodecError:
    return CodecError(f"bad content data: {what}")


def _list(value: Any, size: int | None = None) -> list[Any]:
    if type(value) is not list or (size is not None and len(value) != size):
        raise _fail(f"expected a list of {size}" if size else "expected a list")
    return value


def _str(value: Any) -> str:
    if type(value) is not str:
        raise _fail("expected text")
    return value


def _int(value: Any) -> int:
    if type(value) is not int:
        raise _fail("expected a whole number")
    return value


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise _fail("expected true or false")
    return value


def _number(value: Any) -> int | float:
    if type(value) is int or (type(value) is float and math.isfinite(value)):
        return value
    raise _fail("expected a number")


def _point(value: Any) -> tuple[float, float]:
    x, y = _list(value, 2)
    return (float(_number(x)), float(_number(y)))


def _plain(value: Any, depth: int = 0) -> Any:
    """Settings are plain data: mappings of text keys, lists, text, numbers, booleans, null."""
    if depth > _MAX_DEPTH:
        raise _fail("settings nested too deeply")
    if type(value) is dict:
        return {_str(k): _plain(v, depth + 1) for k, v in value.items()}
    if type(value) is list:
        return [_plain(v, depth + 1) for v in value]
    if value is None or type(value) in (str, int, bool):
        return value
    raise _fail("settings hold something other than plain data")


class _Decoder:
    def __init__(self, data: dict[str, Any], files: list[str]) -> None:
        self.files = files
        self.scripts: list[Script | None] = [None] * len(_list(data["scripts"]))
        self.raw_scripts = data["scripts"]
        self.sides: list[HqSide | None] = [None] * len(_list(data["sides"]))
        self.raw_sides = data["sides"]

    def script(self, ref: Any) -> Script | None:
        if ref is None:
            return None
        index = _int(ref)
        if not 0 <= index < len(self.scripts):
            raise _fail("a script number out of range")
        found = self.scripts[index]
        if found is None:
            source, tree, where, slot = _list(self.raw_scripts[index], 4)
            node = self.tree(tree, _EFFECT + _EXPR, 0)
            found = Script(_str(source), node, self.location(where), _str(slot))
            self.scripts[index] = found
        return found

    def required(self, ref: Any) -> Script:
        found = self.script(ref)
        if found is None:
            raise _fail("a missing script")
        return found

    def location(self, value: Any) -> Location | None:
        if value is None:
            return None
        file, line, column, text = _list(value, 4)
        index = _int(file)
        if not 0 <= index < len(self.files):
            raise _fail("a file number out of range")
        return Location(self.files[index], _int(line), _int(column), _str(text))

    def tree(self, value: Any, allowed: tuple[type, ...], depth: int) -> Any:
        if depth > _MAX_DEPTH:
            raise _fail("an effect tree nested too deeply")
        items = _list(value)
        cls = _TAGS.get(items[0]) if items and type(items[0]) is str else None
        if cls is None or cls not in allowed:
            raise _fail(f"an unexpected node {str(items[:1])[:40]}")
        kinds = AST_FIELDS[cls]
        if len(items) != 3 + len(kinds):
            raise _fail(f"a {cls.__name__} node of the wrong size")
        span = A.Span(_int(items[1]), _int(items[2]))
        fields = [self.field(v, kind, depth) for v, kind in zip(items[3:], kinds, strict=True)]
        return cls(*fields, span=span)

    def field(self, value: Any, kind: str, depth: int) -> Any:
        if kind.endswith("?"):
            return None if value is None else self.field(value, kind[:-1], depth)
        if kind.endswith("*"):
            return tuple(self.field(v, kind[:-1], depth) for v in _list(value))
        if kind == "int":
            return _int(value)
        if kind == "str":
            return _str(value)
        if kind in _WORDS:
            if value not in _WORDS[kind]:
                raise _fail(f"an unknown {kind} word")
            return value
        return self.tree(value, _NODES[kind], depth + 1)

    def side(self, ref: Any) -> HqSide:
        index = _int(ref)
        if not 0 <= index < len(self.sides):
            raise _fail("a side number out of range")
        found = self.sides[index]
        if found is None:
            income, ability, bonus, setup = (
                self.script(r) for r in _list(self.raw_sides[index], 4)
            )
            found = self.sides[index] = HqSide(income, ability, bonus, setup)
        return found


def decode(data: Any, files: list[str]) -> Content:
    """Rebuild a content from [`encode`][baldurs_rules.content.codec.encode]'s data.

    Args:
        data: The decoded JSON.
        files: The file names, in the numbering the encoder was given.

    Raises:
        CodecError: The data is not what encoding produces (KeyError, TypeError
            and ValueError are raised as CodecError too).
    """
    try:
        return _decode(data, files)
    except CodecError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise _fail(type(exc).__name__) from None


def _decode(data: Any, files: list[str]) -> Content:
    if type(data) is not dict:
        raise _fail("expected a mapping")
    d = _Decoder(data, files)
    s = d.script
    return Content(
        settings=_plain(data["settings"]),
        resources=tuple(_resource(r) for r in _list(data["resources"])),
        tiles=tuple(_tile(t, d) for t in _list(data["tiles"])),
        fortifications=tuple(_fortification(f, d) for f in _list(data["fortifications"])),
        factions=tuple(_faction(f, d) for f in _list(data["factions"])),
        past_top=s(data["past_top"]),
        hq_basic=d.side(data["hq_basic"]),
        board=_decode_board(data["board"]),
        buildings=_by_id(_building(b, d) for b in _list(data["buildings"])),
        gates=_by_id(_gate(g, d) for g in _list(data["gates"])),
        agendas=_by_id(_agenda(a, d) for a in _list(data["agendas"])),
        hqs=_by_id(_hq(h, d) for h in _list(data["hqs"])),
        locations=tuple(_location(loc, d) for loc in _list(data["locations"])),
        fingerprint=_str(data.get("fingerprint", "")),
    )


def _by_id(cards: Any) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for card in cards:
        if card.id in found:
            raise _fail(f"two cards with the id {card.id!r}")
        found[card.id] = card
    return found


def _resource(value: Any) -> Resource:
    ident, name, payable = _list(value, 3)
    return Resource(_str(ident), _str(name), _bool(payable))


def _tile(value: Any, d: _Decoder) -> Tile:
    ident, name, pile, bonus = _list(value, 4)
    return Tile(_str(ident), _str(name), _int(pile), d.script(bonus))


def _fortification(value: Any, d: _Decoder) -> Fortification:
    ident, name, defense, bonus = _list(value, 4)
    return Fortification(_str(ident), _str(name), _int(defense), d.script(bonus))


def _faction(value: Any, d: _Decoder) -> Faction:
    ident, name, rewards = _list(value, 3)
    return Faction(_str(ident), _str(name), tuple(d.script(r) for r in _list(rewards)))


def _decode_board(value: Any) -> Board:
    width, height, districts, nodes, lines, neighbors = _list(value, 6)
    return Board(
        _number(width),
        _number(height),
        tuple(_district(x) for x in _list(districts)),
        tuple(_node(x, i) for i, x in enumerate(_list(nodes))),
        tuple(_pair(x) for x in _list(lines)),
        tuple(tuple(_int(n) for n in _list(x)) for x in _list(neighbors)),
    )


def _district(value: Any) -> District:
    ident, name, wall, label, location, outline = _list(value, 6)
    return District(
        _str(ident),
        _str(name),
        _bool(wall),
        _point(label),
        _point(location),
        tuple(_point(p) for p in _list(outline)),
    )


def _node(value: Any, position: int) -> MapNode:
    index, ident, kind, district, at, lot = _list(value, 6)
    if _int(index) != position:
        raise _fail("a map node out of order")
    return MapNode(index, _str(ident), _str(kind), _str(district), _point(at), _optional_int(lot))


def _pair(value: Any) -> tuple[int, int]:
    a, b = _list(value, 2)
    return (_int(a), _int(b))


def _optional_int(value: Any) -> int | None:
    return None if value is None else _int(value)


def _building(value: Any, d: _Decoder) -> Building:
    ident, name, kind, cost, income, when_built, flavor = _list(value, 7)
    return Building(
        _str(ident), _str(name), _str(kind), _int(cost), d.script(income), d.script(when_built),
        _str(flavor),
    )  # fmt: skip


def _gate(value: Any, d: _Decoder) -> Gate:
    ident, name, income, flavor = _list(value, 4)
    return Gate(_str(ident), _str(name), d.script(income), _str(flavor))


def _agenda(value: Any, d: _Decoder) -> Agenda:
    ident, name, score, flavor = _list(value, 4)
    return Agenda(_str(ident), _str(name), d.required(score), _str(flavor))


def _hq(value: Any, d: _Decoder) -> Hq:
    ident, name, district, basic, advanced, flavor = _list(value, 6)
    return Hq(
        _str(ident), _str(name), _str(district), d.side(basic), d.side(advanced), _str(flavor)
    )


def _location(value: Any, d: _Decoder) -> SpecialLocation:
    ident, name, district, trades, flavor = _list(value, 5)
    decoded = tuple(_trade(t, d) for t in _list(trades))
    return SpecialLocation(_str(ident), _str(name), _str(district), decoded, _str(flavor))


def _trade(value: Any, d: _Decoder) -> Trade:
    cost, effect = _list(value, 2)
    return Trade(_int(cost), d.required(effect))
