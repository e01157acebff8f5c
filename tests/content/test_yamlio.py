"""Unit tests of the safe YAML reader: plain data, positions, and every refusal."""

from __future__ import annotations

import math
import os
import time
from pathlib import Path

import pytest

from baldurs_rules.content import files, yamlio
from baldurs_rules.content.yamlio import MAX_DEPTH, MAX_NODES, read_yaml, read_yaml_text
from baldurs_rules.errors import ContentError, Location

SAMPLES = Path(__file__).resolve().parents[1] / "samples" / "yaml"


def refused(text: str, name: str = "x.yaml") -> tuple[int, int, str]:
    with pytest.raises(ContentError) as info:
        read_yaml_text(text, name)
    (problem,) = info.value.problems
    assert problem.location is not None
    assert problem.location.file == name
    return problem.location.line, problem.location.column, problem.message


# -------------------------------------------------------------- plain data --


INTS = [
    ("0x1F", 31),
    ("1_000", 1000),
    ("0o17", 15),
    ("0b101", 5),
    ("-12", -12),
    ("+5", 5),
    ("0", 0),
    ("017", 17),
    ("-0x1F", -31),
]


@pytest.mark.parametrize(("text", "value"), INTS)
def test_int_forms(text: str, value: int) -> None:
    data = read_yaml_text(f"n: {text}\n", "x.yaml").data
    assert data == {"n": value}
    assert type(data["n"]) is int


FLOATS = [("1.5", 1.5), ("1e3", 1000.0), ("1.0e+3", 1000.0), (".5", 0.5), ("-2.25", -2.25)]


@pytest.mark.parametrize(("text", "value"), FLOATS)
def test_float_forms(text: str, value: float) -> None:
    data = read_yaml_text(f"f: {text}\n", "x.yaml").data
    assert data == {"f": value}
    assert type(data["f"]) is float


def test_special_floats() -> None:
    data = read_yaml_text("a: .inf\nb: -.inf\nc: .nan\nd: +.Inf\n", "x.yaml").data
    assert data["a"] == math.inf
    assert data["b"] == -math.inf
    assert math.isnan(data["c"])
    assert data["d"] == math.inf


def test_bools_nulls_and_strings() -> None:
    text = (
        "t: true\nT: True\nf: false\nF: FALSE\n"
        "n1: null\nn2: ~\nn3:\nn4: Null\n"
        "yes_word: yes\nno_word: no\non_word: on\n"
        "quoted_int: '12'\nupper_hex: 0X1F\nquoted_bool: \"true\"\nword: gain 2 gold\n"
    )
    data = read_yaml_text(text, "x.yaml").data
    assert data == {
        "t": True,
        "T": True,
        "f": False,
        "F": False,
        "n1": None,
        "n2": None,
        "n3": None,
        "n4": None,
        "yes_word": "yes",  # YAML 1.2: yes/no/on are words, not booleans
        "no_word": "no",
        "on_word": "on",
        "quoted_int": "12",
        "upper_hex": "0X1F",  # YAML 1.2: only 0x is hexadecimal
        "quoted_bool": "true",
        "word": "gain 2 gold",
    }
    assert data["t"] is True and data["f"] is False


def test_collections_are_plain_dicts_and_lists() -> None:
    doc = read_yaml_text("a:\n  - [1, {b: c}]\n  - x\nd: {}\ne: []\n", "x.yaml")
    assert doc.data == {"a": [[1, {"b": "c"}], "x"], "d": {}, "e": []}
    assert type(doc.data) is dict
    assert type(doc.data["a"]) is list
    assert type(doc.data["a"][0][1]) is dict
    assert type(doc.data["a"][0][1]["b"]) is str


def test_numeric_keys_become_text() -> None:
    assert read_yaml_text("2: a\n3: b\n", "x.yaml").data == {"2": "a", "3": "b"}


def test_anchors_and_aliases_are_plain_copies() -> None:
    doc = read_yaml_text("a: &x [1, 2]\nb: *x\n", "x.yaml")
    assert doc.data == {"a": [1, 2], "b": [1, 2]}


def test_empty_text_and_comments_only() -> None:
    assert read_yaml_text("", "x.yaml").data is None
    assert read_yaml_text("# nothing here\n\n", "x.yaml").data is None


