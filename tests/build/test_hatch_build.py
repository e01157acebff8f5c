"""The build hook (``hatch_build.py``): compiled where it can be, pure Python otherwise.

The hook must never fail an install: each way of not compiling (asked for, editable,
no C compiler, not CPython, mypyc missing or failing) gives the pure wheel and a
warning. The successful compile of the real hot path is checked by CI, which builds
the compiled wheel and runs the whole suite on it (``BALDURS_RULES_WHEEL`` then
names that wheel for the content check at the end of this file).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "hatch_build.py").is_file():
    pytest.skip(
        "hatch_build.py is not beside the tests (a copy of tests/)", allow_module_level=True
    )
pytest.importorskip("hatchling")
sys.path.insert(0, str(ROOT))
import hatch_build as hb  # noqa: E402

sys.path.remove(str(ROOT))

SUFFIX = EXTENSION_SUFFIXES[0]


class RecordingApp:
    """Stands in for hatchling's Application: keeps what the hook displays."""

    def __init__(self) -> None:
        self.warnings: list[str] = []
        self.infos: list[str] = []

    def display_warning(self, message: str = "", **_: Any) -> None:
        self.warnings.append(message)

    def display_info(self, message: str = "", **_: Any) -> None:
        self.infos.append(message)


def make_hook(root: Path, config: dict[str, Any], target: str = "wheel") -> hb.MypycBuildHook:
    app = RecordingApp()
    return hb.MypycBuildHook(str(root), config, None, None, "", target, app)  # type: ignore[arg-type]


def new_build_data() -> dict[str, Any]:
    return {"force_include": {}, "artifacts": [], "pure_python": True, "infer_tag": False}


def run_hook(hook: hb.MypycBuildHook, version: str = "standard") -> tuple[dict[str, Any], dict]:
    """Initialize the hook; the build data and the note it would ship (or {})."""
    data = new_build_data()
    hook.initialize(version, data)
    notes = [src for src, dst in data["force_include"].items() if dst == hb.NOTE]
    note = json.loads(Path(notes[0]).read_text(encoding="utf-8")) if notes else {}
    hook.finalize(version, data, "")
    return data, note


def tiny_project(root: Path, body: str) -> Path:
    package = root / "baldurs_rules"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "tiny.py").write_text(body, encoding="utf-8")
    return root


# ------------------------------------------------------------------ the reasons
@pytest.mark.parametrize("value", ["1", "yes"])
def test_the_environment_variable_forces_a_pure_build(value: str) -> None:
    reason = hb.pure_reason("standard", {"BALDURS_RULES_PURE": value})
    assert reason == f"BALDURS_RULES_PURE={value} asks for a pure-Python build"


def test_an_editable_build_is_pure() -> None:
    assert hb.pure_reason("editable", {}) == "an editable install runs the sources as they are"


def test_a_missing_c_compiler_is_a_reason_to_stay_pure() -> None:
    reason = hb.pure_reason("standard", {"CC": "/nonexistent/bin/cc -O2"})
    assert reason is not None and reason.startswith("no C compiler found")
    assert hb.find_c_compiler({"CC": "/nonexistent/bin/cc"}) is None
    assert hb.find_c_compiler({"CC": f"{sys.executable} -O2"}) == sys.executable


def test_another_python_implementation_stays_pure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hb.platform, "python_implementation", lambda: "PyPy")
    assert hb.pure_reason("standard", {}) == "mypyc compiles for CPython, not PyPy"


def test_zero_or_empty_does_not_ask_for_pure() -> None:
    compiler = {"CC": sys.executable}  # any existing program will do for the lookup
    assert hb.pure_reason("standard", {"BALDURS_RULES_PURE": "0", **compiler}) is None
    assert hb.pure_reason("standard", {"BALDURS_RULES_PURE": "", **compiler}) is None


