"""Content loading errors: every problem with its exact file, line, column and message.

Each case copies the default content to a temporary directory, writes one
sample from ``tests/samples`` into one content file (replacing the file,
appending to its last list, or inserting after a given line) and checks the
whole list of problems of the resulting ``ContentError``. Line numbers in the
expected tables are lines of the sample; the test adds the line where the
sample landed in the content file.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from content_support import problems_of

from baldurs_rules import ContentError, Location, Problem, load_content
from baldurs_rules.content import default_content_dir
from baldurs_rules.content.yamlio import read_yaml

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


class Starts(str):
    """An expected message given by its start (for wordings still being tuned)."""


Expected = tuple[int, int, str]  # (line in the sample, column, message or Starts(...))


# ---------------------------------------------------------------- helpers --


@pytest.fixture
def content_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh copy of the default content; nothing is cached between cases."""
    monkeypatch.setenv("BALDURS_RULES_CACHE", "0")
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    return target


def put(directory: Path, target: str, sample: str, mode: str = "replace") -> int:
    """Write ``sample`` into ``directory/target``; return the line before the sample's first.

    ``mode`` is ``replace`` (the whole file), ``append`` (after the last line)
    or ``after:TEXT`` (after the line that reads exactly TEXT).
    """
    file = directory / target
    data = (SAMPLES / sample).read_bytes()
    if mode == "replace":
        file.write_bytes(data)
        return 0
    text = file.read_text("utf-8")
    if mode == "append":
        if not text.endswith("\n"):
            text += "\n"
        file.write_text(text + data.decode("utf-8"), "utf-8")
        return text.count("\n")
    marker = mode.removeprefix("after:")
    lines = text.splitlines(keepends=True)
    index = lines.index(marker + "\n") + 1
    lines.insert(index, data.decode("utf-8"))
    file.write_text("".join(lines), "utf-8")
    return index


def find(file: Path, text: str) -> tuple[int, int]:
    """The (line, column) where ``text`` first occurs in a file."""
    raw = file.read_text("utf-8")
    at = raw.index(text)
    return raw.count("\n", 0, at) + 1, at - (raw.rfind("\n", 0, at) + 1) + 1


def patch(file: Path, old: str, new: str) -> tuple[int, int]:
    """Replace the first ``old`` in a file by ``new``; return the (line, column) of the change."""
    where = find(file, old)
    raw = file.read_text("utf-8")
    file.write_text(raw.replace(old, new, 1), "utf-8")
    return where


def described(problems: list[Problem]) -> list[tuple[str, int, int, str]]:
    """Every problem with its place; the closing notes on skipped checks are left out."""
    out = []
    for p in problems:
        if p.location is None and p.message.startswith("note: "):
            continue
        assert p.location is not None, f"problem without a location: {p.message}"
        out.append((p.location.file, p.location.line, p.location.column, p.message))
    return out


def notes(problems: list[Problem]) -> list[str]:
    """The closing notes on the checks skipped because a file could not be used."""
    return [p.message for p in problems if p.location is None]


def line_of(file: Path, number: int) -> str:
    return file.read_text("utf-8").split("\n")[number - 1]


# ------------------------------------------------------- the sample table --


@dataclass(frozen=True)
class Case:
    sample: str
    target: str
    expected: tuple[Expected, ...]
    mode: str = "replace"

    @property
    def id(self) -> str:
        return self.sample.removesuffix(".yaml").replace("/", "-")


BAD_ID = "is not a valid id: use lowercase letters, digits and '_', starting with a letter"

