"""docs/play.md: its outputs are written by `python -m tools.docgen.play_transcript`."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    from tools.docgen import play_transcript

    return play_transcript


def test_the_page_is_what_the_script_writes(tool: ModuleType) -> None:
    page = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    assert tool.render(page) == page, "run: python -m tools.docgen.play_transcript"


def test_a_hand_edit_is_caught(tool: ModuleType) -> None:
    page = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    winner = re.search(r"with (\d+) prestige", page)
    assert winner is not None
    edited = page.replace(winner.group(0), f"with {int(winner.group(1)) + 1} prestige", 1)
    assert edited != page and tool.render(edited) != edited
    with pytest.raises(SystemExit, match="no place for the parts"):
        tool.render(
            re.sub(r"<!-- generated: options -->.*?<!-- end: options -->", "", page, flags=re.S)
        )


def test_the_page_is_in_the_site_and_names_every_command() -> None:
    from baldurs_rules.cli.play import COMMANDS

    assert "play.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    page = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    assert all(f"| `{name}` |" in page for name in COMMANDS)
    assert "/work/" not in page and "wt-frontend" not in page  # nothing of this machine