def test_byte_order_mark_is_ignored() -> None:
    doc = read_yaml_text("\ufeffa: 1\n", "x.yaml")
    assert doc.data == {"a": 1}
    assert str(doc.location(("a",))) == "x.yaml:1:4"


def test_get() -> None:
    doc = read_yaml_text("a:\n  - {b: [7, 8]}\n", "x.yaml")
    assert doc.get(("a", 0, "b", 1)) == 8
    assert doc.get(()) == doc.data


# --------------------------------------------------------------- positions --


POSITIONS = """\
name: Test
cards:
  - id: first
    cost: 2
  - {id: second, cost: 3}
nested:
  deep:
    list: [a, "b c"]
"""


@pytest.mark.parametrize(
    ("path", "key", "where"),
    [
        (("name",), False, (1, 7)),
        (("name",), True, (1, 1)),
        (("cards",), False, (3, 3)),
        (("cards",), True, (2, 1)),
        (("cards", 0), False, (3, 5)),
        (("cards", 0, "id"), False, (3, 9)),
        (("cards", 0, "id"), True, (3, 5)),
        (("cards", 0, "cost"), False, (4, 11)),
        (("cards", 0, "cost"), True, (4, 5)),
        (("cards", 1), False, (5, 5)),
        (("cards", 1, "id"), True, (5, 6)),
        (("cards", 1, "cost"), False, (5, 24)),
        (("nested", "deep"), True, (7, 3)),
        (("nested", "deep", "list"), False, (8, 11)),
        (("nested", "deep", "list", 1), False, (8, 15)),
        ((), False, (1, 1)),
    ],
)
def test_positions_of_values_and_keys(
    path: tuple[str | int, ...], key: bool, where: tuple[int, int]
) -> None:
    doc = read_yaml_text(POSITIONS, "p.yaml")
    loc = doc.location(path, key=key)
    assert (loc.file, loc.line, loc.column) == ("p.yaml", *where)
    assert loc.source_line == POSITIONS.split("\n")[where[0] - 1]


def test_unknown_path_falls_back_to_the_nearest_ancestor() -> None:
    doc = read_yaml_text(POSITIONS, "p.yaml")
    assert doc.location(("cards", 0, "missing")) == Location("p.yaml", 3, 5)
    assert doc.location(("nowhere", "at", "all")) == Location("p.yaml", 1, 1)
    # a key that does not exist points at the value it would belong to
    assert doc.location(("cards", 1), key=True) == Location("p.yaml", 5, 5)
    assert doc.location(("cards", 0, "missing"), key=True) == Location("p.yaml", 3, 5)


def test_location_in_an_empty_document() -> None:
    assert read_yaml_text("", "e.yaml").location(("a",)) == Location("e.yaml", 1, 1)


def test_location_str() -> None:
    doc = read_yaml_text("a: [1, 2]\nb: gain 2 gold\n", "x.yaml")
    assert str(doc.location(("b",))) == "x.yaml:2:4"
    assert str(doc.location(("a", 1))) == "x.yaml:1:8"


# ------------------------------------------------------------------ origin --


ORIGINS = """\
plain: gain 2 gold
double: "gain 2 gold"
single: 'gain 2 gold'
block: |
  gain 1 favor;
  gain 2 gold
folded: >
  gain 1 favor;
  gain 2 gold
list:
  - "pay 1 supply: gain 3 gold"
"""


@pytest.mark.parametrize(
    ("path", "offset", "where"),
    [
        (("plain",), 0, (1, 8)),
        (("plain",), 7, (1, 15)),
        (("double",), 0, (2, 10)),
        (("double",), 7, (2, 17)),
        (("single",), 7, (3, 17)),
        (("block",), 0, (5, 3)),
        (("block",), 14, (6, 3)),
        (("block",), 21, (6, 10)),
        (("folded",), 14, (9, 3)),
        (("folded",), 21, (9, 10)),
        (("list", 0), 21, (11, 27)),
    ],
)
def test_origin_maps_offsets_to_the_file(
    path: tuple[str | int, ...], offset: int, where: tuple[int, int]
) -> None:
    doc = read_yaml_text(ORIGINS, "o.yaml")
    value = doc.get(path)
    loc = doc.origin(path).locate(offset)
    assert (loc.file, loc.line, loc.column) == ("o.yaml", *where)
    # the character there is the one at that offset of the value
    assert loc.source_line[loc.column - 1] == value[offset]


