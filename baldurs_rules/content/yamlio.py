"""Safe YAML reading with a position for every value.

ruamel.yaml composes the file into nodes; this module builds plain Python data
from them itself, so nothing but str, int, float, bool, None, list and dict can
ever come out of a content file. It refuses tags (``!!python/object`` and
friends), merge keys, duplicate keys, alias bombs, deep nesting, too many
values (counted *while* composing, so a huge flow list stops early), control
characters in text and explicit scalar tags whose text is not of their type
(``!!int x``, ``!!int ٣``), each with a
[`ContentError`][baldurs_rules.errors.ContentError] that says where.

Examples:
    >>> doc = read_yaml_text("a: [1, 2]\\nb: gain 2 gold\\n", "x.yaml")
    >>> doc.data
    {'a': [1, 2], 'b': 'gain 2 gold'}
    >>> str(doc.location(("b",)))
    'x.yaml:2:4'
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.composer import Composer
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.reader import ReaderError

from baldurs_rules.content.files import MAX_BYTES, read_content_file
from baldurs_rules.dsl.origin import Origin, SourceText
from baldurs_rules.errors import ContentError, Location, Problem

__all__ = [
    "CONTROL",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "SURROGATE",
    "YamlDoc",
    "dump_yaml",
    "parse_yaml_bytes",
    "read_yaml",
    "read_yaml_text",
]

MAX_NODES = 10_000
"""The most values a file may hold, aliases counted each time they are used.

The largest default file (map.yaml) holds about 1,000. Counted while composing,
so no file costs more than this many values of parsing time.
"""
MAX_DEPTH = 48
"""The deepest nesting of mappings and lists accepted."""

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""Characters refused in any text of a content file: C0 and C1 controls (tab and
line feed apart), DEL, and the bidirectional overrides that can make text read
differently from what it is."""

SURROGATE = re.compile("[\ud800-\udfff]")
"""Lone surrogates (a ``\\ud800`` escape in a double-quoted string): text that
cannot be encoded as UTF-8, so it could never be printed or saved."""

_SCALAR_FORMS = {
    "int": re.compile(r"[-+]?(?:0x[0-9a-fA-F_]+|0o[0-7_]+|0b[01_]+|[0-9][0-9_]*)", re.ASCII),
    "float": re.compile(
        r"[-+]?(?:\.[0-9_]+|[0-9][0-9_]*(?:\.[0-9_]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)",
        re.ASCII,
    ),
    "bool": re.compile(r"true|True|TRUE|false|False|FALSE"),
    "null": re.compile(r"~|null|Null|NULL|"),
}
"""The text each scalar type may have (YAML 1.2 core schema, ASCII digits only)."""

Path_ = tuple[str | int, ...]

_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {f"{_TAG}{t}" for t in ("str", "int", "float", "bool", "null")}


class YamlDoc:
    """A parsed YAML file: its data and where every value and key is.

    Attributes:
        data: Plain Python data (dict, list, str, int, float, bool, None).
        source: The file's text with its line table.
    """

    __slots__ = ("data", "keys", "source", "values")

    def __init__(self, source: SourceText) -> None:
        self.source = source
        self.data: Any = None
        self.values: dict[Path_, int] = {}
        self.keys: dict[Path_, int] = {}

    def _loc(self, index: int) -> Location:
        line = _line_of(self.source.starts, index)
        return self.source.location(line, index - self.source.starts[line - 1] + 1)

    def location(self, path: Path_, key: bool = False) -> Location:
        """Where the value at ``path`` (or its key) starts; the nearest known ancestor otherwise."""
        table = self.keys if key else self.values
        if path in table:
            return self._loc(table[path])
        for cut in range(len(path), -1, -1):
            if path[:cut] in self.values:
                return self._loc(self.values[path[:cut]])
        return self.source.location(1, 1)

    def origin(self, path: Path_) -> Origin:
        """An [`Origin`][baldurs_rules.dsl.origin.Origin] for the string value at ``path``."""
        value = self.get(path)
        start = self.values.get(path, 0)
        return Origin.of_yaml_scalar(str(value), start, self.source)

    def get(self, path: Path_) -> Any:
        """The value at ``path``."""
        value = self.data
        for part in path:
            value = value[part]
        return value


def read_yaml(path: Path, display: str | None = None) -> YamlDoc:
    """Read and parse a YAML file safely (a regular file, at most ``MAX_BYTES``).

    Raises:
        ContentError: Missing or unreadable file, bad bytes, bad YAML, or refused constructs.
    """
    name = display or str(path)
    raw = read_content_file(path.parent, path.name, name)
    if raw is None:
        raise ContentError(
            Problem(Location(name, 1, 1), "cannot read file: No such file or directory")
        )
    return parse_yaml_bytes(raw, name)


