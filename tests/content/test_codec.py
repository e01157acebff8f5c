"""Content to JSON data and back through a fixed registry; the fingerprint's definition."""

from __future__ import annotations

import copy
import dataclasses
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from baldurs_rules import Content, load_content
from baldurs_rules.content import codec
from baldurs_rules.content.codec import AST_FIELDS, CodecError, decode, encode, fingerprint
from baldurs_rules.content.files import default_content_dir
from baldurs_rules.dsl import ast as A


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content(cache=False)


@pytest.fixture(scope="module")
def files(content: Content) -> list[str]:
    return sorted({s.location.file for s in content.scripts() if s.location})


@pytest.fixture(scope="module")
def data(content: Content, files: list[str]) -> dict[str, Any]:
    encoded = encode(content, {name: i for i, name in enumerate(files)})
    return json.loads(json.dumps(encoded))  # type: ignore[no-any-return]


def test_the_registry_covers_every_ast_class_and_field() -> None:
    classes = {
        getattr(A, name)
        for name in A.__all__
        if isinstance(getattr(A, name), type) and dataclasses.is_dataclass(getattr(A, name))
    } - {A.Span}
    assert set(AST_FIELDS) == classes
    for cls, kinds in AST_FIELDS.items():
        fields = [f.name for f in dataclasses.fields(cls) if f.name != "span"]
        assert len(fields) == len(kinds), cls.__name__


def test_a_round_trip_gives_the_same_content(
    content: Content, files: list[str], data: dict[str, Any]
) -> None:
    again = decode(copy.deepcopy(data), files)
    for part in ("buildings", "gates", "agendas", "hqs", "locations", "factions", "board"):
        assert getattr(again, part) == getattr(content, part), part
    assert again.settings == content.settings
    assert [s.location for s in again.scripts()] == [s.location for s in content.scripts()]
    assert [s.tree.span for s in again.scripts()] == [s.tree.span for s in content.scripts()]
    assert again.fingerprint == content.fingerprint == fingerprint(again)


def _tree(data: dict[str, Any]) -> list[Any]:
    return data["scripts"][0][1]  # type: ignore[no-any-return]


BAD: dict[str, Any] = {
    "an unknown tag": lambda d: _tree(d).__setitem__(0, "__import__"),
    "a model class as a node": lambda d: _tree(d).__setitem__(0, "Content"),
    "an expression where an effect goes": lambda d: d["scripts"][0].__setitem__(
        1, ["Seq", 0, 0, [["Number", 0, 0, 1]]]
    ),
    "a node of the wrong size": lambda d: _tree(d).append(1),
    "a span that is not a number": lambda d: _tree(d).__setitem__(1, "0"),
    "a bool where a number goes": lambda d: d["tiles"][0].__setitem__(2, True),
    "a float where a number goes": lambda d: d["tiles"][0].__setitem__(2, 10.0),
    "an unknown comparison": lambda d: d["scripts"].__setitem__(
        0,
        [
            "x",
            [
                "When",
                0,
                0,
                ["Compare", 0, 0, "=~", ["Number", 0, 0, 1], ["Number", 0, 0, 1]],
                ["Nothing", 0, 0],
                None,
            ],
            None,
            "x",
        ],
    ),
    "a file number out of range": lambda d: d["scripts"][0][2].__setitem__(0, 999),
    "a script number out of range": lambda d: d.__setitem__("past_top", -1),
    "two cards with one id": lambda d: d["buildings"].append(d["buildings"][0]),
    "settings that are not plain": lambda d: d["settings"].__setitem__("x", 1.5),
    "a missing part": lambda d: d.pop("hqs"),
    "a map node out of order": lambda d: d["board"][3].reverse(),
    "a non-finite coordinate": lambda d: d["board"][2][0][3].__setitem__(0, float("inf")),
    "deep nesting": lambda d: d["scripts"][0].__setitem__(1, _deep(300)),
}


def _deep(levels: int) -> list[Any]:
    node: list[Any] = ["Nothing", 0, 0]
    for _ in range(levels):
        node = ["Repeat", 0, 0, 1, node]
    return node


@pytest.mark.parametrize("name", list(BAD))
def test_decode_refuses_anything_encoding_does_not_make(
    name: str, data: dict[str, Any], files: list[str]
) -> None:
    bad = copy.deepcopy(data)
    BAD[name](bad)
    with pytest.raises(CodecError):
        decode(bad, files)


def test_decode_refuses_what_is_not_a_mapping(files: list[str]) -> None:
    for value in (None, [], "x", 3):
        with pytest.raises(CodecError):
            decode(value, files)


def test_the_fingerprint_ignores_layout_and_places(content: Content, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    shutil.copytree(default_content_dir(), target)
    cards = target / "buildings.yaml"
    cards.write_text("# moved down a line\n" + cards.read_text("utf-8"), "utf-8")
    moved = load_content(target, cache=False)
    assert moved.scripts()[0].location != content.scripts()[0].location
    assert moved.fingerprint == content.fingerprint
    # the source text is shown (bbg explain), so it is part of the fingerprint
    cards.write_text(
        cards.read_text("utf-8").replace("gain 1 favor, 1 gold, 1", "gain  1 favor,1 gold,1"),
        "utf-8",
    )
    respaced = load_content(target, cache=False)
    tree = respaced.buildings["drowned_lantern"].when_built
    assert tree is not None and content.buildings["drowned_lantern"].when_built is not None
    assert tree.tree == content.buildings["drowned_lantern"].when_built.tree
    assert respaced.fingerprint != content.fingerprint


def test_the_fingerprint_follows_names_flavor_and_rules(content: Content, tmp_path: Path) -> None:
    target = tmp_path / "changed"
    seen = {content.fingerprint}
    for old, new in [
        ("name: The Drowned Lantern", "name: The Dry Lantern"),
        ("fished out of the harbour", "fished out of the river"),
        ('"gain 1 favor, 1 gold, 1 prestige"', '"gain 1 favor, 2 gold, 1 prestige"'),
    ]:
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(default_content_dir(), target)
        file = target / "buildings.yaml"
        text = file.read_text("utf-8")
        assert old in text
        file.write_text(text.replace(old, new, 1), "utf-8")
        seen.add(load_content(target, cache=False).fingerprint)
    assert len(seen) == 4


def test_the_fingerprint_tells_shared_scripts_from_equal_copies(content: Content) -> None:
    """Sharing decides how the engine numbers effects, so it is part of the meaning."""
    hq = next(h for h in content.hqs.values() if h.basic is content.hq_basic)
    unshared = dataclasses.replace(
        content,
        hqs={
            **content.hqs,
            hq.id: dataclasses.replace(hq, basic=dataclasses.replace(content.hq_basic)),
        },
        _cache={},
    )
    assert unshared.hqs[hq.id].basic == content.hq_basic
    assert codec.fingerprint(unshared) == codec.fingerprint(content)  # equal sides are shared
    income = content.hq_basic.income
    assert income is not None
    copied = dataclasses.replace(income)
    side = dataclasses.replace(content.hq_basic, income=copied)
    split = dataclasses.replace(
        content, hqs={**content.hqs, hq.id: dataclasses.replace(hq, basic=side)}, _cache={}
    )
    assert codec.fingerprint(split) != codec.fingerprint(content)