def test_folded_scalar_has_plain_text() -> None:
    doc = read_yaml_text(ORIGINS, "o.yaml")
    assert doc.get(("folded",)) == "gain 1 favor; gain 2 gold\n"
    assert doc.get(("block",)) == "gain 1 favor;\ngain 2 gold\n"
    text = 'a: >\n  one\n  two\n\n  three\nb: "tab\\there"\n'
    assert read_yaml_text(text, "x.yaml").data == {"a": "one two\nthree\n", "b": "tab\there"}


def test_origin_past_the_end_points_after_the_value() -> None:
    doc = read_yaml_text('a: "gain 2"\n', "o.yaml")
    origin = doc.origin(("a",))
    assert origin.locate(5) == Location("o.yaml", 1, 10)
    assert origin.locate(6) == Location("o.yaml", 1, 11)
    assert origin.locate(100) == Location("o.yaml", 1, 11)


# ---------------------------------------------------------------- refusals --


def test_syntax_error_position() -> None:
    assert refused("a: 1\nb: c: d\n") == (
        2,
        5,
        "YAML syntax error: mapping values are not allowed here",
    )


def test_unclosed_flow_sequence() -> None:
    line, column, message = refused("a: [1, 2\nb: 3\n")
    assert (line, column) == (2, 2)
    assert message.startswith("YAML syntax error: ")
    assert "expected ',' or ']'" in message


def test_tab_indentation() -> None:
    line, column, message = refused("a:\n\t- 1\n")
    assert (line, column) == (2, 1)
    assert "'\\t'" in message


def test_two_documents() -> None:
    line, column, message = refused("a: 1\n---\nb: 2\n")
    assert (line, column) == (2, 1)
    assert message.endswith("but found another document")


@pytest.mark.parametrize(
    ("text", "where", "tag"),
    [
        (
            'a: !!python/object/apply:os.system ["echo hacked"]\n',
            (1, 4),
            "!!python/object/apply:os.system",
        ),
        ("a: !!python/name:os.system\n", (1, 4), "!!python/name:os.system"),
        ("a: !foo bar\n", (1, 4), "!foo"),
        ("a:\n  b: !foo {x: 1}\n", (2, 6), "!foo"),
        ("a: !foo [1]\n", (1, 4), "!foo"),
        ("a: !!binary aGVsbG8=\n", (1, 4), "!!binary"),
        ("a: !!set {x, y}\n", (1, 4), "!!set"),
        ("a: !!omap [{x: 1}]\n", (1, 4), "!!omap"),
        ("a: 2001-12-14\n", (1, 4), "!!timestamp"),
        ("- !<tag:example.com,2000:x> 1\n", (1, 3), "tag:example.com,2000:x"),
    ],
)
def test_tags_are_refused(text: str, where: tuple[int, int], tag: str) -> None:
    assert refused(text) == (*where, f"YAML tag {tag!r} is not allowed in content")


def test_python_tag_runs_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(os, "system", lambda *a: calls.append(a) or 0)
    text = (SAMPLES / "python_tag.yaml").read_text("utf-8")
    assert "echo hacked > hacked.txt" in text
    assert refused(text) == (
        1,
        12,
        "YAML tag '!!python/object/apply:os.system' is not allowed in content",
    )
    assert calls == []
    assert not (tmp_path / "hacked.txt").exists()


def test_explicit_standard_tags_are_fine() -> None:
    doc = read_yaml_text('a: !!str 12\nb: !!int "7"\nc: !!seq [1]\nd: !!map {x: 1}\n', "x.yaml")
    assert doc.data == {"a": "12", "b": 7, "c": [1], "d": {"x": 1}}


def test_duplicate_key() -> None:
    assert refused("a: 1\nb: 2\na: 3\n") == (3, 1, "duplicate key 'a'")
    assert refused("a: {x: 1, x: 2}\n") == (1, 11, "duplicate key 'x'")
    assert refused("1: a\n'1': b\n") == (2, 1, "duplicate key '1'")


def test_merge_key() -> None:
    text = "base: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n"
    assert refused(text) == (3, 3, "merge keys ('<<') are not supported; write the keys out")


