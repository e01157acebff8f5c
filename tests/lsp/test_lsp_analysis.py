"""The language server's analysis without the protocol: ranges, hover, completion, definition."""

from __future__ import annotations

from pathlib import Path

from baldurs_rules import load_content
from baldurs_rules.lsp.analysis import Workbench, utf16_column


def _mod(tmp_path: Path) -> Path:
    mod = tmp_path / "m"
    mod.mkdir()
    (mod / "mod.yaml").write_text("name: M\n", "utf-8")
    (mod / "buildings.yaml").write_text(
        "buildings:\n"
        "  - id: guild_hall\n"
        "    name: Guild Hall\n"
        "    type: market\n"
        "    cost: 4\n"
        '    income: "pay 1 supply: gain 2 gold"\n',
        "utf-8",
    )
    return mod


def test_diagnostics_cover_the_word_and_count_utf16(tmp_path: Path) -> None:
    mod = _mod(tmp_path)
    bench = Workbench()
    file = (mod / "buildings.yaml").resolve()
    bench.texts[file] = (
        (mod / "buildings.yaml")
        .read_text("utf-8")
        .replace("name: Guild Hall", "name: Guild Hall 𝔊")
        .replace("gain 2 gold", "gain 2 gould")
    )
    found = bench.check(mod)
    assert sorted(p.name for p in found) == ["buildings.yaml", "mod.yaml"]
    (diagnostic,) = found[file]
    line = bench.texts[file].splitlines()[5]
    start = line.index("gould")
    assert diagnostic.severity == "error"
    assert "did you mean 'gold'?" in diagnostic.message
    assert (diagnostic.place.line, diagnostic.place.column, diagnostic.place.end_column) == (
        5,
        start,
        start + len("gould"),
    )
    assert utf16_column("a𝔊b", 2) == 3  # a character past U+FFFF counts two units


def test_warnings_are_diagnostics_too(tmp_path: Path) -> None:
    mod = _mod(tmp_path)
    bench = Workbench()
    file = (mod / "buildings.yaml").resolve()
    bench.texts[file] = (mod / "buildings.yaml").read_text("utf-8").replace("cost: 4", "cost: 99")
    (diagnostic,) = bench.check(mod)[file]
    assert diagnostic.severity == "warning" and diagnostic.message.startswith("cost 99 is outside")


def test_completion_by_field_and_in_mod_yaml(tmp_path: Path) -> None:
    mod = _mod(tmp_path)
    default = load_content()
    removed = next(iter(default.agendas))
    (mod / "mod.yaml").write_text(f"name: M\nremove:\n  agendas: [{removed}]\n", "utf-8")
    bench = Workbench()
    buildings = mod / "buildings.yaml"
    types = {c.label for c in bench.complete(buildings, 3, 10)}
    assert types == {t.id for t in default.tiles}
    effect = {c.label for c in bench.complete(buildings, 5, 20)}
    assert {"pay", "gain", "supply", "markets"} <= effect
    in_manifest = {c.label for c in bench.complete(mod / "mod.yaml", 2, 12)}
    assert removed in in_manifest  # the cards of the content the mod extends


def test_hover_and_definition_of_an_id(tmp_path: Path) -> None:
    mod = _mod(tmp_path)
    bench = Workbench()
    buildings = mod / "buildings.yaml"
    hover = bench.hover(buildings, 1, 10)
    assert hover is not None and "Guild Hall — market, cost 4 gold" in hover
    place = bench.definition(buildings, 1, 10)
    assert place is not None and place.file == buildings.resolve()
    assert (place.line, place.column, place.end_column) == (1, 8, 8 + len("guild_hall"))
    assert bench.hover(buildings, 0, 0) is None and bench.definition(buildings, 4, 2) is None