# ------------------------------------------------------------------ the hook
def test_compiling_needs_mypy_and_setuptools_but_a_pure_build_needs_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = {"compiler-requires": ["mypy>=2.4,<3", "setuptools>=70"]}
    monkeypatch.setenv("CC", sys.executable)
    monkeypatch.delenv("BALDURS_RULES_PURE", raising=False)
    assert make_hook(ROOT, config).dependencies() == ["mypy>=2.4,<3", "setuptools>=70"]
    monkeypatch.setenv("BALDURS_RULES_PURE", "1")
    assert make_hook(ROOT, config).dependencies() == []


def test_an_editable_build_compiles_nothing_and_writes_no_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("BALDURS_RULES_PURE", raising=False)
    hook = make_hook(ROOT, {"compile": ["baldurs_rules/game.py"]})
    data, note = run_hook(hook, "editable")
    assert data == new_build_data()
    assert note == {}
    assert hook.app.warnings == []


def test_a_pure_request_gives_a_pure_wheel_with_a_warning_and_a_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BALDURS_RULES_PURE", "1")
    hook = make_hook(ROOT, {"compile": ["baldurs_rules/game.py"]})
    data, note = run_hook(hook)
    assert data["pure_python"] is True and data["infer_tag"] is False
    assert list(data["force_include"].values()) == [hb.NOTE]
    assert note == {"build": "pure", "reason": "BALDURS_RULES_PURE=1 asks for a pure-Python build"}
    assert hook.app.warnings == [
        "baldurs_rules: building pure Python: BALDURS_RULES_PURE=1 asks for a pure-Python build"
    ]


def test_other_targets_are_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BALDURS_RULES_PURE", raising=False)
    data, note = run_hook(make_hook(ROOT, {"compile": ["x.py"]}, target="sdist"))
    assert data == new_build_data() and note == {}


def test_a_mypyc_error_gives_a_pure_wheel_that_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("BALDURS_RULES_PURE", raising=False)
    monkeypatch.setenv("CC", sys.executable)
    root = tiny_project(tmp_path / "project", 'def half(n: int) -> int:\n    return "n"\n')
    hook = make_hook(root, {"compile": ["baldurs_rules/tiny.py"], "mypy-args": ["--config-file="]})
    data, note = run_hook(hook)
    assert data["pure_python"] is True
    assert list(data["force_include"].values()) == [hb.NOTE]
    assert note["build"] == "pure"
    assert note["reason"].startswith("compiling failed: mypyc exited with status")
    (warning,) = hook.app.warnings
    assert 'Incompatible return value type (got "str", expected "int")' in warning
    assert "baldurs_rules/tiny.py:2" in warning


def test_a_compile_error_is_caught_in_the_hook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: Any) -> dict[str, str]:
        raise hb.CompileError("gcc: fatal error: no input files")

    monkeypatch.delenv("BALDURS_RULES_PURE", raising=False)
    monkeypatch.setenv("CC", sys.executable)
    monkeypatch.setattr(hb, "compile_modules", broken)
    data, note = run_hook(make_hook(tmp_path, {"compile": ["baldurs_rules/game.py"]}))
    assert data["pure_python"] is True
    assert note == {"build": "pure", "reason": "compiling failed: gcc: fatal error: no input files"}


def test_a_module_without_its_extension_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "baldurs_rules").mkdir()
    (tmp_path / "baldurs_rules" / f"game{SUFFIX}").write_bytes(b"")
    with pytest.raises(hb.CompileError, match=r"no extension for baldurs_rules/turn\.py"):
        hb.built_extensions(tmp_path, ["baldurs_rules/game.py", "baldurs_rules/turn.py"])


def test_the_extensions_and_the_shared_library_go_to_their_wheel_paths(tmp_path: Path) -> None:
    files = [
        f"baldurs_rules/game{SUFFIX}",
        f"baldurs_rules/rules/__init__{SUFFIX}",
        f"79ce159e__mypyc{SUFFIX}",
        f"build/lib/79ce159e__mypyc{SUFFIX}",  # setuptools' copy, not for the wheel
    ]
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"")
    built = hb.built_extensions(
        tmp_path, ["baldurs_rules/game.py", "baldurs_rules/rules/__init__.py"]
    )
    assert built == {str(tmp_path / name): name for name in files[:3]}