@pytest.mark.parametrize(
    "text",
    ["? [1, 2]\n: 3\n", "true: 3\n", "~: 3\n", "2.5: 3\n", "? {a: 1}\n: 3\n"],
)
def test_keys_must_be_words_or_numbers(text: str) -> None:
    assert refused(text) == (
        1,
        1 if not text.startswith("?") else 3,
        "mapping keys must be plain words or numbers",
    )


def test_alias_bomb_is_refused_quickly() -> None:
    text = (SAMPLES / "alias_bomb.yaml").read_text("utf-8")
    start = time.perf_counter()
    where = refused(text)
    elapsed = time.perf_counter() - start
    # the first level past MAX_NODES values: e holds 9**5 = 59,049 of them
    assert MAX_NODES < 9**5
    assert where == (6, 4, f"YAML expands to more than {MAX_NODES} values (alias bomb?)")
    assert elapsed < 2.0


def test_many_aliases_below_the_limit_are_fine() -> None:
    text = "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9]\nb: &b [" + ", ".join(["*a"] * 9) + "]\n"
    assert read_yaml_text(text, "x.yaml").data["b"] == [list(range(1, 10))] * 9


@pytest.mark.parametrize("text", ["[" * 200, "[\n" * 5000, "[" * 5000])
def test_deep_flow_nesting_is_refused_quickly(text: str) -> None:
    start = time.perf_counter()
    where = refused(text)
    assert time.perf_counter() - start < 5.0
    # the root list is level 0; the 50th '[' is level 49, one too many
    line, column = (MAX_DEPTH + 2, 1) if "\n" in text else (1, MAX_DEPTH + 2)
    assert where == (line, column, f"YAML is nested too deeply (more than {MAX_DEPTH} levels)")


def test_deep_block_nesting_is_refused() -> None:
    text = "".join("  " * i + f"k{i}:\n" for i in range(60)) + "  " * 60 + "leaf\n"
    assert refused(text) == (
        MAX_DEPTH + 2,
        2 * (MAX_DEPTH + 1) + 1,
        f"YAML is nested too deeply (more than {MAX_DEPTH} levels)",
    )


def test_nesting_at_the_limit_is_fine() -> None:
    text = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    data = read_yaml_text(text, "x.yaml").data
    for _ in range(MAX_DEPTH):
        (data,) = data
    assert data == []


def test_deep_nesting_through_aliases_is_refused() -> None:
    """Aliases do not deepen the YAML, but the data they expand to is checked too."""
    inner = "[" * 30 + "1" + "]" * 30
    text = f"a: &a {inner}\nb: " + "[" * 30 + "*a" + "]" * 30 + "\n"
    line, _column, message = refused(text)
    assert message == f"YAML is nested too deeply (more than {MAX_DEPTH} levels)"
    assert line == 1


def test_very_long_number() -> None:
    assert refused("a: " + "1" * 200 + "\n") == (1, 4, "number 11111111111111111111... is too long")


# ------------------------------------------------------------------- files --


def test_read_yaml_uses_the_display_name(tmp_path: Path) -> None:
    file = tmp_path / "cards.yaml"
    file.write_text("a: 1\n", "utf-8")
    assert read_yaml(file).source.file == str(file)
    doc = read_yaml(file, "content/cards.yaml")
    assert doc.location(("a",)) == Location("content/cards.yaml", 1, 4)


def test_read_yaml_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as info:
        read_yaml(tmp_path / "none.yaml", "none.yaml")
    assert [(str(p.location), p.message) for p in info.value.problems] == [
        ("none.yaml:1:1", "cannot read file: No such file or directory")
    ]


def test_read_yaml_non_utf8_position(tmp_path: Path) -> None:
    file = tmp_path / "bad.yaml"
    file.write_bytes((SAMPLES / "non_utf8.yaml").read_bytes())
    with pytest.raises(ContentError) as info:
        read_yaml(file, "bad.yaml")
    (problem,) = info.value.problems
    assert problem.location == Location("bad.yaml", 3, 16)
    assert problem.message == "file is not UTF-8: byte 0xe9 cannot be decoded"
    assert file.read_bytes().split(b"\n")[2][15] == 0xE9


def test_read_yaml_size_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "MAX_BYTES", 100)
    file = tmp_path / "big.yaml"
    file.write_bytes(b"a: " + b"x" * 97)
    assert read_yaml(file).data == {"a": "x" * 97}
    file.write_bytes(b"a: " + b"x" * 98)
    with pytest.raises(ContentError) as info:
        read_yaml(file, "big.yaml")
    assert [(str(p.location), p.message) for p in info.value.problems] == [
        ("big.yaml:1:1", "file is larger than 100 bytes")
    ]


