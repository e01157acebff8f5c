"""Which build runs (``baldurs_rules._build``), as ``BUILD`` and ``bbg --version`` say.

CI runs the suite twice: from the checkout (the pure-Python package, editable) and
against a compiled wheel in a venv of its own, with ``BALDURS_RULES_EXPECT_BUILD``
set to ``pure`` or ``compiled``. Under that variable the tests here assert that the
build really is the one expected: that the hot path's modules were imported from
extension files (``.so``), not from the ``.py`` sources beside them, or the reverse.
"""

from __future__ import annotations

import json
import os
import sys
import types
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from click.testing import CliRunner

import baldurs_rules as br
from baldurs_rules import _build
from baldurs_rules.cli import main
from baldurs_rules.content import cache

ROOT = Path(__file__).resolve().parents[2]
EXPECT = os.environ.get("BALDURS_RULES_EXPECT_BUILD", "")
_NOTE_EXAMPLE = ROOT / "tests" / "samples" / "build" / "_build_note.json"  # a pure wheel's


def hot_path_modules() -> list[str]:
    """The module names pyproject.toml asks mypyc to compile."""
    tomllib = pytest.importorskip("tomllib")
    pyproject = ROOT / "pyproject.toml"
    if not pyproject.is_file():
        pytest.skip("no pyproject.toml beside the tests")
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    paths = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["compile"]
    return [p.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for p in paths]


def is_extension(module: types.ModuleType) -> bool:
    return str(module.__file__).endswith(tuple(EXTENSION_SUFFIXES))


def test_build_agrees_with_the_files_the_modules_were_loaded_from() -> None:
    modules = [import_module(name) for name in hot_path_modules()]
    loaded_compiled = {m.__name__ for m in modules if is_extension(m)}
    assert loaded_compiled <= set(_build.compiled_modules())
    assert (br.BUILD == _build.COMPILED) == bool(_build.COMPILED_MODULES)
    assert br.BUILD in (_build.COMPILED, _build.PURE)
    assert ("mypyc" if loaded_compiled else "pure") == _build.BUILD_TAG


@pytest.mark.skipif(EXPECT != "compiled", reason="set BALDURS_RULES_EXPECT_BUILD=compiled")
def test_the_compiled_build_runs_every_hot_path_module_from_its_extension() -> None:
    assert br.BUILD == "compiled (mypyc)"
    for name in hot_path_modules():
        module = import_module(name)
        assert is_extension(module), f"{name} was imported from {module.__file__}"
    assert "site-packages" in str(Path(br.__file__).resolve())
    assert _build.describe() == "compiled (mypyc)"


@pytest.mark.skipif(EXPECT != "pure", reason="set BALDURS_RULES_EXPECT_BUILD=pure")
def test_the_pure_build_runs_every_module_from_its_source() -> None:
    assert br.BUILD == "pure Python"
    for name in hot_path_modules():
        module = import_module(name)
        assert str(module.__file__).endswith(".py"), f"{name} came from {module.__file__}"
    assert _build.compiled_modules() == ()


