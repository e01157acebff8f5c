"""What a mod changes: ``bbg content diff``, ``export --merged``, ``explain`` of a removed card.

Problem 4 of issue 23 replayed: a mod that adds a card, replaces one, removes one
and changes a number of game.yaml; every value compared is read from the default
content, never written here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from content_support import write

from baldurs_rules import Content, load_content
from baldurs_rules.cli import main
from baldurs_rules.content.diff import card_statuses, content_diff, diff_contents, merged_files


@pytest.fixture(scope="module")
def default() -> Content:
    return load_content()


@pytest.fixture
def mod(tmp_path: Path, default: Content) -> Path:
    """Adds a guild, replaces the first building (cost + 1, no flavor), removes an agenda."""
    first = next(iter(default.buildings.values()))
    removed = list(default.agendas)[-1]
    per_piece = default.settings["scoring"]["network_per_piece"]
    directory = tmp_path / "lamp"
    write(directory, "mod.yaml", f"name: Lamps\nremove:\n  agendas: [{removed}]\n")
    write(directory, "game.yaml", f"scoring: {{network_per_piece: {per_piece + 1}}}\n")
    write(
        directory,
        "buildings.yaml",
        f"""
        buildings:
          - id: lamplighters_guild
            name: The Lamplighters' Guild
            type: trading_hall
            cost: 4
            income: "pay 1 supply: gain 2 gold"
          - id: {first.id}
            name: {first.name}
            type: {first.type}
            cost: {first.cost + 1}
            when_built: "gain   1 gold"
        """,
    )
    return directory


def test_the_diff_lists_added_replaced_removed_and_numbers(mod: Path, default: Content) -> None:
    first = next(iter(default.buildings.values()))
    removed = list(default.agendas)[-1]
    diff = content_diff(mod)
    assert diff.name == "Lamps" and diff.base == "default"
    assert [(c.kind, c.id, c.status) for c in diff.cards] == [
        ("buildings", first.id, "replaced"),
        ("buildings", "lamplighters_guild", "added"),
        ("agendas", removed, "removed"),
    ]
    fields = {f.field: (f.before, f.after) for f in diff.cards[0].fields}
    assert fields["cost"] == (first.cost, first.cost + 1)
    assert "name" not in fields and "type" not in fields
    per_piece = default.settings["scoring"]["network_per_piece"]
    assert [(n.path, n.before, n.after) for n in diff.numbers] == [
        ("scoring.network_per_piece", per_piece, per_piece + 1)
    ]
    statuses = card_statuses(diff)
    assert statuses[removed] == "removed" and statuses["lamplighters_guild"] == "added"
    untouched = list(default.buildings)[1]
    assert statuses[untouched] == "unchanged"
    assert not diff.map_changed


def test_effects_compare_by_meaning_not_spacing(default: Content) -> None:
    assert diff_contents(default, default).cards == ()


def test_bbg_content_diff_prints_fields_and_card_text(mod: Path, default: Content) -> None:
    first = next(iter(default.buildings.values()))
    result = CliRunner().invoke(main, ["content", "diff", str(mod)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == (
        "Lamps: 1 added, 1 replaced, 1 removed, 1 value of game.yaml changed"
        " (against the default content)"
    )
    assert f"    cost: {first.cost} -> {first.cost + 1}" in lines
    assert sum(line.startswith(f"      {first.name} — ") for line in lines) == 2  # before, after
    assert lines.index("    before:") < lines.index("    after:")
    data = json.loads(CliRunner().invoke(main, ["content", "diff", str(mod), "--json"]).output)
    replaced = data["cards"][0]
    assert replaced["status"] == "replaced"
    assert replaced["text_before"][0].endswith(f"cost {first.cost} gold")
    assert replaced["text_after"][0].endswith(f"cost {first.cost + 1} gold")
    assert data["numbers"][0]["path"] == "scoring.network_per_piece"


def test_diff_of_a_full_content_is_an_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["content", "diff", str(tmp_path)])
    assert result.exit_code == 1
    assert "is not a mod" in result.output


def test_export_merged_loads_to_the_same_content(mod: Path, tmp_path: Path) -> None:
    out = tmp_path / "merged"
    result = CliRunner().invoke(main, ["content", "export", "--merged", str(mod), str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == sorted(merged_files(mod))
    assert load_content(out, cache=False).fingerprint == load_content(mod).fingerprint


def test_explain_a_removed_card_names_the_mod(mod: Path, default: Content) -> None:
    removed = default.agendas[list(default.agendas)[-1]]
    for text in (removed.id, removed.name):
        result = CliRunner().invoke(main, ["explain", text, "--content", str(mod)])
        assert result.exit_code == 1
        assert f"error: {removed.id!r} was removed by the mod 'Lamps'" in result.output
        assert f"{mod / 'mod.yaml'}:3:" in result.output
    unknown = CliRunner().invoke(main, ["explain", "no_such_card", "--content", str(mod)])
    assert "removed" not in unknown.output and unknown.exit_code == 1


def test_content_schema_writes_every_kind(tmp_path: Path) -> None:
    from jsonschema import Draft202012Validator

    from baldurs_rules.content import default_content_dir
    from baldurs_rules.content.chain import FILES
    from baldurs_rules.content.yamlio import read_yaml

    out = tmp_path / "schemas"
    result = CliRunner().invoke(main, ["content", "schema", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.stem for p in out.iterdir()) == sorted([*FILES, "mod"])
    for kind, name in FILES.items():
        schema = json.loads((out / f"{kind}.json").read_text("utf-8"))
        data = read_yaml(default_content_dir() / name).data
        assert not list(Draft202012Validator(schema).iter_errors(data)), kind
    broken = {"buildings": [{"id": "x", "name": "X", "type": "inn", "cost": "three"}]}
    schema = json.loads((out / "buildings.json").read_text("utf-8"))
    assert list(Draft202012Validator(schema).iter_errors(broken))