@pytest.mark.slow
def test_a_small_module_compiles_and_imports_as_an_extension(tmp_path: Path) -> None:
    if hb.find_c_compiler(os.environ) is None:
        pytest.skip("no C compiler")
    pytest.importorskip("mypyc")
    root = tiny_project(tmp_path / "project", "def half(n: int) -> int:\n    return n // 2\n")
    hook = make_hook(root, {"compile": ["baldurs_rules/tiny.py"], "mypy-args": ["--config-file="]})
    data = new_build_data()
    hook.initialize("standard", data)
    try:
        assert data["pure_python"] is False and data["infer_tag"] is True
        site = tmp_path / "site"
        for source, target in data["force_include"].items():
            (site / target).parent.mkdir(parents=True, exist_ok=True)
            (site / target).write_bytes(Path(source).read_bytes())
        (site / "baldurs_rules" / "tiny.py").write_text("raise SystemExit('source ran')\n")
        (site / "baldurs_rules" / "__init__.py").write_text("")
    finally:
        hook.finalize("standard", data, "")
    code = "import baldurs_rules.tiny as t; print(t.half(9), t.__file__.endswith('.py'))"
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=site, capture_output=True, text=True, check=False
    )
    assert run.stdout.split() == ["4", "False"], run.stderr
    note = json.loads((site / hb.NOTE).read_text(encoding="utf-8"))
    assert note["build"] == "mypyc" and note["reason"] == ""


# ------------------------------------------------------------------ wheels
def wheel_problems(wheel: Path, compiled: bool) -> list[str]:
    """What is missing from a wheel of this checkout (every .py, the data, the extensions)."""
    names = set(zipfile.ZipFile(wheel).namelist())
    package = ROOT / "baldurs_rules"
    wanted = {p.relative_to(ROOT).as_posix() for p in package.rglob("*.py")}
    for data in (
        "grammar/effects.lark",
        "content/game.yaml",
        "content/buildings.yaml",
        "mods/tuned/mod.yaml",
        "mods/tuned/game.yaml",
    ):
        wanted.add(f"baldurs_rules/_data/{data}")
    if compiled:
        config = hb_config()
        wanted |= {m.removesuffix(".py") + SUFFIX for m in config["compile"]}
    problems = [f"missing {name}" for name in sorted(wanted - names)]
    if compiled != any(name.endswith("__mypyc" + SUFFIX) for name in names):
        problems.append("mypyc's shared library is " + ("missing" if compiled else "present"))
    return problems


def hb_config() -> dict[str, Any]:
    tomllib = pytest.importorskip("tomllib")
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]  # type: ignore[no-any-return]


@pytest.mark.slow
def test_a_pure_wheel_holds_every_source_file_and_the_data(tmp_path: Path) -> None:
    env = {**os.environ, "BALDURS_RULES_PURE": "1", "PIP_NO_INDEX": "1"}
    command = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
    run = subprocess.run(
        [*command, "-w", str(tmp_path), str(ROOT)], env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr
    (wheel,) = tmp_path.glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    assert wheel_problems(wheel, compiled=False) == []
    note = json.loads(zipfile.ZipFile(wheel).read(hb.NOTE))
    assert note["reason"] == "BALDURS_RULES_PURE=1 asks for a pure-Python build"


@pytest.mark.skipif(
    not os.environ.get("BALDURS_RULES_WHEEL"), reason="set BALDURS_RULES_WHEEL to a compiled wheel"
)
def test_the_compiled_wheel_holds_the_extensions_every_source_file_and_the_data() -> None:
    wheel = Path(os.environ["BALDURS_RULES_WHEEL"])
    assert f"-cp{sys.version_info[0]}{sys.version_info[1]}-" in wheel.name
    assert wheel_problems(wheel, compiled=True) == []
    note = json.loads(zipfile.ZipFile(wheel).read(hb.NOTE))
    assert note["build"] == "mypyc"