def test_an_extension_file_beside_a_source_counts_as_compiled(tmp_path: Path) -> None:
    package = tmp_path / "baldurs_rules"
    (package / "rules").mkdir(parents=True)
    for source in ("__init__.py", "game.py", "rules/__init__.py", "rules/turn.py"):
        (package / source).write_text("", encoding="utf-8")
    for extension in ("game", "rules/__init__"):
        (package / f"{extension}{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    (package / "rules" / "turn.cpython-20-foreign.so").write_bytes(b"")  # not this Python's
    assert _build.compiled_modules(package) == ("baldurs_rules.game", "baldurs_rules.rules")


def test_a_module_already_imported_counts_by_the_file_it_came_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "baldurs_rules"
    package.mkdir()
    (package / "game.py").write_text("", encoding="utf-8")
    (package / f"game{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    loaded = types.ModuleType("baldurs_rules.game")
    loaded.__file__ = str(package / "game.py")  # imported before the extension appeared
    monkeypatch.setitem(sys.modules, "baldurs_rules.game", loaded)
    assert _build.compiled_modules(package) == ()


def test_the_install_note_says_why_a_wheel_is_pure(tmp_path: Path) -> None:
    note = tmp_path / "_build_note.json"
    note.write_text(json.dumps({"build": "pure", "reason": "no C compiler found"}), "utf-8")
    assert _build.install_note(note) == "no C compiler found"
    assert _build.describe(_build.PURE, note) == (
        "pure Python (the compiled build was skipped: no C compiler found)"
    )
    assert _build.describe(_build.COMPILED, note) == "compiled (mypyc)"


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"reason": 7}', ""])
def test_a_damaged_install_note_is_ignored(tmp_path: Path, text: str) -> None:
    note = tmp_path / "_build_note.json"
    note.write_text(text, encoding="utf-8")
    assert _build.install_note(note) == ""
    assert _build.describe(_build.PURE, note) == "pure Python"


def test_bbg_version_names_the_build() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0, result.output
    assert result.output == f"bbg, version {br.__version__}, {_build.describe()}\n"
    assert br.BUILD in result.output


def test_the_content_cache_key_includes_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    keys = set()
    for tag in ("pure", "mypyc"):
        monkeypatch.setattr(cache, "BUILD_TAG", tag)
        keys.add(cache.code_fingerprint.__wrapped__())  # the cached value is this process's
    assert len(keys) == 2


# ------------------------------------------------------------------ the same refusals
# Compiled, mypyc checks every argument against its annotation at the call and raises a
# bare TypeError; the public entry points that refuse bad values take ``object`` (or
# overloads) so that both builds give the same RulesError. CI runs this on both.
BAD_VALUES = [None, "x", 2.5, 99, [1]]
BAD_SEEDS = [None, "x", 2.5, [1]]
ENTRY_POINTS = {
    "new_game(players=)": (lambda game, v: br.new_game(players=v, seed=1), BAD_VALUES),
    "new_game(seed=)": (lambda game, v: br.new_game(players=2, seed=v), BAD_SEEDS),
    "apply": (lambda game, v: game.apply(v), BAD_VALUES),
    "parse_action": (lambda game, v: game.parse_action(v), BAD_VALUES),
    "describe": (lambda game, v: game.describe(v), BAD_VALUES),
    "view": (lambda game, v: game.view(v), BAD_VALUES),
    "determinize": (lambda game, v: game.determinize(v, 1), BAD_VALUES),
    "undo": (lambda game, v: game.undo(v), BAD_VALUES),
    "from_json": (lambda game, v: br.Game.from_json(v), BAD_VALUES),
    "replay": (lambda game, v: br.replay(v), BAD_VALUES),
}


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_bad_values_are_refused_with_a_rules_error_on_either_build(entry: str) -> None:
    call, values = ENTRY_POINTS[entry]
    game = br.new_game(players=2, seed=1)
    before = game.to_json()
    for value in values:
        with pytest.raises(br.RulesError):
            call(game, value)
    assert game.to_json() == before


def test_is_legal_says_no_to_anything_but_an_action_on_either_build() -> None:
    game = br.new_game(players=2, seed=1)
    assert [game.is_legal(v) for v in BAD_VALUES] == [False] * len(BAD_VALUES)
    assert game.is_legal(game.legal_actions()[0])


def test_the_performance_page_names_what_the_build_reports() -> None:
    page = ROOT / "docs" / "performance.md"
    if not page.is_file():
        pytest.skip("no docs/ beside the tests")
    text = page.read_text(encoding="utf-8")
    section = text[text.index("## The two builds") : text.index("## The benchmark")]
    said = [
        f'"{_build.COMPILED}"',
        f'"{_build.PURE}"',
        "BALDURS_RULES_PURE=1",
        "BALDURS_RULES_EXPECT_BUILD=compiled",
        "the compiled build was skipped: no C",
        "baldurs_rules/_build_note.json",
        "_build.BUILD_TAG",
        "_build.COMPILED_MODULES",
        ".ci/test-compiled",
        "hatch_build.py",
    ]
    assert [s for s in said if s not in section] == []
    assert "the compiled build was skipped" in _build.describe(_build.PURE, _NOTE_EXAMPLE)


def _printed_texts(script: Path) -> set[str]:
    """Every string literal of a script, f-strings included (their literal parts)."""
    import ast

    texts: set[str] = set()
    for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            texts.add(node.value)
    return texts


def test_the_performance_targets_name_lines_the_benchmarks_print() -> None:
    page = ROOT / "docs" / "performance.md"
    benchmarks = [ROOT / "benchmarks" / "bench.py", ROOT / "benchmarks" / "yardsticks.py"]
    if not page.is_file() or not all(b.is_file() for b in benchmarks):
        pytest.skip("no docs/ or benchmarks/ beside the tests")
    text = page.read_text(encoding="utf-8")
    table = text[text.index("### The targets") : text.index("### Where the time goes")]
    rows = [line for line in table.splitlines() if line.startswith("| ") and "`" in line]
    texts = set().union(*(_printed_texts(b) for b in benchmarks))
    assert len(rows) >= 8
    missing = []
    for row in rows:
        cell = row.rstrip(" |").rsplit("|", 1)[-1]
        for snippet in cell.split("`")[1::2]:
            for piece in snippet.replace("...", ": ").split(": "):
                piece = piece.strip()
                if piece and not any(piece in t for t in texts):
                    missing.append(piece)
    assert missing == [], "the targets table names lines the benchmarks do not print"