CASES = [
    # ---- reading YAML
    Case(
        "yaml/syntax_error.yaml",
        "buildings.yaml",
        ((4, 22, "YAML syntax error: mapping values are not allowed here"),),
    ),
    Case(
        "yaml/non_utf8.yaml",
        "gates.yaml",
        ((3, 16, "file is not UTF-8: byte 0xe9 cannot be decoded"),),
    ),
    Case(
        "yaml/unknown_tag.yaml",
        "buildings.yaml",
        ((3, 11, "YAML tag '!foo' is not allowed in content"),),
    ),
    Case("yaml/duplicate_key.yaml", "buildings.yaml", ((7, 5, "duplicate key 'cost'"),)),
    Case(
        "yaml/merge_key.yaml",
        "buildings.yaml",
        ((8, 5, "merge keys ('<<') are not supported; write the keys out"),),
    ),
    # ---- schemas
    Case(
        "schema/unknown_key.yaml",
        "buildings.yaml",
        ((7, 5, "unknown key 'icome'; did you mean 'income'?"),),
    ),
    Case("schema/missing_key.yaml", "buildings.yaml", ((8, 5, "missing key 'cost'"),)),
    Case(
        "schema/wrong_type.yaml",
        "buildings.yaml",
        ((6, 11, "expected a whole number, found text 'five'"),),
    ),
    Case("schema/bad_id.yaml", "buildings.yaml", ((3, 9, f"'Drowned-Lantern' {BAD_ID}"),)),
    Case(
        "schema/no_effect.yaml",
        "buildings.yaml",
        ((3, 5, "needs at least one of 'income' or 'when_built'"),),
    ),
    Case(
        "schema/node_kind_enum.yaml",
        "map.yaml",
        ((1, 28, "'fortifcation' is not allowed; did you mean 'fortification'?"),),
        mode="after:nodes:",
    ),
    Case(
        "schema/many.yaml",
        "buildings.yaml",
        (
            (6, 11, "expected a whole number, found text 'five'"),
            (8, 5, "needs at least one of 'income' or 'when_built'"),
            (8, 9, f"'Wailing-Gull' {BAD_ID}"),
            (12, 5, "unknown key 'icome'; did you mean 'income'?"),
            (13, 5, "missing key 'name'"),
        ),
    ),
    # ---- numbers and texts are what they claim to be (issue 14)
    Case(
        "schema/float_cost.yaml",
        "buildings.yaml",
        ((4, 11, "expected a whole number, found a number 3.0"),),
        mode="append",
    ),
    Case(
        "schema/bool_cost.yaml",
        "buildings.yaml",
        ((4, 11, "expected a whole number, found true"),),
        mode="append",
    ),
    Case(
        "schema/unicode_digit.yaml",
        "buildings.yaml",
        ((4, 11, "expected a whole number, found text '²'"),),
        mode="append",
    ),
    Case(
        "schema/id_newline.yaml",
        "buildings.yaml",
        ((1, 9, f"'newline_card\\n' {BAD_ID}"),),
        mode="append",
    ),
    Case(
        "schema/name_newline.yaml",
        "buildings.yaml",
        ((2, 11, "'Two\\nLines' is not a valid name: write it on one line"),),
        mode="append",
    ),
    Case(
        "schema/infinite_coordinate.yaml",
        "map.yaml",
        ((1, 65, "expected a number, found a number that is not finite inf"),),
        mode="after:nodes:",
    ),
    # ---- effects: syntax, located inside the YAML file
    Case(
        "dsl/syntax_plain.yaml",
        "buildings.yaml",
        ((5, 30, Starts("unexpected '1'; expected ")),),
        mode="append",
    ),
    Case(
        "dsl/syntax_quoted.yaml",
        "buildings.yaml",
        ((5, 31, Starts("unexpected ','; expected ")),),
        mode="append",
    ),
    Case(
        "dsl/syntax_block.yaml",
        "buildings.yaml",
        ((7, 19, Starts("unexpected 'gold'; expected ")),),
        mode="append",
    ),
    Case(
        "dsl/syntax_folded.yaml",
        "buildings.yaml",
        ((7, 14, Starts("unexpected 'gold'; expected ")),),
        mode="append",
    ),
    # ---- effects: meaning
    Case(
        "dsl/unknown_resource.yaml",
        "buildings.yaml",
        ((5, 35, "unknown resource 'gald'; did you mean 'gold'?"),),
        mode="append",
    ),
    Case(
        "dsl/here_in_agenda.yaml",
        "agendas.yaml",
        ((3, 31, "'here' has no meaning in an agenda score; name a district"),),
        mode="append",
    ),
    Case(
        "dsl/unknown_faction.yaml",
        "buildings.yaml",
        ((5, 40, "unknown faction 'flaming_fists'; did you mean 'flaming_fist'?"),),
        mode="append",
    ),
    # ---- cross references
    Case(
        "xref/unknown_building_type.yaml",
        "buildings.yaml",
        (
            (
                3,
                11,
                "unknown building type 'tavern'; expected one of"
                " 'inn', 'market', 'temple', 'trading_hall'",
            ),
        ),
        mode="append",
    ),
    Case(
        "xref/hq_unknown_district.yaml",
        "hqs.yaml",
        ((3, 15, "unknown district 'the_wyde'; did you mean 'the_wide'?"),),
        mode="append",
    ),
    Case(
        "xref/location_unknown_district.yaml",
        "locations.yaml",
        ((3, 15, "unknown district 'grey_harbour'; did you mean 'grey_harbor'?"),),
        mode="append",
    ),
    Case(
        "xref/map_node_unknown_district.yaml",
        "map.yaml",
        ((1, 53, "unknown district 'manorbron'; did you mean 'manorborn'?"),),
        mode="after:nodes:",
    ),
    Case(
        "xref/hq_same_district.yaml",
        "hqs.yaml",
        (
            (
                3,
                15,
                "HQ 'manor_annex' names district 'manorborn',"
                " already named by HQ 'gilded_manor_house'",
            ),
        ),
        mode="append",
    ),
    Case(
        "xref/duplicate_id.yaml",
        "buildings.yaml",
        ((1, 9, "duplicate building id 'drowned_lantern'"),),
        mode="append",
    ),
    Case(
        "xref/duplicate_id_across_kinds.yaml",
        "gates.yaml",
        ((1, 9, "id 'drowned_lantern' is already used by one of the buildings"),),
        mode="append",
    ),
    Case(
        "xref/line_unknown_node.yaml",
        "map.yaml",
        ((1, 13, "line joins unknown node 'lot_99'; did you mean 'lot_9'?"),),
        mode="append",
    ),
    Case(
        "xref/duplicate_line.yaml",
        "map.yaml",
        ((1, 5, "duplicate line lot_2 - lot_1"),),
        mode="append",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_sample_problems(case: Case, content_dir: Path) -> None:
    offset = put(content_dir, case.target, case.sample, case.mode)
    file = str(content_dir / case.target)
    expected = [(file, offset + line, column, message) for line, column, message in case.expected]
    found = described(problems_of(content_dir))
    assert len(found) == len(expected), found
    for got, want in zip(found, expected, strict=True):
        if isinstance(want[3], Starts):
            assert got[:3] == want[:3]
            assert got[3].startswith(want[3]), got[3]
        else:
            assert got == want


def test_every_sample_is_used() -> None:
    used = {c.sample for c in CASES} | {"yaml/python_tag.yaml", "yaml/alias_bomb.yaml"}
    used |= {"yaml/empty.yaml", "yaml/deep_nesting.yaml", "xref/lot_numbers.yaml"}
    on_disk = {p.relative_to(SAMPLES).as_posix() for p in SAMPLES.rglob("*.yaml")}
    assert on_disk == used


# ------------------------------------------------------------ YAML safety --


def test_python_tag_runs_nothing(
    content_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[object] = []
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(os, "system", lambda *a: calls.append(a) or 0)
    monkeypatch.setattr(subprocess, "Popen", lambda *a, **k: calls.append(a))
    put(content_dir, "buildings.yaml", "yaml/python_tag.yaml")
    problems = problems_of(content_dir)
    assert described(problems) == [
        (
            str(content_dir / "buildings.yaml"),
            1,
            12,
            "YAML tag '!!python/object/apply:os.system' is not allowed in content",
        )
    ]
    assert calls == []
    assert not (tmp_path / "hacked.txt").exists()


def test_alias_bomb_is_refused_quickly(content_dir: Path) -> None:
    put(content_dir, "buildings.yaml", "yaml/alias_bomb.yaml")
    start = time.perf_counter()
    problems = problems_of(content_dir)
    elapsed = time.perf_counter() - start
    # e is the first level past 10,000 values (9**5 = 59,049)
    assert described(problems) == [
        (
            str(content_dir / "buildings.yaml"),
            6,
            4,
            "YAML expands to more than 10000 values (alias bomb?)",
        )
    ]
    assert line_of(content_dir / "buildings.yaml", 6).startswith("e: &e [")
    assert elapsed < 2.0


def test_deep_nesting_is_refused_quickly(content_dir: Path) -> None:
    put(content_dir, "buildings.yaml", "yaml/deep_nesting.yaml")
    start = time.perf_counter()
    problems = problems_of(content_dir)
    assert time.perf_counter() - start < 5.0
    # "buildings: " is 11 characters; the 49th '[' is one level too many
    assert described(problems) == [
        (
            str(content_dir / "buildings.yaml"),
            1,
            11 + 49,
            "YAML is nested too deeply (more than 48 levels)",
        )
    ]


def test_huge_file_is_refused(content_dir: Path) -> None:
    (content_dir / "gates.yaml").write_bytes(b"# padding\n" * 100_001)
    assert described(problems_of(content_dir)) == [
        (str(content_dir / "gates.yaml"), 1, 1, "file is larger than 500000 bytes")
    ]


def test_missing_file(content_dir: Path) -> None:
    (content_dir / "gates.yaml").unlink()
    problems = problems_of(content_dir)
    assert described(problems) == [
        (str(content_dir / "gates.yaml"), 1, 1, "missing content file 'gates.yaml'")
    ]
    assert (
        str(problems[0]) == f"{content_dir / 'gates.yaml'}:1:1: missing content file 'gates.yaml'"
    )


def test_missing_game_file_is_a_content_error(content_dir: Path) -> None:
    (content_dir / "game.yaml").unlink()
    assert described(problems_of(content_dir)) == [
        (str(content_dir / "game.yaml"), 1, 1, "missing content file 'game.yaml'")
    ]


def test_unreadable_game_file_is_a_content_error(content_dir: Path) -> None:
    (content_dir / "game.yaml").write_text("players: {min: 2\n", "utf-8")
    problems = problems_of(content_dir)
    assert [(p.location.file, p.location.line) for p in problems if p.location] == [
        (str(content_dir / "game.yaml"), 2)
    ]
    assert problems[0].message.startswith("YAML syntax error: ")


def test_empty_file(content_dir: Path) -> None:
    put(content_dir, "buildings.yaml", "yaml/empty.yaml")
    assert described(problems_of(content_dir)) == [
        (str(content_dir / "buildings.yaml"), 1, 1, "expected a mapping, found nothing (null)")
    ]


def test_missing_directory(tmp_path: Path) -> None:
    problems = problems_of(tmp_path / "nowhere")
    assert described(problems) == [(str(tmp_path / "nowhere"), 1, 1, "content directory not found")]


def test_problems_of_several_files_and_stages_come_together(content_dir: Path) -> None:
    """A YAML error in one file does not hide schema errors in the others."""
    put(content_dir, "buildings.yaml", "yaml/duplicate_key.yaml")
    offset = put(content_dir, "map.yaml", "schema/node_kind_enum.yaml", "after:nodes:")
    put(content_dir, "hqs.yaml", "yaml/unknown_tag.yaml")
    assert described(problems_of(content_dir)) == [
        (str(content_dir / "buildings.yaml"), 7, 5, "duplicate key 'cost'"),
        (str(content_dir / "hqs.yaml"), 3, 11, "YAML tag '!foo' is not allowed in content"),
        (
            str(content_dir / "map.yaml"),
            offset + 1,
            28,
            "'fortifcation' is not allowed; did you mean 'fortification'?",
        ),
    ]


# ------------------------------------------------------ cross references --


def test_lots_not_numbered_once_each(content_dir: Path) -> None:
    nodes = read_yaml(content_dir / "map.yaml").data["nodes"]
    lots = sum(1 for node in nodes if node["kind"] == "lot")
    offset = put(content_dir, "map.yaml", "xref/lot_numbers.yaml", "after:nodes:")
    message = (
        f"lots must be numbered 1..{lots + 1} once each (duplicates: [2], missing: [{lots + 1}])"
    )
    # reported at the start of the node list, which is the inserted node
    assert described(problems_of(content_dir)) == [
        (str(content_dir / "map.yaml"), offset + 1, 3, message)
    ]


def test_district_without_special_location(content_dir: Path) -> None:
    file = content_dir / "locations.yaml"
    first_entry = find(file, "  - id: ")
    line, column = patch(file, "district: wyrms_crossing", "district: heapside")
    column += len("district: ")
    assert described(problems_of(content_dir)) == [
        (str(file), first_entry[0], 5, "district 'wyrms_crossing' has no special location"),
        (str(file), line, column, "district 'heapside' has two special locations"),
    ]


# ------------------------------------------------- the acceptance --


def test_misspelled_resource_and_another_error_in_one_report(content_dir: Path) -> None:
    buildings = content_dir / "buildings.yaml"
    line, column = patch(buildings, "gain 2 gold", "gain 2 gald")
    column += len("gain 2 ")
    map_file = content_dir / "map.yaml"
    map_line, map_column = patch(map_file, "  - [lot_1, lot_2]", "  - [lot_1, lot_2b]")
    map_column += len("  - [lot_1, ")
    with pytest.raises(ContentError) as info:
        load_content(content_dir, cache=False)
    problems = info.value.problems
    # the map is built before the cards, yet the report is sorted by file
    assert described(list(problems)) == [
        (str(buildings), line, column, "unknown resource 'gald'; did you mean 'gold'?"),
        (
            str(map_file),
            map_line,
            map_column,
            "line joins unknown node 'lot_2b'; did you mean 'lot_2'?",
        ),
    ]
    assert line_of(buildings, line)[column - 1 : column + 3] == "gald"
    assert info.value.location == problems[0].location
    assert info.value.message == "unknown resource 'gald'; did you mean 'gold'?"
    assert str(info.value) == "\n".join(str(p) for p in problems)


def test_problems_are_sorted_by_file_then_line(content_dir: Path) -> None:
    offset = put(content_dir, "buildings.yaml", "dsl/unknown_resource.yaml", "append")
    patch(content_dir / "buildings.yaml", '"gain 1 favor, 1 gold, 1', '"gain 1 favr, 1 gold, 1')
    put(content_dir, "agendas.yaml", "dsl/here_in_agenda.yaml", "append")
    found = described(problems_of(content_dir))
    assert [(Path(f).name, line) for f, line, _, _ in found] == sorted(
        (Path(f).name, line) for f, line, _, _ in found
    )
    assert [Path(f).name for f, *_ in found] == ["agendas.yaml", "buildings.yaml", "buildings.yaml"]
    assert found[2][1] == offset + 5
    assert found[1][3] == "unknown resource 'favr'; did you mean 'favor'?"


# ------------------------------------------------------------- formatting --


def test_problem_format_shows_source_line_and_caret(content_dir: Path) -> None:
    offset = put(content_dir, "buildings.yaml", "dsl/unknown_resource.yaml", "append")
    (problem,) = problems_of(content_dir)
    file = content_dir / "buildings.yaml"
    source = line_of(file, offset + 5)
    assert source == '    income: "pay 1 supply: gain 2 gald"'
    assert str(problem) == (
        f"{file}:{offset + 5}:35: unknown resource 'gald'; did you mean 'gold'?\n"
        f"{source}\n" + " " * 34 + "^"
    )
    assert problem.format() == str(problem)
    _head, text, caret = str(problem).split("\n")
    assert text[caret.index("^") :].startswith("gald")


def test_problem_format_units() -> None:
    loc = Location("x.yaml", 2, 5, "  a: bad\n")
    assert str(Problem(loc, "oops")) == "x.yaml:2:5: oops\n  a: bad\n    ^"
    assert str(Problem(Location("x.yaml", 1, 1), "no text")) == "x.yaml:1:1: no text"
    assert str(Problem(None, "nowhere")) == "nowhere"
    assert re.fullmatch(r"x\.yaml:2:5", str(loc))
    error = ContentError([Problem(loc, "one"), Problem(None, "two")])
    assert str(error) == "x.yaml:2:5: one\n  a: bad\n    ^\ntwo"
    assert error.location == loc
    assert error.message == "one"


def test_roles_and_leftovers_must_name_resources(content_dir: Path) -> None:
    game = content_dir / "game.yaml"
    text = game.read_text()
    text = text.replace("build_cost: gold", "build_cost: gld").replace(
        "leftovers: [gold, supply, favor]", "leftovers: [gold, suply, favor]"
    )
    game.write_text(text)
    lines = text.splitlines()
    role = next(i for i, line in enumerate(lines) if "build_cost: gld" in line)
    left = next(i for i, line in enumerate(lines) if "leftovers: [gold, suply" in line)
    assert described(problems_of(content_dir)) == [
        (
            str(game),
            role + 1,
            lines[role].index("gld") + 1,
            "unknown resource 'gld'; did you mean 'gold'?",
        ),
        (
            str(game),
            left + 1,
            lines[left].index("suply") + 1,
            "unknown resource 'suply'; did you mean 'supply'?",
        ),
    ]


# ------------------------------------------------------- every file at once --


def test_a_broken_file_hides_nothing_of_the_others(content_dir: Path) -> None:
    """Issue 15: a typo in an effect of buildings.yaml is reported while agendas.yaml
    has an unclosed bracket; the checks that need the agendas are skipped, and said so."""
    buildings = content_dir / "buildings.yaml"
    line, column = patch(buildings, '"gain 1 favor, 1 gold, 1', '"gain 1 favr, 1 gold, 1')
    agendas = content_dir / "agendas.yaml"
    agendas.write_text(agendas.read_text("utf-8") + "extra: [1, 2\n", "utf-8")
    problems = problems_of(content_dir)
    found = described(problems)
    assert [(Path(f).name, m.split(":")[0]) for f, _, _, m in found] == [
        ("agendas.yaml", "YAML syntax error"),
        ("buildings.yaml", "unknown resource 'favr'; did you mean 'favor'?"),
    ]
    assert found[1][1:3] == (line, column + len('"gain 1 '))
    assert notes(problems) == [
        "note: agendas.yaml could not be used, so the checks that need it were skipped:"
        " static bounds of amounts, agenda cards dealt at setup, effects that trigger effects"
    ]
    assert str(problems[-1]) == problems[-1].message  # printed last, as a plain line


def test_every_file_is_checked_when_several_cannot_be_parsed(content_dir: Path) -> None:
    for name in ("agendas.yaml", "gates.yaml"):
        file = content_dir / name
        file.write_text(file.read_text("utf-8") + "extra: {a: 1\n", "utf-8")
    patch(content_dir / "hqs.yaml", 'setup: "take gate"', 'setup: "take gates"')
    patch(content_dir / "locations.yaml", "gain", "gian")
    found = described(problems_of(content_dir))
    assert [Path(f).name for f, *_ in found] == [
        "agendas.yaml",
        "gates.yaml",
        "hqs.yaml",
        "locations.yaml",
    ]


def test_entries_with_schema_problems_are_left_out_the_others_checked(content_dir: Path) -> None:
    buildings = content_dir / "buildings.yaml"
    bad_line, _ = patch(buildings, "    cost: 2\n", "    cost: 2.0\n")
    typo_line, _ = patch(buildings, '"gain 2 favor, 1 prestige"', '"gain 2 favour, 1 prestige"')
    problems = problems_of(content_dir)
    assert [(line, message) for _, line, _, message in described(problems)] == [
        (bad_line, "expected a whole number, found a number 2.0"),
        (typo_line, "unknown resource 'favour'; did you mean 'favor'?"),
    ]
    assert notes(problems) == [
        "note: the entries of buildings.yaml with problems were left out, so the checks that"
        " need all of its entries were skipped: static bounds of amounts, building cards dealt"
        " at setup, effects that trigger effects"
    ]


def test_names_from_an_unreadable_file_are_not_reported_unknown(content_dir: Path) -> None:
    """With factions.yaml broken, effects naming factions are not reported for it."""
    factions = content_dir / "factions.yaml"
    factions.write_text("factions: [\n", "utf-8")
    patch(
        content_dir / "buildings.yaml",
        '"gain 2 influence with thieves_guild, 1 favor, 1 prestige"',
        '"gain 2 influence with thieves_gild, 1 fervor, 1 prestige"',
    )
    found = described(problems_of(content_dir))
    assert [(Path(f).name, m.split(";")[0]) for f, _, _, m in found] == [
        ("buildings.yaml", "unknown resource 'fervor'"),
        ("factions.yaml", "YAML syntax error: while parsing a flow node expected the node"
         " content, but found '<stream end>'"),
    ]  # fmt: skip
