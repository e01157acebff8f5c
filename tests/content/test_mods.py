"""Mods layered over the default content, fingerprints and the load cache."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from content_support import problems_of, write

from baldurs_rules import Content, Problem, load_content
from baldurs_rules.content import default_content_dir, loader
from baldurs_rules.content.files import display_name


@pytest.fixture(scope="module")
def default() -> Content:
    return load_content(cache=False)


@pytest.fixture(autouse=True)
def no_disk_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BALDURS_RULES_CACHE", "0")


def described(problems: list[Problem]) -> list[tuple[str, int, int, str]]:
    return [
        (p.location.file, p.location.line, p.location.column, p.message)
        for p in problems
        if p.location is not None
    ]


# -------------------------------------------------------- adding cards --


def test_mod_adds_and_replaces_buildings(tmp_path: Path, default: Content) -> None:
    replaced, kept = list(default.buildings)[:2]
    mod = tmp_path / "mod"
    write(mod, "mod.yaml", "name: Counting houses\n")
    file = write(
        mod,
        "buildings.yaml",
        f"""
        buildings:
          - id: {replaced}
            name: The Replaced Card
            type: market
            cost: 7
            when_built: "gain 3 gold"
          - id: moneylenders_booth
            name: The Moneylender's Booth
            type: market
            cost: 4
            income: "pay 1 supply: gain 3 gold"
            flavor: "New in this mod."
        """,
    )
    assert "moneylenders_booth" not in default.buildings
    content = load_content(mod, cache=False)

    assert len(content.buildings) == len(default.buildings) + 1
    counts = content.counts()
    assert counts["buildings"] == default.counts()["buildings"] + 1
    assert {k: v for k, v in counts.items() if k != "buildings"} == {
        k: v for k, v in default.counts().items() if k != "buildings"
    }

    new = content.buildings["moneylenders_booth"]
    assert (new.name, new.type, new.cost, new.flavor) == (
        "The Moneylender's Booth",
        "market",
        4,
        "New in this mod.",
    )
    assert new.income is not None and new.income.source == "pay 1 supply: gain 3 gold"
    assert new.when_built is None
    assert new.income.location is not None
    assert new.income.location.file == str(file)
    assert (new.income.location.line, new.income.location.column) == (11, 14)

    card = content.buildings[replaced]
    assert (card.name, card.type, card.cost) == ("The Replaced Card", "market", 7)
    assert card.when_built is not None and card.when_built.source == "gain 3 gold"
    assert card.income is None
    assert card.flavor == ""
    # a replaced card keeps its place in the deck order
    assert list(content.buildings)[:2] == [replaced, kept]
    assert content.buildings[kept] == default.buildings[kept]

    assert content.fingerprint != default.fingerprint
    assert len(content.fingerprint) == 16
    assert content.sources == (str(default_content_dir()), str(mod))
    assert content.gates.keys() == default.gates.keys()
    assert content.settings == default.settings


def test_mod_remove_drops_cards(tmp_path: Path, default: Content) -> None:
    building = list(default.buildings)[-1]
    agenda = next(iter(default.agendas))
    mod = tmp_path / "mod"
    write(
        mod,
        "mod.yaml",
        f"""
        name: Fewer cards
        remove:
          buildings: [{building}]
          agendas: [{agenda}]
        """,
    )
    content = load_content(mod, cache=False)
    assert building not in content.buildings
    assert agenda not in content.agendas
    assert set(content.buildings) == set(default.buildings) - {building}
    assert set(content.agendas) == set(default.agendas) - {agenda}
    assert content.hqs.keys() == default.hqs.keys()
    assert content.fingerprint != default.fingerprint


def test_mod_remove_applies_to_factions(tmp_path: Path) -> None:
    """Removing a faction takes effect: the cards still naming it are reported."""
    mod = tmp_path / "mod"
    write(mod, "mod.yaml", "name: No thieves\nremove:\n  factions: [thieves_guild]\n")
    problems = problems_of(mod)
    assert problems
    assert all(p.message.startswith("unknown faction 'thieves_guild'") for p in problems)
    base = default_content_dir()  # located in the default content, named as the user opens it
    assert all(
        p.location and p.location.file == display_name(base / Path(p.location.file).name)
        for p in problems
    )


def test_mod_replaces_a_faction_by_id(tmp_path: Path, default: Content) -> None:
    mod = tmp_path / "mod"
    write(mod, "mod.yaml", "name: Richer fist\n")
    rewards = "\n".join(['      - "gain 1 gold"'] * 10)
    write(
        mod,
        "factions.yaml",
        "factions:\n  - id: flaming_fist\n    name: The Fist\n    rewards:\n" + rewards + "\n",
    )
    content = load_content(mod, cache=False)
    assert [f.id for f in content.factions] == [f.id for f in default.factions]
    fist = next(f for f in content.factions if f.id == "flaming_fist")
    assert fist.name == "The Fist"
    assert [r.source for r in fist.rewards if r] == ["gain 1 gold"] * 10
    assert content.past_top == default.past_top


def test_mod_faction_error_points_into_the_mod(tmp_path: Path) -> None:
    """A faction merged from a mod keeps the positions of its own file."""
    mod = tmp_path / "mod"
    write(mod, "mod.yaml", "name: Typo\n")
    rewards = "\n".join(['      - "gain 1 gold"'] * 9 + ['      - "gain 1 gald"'])
    file = write(
        mod,
        "factions.yaml",
        "factions:\n  - id: flaming_fist\n    name: The Fist\n    rewards:\n" + rewards + "\n",
    )
    problems = problems_of(mod)
    assert described(problems) == [
        (str(file), 14, 17, "unknown resource 'gald'; did you mean 'gold'?")
    ]
    assert str(problems[0]).splitlines()[1] == '      - "gain 1 gald"'


def test_mod_map_replaces_the_whole_map(tmp_path: Path, default: Content) -> None:
    mod = tmp_path / "mod"
    write(mod, "mod.yaml", "name: Fewer roads\n")
    text = (default_content_dir() / "map.yaml").read_text("utf-8").rstrip("\n")
    lines = text.split("\n")
    assert lines[-1].startswith("  - [")
    write(mod, "map.yaml", "\n".join(lines[:-1]) + "\n")
    content = load_content(mod, cache=False)
    assert len(content.board.lines) == len(default.board.lines) - 1
    assert content.board.nodes == default.board.nodes


# ------------------------------------------------------ game.yaml merge --


def test_mod_game_overrides_one_nested_key(tmp_path: Path, default: Content) -> None:
    mod = tmp_path / "mod"
    write(mod, "mod.yaml", "name: More cubes\n")
    write(mod, "game.yaml", "setup: {cubes: 30}\nattack:\n  trigger: 5\n")
    content = load_content(mod, cache=False)
    setup = dict(default.settings["setup"])
    assert content.settings["setup"] == {**setup, "cubes": 30}
    assert setup["cubes"] != 30
    assert content.settings["attack"] == {**default.settings["attack"], "trigger": 5}
    others = {k: v for k, v in content.settings.items() if k not in ("setup", "attack")}
    assert others == {k: v for k, v in default.settings.items() if k not in ("setup", "attack")}
    assert content.fingerprint != default.fingerprint


def test_mod_game_error_points_into_the_mod(tmp_path: Path) -> None:
    mod = tmp_path / "mod"
    write(mod, "mod.yaml", "name: Broken\n")
    file = write(mod, "game.yaml", "setup:\n  cubez: 30\n  offer: many\n")
    assert described(problems_of(mod)) == [
        (str(file), 2, 3, "unknown key 'cubez'; did you mean 'cubes'?"),
        (str(file), 3, 10, "expected a whole number, found text 'many'"),
    ]


# ------------------------------------------------------------ mod errors --


def test_mod_card_error_reports_the_mod_file(tmp_path: Path) -> None:
    mod = tmp_path / "mod"
    write(mod, "mod.yaml", "name: Typo\n")
    file = write(
        mod,
        "buildings.yaml",
        """
        buildings:
          - id: moneylenders_booth
            name: The Moneylender's Booth
            type: market
            cost: 4
            income: "pay 1 supply: gain 3 gald"
        """,
    )
    problems = problems_of(mod)
    assert described(problems) == [
        (str(file), 6, 35, "unknown resource 'gald'; did you mean 'gold'?")
    ]
    assert str(problems[0]).splitlines()[1] == '    income: "pay 1 supply: gain 3 gald"'


def test_mod_duplicate_id_within_the_mod_file(tmp_path: Path, default: Content) -> None:
    replaced = next(iter(default.buildings))
    mod = tmp_path / "mod"
    write(mod, "mod.yaml", "name: Twice\n")
    card = f"  - id: {replaced}\n    name: X\n    type: inn\n    cost: 2\n    income: gain 1 gold\n"
    file = write(mod, "buildings.yaml", "buildings:\n" + card + card)
    assert described(problems_of(mod)) == [(str(file), 7, 9, f"duplicate building id {replaced!r}")]


def test_mod_manifest_schema_error(tmp_path: Path) -> None:
    mod = tmp_path / "mod"
    file = write(mod, "mod.yaml", "name: Typo\nextend: default\nremove:\n  building: [x]\n")
    assert described(problems_of(mod)) == [
        (str(file), 2, 1, "unknown key 'extend'; did you mean 'extends'?"),
        (str(file), 4, 3, "unknown key 'building'; did you mean 'buildings'?"),
    ]


def test_mod_manifest_needs_a_name(tmp_path: Path) -> None:
    mod = tmp_path / "mod"
    file = write(mod, "mod.yaml", "extends: default\n")
    assert described(problems_of(mod)) == [(str(file), 1, 1, "missing key 'name'")]


def test_extends_missing_directory(tmp_path: Path) -> None:
    mod = tmp_path / "mod"
    file = write(mod, "mod.yaml", "name: Lost\nextends: ../nowhere\n")
    assert described(problems_of(mod)) == [
        (
            str(file),
            2,
            10,
            "mod extends '../nowhere', which is not a content directory (or forms a cycle)",
        )
    ]


def test_extends_cycle_between_two_mods(tmp_path: Path) -> None:
    write(tmp_path / "a", "mod.yaml", "name: A\nextends: ../b\n")
    b_file = write(tmp_path / "b", "mod.yaml", "name: B\nextends: ../a\n")
    start = time.perf_counter()
    problems = problems_of(tmp_path / "a")
    assert time.perf_counter() - start < 5.0
    # reported in b's manifest, named through a's directory
    assert described(problems) == [
        (
            str(tmp_path / "a" / ".." / "b" / "mod.yaml"),
            2,
            10,
            "mod extends '../a', which is not a content directory (or forms a cycle)",
        )
    ]
    assert problems[0].location is not None
    assert Path(problems[0].location.file).resolve() == b_file.resolve()


def test_extends_itself(tmp_path: Path) -> None:
    file = write(tmp_path / "a", "mod.yaml", "name: A\nextends: .\n")
    assert described(problems_of(tmp_path / "a")) == [
        (str(file), 2, 10, "mod extends '.', which is not a content directory (or forms a cycle)")
    ]


def test_mod_over_a_mod(tmp_path: Path, default: Content) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    write(first, "mod.yaml", "name: First\n")
    card = (
        "buildings:\n  - id: moneylenders_booth\n    name: {name}\n    type: market\n"
        "    cost: 4\n    when_built: gain 2 gold\n"
    )
    write(first, "buildings.yaml", card.format(name="First House"))
    write(first, "game.yaml", "setup: {cubes: 30}\n")
    write(second, "mod.yaml", "name: Second\nextends: ../first\n")
    write(second, "buildings.yaml", card.format(name="Second House"))
    write(second, "game.yaml", "setup: {offer: 5}\n")
    content = load_content(second, cache=False)
    assert [Path(s).resolve() for s in content.sources] == [
        default_content_dir().resolve(),
        first.resolve(),
        second.resolve(),
    ]
    assert content.buildings["moneylenders_booth"].name == "Second House"
    assert len(content.buildings) == len(default.buildings) + 1
    assert content.settings["setup"]["cubes"] == 30
    assert content.settings["setup"]["offer"] == 5


# ------------------------------------------------------------ fingerprint --


def test_default_fingerprint_is_stable(default: Content) -> None:
    again = load_content(cache=False)
    assert again is not default
    assert again.fingerprint == default.fingerprint
    assert len(default.fingerprint) == 16
    assert again.buildings == default.buildings


def test_fingerprint_follows_meaning_not_layout(tmp_path: Path, default: Content) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(default_content_dir(), copy)
    file = copy / "game.yaml"
    file.write_text("# a comment changes nothing\n" + file.read_text("utf-8"), "utf-8")
    assert load_content(copy, cache=False).fingerprint == default.fingerprint
    text = file.read_text("utf-8")
    file.write_text(text.replace("  cubes: 25", "  cubes: 26", 1), "utf-8")
    assert "cubes: 26" in file.read_text("utf-8")
    assert load_content(copy, cache=False).fingerprint != default.fingerprint


# ------------------------------------------------------------------ cache --


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private disk cache and an empty memory cache."""
    monkeypatch.delenv("BALDURS_RULES_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(loader, "_MEMORY", {})
    return tmp_path / "xdg" / "baldurs_rules"


def test_cache_second_load_is_quick_and_equal(cache_home: Path, default: Content) -> None:
    start = time.perf_counter()
    first = load_content()
    first_time = time.perf_counter() - start
    start = time.perf_counter()
    second = load_content()
    second_time = time.perf_counter() - start
    assert second is first
    assert second.fingerprint == default.fingerprint
    assert second_time < 0.5
    assert second_time < first_time
    assert len(list(cache_home.glob("*.json"))) == 1


def test_cache_on_disk_survives_a_new_process(
    cache_home: Path, default: Content, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = load_content()
    monkeypatch.setattr(loader, "_MEMORY", {})  # as if in a new process
    monkeypatch.setattr(loader, "_load", lambda chain: pytest.fail("should come from disk"))
    from_disk = load_content()
    assert from_disk is not first
    assert from_disk.fingerprint == first.fingerprint == default.fingerprint
    assert from_disk.buildings == first.buildings


def test_cache_off_writes_nothing(cache_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BALDURS_RULES_CACHE", "0")
    load_content()
    assert not cache_home.exists()


def test_cache_false_loads_again(cache_home: Path, default: Content) -> None:
    fresh = load_content(cache=False)
    assert fresh is not default
    assert fresh.fingerprint == default.fingerprint
    assert not cache_home.exists()
    assert loader._MEMORY == {}


def test_cache_sees_changed_files(cache_home: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(default_content_dir(), copy)
    before = load_content(copy)
    file = copy / "game.yaml"
    file.write_text(file.read_text("utf-8").replace("  cubes: 25", "  cubes: 27", 1), "utf-8")
    after = load_content(copy)
    assert after is not before
    assert after.settings["setup"]["cubes"] == 27
    assert after.fingerprint != before.fingerprint
    assert len(list(cache_home.glob("*.json"))) == 2
