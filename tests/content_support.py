"""Small helpers shared by the content tests: write a content or mod file, load and collect
the problems of a content that must not load.

Not a test module itself; the tests of any folder import it (pytest's ``pythonpath``).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from baldurs_rules import ContentError, Problem, load_content


def write(directory: Path, name: str, text: str) -> Path:
    """Write ``text`` (dedented, leading newlines dropped) as ``directory/name``; the file."""
    directory.mkdir(parents=True, exist_ok=True)
    file = directory / name
    file.write_text(textwrap.dedent(text).lstrip("\n"), "utf-8")
    return file


def problems_of(path: Path) -> list[Problem]:
    """The problems of a content that must not load (no cache: every load is checked)."""
    with pytest.raises(ContentError) as info:
        load_content(path, cache=False)
    assert info.value.problems, "a ContentError must carry at least one problem"
    return list(info.value.problems)
