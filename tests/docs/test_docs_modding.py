"""docs/modding.md, walked literally: its files written, its commands run, its outputs compared.

A reader copies the guide into an empty directory: every titled code block is a file
(``title="lamplighters/mod.yaml"``), written when the page reaches it; every ``$ bbg ...``
line of a console block is run with the installed ``bbg`` in that directory, and what it
prints must be what the guide shows under it; every Python snippet with an output block
is run in one namespace and must print that output. A ``...`` line in a shown output
stands for any lines. What a command prints is its stdout, plus its stderr when it fails
(a successful command's stderr is a progress bar with timings); the installed content's
directory is shown as ``<site-packages>/...``.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "modding.md"
BLOCK = re.compile(r'^```(\w+)(?: title="([^"]+)")?\n(.*?)^```$', re.S | re.M)
INSTALLED = "<site-packages>/baldurs_rules/_data/content"


def _bbg() -> str:
    found = Path(sys.executable).with_name("bbg")
    return str(found) if found.exists() else shutil.which("bbg") or pytest.fail("no bbg installed")


@cache
def _installed_content() -> str:
    """Where the ``bbg`` that runs finds its built-in content (``bbg content --path``)."""
    done = subprocess.run([_bbg(), "content", "--path"], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def _portable(text: str) -> str:
    from baldurs_rules.content import default_content_dir

    for place in {_installed_content(), str(default_content_dir())}:
        text = text.replace(place, INSTALLED)
    return text


def _printed(command: str, folder: Path) -> str:
    args = shlex.split(command)
    assert args[0] == "bbg", f"the guide's console blocks run bbg only: {command!r}"
    env = {**os.environ, "COLUMNS": "80", "LINES": "40"}
    done = subprocess.run(
        [_bbg(), *args[1:]], cwd=folder, env=env, capture_output=True, text=True, timeout=300
    )
    return _portable(done.stdout + (done.stderr if done.returncode else ""))


def matches(shown: list[str], printed: list[str]) -> bool:
    """``printed`` is ``shown``, where a ``...`` line of ``shown`` stands for any lines."""
    if not shown:
        return not printed
    if shown[0] == "...":
        return any(matches(shown[1:], printed[i:]) for i in range(len(printed) + 1))
    return bool(printed) and printed[0] == shown[0] and matches(shown[1:], printed[1:])


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.rstrip("\n").splitlines()]


def _console(body: str, folder: Path) -> list[str]:
    """The commands of a console block whose output differs from what they print."""
    wrong, chunks = [], re.split(r"^\$ (.*)\n", body, flags=re.M)
    for command, shown in zip(chunks[1::2], chunks[2::2], strict=True):
        printed = _printed(command, folder)
        if not matches(_lines(shown), _lines(printed)):
            wrong.append(f"$ {command}\n--- the guide shows:\n{shown}--- it prints:\n{printed}")
    return wrong


def _python(code: str, shown: str, namespace: dict[str, object], folder: Path) -> list[str]:
    printed = io.StringIO()
    before = Path.cwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(code, str(PAGE), "exec"), namespace)
    finally:
        os.chdir(before)
    if matches(_lines(shown), _lines(_portable(printed.getvalue()))):
        return []
    return [f"{code}--- the guide shows:\n{shown}--- it prints:\n{printed.getvalue()}"]


def walk(page: str, folder: Path) -> tuple[list[str], int]:
    """Follow ``page`` in ``folder``; (what differs, how many outputs were compared)."""
    wrong: list[str] = []
    compared, namespace = 0, {"__name__": "__guide__"}
    blocks = list(BLOCK.finditer(page))
    for i, block in enumerate(blocks):
        language, title, body = block.groups()
        if title:
            (folder / title).parent.mkdir(parents=True, exist_ok=True)
            (folder / title).write_text(body, encoding="utf-8")
        elif language == "console":
            wrong += _console(body, folder)
            compared += body.count("\n$ ") + body.startswith("$ ")
        elif language == "python" and i + 1 < len(blocks) and blocks[i + 1].group(1) == "text":
            between = page[block.end() : blocks[i + 1].start()]
            if between.strip() == "":
                wrong += _python(body, blocks[i + 1].group(3), namespace, folder)
                compared += 1
    return wrong, compared


def test_the_guide_walked_literally_prints_what_it_shows(tmp_path: Path) -> None:
    wrong, compared = walk(PAGE.read_text(encoding="utf-8"), tmp_path)
    assert not wrong, "\n\n".join(wrong) + "\n(run: python -m tools.docgen modding.md)"
    assert compared >= 12  # every command and snippet of the guide, not a few
    assert (tmp_path / "lamplighters" / "mod.yaml").is_file()
    assert (tmp_path / "broken" / "mod.yaml").is_file()
    assert (tmp_path / "lamp.csv").is_file() and (tmp_path / "mycopy" / "game.yaml").is_file()


def test_a_wrong_output_in_the_guide_is_caught(tmp_path: Path) -> None:
    page = PAGE.read_text(encoding="utf-8")
    summary = re.search(r"(\$ bbg validate lamplighters\nok: \d+ lots, )(\d+)( buildings)", page)
    assert summary is not None
    edited = page.replace(summary.group(0), summary.group(1) + "7" + summary.group(3), 1)
    start = edited.index("## 1. Make a mod directory")  # only the files and the command it needs
    end = edited.index("### Reading errors")
    wrong, compared = walk(edited[start:end], tmp_path)
    assert compared == 1 and len(wrong) == 1 and "7 buildings" in wrong[0]


def test_the_guide_says_where_the_default_content_is() -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert "$ bbg content --path\n" in page and "$ bbg content export " in page
    assert '```yaml title="broken/mod.yaml"' in page
    assert "/work/" not in page and "wt-docs" not in page  # nothing of this machine


def test_dots_stand_for_any_lines_and_nothing_else() -> None:
    assert matches(["a", "...", "z"], ["a", "b", "c", "z"])
    assert matches(["a", "...", "z"], ["a", "z"])
    assert not matches(["a", "...", "z"], ["a", "b"])
    assert not matches(["a", "b"], ["a", "b", "c"])
    assert not matches(["a"], ["b"])