def test_read_yaml_real_size_limit(tmp_path: Path) -> None:
    """A 1 GB sparse file is refused from its size, without reading it."""
    file = tmp_path / "huge.yaml"
    with open(file, "wb") as handle:
        handle.truncate(1 << 30)
    assert file.stat().st_size > yamlio.MAX_BYTES == files.MAX_BYTES == 500_000
    start = time.perf_counter()
    with pytest.raises(ContentError) as info:
        read_yaml(file, "huge.yaml")
    assert time.perf_counter() - start < 2.0
    assert info.value.message == "file is larger than 500000 bytes"


# ------------------------------------------------ scalars checked at the boundary --


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: !!int x\n", "'x' is not a valid !!int"),
        ("a: !!int ٣\n", "'٣' is not a valid !!int"),  # an Arabic-Indic digit: int() takes it
        ("a: !!int ²\n", "'²' is not a valid !!int"),
        ("a: !!int 1e3\n", "'1e3' is not a valid !!int"),
        ("a: !!float abc\n", "'abc' is not a valid !!float"),
        ("a: !!float ٣\n", "'٣' is not a valid !!float"),
        ("a: !!bool maybe\n", "'maybe' is not a valid !!bool"),
        ("a: !!null x\n", "'x' is not a valid !!null"),
    ],
)
def test_explicit_scalar_tags_must_fit_their_text(text: str, message: str) -> None:
    assert refused(text) == (1, 4, message)


def test_unicode_digits_are_text_not_numbers() -> None:
    assert read_yaml_text("a: ²\nb: ٣\nc: 1²\n", "x.yaml").data == {"a": "²", "b": "٣", "c": "1²"}


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('a: "\\e[31mred"\n', 0x1B),  # an ANSI escape: it would recolour the terminal
        ('a: "nul\\0"\n', 0x00),
        ('a: "bell\\a"\n', 0x07),
        ('a: "c1\\x85"\n', 0x85),
        ('a: "rtl\\u202Eabc"\n', 0x202E),  # reverses the text that follows
    ],
)
def test_control_characters_in_text_are_refused(text: str, code: int) -> None:
    assert refused(text) == (1, 4, f"text holds the control character U+{code:04X}; remove it")


def test_raw_control_characters_are_refused_where_they_are() -> None:
    assert refused("a: 1\nb: x\x1by\n") == (
        2,
        5,
        "control character U+001B is not allowed in a content file",
    )


def test_tabs_and_line_breaks_are_fine_in_text() -> None:
    assert read_yaml_text('a: "x\\ty\\nz"\n', "x.yaml").data == {"a": "x\ty\nz"}


def test_keys_with_line_breaks_are_refused() -> None:
    assert refused('"a\\n": 1\n') == (1, 1, "mapping key 'a\\n' holds a line break or a tab")


# ------------------------------------------------------ counted while parsing --


def test_a_long_flow_list_stops_at_the_value_limit_early() -> None:
    """300 KB of flow list: refused at value MAX_NODES + 1, not parsed to its end."""
    text = "buildings: [" + ", ".join(["1"] * 100_000) + "]\n"
    assert len(text) > 300_000
    start = time.perf_counter()
    line, column, message = refused(text)
    elapsed = time.perf_counter() - start
    assert message == f"YAML holds more than {MAX_NODES} values"
    # the root mapping, its key and the list are 3 values; item k starts at 13 + 3 * k
    assert (line, column) == (1, 13 + 3 * (MAX_NODES - 3))
    assert elapsed < 10.0  # the measured bound (docs/security.md) is far lower


def test_a_long_block_list_stops_at_the_value_limit() -> None:
    text = "a:\n" + "".join(f"  - {i}\n" for i in range(MAX_NODES + 10))
    line, column, message = refused(text)
    assert message == f"YAML holds more than {MAX_NODES} values"
    assert (line, column) == (MAX_NODES - 1, 5)


def test_values_up_to_the_limit_are_fine() -> None:
    text = "a: [" + ", ".join(["1"] * (MAX_NODES - 3)) + "]\n"
    assert len(read_yaml_text(text, "x.yaml").data["a"]) == MAX_NODES - 3
