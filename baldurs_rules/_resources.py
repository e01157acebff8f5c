"""Where the grammar, the default content and the bundled mods live, installed or in a checkout.

A wheel carries them as ``baldurs_rules/_data/{grammar,content,mods}``; a source
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


def bundled_mods() -> dict[str, Path]:
    """The mods shipped with the library, by name (a directory of ``mods/`` with a ``mod.yaml``).

    Examples:
        >>> sorted(bundled_mods())
        ['tuned']
    """
    root = _find("mods")
    return {
        entry.name: entry
        for entry in sorted(root.iterdir())
        if entry.is_dir() and (entry / "mod.yaml").is_file()
    }
