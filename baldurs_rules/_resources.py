"""Where the grammar and the default content live, installed or in a checkout.

A wheel carries them as ``baldurs_rules/_data/{grammar,content}``; a source
checkout (or an editable install) has them at the top of the repository.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"cannot find the {name!r} directory of baldurs_rules")


def grammar_path() -> Path:
    """The path of ``effects.lark``."""
    return _find("grammar") / "effects.lark"


def default_content_dir() -> Path:
    """The directory of the default content shipped with the library."""
    return _find("content")


def schema_dir() -> Path:
    """The directory of the JSON Schemas of the content kinds."""
    return _PACKAGE / "schemas"
