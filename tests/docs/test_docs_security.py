"""Keep docs/security.md honest: every limit it states is the code's, every example real."""

from __future__ import annotations

import importlib
import json
import re
import shutil
import textwrap
from pathlib import Path

import pytest

from baldurs_rules import ContentError, load_content
from baldurs_rules.content import schema_dir
from baldurs_rules.content.files import default_content_dir

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "security.md").read_text("utf-8")

LIMIT = re.compile(r"^\| `(\w+)` \| ([\d.,]+) \| `([\w.]+)` \|", re.M)
LIST = re.compile(r"^\| `(\w+)\.yaml` \| `(\w+)` \| ([\d,]+) \|", re.M)
LISTS = {
    ("buildings", "buildings"),
    ("gates", "gates"),
    ("agendas", "agendas"),
    ("hqs", "hqs"),
    ("locations", "locations"),
    ("map", "nodes"),
    ("map", "lines"),
    ("factions", "factions"),
}
"""The lists a mod could make long, which the page must bound."""


def test_every_limit_in_the_table_is_the_code_s() -> None:
    rows = LIMIT.findall(PAGE)
    assert len(rows) >= 15
    for name, value, module in rows:
        actual = getattr(importlib.import_module(module), name)
        assert float(value.replace(",", "")) == actual, f"{module}.{name} is {actual}, not {value}"


def test_every_list_maximum_is_the_schema_s() -> None:
    rows = LIST.findall(PAGE)
    assert {(kind, key) for kind, key, _ in rows} >= LISTS
    for kind, key, value in rows:
        schema = json.loads((schema_dir() / f"{kind}.json").read_text("utf-8"))
        assert schema["properties"][key]["maxItems"] == int(value.replace(",", "")), (kind, key)


def test_every_limit_named_in_the_prose_is_in_the_table() -> None:
    named = set(re.findall(r"`(MAX_[A-Z_]+|ATTACKS_PER_DISTRICT|TIME_LIMIT|PLAY_STEPS)`", PAGE))
    assert named <= {name for name, _, _ in LIMIT.findall(PAGE)}


def _message(block_start: str) -> str:
    """The message (after ``file:line:column: ``) of the text block starting so."""
    line = next(x for x in PAGE.splitlines() if x.startswith(block_start))
    return line.split(": ", 1)[1]


def test_the_bound_example_is_what_the_loader_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BALDURS_RULES_CACHE", "0")
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "mod.yaml").write_text("name: Example\n", "utf-8")
    card = """
    buildings:
      - id: test_card
        name: Test Card
        type: market
        cost: 3
        income: "gain gold * supply gold"
    """
    (mod / "buildings.yaml").write_text(textwrap.dedent(card).lstrip("\n"), "utf-8")
    with pytest.raises(ContentError) as info:
        load_content(mod, cache=False)
    (problem,) = info.value.problems
    assert problem.location is not None
    assert (problem.location.line, problem.location.column) == (6, 19)
    assert problem.message == _message("buildings.yaml:6:19: ")


def test_the_loop_example_is_what_the_loader_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BALDURS_RULES_CACHE", "0")
    monkeypatch.chdir(tmp_path)
    shutil.copytree(default_content_dir(), tmp_path / "content")
    file = Path("content") / "factions.yaml"
    text = file.read_text("utf-8")
    file.write_text(
        text.replace(
            'past_top: "gain 1 prestige"', 'past_top: "gain 1 influence with flaming_fist"'
        ),
        "utf-8",
    )
    with pytest.raises(ContentError) as info:
        load_content("content", cache=False)
    (problem,) = info.value.problems
    assert problem.location is not None
    shown = f"factions.yaml:{problem.location.line}:{problem.location.column}"
    assert problem.message.replace(str(file), "factions.yaml") == _message(f"{shown}: ")
