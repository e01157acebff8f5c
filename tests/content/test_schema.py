"""The schemas' meaning: ints are ints, patterns match whole texts, messages say what to do."""

from __future__ import annotations

import math
import re

import pytest

from baldurs_rules.content.build import At
from baldurs_rules.content.schema import (
    ID_PATTERN,
    NAME_PATTERN,
    ecma_regex,
    schema_check,
    schema_problems,
)
from baldurs_rules.content.yamlio import read_yaml_text


def check(kind: str, text: str) -> list[tuple[int, int, str]]:
    doc = read_yaml_text(text, f"{kind}.yaml")
    return [
        (p.location.line, p.location.column, p.message)
        for p in schema_problems(kind, At(doc, ()))
        if p.location is not None
    ]


@pytest.mark.parametrize(
    ("pattern", "text", "matches"),
    [
        (ID_PATTERN, "drowned_lantern", True),
        (ID_PATTERN, "drowned_lantern\n", False),  # Python's $ alone would accept it
        (ID_PATTERN, "lantern²", False),
        (ID_PATTERN, "Lantern", False),
        (NAME_PATTERN, "The Drowned Lantern", True),
        (NAME_PATTERN, "Two\nLines", False),
        (NAME_PATTERN, "tab\there", False),
        (NAME_PATTERN, "Café ☃", True),
        ("^\\d+$", "12", True),
        ("^\\d+$", "١٢", False),  # ECMA 262 \\d is ASCII
        ("^[$]$", "$", True),  # a $ inside a class is a character
        ("^a\\$$", "a$", True),  # and so is an escaped one
    ],
)
def test_patterns_have_json_schema_meaning(pattern: str, text: str, matches: bool) -> None:
    assert bool(ecma_regex(pattern).search(text)) is matches


CARD = (
    "buildings:\n  - id: x\n    name: X\n    type: inn\n    cost: {cost}\n    income: gain 1 gold\n"
)


@pytest.mark.parametrize(
    ("cost", "message"),
    [
        ("3.0", "expected a whole number, found a number 3.0"),
        ("true", "expected a whole number, found true"),
        ("'3'", "expected a whole number, found text '3'"),
        ("²", "expected a whole number, found text '²'"),
        (".inf", "expected a whole number, found a number that is not finite inf"),
        ("-1", "-1 is too small: at least 0"),
        ("1000", "1000 is too large: at most 999"),
    ],
)
def test_a_cost_must_be_a_whole_number_in_range(cost: str, message: str) -> None:
    assert check("buildings", CARD.format(cost=cost)) == [(5, 11, message)]


def test_a_whole_number_is_fine() -> None:
    assert check("buildings", CARD.format(cost="3")) == []


def test_map_numbers_must_be_finite() -> None:
    from baldurs_rules.content.files import default_content_dir

    text = (default_content_dir() / "map.yaml").read_text("utf-8")
    assert check("map", text) == []
    bad = re.sub(r"width: [0-9.]+", "width: .nan", text, count=1)
    ((_, _, message),) = check("map", bad)
    assert message == "expected a number, found a number that is not finite nan"
    assert math.isnan(read_yaml_text(bad, "map.yaml").data["board"]["width"])


def test_list_and_text_bounds_are_explained() -> None:
    text = "factions:\n  - id: a\n    name: ''\n    rewards: []\n"
    assert check("factions", text) == [
        (3, 11, "the text is empty"),
        (4, 14, "the list needs at least 1 entry"),
    ]


def test_schema_check_names_the_entries_with_problems() -> None:
    text = CARD.format(cost="3") + CARD.format(cost="x").split("\n", 1)[1]
    doc = read_yaml_text(text, "buildings.yaml")
    problems, bad = schema_check("buildings", At(doc, ()))
    assert len(problems) == 1 and bad == {1}
    problems, bad = schema_check("buildings", At(read_yaml_text("buildings: 3\n", "b"), ()))
    assert len(problems) == 1 and bad is None


def test_problems_stop_at_the_limit_and_the_file_is_not_used() -> None:
    from baldurs_rules.content.schema import MAX_SCHEMA_PROBLEMS

    text = "gates: [" + ", ".join(["1"] * (MAX_SCHEMA_PROBLEMS * 5)) + "]\n"
    doc = read_yaml_text(text, "gates.yaml")
    problems, bad = schema_check("gates", At(doc, ()))
    assert bad is None
    assert len(problems) == MAX_SCHEMA_PROBLEMS + 1
    assert problems[0].message == (
        f"more than {MAX_SCHEMA_PROBLEMS} problems in this file; the rest are not shown"
    )
