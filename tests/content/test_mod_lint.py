"""No silent mistakes in a mod: misspelled ids are errors, suspect numbers and cards warnings.

Each problem of issue 23 replayed as written: a misspelled ``remove`` id, a
misspelled replacement, ``cost: 0`` and ``cost: 99``, a lone surrogate in a name.
The mods are built in temporary directories over the default content, and every
expected range is read from the default content, never written here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from content_support import problems_of, write

from baldurs_rules import Content, Problem, load_content
from baldurs_rules.cli import main
from baldurs_rules.content.lint import content_warnings, edit_distance


@pytest.fixture(scope="module")
def default() -> Content:
    return load_content()


def placed(problems: list[Problem]) -> list[tuple[str, int, int, str]]:
    return [
        (Path(p.location.file).name, p.location.line, p.location.column, p.message)
        for p in problems
        if p.location is not None
    ]


def column(file: Path, line: int, needle: str) -> int:
    """The 1-based column where ``needle`` starts on ``line`` of ``file``."""
    return file.read_text("utf-8").splitlines()[line - 1].index(needle) + 1


def an_agenda(default: Content) -> tuple[str, str]:
    agenda = next(iter(default.agendas.values()))
    return agenda.id, agenda.score.source


# ------------------------------------------------------- misspelled ids: errors


def test_a_misspelled_remove_id_is_an_error_with_a_suggestion(tmp_path: Path) -> None:
    mod = tmp_path / "m"
    write(mod, "mod.yaml", "name: M\nremove:\n  agendas: [dragons_hord]\n")
    (problem,) = problems_of(mod)
    assert placed([problem]) == [
        (
            "mod.yaml",
            3,
            13,
            "remove: the content this mod extends has no agenda 'dragons_hord';"
            " did you mean 'dragons_hoard'?",
        )
    ]
    assert problem.format().endswith("  agendas: [dragons_hord]\n            ^")


def test_a_misspelled_replacement_is_a_warning_and_an_error_when_declared(
    tmp_path: Path, default: Content
) -> None:
    assert "master_of_the_counting_tables" in default.agendas
    mod = tmp_path / "m"
    write(mod, "mod.yaml", "name: M\n")
    write(
        mod,
        "agendas.yaml",
        """
        agendas:
          - id: master_of_the_countingtables
            name: Master of the Counting-Tables
            score: "4 * count(markets)"
        """,
    )
    # undeclared: the content loads with one more agenda, and the warning says why
    assert len(load_content(mod, cache=False).agendas) == len(default.agendas) + 1
    (warning,) = content_warnings(mod)
    assert warning.is_warning
    assert placed([warning])[0][:3] == ("agendas.yaml", 2, 9)
    assert "did you mean to replace 'master_of_the_counting_tables'?" in warning.message
    assert warning.format().startswith(f"{mod / 'agendas.yaml'}:2:9: warning: new agenda")
    # declared with `replace`: the misspelled id is an error with its suggestion
    write(mod, "mod.yaml", "name: M\nreplace:\n  agendas: [master_of_the_countingtables]\n")
    (problem,) = problems_of(mod)
    assert placed([problem])[0][:3] == ("mod.yaml", 3, 13)
    assert "did you mean 'master_of_the_counting_tables'?" in problem.message


def test_a_declared_replacement_must_be_written_in_the_mod(tmp_path: Path) -> None:
    mod = tmp_path / "m"
    write(mod, "mod.yaml", "name: M\nreplace:\n  agendas: [dragons_hoard]\n")
    (problem,) = problems_of(mod)
    assert placed([problem]) == [
        (
            "mod.yaml",
            3,
            13,
            "replace: 'dragons_hoard' is not defined in this mod's agendas.yaml;"
            " write the whole card there",
        )
    ]


def test_a_correct_replacement_loads_without_warnings(tmp_path: Path, default: Content) -> None:
    ident, score = an_agenda(default)
    mod = tmp_path / "m"
    write(mod, "mod.yaml", f"name: M\nreplace:\n  agendas: [{ident}]\nremove:\n  gates: []\n")
    write(mod, "agendas.yaml", f"agendas:\n  - {{id: {ident}, name: X, score: {score!r}}}\n")
    assert load_content(mod, cache=False).agendas[ident].name == "X"
    assert content_warnings(mod) == []


def test_edit_distance() -> None:
    assert edit_distance("dragons_hord", "dragons_hoard") == 1
    assert edit_distance("abc", "abc") == 0
    assert edit_distance("kitten", "sitting") == 3


# ------------------------------------------------------- numbers: warnings


def test_costs_outside_the_base_range_are_warnings(tmp_path: Path, default: Content) -> None:
    costs = [b.cost for b in default.buildings.values()]
    low, high = min(costs), max(costs)
    assert low > 0 and high < 99
    mod = tmp_path / "m"
    write(mod, "mod.yaml", "name: M\n")
    write(
        mod,
        "buildings.yaml",
        f"""
        buildings:
          - {{id: free_hall, name: Free, type: market, cost: 0, when_built: "gain 1 gold"}}
          - {{id: dear_hall, name: Dear, type: market, cost: 99, when_built: "gain 1 gold"}}
          - {{id: fair_hall, name: Fair, type: market, cost: {low}, when_built: "gain 1 gold"}}
        """,
    )
    warnings = content_warnings(mod)
    assert [(w.location.line, w.location.column) for w in warnings if w.location] == [
        (2, column(mod / "buildings.yaml", 2, "0,")),
        (3, column(mod / "buildings.yaml", 3, "99")),
    ]
    assert warnings[0].message == (
        f"cost 0 is outside the {low}-{high} gold the buildings of the content this mod"
        " extends cost; is it meant?"
    )
    assert "cost 99 is outside" in warnings[1].message


def test_amounts_outside_the_base_range_are_warnings(tmp_path: Path, default: Content) -> None:
    mod = tmp_path / "m"
    write(mod, "mod.yaml", "name: M\n")
    write(
        mod,
        "gates.yaml",
        """
        gates:
          - id: golden_gate
            name: The Golden Gate
            income: "pay 1 supply: gain 500 prestige"
        """,
    )
    (warning,) = content_warnings(mod)
    assert placed([warning])[0][:3] == ("gates.yaml", 4, 33)
    assert warning.message.startswith("gain 500 prestige: the cards of the content this mod")


# ------------------------------------------------------- never played: warnings


def test_an_agenda_that_can_never_score_is_a_warning(tmp_path: Path) -> None:
    mod = tmp_path / "m"
    write(mod, "mod.yaml", "name: M\n")
    write(
        mod,
        "agendas.yaml",
        'agendas:\n  - {id: empty_purse, name: Empty, score: "min(gold, 0) - 1"}\n',
    )
    (warning,) = content_warnings(mod)
    assert placed([warning]) == [
        (
            "agendas.yaml",
            2,
            column(mod / "agendas.yaml", 2, '"min'),
            "agenda 'empty_purse' can never score: its score is at most -1",
        )
    ]


def test_a_building_without_tiles_and_an_ability_nobody_can_pay(tmp_path: Path) -> None:
    mod = tmp_path / "m"
    write(mod, "mod.yaml", "name: M\n")
    write(
        mod,
        "game.yaml",
        """
        resources:
          - {id: gold, name: gold, payable: true}
          - {id: supply, name: supply, payable: true}
          - {id: favor, name: favor, payable: true}
          - {id: lore, name: lore, payable: true}
          - {id: prestige, name: prestige, payable: false}
        tiles:
          - {id: inn, name: Inn, pile: 10, bonus: "gain 1 favor"}
          - {id: trading_hall, name: Trading Hall, pile: 10, bonus: "gain 1 supply"}
          - {id: market, name: Market, pile: 10, bonus: "gain 1 gold"}
          - {id: temple, name: Temple, pile: 10, bonus: "gain 1 influence with any faction"}
          - {id: library, name: Library, pile: 0, bonus: "gain 1 gold"}
        """,
    )
    write(
        mod,
        "buildings.yaml",
        """
        buildings:
          - {id: old_library, name: Old Library, type: library, cost: 3, when_built: "gain 1 gold"}
          - id: scriptorium
            name: Scriptorium
            type: temple
            cost: 3
            income: "pay 1 lore: gain 2 gold"
        """,
    )
    messages = [w.message for w in content_warnings(mod)]
    assert messages == [
        "building 'old_library' can never be built: there are no 'library' tiles"
        " (their pile in game.yaml is 0)",
        "this ability of 'scriptorium' can never be used: it costs 'lore',"
        " which nothing in the game gives",
    ]


def test_the_default_content_has_no_warnings() -> None:
    assert content_warnings() == []


# ------------------------------------------------------- text that is not UTF-8


def test_a_lone_surrogate_in_a_name_is_an_error_at_load(tmp_path: Path) -> None:
    mod = tmp_path / "m"
    write(mod, "mod.yaml", "name: M\n")
    write(
        mod,
        "buildings.yaml",
        r"""
        buildings:
          - id: ropewalk
            name: "The Ropewalk \ud800"
            type: trading_hall
            cost: 3
            when_built: "gain 2 supply"
        """,
    )
    problems = problems_of(mod)
    assert placed(problems)[0] == (
        "buildings.yaml",
        3,
        11,
        "text holds the lone surrogate U+D800, which cannot be encoded as UTF-8;"
        " write the character itself (or a \\U escape of it)",
    )
    result = CliRunner().invoke(main, ["explain", "ropewalk", "--content", str(mod)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "lone surrogate U+D800" in result.output


def test_a_control_character_in_a_name_is_an_error_at_load(tmp_path: Path) -> None:
    mod = tmp_path / "m"
    write(mod, "mod.yaml", "name: M\n")
    write(
        mod,
        "gates.yaml",
        'gates:\n  - {id: bell_gate, name: "Bell\\u0007Gate", income: "gain 1 gold"}\n',
    )
    assert placed(problems_of(mod))[0][:3] == (
        "gates.yaml",
        2,
        column(mod / "gates.yaml", 2, '"Bell'),
    )


# ------------------------------------------------------- bbg validate


def test_validate_prints_warnings_apart_and_strict_fails(tmp_path: Path) -> None:
    mod = tmp_path / "m"
    write(mod, "mod.yaml", "name: M\n")
    write(
        mod,
        "buildings.yaml",
        'buildings:\n  - {id: dear_hall, name: D, type: market, cost: 99, income: "gain 1 gold"}\n',
    )
    runner = CliRunner()
    result = runner.invoke(main, ["validate", str(mod)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    where = f"{mod / 'buildings.yaml'}:2:{column(mod / 'buildings.yaml', 2, '99')}"
    assert lines[0].startswith(f"{where}: warning: cost 99 is outside")
    assert lines[-2:] == [
        "1 warning",
        "ok: " + load_content(mod).summary()[4:],
    ]
    strict = runner.invoke(main, ["validate", "--strict", str(mod)])
    assert strict.exit_code == 1
    assert "1 warning" in strict.output