def parse_yaml_bytes(raw: bytes, name: str) -> YamlDoc:
    """Decode (UTF-8, located errors) and parse the bytes of a content file."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        message = f"file is not UTF-8: byte 0x{raw[exc.start]:02x} cannot be decoded"
        raise ContentError(Problem(Location(name, line, column), message)) from None
    return read_yaml_text(text, name)


def read_yaml_text(text: str, name: str) -> YamlDoc:
    """Parse YAML text safely (see [`read_yaml`][baldurs_rules.content.yamlio.read_yaml])."""
    source = SourceText(name, text.removeprefix("\ufeff"))
    doc = YamlDoc(source)
    root = _compose(source)
    if root is None:
        doc.data = None
        return doc
    _Builder(doc).check_size(root)
    doc.data = _Builder(doc).build(root, (), 0)
    return doc


def dump_yaml(data: Any) -> str:
    """Plain data as block-style YAML text, which ``read_yaml_text`` reads back.

    Examples:
        >>> print(dump_yaml({"cost": 3, "income": "gain 1 gold"}), end="")
        cost: 3
        income: gain 1 gold
    """
    import io

    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    yaml.width = 4096
    yaml.sort_base_mapping_type_on_output = False  # type: ignore[assignment]
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _compose(source: SourceText) -> Node | None:
    deep = _flow_too_deep(source.raw)
    yaml = YAML(typ="safe", pure=True)  # the round-trip scanner is 1.5 times slower
    yaml.Composer = _Composer
    try:
        # Far too deep: compose only the start, which fails at the exact place, quickly.
        root: Node | None = yaml.compose(source.raw if deep < 0 else source.raw[: deep + 1])
    except _LimitError as exc:
        where = source.location(exc.mark.line + 1, exc.mark.column + 1)
        raise ContentError(Problem(where, exc.message)) from None
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = source.location(mark.line + 1, mark.column + 1) if mark else source.location(1, 1)
        problem = " ".join(p for p in (exc.context, exc.problem) if p) or "invalid YAML"
        raise ContentError(Problem(where, f"YAML syntax error: {problem}")) from None
    except ReaderError as exc:
        raise ContentError(_reader_problem(source, exc)) from None
    except YAMLError as exc:
        raise ContentError(Problem(source.location(1, 1), f"YAML error: {exc}")) from None
    except RecursionError:
        raise ContentError(Problem(source.location(1, 1), "YAML is nested too deeply")) from None
    return root


def _reader_problem(source: SourceText, exc: ReaderError) -> Problem:
    """A character YAML refuses (a control character in the raw text), located."""
    index = exc.position if isinstance(exc.position, int) else 0
    line = _line_of(source.starts, index)
    where = source.location(line, index - source.starts[line - 1] + 1)
    code = exc.character if isinstance(exc.character, int) else 0
    return Problem(where, f"control character U+{code:04X} is not allowed in a content file")


def _flow_too_deep(raw: str) -> int:
    """Offset of a ``[``/``{`` nested twice deeper than allowed, or -1: a linear pre-scan.

    ruamel's scanner is slow on very deep flow nesting, so such a file is composed
    only up to that point, where the composer's exact depth check fails quickly.
    Quoted text and comments are skipped.
    """
    if raw.count("[") + raw.count("{") <= 2 * MAX_DEPTH:
        return -1
    depth, quote, comment = 0, "", False
    previous = "\n"
    for index, char in enumerate(raw):
        if comment:
            comment = char != "\n"
        elif quote:
            quote = "" if char == quote else quote
        elif char == "#" and previous in " \t\n":
            comment = True
        elif char == '"':
            quote = char
        elif char in "[{":
            depth += 1
            if depth > 2 * MAX_DEPTH:
                return index
        elif char in "]}":
            depth = max(0, depth - 1)
        previous = char
    return -1


class _LimitError(Exception):
    def __init__(self, mark: Any, message: str) -> None:
        super().__init__(message)
        self.mark = mark
        self.message = message


class _Composer(Composer):
    """Refuses deep nesting and too many values while composing, where they are."""

    nesting = 0
    composed = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.composed += 1
        if self.composed > MAX_NODES:
            mark = self.parser.peek_event().start_mark
            raise _LimitError(mark, f"YAML holds more than {MAX_NODES} values")
        return super().compose_node(parent, index)

    def compose_sequence_node(self, anchor: Any) -> Any:
        return self._nested(super().compose_sequence_node, anchor)

    def compose_mapping_node(self, anchor: Any) -> Any:
        return self._nested(super().compose_mapping_node, anchor)

    def _nested(self, compose: Any, anchor: Any) -> Any:
        self.nesting += 1
        try:
            if self.nesting > MAX_DEPTH + 1:
                mark = self.parser.peek_event().start_mark
                raise _LimitError(mark, f"YAML is nested too deeply (more than {MAX_DEPTH} levels)")
            return compose(anchor)
        finally:
            self.nesting -= 1


def _line_of(starts: list[int], index: int) -> int:
    lo, hi = 0, len(starts)
    while lo < hi:
        mid = (lo + hi) // 2
        if starts[mid] <= index:
            lo = mid + 1
        else:
            hi = mid
    return max(lo, 1)


class _Builder:
    def __init__(self, doc: YamlDoc) -> None:
        self.doc = doc

    def fail(self, node: Node, message: str) -> None:
        raise ContentError(Problem(self.doc._loc(node.start_mark.index), message))

    def check_size(self, root: Node) -> None:
        """Refuse alias bombs: count values with aliases expanded, memoised per node."""
        sizes: dict[int, int] = {}
        order: list[Node] = []
        stack: list[Node] = [root]
        while stack:
            node = stack.pop()
            if id(node) in sizes:
                continue
            sizes[id(node)] = -1
            order.append(node)
            stack.extend(self.children(node))
        for node in reversed(order):
            total = 1 + sum(max(sizes.get(id(c), 1), 0) for c in self.children(node))
            sizes[id(node)] = total
            if total > MAX_NODES:
                self.fail(node, f"YAML expands to more than {MAX_NODES} values (alias bomb?)")

    @staticmethod
    def children(node: Node) -> list[Node]:
        if isinstance(node, SequenceNode):
            return list(node.value)
        if isinstance(node, MappingNode):
            return [n for pair in node.value for n in pair]
        return []

    def build(self, node: Node, path: Path_, depth: int) -> Any:
        if depth > MAX_DEPTH:
            self.fail(node, f"YAML is nested too deeply (more than {MAX_DEPTH} levels)")
        self.doc.values.setdefault(path, node.start_mark.index)
        if isinstance(node, ScalarNode):
            return self.scalar(node)
        if isinstance(node, SequenceNode):
            self.tag(node, "seq")
            return [self.build(item, (*path, i), depth + 1) for i, item in enumerate(node.value)]
        if isinstance(node, MappingNode):
            self.tag(node, "map")
            return self.mapping(node, path, depth)
        self.fail(node, "unsupported YAML node")
        return None

    def mapping(self, node: MappingNode, path: Path_, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == f"{_TAG}merge":
                self.fail(key_node, "merge keys ('<<') are not supported; write the keys out")
            key = self.scalar(key_node) if isinstance(key_node, ScalarNode) else None
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                self.fail(key_node, "mapping keys must be plain words or numbers")
            text = str(key)
            if "\n" in text or "\t" in text:
                self.fail(key_node, f"mapping key {text!r} holds a line break or a tab")
            if text in result:
                self.fail(key_node, f"duplicate key {text!r}")
            self.doc.keys[(*path, text)] = key_node.start_mark.index
            result[text] = self.build(value_node, (*path, text), depth + 1)
        return result

    def tag(self, node: Node, kind: str) -> None:
        if node.tag not in (f"{_TAG}{kind}", None):
            self.fail(node, f"YAML tag {_short(node.tag)!r} is not allowed in content")

    def scalar(self, node: ScalarNode) -> Any:
        tag = node.tag
        if tag not in _SCALAR_TAGS:
            self.fail(node, f"YAML tag {_short(tag)!r} is not allowed in content")
        value: str = node.value
        kind = str(tag)[len(_TAG) :]
        if kind == "str":
            bad = CONTROL.search(value)
            if bad:
                code = ord(bad.group())
                self.fail(node, f"text holds the control character U+{code:04X}; remove it")
            lone = SURROGATE.search(value)
            if lone:
                code = ord(lone.group())
                self.fail(
                    node,
                    f"text holds the lone surrogate U+{code:04X}, which cannot be encoded"
                    " as UTF-8; write the character itself (or a \\U escape of it)",
                )
            return value
        if not _SCALAR_FORMS[kind].fullmatch(value):
            self.fail(node, f"{_shorten(value)!r} is not a valid !!{kind}")
        if kind == "null":
            return None
        if kind == "bool":
            return value.lower() == "true"
        if len(value) > 100:
            self.fail(node, f"number {value[:20]}... is too long")
        return _int(value) if kind == "int" else _float(value)


def _shorten(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _int(text: str) -> int:
    digits = text.replace("_", "").lower()
    sign = -1 if digits.startswith("-") else 1
    digits = digits.lstrip("+-")
    for prefix, base in (("0x", 16), ("0o", 8), ("0b", 2)):
        if digits.startswith(prefix):
            return sign * int(digits[2:], base)
    return sign * int(digits, 10)


def _float(text: str) -> float:
    lowered = text.replace("_", "").lower()
    if lowered.endswith(".inf"):
        return -math.inf if lowered.startswith("-") else math.inf
    if lowered.endswith(".nan"):
        return math.nan
    return float(lowered)


def _short(tag: str | None) -> str:
    if tag is None:
        return "?"
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag
